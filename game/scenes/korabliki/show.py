"""How the events of a «Кораблики» turn are shown (RULES.md §K): a piece sliding to its new
cell, an asking act as a moment (the two pieces raised, «ЧТО ЭТО?», the ranks turned up as
cards, the winner striking, the loser going down), a torpedo's strike and the rank it turns up,
sunk pieces going down, and the atomic blast with its chain. What the board shows
(``display``) changes on these cues, never before; a card shows only a rank the viewer may know.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ...i18n.phrase import Phrase, Said
from ...rules import korabliki as kr
from ...render import theme
from ...render.korabliki import rank_label, rank_name, viewer_colours
from ...render.korabliki_moment import ASKING, REVEAL, CardMoment, Look, Raised
from ...match import COMPUTER
from .words import asked_words, move_words, rank_words, struck_words

TORPEDO_RUN = 0.4  # seconds a torpedo takes to reach the piece beside it

BLAST_LINE = 4     # pieces a blast turns up, named per line of the log
SLIDE = 0.22       # seconds a piece takes to slide one step
BIG = (kr.LIN, kr.FORT)   # the pieces whose loss is a moment of its own
# the words a moment says once the cards have turned: of an asking, by its outcome; of a
# torpedo's strike, by what it hit
REVEAL_WORDS = {"took-fort": "kor.moment.fort", "swept": "kor.moment.swept",
                "mined": "kor.moment.mine", "torpedoed": "kor.moment.torpedo",
                "blast": "kor.moment.bomb", "tied": "kor.moment.tied"}
STRUCK_WORDS = {"sunk": "kor.moment.sunk", "fort": "kor.moment.fort_seen",
                "mine": "kor.moment.mine", "torpedo": "kor.moment.torpedo",
                "blast": "kor.moment.bomb"}


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
    render/strike.py), ``display``, ``ghosts``, ``blasts``, ``card_moments`` (an asking, a
    reveal: render/korabliki_moment.py) and ``scorched`` (the squares blasts have left burnt,
    for the rest of the game); ``centre``, ``geo``, ``viewer``, ``_log``, ``_remark``,
    ``_sound``, ``play`` and ``_queue`` come from the scene, and ``asking``, the viewer's own
    last «ЧТО ЭТО?» as played (its block)."""

    def show(self, events, together: bool = False) -> None:
        """Queue the animation of ``events`` (what one action caused). Online, they come with
        the server's states (issue 23)."""
        self._queue(events)

    def _rank_words(self, rank: str, n: int = 1, tr=None) -> str:
        """A rank's short name, with the number of ships of a block ("2 ES")."""
        return rank_words(rank, n, tr or self.tr)

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
        words = move_words(e, self._cell)   # (a torpedo boat's two steps: the cell passed)
        self.timeline.add(end, lambda s: self._log(e.player, words))
        return end + 0.05

    def _land(self, cell, shown: Shown) -> None:
        self.display[cell] = shown
        self.step_shown = kr.ACT          # moved: the act (or the end) is next

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
        """«ЧТО ЭТО?» as a moment (``render.korabliki_moment``): the two pieces raised, their
        ranks turned up as cards (a rank the viewer may not know stays face down), the winner
        striking, the loser going down; the board's badges turn as the cards do."""
        tm = ASKING
        outcome = e.outcome

        def start(skipping):
            if not skipping:
                self._raise(e, tm)
                self.app.sound("launch", 0.4)

        def turn_up(skipping):
            for c in e.answered:      # turned up: its rank now shown (online the board
                if c in self.display:   # had none for it, issue 23)
                    self.display[c].revealed, self.display[c].rank = True, e.rank
            if outcome == "tied":     # equal: the asker's block was of the same rank (K-b)
                for owner, c in e.removed:
                    if owner == e.player and c in self.display:
                        self.display[c].revealed, self.display[c].rank = True, e.rank

        def strike(skipping):
            if not skipping:
                for cell in self._winners(e):
                    self.effects.muzzle(self.centre(cell))
            self._sound("launch", skipping, self.centre(e.ship)[0], 0.6)
        words = asked_words(e, self._cell)
        deed = {"won": "hit", "took-fort": "sink", "swept": "hit"}.get(outcome, "miss")

        def told(skipping):            # the outcome in the log as the pieces show it
            self._log(e.player, words)
            for p in self.ais:
                self._remark(p, ("we_" if e.player == p else "they_") + deed)
        self.timeline.add(at, start)
        self.timeline.add(at + tm.flip + tm.flip_span / 2, turn_up)
        if outcome == "blast":          # the bomb: its card turns, and the blast follows
            self.timeline.add(at + tm.strike, told)
            return at + tm.strike
        self.timeline.add(at + tm.strike, strike)
        if outcome == "swept":
            self.timeline.add(at + tm.strike, lambda s: self._sweep(e.ship, e.target, s))
        elif outcome == "mined":
            self.timeline.add(at + tm.strike, lambda s: self._mine_blows(e.target, s))
        elif outcome == "torpedoed":
            self.timeline.add(at + tm.strike, lambda s: self._burst(e.target, s))
        self.timeline.add(at + tm.down, lambda s: self._sink(e.removed, s))
        self.timeline.add(at + tm.down, told)
        return at + tm.span

    def _winners(self, e: kr.Asked) -> list:
        """The cells whose pieces strike in an asking: the stronger side's ship, both when
        equal, none when a mine, a torpedo or the bomb answers."""
        return {"won": [e.ship], "took-fort": [e.ship], "swept": [e.ship], "lost": [e.target],
                "tied": [e.ship, e.target]}.get(e.outcome, [])

    def _card(self, rank, n: int = 1) -> tuple:
        """A card's words: the rank (with the block's size) and, for one piece, its name."""
        return (self._rank_words(rank, n), rank_name(self.tr, rank) if n == 1 else "")

    def _seen_as(self, cell, owner: int) -> Look:
        """How the viewer sees the piece on ``cell`` now: his own with its rank written (in his
        livery), the enemy's blank unless the board has turned it up."""
        shown = self.display.get(cell)
        own = owner == self.viewer
        colour = viewer_colours(self.flip)[0 if own else 1]
        livery = self.livery_of(self.viewer) if own else None
        if livery is not None:
            colour = livery.piece(colour)
        flag = livery.flies if livery is not None else None
        if shown is None or shown.rank is None or not (own or shown.revealed):
            return Look(None, colour, own, flag=flag)
        return Look(shown.rank, colour, own, rank_label(self.tr, shown.rank), not own, flag)

    def _turned(self, look: Look, rank: str) -> Look:
        """``look`` once its rank is turned up (an enemy's, in a badge)."""
        return replace(look, rank=rank, label=rank_label(self.tr, rank), badge=not look.bow_up)

    def _raise(self, e: kr.Asked, tm) -> None:
        """The asking's moment: the asker and the asked raised, their cards (what the viewer
        may know: his own side's ranks; the answer, which the asker is told and the answerer
        gave; the asker's rank only when the answer was equal or it was turned up before)."""
        me = self.viewer
        asker, answerer = e.player, 1 - e.player
        ask_n = self._asked_with(e)
        shown = self.display.get(e.ship)
        ask_rank = e.rank if e.outcome == "tied" else shown.rank if shown is not None and (
            asker == me or shown.revealed) else None
        ask_card = self._card(ask_rank, ask_n if asker == me or e.outcome == "tied" else 1) \
            if ask_rank is not None else None
        target_card = self._card(e.rank, len(e.answered))
        winners = self._winners(e)
        lost = {c for _, c in e.removed}
        a, b = self.centre(e.ship), self.centre(e.target)

        def piece(cell, owner, rank, card, other):
            fate = "strikes" if cell in winners else "down" if cell in lost else "stays"
            before = self._seen_as(cell, owner)
            after = self._turned(before, rank) if card is not None and owner != me else before
            return Raised(cell, self.centre(cell), before, after, card, fate, other)
        reveal = REVEAL_WORDS.get(e.outcome)
        self.card_moments.append(CardMoment(
            [piece(e.ship, asker, ask_rank, ask_card, b),
             piece(e.target, answerer, e.rank, target_card, a)],
            self.tr("kor.moment.ask"), self.tr(reveal) if reveal else None, self.geo.cell,
            self.geo.grid.copy(), tm))

    def _asked_with(self, e: kr.Asked) -> int:
        """How many ships asked: equal, those removed with the asked; else the block of the
        viewer's own asking as he played it (``self.asking``), or the ship alone."""
        if e.outcome == "tied":
            return sum(1 for owner, _ in e.removed if owner == e.player)
        ask = getattr(self, "asking", None)
        if ask is not None and ask.ship == e.ship and ask.target == e.target and ask.block:
            return len(ask.block)
        return 1

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
        drawn = {r.cell for m in self.card_moments for r in m.raised if r.fate == "down"}
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
                if c not in drawn:
                    self.ghosts.append(Ghost(piece.owner, piece.rank, piece.revealed, pos,
                                             (pos[0], pos[1] + self.geo.cell * 0.4), 0.0, 0.9,
                                             True))
                self.effects.explosion(pos, 0.6)
        if removed:
            self._sound("sink", skipping, volume=0.7)

    def _show_struck(self, e: kr.Struck, at: float) -> float:
        """A torpedo runs from its cell to the piece beside it, leaving a wake, and bursts:
        a water column and fire, or a mine's column and shock ring; the piece it hit is raised
        and its rank turned up for both (a fort stays, turned up)."""
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
            if not skipping:
                self._reveal(e)
            if e.target in self.display:
                self.display[e.target].revealed, self.display[e.target].rank = True, e.rank
        words = struck_words(e, self._cell)
        self.timeline.add(at, launch)
        at += TORPEDO_RUN
        self.timeline.add(at, boom)
        self.timeline.add(at + REVEAL.down, lambda s: self._sink(e.removed, s))
        self.timeline.add(at + REVEAL.down, lambda s: self._log(e.player, words))
        return at + (REVEAL.down if e.outcome == "blast" else REVEAL.span)

    def _reveal(self, e: kr.Struck) -> None:
        """The piece a torpedo hit, raised, its rank turned up as a card (both sides see it)."""
        owner = 1 - e.player
        before = self._seen_as(e.target, owner)
        after = self._turned(before, e.rank)
        fate = "down" if any(c == e.target for _, c in e.removed) else "stays"
        key = STRUCK_WORDS[e.outcome]
        reveal = self.tr(key, rank=rank_name(self.tr, e.rank))
        self.card_moments.append(CardMoment(
            [Raised(e.target, self.centre(e.target), before, after, self._card(e.rank), fate)],
            None, reveal, self.geo.cell, self.geo.grid.copy(), REVEAL))

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

