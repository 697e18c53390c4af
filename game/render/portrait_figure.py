"""A portrait's figure and its setting: the sky and sea behind, the gold frame, and the captain
from the shoulders up (the coat and its medals, the hair behind, the hat; the face is
``portrait_face``), drawn with a ``Pen`` in design units."""

from __future__ import annotations

import math

import pygame

from ..data.portrait import MAX_MEDALS
from .portrait_face import (draw_eyes, draw_hair_front, draw_head, draw_monocle,
                            draw_mouth_and_beard, draw_patch)
from .portrait_pen import (FRAME_RX, FRAME_RY, HX, HY, INNER_RX, INNER_RY, Palette, Pen, arc,
                           checksum, mirror, mix, path, quad, rotate, shade)

_MEDAL_METAL = ((240, 196, 70), (206, 214, 226), (214, 130, 70))
_RIBBONS = (((200, 40, 50), (250, 250, 250)), ((40, 90, 190), (240, 200, 60)),
            ((40, 150, 80), (250, 250, 250)), ((230, 120, 30), (30, 30, 30)),
            ((120, 60, 170), (240, 200, 60)))


# --- the background and the frame -------------------------------------------------------------

def draw_background(pen: Pen, pal: Palette, spec: dict, locked: bool) -> None:
    s = pen.s
    size = s.get_width()
    horizon = 0.64
    if locked:
        top, mid, sea_top, sea_bottom = (36, 46, 66), (48, 60, 82), (30, 40, 58), (18, 26, 40)
    elif pal.ghost:
        top, mid, sea_top, sea_bottom = (6, 16, 22), (22, 50, 50), (14, 38, 40), (4, 14, 18)
    else:
        top, mid, sea_top, sea_bottom = (52, 104, 168), (150, 196, 226), (44, 108, 168), (14, 48, 96)
    h_px = round(horizon * size)
    for y in range(size):
        if y < h_px:
            c = mix(top, mid, (y / max(1, h_px)) ** 1.4)
        else:
            c = mix(sea_top, sea_bottom, (y - h_px) / max(1, size - h_px))
        pygame.draw.line(s, c, (0, y), (size, y))
    if locked:
        return
    # a pale glow behind the head
    glow, strength = ((90, 190, 150), 0.35) if pal.ghost else ((236, 244, 250), 0.5)
    for i in range(10):
        k2 = i / 10
        base = mix(top, mid, 0.55)
        pen.ellipse(mix(base, glow, 0.06 + strength * k2 * k2), 50, 42, 38 - 26 * k2, 34 - 23 * k2)
    if pal.ghost:  # a pale moon and bands of fog
        pen.circle((214, 240, 222), 22, 24, 7.5)
        pen.circle((180, 214, 196), 20, 22.5, 1.6)
        pen.circle((180, 214, 196), 24.5, 27, 1.1)
        for y, x0, x1 in ((57, 4, 44), (61, 58, 98), (70, 10, 40), (74, 62, 90)):
            pen.stroke((92, 150, 132), [(x0, y), (x1, y)], 2.2)
    # the horizon line and a few wave crests
    line_y = horizon * 100 + 0.3
    pen.stroke(mix(sea_top, (255, 255, 255), 0.3), [(0, line_y), (100, line_y)], 0.8)
    crest = mix(sea_top, (255, 255, 255), 0.25)
    for (x, y, w) in ((14, 70, 7), (80, 68, 8), (22, 80, 6), (76, 79, 6), (10, 88, 5), (88, 88, 5)):
        pen.stroke(crest, arc(x, y + 2, w / 2, 2, 200, 340, 6), max(0.7, pen.lw * 0.9))
    if pen.detail and not pal.ghost:  # a distant sail on the horizon, a gull in the sky
        side = 14 if checksum(spec) % 2 else 84
        pen.poly((236, 236, 228), [(side, 59.5), (side, 63.4), (side + 3.2, 63.4)])
        pen.poly((70, 56, 50), [(side - 2.4, 63.6), (side + 4.2, 63.6), (side + 3.2, 64.6),
                                (side - 1.6, 64.6)])
        gx = 100 - side + (4 if side < 50 else -4)
        pen.stroke((60, 80, 110), arc(gx - 1.6, 17, 1.6, 1.2, 200, 340, 6) +
                   arc(gx + 1.6, 17, 1.6, 1.2, 200, 340, 6), 0.6)


