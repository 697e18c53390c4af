"""What a campaign battle adds to the battle screens (issue 22): the teaching hints (which
events of real games make which hint apply, per mode; shown once per captain, only in the
campaign and only where the level lists them), the limits line, "Save and back to the chart",
and a boss's strength bar."""

import json
import random

import pygame
import pytest

from game.campaign import Voyage, make_match
from game.hints import HINTS, due
from game.modes import MODES
from game.rules import classic as cl
from game.rules import korabliki as kor
from game.rules import naval as nv
from game.rules.modes import MODES as RULES
from game.scenes.campaign.briefing import BriefingScene
from game.scenes.campaign.chart import VoyageScene
from game.scenes.classic.battle import BattleScene
from game.scenes.common.dialogs import PauseScene
from game.render import logpanel, theme

from .test_levels import level, write
from .test_scenes import click, frames, key
from .test_voyage import make_app, open_chart, sail

WORDS = {"en": "b", "ru": "b", "uk": "b", "no": "b"}


def played(config, seed: int, actions: int = 4000):
    """A real game of ``config`` at random (the rules' own random actions): [(player who
    acted, events)] for every action, and the game."""
    rng = random.Random(seed)
    game = RULES[_mode(config)].random_game(config, rng)
    out = []
    while not game.over and len(out) < actions:
        player = game.turn
        out.append((player, game.apply(RULES[_mode(config)].random_action(game, rng))))
    return out, game


def _mode(config) -> str:
    return next(k for k, e in MODES.items() if type(config) is e.config_class)


def hints(mode, events, player):
    found = MODES[mode].hints_for(events, player)
    assert set(found) <= set(HINTS[mode])
    return found


# --- which events make which hint apply, per mode ---------------------------------------------

def test_classic_hints_come_from_the_persons_own_shots():
    log, _ = played(cl.PRESETS["russian"], 3)
    seen = {"first_hit": 0, "first_sunk": 0}
    for player, events in log:
        shots = [e for e in events if isinstance(e, cl.ShotResult)]
        for me in (0, 1):
            found = hints("classic", events, me)
            if me != player or not shots:
                assert found == [], (player, me, events)   # the other side's shots teach nothing
                continue
            outcome = shots[0].outcome
            if outcome == cl.SUNK and not shots[0].halo:    # no halo shown: nothing to teach
                outcome = "bare"
            assert found == {cl.HIT: ["first_hit"], cl.SUNK: ["first_sunk"]}.get(outcome, [])
            if found:
                seen[found[0]] += 1
    assert seen["first_hit"] and seen["first_sunk"]


def test_classic_halo_off_has_no_sunk_hint_and_salvoes_and_mines_have_theirs():
    from dataclasses import replace
    log, _ = played(replace(cl.PRESETS["russian"], halo=False), 4)
    assert not any("first_sunk" in hints("classic", ev, p) for p, ev in log)
    log, _ = played(cl.PRESETS["salvo"], 5)
    salvoes = [(p, ev) for p, ev in log if sum(isinstance(e, cl.ShotResult) for e in ev) > 1]
    assert salvoes and all("first_salvo" in hints("classic", ev, p) for p, ev in salvoes)
    assert all("first_salvo" not in hints("classic", ev, 1 - p) for p, ev in salvoes)
    mines = [(p, ev) for seed in range(6, 12) for p, ev in played(cl.PRESETS["mines"], seed)[0]
             if any(isinstance(e, cl.ShotResult) and e.outcome == cl.MINE for e in ev)]
    assert mines and all("first_mine" in hints("classic", ev, p) for p, ev in mines)
    assert all("first_mine" not in hints("classic", ev, 1 - p) for p, ev in mines)


