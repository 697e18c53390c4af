"""Every input gets its coded answer (issue 35): a seeded generator of hostile messages — every
client message type of ``protocol.SCHEMAS``, each field mistyped (every JSON kind), out of range,
too long, missing, with unknown fields, holding lone surrogates, control characters, right-to-left
overrides and newlines; every mode's ``config`` with its keys mistyped and nested junk; set-ups and
actions with junk deep inside — sent in every phase of a room (no seat, waiting, placing, battle,
over) straight to ``Server.receive``.

Every reply is a coded ``error`` (never ``server_error``) or a legitimate answer; every message
the server sends can be written (``protocol.write``) and encoded as UTF-8 and holds no control or
format character; nothing is logged at ERROR; a refused message changes no room."""

from __future__ import annotations

import json
import random
import unicodedata

import pytest

from game.match import COMPUTER, Match, Seat
from game.modes import MODES
from game.net import codec, protocol
from game.net.protocol import SCHEMAS, VERSION
from game.rules.classic import PRESETS as CLASSIC_PRESETS

from .net_helpers import Desk, place, snapshot

# texts a hostile client writes: controls, newlines, bidi overrides, zero-width and format
# characters, a lone surrogate (written as the JSON escape \udXXX), noncharacters, the long
NASTY = ["\ud800", "a\udfffb", "\u202eevil", "x\u202dy\u202c", "\u2066i\u2069", "line\nnext",
         "tab\there", "\r\n", "\x00", "\x1b[31mred", "\x7f", "\u200b", "\ufeffbom", "\u2028",
         "\u2029", "\u061c", "\u200f\u200e", "\ufffe", "\U000e0001tag", "\U0010ffff", "   ",
         "", "é\u0301" * 3, "Z" * 25, "я" * 201, "w" * 5000, "carrier", "submarine\u202e"]
RAW = "@@raw{}@@"            # a placeholder for a number JSON writes that Python would not
RAW_NUMBERS = ["1e400", "-1e400", "1e-400", "9" * 30, "-" + "9" * 4000, "9" * 5000, "-0",
               "0.5", "1E2", "123456789012345678901234567890.5"]
KINDS = ("null", "bool", "int", "float", "str", "list", "dict", "nasty", "raw", "deep")
FORMAT_CATEGORIES = ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp")


