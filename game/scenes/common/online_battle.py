"""Today's battle screen of a mode, with the other player at another computer (issue 23).

``online(cls)`` mixes ``OnlineBattle`` into a mode's battle screen: it is built on this seat's
table (``game.tables``, fed by a ``Sender``: its ``apply`` sends the act); each "state" the
server sends is handed to the table, and its events are played as if the rules had returned
them (the mode's ``show``). The header says
"X is thinking…" while the other player acts and "waiting for X to come back (m:ss)" while he is
gone, with "Claim the game" once the room allows it; resigning and a draw go to the server; a
one-line chat (Tab, or T / Enter while the other plays; Esc closes) with the quick phrases
(1–8 on an empty chat line) writes in the log. A room with RULES.md §0's move clock: under the
header, the seconds the player to act has left, counted down from what the server said (stopped
while he is gone), warning in its last seconds (and ticking for the one who must act); a turn
run out is said in the log and as a cue.
"""

from __future__ import annotations

import pygame

from ...i18n import describe
from ...i18n.phrase import Join, Phrase
from ...net import codec
from ...net.protocol import MAX_CHAT, PHRASES
from ...render import text, theme
from ...rules.base import LAPSES_LOSE, GameOver, TurnLapsed
from ...rules.errors import IllegalAction, RuleError
from ...render.widgets import Button, panel
from .dialogs import ConfirmScene
from .online import address_button

_CLASSES: dict = {}
WARN = 5          # the last seconds of a move clock: the countdown warns, and ticks


def rule_error(rule: dict) -> RuleError:
    """The server's refusal ("illegal": ``rule`` {code, params}) as the rules' own error, so
    the screen says it as it says a local one."""
    try:
        params = codec.decode(rule.get("params") or {})
    except Exception:        # a refusal's words are never worth a failure
        params = {}
    params = params if isinstance(params, dict) else {}
    return IllegalAction(str(rule.get("code", "unknown")),
                         **{str(k): v for k, v in params.items()})


def told_clock(state: dict, now: float) -> tuple | None:
    """§0's move clock as a state (or a spectate) told it, at ``now`` (the screen's time):
    (seconds left, now, running), None when no clock runs (the server's stops while the
    player to act is gone)."""
    left, turn = state.get("clock_left"), state.get("turn")
    seats = state.get("seats") or []
    if left is None or turn not in (0, 1) or len(seats) != 2 or state.get("phase") != "battle":
        return None
    return left, now, bool((seats[turn] or {}).get("here"))


def clock_left(clock: tuple | None, now: float) -> float | None:
    """The seconds left at ``now`` of a clock ``told_clock`` kept (None: none)."""
    if clock is None:
        return None
    left, then, running = clock
    return max(0.0, left - (now - then)) if running else float(left)


def online(cls: type) -> type:
    """``cls`` (a mode's battle screen) playing a game held by the server."""
    if cls not in _CLASSES:
        _CLASSES[cls] = type(f"Online{cls.__name__}", (OnlineBattle, cls), {})
    return _CLASSES[cls]