def draw_frame(pen: Pen, locked: bool, ghost: bool) -> None:
    if locked:
        dark, mid, light = (40, 46, 56), (88, 96, 110), (128, 138, 152)
    elif ghost:
        dark, mid, light = (40, 70, 64), (120, 170, 150), (200, 240, 220)
    else:
        dark, mid, light = (110, 70, 24), (214, 164, 64), (255, 230, 150)
    w = max(0.0, pen.lw - 0.6)  # thicker rings on small portraits
    pen.ellipse(dark, 50, 50, FRAME_RX, FRAME_RY)
    pen.ellipse(mid, 50, 50, FRAME_RX - 0.9 - w * 0.2, FRAME_RY - 0.9 - w * 0.2)
    pen.ellipse(light, 50, 50, FRAME_RX - 2.3, FRAME_RY - 2.3)
    pen.ellipse(mid, 50, 50, FRAME_RX - 2.9 + w * 0.3, FRAME_RY - 2.9 + w * 0.3)
    pen.ellipse(dark, 50, 50, INNER_RX + 1.0, INNER_RY + 1.0)
    pen.ellipse((0, 0, 0, 0), 50, 50, INNER_RX, INNER_RY)
    if pen.detail:  # four studs on the frame
        for a in (0, 90, 180, 270):
            x = 50 + (FRAME_RX - 2.7) * math.cos(math.radians(a))
            y = 50 + (FRAME_RY - 2.7) * math.sin(math.radians(a))
            pen.circle(dark, x, y, 2.2)
            pen.circle(light, x, y, 1.5)
            pen.circle(mid, x + 0.3, y + 0.3, 0.9)


# --- the figure -------------------------------------------------------------------------------

def _outfit(spec: dict) -> str:
    return {"cap": "sailor", "peaked": "officer", "bicorne": "admiral", "tricorne": "gentleman",
            "pirate": "pirate", "ushanka": "fur", "sou-wester": "oilskin"}.get(spec["hat"], "plain")


def _young(spec: dict) -> bool:
    return spec["beard"] == "none" and spec["hat"] in ("cap", "none") and not spec["patch"]


def draw_figure(pen: Pen, pal: Palette, spec: dict, closed: bool) -> None:
    young = _young(spec)
    _draw_back_hair(pen, pal, spec)
    _draw_body(pen, pal, spec)
    draw_head(pen, pal, spec, young)
    draw_eyes(pen, pal, spec, young, closed)
    draw_mouth_and_beard(pen, pal, spec, young)
    if spec["patch"]:
        draw_patch(pen, pal)
    if spec["monocle"]:
        draw_monocle(pen, pal, spec)
    draw_hair_front(pen, pal, spec, young)
    _draw_hat(pen, pal, spec)


