"""A portrait's face, drawn with a ``Pen`` in design units: the head, brows and eyes (open or
closed), the mouth and the beard, the pipe, an eye patch, a monocle, the hair in front."""

from __future__ import annotations

import math

from .portrait_pen import BOWL, EYE_DX, EYE_Y, HX, HY, Palette, Pen, Point, arc, mirror, path, quad

def draw_head(pen: Pen, pal: Palette, spec: dict, young: bool) -> None:
    rx, ry = (16.2, 17.8) if young else (16.6, 19.0)
    cy = HY + (0.8 if young else 0)
    for side in (1, -1):  # ears
        x = HX + side * (rx - 0.3)
        pen.ellipse(pal.ink, x, 48, 3.9, 5.2)
        pen.ellipse(pal.skin_shade, x, 48, 3.2, 4.5)
        pen.ellipse(pal.skin, x + side * 0.5, 47.6, 1.8, 3.0)
    if spec["hat"] == "pirate" and not pal.ghost:  # a gold earring
        pen.circle(pal.gold, HX + rx + 0.3, 53.5, 1.6, 0.7)
    pen.ellipse(pal.ink, HX, cy, rx + pen.lw * 0.7, ry + pen.lw * 0.7)
    pen.ellipse(pal.skin_shade, HX, cy, rx, ry)
    pen.ellipse(pal.skin, HX - 1.3, cy - 1.1, rx - 1.8, ry - 1.6)
    pen.ellipse(pal.skin_light, HX - 6, cy - 8, 4.5, 3.2)
    if spec["beard"] not in ("full", "white"):  # rosy cheeks
        for side in (1, -1):
            pen.ellipse(pal.cheek, HX + side * 9.2, 54.2, 3.4, 2.2)
        if young and pen.detail:  # freckles
            for side in (1, -1):
                for dx, dy in ((-1.5, -0.4), (0.6, -1.0), (1.8, 0.4), (-0.2, 0.8)):
                    pen.circle(pal.skin_shade, HX + side * 9.2 + dx, 53.6 + dy, 0.45)
    if spec["beard"] == "white" and pen.detail:  # age lines on the forehead
        for y in (35.5, 38):
            pen.stroke(pal.skin_shade, arc(50, y + 4, 7, 4, 235, 305, 6), 0.55)


def _brow_shape(spec: dict, young: bool) -> tuple[float, float, float]:
    """(tilt, thickness, lift): tilt > 0 raises the outer ends (an angry look)."""
    if young:
        return -0.8, 1.4, 1.4
    if spec["patch"] or spec["hat"] == "pirate":
        return 2.6, 2.2, 0.0
    if spec["beard"] == "white":
        return -0.6, 2.5, 0.2
    if spec["hat"] in ("ushanka", "sou-wester"):
        return 0.8, 2.2, 0.4
    return 1.0, 1.8, 0.6


def draw_eyes(pen: Pen, pal: Palette, spec: dict, young: bool, closed: bool) -> None:
    tilt, thick, lift = _brow_shape(spec, young)
    ex_r, ey_r = (3.3, 3.8) if young else (2.9, 3.3)
    ir = (2.1 if young else 1.85) * (1.0 if pen.detail else 1.25)  # darker eyes when small
    for side in (-1, 1):
        x = HX + side * EYE_DX
        if side == -1 and spec["patch"]:
            continue
        if closed:
            pen.ellipse(pal.skin, x, EYE_Y, ex_r + 0.6, ey_r + 0.5)
            pen.stroke(pal.ink, arc(x, EYE_Y - 0.4, ex_r * 0.95, 1.6, 20, 160, 8), pen.lw * 1.1)
        else:
            pen.ellipse(pal.ink, x, EYE_Y, ex_r + pen.lw * 0.55, ey_r + pen.lw * 0.55)
            pen.ellipse(pal.eye_white, x, EYE_Y, ex_r, ey_r)
            look = 0.5  # everyone glances a little to the viewer's right
            pen.circle(pal.iris, x + look, EYE_Y + 0.3, ir)
            pen.circle(pal.pupil, x + look, EYE_Y + 0.3, ir * 0.55)
            if not pal.ghost:
                pen.circle((255, 255, 255), x + look - 0.7, EYE_Y - 0.5, ir * 0.34)
            if spec["beard"] == "white" and pen.detail:  # crow's feet
                for dy in (-0.8, 0.8):
                    pen.stroke(pal.skin_shade, [(x + side * (ex_r + 0.8), EYE_Y + dy * 0.6),
                                                (x + side * (ex_r + 2.6), EYE_Y + dy * 2)], 0.5)
        # the brow
        by = EYE_Y - ey_r - 2.4 - lift
        inner = (x - side * 3.3, by + tilt * 0.6)
        outer = (x + side * 3.8, by - tilt * 0.5)
        mid = ((inner[0] + outer[0]) / 2, by - 1.2 - tilt * 0.2)
        top = quad(inner, (mid[0], mid[1] - thick * 0.5), outer, 6)
        bottom = quad(outer, (mid[0], mid[1] + thick * 0.9), inner, 6)
        pen.poly(pal.brow, [inner] + top + bottom[:-1])
        if spec["beard"] == "white":  # bushy tufts
            pen.circle(pal.brow, outer[0], outer[1] + 0.6, thick * 0.55)


