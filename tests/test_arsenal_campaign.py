"""The campaign's arsenal ports (issue 36, part 6): a teaching hint per weapon of RULES.md §A
(the radar, the air strike, the bomber, the atomic bomb, and the air defence that shoots a
strike down), each from the events that make it apply and shown once per captain; the four
ports that teach and then test the arsenal load, check out, are reached from the voyage and
say the arsenal in their rules' words."""

import random
from dataclasses import replace

import pytest

from game.hints import HINTS, due
from game.modes import MODES
from game.rules import classic as cl
from game.rules.modes import MODES as RULES

from .test_classic_arsenal import MANY, start

GUARDED = replace(MANY, air_defence=1)     # every weapon, and one air defence each at H8

ARSENAL_HINTS = ("first_radar", "first_air_strike", "first_bomber", "first_atomic",
                 "air_defence")


def hints(events, player):
    found = MODES["classic"].hints_for(events, player)
    assert set(found) <= set(HINTS["classic"])
    return found


# --- the hints: which events make which apply -----------------------------------------------

@pytest.mark.parametrize("weapon, key, cell", [
    (cl.RADAR, "first_radar", (5, 5)), (cl.AIR_STRIKE, "first_air_strike", (5, 5)),
    (cl.BOMBER, "first_bomber", (0, 5)), (cl.ATOMIC, "first_atomic", (5, 5))])
def test_each_weapon_he_fires_teaches_its_own_hint_and_not_the_other_sides(weapon, key, cell):
    game = start()                          # A (0) to move, weapons allowed (§A: not turn one)
    events = game.apply(cl.UseWeapon(weapon, cell))
    assert key in hints(events, 0)
    assert [k for k in hints(events, 0) if k in ARSENAL_HINTS] == [key]   # one weapon, one hint
    assert not set(hints(events, 1)) & set(ARSENAL_HINTS)                 # the enemy's weapon
    # a weapon's cells are answered inside its WeaponResult (§A): no hit or salvo hint from it
    assert "first_salvo" not in hints(events, 0)


@pytest.mark.parametrize("weapon, cell", [(cl.AIR_STRIKE, (7, 6)), (cl.BOMBER, (0, 6))])
def test_a_strike_shot_down_teaches_the_air_defence_to_both_sides(weapon, cell):
    """§A: "The first enemy air strike or bomber whose cells include any cell within one cell
    of it ... is shot down whole": the shooter learns what guards there, the owner what his
    air defence did; the strike itself did nothing, so its own hint waits for one that lands."""
    game = start(GUARDED, defences=[[(7, 7)], [(7, 7)]])
    events = game.apply(cl.UseWeapon(weapon, cell))
    assert next(e for e in events if isinstance(e, cl.WeaponResult)).downed == (7, 7)
    for player in (0, 1):
        found = hints(events, player)
        assert "air_defence" in found and not {"first_air_strike", "first_bomber"} & set(found)


def test_the_radar_and_the_bomb_pass_the_air_defence_and_teach_no_shooting_down():
    game = start(GUARDED, defences=[[(7, 7)], [(7, 7)]])
    events = game.apply(cl.UseWeapon(cl.RADAR, (7, 6)))
    assert "air_defence" not in hints(events, 0) + hints(events, 1)
    game.apply(cl.Shot((9, 6)))                                        # B misses
    events = game.apply(cl.UseWeapon(cl.ATOMIC, (7, 7)))              # destroys it, not downed
    assert "air_defence" not in hints(events, 0) + hints(events, 1)


def test_plain_shots_teach_no_arsenal_hint():
    game = start(cl.PRESETS["arcade"], defences=[[(7, 7)], [(7, 7)]])
    for cell in [(0, 0), (1, 0), (9, 3), (4, 4)]:
        if game.over:
            break
        events = game.apply(cl.Shot(cell))
        assert not {k for p in (0, 1) for k in hints(events, p)} & set(ARSENAL_HINTS)


def test_in_random_arcade_games_every_weapon_of_his_and_no_other_event_teaches_it():
    """Real games of the Arcade preset played at random by the rules: each hint comes exactly
    with the WeaponResults that make it apply."""
    seen = set()
    for seed in range(3):
        rng = random.Random(seed)
        game = RULES["classic"].random_game(cl.PRESETS["arcade"], rng)
        while not game.over:
            player = game.turn
            events = game.apply(RULES["classic"].random_action(game, rng))
            fired = [e for e in events if isinstance(e, cl.WeaponResult)]
            for me in (0, 1):
                expected = []
                for e in fired:
                    if e.downed is not None:
                        expected.append("air_defence")
                    elif e.shooter == me:
                        expected.append("first_" + e.weapon)
                found = [k for k in hints(events, me) if k in ARSENAL_HINTS]
                assert found == expected, (player, me, events)
                seen.update(found)
    assert {"first_radar", "first_air_strike", "first_bomber", "first_atomic"} <= seen