def test_naval_hints_the_volley_the_torpedo_when_abilities_open_and_the_air_strike():
    log, game = played(nv.NavalConfig(), 2)
    first = game.first
    results = [(p, ev) for p, ev in log if any(isinstance(e, nv.VolleyResult) for e in ev)]
    own = [(p, ev) for p, ev in results
           if any(isinstance(e, nv.VolleyResult) and e.player == first for e in ev)]
    assert own and all("first_volley" in hints("naval", ev, first) for _, ev in own)
    assert all("first_volley" not in hints("naval", ev, 1 - first) for _, ev in own
               if not any(isinstance(e, nv.VolleyResult) and e.player != first for e in ev))
    # the torpedo's hint: when his turn comes after a volley (abilities allowed from then on)
    ready = next(ev for _, ev in results
                 if any(isinstance(e, nv.TurnChanged) and e.player == 1 - first for e in ev))
    assert "first_torpedo" in hints("naval", ready, 1 - first)
    assert "first_torpedo" not in hints("naval", ready, first) or any(
        isinstance(e, nv.VolleyResult) and e.player == first and e.volley.torpedo is not None
        for e in ready)
    air = [ev for _, ev in results
           if any(isinstance(e, nv.VolleyResult) and e.volley.air for e in ev)]
    assert air and all("first_air" in hints("naval", ev, me) for ev in air for me in (0, 1))
    quiet = [ev for _, ev in log if not any(isinstance(e, nv.VolleyResult) for e in ev)]
    assert quiet and all(hints("naval", ev, me) == [] for ev in quiet for me in (0, 1))


def test_korabliki_hints_his_asking_and_the_answer_asked_of_him():
    asked = answers = 0
    for seed in range(3):
        log, _ = played(kor.KorablikiConfig(), seed, 1500)
        for player, events in log:
            for me in (0, 1):
                found = hints("korabliki", events, me)
                mine = any(isinstance(e, kor.Asked) and e.player == me for e in events)
                must = any(isinstance(e, kor.AnswerNeeded) and e.player == me for e in events)
                assert ("first_ask" in found) == mine
                assert ("first_answer" in found) == must
                asked += mine
                answers += must
    assert asked and answers


def test_a_hint_is_due_only_where_the_level_lists_it_and_only_once():
    class Lv:
        hints = ("first_hit",)

    class Pr:
        def __init__(self):
            self.hints = []

        def seen_hint(self, k):
            return k in self.hints

    p = Pr()
    assert due(Lv, p, ["first_sunk", "first_hit", "first_hit"]) == ["first_hit"]
    p.hints.append("first_hit")
    assert due(Lv, p, ["first_hit"]) == []


# --- through the screens -------------------------------------------------------------------

@pytest.fixture
def hints_dir(tmp_path):
    folder = tmp_path / "levels"
    folder.mkdir()
    write(folder, "1.json", level("one", order=1, unlocks=["two"], hints=["first_hit"],
                                  stars={"two": {"shots": 90}, "three": {"shots": 70,
                                                                         "ships_lost": 2}}))
    write(folder, "2.json", level("two", order=2))
    return folder


def hit(app, battle):
    """The person hits the enemy's longest ship; the cues play out."""
    ship = max(battle.game.ships[1], key=len)
    cell = next(c for c in ship if c not in battle.game.shots_at[1])
    battle.fire(cell)
    frames(app, 120)


def test_the_first_hit_shows_its_hint_once_per_captain(home, hints_dir):
    app = make_app(hints_dir)
    battle = sail(app, open_chart(app))
    assert battle.voyage.current is None
    hit(app, battle)
    assert battle.voyage.current == "first_hit"
    saved = json.loads((home / "campaign" / "player.json").read_text(encoding="utf-8"))
    assert saved["hints"] == ["first_hit"]           # seen, and saved at once
    frames(app, 1)
    assert battle.voyage.rect.w and battle.voyage.rect.colliderect(battle.log_rect)
    frames(app, 1, [key(pygame.K_ESCAPE)])           # Esc puts it away, and opens no pause
    assert battle.voyage.current is None and app.scenes.top is battle
    hit(app, battle)                                  # a second hit: nothing more
    assert battle.voyage.current is None
    app.quit()
    again = make_app(hints_dir)                       # the same captain, another screen
    open_chart(again)
    frames(again, 1, [key(pygame.K_RETURN), key(pygame.K_RETURN)])   # briefing, Resume
    battle = again.scenes.top
    assert isinstance(battle, BattleScene) and battle.voyage.active
    hit(again, battle)
    assert battle.voyage.current is None and battle.voyage.queue == []
    again.quit()


