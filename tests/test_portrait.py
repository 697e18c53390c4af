"""The drawn portraits of campaign opponents (game.render.portrait): every feature draws, only
inside its rectangle, locked portraits hide the face, features change the picture, the cache
hands back the same image, bad tables fall back to the defaults, and the animation moves."""

import ast
import inspect

import numpy as np
import pygame
import pytest

from game.data.portrait import BEARDS, DEFAULT, HATS, colour
from game.render import portrait as P

SENTINEL = (255, 0, 255)

CABIN_BOY = {"hat": "cap", "beard": "none", "hair": "#c8862a", "coat": "#2a4a8a"}
BOATSWAIN = {"hat": "sou-wester", "beard": "moustache", "coat": "#2f4f3f", "pipe": True}
PIRATE = {"hat": "pirate", "beard": "full", "patch": True, "hair": "#1a1410", "coat": "#6a1a1a"}
ADMIRAL = {"hat": "bicorne", "beard": "white", "hair": "#d8d8d8", "medals": 4, "monocle": True}
GHOST = {"hat": "tricorne", "beard": "full", "ghost": True}
CAPTAINS = (CABIN_BOY, BOATSWAIN, PIRATE, ADMIRAL, GHOST, {})


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    yield


def pixels(surface: pygame.Surface) -> np.ndarray:
    """RGB of every pixel, indexed [x, y]."""
    return pygame.surfarray.array3d(surface).astype(np.int32)


def canvas(w: int, h: int) -> pygame.Surface:
    s = pygame.Surface((w, h))
    s.fill(SENTINEL)
    return s


def drawn(spec, size=96, t=0.0, locked=False) -> np.ndarray:
    s = canvas(size, size)
    P.draw_portrait(s, (0, 0, size, size), spec, t=t, locked=locked)
    return pixels(s)


def near(px: np.ndarray, rgb, tolerance: int) -> np.ndarray:
    return np.abs(px - np.array(rgb)).max(axis=2) <= tolerance


# --- drawing stays inside its rectangle -------------------------------------------------------

@pytest.mark.parametrize("size", [40, 200])
def test_every_hat_and_beard_draws_inside_the_rect_only(size):
    rect = pygame.Rect(17, 11, size + 9, size)  # wider than tall: the portrait is centred in it
    for i, hat in enumerate(HATS):
        for j, beard in enumerate(BEARDS):
            n = i * len(BEARDS) + j
            spec = {"hat": hat, "beard": beard, "patch": n % 3 == 0, "pipe": n % 2 == 0,
                    "monocle": n % 4 == 1, "ghost": n % 7 == 3, "medals": n % 6}
            surface = canvas(size + 50, size + 40)
            P.draw_portrait(surface, rect, spec, t=0.37 * n)
            px = pixels(surface)
            changed = ~near(px, SENTINEL, 0)
            inside = np.zeros(changed.shape, bool)
            inside[rect.left:rect.right, rect.top:rect.bottom] = True
            assert not (changed & ~inside).any(), (hat, beard, "drew outside its rect")
            # the medallion fills most of its square (a circle covers 78.5 %)
            assert changed[inside].sum() > 0.7 * size * size, (hat, beard)


def test_the_portrait_is_centred_and_square():
    surface = canvas(300, 100)
    P.draw_portrait(surface, (0, 0, 300, 100), {})
    changed = ~near(pixels(surface), SENTINEL, 0)
    xs = np.nonzero(changed.any(axis=1))[0]
    ys = np.nonzero(changed.any(axis=0))[0]
    assert 99 <= xs.min() <= 102 and 197 <= xs.max() <= 200
    assert ys.min() <= 2 and ys.max() >= 97


def test_smoke_from_a_pipe_stays_inside_a_tight_rect():
    for t in np.linspace(0, 6, 40):
        surface = canvas(80, 80)
        P.draw_portrait(surface, (20, 20, 40, 40), {"pipe": True, "ghost": t > 3}, t=float(t))
        changed = ~near(pixels(surface), SENTINEL, 0)
        changed[20:60, 20:60] = False
        assert not changed.any(), t


def test_tiny_or_empty_rects_do_not_raise():
    surface = canvas(30, 30)
    for rect in ((0, 0, 0, 0), (5, 5, 3, 3), (0, 0, 30, 2), (10, 10, 12, 12)):
        P.draw_portrait(surface, rect, PIRATE, t=1.0)


# --- the locked silhouette --------------------------------------------------------------------

