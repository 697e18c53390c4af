"""Every mode of the game, one entry each, above the rules (issue 19): the rules' own entry
(``game.rules.modes``: config, game, presets, notation), the computer players and their levels,
the placement styles, the strongest player, the soak's default level, what a campaign level
counts for its stars, and a seat's table (``game.tables``: what its battle screen reads, fed
here or over the network). Pure: no screen is imported here; the screens of each mode are
listed in ``game.scenes.modes``.

A new mode is a rules module with its entry in ``game.rules.modes``, a computer player
(``game.ai.player.Player``), a table (``game.tables``), one entry here and one in
``game.scenes.modes``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from .ai import korabliki as kor_ai
from .ai import naval as nv_ai
from .ai.arsenal import computer_setup
from .ai.captain import Captain
from .ai.layouts import STYLES, make_layout
from .ai.player import play_out
from .ai.shooters import LADDER, make_shooter
from .i18n.phrase import Join, Phrase, Said
from .rules import classic as cl
from .rules import korabliki as kor
from .rules import naval as nv
from .rules.errors import RuleError
from .rules.modes import MODES as RULES
from .rules.modes import Mode as Rules
from .tables.classic import ClassicTable
from .tables.korabliki import KorablikiTable
from .tables.naval import NavalTable


@dataclass(frozen=True)
class ModeEntry:
    key: str
    rules: Rules              # config, game, presets, notation (game.rules.modes)
    config_class: type
    game_class: type
    start: Callable           # (config, setups, first) -> a new game from both sides' set-ups
    levels: tuple             # the computer's levels, weakest first
    level_of: Callable        # (seat) -> the level a personality plays at in this mode
    player: Callable          # (level, config, rng, *, decide_rng, memory, style, fleet,
                              #  fresh) -> a Player; each mode takes what applies to it
    computer_setup: Callable  # (match, seat) -> the computer's set-up before the battle
    bench_game: Callable      # (config, players' levels, rng, first, styles) -> (game,
                              # players): the soak's and the duel's deal, from one generator
    placements: tuple         # the computer's placement styles a level may name
    best: str                 # the strongest level (the campaign's self-play)
    soak_level: str           # the soak's default level
    net_level: str            # the network bench's player: quick, and its games the shortest
    options: bool             # a campaign level may change its preset's options (§C)
    memory: bool              # its players may remember a person's habits (his profile)
    metrics: tuple            # what a campaign level may count for its stars ("at most")
    begins: str               # the words for who begins: "first" (fires first), "moves" (§K)
    measure: Callable         # (finished game or the player's table, player) -> {metric: value}
    table: type               # a seat's table: what its battle screen reads (game.tables)
    computer_draws: bool = False   # RULES.md §0: a draw may be offered to the computer
    ladder: tuple = ()        # the campaign's steps of opponents, weakest first (difficulty)
    feats: Callable = lambda game, player: set()   # (finished game, player) -> medals' feats
    hints: tuple = ()         # the teaching hints a campaign level of this mode may show
    hints_for: Callable = lambda events, player: []   # (events of one action, the person) ->
                                                      # the teaching hints they make apply
    strength: Callable = lambda view: (0, 0)   # (a player's view) -> (the enemy's decks or
                                               # pieces not yet destroyed, their total)
    words: Callable | None = None   # (config, preset, series) -> its rules in words (``describe``);
                                    # None: the mode's one set of rules, said by its name
    bench_levels: tuple = ()  # levels only the benches play (never in a menu or the ladder)
    match_kinds: tuple = ()   # issue 37: the game kinds one may queue for, (kind, preset) each,
    #                           or (kind, preset, levels): the hidden skills ``bench net --match``
    #                           gives its players of that kind (default: every level)

    def describe(self, config, *, preset: str | None = None, series: int = 1):
        """The rules of ``config`` in words, kept as keys and fields (``say(words, tr)`` writes
        them): a campaign level's (``preset``: the preset it builds on, and the level's every
        change to it) or those chosen for a match (``series``: games in it). A mode of one set
        of rules says its name and what it plays ("Naval 12×12: guns, torpedoes, planes")."""
        if self.words is None:
            return Phrase(f"mode.{self.key}")
        return self.words(config, preset, series)


def _classic_start(config, setups, first):
    return cl.play_game(config, [s if isinstance(s, cl.Setup) else cl.Setup(list(s))
                                 for s in setups], first)


def _classic_player(level: str, config, rng, *, decide_rng=None, memory=None, fleet=None,
                    fresh: bool = False, **_) -> Captain:
    return Captain(make_shooter(level, config, rng, memory), decide_rng, fleet=fleet, fresh=fresh)


def _naval_player(level: str, config, rng, **_):
    return nv_ai.make_naval_ai(level, rng)


def _korabliki_player(level: str, config, rng, *, style: str = "random", **_):
    ai = kor_ai.make_korabliki_ai(level, rng)
    if style in kor_ai.FORMATIONS and style != "random":
        ai.styles = (style,)          # a campaign level's formation style
    return ai


def naval_level(seat) -> str:
    """The Naval opponent for a personality: the cabin boy fires at random, the boatswain hunts,
    every officer above them is a Commodore. A campaign level may name the Naval level itself."""
    if seat.shooter in nv_ai.LEVELS:
        return seat.shooter
    return {"hunter": "gunner"}.get(seat.shooter, "commodore")


def korabliki_level(seat) -> str:
    """The «Кораблики» opponent for a personality: the cabin boy moves at random, the boatswain
    is a sailor, every officer above them plays as an admiral. A campaign level may name the
    level itself."""
    if seat.shooter in kor_ai.KORABLIKI_LEVELS:
        return seat.shooter
    return {"hunter": "sailor"}.get(seat.shooter, "admiral")


def _classic_measure(game, player: int) -> dict:
    return {"shots": cl.shot_stats(game, player)["shots"],
            "ships_lost": len(game.view(1 - player).enemy_sunk)}


def _naval_measure(game, player: int) -> dict:
    return {"volleys": nv.volley_stats(game, player)["volleys"],
            "ships_lost": len(game.sunk[player])}


def _korabliki_measure(game, player: int) -> dict:
    """His turns counted by his moves (as the game's own record has them, and as his table saw
    them: game.tables), and his pieces lost."""
    turns = sum(1 for _, _, events in game.history for e in events
                if isinstance(e, kor.Moved) and e.player == player)
    return {"turns": turns, "pieces_lost": len(game.lost[player])}


def _classic_feats(game, player: int) -> set:
    """A win without losing a ship; a fleet sunk within ``SHARPSHOOTER`` shots a deck."""
    from .rewards import SHARPSHOOTER
    if game.winner != player:
        return set()
    measured = _classic_measure(game, player)
    out = set()
    if measured["ships_lost"] == 0:
        out.add("untouched")
    if measured["shots"] <= SHARPSHOOTER * sum(game.config.sizes):
        out.add("sharpshooter")
    return out


def _naval_feats(game, player: int) -> set:
    """A won battle in which the player's torpedo struck a ship."""
    if game.winner != player:
        return set()
    struck = any(isinstance(r, nv.VolleyResult) and r.player == player
                 and r.torpedo_hit is not None for _, _, r in game.history)
    return {"torpedo_win"} if struck else set()