def test_a_hint_goes_away_with_enter_or_a_click_on_it(home, hints_dir):
    app = make_app(hints_dir)
    battle = sail(app, open_chart(app))
    hit(app, battle)
    frames(app, 1)
    shots = len(battle.game.history)
    frames(app, 1, [key(pygame.K_RETURN)])           # Enter is the hint's, not a shot
    assert battle.voyage.current is None and len(battle.game.history) == shots
    battle.voyage.current = "first_hit"
    frames(app, 1)
    rect = battle.voyage.rect
    frames(app, 1, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=rect.center, button=1)])
    assert battle.voyage.current is None
    app.quit()


def test_enter_after_a_typed_cell_fires_and_puts_the_hint_away(home, hints_dir):
    """Played by hand: the hint came up while the next cell was being typed; its Enter is the
    shot's (it was swallowed, and the next cell typed ran into the first: "b3d3")."""
    app = make_app(hints_dir)
    battle = sail(app, open_chart(app))
    hit(app, battle)
    frames(app, 1)
    assert battle.voyage.current == "first_hit" and battle.game.turn == 0
    cell = next((x, y) for y in range(10) for x in range(10)
                if (x, y) not in battle.game.shots_at[1])
    shots = len(battle.game.history)
    typed = [pygame.event.Event(pygame.TEXTINPUT, text=ch)
             for ch in "ABCDEFGHIJ"[cell[0]].lower() + str(cell[1] + 1)]
    frames(app, 1, typed + [key(pygame.K_RETURN)])
    assert battle.voyage.current is None
    assert len(battle.game.history) == shots + 1 and cell in battle.game.shots_at[1]
    app.quit()


def test_a_shot_puts_the_hint_away_and_it_never_hides_the_newest_line(home, hints_dir,
                                                                       monkeypatch):
    """Issue 33, defect 5: the hint covered the newest log lines for dozens of shots, and
    clicks on the board did not put it away."""
    app = make_app(hints_dir)
    battle = sail(app, open_chart(app))
    for n in range(12):                               # a long log: it fills its panel
        battle.log.append((f"line {n}", theme.TEXT))
    hit(app, battle)
    assert battle.voyage.current == "first_hit"
    drawn = {}
    real = logpanel.draw_line

    def spy(surface, words, pos, *a, **k):
        drawn[words] = pos
        return real(surface, words, pos, *a, **k)
    monkeypatch.setattr(logpanel, "draw_line", spy)
    frames(app, 1)
    monkeypatch.setattr(logpanel, "draw_line", real)
    newest = battle.log[-1][0]
    assert newest in drawn and battle.voyage.rect.w
    assert not battle.voyage.rect.collidepoint(drawn[newest])     # the newest line shows
    cell = next((x, y) for y in range(10) for x in range(10)
                if (x, y) not in battle.game.shots_at[1]
                and (x, y) not in battle.game.known_empty[1])
    frames(app, 1, click(battle.geo_of(1).center(cell)))        # a shot on the board
    assert battle.voyage.current is None
    app.quit()


def test_no_hint_where_the_level_does_not_list_it_nor_outside_the_campaign(home, tmp_path):
    folder = tmp_path / "lv"
    folder.mkdir()
    write(folder, "1.json", level("one", hints=["first_sunk"]))
    app = make_app(folder)
    battle = sail(app, open_chart(app))
    hit(app, battle)
    assert battle.voyage.current is None and battle.voyage.queue == []
    app.flow.to_title()
    from game.match import COMPUTER, HUMAN, Match, Seat
    match = Match(cl.PRESETS["russian"], (Seat(HUMAN, "Me"), Seat(COMPUTER, "Vanya", "random")),
                  first="0", seed=3)
    setups = [cl.random_setup(cl.PRESETS["russian"], random.Random(i)) for i in (1, 2)]
    quick = app.flow.battle(match, match.new_game(setups))
    app.scenes.push(quick)
    frames(app, 2)
    assert not quick.voyage.active
    hit(app, quick)
    assert quick.voyage.current is None and quick.voyage.queue == []
    app.quit()