def draw_mouth_and_beard(pen: Pen, pal: Palette, spec: dict, young: bool) -> None:
    beard = spec["beard"]
    mouth_y = 59.0
    grin = spec["patch"] or spec["hat"] == "pirate"
    if beard == "stubble":
        pts = path((34.5, 50), ((34, 64), (50, 66.5)), ((66, 64), (65.5, 50)), ((62, 57), (56, 55.5)),
                    (44, 55.5), ((38, 57), (34.5, 50)))
        pen.poly(pal.stubble, pts)
        if pen.detail:
            for i in range(26):  # a scatter of bristles, the same for every stubble
                a = i * 2.399
                rr = 3 + (i * 7 % 11)
                x, y = 50 + math.cos(a) * rr * 1.25, 61 + math.sin(a) * rr * 0.42
                pen.circle(pal.hair_dark, x, y, 0.3)
    if beard in ("full", "white"):
        white = beard == "white"
        bottom = 82 if white else 74
        if white:  # long and fluffy: a scalloped lower edge
            edge = [(33.6, 45)] + quad((33.6, 45), (32.5, 60), (36, 69), 4)
            rim = [edge[-1]] + quad((36, 69), (50, 90), (64, 69), 5)
            for a, b in zip(rim, rim[1:]):
                mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
                d = math.hypot(mx - 50, my - 60) or 1
                edge += quad(a, (mx + (mx - 50) / d * 3.2, my + (my - 60) / d * 3.2), b, 5)
            edge += quad((64, 69), (67.5, 60), (66.4, 45), 4)
            outer = edge + [(64.5, 45)] + quad((64.5, 45), (62, 56), (56, 55.2), 6) + [(44, 55.2)] \
                + quad((44, 55.2), (38, 56), (35.5, 45), 6)
        else:
            outer = path((33.6, 45), ((32.0, bottom - 8), (50, bottom)), ((68.0, bottom - 8), (66.4, 45)),
                          (64.5, 45), ((62, 56), (56, 55.2)), (44, 55.2), ((38, 56), (35.5, 45)))
        pen.poly(pal.beard_dark, outer, pal.ink, pen.lw)
        inner = [(x + (50 - x) * 0.07, y - 1.2) for x, y in outer]
        pen.poly(pal.beard, inner)
        strokes = ((40, 62, 42, 69), (46, 65, 47, 72), (54, 65, 53, 72), (60, 62, 58, 69),
                   (37, 54, 38, 60), (63, 54, 62, 60))
        for x0, y0, x1, y1 in strokes:
            if pen.detail or white:
                pen.stroke(pal.beard_dark, [(x0, y0), ((x0 + x1) / 2 + 0.6, (y0 + y1) / 2), (x1, y1)], 0.7)
            if pen.detail:
                pen.stroke(pal.beard_light, [(x0 - 1.2, y0 - 1), (x1 - 1.3, y1 - 1.4)], 0.5)
        pen.ellipse(pal.mouth, 50, mouth_y + 1.6, 3.4, 1.6)
        if not white:
            pen.ellipse(pal.lips, 50, mouth_y + 2.8, 2.4, 0.7)
    else:
        if young:  # a wide open smile
            pts = [(44.8, mouth_y - 0.2)] + arc(50, mouth_y - 0.2, 5.2, 3.4, 0, 180, 10)[::-1][1:]
            pen.poly(pal.mouth, pts)
            pen.poly(pal.white, [(45.5, mouth_y - 0.2), (54.5, mouth_y - 0.2), (54, mouth_y + 0.8),
                                 (46, mouth_y + 0.8)])
            pen.ellipse(pal.tone((220, 100, 100)), 50, mouth_y + 2.2, 2.2, 0.9)
        elif grin:  # a crooked grin with a gold tooth
            pts = path((43, mouth_y - 0.5), ((50, mouth_y + 1.5), (57.5, mouth_y - 2.5)),
                        ((53, mouth_y + 4.2), (45.5, mouth_y + 1.5)))
            pen.poly(pal.mouth, pts)
            pen.rect(pal.white, 47, mouth_y - 0.1, 7, 1.2)
            pen.rect(pal.gold, 52.2, mouth_y - 0.3, 1.7, 1.6)
        else:  # a firm half-smile
            pen.stroke(pal.mouth, [(44.5, mouth_y)] + quad((44.5, mouth_y), (50, mouth_y + 2.2),
                                                            (55.5, mouth_y - 0.6), 8), pen.lw * 1.3)
            pen.stroke(pal.lips, quad((47, mouth_y + 2.4), (50, mouth_y + 3.0), (53, mouth_y + 2.2), 4),
                       pen.lw * 0.8)
    if spec["pipe"]:
        _draw_pipe(pen, pal)
    if beard in ("moustache", "full", "white"):
        big = beard != "full"
        tip_y = 51.5 if beard == "moustache" else 58.5
        droop = 4.5 if big else 2.5
        wing = path((50, 54.2), ((45, 52.2), (39.5 - droop, tip_y)),
                     ((40 - droop, tip_y + 4 if beard == "moustache" else tip_y + 1.5), (44, 58.5)),
                     ((48, 58.6), (50, 57.4)))
        col, dark = (pal.beard, pal.beard_dark) if beard != "moustache" else (pal.hair, pal.hair_dark)
        pen.poly(pal.ink, _outline_of(wing, pen.lw * 0.7))
        pen.poly(pal.ink, _outline_of(mirror(wing), pen.lw * 0.7))
        pen.poly(col, wing)
        pen.poly(col, mirror(wing))
        if beard == "moustache":  # curled tips
            for side in (1, -1):
                pen.circle(pal.ink, 50 + side * (10.5 + droop), tip_y - 0.4, 1.7 + pen.lw * 0.5)
                pen.circle(col, 50 + side * (10.5 + droop), tip_y - 0.4, 1.7)
        pen.stroke(dark, [(50, 54.6), (50, 57.4)], 0.6)
    # the nose, above everything else of the face
    big = beard == "white" or grin
    nrx, nry = (3.2, 3.4) if big else (2.4, 3.0)
    pen.ellipse(pal.skin_shade, 50.4, 52.5, nrx + 0.4, nry)
    pen.ellipse(pal.nose if big else pal.skin, 49.8, 51.9, nrx - 0.2, nry - 0.4)
    pen.circle(pal.skin_light, 49.0, 51.2, nrx * 0.32)