def _korabliki_feats(game, player: int) -> set:
    """A fort taken by a torpedo boat (the asking piece a TK), in a won game: the game is
    replayed from its set-ups to know which piece asked."""
    if game.winner != player:
        return set()
    replay = kor.KorablikiGame(game.config, game.setups, game.first)
    for p, action, events in game.history:
        if (p == player and isinstance(action, kor.Ask)
                and any(isinstance(e, kor.Asked) and e.outcome == "took-fort"
                        for e in events or ())):
            piece = replay.piece_at(action.ship)
            if piece is not None and piece.rank == kor.TK:
                return {"fort_by_boat"}
        replay.apply(action)
    return set()


# -- the rules in words (ModeEntry.describe) -------------------------------------------------

def _classic_words(config, preset: str | None, series: int):
    """Classic's rules (RULES.md §C, §A). A campaign level's: the preset it builds on with the
    board, then every option it changes from that preset ("Russian 10×10 · corners may touch");
    those chosen for a match: their preset (or "custom"), the board and, past one game, the
    series ("Salvo · 10×10 · best of 3"), and the arsenal's stock when it is on (§A) and the
    preset is not Arcade, which says it by its name. A preset's name that says its size
    already ("Large 18×18") is not followed by the board."""
    named = preset or cl.preset_of(config)
    board = f"{config.width}×{config.height}"
    joint = " " if preset else " · "

    def title(tr) -> str:
        name = tr(f"preset.{named}")
        return name if board in name else f"{name}{joint}{board}"

    words = [Said(title)]
    if preset is not None:
        words += _classic_changes(config, cl.PRESETS.get(preset, next(iter(cl.PRESETS.values()))))
    elif config.arsenal and named != "arcade":    # §A: a preset of its own says it already
        words.append(_arsenal_words(config))
    if series > 1:
        words.append(Phrase("rules.best_of", n=series))
    return Join(*words, sep=" · ")