# --- the limits line -----------------------------------------------------------------------

def test_the_limits_line_shows_the_measure_and_the_limits_of_the_difficulty(home, hints_dir):
    from game.scenes.common.voyage_battle import limit_parts
    app = make_app(hints_dir)
    voyage = Voyage(folder=hints_dir)
    lv = voyage.level("one")
    tr = app.tr
    words = lambda parts: " ".join(str(p[1]) if p[0] == "text" else "*" * p[1] for p in parts)
    parts = limit_parts(tr, MODES["classic"].metrics, {"shots": 48, "ships_lost": 1},
                        lv.limits("normal"))
    assert words(parts) == "Shots 48 · Ships lost 1 · ** ≤ 90 · *** ≤ 70, lost ≤ 2"
    hard = lv.limits("hard")
    assert hard["two"]["shots"] < 90
    between = hard["three"]["shots"] + 1
    assert between <= hard["two"]["shots"]
    parts = limit_parts(tr, MODES["classic"].metrics, {"shots": between, "ships_lost": 0}, hard)
    assert f"** ≤ {hard['two']['shots']}" in words(parts)
    colour = {p[1]: p[2] for p in parts if p[0] == "stars"}
    assert colour[2] == theme.ACCENT and colour[3] == theme.TEXT_DIM   # three already missed
    voyage.set_difficulty("hard")
    voyage.save()
    battle = sail(app, open_chart(app))
    assert battle.match.campaign.difficulty == "hard"
    hit(app, battle)
    assert battle.voyage._measured[1]["shots"] == 1
    frames(app, 1)
    assert battle.voyage.limits_rect.w > 0
    assert battle.voyage.limits_rect.right <= app.screen.get_width()
    app.quit()


# --- save and back to the chart --------------------------------------------------------------

def test_save_and_back_to_the_chart_resumes_with_the_same_moves(home, hints_dir):
    app = make_app(hints_dir)
    battle = sail(app, open_chart(app))
    enemy = [c for ship in battle.game.ships[1] for c in ship]
    for cell in enemy[:2]:
        battle.fire(cell)
        frames(app, 1, [key(pygame.K_SPACE)])
    water = next(c for c in [(x, y) for x in range(10) for y in range(10)] if c not in enemy
                 and c not in battle.game.shots_at[1])
    battle.fire(water)                                # a miss: the computer's turn next
    frames(app, 1)
    moves = battle.game.to_dict()["moves"]
    if battle.voyage.current is not None:             # the hit's hint takes the first Esc
        frames(app, 1, [key(pygame.K_ESCAPE)])
        assert app.scenes.top is battle
    frames(app, 1, [key(pygame.K_ESCAPE)])
    pause = app.scenes.top
    assert isinstance(pause, PauseScene)
    labels = [item.label() for item in pause.menu.items]
    assert "Save and back to the chart" in labels
    pause.menu.index = labels.index("Save and back to the chart")
    frames(app, 1, [key(pygame.K_RETURN)])
    chart = app.scenes.top
    assert isinstance(chart, VoyageScene)
    saved = chart.voyage.saved_battle()
    assert saved["level"] == "one" and saved["game"]["moves"] == moves
    assert chart._sail_label() == "Resume the battle"
    frames(app, 1, [key(pygame.K_RETURN)])            # the briefing offers to resume
    assert isinstance(app.scenes.top, BriefingScene) and app.scenes.top.saved is not None
    frames(app, 1, [key(pygame.K_RETURN)])            # Resume
    resumed = app.scenes.top
    assert isinstance(resumed, BattleScene) and resumed is not battle
    assert resumed.game.to_dict()["moves"] == moves
    assert resumed.game.to_dict() == battle.game.to_dict()
    app.quit()


