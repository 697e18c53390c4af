"""The rules' objects as JSON and back (issue 23): views, events, actions, configs and set-ups,
the way the server sends them and the client reads them. Pure: no pygame, no network.

``encode`` writes any object of the rules as plain JSON values: a dataclass as
``{"t": "ClassName", "f": {field: value, ...}}``, a dict as ``{"t": "map", "items": [[k, v],
...]}`` and a set as ``{"t": "set", "items": [...]}`` (both sorted by the JSON text of their
items, so one object always has one text), a tuple or list as a JSON array, and None, booleans,
ints and strings as they are. The arrays are Python tuples (``json`` writes them as arrays): what
the server keeps of the views it sent is then immutable, and the garbage collector stops looking
at it (lists it would walk on every full collection: hundreds of thousands of them in a server
of 500 rooms, seconds of pauses). ``decode`` takes either, as JSON gives lists.

``decode`` reads it back by WHITELIST only: the dataclasses of ``game.rules.base``, ``fleet`` and
every registered mode's rules package (``game.rules.modes``), each field checked against the type the rules declare
for it (a cell must be two ints, a boolean is no int), nothing evaluated, nothing unpickled. A
class, a field or a value it does not know is refused with ``CodecError`` naming where
(``view.target.items[3].key``) and what was wrong.

Actions and set-ups travel in the rules' own compact forms (the ones saves and records keep),
written and read by each mode's own ``writing`` module (``action_to_json`` / ``action_from_json``
and ``setup_to_json`` / ``setup_from_json`` here look the mode up in the registry): each reader
checks the whole shape strictly before the rules build anything from it, so a malformed message
is a ``CodecError`` and never a KeyError deep in the rules. Whether a well-formed action or
set-up is *legal* is the rules' business: ``game.check(action)`` and ``check_setup``.
"""

from __future__ import annotations

import bisect
import contextvars
import copy
import json
import math
import operator
import types
import typing
from dataclasses import fields, is_dataclass

from ..rules import base, fleet
from ..rules.coords import Cell
from ..rules.jsonform import CodecError, json_kind
from ..rules.modes import MODES

MAX_DEPTH = 32          # nesting of JSON containers decode follows, no deeper

__all__ = ["CodecError", "DecodeMemo", "Memo", "action_from_json", "action_json_kept",
           "action_to_json", "check_setup", "decode", "encode", "frozen", "setup_from_json",
           "setup_to_json", "thawed"]


# --- the whitelist -------------------------------------------------------------------------

def _dataclasses_of(*modules) -> dict[str, type]:
    """The public dataclasses defined in ``modules`` (a mode's package: in any of its modules)."""
    out: dict[str, type] = {}
    for module in modules:
        for name, obj in vars(module).items():
            home = getattr(obj, "__module__", "")
            if (isinstance(obj, type) and is_dataclass(obj) and not name.startswith("_")
                    and (home == module.__name__ or home.startswith(module.__name__ + "."))):
                if out.get(name, obj) is not obj:
                    raise RuntimeError(f"two rules classes are called {name}")
                out[name] = obj
    return out


WHITELIST: dict[str, type] = _dataclasses_of(base, fleet,
                                             *(m.package for m in MODES.values()),
                                             # issue 37: each mode's public view (spectators)
                                             *(m.told for m in MODES.values()))

# Fields the rules annotate only as ``dict`` / ``tuple`` / ``frozenset`` / ``list``: what they
# hold (each mode's ``field_types``), so decode checks them as closely as the others.
_OVERRIDES: dict[tuple[str, str], object] = {
    key: hint for m in MODES.values() for key, hint in m.field_types.items()}


def _hints(cls: type) -> dict[str, object]:
    hints = typing.get_type_hints(cls)
    return {f.name: _OVERRIDES.get((cls.__name__, f.name), hints[f.name])
            for f in fields(cls) if f.init}


FIELDS: dict[str, dict[str, object]] = {name: _hints(cls) for name, cls in WHITELIST.items()}


# --- encode --------------------------------------------------------------------------------

def _text(value) -> str:
    """The JSON text of an encoded value, which orders a map's keys and a set's items (a cell,
    the usual key, written without json's help: the same text)."""
    if type(value) in _ARRAYS and len(value) == 2 and type(value[0]) is int \
            and type(value[1]) is int:
        return f"[{value[0]},{value[1]}]"
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