def _draw_back_hair(pen: Pen, pal: Palette, spec: dict) -> None:
    if spec["hat"] == "cap":  # the cap's ribbons hang down behind the head
        band = pal.tone((30, 36, 62))
        for dx in (0, 3.2):
            rib = [(58 + dx, 27), (61 + dx, 27), (70.5 + dx, 55), (68.6 + dx, 53.2), (67.4 + dx, 55.8)]
            pen.poly(band, rib, pal.ink, pen.lw * 0.6)
            pen.circle(pal.gold, 69.2 + dx, 54.4, 0.8)
    if spec["hat"] == "none" and spec["beard"] == "white":  # bald, white tufts at the sides
        for side in (1, -1):
            pen.ellipse(pal.ink, HX + side * 16.2, 40.5, 5.2 + pen.lw * 0.6, 8.0 + pen.lw * 0.6)
            pen.ellipse(pal.hair_dark, HX + side * 16.2, 40.5, 5.2, 8.0)
            pen.ellipse(pal.hair, HX + side * 16.6, 39.8, 4.2, 6.8)
    else:
        pen.ellipse(pal.hair_dark, HX, HY - 5, 19.2, 19.0)
    if spec["hat"] == "pirate" or (spec["hat"] == "tricorne" and spec["beard"] in ("full", "white")):
        for side in (1, -1):  # long locks down to the shoulders
            x = HX + side * 16.5
            pen.ellipse(pal.hair_dark, x - 2.4 * side, 56, 6.2, 14)
            pen.ellipse(pal.hair, x - 2.0 * side, 55, 4.6, 12.4)


