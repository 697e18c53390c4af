"""The voyage's chart is a map (issue 20, part 5): the coast file made from Natural Earth loads,
every port lies on water by its coast at its real place, every route the ship sails stays on
water, the names beside the ports do not overlap, the paper is drawn once per size, and a
missing or broken map leaves plain water and one notice."""

import json
import math

import pygame
import pytest

from game import geo
from game.app import App
from game.levels import load_levels, load_voyages, parse_level
from game.render import chart as chart_art
from game.scenes.campaign.chart import VoyageScene
from game.scenes.common.title import TitleScene

from .test_levels import level
from .test_scenes import frames


@pytest.fixture(scope="module")
def coast():
    return geo.load_coast()


@pytest.fixture(scope="module")
def shipped():
    levels, problems = load_levels()
    assert not problems
    return {lv.id: lv for lv in levels}


SEA_AREAS = {"flying-dutchman"}     # a battle in the open Bay of Biscay, not a harbour


@pytest.fixture(scope="module")
def voyages():
    found, problems = load_voyages()
    assert not problems
    return {v.id: v for v in found}


def near_land(coast, lon, lat, reach):
    return any(coast.on_land(lon + reach * math.cos(a) / math.cos(math.radians(lat)),
                             lat + reach * math.sin(a))
               for a in (k * math.pi / 12 for k in range(24)))


def test_the_coast_file_loads_with_land_and_water_where_they_are(coast):
    assert len(coast.land) > 50
    for lon, lat in [(2.35, 48.85), (37.6, 55.75), (-3.7, 40.4), (18.07, 59.33 - 0.2),
                     (12.5, 41.9), (10.0, 36.8)]:       # Paris, Moscow, Madrid, Sweden, Rome, Tunis
        assert coast.on_land(lon, lat), (lon, lat)
    for lon, lat in [(3.0, 56.0), (19.0, 57.5), (5.0, 40.0), (34.0, 43.0), (-10.0, 45.0),
                     (20.5, 63.0)]:     # North Sea, Baltic, Med, Black Sea, Biscay, Bothnia
        assert not coast.on_land(lon, lat), (lon, lat)
    for lon, lat in [(-19.0, 64.8), (17.0, 78.7), (55.0, 72.5), (-25.0, 74.0)]:
        assert coast.on_land(lon, lat), (lon, lat)      # Iceland, Spitsbergen, Novaya Zemlya, Greenland
    for lon, lat in [(0.0, 72.0), (40.0, 73.0), (38.0, 65.5), (-15.0, 67.5)]:
        assert not coast.on_land(lon, lat), (lon, lat)  # Norwegian, Barents, White Sea, off Iceland
    assert geo.COAST_FILE.stat().st_size < 200_000


def test_every_port_lies_on_water_by_its_coast(coast, shipped):
    assert len(shipped) == 32      # 28 ports of issue 22 and the four arsenal ports (issue 36)
    for lv in shipped.values():
        assert lv.at is not None, lv.id
        assert not coast.on_land(*lv.at), lv.id
        reach = 2.0 if lv.id in SEA_AREAS else 0.3
        assert near_land(coast, *lv.at, reach), lv.id


def test_the_ports_are_at_their_real_places_on_the_chart(shipped):
    view = geo.ChartView((0, 0, 640, 640), [lv.at for lv in shipped.values()])
    x = {k: view.to_screen(*lv.at) for k, lv in shipped.items()}
    assert x["first-lesson"][0] > x["old-boatswain"][0]       # Kronstadt east of Tallinn
    assert x["arctic-mines"][1] < x["sixteen-sea"][1]         # Tromsø north of Trondheim
    assert x["lisbon-commodore"][0] < x["corsair-strait"][0]  # Lisbon west of Gibraltar
    assert x["voyage-end"][1] < x["moving-ships"][1]          # Odesa north of Istanbul
    assert x["longyearbyen"][1] < x["bear-island"][1] < x["hammerfest"][1]   # Svalbard, north to south
    assert x["hvalfjordur"][0] < x["seydisfjordur"][0] < x["polyarny"][0]    # Iceland west of Kola
    for lv in shipped.values():                               # all on the chart
        assert 0 <= x[lv.id][0] <= 640 and 0 <= x[lv.id][1] <= 640


