"""A state's big fields sent as changes (issue 23): pure, JSON in and out.

Each move changes a few cells of a view, yet a whole view is kilobytes of JSON (the largest
about 10 KB), and a server of 500 rooms sends two of them a move. A client that says so in
its hello (``"patches": true``) is sent, in place of a field of ``PATCHED`` it was sent before
on the same connection, the changes from that one (``"patch": {field: ops}``); ``grow`` on its
side makes the whole message again, the very one the server made (``shrink`` and ``grow`` are
inverse, a property the tests check on random trees and on played games).

An op is a JSON list, the path first (keys of objects, indices of lists):

- ``[path, value]``: the value at ``path`` becomes ``value`` (``[]``: the whole field);
- ``[path]``: the key at the end of ``path`` is gone from its object;
- ``[path, start, count, items]``: in the list at ``path``, ``count`` items from ``start`` are
  replaced by ``items`` (a cell added to a board's map, a ship moved).

A connection is ordered, so both ends keep the last whole value of each field (``sent`` on the
server's side, ``had`` on the client's); a new connection starts with nothing and is sent
every field whole.
"""

from __future__ import annotations

PATCHED = ("config", "view", "legal")   # the fields of a state sent as changes
_ARRAYS = (list, tuple)     # a JSON array: a list as json reads it, a tuple as codec writes it
_CONTAINERS = (dict, list, tuple)
MAX_OPS = 64                            # more changes than this: the field is sent whole


class PatchError(ValueError):
    """A patch that does not fit the value it is applied to (names the op and why)."""


def diff(old, new) -> list:
    """The ops that make ``new`` of ``old`` (both JSON values)."""
    ops: list = []
    if old != new:
        _diff(old, new, [], ops)
    return ops


def _diff(old, new, path: list, ops: list) -> None:
    if type(old) is dict and type(new) is dict:
        for key in old:
            if key not in new:
                ops.append([path + [key]])
        for key, value in new.items():
            if key not in old:
                ops.append([path + [key], value])
            elif old[key] != value:
                _diff(old[key], value, path + [key], ops)
    elif type(old) in _ARRAYS and type(new) in _ARRAYS:
        n, m = len(old), len(new)
        head = 0
        while head < n and head < m and old[head] == new[head]:
            head += 1
        tail = 0
        while tail < n - head and tail < m - head and old[n - 1 - tail] == new[m - 1 - tail]:
            tail += 1
        if n - head - tail == 1 and m - head - tail == 1 \
                and type(old[head]) in _CONTAINERS and type(new[head]) in _CONTAINERS:
            _diff(old[head], new[head], path + [head], ops)      # one item changed within
        else:
            ops.append([path, head, n - head - tail, list(new[head:m - tail])])
    else:
        ops.append([path, new])


def apply(value, ops):
    """``value`` with ``ops`` made; ``value`` itself is left as it was (what the ops change is
    copied), since the last state a screen holds may still be read."""
    if not isinstance(ops, list):
        raise PatchError("a patch is a list of ops")
    fresh: set = set()       # the containers this call made (changed in place from then on)

    def own(container):
        if id(container) in fresh:
            return container
        copy = list(container) if type(container) is tuple else container.copy()
        fresh.add(id(copy))
        return copy

    for number, op in enumerate(ops):
        if not isinstance(op, list) or len(op) not in (1, 2, 4) or not isinstance(op[0], list):
            raise PatchError(f"op {number} is not [path], [path, value] or "
                             "[path, start, count, items]")
        path = op[0]
        if len(op) == 2 and not path:
            value = op[1]
            continue
        if len(op) != 4 and not path:
            raise PatchError(f"op {number} deletes the whole field")
        steps = path if len(op) == 4 else path[:-1]
        if not isinstance(value, (dict, list)):
            raise PatchError(f"op {number} goes into a {type(value).__name__}")
        value = own(value)
        node = value
        for step in steps:
            child = _child(node, step, number)
            if not isinstance(child, (dict, list)):
                raise PatchError(f"op {number} goes into a {type(child).__name__} at {step!r}")
            child = own(child)
            node[step] = child
            node = child
        if len(op) == 4:
            start, count, items = op[1], op[2], op[3]
            if not isinstance(node, list) or not _index(start) or not _index(count) \
                    or not isinstance(items, list) or start + count > len(node):
                raise PatchError(f"op {number} splices outside its list")
            node[start:start + count] = items
            continue
        key = path[-1]
        if isinstance(node, dict) and isinstance(key, str):
            if len(op) == 1:
                if key not in node:
                    raise PatchError(f"op {number} deletes a key that is not there: {key!r}")
                del node[key]
            else:
                node[key] = op[1]
        elif isinstance(node, list) and _index(key) and key < len(node) and len(op) == 2:
            node[key] = op[1]
        else:
            raise PatchError(f"op {number} has no place {key!r}")
    return value


def _index(value) -> bool:
    return type(value) is int and value >= 0


def _child(node, step, number: int):
    if isinstance(node, dict) and isinstance(step, str) and step in node:
        return node[step]
    if isinstance(node, list) and _index(step) and step < len(node):
        return node[step]
    raise PatchError(f"op {number} has no place {step!r}")


def shrink(message: dict, sent: dict) -> dict:
    """``message`` as sent to a connection that was last sent ``sent`` (field → whole value,
    kept up to date here): each field of ``PATCHED`` it was sent before goes as its changes."""
    patch = {}
    for name in PATCHED:
        if name not in message:
            continue
        value = message[name]
        if name in sent:
            ops = diff(sent[name], value)
            if len(ops) <= MAX_OPS:
                patch[name] = ops
        sent[name] = value
    if not patch:
        return message
    out = {k: v for k, v in message.items() if k not in patch}
    out["patch"] = patch
    return out


def grow(message: dict, had: dict) -> dict:
    """The whole message again, from one ``shrink`` made and the fields this connection was
    last sent (``had``, kept up to date here); ``PatchError`` if the patch does not fit."""
    patch = message.get("patch")
    if patch is None:
        out = message
    else:
        if not isinstance(patch, dict):
            raise PatchError("patch must be an object")
        out = {k: v for k, v in message.items() if k != "patch"}
        for name, ops in patch.items():
            if name not in PATCHED or name in out:
                raise PatchError(f"a patch to {name!r}, which is not patched or sent whole")
            if name not in had:
                raise PatchError(f"a patch to {name!r}, which was never sent whole")
            out[name] = apply(had[name], ops)
    for name in PATCHED:
        if name in out:
            had[name] = out[name]
    return out