def _draw_body(pen: Pen, pal: Palette, spec: dict) -> None:
    outfit = _outfit(spec)
    # neck
    pen.rect(pal.skin_shade, HX - 7.2, 56, 14.4, 18)
    # the coat: shoulders as a wide dome
    body = path((4, 104), (6, 84), ((8, 74), (26, 71.5)), (40, 68), (60, 68), (74, 71.5),
                 ((92, 74), (94, 84)), (96, 104))
    pen.poly(pal.coat, body, pal.ink, pen.lw)
    pen.poly(pal.coat_light, path((10, 80), ((12, 75), (26, 73.5)), (30, 74.5), ((18, 77), (13, 86))))
    collar_pts = [(41, 68), (50, 85), (59, 68)]
    if outfit in ("sailor", "fur", "plain"):
        # a striped sailor's vest in the neck of the coat
        pen.poly(pal.white, collar_pts)
        stripe = pal.tone((34, 50, 110)) if outfit != "fur" else pal.tone((40, 50, 90))
        for y in (70.5, 74.5, 78.5, 82.5):
            half = 9 * (85 - y) / 17
            pen.stroke(stripe, [(50 - half + 0.8, y), (50 + half - 0.8, y)], 1.6)
        if outfit == "sailor":  # the square collar's edge, white tapes down the front
            for side in (1, -1):
                pen.stroke(pal.white, [(50 + side * 12, 70.5), (50 + side * 2.2, 90)], 1.0)
            pen.poly(pal.coat_dark, [(47.5, 85), (52.5, 85), (50, 89)])  # a knot of the scarf
            pen.circle(pal.coat_dark, 50, 85.5, 2)
        elif outfit == "fur":  # a thick fur collar
            fur = pal.tone((122, 92, 66))
            for side in (1, -1):
                pts = [(50 + side * 5, 67), (50 + side * 17, 69), (50 + side * 19, 76),
                       (50 + side * 8, 80)]
                pen.poly(fur, pts, pal.ink, pen.lw * 0.8)
                if pen.detail:
                    for i in range(3):
                        pen.stroke(pal.tone((90, 66, 48)), [(50 + side * (9 + 3 * i), 70.5),
                                                             (50 + side * (8 + 3 * i), 75)], 0.6)
        else:
            for side in (1, -1):  # plain coat lapels
                pen.poly(pal.coat_dark, [(50 + side * 9, 68), (50 + side * 13.5, 70),
                                         (50 + side * 3, 90), (50 + side * 1.5, 86)])
    elif outfit == "officer":
        pen.poly(pal.white, collar_pts)
        pen.poly(pal.tone((20, 22, 34)), [(48.3, 70.5), (51.7, 70.5), (52.6, 82), (50, 85), (47.4, 82)])
        for side in (1, -1):
            pen.poly(pal.coat_dark, [(50 + side * 8.5, 67.5), (50 + side * 14, 70),
                                     (50 + side * 7, 80), (50 + side * 2, 88), (50 + side * 1, 84)],
                     pal.ink, pen.lw * 0.6)
        for side in (1, -1):  # shoulder boards
            pts = [(18, 73), (31, 70.5), (31.5, 74), (19, 77.5)]
            pts = pts if side < 0 else mirror(pts)
            pen.poly(pal.gold, pts, pal.gold_dark, pen.lw * 0.6)
    elif outfit == "admiral":
        pen.poly(pal.coat_dark, [(38, 66), (62, 66), (62, 73), (50, 76), (38, 73)], pal.ink, pen.lw * 0.6)
        pen.poly(pal.gold, [(39, 67.5), (61, 67.5), (61, 71.5), (50, 74.5), (39, 71.5)])
        if pen.detail:
            for x in (42, 46, 54, 58):  # oak leaves on the collar
                pen.ellipse(pal.gold_dark, x - 1, 70.2, 1.5, 0.8)
        pen.poly(pal.white, [(46.5, 74.5), (53.5, 74.5), (50, 80)])
        for side in (1, -1):  # big fringed epaulettes
            cx = 50 + side * 27
            for i in range(6):
                fx = cx + side * (-5 + 2.1 * i) * 0.9
                pen.stroke(pal.gold_dark, [(fx, 74), (fx + side * 0.7, 81)], 1.5)
                pen.stroke(pal.gold, [(fx, 74), (fx + side * 0.7, 80.4)], 0.9)
            pen.ellipse(pal.gold_dark, cx, 73.2, 8.4, 3.9)
            pen.ellipse(pal.gold, cx, 72.8, 7.6, 3.2)
            pen.ellipse(pal.gold_light, cx - side * 1.5, 72, 3.5, 1.2)
    elif outfit == "gentleman":
        for side in (1, -1):  # wide lapels edged with gold
            pts = [(50 + side * 6, 67.5), (50 + side * 16, 70), (50 + side * 9, 90), (50 + side * 3, 90)]
            pen.poly(pal.coat_dark, pts, pal.gold, pen.lw * 0.8)
        pen.poly(pal.white, [(44, 67), (56, 67), (53, 80), (47, 80)])
        for y in (71, 75, 79):  # the lace jabot
            pen.ellipse(pal.white_shade, 50, y + 0.6, 4.8, 2.3)
            pen.ellipse(pal.white, 50, y, 4.4, 2.0)
    elif outfit == "pirate":
        pen.poly(pal.tone((232, 222, 196)), [(39, 67), (61, 67), (54, 86), (46, 86)])
        pen.poly(pal.skin_shade, [(44.5, 67), (55.5, 67), (50, 80)])
        for side in (1, -1):
            pen.poly(pal.coat_dark, [(50 + side * 11, 68), (50 + side * 17, 71),
                                     (50 + side * 8, 92), (50 + side * 4.5, 90)], pal.ink, pen.lw * 0.6)
        pen.poly(pal.tone((178, 36, 40)), [(14, 88), (86, 80), (88, 86), (16, 95)])  # a red sash
        if pen.detail:
            pen.stroke(pal.tone((120, 20, 26)), [(16, 91), (86, 83)], 0.6)
    elif outfit == "oilskin":
        for side in (1, -1):  # the collar turned up against the weather
            pts = [(50 + side * 4, 66), (50 + side * 16, 64), (50 + side * 19, 74), (50 + side * 3, 80)]
            pen.poly(pal.coat_light, pts, pal.ink, pen.lw * 0.8)
        pen.poly(pal.coat_dark, [(47, 80), (53, 80), (52, 94), (48, 94)])
    # buttons
    if outfit in ("officer", "admiral"):
        columns, rows = (44.5, 55.5), (82, 88.5)
    elif outfit in ("gentleman", "pirate"):
        columns, rows = (42, 58), (84, 90)
    elif outfit == "oilskin":
        columns, rows = (50,), (83, 89)
    else:
        columns, rows = (50,), (90,)
    for x in columns:
        for y in rows:
            if outfit == "oilskin":  # toggles
                pen.rect(pal.tone((214, 190, 140)), x - 2.2, y - 0.8, 4.4, 1.6, 0.8)
            else:
                pen.circle(pal.gold_dark, x, y, 1.7)
                pen.circle(pal.gold, x - 0.2, y - 0.2, 1.3)
    # medals on the left breast (the viewer's right)
    n = max(0, min(MAX_MEDALS, spec["medals"]))
    slots = [(63, 81), (68, 80.5), (73, 80), (65.5, 88.5), (70.5, 88)]
    for i in range(n):
        x, y = slots[i]
        r1, r2 = _RIBBONS[i % len(_RIBBONS)]
        pen.poly(pal.tone(r1), [(x - 2.1, y - 3.8), (x + 2.1, y - 3.8), (x + 1.6, y), (x - 1.6, y)])
        pen.rect(pal.tone(r2), x - 0.5, y - 3.8, 1.0, 3.6)
        metal = _MEDAL_METAL[i % len(_MEDAL_METAL)]
        pen.circle(pal.tone(shade(metal, 0.6)), x, y + 2, 2.5)
        pen.circle(pal.tone(metal), x - 0.15, y + 1.85, 2.0)
        pen.circle(pal.tone(shade(metal, 1.3)), x - 0.7, y + 1.3, 0.7)