def test_each_arsenal_hint_is_shown_once_per_captain_and_only_where_the_level_lists_it(shipped):
    from game.data.progress import Progress
    lerwick = shipped[0]["lerwick"]                     # it lists first_radar alone
    progress = Progress("captain")
    game = start()
    events = game.apply(cl.UseWeapon(cl.RADAR, (5, 5)))
    assert due(lerwick, progress, hints(events, 0)) == ["first_radar"]
    progress.mark_hint("first_radar")
    game.apply(cl.Shot((9, 6)))                                          # B misses
    assert due(lerwick, progress, hints(game.apply(cl.UseWeapon(cl.RADAR, (2, 2))), 0)) == []
    game.apply(cl.Shot((9, 7)))
    events = game.apply(cl.UseWeapon(cl.ATOMIC, (5, 5)))                  # not on this level
    assert "first_atomic" in hints(events, 0) and due(lerwick, progress, hints(events, 0)) == []


def test_every_arsenal_hint_has_its_words_in_every_language():
    from game.i18n import LANGUAGES, table
    english = table("en")
    for lang in LANGUAGES:
        words = table(lang)
        for key in ARSENAL_HINTS:
            assert words.get(f"hint.{key}"), (lang, key)
            if lang != "en":
                assert words[f"hint.{key}"] != english[f"hint.{key}"], (lang, key)



# --- the four arsenal ports ------------------------------------------------------------------

PORTS = ("lerwick", "torshavn", "alesund", "narvik")
TEACHES = {"lerwick": {"first_radar"},
           "torshavn": {"first_air_strike", "first_bomber", "air_defence"},
           "alesund": {"first_atomic"}, "narvik": set()}


@pytest.fixture(scope="module")
def shipped():
    from game.levels import load_levels, load_voyages
    levels, problems = load_levels()
    voyages, _ = load_voyages()
    assert not problems
    return {lv.id: lv for lv in levels}, voyages


def test_the_arsenal_ports_teach_weapon_by_weapon_then_test_it_all(shipped):
    """Issue 36, part 6: each port teaches with its weapons only and lists the hints of what
    it teaches (each hint on one port); the last gives both sides the whole Arcade stock
    against the top of the ladder."""
    by_id, _ = shipped
    stocks = {lid: {w: n for w, n in by_id[lid].config.stock.items() if n} for lid in PORTS}
    assert stocks["lerwick"] == {"radar": 2}
    assert stocks["torshavn"] == {"radar": 1, "air_strike": 1, "bomber": 1, "air_defence": 1}
    assert stocks["alesund"] == {"radar": 1, "atomic": 1, "air_defence": 1}
    assert by_id["narvik"].config == cl.PRESETS["arcade"]
    assert by_id["narvik"].opponent.ai == MODES["classic"].ladder[-1]
    for lid in PORTS:
        lv = by_id[lid]
        assert lv.mode == "classic" and lv.voyage == "arctic" and lv.preset == "arcade", lid
        assert set(lv.hints) == TEACHES[lid], lid
        assert lv.at is not None and set(lv.route) == set(lv.unlocks), lid
        for lang in ("en", "ru", "uk", "no"):
            assert lv.name(lang) and lv.text("briefing", lang) and lv.text("victory", lang)
            assert lv.text("defeat", lang) and lv.text("port", lang)
    assert set().union(*TEACHES.values()) == set(ARSENAL_HINTS)


def test_the_branch_opens_from_loch_ewe_and_rejoins_the_convoy_at_hammerfest(shipped):
    from game.levels import open_levels
    by_id, voyages = shipped
    levels = list(by_id.values())
    europe = {lv.id for lv in levels if lv.voyage == "europe"}
    assert "lerwick" not in open_levels(levels, europe, voyages)
    assert "lerwick" not in open_levels(levels, europe - {"voyage-end"} | {"loch-ewe"}, voyages)
    won = europe | {"loch-ewe"}
    assert {"hvalfjordur", "lerwick"} <= open_levels(levels, won, voyages)   # a fork
    for here, there in zip(PORTS, PORTS[1:] + ("hammerfest",)):
        assert there not in open_levels(levels, won, voyages), there
        won = won | {here}
        assert there in open_levels(levels, won, voyages), there
    # the branch alone reaches the rest of the voyage, and the voyage still ends at its boss
    assert open_levels(levels, won | {"hammerfest", "polyarny", "arkhangelsk"}, voyages) >= \
        {"novaya-zemlya"}
    last = max((lv for lv in levels if lv.voyage == "arctic"), key=lambda lv: lv.order)
    assert last.id == "novaya-zemlya"