_PLAIN = (type(None), bool, int, str)
_ARRAYS = (tuple, list)     # a JSON array as the encoder writes it, and as json reads it


def encode(obj, where: str = "value"):
    """``obj`` as JSON values (see the module's doc); CodecError naming the place of anything
    the whitelist does not hold, or of a float that is not finite."""
    try:
        return _encode(obj)
    except CodecError as exc:
        raise CodecError(where + exc.where, exc.problem) from None


def _encode(obj):
    kind = type(obj)
    if kind in _PLAIN:
        return obj
    if kind is tuple and len(obj) == 2 and type(obj[0]) is int and type(obj[1]) is int:
        return obj                                    # a cell, the commonest value by far
    if kind in _ARRAYS:
        out = []
        for i, v in enumerate(obj):
            try:
                out.append(_encode(v))
            except CodecError as exc:
                raise CodecError(f"[{i}]{exc.where}", exc.problem) from None
        return tuple(out)
    name = kind.__name__
    if name in FIELDS:
        if WHITELIST[name] is not kind:
            raise CodecError("", f"{name} is not a class the network carries")
        out = {}
        for f in FIELDS[name]:
            try:
                out[f] = _encode(getattr(obj, f))
            except CodecError as exc:
                raise CodecError(f".{f}{exc.where}", exc.problem) from None
        return {"t": name, "f": out}
    if isinstance(obj, dict):
        items = []
        for i, (k, v) in enumerate(obj.items()):
            try:
                items.append((_encode(k), _encode(v)))
            except CodecError as exc:
                raise CodecError(f".items[{i}]{exc.where}", exc.problem) from None
        return {"t": "map", "items": tuple(sorted(items, key=lambda kv: _text(kv[0])))}
    if isinstance(obj, (set, frozenset)):
        return {"t": "set", "items": tuple(sorted((_encode(v) for v in obj), key=_text))}
    if isinstance(obj, float):
        if not math.isfinite(obj):
            raise CodecError("", f"the number {obj!r} is not finite")
        return obj
    if isinstance(obj, (bool, int, str)):             # a subclass (an enum's value...)
        return obj
    raise CodecError("", f"cannot encode a {name}")


def _as_is(hint) -> bool:
    """Whether every value of type ``hint`` is its own encoding (plain values, cells, tuples of
    them): such a field is compared with its encoding at once."""
    if hint in (int, str, bool, type(None)) or hint == Cell:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return all(_as_is(a) for a in args)
    return origin is tuple and bool(args) and all(a is Ellipsis or _as_is(a) for a in args)


def _spec(name: str):
    """A class's fields for ``_fields_match``: a getter of those that are their own encoding,
    from the object and from its encoding's fields, and the names of the others."""
    same = [f for f, hint in FIELDS[name].items() if _as_is(hint)]
    other = tuple(f for f in FIELDS[name] if f not in same)
    if not same:
        return None, None, other
    return operator.attrgetter(*same), operator.itemgetter(*same), other


_SPECS = {name: _spec(name) for name in FIELDS}


def _fields_match(obj, given: dict, name: str) -> bool:
    """Whether the fields of ``obj`` (of class ``name``) encode to ``given``. Fields that are
    their own encoding are compared all at once, at the speed of C (the rules never put True
    where a number belongs, nor the reverse, which compare equal)."""
    of_obj, of_enc, other = _SPECS[name]
    try:
        if of_obj is not None and of_obj(obj) != of_enc(given):
            return False
    except KeyError:
        return False
    for f in other:
        if f not in given or not _matches(getattr(obj, f), given[f]):
            return False
    return True