class Gen:
    """The seeded source of junk."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        self.raws: list[str] = []

    def raw(self) -> str:
        self.raws.append(self.rng.choice(RAW_NUMBERS))
        return RAW.format(len(self.raws) - 1)

    def nasty(self) -> str:
        return self.rng.choice(NASTY)

    def value(self, kind: str | None = None, depth: int = 0):
        """A JSON value of ``kind`` (any, drawn, when None)."""
        r = self.rng
        kind = kind or r.choice(KINDS if depth < 3 else KINDS[:5])
        if kind == "null":
            return None
        if kind == "bool":
            return r.random() < 0.5
        if kind == "int":
            return r.choice([0, -1, 1, 2, 7, 99, 100, 2 ** 31, 2 ** 53 + 1, -2 ** 63, 10 ** 18,
                             10 ** 300, r.randint(-50, 50)])
        if kind == "float":
            return r.choice([0.5, -0.0, 1.0, 3.0, 1e308, -1e-300, 2.5e10])
        if kind == "str":
            return r.choice(["", "x", "classic", "naval", "korabliki", "lot", "0", "A1",
                             "carrier", "ABCDEF", "0" * 32, "a" * 33, "sea-battle"])
        if kind == "list":
            if r.random() < 0.1:
                return [self.value("int")] * 600
            return [self.value(None, depth + 1) for _ in range(r.choice([0, 1, 2, 3]))]
        if kind == "dict":
            return {self.key(): self.value(None, depth + 1) for _ in range(r.randint(0, 3))}
        if kind == "nasty":
            return self.nasty()
        if kind == "raw":
            return self.raw()
        return self.deep()

    def deep(self):
        """Nesting far past what anything reads (written as raw text)."""
        n = self.rng.choice([40, 200, 900, 5000])
        opening, closing = ("[", "]") if self.rng.random() < 0.5 else ('{"a":', "}")
        self.raws.append(opening * n + "1" + closing * n)
        return RAW.format(len(self.raws) - 1)

    def key(self) -> str:
        return self.rng.choice(["x", "type", "id", "__class__", "t", "f", "width", "names",
                                "fleet", "k" * 100]) if self.rng.random() < 0.6 else self.nasty()

    def junk_inside(self, value, depth: int = 0):
        """``value`` with one node somewhere inside it replaced by junk."""
        r = self.rng
        if depth > 6 or r.random() < 0.25 or not value or not isinstance(value, (list, dict)):
            return self.value()
        if isinstance(value, list):
            i = r.randrange(len(value))
            out = list(value)
            if r.random() < 0.1:
                del out[i]
            elif r.random() < 0.1:
                out.append(self.value())
            else:
                out[i] = self.junk_inside(value[i], depth + 1)
            return out
        out = dict(value)
        key = r.choice(sorted(out))
        choice = r.random()
        if choice < 0.1:
            del out[key]
        elif choice < 0.2:
            out[self.key()] = self.value()
        else:
            out[key] = self.junk_inside(value[key], depth + 1)
        return out

    def write(self, message) -> str:
        """The message as a client sends it: surrogates as JSON escapes, the raw numbers put
        in."""
        text = json.dumps(message)          # (ASCII only: a lone surrogate becomes \udXXX)
        for i, raw in enumerate(self.raws):
            text = text.replace(json.dumps(RAW.format(i)), raw)
        self.raws = []
        return text


# --- the rooms the messages are sent to ------------------------------------------------------

CONFIGS = [("classic", CLASSIC_PRESETS[name]) for name in
           ("russian", "milton-bradley", "minesweepers", "salvo", "dutchman")] + \
          [(key, config) for key, entry in MODES.items() if key != "classic"
           for config in entry.rules.presets.values()]
PHASES = ("no_seat", "waiting", "placing", "battle", "over")


class Scene:
    """A server with one room of ``config`` in ``phase``, and what a client could send to it."""

    def __init__(self, folder, mode: str, config, phase: str):
        self.mode, self.config, self.phase = mode, config, phase
        self.watchers = 0
        self.desk = desk = Desk(folder)
        a = desk.hello()
        joined = desk.reply(a, {"type": "create", "mode": mode, "config": config.to_dict(),
                                "name": "Anna", "best_of": 3})
        self.code, self.secret = joined["room"], joined["secret"]
        self.room = desk.server.rooms[self.code]
        self.conns = [a]
        match = Match(config, (Seat(COMPUTER, "A", "hunter"), Seat(COMPUTER, "B", "hunter")),
                      seed=3)
        self.setups = [codec.setup_to_json(mode, s) for s in match.computer_setups()]
        if phase not in ("no_seat", "waiting"):
            b = desk.hello()
            desk.reply(b, {"type": "join", "room": self.code, "name": "Boris"})
            self.conns.append(b)
        if phase in ("battle", "over"):
            place(desk, self.code, self.conns, 3)
        if phase == "over":
            desk.say(self.conns[0], {"type": "resign"})
            assert self.room.phase == "over"

    def sender(self, kind: str, rng):
        """Who sends: a stranger (said hello, holds no seat), a spectator of the room (issue
        37) or a seat of the room."""
        seatless = 0.7 if kind in ("create", "join", "rejoin", "watch") else 0.15
        if self.phase != "no_seat" and rng.random() < 0.1:
            self.watchers += 1            # (each from its own address: joins are counted)
            conn = self.desk.hello(address=f"10.37.{self.watchers // 250}.{self.watchers % 250}")
            assert self.desk.reply(conn, {"type": "watch", "room": self.code})["type"] == \
                "spectate"
            return conn
        if self.phase == "no_seat" or rng.random() < seatless:
            conn = self.desk.hello()
            if rng.random() < 0.1:              # ... or not even hello
                conn.version_ok = False
            return conn
        if self.phase == "battle" and rng.random() < 0.7:
            return self.conns[self.room.game.turn]
        return rng.choice(self.conns)

    def valid(self, kind: str, gen: Gen) -> dict:
        """A well-formed message of ``kind`` for this room (legal or not, now)."""
        r = gen.rng
        game = self.room.game
        body = {
            "hello": {"version": VERSION, "game": "sea-battle"},
            "create": {"mode": self.mode, "config": self.config.to_dict(), "name": "Nina"},
            "join": {"room": self.code, "name": "Olga"},
            "rejoin": {"room": self.code, "seat": 0, "secret": self.secret},
            "setup": {"setup": r.choice(self.setups)},
            "act": {"action": [0, 0], "moves": 0},
            "answer_draw": {"accept": True},
            "chat": {"text": "hello"},
            "watch": {"room": self.code},
        }.get(kind, {})
        if kind == "act" and game is not None and not game.over:
            action = MODES[self.mode].rules.random_action(game, random.Random(r.random()))
            body = {"action": codec.action_to_json(self.mode, action),
                    "moves": len(game.history)}
        if kind == "create" and r.random() < 0.5:
            body |= {"best_of": 3, "first": "lot", "claim_after": 60}
        if r.random() < 0.2:
            body["id"] = r.randint(0, 100)
        return {"type": kind} | body


def mutate(kind: str, message: dict, scene: Scene, gen: Gen) -> dict:
    """``message`` (of ``kind``) broken one way."""
    r = gen.rng
    schema = SCHEMAS[kind]
    fields = sorted(set(schema) | set(message) - {"type"}) or ["id"]
    how = r.choice(["mistype", "range", "long", "missing", "unknown", "nasty", "config",
                    "config", "config", "inside", "inside", "inside", "type"])
    out = dict(message)
    name = r.choice(fields)
    if how == "mistype":
        out[name] = gen.value(r.choice(KINDS))
    elif how == "range":
        field = schema.get(name)
        lo = field.lo if field is not None and field.lo is not None else 0
        hi = field.hi if field is not None and field.hi is not None else 2 ** 31
        out[name] = r.choice([lo - 1, hi + 1, -2 ** 64, 2 ** 64, 2, 4, 98, 100, 1.5, 9.0,
                              gen.raw()])
    elif how == "long":
        field = schema.get(name)
        n = (field.max_len if field is not None and field.max_len else 32) + r.choice([1, 5000])
        out[name] = r.choice(["ж" * n, [0] * n, {str(i): i for i in range(min(n, 2000))}])
    elif how == "missing":
        out.pop(name, None)
    elif how == "unknown":
        out[gen.key()] = gen.value()
    elif how == "nasty":
        out[name] = gen.nasty()
    elif how == "config" and kind == "create":
        out["config"] = junk_config(scene, gen)
    elif how == "inside" and isinstance(out.get(name), (dict, list)):
        out[name] = gen.junk_inside(out[name])
    elif how == "inside" and kind in ("setup", "act"):
        field = "setup" if kind == "setup" else "action"
        out[field] = gen.junk_inside(out.get(field, []))
    elif how == "type" and r.random() < 0.3:
        out["type"] = r.choice([gen.nasty(), gen.value(), kind.upper(), kind + " "])
    else:
        out[name] = gen.value()
    return out


def junk_config(scene: Scene, gen: Gen) -> dict:
    """A mode's config with a key mistyped, nested junk, unknown keys, nasty ship names."""
    r = gen.rng
    mode = scene.mode if r.random() < 0.8 else r.choice(sorted(MODES))
    config = dict(r.choice(list(MODES[mode].rules.presets.values())).to_dict())
    keys = sorted(config) or ["width"]
    how = r.random()
    if how < 0.4:
        config[r.choice(keys + ["names", "fleet"])] = gen.value()
    elif how < 0.6 and mode == "classic":
        fleet = config.get("fleet", [4, 3, 3, 2, 2, 2, 1, 1, 1, 1])
        config["fleet"] = fleet
        config["names"] = [gen.nasty() if r.random() < 0.5 else
                           r.choice(["", "carrier", "destroyer"]) for _ in fleet]
    elif how < 0.8:
        config = gen.junk_inside(config) if config else {gen.key(): gen.value()}
    else:
        config[gen.key()] = gen.value()
    return config if isinstance(config, dict) else {"junk": config}