def _outline_of(pts: list[Point], w: float) -> list[Point]:
    """A polygon pushed out from its centre by about ``w``: a cheap outline."""
    cx = sum(x for x, _ in pts) / len(pts)
    cy = sum(y for _, y in pts) / len(pts)
    out = []
    for x, y in pts:
        d = math.hypot(x - cx, y - cy) or 1
        out.append((x + (x - cx) / d * w, y + (y - cy) / d * w))
    return out


def _draw_pipe(pen: Pen, pal: Palette) -> None:
    wood, dark = pal.tone((120, 66, 34)), pal.tone((66, 34, 18))
    stem = [(54.5, 58.2)] + quad((54.5, 58.2), (60, 63.5), (BOWL[0] - 1.6, 64.4), 6)
    pen.stroke(pal.ink, stem, 2.2)
    pen.stroke(pal.tone((50, 40, 36)), stem, 1.3)
    bx, by = BOWL
    pen.poly(pal.ink, _outline_of([(bx - 3.2, by), (bx + 3.2, by), (bx + 2.6, by + 5.6),
                                   (bx - 2.6, by + 5.6)], pen.lw * 0.7))
    pen.poly(wood, [(bx - 3.2, by), (bx + 3.2, by), (bx + 2.6, by + 5.6), (bx - 2.6, by + 5.6)])
    pen.poly(dark, [(bx + 1.2, by), (bx + 3.2, by), (bx + 2.6, by + 5.6), (bx + 0.9, by + 5.6)])
    pen.ellipse(dark, bx, by, 3.2, 1.1)
    pen.ellipse(pal.tone((255, 140, 40)) if not pal.ghost else (200, 255, 220), bx, by, 2.0, 0.6)