def test_locked_portrait_is_a_silhouette_without_skin():
    for spec in CAPTAINS:
        skin = colour(P.portrait(spec)["skin"])
        open_ = drawn(spec, 160)
        locked = drawn(spec, 160, locked=True)
        assert (open_ != locked).any()
        assert near(open_, skin, 24).sum() > 200 or spec.get("ghost"), "the face shows when open"
        assert near(locked, skin, 60).sum() == 0, "no skin colour in a locked portrait"
        # and it is dark: no bright colours at all (no gold, no white, no yellow hat)
        image = P.portrait_surface(spec, 160, locked=True)
        seen = pygame.surfarray.array_alpha(image) > 0
        assert pixels(image)[seen].max() < 170


def test_locked_portrait_hides_the_features_but_keeps_the_outline():
    a = P.portrait_surface({"hat": "peaked", "beard": "none"}, 96, locked=True)
    b = P.portrait_surface({"hat": "peaked", "beard": "none", "patch": True, "monocle": True,
                            "skin": "#503020", "coat": "#aa2020"}, 96, locked=True)
    assert (pixels(a) == pixels(b)).all(), "features inside the outline must not show"
    c = P.portrait_surface({"hat": "bicorne"}, 96, locked=True)
    assert (pixels(a) != pixels(c)).any(), "a different hat is a different outline"


def test_locked_portrait_does_not_animate():
    spec = dict(BOATSWAIN, ghost=True)
    first = drawn(spec, 64, t=0.0, locked=True)
    for t in (0.5, 1.3, 2.9, 4.4, 7.7):
        assert (drawn(spec, 64, t=t, locked=True) == first).all()


# --- features make a difference ---------------------------------------------------------------

def test_different_specs_give_different_images():
    images = [pixels(P.portrait_surface(spec, 96)) for spec in CAPTAINS]
    for i in range(len(images)):
        for j in range(i + 1, len(images)):
            assert (images[i] != images[j]).any(), (CAPTAINS[i], CAPTAINS[j])


@pytest.mark.parametrize("change", [{"hat": h} for h in HATS] + [{"beard": b} for b in BEARDS]
                         + [{"patch": True}, {"pipe": True}, {"monocle": True}, {"ghost": True},
                            {"medals": 1}, {"medals": 5}, {"skin": "#8d5a3c"},
                            {"hair": "#ff0000", "hat": "none"}, {"coat": "#aa2020"}])
def test_every_feature_changes_the_picture(change):
    base = dict(DEFAULT)
    changed = dict(base, **change)
    if changed == base:  # the default value itself: compare against another one
        other = "cap" if "hat" in change else "full" if "beard" in change else None
        base = dict(base, **{next(iter(change)): other})
    a = pixels(P.portrait_surface(base, 96))
    b = pixels(P.portrait_surface(changed, 96))
    assert (a != b).sum() > 20, change


def test_ghost_differs_and_is_greenish():
    for spec in (GHOST, PIRATE, {}):
        plain = pixels(P.portrait_surface(dict(spec, ghost=False), 128))
        ghost = pixels(P.portrait_surface(dict(spec, ghost=True), 128))
        assert (plain != ghost).any()
        centre = ghost[40:88, 30:90].reshape(-1, 3)
        assert centre[:, 1].mean() > centre[:, 0].mean() + 20, "the Dutchman glows green"


# --- the cache --------------------------------------------------------------------------------

def test_cache_returns_the_same_surface_for_the_same_key():
    a = P.portrait_surface(ADMIRAL, 48)
    assert P.portrait_surface(dict(ADMIRAL), 48) is a
    assert P.portrait_surface(dict(P.portrait(ADMIRAL)), 48) is a, "partial and complete tables"
    assert P.portrait_surface({"hat": "bicorne", "beard": "white", "hair": "#D8D8D8",
                               "medals": 4, "monocle": True}, 48) is a, "colour case"
    assert P.portrait_surface(ADMIRAL, 49) is not a
    assert P.portrait_surface(ADMIRAL, 48, locked=True) is not a
    assert P.portrait_surface(dict(ADMIRAL, medals=3), 48) is not a
    assert a.get_size() == (48, 48)
    assert a.get_flags() & pygame.SRCALPHA
    assert a.get_at((0, 0)).a == 0, "transparent corners"


def test_drawing_does_not_change_the_cached_image():
    spec = dict(GHOST, pipe=True)
    before = pixels(P.portrait_surface(spec, 80)).copy()
    alpha_before = pygame.surfarray.array_alpha(P.portrait_surface(spec, 80)).copy()
    surface = canvas(80, 80)
    for t in np.linspace(0, 10, 50):
        P.draw_portrait(surface, (0, 0, 80, 80), spec, t=float(t))
    assert P.portrait_surface(spec, 80).get_alpha() in (None, 255)
    assert (pixels(P.portrait_surface(spec, 80)) == before).all()
    assert (pygame.surfarray.array_alpha(P.portrait_surface(spec, 80)) == alpha_before).all()