class OnlineBattle:
    """The mixin: put before the mode's battle screen (``online``)."""

    def __init__(self, app, match, table, session):
        self.session = session
        self.chat: str | None = None       # the chat line being typed (None: closed)
        self._eat_text = False             # the T that opened the chat types nothing
        self._asked_draw = False
        self._gone_since = None            # (seconds gone when told, app time then)
        self._resync = False               # the connection came back: show the game anew
        self._clock = None                 # (seconds left as told, app time then, running)
        self._ticked = None                # the last second of the clock a tick was played for
        super().__init__(app, match, table, keep_record=False)
        self.claim_button = Button(lambda: self.tr("online.claim"), self.claim,
                                   lambda: self.can_claim)
        self.address_button = address_button(self, session)
        self._chat_lines(session.remote.chat)
        self._took(session.remote.state)

    # -- who acts -------------------------------------------------------------------------------
    @property
    def other(self) -> int:
        return 1 - self.viewer

    @property
    def _free_to_act(self) -> bool:
        return super()._free_to_act and not self.table.waiting

    @property
    def waiting_for_viewer(self) -> bool:
        return super().waiting_for_viewer and not self.table.waiting

    @property
    def can_claim(self) -> bool:
        return (bool(self.session.remote.state.get("can_claim")) and not self.table.over
                and not self.session.unreachable)

    # -- what the server says ---------------------------------------------------------------------
    def update(self, dt: float) -> None:
        for message in self.session.poll():
            kind = message.get("type")
            if kind == "state":
                self._state(message)
            elif kind == "chat":
                self._chat_lines([(message["seat"], "text" if "text" in message else "phrase",
                                   message.get("text", message.get("phrase")))])
            elif kind == "error":
                self._refused(message)
            elif kind == "joined":      # back after a dropped connection: the next state is
                self._resync = True     # the game as it stands, with the moves missed meanwhile
        self.update_clock()
        super().update(dt)

    def _state(self, state: dict) -> None:
        if state.get("phase") not in ("battle", "over", "done") or "view" not in state:
            return
        try:
            view = codec.decode(state["view"])
            events = [codec.decode(e) for e in state.get("events", [])]
        except codec.CodecError as exc:     # a server that breaks the protocol: said, no crash
            self.refuse(self.tr("online.refused", why=f"the server's state: {exc}"[:300]))
            return
        events = self.table.take(state, view, events)
        if self._resync:
            self._resync = False
            self.timeline.skip()        # what was being shown when the link broke, at its end
            if not any(not isinstance(e, GameOver) for e in events):
                self._sync()            # nothing to replay: the fields as the view holds them
                self.turn_shown, self.over_shown = self.table.turn, self.table.over
        if events:                      # (back in a battle: the moves missed, played as they
            self.show(events, self.table.together(events))     # come, as if seen then)
        self._took(state)

    def _took(self, state: dict) -> None:
        self._clock = told_clock(state, self.app.time)
        gone = self.session.other_gone()
        self._gone_since = None if gone is None else (gone, self.app.time)
        offer = state.get("draw_offer")
        if offer == self.other and not self._asked_draw and not self.table.over:
            self._asked_draw = True
            name = self._name(self.other)
            self.app.scenes.push(ConfirmScene(
                self.app, Phrase("dialog.accept_draw", name=name),
                lambda: self.session.send({"type": "answer_draw", "accept": True}),
                lambda: self.session.send({"type": "answer_draw", "accept": False})))
        elif offer is None:
            self._asked_draw = False

    def show(self, events, *rest) -> None:
        """The events of a state played (the mode's ``show``); a turn run out (§0) is said
        first, in the log and as a cue."""
        for e in events:
            if isinstance(e, TurnLapsed):
                words = Phrase("log.lapsed_lost" if e.count >= LAPSES_LOSE else "log.lapsed")
                self._log(e.player, words)
                self.refuse(Join(self.seat(e.player), words, sep=": ").say(self.tr))
        super().show(events, *rest)

    # -- §0's move clock --------------------------------------------------------------------------
    def clock_left(self) -> float | None:
        """The seconds the player to act has left (None: no clock, or not now)."""
        if self.table.over or self.over_shown:
            return None
        return clock_left(self._clock, self.app.time)

    def update_clock(self) -> None:
        """In the last ``WARN`` seconds of his own time, a tick each second for the one who
        must act."""
        left = self.clock_left()
        if left is None or left > WARN or self.table.turn != self.viewer or left <= 0:
            self._ticked = None
            return
        second = int(left + 0.999)
        if second != self._ticked:
            self._ticked = second
            self.app.sound("click")

    def _draw_clock(self, surface) -> None:
        left = self.clock_left()
        if left is None:
            return
        seconds = int(left + 0.999)
        warn = seconds <= WARN
        turn = self.table.turn
        colour = theme.BAD if warn else theme.PLAYER_COLOURS[turn]
        px = theme.font_px(self.size, 26 if warn else 22)
        if warn and int(self.app.time * 4) % 2:     # the last seconds flash
            colour = theme.TEXT
        words = self.tr("online.clock_left", time=f"{seconds // 60}:{seconds % 60:02d}")
        text.draw(surface, words, self.clock_at, px, colour, "center")

    def _refused(self, message: dict) -> None:
        self.table.refused()
        if message.get("code") == "illegal" and isinstance(message.get("rule"), dict):
            self.refuse(describe(rule_error(message["rule"]), self.tr, self.letters))
        elif message.get("code") not in ("stale",):     # a stale act: the state follows
            self.refuse(self.tr("online.refused", why=message.get("message", "")))

    def _chat_lines(self, lines) -> None:
        for seat, kind, words in lines:
            said = Phrase(f"phrase.{words}") if kind == "phrase" else words
            if seat in (0, 1):
                self.log.append((Join(self.seat(seat), said, sep=": "),
                                 theme.PLAYER_COLOURS[seat]))

    # -- what the person does ------------------------------------------------------------------
    def resign(self) -> None:
        if not self.table.over:
            self.session.send({"type": "resign"})

    def offer_draw(self) -> None:
        if not self.table.over:
            self.session.send({"type": "offer_draw"})
            self.log.append((Phrase("online.draw_offered", name=self.seat(self.other)),
                             theme.TEXT_DIM))

    def claim(self) -> None:
        if self.can_claim:
            self.session.send({"type": "claim"})

    def say(self, words: str | None = None, phrase: str | None = None) -> None:
        message = {"type": "chat"}
        message.update({"phrase": phrase} if phrase else {"text": words[:MAX_CHAT]})
        self.session.send(message)

    def handle(self, event) -> None:
        if self.chat is not None:
            self._chat_key(event)
            return
        if self.claim_button.handle(event) or self.address_button.handle(event):
            return
        if event.type == pygame.KEYDOWN and self._opens_chat(event):
            self.chat = ""
            self._eat_text = event.key == pygame.K_t
            return
        super().handle(event)

    def _opens_chat(self, event) -> bool:
        """Tab always; T, or Enter with nothing typed, while the person does not fire."""
        if event.key == pygame.K_TAB:
            return True
        if getattr(self, "typed", "") or self._free_to_act:
            return False
        return event.key in (pygame.K_t, pygame.K_RETURN, pygame.K_KP_ENTER)

    def _chat_key(self, event) -> None:
        if event.type == pygame.TEXTINPUT:
            if self._eat_text:
                self._eat_text = False
                return
            if not self.chat and event.text in "12345678" and len(event.text) == 1:
                self.say(phrase=PHRASES[int(event.text) - 1])
                self.chat = None
                return
            self.chat = (self.chat + event.text)[:MAX_CHAT]
        elif event.type == pygame.KEYDOWN:
            self._eat_text = False
            if event.key == pygame.K_ESCAPE:
                self.chat = None
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.chat.strip():
                    self.say(self.chat.strip())
                self.chat = None
            elif event.key == pygame.K_BACKSPACE:
                self.chat = self.chat[:-1]

    # -- words and drawing ---------------------------------------------------------------------
    def gone_words(self) -> str | None:
        if self._gone_since is None or self.table.over:
            return None
        gone, then = self._gone_since
        seconds = int(gone + self.app.time - then)
        return self.tr("online.waiting_back", name=self._name(self.other),
                       time=f"{seconds // 60}:{seconds % 60:02d}")

    def banner(self) -> tuple[str, tuple]:
        words, colour = super().banner()
        if self.over_shown:
            return words, colour
        if self.session.unreachable:        # this side's link is down: said before all else
            return self.tr("online.link_down", address=self.session.address), theme.BAD
        gone = self.gone_words()
        if gone:
            return gone, theme.BAD
        # the other acts once what led there has played: his turn, or his part of this seat's
        # turn (Naval's interception, «Кораблики»'s answer), which no turn change announces
        if self.table.turn == self.other and not self.timeline.busy:
            return self.tr("online.thinking", name=self._name(self.other)), colour
        return words, colour

    def place_controls(self) -> None:
        super().place_controls()
        self.log.foot = int(self._hint_px() * 1.1)     # the chat's hint has a row of its own
        w, h = self.size
        px = theme.font_px(self.size, 22)
        bw, bh = int(px * 12), int(px * 1.8)
        under_banner = pygame.Rect(w // 2 - bw // 2, int(px * 3.2), bw, bh)
        self.clock_at = (w // 2, int(px * 2.75))       # the move clock, between the two
        if self.session.remote.state.get("clock"):
            under_banner.y += int(px * 0.9)
        none = pygame.Rect(0, 0, 0, 0)
        self.claim_button.rect = under_banner if self.can_claim else none
        self.address_button.rect = under_banner.copy() if self.address_button.enabled() \
            else none.copy()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        self._draw_clock(surface)
        for button in (self.claim_button, self.address_button):
            if button.rect.w:
                button.draw(surface, theme.font_px(self.size, 22))
        if self.chat is not None:
            self._draw_chat(surface)
        else:                   # how to talk, at the log's foot, under its lines
            rect = self.log_rect
            text.draw(surface, self.tr("online.chat_hint"), (rect.right - 18, rect.bottom - 6),
                      self._hint_px(), theme.TEXT_DIM, "bottomright")

    def _hint_px(self) -> int:
        return theme.font_px(self.size, 16)

    def _draw_chat(self, surface) -> None:
        """The chat line over the log's foot, the quick phrases above it."""
        rect = self.log_rect
        px = theme.font_px(self.size, 19)
        line = int(px * 1.3)
        rows = [] if self.chat else [f"{i + 1} {self.tr('phrase.' + key)}"
                                     for i, key in enumerate(PHRASES)]
        half = (len(rows) + 1) // 2
        box = pygame.Rect(rect.x, rect.bottom - line * (1 + half) - 12, rect.w,
                          line * (1 + half) + 12)
        panel(surface, box, 255, theme.ACCENT)
        for i, row in enumerate(rows):
            x = box.x + 10 + (i // half) * box.w // 2
            text.draw(surface, row, (x, box.y + 6 + line * (i % half)), px - 2, theme.TEXT_DIM)
        cursor = "_" if int(self.t * 2) % 2 == 0 else " "
        text.draw(surface, self.tr("online.chat", text=self.chat + cursor),
                  (box.x + 10, box.bottom - line - 4), px, theme.TEXT)