def draw_patch(pen: Pen, pal: Palette) -> None:
    x = HX - EYE_DX
    pen.stroke(pal.ink, [(x - 3, EYE_Y - 2), (HX - 16.2, EYE_Y - 7)], 1.1)
    pen.stroke(pal.ink, [(x + 3, EYE_Y - 2.4), (HX + 16, HY - 15)], 1.1)
    pen.poly(pal.ink, path((x - 4.2, EYE_Y - 3.2), (x + 4.2, EYE_Y - 3.4),
                            ((x + 4.6, EYE_Y + 3.6), (x, EYE_Y + 4.6)),
                            ((x - 4.6, EYE_Y + 3.6), (x - 4.2, EYE_Y - 3.2))))
    pen.ellipse(pal.tone((70, 64, 80)), x - 1.2, EYE_Y - 1.2, 1.4, 0.8)


def draw_monocle(pen: Pen, pal: Palette, spec: dict) -> None:
    x = HX + EYE_DX + 0.2
    pen.stroke(pal.gold_dark, quad((x + 3.4, EYE_Y + 2.8), (x + 6, 62), (x + 8, 75), 8), 0.5)
    pen.circle(pal.ink, x, EYE_Y, 5.0, 1.6)
    pen.circle(pal.gold, x, EYE_Y, 4.6, 0.9)
    pen.stroke(pal.white, arc(x, EYE_Y, 3.3, 3.3, 200, 250, 4), 0.6)


def draw_hair_front(pen: Pen, pal: Palette, spec: dict, young: bool) -> None:
    hat = spec["hat"]
    if hat == "none":
        if spec["beard"] == "white":  # bald: the tufts are drawn behind the head
            return
        top = path((33, 42), ((31, 24), (50, 25)), ((69, 24), (67.5, 42)), (65.5, 35),
                    ((60, 36), (56, 31)), ((48, 37), (40, 33)), ((36, 36), (34.5, 42)))
        if young:  # a tousled fringe
            top = path((33, 42), ((30, 23), (50, 24.5)), ((70, 23), (67.5, 42)), (65, 34),
                        (61, 37), (58.5, 32.5), (54, 37.5), (51, 32), (46, 36.5), (43.5, 32),
                        (39, 36.5), (37, 34), (34.5, 42))
        pen.poly(pal.hair, top, pal.ink, pen.lw)
        pen.stroke(pal.hair_light, quad((41, 28.5), (48, 26.5), (55, 28), 6), 0.9)
        return
    # sideburns under a hat
    for side in (1, -1):
        pts = path((HX + side * 16.9, 31), (HX + side * 11.6, 31),
                    ((HX + side * 12.6, 40), (HX + side * 15.4, 46.5)), (HX + side * 16.9, 44))
        pen.poly(pal.hair, pts)
    if young and hat == "cap":  # a curl of hair out from under the cap
        pen.poly(pal.hair, [(40, 30), (47, 30), (44, 36.5), (42.5, 33), (39.5, 34.5)], pal.ink, pen.lw * 0.6)