def test_the_projection_goes_there_and_back():
    view = geo.ChartView((10, 20, 600, 650), [(-9.0, 36.0), (30.0, 70.0)])
    for place in [(-9.15, 38.69), (29.7, 59.99), (18.98, 69.65), (14.53, 35.9)]:
        back = view.to_place(*view.to_screen(*place))
        assert back == pytest.approx(place, abs=1e-9)


def test_every_route_stays_on_water(coast, shipped, voyages):
    views = [geo.ChartView((0, 0, 1600, 1600), [lv.at for lv in shipped.values()])]
    for v in voyages.values():     # and on each voyage's own chart
        ports = [lv.at for lv in shipped.values() if lv.voyage == v.id]
        views.append(geo.ChartView((0, 0, 1600, 1600), ports, projection=geo.Conic(*v.chart)))
    assert len(views) == 3
    for view in views:
        for lv in shipped.values():
            for other in lv.unlocks:
                way = [lv.at, *lv.route.get(other, ()), shipped[other].at]
                for a, b in zip(way, way[1:]):
                    assert geo.land_along(coast, view, a, b, step=1.0) is None, (lv.id, other, a, b)


def test_each_voyage_sails_on_by_route_from_port_to_port(shipped, voyages):
    """Every port of a voyage but its last opens the next port of the same voyage and names
    the way there; the last port opens nothing."""
    assert set(voyages) == {"europe", "arctic"}
    for v in voyages.values():
        ports = sorted((lv for lv in shipped.values() if lv.voyage == v.id), key=lambda lv: lv.order)
        assert len(ports) >= (18 if v.id == "europe" else 9)
        assert ports[-1].unlocks == ()
        for lv in ports[:-1]:
            assert lv.unlocks and all(shipped[o].voyage == v.id for o in lv.unlocks), lv.id
            assert set(lv.route) == set(lv.unlocks), lv.id


def test_a_route_over_land_is_found(coast):
    view = geo.ChartView((0, 0, 1600, 1600), [(-9.0, 36.0), (30.0, 70.0)])
    hit = geo.land_along(coast, view, (3.0, 56.0), (19.0, 57.5))     # across Denmark
    assert hit is not None and coast.on_land(*hit)


def test_a_level_names_its_place_and_route_or_is_told_why():
    lv, problems = parse_level(level("one", unlocks=["two"], at=[29.7, 59.99],
                                     route={"two": [[28.9, 59.97], [26.5, 59.85]]}), "one.json")
    assert not problems and lv.at == (29.7, 59.99)
    assert lv.route == {"two": ((28.9, 59.97), (26.5, 59.85))}
    _, problems = parse_level(level("one", at=[200, 10]), "one.json")
    assert "key 'at': expected [longitude, latitude]" in str(problems[0])
    _, problems = parse_level(level("one", unlocks=["two"], route={"three": [[1, 2]]}),
                              "one.json")
    assert "key 'route.three': expected the id of a level this one unlocks" in str(problems[0])
    _, problems = parse_level(level("one", unlocks=["two"], route={"two": [[1]]}), "one.json")
    assert "key 'route.two'" in str(problems[0])


def chart_at(size, lang="en"):
    app = App(size=size, seed=3)
    app.settings.language = lang
    app.apply_settings()
    app.scenes.push(TitleScene(app))
    chart = app.scenes.push(VoyageScene(app))
    frames(app, 3)
    return app, chart


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_names_beside_the_ports_overlap_nothing(home, size, lang):
    app, chart = chart_at(size, lang)
    labels = chart.pane.labels
    assert len(labels) == len(chart.pane.ports) >= 18     # the ports of the voyage on the chart
    r = chart.pane.port_r
    for i, box in enumerate(labels):
        assert chart.chart.contains(box), i
        for j, other in enumerate(labels[i + 1:], i + 1):
            assert not box.colliderect(other), (i, j)
        for j, (x, y) in enumerate(chart.pane.ports):
            assert not box.colliderect(pygame.Rect(x - r, y - r, 2 * r, 2 * r)), (i, j)
    app.quit()