def test_the_pause_of_a_quick_match_has_no_save_to_chart(home):
    from game.app import App
    from game.match import COMPUTER, HUMAN, Match, Seat
    app = App(size=(1280, 720), seed=3)
    cfg = cl.PRESETS["russian"]
    match = Match(cfg, (Seat(HUMAN, "Me"), Seat(COMPUTER, "Vanya", "random")), first="0",
                  seed=3)
    setups = [cl.random_setup(cfg, random.Random(i)) for i in (1, 2)]
    battle = app.flow.battle(match, match.new_game(setups))
    app.scenes.push(battle)
    frames(app, 2, [key(pygame.K_ESCAPE)])
    labels = [item.label() for item in app.scenes.top.menu.items]
    assert "Save and back to the chart" not in labels and "Resume" in labels[0]
    app.quit()


# --- the boss's strength bar -------------------------------------------------------------------

@pytest.mark.parametrize("mode", ["classic", "naval", "korabliki"])
def test_the_boss_bar_counts_what_the_person_knows(home, tmp_path, mode):
    ai = {"classic": "random", "naval": "random", "korabliki": "random"}[mode]
    folder = tmp_path / "lv"
    folder.mkdir()
    write(folder, "1.json", level("one", mode=mode, preset="russian" if mode == "classic"
                                  else None,
                                  opponent={"personality": "captain", "ai": ai,
                                            "name": {"en": "Boss", "ru": "Б", "uk": "Б",
                                                     "no": "B"}},
                                  boss={"stinger": "perelman", "before": WORDS,
                                        "after": WORDS}))
    app = make_app(folder)
    voyage = Voyage(folder=folder)
    lv = voyage.level("one")
    assert lv.boss is not None and lv.boss.bar
    match = make_match(lv, 5, "Me", voyage=voyage)
    opponent = match.players()[1]
    game = match.new_game([opponent.set_up(0), opponent.set_up(1)])
    entry = MODES[mode]
    left, total = entry.strength(game.view(0))
    assert left == total > 0
    rng = random.Random(2)
    knocked = False
    for _ in range(3000):
        if game.over:
            break
        game.apply(RULES[mode].random_action(game, rng))
        now = entry.strength(game.view(0))
        assert now[1] == total and 0 <= now[0] <= left       # it only ever goes down
        knocked |= now[0] < left
        left = now[0]
    assert knocked
    if game.over and game.winner == 0 and mode != "korabliki":
        assert left == 0
    battle = app.flow.battle(make_match(lv, 5, "Me", voyage=voyage),
                             match.new_game([opponent.set_up(0), opponent.set_up(1)]))
    app.scenes.push(battle)
    frames(app, 3)
    assert battle.voyage.shows_boss
    rect = battle.boss_rect()
    assert rect.w > 100 and app.screen.get_rect().contains(rect)
    app.quit()


@pytest.mark.parametrize("mode", ["classic", "naval", "korabliki"])
def test_a_boss_voice_makes_its_own_remarks_in_every_mode(home, tmp_path, mode, monkeypatch):
    """A level's opponent with a boss's voice (``BOSS_VOICES``) speaks its lines,
    ``remark.<voice>.<trigger>.<n>``, in every mode's battle (the «Кораблики» screen has bluffs
    of its own for the others)."""
    from game.ai import opponents
    from game.scenes.korabliki import battle as kor_battle
    voices = tuple(opponents.BOSS_VOICES) or ("odessan",)
    monkeypatch.setattr(opponents, "BOSS_VOICES", voices)
    monkeypatch.setattr(kor_battle, "BOSS_VOICES", voices)
    from game.match import COMPUTER, HUMAN, Match, Seat
    from game.app import App
    app = App(size=(1280, 720), seed=3)
    cfg = next(iter(MODES[mode].rules.presets.values()))
    level_ai = MODES[mode].levels[0]
    match = Match(cfg, (Seat(HUMAN, "Me"), Seat(COMPUTER, "Boss", level_ai,
                                                opponent=voices[0])), first="0", seed=3)
    them = match.players()[1]
    game = match.new_game([them.set_up(0), them.set_up(1)])
    battle = app.flow.battle(match, game)
    for trigger in ("start", "we_win"):           # said every time (opponents.CHANCE 1.0)
        battle._remark(1, trigger)
        words, _ = battle.log.raw()[-1]
        assert words.key == "battle.remark"
        assert words.fields["text"].key.startswith(f"remark.{voices[0]}.{trigger}.")
    app.quit()