def _classic_changes(config, base) -> list:
    """Every option of ``config`` that differs from the preset ``base``, in words."""
    words = []
    if config.sizes != base.sizes:
        words.append(Phrase("campaign.rule.fleet", sizes=" ".join(map(str, config.sizes))))
    for option in ("shapes", "touching"):
        if getattr(config, option) != getattr(base, option):
            words.append(Phrase(f"campaign.rule.{option}.{getattr(config, option)}"))
    if (config.salvo, config.salvo_shots) != (base.salvo, base.salvo_shots):
        words.append(Phrase(f"campaign.rule.salvo.{config.salvo}", n=config.salvo_shots))
    if config.mines != base.mines:
        words.append(Phrase("campaign.rule.mines", n=config.mines))
    if config.mines and config.mine_effect != base.mine_effect:
        words.append(Phrase(f"campaign.rule.mine_effect.{config.mine_effect}"))
    if config.mines and config.mines_touch and not base.mines_touch:
        words.append(Phrase("campaign.rule.mines_touch"))
    if config.sweepers != base.sweepers:
        words.append(Phrase("campaign.rule.sweepers", n=config.sweepers))
    for flag in ("halo", "announce", "relocate"):
        if getattr(config, flag) != getattr(base, flag):
            words.append(Phrase(f"campaign.rule.{flag}.{'on' if getattr(config, flag) else 'off'}"))
    if config.stock != base.stock:
        words.append(_arsenal_words(config) if config.arsenal
                     else Phrase("campaign.rule.no_arsenal"))
    return words


def _arsenal_words(config):
    """§A: the arsenal's stock in words, each weapon with a charge ("arsenal: radar ×2, …")."""
    return Phrase("campaign.rule.arsenal", stock=Join(
        *(Phrase(f"campaign.rule.charge.{weapon}", n=n) for weapon, n in config.stock.items()
          if n), sep=", "))


# -- teaching hints (game.hints): which events shown make which hint apply for ``player`` ----

def _classic_hints(events, player: int) -> list:
    """His first wounding hit ("shoot beside it"), his first sunk ship with its halo shown ("the
    cells around it are empty"), his first mine struck (C5), his first salvo (C4: the only
    action that answers with several shots); §A: the first of each weapon he fires that lands
    (``first_<weapon>``: a weapon's cells are answered inside its WeaponResult, so they teach
    no hit or salvo), and the first air strike or bomber an air defence shoots down, his or
    the enemy's (``air_defence``)."""
    mine = [e for e in events if isinstance(e, cl.ShotResult) and e.shooter == player]
    out = []
    for e in events:
        if isinstance(e, cl.WeaponResult):
            if e.downed is not None:
                out.append("air_defence")
            elif e.shooter == player:
                out.append(f"first_{e.weapon}")
    if any(e.outcome == cl.HIT for e in mine):
        out.append("first_hit")
    if any(e.outcome == cl.SUNK and e.halo for e in mine):
        out.append("first_sunk")
    if any(e.outcome == cl.MINE for e in mine):
        out.append("first_mine")
    if len(mine) > 1:
        out.append("first_salvo")
    return out


def _naval_hints(events, player: int) -> list:
    """His first volley answered; the torpedo ready (his turn comes after a volley: abilities
    are allowed from then on, §N) or used; the first air strike he sees, his or the enemy's."""
    results = [e for e in events if isinstance(e, nv.VolleyResult)]
    out = []
    if any(r.player == player for r in results):
        out.append("first_volley")
    his_turn = any(isinstance(e, nv.TurnChanged) and e.player == player for e in events)
    if (results and his_turn) or any(r.player == player and r.volley.torpedo is not None
                                     for r in results):
        out.append("first_torpedo")
    if any(r.volley.air for r in results):
        out.append("first_air")
    return out


def _korabliki_hints(events, player: int) -> list:
    """His first asking ("ЧТО ЭТО?") answered; the first time he must answer one (§K)."""
    out = []
    if any(isinstance(e, kor.Asked) and e.player == player for e in events):
        out.append("first_ask")
    if any(isinstance(e, kor.AnswerNeeded) and e.player == player for e in events):
        out.append("first_answer")
    return out