class Memo:
    """``encode`` for a run of values each much like the last (one seat's views, move after
    move): a part that encodes to the same text as the same part of the last value is given
    the very JSON objects it was given then, so only what changed is encoded again, and
    ``patch.diff`` passes over the rest by identity. The text is the one ``encode`` writes (a
    test compares them over played games of every preset).

    Only the last encoding is kept, never the value it came from: a view's objects (a
    large view holds some eighty) then die with the message they were read for, where kept
    until the next move they would each be walked by the garbage collector's young passes and
    pass on to its old generation (tens of milliseconds a pass in a server of 500 rooms), and
    the encoding itself, tuples and maps of plain values, is soon no longer looked at by it."""

    def __init__(self):
        self.enc, self.empty = None, True

    def forget(self) -> None:
        """Let the last encoding go (the next value is encoded whole)."""
        self.enc, self.empty = None, True

    def encode(self, obj, where: str = "value"):
        try:
            enc = _encode(obj) if self.empty else _again(obj, self.enc)
        except CodecError:
            enc = encode(obj, where)     # raises again, naming the place
        self.enc, self.empty = enc, False
        return enc


def _matches(obj, enc) -> bool:
    """Whether ``obj`` encodes to ``enc`` (the rules never put True where a number belongs,
    nor the reverse, which compare equal)."""
    kind = type(obj)
    if kind in _PLAIN:
        return type(enc) is kind and obj == enc
    if kind is tuple or kind is list:
        if type(enc) is not tuple or len(obj) != len(enc):
            return False
        if obj == enc:           # a cell, a tuple of plain values: at the speed of C
            return kind is tuple or all(type(v) in _PLAIN for v in obj)
        return all(_matches(a, e) for a, e in zip(obj, enc))
    name = kind.__name__
    if name in FIELDS and WHITELIST[name] is kind:
        return type(enc) is dict and enc.get("t") == name and _fields_match(obj, enc["f"], name)
    if kind is dict:
        return _map_matches(obj, enc)
    return _encode(obj) == enc       # a set, and what else there may be


def _map_matches(obj: dict, enc) -> bool:
    if type(enc) is not dict or enc.get("t") != "map" or len(enc["items"]) != len(obj):
        return False
    try:     # a cell or plain key (every map's of the rules) is its own encoding: pair[0]
        for k, e in enc["items"]:
            v = obj.get(k, _matches)
            if not (type(v) is type(e) and v == e and type(v) in _PLAIN) and (
                    v is _matches or not _matches(v, e)):
                return False
    except TypeError:        # a key that is not one (a pair holding a map or an object)
        return False
    return True


def _again(obj, enc):
    """``_encode(obj)``, given the last value's encoding ``enc``: each part of it that ``obj``'s
    part at the same place encodes to, reused — ``enc`` itself when all of it is."""
    kind = type(obj)
    if kind in _PLAIN:
        return enc if type(enc) is kind and obj == enc else obj
    if kind is tuple or kind is list:
        if type(enc) is not tuple:
            return _encode(obj)
        if kind is tuple and obj == enc:      # a cell, a tuple of plain values (or equal ones)
            if all(type(v) in _PLAIN or type(v) is tuple and len(v) == 2 for v in obj) \
                    or _matches(obj, enc):
                return enc
        n, m = len(obj), len(enc)
        head = 0
        while head < n and head < m and _matches(obj[head], enc[head]):
            head += 1
        if head == n == m:
            return enc
        tail = 0
        while tail < n - head and tail < m - head and _matches(obj[n - 1 - tail],
                                                               enc[m - 1 - tail]):
            tail += 1
        if n == m:           # the same places: what changed within each item is reused too
            middle = tuple(_again(obj[i], enc[i]) for i in range(head, n - tail))
        else:
            middle = tuple(_encode(v) for v in obj[head:n - tail])
        return enc[:head] + middle + (enc[m - tail:] if tail else ())
    name = kind.__name__
    if name in FIELDS and WHITELIST[name] is kind:
        if type(enc) is not dict or enc.get("t") != name:
            return _encode(obj)
        given, out, same = enc["f"], {}, True
        for f in FIELDS[name]:
            a, e = getattr(obj, f), given.get(f, _matches)
            if type(a) in _PLAIN:
                value = e if type(e) is type(a) and a == e else a
            else:
                value = _again(a, e) if e is not _matches else _encode(a)
            same = same and value is e
            out[f] = value
        return enc if same else {"t": name, "f": out}
    if kind is dict:
        return _again_map(obj, enc)
    return _encode(obj)              # a set: whole