# --- what every answer must be ---------------------------------------------------------------

def strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield k
            yield from strings(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from strings(v)


def unshown(text: str) -> set[str]:
    """The characters of ``text`` that must never reach a player's screen or a log line."""
    return {c for c in text if unicodedata.category(c) in FORMAT_CATEGORIES}


def sendable(message: dict) -> None:
    """The message can be written and sent, and holds no control or format character."""
    protocol.write(message).encode("utf-8")
    for text in strings(message):
        assert not unshown(text), (message.get("type"), text[:80])
    if message.get("type") == "error":
        assert message["code"] != "server_error", message
        assert len(protocol.write(message)) <= 2000, protocol.write(message)[:300]
        protocol.check(message, protocol.SERVER_SCHEMAS)


def rooms_of(desk) -> dict:
    return {code: snapshot(room) for code, room in desk.server.rooms.items()}


def run(seed: int, cases: int, folder) -> dict:
    """Send ``cases`` hostile messages; returns how many of each answer came back."""
    gen = Gen(seed)
    scenes: dict = {}
    answers: dict = {}
    n = 0
    while n < cases:
        for (mode, config) in CONFIGS:
            for phase in PHASES:
                key = (mode, id(config), phase)
                if key not in scenes:
                    scenes[key] = Scene(folder / f"{len(answers)}-{n}", mode, config, phase)
                scene = scenes[key]
                kind = gen.rng.choice(sorted(SCHEMAS) + ["create", "setup", "act"] * 4)
                message = scene.valid(kind, gen)
                for _ in range(gen.rng.choice([1, 1, 1, 2])):
                    message = mutate(kind, message, scene, gen)
                text = gen.write(message)
                conn = scene.sender(kind, gen.rng)
                before = rooms_of(scene.desk)
                out = scene.desk.server.receive(conn, text)
                mine = [m for c, m in out if c is conn]
                assert mine, text[:300]
                for _, sent in out:
                    sendable(sent)
                code = mine[0].get("code", mine[0]["type"])
                answers[code] = answers.get(code, 0) + 1
                if mine[0]["type"] == "error":
                    assert rooms_of(scene.desk) == before, (text[:300], mine[0])
                else:       # a legitimate answer changed the scene: a new one next time
                    del scenes[key]
                n += 1
    return answers


@pytest.mark.parametrize("seed", [1, 2])
def test_every_hostile_message_gets_its_coded_answer(tmp_path, caplog, seed):
    with caplog.at_level("WARNING"):
        answers = run(seed, 1500, tmp_path)
    assert not [r for r in caplog.records if r.levelname in ("ERROR", "CRITICAL")]
    # the generator reaches every kind of refusal (and some messages are taken)
    for code in ("bad_json", "unknown_type", "unknown_field", "missing_field", "bad_field",
                 "too_long", "no_seat", "wrong_phase", "illegal", "hello_first"):
        assert answers.get(code), (code, answers)


def test_the_hostile_check_can_fail():
    """The check sees a control character, an unwritable value and a server_error."""
    for message in ({"type": "state", "seats": [{"name": "a\u202eb"}]},
                    {"type": "error", "code": "bad_field", "message": "\ud800"},
                    {"type": "error", "code": "server_error", "message": "oops"},
                    {"type": "error", "code": "illegal", "message": "x", "rule": {"got": 1e400}}):
        with pytest.raises((AssertionError, ValueError)):
            sendable(message)


# --- the defects the generator found, one test each -------------------------------------------

def hello(tmp_path):
    desk = Desk(tmp_path)
    return desk, desk.hello()


def test_an_unknown_fields_name_is_said_back_escaped_and_short(tmp_path):
    """A field's name with a right-to-left override or a byte-order mark was echoed as it came
    in the reply's ``field``."""
    desk, conn = hello(tmp_path)
    reply = desk.reply(conn, {"type": "ping", "\ufeffbom\u202e" + "x" * 90: 1})
    assert reply["code"] == "unknown_field"
    sendable(reply)
    assert reply["field"].startswith("\\ufeffbom\\u202e") and len(reply["field"]) <= 40


def create(desk, conn, config, name="Nina", mode="classic"):
    text = config if isinstance(config, str) else json.dumps(config)
    message = '{"type":"create","mode":"%s","name":%s,"config":%s}' % (mode, json.dumps(name),
                                                                       text)
    return next(m for c, m in desk.say(conn, message) if c is conn)


@pytest.mark.parametrize("number", ["1e400", "-1e400", "9" * 30, "-" + "9" * 4000])
def test_a_number_json_cannot_hold_exactly_is_refused_as_no_json(tmp_path, number):
    """``1e400`` is read by Python as infinity, which no reply can write: a config holding it
    made the server fail writing the refusal (a traceback, server_error). A number past
    ±2**53 (JSON's exact integers) is no number a client needs either."""
    desk, conn = hello(tmp_path)
    for config in ('{"width":%s}' % number, '{"fleet":[%s]}' % number):
        reply = create(desk, conn, config)
        assert reply["code"] == "bad_json", reply
        sendable(reply)
    assert not desk.server.rooms


def test_a_refused_configs_words_are_said_back_short_and_escaped(tmp_path):
    """An unknown option's name (or a wrong value) was echoed whole in the refusal: 5000
    characters, right-to-left overrides and newlines as they came."""
    desk, conn = hello(tmp_path)
    for config in ({"w\u202e\n" * 900: 1}, {"width": "\u202e" * 2000},
                   {"fleet": [[1, "\u2028"]] * 1000}):
        reply = create(desk, conn, config)
        assert reply["code"] == "illegal", reply
        sendable(reply)
    assert not desk.server.rooms


def test_ship_names_are_the_rules_own_keys_and_no_text_of_one_seat_reaches_the_other_unclean(
        tmp_path):
    """Ship names (C3) are keys the other seat's screen looks up (``ship.<name>``): a crafted
    create named its ships with right-to-left overrides and newlines, and the other seat was
    sent them in ``joined`` and ``state``. Now a name that is not one of the rules' is refused;
    the captain's name is cleaned (``jsonform.clean_text``) before anyone hears it."""
    desk, anna = hello(tmp_path)
    mb = CLASSIC_PRESETS["milton-bradley"].to_dict()
    for names in (["\u202ecarrier", "battleship", "cruiser", "submarine", "destroyer"],
                  ["carrier\n", "battleship", "cruiser", "submarine", "destroyer"],
                  ["x"] * 5, ["Carrier", "battleship", "cruiser", "submarine", "destroyer"]):
        reply = create(desk, anna, mb | {"names": names})
        assert reply["code"] == "illegal" and reply["rule"]["code"] == "bad_option", reply
        sendable(reply)
    assert not desk.server.rooms
    joined = create(desk, anna, mb, name="\u202eAnna\n\u2066x\u2069\u200b")
    boris = desk.hello()
    heard = desk.say(boris, {"type": "join", "room": joined["room"], "name": "Bo\u202eris\r\n"})
    assert [m["type"] for c, m in heard if c is boris] == ["joined", "state"]
    for _, message in heard:
        sendable(message)
    state = [m for c, m in heard if c is boris][1]
    assert [s["name"] for s in state["seats"]] == ["Anna x", "Bo ris"]
    assert state["config"]["names"] == mb["names"]


def test_a_fleet_bigger_than_its_board_is_refused_at_create(tmp_path):
    """A create could ask for 5000 one-deck ships on a 10×10 board: the rules took it, the room
    waited for a set-up nobody can make, and every state carried the 5000 sizes. A fleet of
    more pieces than the board has cells is refused as no fleet that can be placed (as a level
    file's was, and the options screen's is)."""
    desk, conn = hello(tmp_path)
    for config in ({"fleet": [1] * 5000}, {"fleet": [20] * 6},
                   {"fleet": [4] * 25, "touching": "free", "mines": 1}):
        reply = create(desk, conn, config)
        assert reply["code"] == "illegal" and reply["rule"]["code"] == "cannot_place", reply
        sendable(reply)
    assert not desk.server.rooms
    assert create(desk, conn, {"fleet": [4] * 25, "touching": "free"})["type"] == "joined"
