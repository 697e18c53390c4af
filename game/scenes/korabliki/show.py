"""How the events of a «Кораблики» turn are shown (RULES.md §K): a piece sliding to its new
cell, the guns of an asking act and the answer floating over the target, a torpedo's strike,
sunk pieces going down, and the atomic blast with its chain. What the board shows
(``display``) changes on these cues, never before.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...i18n.phrase import Phrase, Said
from ...rules import korabliki as kr
from ...render import theme
from ...render.korabliki import rank_label, rank_name
from ...match import COMPUTER

TORPEDO_RUN = 0.4  # seconds a torpedo takes to reach the piece beside it

BLAST_LINE = 4     # pieces a blast turns up, named per line of the log
SLIDE = 0.22       # seconds a piece takes to slide one step
BIG = (kr.LIN, kr.FORT)   # the pieces whose loss is a moment of its own


@dataclass
class Shown:
    """A piece as the board shows it now."""

    owner: int
    rank: str
    revealed: bool


@dataclass
class Ghost:
    """A piece leaving the board (sinking), or one sliding to its new cell."""

    owner: int
    rank: str
    revealed: bool
    start: tuple          # pixel centres
    end: tuple
    t: float
    span: float
    sinking: bool


@dataclass
class BlastShow:
    centre: kr.Cell
    zone: tuple
    t: float = 0.0
    span: float = 4.0


def scorched_zones(history) -> list:
    """The 5×5 squares every atomic blast of a game's ``history`` has scorched (a chain: both),
    each as (its centre, its cells)."""
    zones = []
    for _, _, events in history:
        for e in events if isinstance(events, (list, tuple)) else ():
            if isinstance(e, kr.Blast):
                zones.append((e.centre, tuple(e.zone)))
                if e.chained is not None:
                    zones.append((e.chained, tuple(e.chain_zone)))
    return zones


class EventShow:
    """A mixin for the «Кораблики» battle scene: the cues of each event on its ``timeline``,
    with its ``effects``, ``strike`` (torpedo runs, mines, sweeps, the blast's column:
    render/strike.py), ``display``, ``ghosts``, ``blasts`` and ``scorched`` (the squares
    blasts have left burnt, for the rest of the game); ``centre``, ``geo``, ``_log``,
    ``_remark``, ``_sound``, ``play`` and ``_queue`` come from the scene."""

    def show(self, events, together: bool = False) -> None:
        """Queue the animation of ``events`` (what one action caused). A remote game's events
        come here from the server (issue 23)."""
        self._queue(events)

    def _rank_words(self, rank: str, n: int = 1, tr=None) -> str:
        """A rank's short name, with the number of ships of a block ("2 ES")."""
        label = rank_label(tr or self.tr, rank)
        return label if n == 1 else f"{n} {label}"

    def _show_move(self, e: kr.Moved, at: float) -> float:
        shown = self.display.get(e.frm)
        if shown is None:
            return at
        path = [e.frm] + ([e.via] if e.via else []) + [e.to]

        def go(skipping):
            piece = self.display.pop(e.frm, None)
            if piece is None or skipping:
                if piece is not None:
                    self.display[e.to] = piece
                return
            for i in range(len(path) - 1):
                self.ghosts.append(Ghost(piece.owner, piece.rank, piece.revealed,
                                         self.centre(path[i]), self.centre(path[i + 1]),
                                         -i * SLIDE, SLIDE, False))
        self.timeline.add(at, go)
        end = at + SLIDE * (len(path) - 1)
        self.timeline.add(end, lambda s: self._land(e.to, shown))
        if e.via:        # a torpedo boat's two steps: the log names the cell it passed
            words = Phrase("kor.log.move_via", frm=self._cell(e.frm), via=self._cell(e.via),
                           to=self._cell(e.to))
        else:
            words = Phrase("kor.log.move", frm=self._cell(e.frm), to=self._cell(e.to))
        self.timeline.add(end, lambda s: self._log(e.player, words))
        return end + 0.05

    def _land(self, cell, shown: Shown) -> None:
        self.display[cell] = shown

    def _ask_answer(self, e: kr.AnswerNeeded, at: float) -> float:
        """The asked side chooses its answer: the computer at once, a person by the prompt
        (two people on one screen: the hand-over came first, _hand_over_first)."""
        self.block_index = 0
        if self.seat(e.player).kind == COMPUTER:
            self.timeline.add(at + self.AI_THINK, self._computer_move)
            return at + self.AI_THINK
        self.timeline.add(at, lambda s: self._log(
            1 - e.player, Phrase("kor.log.asks", cell=self._cell(e.target))))
        return at

    def _show_asked(self, e: kr.Asked, at: float) -> float:
        asker, target = self.centre(e.ship), self.centre(e.target)
        n = len(e.answered)

        def guns(skipping):
            if skipping:
                return
            self.effects.muzzle(asker)
            self.effects.muzzle(target)
            self.app.sound("launch", 0.6)
            px = max(14, self.geo.cell // 2)
            self.effects.float_text(self._rank_words(e.rank, n), (target[0], target[1] - px), px,
                                    theme.ACCENT, bounds=self.geo.grid)
            for c in e.answered:      # turned up: its rank now shown (online the board
                if c in self.display:   # had none for it, issue 23)
                    self.display[c].revealed, self.display[c].rank = True, e.rank
        words = Phrase(f"kor.log.asked_{e.outcome.replace('-', '_')}",
                       target=self._cell(e.target),
                       rank=Said(lambda tr: self._rank_words(e.rank, n, tr)))
        deed = {"won": "hit", "took-fort": "sink", "swept": "hit"}.get(e.outcome, "miss")

        def told(skipping):            # the outcome in the log as the pieces show it
            self._log(e.player, words)
            for p in self.ais:
                self._remark(p, ("we_" if e.player == p else "they_") + deed)
        self.timeline.add(at, guns)
        if e.outcome == "swept":
            self.timeline.add(at + 0.1, lambda s: self._sweep(e.ship, e.target, s))
        elif e.outcome == "mined":
            self.timeline.add(at + 0.35, lambda s: self._mine_blows(e.target, s))
        elif e.outcome == "torpedoed":
            self.timeline.add(at + 0.35, lambda s: self._burst(e.target, s))
        self.timeline.add(at + 0.5, lambda s: self._sink(e.removed, s))
        self.timeline.add(at + 0.5, told)
        return at + 1.1

    def _sweep(self, ship, mine, skipping: bool) -> None:
        """A minesweeper takes a mine: its sweep wire runs out to it and the mine bobs up."""
        if not skipping:
            self.strike.sweep(self.centre(ship), self.centre(mine), self.geo.cell)
        self._sound("sweep", skipping, self.centre(mine)[0])

    def _mine_blows(self, cell, skipping: bool) -> None:
        """A mine goes off: a column of water and a shock ring."""
        pos = self.centre(cell)
        if not skipping:
            self.strike.mine(pos, self.geo.cell)
            self.effects.explosion(pos, 0.7)
        self._sound("mine", skipping, pos[0])

    def _burst(self, cell, skipping: bool) -> None:
        """A torpedo bursts against a hull: fire and a column of water."""
        pos = self.centre(cell)
        if not skipping:
            self.effects.explosion(pos, 1.0)
            self.strike.column(pos, self.geo.cell, 1.5, 1.1)
        self._sound("hit", skipping, pos[0])

    def _sink(self, removed, skipping: bool) -> None:
        """Pieces leave the board; a battleship or a fort the viewer may name gets the kill
        moment (the small ones go down without one: a battle loses dozens)."""
        for owner, c in removed:
            piece = self.display.pop(c, None)
            if piece is None:
                continue
            if not skipping and piece.rank in BIG and (piece.revealed or self._mine(owner)):
                self.kill_moment(self.geo.grid, self.centre(c), self.geo.cell,
                                 rank_name(self.tr, piece.rank),
                                 ours=owner == self.viewer and self._mine(owner))
            if not skipping:
                pos = self.centre(c)
                self.ghosts.append(Ghost(piece.owner, piece.rank, piece.revealed, pos,
                                         (pos[0], pos[1] + self.geo.cell * 0.4), 0.0, 0.9, True))
                self.effects.explosion(pos, 0.6)
        if removed:
            self._sound("sink", skipping, volume=0.7)

    def _show_struck(self, e: kr.Struck, at: float) -> float:
        """A torpedo runs from its cell to the piece beside it, leaving a wake, and bursts:
        a water column and fire, or a mine's column and shock ring."""
        def launch(skipping):
            if (e.player, e.torpedo) in e.removed:
                self.display.pop(e.torpedo, None)     # it has left its cell
            if skipping:
                return
            start, end = self.centre(e.torpedo), self.centre(e.target)
            stop = (start[0] + (end[0] - start[0]) * 0.7, start[1] + (end[1] - start[1]) * 0.7)
            self.strike.torpedo(start, stop, TORPEDO_RUN, self.geo.cell)
            self._sound("torpedo", skipping, start[0], 0.8)

        def boom(skipping):
            if e.outcome == "mine":
                self._mine_blows(e.target, skipping)
            else:
                self._burst(e.target, skipping)
            if e.target in self.display:
                self.display[e.target].revealed, self.display[e.target].rank = True, e.rank
        words = Phrase(f"kor.log.struck_{e.outcome}", target=self._cell(e.target),
                       rank=Said(lambda tr: self._rank_words(e.rank, 1, tr)))
        self.timeline.add(at, launch)
        at += TORPEDO_RUN
        self.timeline.add(at, boom)
        self.timeline.add(at + 0.4, lambda s: self._sink(e.removed, s))
        self.timeline.add(at + 0.4, lambda s: self._log(e.player, words))
        return at + 0.9

    def _show_blast(self, e: kr.Blast, at: float) -> float:
        """The atomic blast: a white flash and a shock ring, the column rising, the 5×5 square
        scorched (and left so), every piece in it turned face up; the second bomb chaining;
        then everything turned sinks."""
        first_zone = set(e.zone)

        def flash(centre, zone, skipping):
            self.scorched.append((centre, tuple(zone)))      # burnt for the rest of the game
            pos = self.centre(centre)
            self._sound("atom", skipping, pos[0])
            if skipping:
                return
            self.effects.atomic(pos)
            self.strike.mushroom(pos, self.geo.cell)
            self.blasts.append(BlastShow(centre, tuple(zone)))

        def turn_up(cells, skipping):
            shown = []
            for owner, c, rank in e.revealed:
                if c in cells and c in self.display:
                    self.display[c].revealed, self.display[c].rank = True, rank
                if c in cells:
                    shown.append((self._cell(c), rank))
            # the log names the pieces as they are turned up, a few to a line, each line
            # worded in the language of the moment
            for i in range(0, len(shown), BLAST_LINE):
                part = shown[i:i + BLAST_LINE]
                self.log.append((Said(lambda tr, part=part: "   " + ", ".join(
                    f"{cell} {rank_label(tr, rank)}" for cell, rank in part)), theme.TEXT_DIM))

        self.timeline.add(at, lambda s: self._log(
            e.owner, Phrase("kor.log.blast", name=self.seat(e.owner), cell=self._cell(e.centre))))
        self.timeline.add(at, lambda s: flash(e.centre, e.zone, s))
        self.timeline.add(at + 0.35, lambda s: turn_up(first_zone, s))
        end = at + 0.9
        if e.chained is not None:
            chain = set(e.chain_zone) - first_zone
            self.timeline.add(end, lambda s: self._log(
                1 - e.owner, Phrase("kor.log.chain", cell=self._cell(e.chained))))
            self.timeline.add(end, lambda s: flash(e.chained, e.chain_zone, s))
            self.timeline.add(end + 0.35, lambda s: turn_up(chain, s))
            end += 0.9
        removed = tuple((o, c) for o, c, _ in e.revealed)
        self.timeline.add(end + 1.2, lambda s: self._sink(removed, s))
        return end + 2.0