def _again_map(obj: dict, enc):
    """A map: the pair of each key still there whose value encodes the same is reused, in the
    last order; a new key's pair is put in its sorted place."""
    if type(enc) is not dict or enc.get("t") != "map":
        return _encode(obj)
    out, same = [], True
    try:     # a cell or plain key (every map's of the rules) is its own encoding: pair[0]
        for pair in enc["items"]:
            k, e = pair
            v = obj.get(k, _matches)
            if v is _matches or type(k) is not tuple and type(k) not in _PLAIN:
                same = False               # a key gone (or one that is no key)
            elif type(v) is type(e) and v == e and type(v) in _PLAIN or _matches(v, e):
                out.append(pair)
            else:
                out.append((k, _encode(v)))
                same = False
    except TypeError:        # a key that is not one (a pair holding a map or an object)
        return _encode(obj)
    if len(out) != len(obj):
        same = False
        kept = {pair[0] for pair in out}
        for k, v in obj.items():
            if k not in kept:
                bisect.insort(out, (_encode(k), _encode(v)), key=_key_text)
    return enc if same else {"t": "map", "items": tuple(out)}


def _key_text(pair) -> str:
    return _text(pair[0])


# --- decode --------------------------------------------------------------------------------
# Each decoder raises CodecError with ``where`` relative to its value ("", ".f", "[3]..."); the
# level above puts its own place in front, so the happy path builds no path strings at all.

_kind = json_kind     # what a JSON value is, in words (one table: the rules' jsonform)


def _within(prefix: str, exc: CodecError) -> CodecError:
    return CodecError(prefix + exc.where, exc.problem)


def _deep(depth: int) -> None:
    if depth > MAX_DEPTH:
        raise CodecError("", f"nested deeper than {MAX_DEPTH}")


def _hashable(value):
    try:
        hash(value)
    except TypeError:
        raise CodecError("", "this cannot be a key or a set's item") from None
    return value


def _exactly(data: dict, keys: set, what: str) -> None:
    if len(data) != len(keys) or any(k not in data for k in keys):
        extra = sorted(str(k)[:40] for k in set(data) - keys)
        missing = sorted(keys - set(data))
        raise CodecError("", f"{what} must hold exactly {sorted(keys)}"
                         + (f"; unknown {extra}" if extra else "")
                         + (f"; missing {missing}" if missing else ""))


_MAP_KEYS, _OBJECT_KEYS = ("t", "items"), ("t", "f")


def _items(data, tag: str) -> list:
    if not isinstance(data, dict) or data.get("t") != tag:
        raise CodecError("", f"a {tag} belongs here, not {_kind(data)}")
    _exactly(data, _MAP_KEYS, f"a {tag}")
    if not isinstance(data["items"], _ARRAYS):
        raise CodecError(".items", f"must be a list, not {_kind(data['items'])}")
    return data["items"]


def _seq(data, item, depth: int) -> list:
    if not isinstance(data, _ARRAYS):
        raise CodecError("", f"a list belongs here, not {_kind(data)}")
    _deep(depth + 1)
    out = []
    for i, v in enumerate(data):
        try:
            out.append(item(v, depth + 1))
        except CodecError as exc:
            raise _within(f"[{i}]", exc) from None
    return out


def _map(items: list, key, value, depth: int) -> dict:
    _deep(depth + 2)
    out = {}
    for i, kv in enumerate(items):
        try:
            if not isinstance(kv, _ARRAYS) or len(kv) != 2:
                raise CodecError("", "a map's item must be a [key, value] pair")
            try:
                k = _hashable(key(kv[0], depth + 3))
                if k in out:
                    raise CodecError("", "a key given twice")
            except CodecError as exc:
                raise _within(".key", exc) from None
            try:
                out[k] = value(kv[1], depth + 3)
            except CodecError as exc:
                raise _within(".value", exc) from None
        except CodecError as exc:
            raise _within(f".items[{i}]", exc) from None
    return out


def _set(items: list, item, depth: int) -> frozenset:
    _deep(depth + 2)
    out = set()
    for i, v in enumerate(items):
        try:
            out.add(_hashable(item(v, depth + 2)))
        except CodecError as exc:
            raise _within(f".items[{i}]", exc) from None
    return frozenset(out)