def test_the_cache_is_bounded():
    for medals in range(6):
        for size in range(40, 52):
            P.portrait_surface({"medals": medals}, size)
            assert len(P._CACHE) <= 64


# --- bad or partial tables --------------------------------------------------------------------

@pytest.mark.parametrize("spec", [{}, None, "junk", 42, [], {"hat": "crown"}, {"beard": 3},
                                  {"skin": "red", "coat": "#12345", "hair": None},
                                  {"medals": 99}, {"medals": True}, {"medals": -1},
                                  {"patch": "yes", "ghost": 1}, {"hat": ["x"], "beard": {"y": 1}},
                                  {"crown": True, "parrot": "green"}])
def test_bad_or_partial_specs_fall_back_to_the_defaults(spec):
    surface = canvas(64, 64)
    P.draw_portrait(surface, (0, 0, 64, 64), spec, t=2.0)
    P.draw_portrait(surface, (0, 0, 64, 64), spec, t=2.0, locked=True)
    assert P.portrait_surface(spec, 64) is P.portrait_surface({}, 64)


def test_a_bad_feature_keeps_the_good_ones():
    assert P.portrait_surface({"hat": "crown", "beard": "full"}, 64) \
        is P.portrait_surface({"beard": "full"}, 64)
    assert P.portrait_surface({"hat": "crown", "beard": "full"}, 64) \
        is not P.portrait_surface({}, 64)


# --- animation and determinism ----------------------------------------------------------------

def test_the_captain_blinks_now_and_then():
    still = drawn(CABIN_BOY, 96, t=0.0)
    times = [i * 0.02 for i in range(400)]  # eight seconds
    blinks = [t for t in times if (drawn(CABIN_BOY, 96, t=t) != still).any()]
    assert blinks, "never blinks"
    assert len(blinks) < len(times) / 10, "eyes closed too often"
    # a blink only changes the eyes
    diff = (drawn(CABIN_BOY, 96, t=blinks[0]) != still).any(axis=2)
    xs, ys = np.nonzero(diff)
    assert 30 <= xs.min() and xs.max() <= 66 and 38 <= ys.min() and ys.max() <= 53


def test_a_patched_eye_does_not_blink_but_the_other_does():
    spec = {"patch": True}
    still = drawn(spec, 96, t=0.0)
    blink = next(t for t in (i * 0.02 for i in range(400)) if (drawn(spec, 96, t=t) != still).any())
    xs, _ = np.nonzero((drawn(spec, 96, t=blink) != still).any(axis=2))
    assert xs.min() >= 48, "only the eye on the viewer's right closes"


def test_pipe_smoke_rises_and_a_ghost_flickers():
    for spec in (BOATSWAIN, GHOST):
        a, b = drawn(spec, 96, t=0.3), drawn(spec, 96, t=1.1)
        assert (a != b).any(), spec
    # without pipe or ghost nothing moves between blinks
    quiet = {"hat": "bicorne"}
    looks = {drawn(quiet, 96, t=i * 0.05).tobytes() for i in range(120)}
    assert len(looks) <= 2, "eyes open or closed, nothing else"
    smoke = [drawn(BOATSWAIN, 96, t=t) for t in (0.3, 0.6)]
    rows = np.nonzero((smoke[0] != smoke[1]).any(axis=2).any(axis=0))[0]
    assert rows.max() < 62, "smoke rises above the pipe"


def test_drawing_is_deterministic():
    for spec in CAPTAINS:
        P._CACHE.clear()
        a = drawn(spec, 72, t=3.3)
        P._CACHE.clear()
        b = drawn(spec, 72, t=3.3)
        assert (a == b).all(), spec


def test_no_module_randomness():
    from game.render import portrait_face, portrait_figure, portrait_pen
    for module in (P, portrait_pen, portrait_figure, portrait_face):
        tree = ast.parse(inspect.getsource(module))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
                assert not any(n and n.split(".")[0] == "random" for n in names), module


# --- the quick match's admirals (issue 33) ----------------------------------------------------

def test_every_quick_match_opponent_has_a_face_of_his_own():
    """Each opponent of each game's list has a portrait that checks out, and no two opponents
    of one list look alike; the same admiral keeps his face in every game."""
    from game.ai.opponents import ROSTERS
    from game.data.portrait import check_portrait
    faces = {}
    for mode, ladder in ROSTERS.items():
        seen = set()
        for o in ladder:
            assert check_portrait(o.portrait) == [], (mode, o.key)
            look = tuple(sorted(o.portrait.items()))
            assert look not in seen, (mode, o.key)
            seen.add(look)
            assert faces.setdefault(o.key, look) == look