@pytest.mark.parametrize("lang, word", [("en", "arsenal"), ("ru", "арсенал"),
                                        ("uk", "арсенал"), ("no", "arsenal")])
def test_the_rules_line_of_each_arsenal_port_says_its_arsenal(shipped, lang, word):
    """The briefing's rules: a port that changes the Arcade stock says the stock it plays
    with; the one that keeps it says Arcade by name."""
    from game.i18n import Translator
    from game.i18n.phrase import say
    by_id, _ = shipped
    tr = Translator(lang)
    for lid in PORTS:
        lv = by_id[lid]
        words = say(MODES["classic"].describe(lv.config, preset=lv.preset), tr)
        assert tr("preset.arcade") in words, (lid, words)
        if lid == "narvik":
            assert word not in words.lower(), words        # the preset's name says it all
            continue
        assert word in words.lower(), (lid, words)
        for weapon, n in lv.config.stock.items():
            charge = tr(f"campaign.rule.charge.{weapon}", n=n)
            assert (charge in words) == bool(n), (lid, weapon, words)


@pytest.mark.parametrize("lid", ["lerwick", "torshavn"])
def test_an_arsenal_port_plays_the_same_from_the_same_seed(shipped, lid):
    from game.campaign import autoplay
    by_id, _ = shipped
    first, again = autoplay(by_id[lid], 7), autoplay(by_id[lid], 7)
    assert first.over and first.to_dict() == again.to_dict()
    assert any(isinstance(r, cl.WeaponResult) for _, _, r in first.history)   # the arsenal used


# --- the hint's panel in an arsenal battle ---------------------------------------------------

@pytest.mark.parametrize("lang", ["ru", "uk", "en", "no"])
def test_each_arsenal_hint_shows_whole_at_800x600_and_the_newest_log_line_with_it(
        home, tmp_path, monkeypatch, lang):
    """Played at 800×600: the arsenal's row under each field leaves the log little room, and
    the hint's panel (at most half of it) showed one line of the radar's words and cut the
    rest. Every arsenal hint is drawn whole, and the log's newest line still shows."""
    from game.render import logpanel, theme
    from game.render import voyage_battle as art
    from game.scenes.common import voyage_battle as scene

    from .test_levels import level, write
    from .test_scenes import frames
    from .test_voyage import make_app, open_chart, sail

    folder = tmp_path / "levels"
    folder.mkdir()
    write(folder, "1.json", level("one", preset="arcade", first="player",
                                  hints=list(ARSENAL_HINTS)))
    app = make_app(folder, size=(800, 600))
    app.settings.language = lang
    app.apply_settings()
    battle = sail(app, open_chart(app))
    for n in range(12):                               # a long log: it fills its panel
        battle.log.append((f"line {n}", theme.TEXT))
    for key in ARSENAL_HINTS:
        battle.voyage.current = key
        drawn, lines = [], {}
        real_text, real_line, real_panel = art.text.draw, logpanel.draw_line, scene.hint_panel

        def panel(surface, *a, **k):                  # the words the hint's panel draws
            monkeypatch.setattr(art.text, "draw", lambda s, w, *b, **c: drawn.append(w) or
                                real_text(s, w, *b, **c))
            try:
                return real_panel(surface, *a, **k)
            finally:
                monkeypatch.setattr(art.text, "draw", real_text)
        monkeypatch.setattr(scene, "hint_panel", panel)
        monkeypatch.setattr(logpanel, "draw_line", lambda s, w, pos, *a, **k: lines.update(
            {w: pos}) or real_line(s, w, pos, *a, **k))
        frames(app, 1)
        monkeypatch.setattr(scene, "hint_panel", real_panel)
        monkeypatch.setattr(logpanel, "draw_line", real_line)
        assert " ".join(drawn).split() == app.tr(f"hint.{key}").split(), (key, drawn)
        newest = battle.log[-1][0]
        assert newest in lines and not battle.voyage.rect.collidepoint(lines[newest]), key
    app.quit()