def _any(data, depth: int = 0):
    """Decode without a declared type: lists become tuples, maps dicts, sets frozensets."""
    _deep(depth)
    if data is None or isinstance(data, (bool, int, str)):
        return data
    if isinstance(data, float):
        if not math.isfinite(data):
            raise CodecError("", "a number that is not finite")
        return data
    if isinstance(data, _ARRAYS):
        return tuple(_seq(data, _any, depth))
    if isinstance(data, dict):
        tag = data.get("t")
        if tag == "map":
            return _map(_items(data, "map"), _any, _any, depth)
        if tag == "set":
            return _set(_items(data, "set"), _any, depth)
        return _object(data, depth, None)
    raise CodecError("", f"{_kind(data)} is no JSON value")


def _object(data, depth: int, want: type | None):
    memo = _MEMO.get()
    if memo is not None:
        hit = memo[0].get(id(data))
        if hit is not None and hit[0] is data and (want is None or type(hit[1]) is want):
            memo[1][id(data)] = hit
            return hit[1] if hit[2] else copy.copy(hit[1])
    value = _new_object(data, depth, want)
    if memo is not None:
        kind = _REUSE.get(type(value).__name__)
        if kind is not None:     # kept as decoded; one that can be changed goes out a copy
            memo[1][id(data)] = (data, value, kind)
            return value if kind else copy.copy(value)
    return value


def _new_object(data, depth: int, want: type | None):
    if not isinstance(data, dict):
        raise CodecError("", f"a {want.__name__ if want else 'rules object'} belongs here, "
                         f"not {_kind(data)}")
    tag = data.get("t")
    if not isinstance(tag, str):
        raise CodecError("", "an object must name its class in \"t\"")
    cls = WHITELIST.get(tag)
    if cls is None:
        raise CodecError("", f"unknown class {tag[:40]!r}")
    if want is not None and cls is not want:
        raise CodecError("", f"a {want.__name__} belongs here, not a {tag}")
    _exactly(data, _OBJECT_KEYS, "an object")
    given = data["f"]
    if not isinstance(given, dict):
        raise CodecError(".f", f"must be an object, not {_kind(given)}")
    _deep(depth + 2)
    decoders = _DECODERS[tag]
    for name in given:
        if name not in decoders:
            raise CodecError(f".{str(name)[:40]}", f"{tag} has no such field")
    kwargs = {}
    for name, dec in decoders.items():
        if name not in given:
            raise CodecError(f".{name}", f"missing field of {tag}")
        try:
            kwargs[name] = dec(given[name], depth + 2)
        except CodecError as exc:
            raise _within(f".{name}", exc) from None
    try:
        return cls(**kwargs)
    except (ValueError, TypeError) as exc:    # a config the rules refuse (ConfigError)
        raise CodecError("", f"the rules refuse this {tag}: {exc}") from None


def _int(data, depth: int):
    if isinstance(data, bool) or not isinstance(data, int):
        raise CodecError("", f"a whole number belongs here, not {_kind(data)}")
    return data


def _cell_value(data, depth: int):
    if type(data) in _ARRAYS and len(data) == 2 and type(data[0]) is int \
            and type(data[1]) is int:
        return (data[0], data[1])
    if not isinstance(data, _ARRAYS) or len(data) != 2:
        raise CodecError("", "a cell (two numbers) belongs here, not "
                         + (f"{len(data)} items" if isinstance(data, _ARRAYS) else _kind(data)))
    for i, v in enumerate(data):
        try:
            _int(v, depth)
        except CodecError as exc:
            raise _within(f"[{i}]", exc) from None
    return (data[0], data[1])


def _scalar(kind: type, words: str):
    def dec(data, depth: int):
        if not isinstance(data, kind) or (kind is not bool and isinstance(data, bool)):
            raise CodecError("", f"{words} belongs here, not {_kind(data)}")
        return data
    return dec


# --- decoding a run of values, each much like the last (``DecodeMemo``) -----------------------

_MEMO: contextvars.ContextVar = contextvars.ContextVar("codec_memo", default=None)


def _immutable(hint, kinds: dict | None = None) -> bool:
    """Whether every value of type ``hint`` decodes to something nobody can change (``kinds``:
    the classes known so far, ``_REUSE``'s)."""
    kinds = _REUSE if kinds is None else kinds
    if hint in (int, str, bool, float, type(None)) or hint == Cell:
        return True
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return all(_immutable(a, kinds) for a in args)
    if origin in (tuple, frozenset) and args:
        return all(a is Ellipsis or _immutable(a, kinds) for a in args)
    if isinstance(hint, type) and WHITELIST.get(hint.__name__) is hint:
        return kinds.get(hint.__name__) is True
    return False