# --- the captain's paint and flag on his fleet ------------------------------------------------

def _board_pixels(livery, ships):
    from game.render.board import BoardGeometry, BoardPicture, draw_board
    from game.rules.coords import board_letters
    surf = pygame.Surface((420, 420))
    geo = BoardGeometry.fit(pygame.Rect(0, 0, 420, 420), 10, 10)
    draw_board(surf, geo, BoardPicture(ships=ships, livery=livery),
               board_letters("latin", 10, 10), 0.0)
    return pygame.image.tobytes(surf, "RGB")


def test_grey_with_the_ensign_looks_exactly_as_before_and_a_paint_does_not():
    from game.render.paint import PLAIN, Livery
    setup = cl.random_setup(cl.PRESETS["russian"], random.Random(5))
    ships = [tuple(s) for s in setup.ships]
    plain = _board_pixels(None, ships)
    assert _board_pixels(PLAIN, ships) == plain
    assert _board_pixels(Livery("grey", "ensign"), ships) == plain
    navy = _board_pixels(Livery("navy", "ensign"), ships)
    assert navy != plain
    assert _board_pixels(Livery("navy", "jolly"), ships) != navy     # the flag flies
    assert _board_pixels(Livery("grey", "jack"), ships) != plain


def test_every_sprite_is_cached_per_size_and_paint():
    from game.render.board import livery_colours, ship_surface
    from game.render.korabliki import piece_surface
    from game.render.paint import Livery, flag_surface
    cells = [(2, 3), (3, 3), (4, 3)]
    for paint in ("grey", "navy", "dazzle"):
        colours = livery_colours(Livery(paint))
        first = ship_surface(30, cells, *colours)[0]
        assert ship_surface(30, cells, *colours)[0] is first
        assert ship_surface(31, cells, *colours)[0] is not first
    assert ship_surface(30, cells, *livery_colours(Livery("navy")))[0] is not \
        ship_surface(30, cells, *livery_colours(Livery("sand")))[0]
    fort = piece_surface(kor.FORT, 40, (90, 200, 255), True, flag="jack")
    assert piece_surface(kor.FORT, 40, (90, 200, 255), True, flag="jack") is fort
    assert piece_surface(kor.FORT, 40, (90, 200, 255), True) is not fort
    assert flag_surface("jolly", 20, 14) is flag_surface("jolly", 20, 14)


def wear(app, paint: str, flag: str) -> None:
    """The captain at the helm chooses ``paint`` and ``flag`` (saved with his progress)."""
    from game.data.progress import ProgressStore
    store = ProgressStore()
    progress = store.load(app.settings.profile)
    progress.paint, progress.flag = paint, flag
    store.save(progress)


def test_the_persons_fleet_wears_his_captains_paint_in_campaign_and_quick_match(home, hints_dir):
    from game.match import COMPUTER, HUMAN, Match, Seat
    from game.render.paint import Livery
    from game.scenes.common.voyage_battle import liveries
    app = make_app(hints_dir)
    wear(app, "dazzle", "jolly")
    battle = sail(app, open_chart(app))                 # the campaign
    assert battle.livery_of(0) == Livery("dazzle", "jolly") and battle.livery_of(1) is None
    frames(app, 2)
    app.flow.to_title()
    cfg = cl.PRESETS["russian"]
    quick = Match(cfg, (Seat(HUMAN, "Me"), Seat(COMPUTER, "Vanya", "random")), seed=3)
    assert liveries(app, quick) == {0: Livery("dazzle", "jolly")}
    two = Match(cfg, (Seat(HUMAN, "A"), Seat(HUMAN, "B")), seed=3)
    assert liveries(app, two) == {}                     # two people: nobody's captain
    computers = Match(cfg, (Seat(COMPUTER, "A", "random"), Seat(COMPUTER, "B", "random")))
    assert liveries(app, computers) == {}
    app.quit()