@pytest.mark.parametrize("size", [(1280, 720), (800, 600)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pins_stars_names_and_the_resting_ship_never_lie_on_each_other(home, size, lang):
    """Issue 33: close ports (Kronstadt and Tallinn, Göteborg and Copenhagen) had one port's
    stars on the next one's pin, and the ship resting at a port on its neighbour's marks. On
    every voyage's chart: no pin, row of stars or name lies on another's, and the ship
    resting at a port covers none of them."""
    app, chart = chart_at(size, lang)
    for shown in range(len(chart.voyages)):
        chart.shown = shown
        chart.layout()
        pane = chart.pane
        r = pane.port_r
        things = []                    # (port, what, rect)
        for i, (x, y) in enumerate(pane.ports):
            things.append((i, "pin", pygame.Rect(int(x - r), int(y - r), int(2 * r) + 1,
                                                 int(2 * r) + 1)))
            things.append((i, "stars", pane.star_box(i)))
            things.append((i, "name", pane.labels[i]))
        for n, (i, what, box) in enumerate(things):
            assert chart.chart.contains(box), (shown, i, what)
            for j, other, rect in things[n + 1:]:
                if i != j:
                    assert not box.colliderect(rect), (shown, i, what, j, other)
        for i in range(len(pane.ports)):
            ship = pane.ship_box(i)
            assert chart.chart.contains(ship), (shown, i, "ship")
            assert [(j, what) for j, what, rect in things if ship.colliderect(rect)] == [], \
                (shown, i, "ship")
    app.quit()


def test_the_paper_is_drawn_once_per_size(home):
    view = geo.ChartView((0, 0, 300, 320), [(-9.0, 36.0), (30.0, 70.0)])
    coast = geo.load_coast()
    first = chart_art.chart_sheet(view, coast, "Chart", "sub", 16)
    assert chart_art.chart_sheet(view, coast, "Chart", "sub", 16) is first
    bigger = geo.ChartView((0, 0, 400, 420), [(-9.0, 36.0), (30.0, 70.0)])
    other = chart_art.chart_sheet(bigger, coast, "Chart", "sub", 16)
    assert other is not first and other.get_size() == (400, 420)
    # land and sea differ on the paper: Paris is land-coloured, the North Sea is not
    paris = first.get_at(tuple(int(v) for v in view.to_screen(2.35, 48.85)))[:3]
    north_sea = first.get_at(tuple(int(v) for v in view.to_screen(3.0, 56.5)))[:3]
    assert paris[0] > north_sea[0] + 15


def test_the_chart_face_is_drawn_again_only_when_the_voyage_changes(home):
    app, chart = chart_at((800, 600))
    u = 0.625
    face = chart._chart_face(u)
    frames(app, 5)
    assert chart._chart_face(u) is face
    chart.voyage.progress.record(chart.voyage.levels[0].id, 2, {})
    assert chart._chart_face(u) is not face
    app.quit()


@pytest.mark.parametrize("content", [None, "{", json.dumps({"format": "other"}),
                                     json.dumps({"format": "seabattle-coast", "scale": 100,
                                                 "land": [[[1, 2, 3]]]})])
def test_a_missing_or_broken_map_leaves_plain_water_and_says_so_once(home, tmp_path,
                                                                     monkeypatch, content):
    path = tmp_path / "coast.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    with pytest.raises(geo.CoastError, match="coast.json"):
        geo.load_coast(path)
    monkeypatch.setattr(geo, "COAST_FILE", path)
    app, chart = chart_at((800, 600))
    assert chart.coast is None
    told = [m for m, _ in app.notices if "open water" in m]
    assert len(told) == 1 and "coast.json" in told[0]
    frames(app, 5)
    again = app.scenes.push(VoyageScene(app))          # a second chart: no second notice
    frames(app, 3)
    assert again.coast is None
    assert len([m for m, _ in app.notices if "open water" in m]) == 1
    app.quit()