def _reuse_kinds() -> dict:
    """Per class: True, its objects are reused as they are (frozen, and so is all they hold);
    False, reused as a copy (not frozen, but all it holds is); absent, decoded again. The
    classes are looked at until nothing changes (one may hold another)."""
    kinds: dict = {}
    changed = True
    while changed:
        changed = False
        for name, cls in WHITELIST.items():
            if name not in kinds and all(_immutable(h, kinds) for h in FIELDS[name].values()):
                kinds[name] = bool(cls.__dataclass_params__.frozen)
                changed = True
    return kinds


_REUSE: dict = _reuse_kinds()


def _kept_map(data, key, value, depth: int) -> dict:
    memo = _MEMO.get()
    if memo is not None:
        hit = memo[0].get(id(data))
        if hit is not None and hit[0] is data and type(hit[1]) is dict:
            memo[1][id(data)] = hit
            return dict(hit[1])                 # a map is a dict: each its own copy
    out = _map(_items(data, "map"), key, value, depth)
    if memo is not None:
        memo[1][id(data)] = (data, out, False)
        return dict(out)
    return out


class DecodeMemo:
    """``decode`` for a run of JSON values each much like the last (one seat's states, made
    whole from patches: ``patch.apply`` keeps every part that did not change as the very same
    object). An object or a map that is the very object decoded last time is given what it
    was decoded to then — as it is when nothing in it can be changed, else as a copy — so a
    decoded view shares nothing a player's code could change with the last one. Nothing the
    whitelist refuses gets through: what is reused was checked when first decoded, and only
    where the same class is wanted."""

    def __init__(self):
        self.last: dict = {}       # id of a node -> (node, value, reused as is)

    def decode(self, data, where: str = "value"):
        now: dict = {}
        token = _MEMO.set((self.last, now))
        try:
            return decode(data, where)
        finally:
            _MEMO.reset(token)
            self.last = now


_DECODER_CACHE: dict = {}


def _decoder(hint):
    """The decoder of values of type ``hint``, made once per hint."""
    key = repr(hint)
    if key not in _DECODER_CACHE:
        _DECODER_CACHE[key] = _make_decoder(hint)
    return _DECODER_CACHE[key]


def _make_decoder(hint):
    if hint is None or hint is typing.Any:
        return _any
    if hint == Cell:
        return _cell_value
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        rest = [a for a in args if a is not type(None)]
        if len(rest) != 1:
            raise TypeError(f"no decoder for {hint!r}")     # no rules field is so
        inner = _decoder(rest[0])
        if len(rest) == len(args):
            return inner
        return lambda data, depth: None if data is None else inner(data, depth)
    if hint is int:
        return _int
    if hint is bool:
        return _scalar(bool, "a boolean")
    if hint is str:
        return _scalar(str, "a string")
    if hint is float:
        def dec_float(data, depth):
            if isinstance(data, bool) or not isinstance(data, (int, float)) \
                    or not math.isfinite(data):
                raise CodecError("", f"a finite number belongs here, not {_kind(data)}")
            return float(data)
        return dec_float
    if isinstance(hint, type) and WHITELIST.get(hint.__name__) is hint:
        return lambda data, depth: _object(data, depth, hint)
    container = origin or hint
    if container in (tuple, list):
        make = tuple if container is tuple else list
        if not args:
            return lambda data, depth: make(_seq(data, _any, depth))
        if container is list or (len(args) == 2 and args[1] is Ellipsis):
            item = _decoder(args[0])
            return lambda data, depth: make(_seq(data, item, depth))
        parts = [_decoder(a) for a in args]

        def dec_fixed(data, depth):
            if not isinstance(data, _ARRAYS) or len(data) != len(parts):
                raise CodecError("", f"{len(parts)} items belong here, not "
                                 + (f"{len(data)}" if isinstance(data, _ARRAYS) else _kind(data)))
            _deep(depth + 1)
            out = []
            for i, (v, dec) in enumerate(zip(data, parts)):
                try:
                    out.append(dec(v, depth + 1))
                except CodecError as exc:
                    raise _within(f"[{i}]", exc) from None
            return make(out)
        return dec_fixed
    if container is dict:
        key, value = (_decoder(args[0]), _decoder(args[1])) if args else (_any, _any)
        if args and _immutable(args[0]) and _immutable(args[1]):
            return lambda data, depth: _kept_map(data, key, value, depth)
        return lambda data, depth: _map(_items(data, "map"), key, value, depth)
    if container in (frozenset, set):
        item = _decoder(args[0]) if args else _any
        return lambda data, depth: _set(_items(data, "set"), item, depth)
    raise TypeError(f"no decoder for {hint!r}")