@pytest.mark.parametrize("mode", ["naval", "korabliki"])
def test_naval_ships_and_korabliki_pieces_take_the_paint(home, tmp_path, mode):
    from game.render.paint import Livery
    folder = tmp_path / "lv"
    folder.mkdir()
    write(folder, "1.json", level("one", mode=mode, preset=None,
                                  opponent={"personality": "captain", "ai": "random",
                                            "name": {"en": "X", "ru": "X", "uk": "X",
                                                     "no": "X"}}))
    shots = []
    for paint in (("grey", "ensign"), ("red_lead", "pennant"), ("grey", "ensign")):
        app = make_app(folder)
        voyage = Voyage(folder=folder)
        voyage.progress.paint, voyage.progress.flag = paint
        lv = voyage.level("one")
        match = make_match(lv, 5, "Me", voyage=voyage)
        them = match.players()[1]
        battle = app.flow.battle(match, match.new_game([them.set_up(0), them.set_up(1)]))
        app.scenes.push(battle)
        frames(app, 2)
        assert battle.livery_of(0) == Livery(*paint)
        battle.draw(app.screen)
        own = battle.geo_of(0).grid if mode == "naval" else battle.geo.grid
        shots.append(pygame.image.tobytes(app.screen.subsurface(own), "RGB"))
        app.quit()
    assert shots[0] == shots[2] and shots[0] != shots[1]   # the same picture, but for the paint


def test_the_placement_screen_shows_the_fleet_in_its_paint(home, hints_dir):
    from game.render.paint import Livery
    from game.scenes.classic.placement import PlacementScene
    app = make_app(hints_dir)
    wear(app, "sand", "signal")
    open_chart(app)
    frames(app, 1, [key(pygame.K_RETURN), key(pygame.K_RETURN)])     # briefing, Set sail
    placement = app.scenes.top
    assert isinstance(placement, PlacementScene)
    assert placement.livery == Livery("sand", "signal")
    frames(app, 1, [key(pygame.K_a)])

    def grid():
        surf = pygame.Surface(app.screen.get_size())
        placement.draw(surf)                        # the same moment each time
        return pygame.image.tobytes(surf.subsurface(placement.geo.grid), "RGB")
    painted = grid()
    assert grid() == painted
    placement.livery = None                                           # the plain grey
    assert grid() != painted
    app.quit()


def test_dazzle_paints_bands_over_the_hull_only_and_keeps_them_cached():
    from game.render.board import livery_colours, ship_surface
    from game.render.paint import Livery
    cells = [(0, 0), (1, 0), (2, 0), (3, 0)]
    white = ship_surface(32, cells, *livery_colours(Livery("dazzle")))[0]
    assert ship_surface(32, cells, *livery_colours(Livery("dazzle")))[0] is white
    from game.rewards import PAINT_COLOURS
    deck = PAINT_COLOURS["dazzle"]["deck"]
    w, h = white.get_size()
    pixels = [white.get_at((x, y)) for x in range(w) for y in range(h)]
    assert any(p.a and tuple(p)[:3] == deck for p in pixels)           # bands on the hull
    navy = ship_surface(32, cells, *livery_colours(Livery("navy")))[0]
    bare = [navy.get_at((x, y)).a == 0 for x in range(w) for y in range(h)]
    assert [p.a == 0 for p in pixels] == bare        # nothing painted off the ship


def test_the_game_over_shows_the_fleet_in_its_paint(home, hints_dir):
    from game.render.paint import Livery
    from game.scenes.classic.gameover import GameOverScene
    from .test_scenes import finish_by_human
    app = make_app(hints_dir)
    wear(app, "red_lead", "pennant")
    battle = sail(app, open_chart(app))
    finish_by_human(app, battle)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    assert over.liveries == {0: Livery("red_lead", "pennant")}
    frames(app, 2)
    app.quit()