# -- the enemy fleet's strength as its opponent may know it (a boss's bar) ------------------

def _classic_strength(view) -> tuple:
    """Decks not yet hit of the enemy fleet, over all of its decks (§D: the Dutchman's decks
    left, a hit deck being lost for good)."""
    total = sum(view.config.sizes)
    left = sum(view.enemy_afloat)
    if not view.config.relocate:
        left -= sum(1 for m in view.target.values() if m == cl.HIT)
    return max(0, min(total, left)), total


def _naval_strength(view) -> tuple:
    """Ship cells not yet hit of the enemy fleet (its five ships are public), over all."""
    total = sum(nv.SHIP_CELLS[k] for k in view.enemy_afloat) + \
        sum(nv.SHIP_CELLS[k] for k, _ in view.enemy_sunk)
    hit = sum(1 for m in view.target.values() if m in (nv.HIT, nv.SUNK))
    return max(0, total - hit), total


def _korabliki_strength(view) -> tuple:
    """The enemy's pieces still on the board (every removal is seen, §K), over the fleet."""
    return len(view.enemy), kor.FLEET_SIZE


def _set_up_alone(match, i: int):
    """A player made for the purpose sets the seat up (the battle makes its own)."""
    return match.player(i).set_up(i)


def _classic_bench_game(config, levels, rng, first, styles=None):
    """Random fleets first (or each side's in its placement style, ``styles``); each computer
    decides with the deal's generator."""
    fleets = None
    if styles is not None:
        fleets = [make_layout(style, config, random.Random(rng.getrandbits(32)))
                  for style in styles]
    if config.air_defence:      # §A: each computer's air defences where they guard most
        setups = [computer_setup(config, rng, f) for f in (fleets or (None, None))]
        game = cl.play_game(config, setups, rng.randrange(2) if first is None else first)
    else:
        game = cl.new_game(config, rng, fleets=fleets, first=first)
    return game, [_classic_player(levels[p], config, random.Random(rng.getrandbits(32)),
                                  decide_rng=rng) for p in (0, 1)]


def _naval_bench_game(config, levels, rng, first, styles=None):
    players = [_naval_player(levels[p], config, random.Random(rng.getrandbits(32)))
               for p in (0, 1)]
    return nv.new_game(config, rng, fleets=[p.set_up(i) for i, p in enumerate(players)],
                       first=first), players


def _korabliki_bench_game(config, levels, rng, first, styles=None):
    players = [_korabliki_player(levels[p], config, random.Random(rng.getrandbits(32)),
                                 **({"style": styles[p]} if styles else {}))
               for p in (0, 1)]
    setups = [p.set_up(i) for i, p in enumerate(players)]
    return kor.KorablikiGame(config, setups, rng.randrange(2) if first is None else first), \
        players