def _draw_hat(pen: Pen, pal: Palette, spec: dict) -> None:
    hat = spec["hat"]
    ink, lw = pal.ink, pen.lw
    if hat == "cap":  # a sailor's cap worn at a jaunty angle, its ribbons astern
        about, tilt = (50, 27), -7
        band = pal.tone((30, 36, 62))
        top = rotate(arc(50, 22.5, 21, 6.8, 0, 360, 24), about, tilt)
        pen.poly(pal.white_shade, rotate(arc(50, 23.5, 21, 6.8, 0, 360, 24), about, tilt), ink, lw)
        pen.poly(pal.white, top)
        pen.poly(pal.tone((226, 230, 236)), rotate(arc(50, 21.6, 14, 3.8, 0, 360, 20), about, tilt))
        b = rotate([(32.5, 22.5), (67.5, 22.5), (66, 30.5), (34, 30.5)], about, tilt)
        pen.poly(band, b, ink, lw * 0.8)
        for x in (38, 43, 57, 62):  # golden letters on the ribbon band
            q = rotate([(x - 1.2, 26.5), (x + 1.2, 26.5)], about, tilt)
            pen.stroke(pal.gold, q, 0.9)
        c = rotate([(50, 26.5)], about, tilt)[0]
        pen.circle(pal.gold, c[0], c[1], 1.5)
    elif hat == "peaked":  # an officer's cap: white top, dark band, gold badge, black peak
        pen.ellipse(ink, 50, 22.5, 23.8 + lw * 0.6, 8.0 + lw * 0.6)
        pen.ellipse(pal.white_shade, 50, 22.5, 23.8, 8.0)
        pen.ellipse(pal.white, 50, 21.6, 22.5, 6.6)
        pen.poly(pal.coat_dark, [(31, 23), (69, 23), (67.3, 31.5), (32.7, 31.5)], ink, lw * 0.8)
        pen.stroke(pal.gold, [(33, 30.2), (67, 30.2)], 0.9)
        peak = [(32, 31)] + [(x, y) for x, y in arc(50, 31, 18.2, 6.2, 180, 0, 16)]
        peak = [(x, 31 + abs(y - 31)) for x, y in peak]
        pen.poly(pal.hat, peak, ink, lw * 0.8)
        pen.stroke(pal.hat_light, arc(50, 31, 14, 3.4, 150, 30, 8), 0.8)
        pen.ellipse(pal.gold_dark, 50, 26.8, 4.8, 3.6)
        pen.ellipse(pal.gold, 50, 26.6, 4.1, 3.0)
        pen.stroke(pal.gold_dark, [(50, 24.6), (50, 28.6)], 0.7)  # an anchor in the badge
        pen.stroke(pal.gold_dark, arc(50, 27.2, 1.7, 1.3, 20, 160, 6), 0.6)
        for side in (1, -1):  # a laurel
            pen.ellipse(pal.gold, 50 + side * 6.5, 27.6, 1.9, 0.9)
    elif hat == "bicorne":  # an admiral's hat, worn athwartships, edged with gold
        shape = arc(50, 31, 37, 24, 180, 360, 28) + quad((87, 31), (50, 27), (13, 31), 10)
        pen.poly(pal.hat, shape, ink, lw)
        pen.stroke(pal.gold, arc(50, 31, 35.6, 22.6, 186, 354, 26), 1.6)
        pen.stroke(pal.hat_light, arc(50, 31, 28, 16, 215, 250, 6), 1.0)
        pen.stroke(pal.gold, quad((15, 30.4), (50, 26.4), (85, 30.4), 12), 1.0)
        # the cockade, and a loop of gold lace
        pen.circle(pal.gold_dark, 50, 19.5, 5.4)
        pen.circle(pal.gold, 50, 19.5, 4.6)
        pen.circle(pal.tone((30, 30, 40)), 50, 19.5, 2.5)
        pen.circle(pal.tone((230, 90, 40)), 50, 19.5, 1.2)
        pen.stroke(pal.gold, [(50, 24.5), (50, 28.5)], 1.4)
        if pen.detail:
            for i in range(12):
                a = math.radians(i * 30)
                pen.stroke(pal.gold_dark, [(50 + 3.1 * math.cos(a), 19.5 + 3.1 * math.sin(a)),
                                           (50 + 4.6 * math.cos(a), 19.5 + 4.6 * math.sin(a))], 0.35)
    elif hat == "tricorne":  # three corners turned up, gold braid along the edges
        crown = arc(50, 21, 15.5, 10, 180, 360, 16)
        pen.poly(pal.hat, crown + [(65.5, 26), (34.5, 26)], ink, lw)
        brim = path((10, 13.5), ((27, 33.5), (50, 35.5)), ((73, 33.5), (90, 13.5)),
                     ((82, 24), (66, 25.5)), ((58, 26), (50, 29.5)), ((42, 26), (34, 25.5)),
                     ((18, 24), (10, 13.5)))
        pen.poly(pal.hat, brim, ink, lw)
        pen.stroke(pal.gold, path((11.5, 15.5), ((27, 32), (50, 33.8)), ((73, 32), (88.5, 15.5))), 1.5)
        pen.stroke(pal.hat_light, quad((36, 27.5), (43, 28.5), (48, 31.5), 6), 0.8)
        pen.stroke(pal.hat_light, quad((64, 27.5), (57, 28.5), (52, 31.5), 6), 0.8)
        pen.circle(pal.gold_dark, 50, 32.6, 1.7)  # a button at the front corner
        pen.circle(pal.gold, 50, 32.4, 1.2)
    elif hat == "pirate":  # a great captain's hat, the skull and crossbones in front
        shape = arc(50, 31, 31, 24, 180, 360, 24)
        brim = [(11, 31.5)] + shape + [(89, 31.5)] + quad((89, 31.5), (50, 38), (11, 31.5), 10)
        pen.poly(pal.hat, brim, ink, lw)
        pen.stroke(pal.tone((190, 40, 44)), arc(50, 31, 29.4, 22.4, 188, 352, 22), 1.3)
        pen.stroke(pal.gold, quad((12.5, 32), (50, 37.6), (87.5, 32), 12), 1.1)
        bone = pal.white
        for a, b in (((41.5, 25.5), (58.5, 16.5)), ((41.5, 16.5), (58.5, 25.5))):
            pen.stroke(pal.white_shade, [a, b], 2.0)
            pen.stroke(bone, [a, b], 1.4)
            for q in (a, b):
                pen.circle(bone, q[0], q[1] - 0.6, 1.2)
                pen.circle(bone, q[0], q[1] + 0.6, 1.2)
        pen.circle(bone, 50, 18.8, 4.7)
        pen.rect(bone, 47.3, 21, 5.4, 3.6, 1)
        pen.circle(pal.hat, 48.2, 18.8, 1.3)
        pen.circle(pal.hat, 51.8, 18.8, 1.3)
        pen.poly(pal.hat, [(50, 20.6), (49.3, 21.9), (50.7, 21.9)])
    elif hat == "ushanka":  # a fur hat with ear flaps
        fur, fur_dark = pal.tone((112, 84, 62)), pal.tone((72, 52, 40))
        fur_light = pal.tone((158, 124, 92))
        for side in (1, -1):
            x = 50 + side * 18
            pen.ellipse(ink, x, 43, 5.6 + lw * 0.6, 12 + lw * 0.6)
            pen.ellipse(fur_dark, x, 43, 5.6, 12)
            pen.ellipse(fur, x - side * 0.6, 42, 4.2, 10.4)
        pen.ellipse(ink, 50, 24, 22 + lw * 0.6, 14.5 + lw * 0.6)
        pen.ellipse(fur_dark, 50, 24, 22, 14.5)
        pen.ellipse(fur, 49, 22.5, 20, 12.6)
        flap = path((28, 36), (27.5, 26), ((50, 20.5), (72.5, 26)), (72, 36), ((50, 32), (28, 36)))
        pen.poly(fur_light, flap, ink, lw)
        for i in range(9):  # tufts
            x = 30 + i * 5
            y = 26.5 - 3.7 * math.sin(math.pi * (x - 27.5) / 45)
            pen.circle(fur_light, x, y, 2.4)
        if pen.detail:
            for i in range(7):
                x = 32 + i * 6
                pen.stroke(pal.tone((126, 98, 72)), [(x, 29), (x + 1.2, 33)], 0.6)
            for x, y in ((40, 16), (52, 14), (60, 18), (45, 20)):
                pen.stroke(fur_dark, [(x, y), (x + 1.4, y + 2.2)], 0.6)
        pen.circle(pal.gold_dark, 50, 28.5, 2.6)  # a badge
        pen.circle(pal.gold, 50, 28.3, 2.0)
        pen.circle(pal.tone((200, 40, 40)), 50, 28.3, 0.9)
    elif hat == "sou-wester":  # yellow oilskin, the brim low at the back and sides
        yel, yel_dark = pal.tone((250, 200, 40)), pal.tone((196, 142, 20))
        yel_light = pal.tone((255, 236, 140))
        brim = path((14, 37), ((18, 28), (50, 26.5)), ((82, 28), (86, 37)), ((76, 39.5), (70, 35.5)),
                     ((50, 30.5), (30, 35.5)), ((24, 39.5), (14, 37)))
        pen.poly(yel_dark, brim, ink, lw)
        pen.poly(yel, [(x, y - 0.9) for x, y in brim][1:-1])
        crown = arc(50, 27, 17.5, 13, 180, 360, 18)
        pen.poly(yel, crown + [(67.5, 29.5), (50, 28), (32.5, 29.5)], ink, lw)
        pen.stroke(yel_dark, arc(50, 27, 12, 13, 190, 350, 12), 0.7)
        pen.stroke(yel_light, arc(50, 27, 13, 9.5, 210, 250, 6), 1.3)
        if pen.detail:  # stitching on the brim
            pen.stroke(yel_dark, quad((20, 34.5), (50, 25.5), (80, 34.5), 14), 0.5)
        for side in (1, -1):  # the chin strap
            pen.stroke(pal.tone((120, 90, 30)), [(50 + side * 16, 38), (50 + side * 12, 64)], 0.8)