_DECODERS: dict[str, dict] = {name: {f: _decoder(h) for f, h in hints.items()}
                              for name, hints in FIELDS.items()}


def decode(data, where: str = "value"):
    """The object ``encode`` wrote, rebuilt by whitelist (see the module's doc); CodecError
    naming the place (``where`` and the path inside) of anything else."""
    try:
        return _any(data, 0)
    except CodecError as exc:
        raise _within(where, exc) from None
    except RecursionError:
        raise CodecError(where, f"nested deeper than {MAX_DEPTH}") from None


# --- actions and set-ups: each mode's own forms, through the rules' registry -----------------

def _mode(mode: str):
    if not isinstance(mode, str) or mode not in MODES:
        raise CodecError("mode", f"unknown mode {str(mode)[:40]!r}")
    return MODES[mode]


def action_to_json(mode: str, action):
    """``action`` in the rules' own JSON form for ``mode`` (the one records keep)."""
    try:
        return _mode(mode).action_to_json(action)
    except TypeError:
        raise CodecError("action", f"{type(action).__name__} is no {mode} action") from None


def frozen(value):
    """A JSON value with its arrays as tuples (see the module's doc: what a server keeps)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return tuple(frozen(v) for v in value)
    if kind is dict:
        return {k: frozen(v) for k, v in value.items()}
    return value


def thawed(value):
    """A JSON value with its arrays as lists again (what the set-up readers take)."""
    kind = type(value)
    if kind is list or kind is tuple:
        return [thawed(v) for v in value]
    if kind is dict:
        return {k: thawed(v) for k, v in value.items()}
    return value


_ACTION_JSON: dict = {}     # (mode, action) -> its JSON, frozen: the legal lists' actions
_ACTION_JSON_KEPT = 100_000


def action_json_kept(mode: str, action):
    """``action_to_json``, frozen, and the same object each time for an equal action (a legal
    list offers mostly the actions it offered the move before: made once, and the patch of
    the list passes over them by identity)."""
    key = (mode, action)
    try:
        return _ACTION_JSON[key]
    except KeyError:
        pass
    except TypeError:            # an action that is no key (none of the rules' is so today)
        return frozen(action_to_json(mode, action))
    if len(_ACTION_JSON) >= _ACTION_JSON_KEPT:
        _ACTION_JSON.clear()
    value = _ACTION_JSON[key] = frozen(action_to_json(mode, action))
    return value


def action_from_json(mode: str, data, where: str = "action"):
    """The action ``data`` names, its whole shape checked first by the mode's own reader (exact
    keys, cells of two whole numbers, no boolean for a number, no list longer than the board
    has cells); CodecError naming the place otherwise. Whether it is legal now is
    ``game.check``'s."""
    entry = _mode(mode)
    return entry.action_from_json(data, where, entry.cells)


def setup_to_json(mode: str, setup):
    """One side's set-up before the battle in the mode's own JSON form."""
    return _mode(mode).setup_to_json(setup)


def setup_from_json(mode: str, config, data, where: str = "setup"):
    """The set-up object the game starts from, from its JSON: only the structure is checked here
    (and no more cells than the board holds), CodecError naming the place otherwise;
    ``check_setup`` asks the rules."""
    return _mode(mode).setup_from_json(config, data, where)


def check_setup(mode: str, config, setup, player: int | None = None) -> None:
    """The rules' own check of one side's set-up: raises their PlacementError (a RuleError)
    naming the ship, cell or piece at fault; a set-up that passes starts a game. ``player``:
    the seat, where a mode's set-up stands in its owner's zone (without it either is taken)."""
    _mode(mode).check_setup(config, setup, player)