MODES: dict[str, ModeEntry] = {
    "classic": ModeEntry(
        "classic", RULES["classic"], cl.ClassicConfig, cl.ClassicGame, _classic_start,
        levels=LADDER, level_of=lambda seat: seat.shooter, player=_classic_player,
        computer_setup=lambda match, i: match.computer_fleet(i),
        bench_game=_classic_bench_game, placements=STYLES, best="admiral", soak_level="hunter",
        net_level="hunter",
        options=True, memory=True, metrics=("shots", "ships_lost"), begins="first", measure=_classic_measure,
        table=ClassicTable,
        ladder=("random", "hunter", "parity", "density", "admiral"), feats=_classic_feats,
        hints=("first_hit", "first_sunk", "first_mine", "first_salvo", "first_radar",
               "first_air_strike", "first_bomber", "first_atomic", "air_defence"),
        hints_for=_classic_hints, strength=_classic_strength, words=_classic_words,
        # (the bench's Classic players: rungs that play apart; parity, density and the admiral
        #  are within 2.1 shots of one another, which no rating tells apart in 40 games)
        match_kinds=(("classic", "russian", ("random", "hunter", "admiral")),
                     ("arcade", "arcade")),
        bench_levels=("admiral_noarsenal",)),    # the Admiral that never fires its arsenal (§A)
    "naval": ModeEntry(
        "naval", RULES["naval"], nv.NavalConfig, nv.NavalGame, nv.NavalGame,
        levels=nv_ai.NAVAL_LEVELS, level_of=naval_level, player=_naval_player,
        computer_setup=_set_up_alone, bench_game=_naval_bench_game, placements=(),
        best="commodore", soak_level="gunner", net_level="gunner",
        options=False, memory=False, metrics=("volleys", "ships_lost"), begins="first", measure=_naval_measure,
        table=NavalTable,
        computer_draws=True, ladder=("random", "gunner", "navigator", "commodore"),
        feats=_naval_feats, hints=("first_volley", "first_torpedo", "first_air"),
        hints_for=_naval_hints, strength=_naval_strength, match_kinds=(("naval", "naval"),)),
    "korabliki": ModeEntry(
        "korabliki", RULES["korabliki"], kor.KorablikiConfig, kor.KorablikiGame,
        kor.KorablikiGame, levels=kor_ai.KORABLIKI_LEVELS, level_of=korabliki_level,
        player=_korabliki_player, computer_setup=_set_up_alone,
        bench_game=_korabliki_bench_game, placements=kor_ai.FORMATIONS, best="admiral",
        # the network bench's admirals: 466 moves a game between two, 1682 between sailors
        soak_level="sailor", net_level="admiral", options=False, memory=False,
        metrics=("turns", "pieces_lost"), begins="moves", measure=_korabliki_measure,
        table=KorablikiTable,
        computer_draws=True, ladder=("random", "sailor", "captain", "admiral"),
        feats=_korabliki_feats, hints=("first_ask", "first_answer"),
        hints_for=_korabliki_hints, strength=_korabliki_strength,
        match_kinds=(("korabliki", "korabliki"),)),
}


def match_kinds() -> dict:
    """Issue 37: every game kind one may queue for online, in the menu's order: kind ->
    (mode's key, its config). The lobby, the screens and the benches read only this."""
    return {kind: (key, entry.rules.presets[preset]) for key, entry in MODES.items()
            for kind, preset, *_ in entry.match_kinds}


def match_levels(kind: str) -> tuple:
    """The hidden skills ``bench net --match`` gives its players of ``kind``, weakest first."""
    for entry in MODES.values():
        for k, _, *levels in entry.match_kinds:
            if k == kind:
                return levels[0] if levels else entry.levels
    raise KeyError(kind)


def restore_game(data, mode: str, config):
    """A game kept with its battle in progress (its ``to_dict``: the set-ups and every move,
    replayed), of ``mode`` under ``config`` and not over; ValueError names what does not fit
    (a campaign's battle, a quick match's)."""
    found = data.get("mode") if isinstance(data, dict) else None
    if found != mode or mode not in MODES:
        raise ValueError(f"the saved battle is {found!r}, expected {mode!r}")
    try:
        game = MODES[mode].game_class.from_dict(data)
    except (RuleError, KeyError, TypeError, ValueError, IndexError) as exc:
        raise ValueError(f"the saved game cannot be replayed ({exc})") from None
    if game.config != config:
        raise ValueError("the rules have changed since the battle began")
    if game.over:
        raise ValueError("the saved battle is already over")
    return game


def mode_of(config) -> ModeEntry:
    """The mode whose rules ``config`` is for."""
    for entry in MODES.values():
        if type(config) is entry.config_class:
            return entry
    raise ValueError(f"no mode plays {type(config).__name__}")


SOAK_LIMIT = 60   # actions per cell of the board before a game counts as unfinished


def computer_game(config, levels, seed: int, first: int | None = None, timed=None,
                  styles=None):
    """A game of ``config`` between two computer levels (by seat), dealt from ``seed`` as the
    mode deals it and played out with ``game.ai.player.play_out`` (at most ``SOAK_LIMIT``
    actions per cell); return (game, actions). ``timed`` as ``play_out``'s; ``styles``: each
    seat's placement style (Classic) or formation (Кораблики), else the deal's own. The soak
    and duel benches and the tests play through here."""
    game, players = mode_of(config).bench_game(config, levels, random.Random(seed), first,
                                               styles)
    limit = SOAK_LIMIT * config.width * config.height
    return game, play_out(game, players, limit, timed)


def duel_winner(mode: str, levels, seed: int, first: int | None = None):
    """The winner (None: a draw or unfinished) of a game between two levels of ``mode`` under
    its first set of rules (Classic: Russian)."""
    config = next(iter(MODES[mode].rules.presets.values()))
    return computer_game(config, levels, seed, first)[0].winner
