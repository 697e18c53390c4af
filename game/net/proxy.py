"""The proxy in front of a cluster (issue 37, ``deploy/``): which room process makes which codes,
and the HAProxy configuration (Debian's haproxy 2.6) and map that route protocol 2's paths to
the processes without reading a message. Pure: ``deploy/make_config.py`` writes the files,
``deploy/run.py`` and ``bench net --shards`` start what they name.

- ``ROOM_PATH + code`` goes to the room process whose letters hold the code's first letter
  (the map file: one line a letter, ``/v2/room/K rooms2``, read with ``map_beg``), so a room is
  always reached on the process that keeps it; a code of no letter is refused (503).
- ``CREATE_PATH`` is spread round-robin over the room processes; a process that is down is
  skipped (a refused connection is tried again on the next: ``option redispatch``).
- ``LOBBY_PATH`` goes to the one lobby process; anything else (``/``: a protocol-1 client, who
  names no room in the path) to the first room process, which serves it as before.
- Per source address: at most ``conns`` connections open at once across every process, at most
  ``conn_rate`` new ones in 10 s, and at most ``creates`` rooms made in 10 minutes (a stick
  table of the proxy's, as ``limits.py`` counts per process: ``docs/network.md``).
- The servers read the client's address from ``X-Forwarded-For`` (``--trust-proxy``), which
  the proxy sets (``option forwardfor``); a WebSocket once open is a tunnel that lives while
  the server's pings (every 20 s) cross it.
"""

from __future__ import annotations

from dataclasses import dataclass

from .protocol import CODE_ALPHABET, CREATE_PATH, LOBBY_PATH, ROOM_PATH


@dataclass(frozen=True)
class Process:
    name: str            # its backend's name in the proxy: "lobby", "rooms1", "rooms2", ...
    port: int
    letters: str = ""    # a room process: the first letters of the codes routed to it
    makes: str | None = None   # ... and of the codes it makes, when fewer (a letter moving away)

    @property
    def making(self) -> str:
        return self.letters if self.makes is None else self.makes


def letters(n: int) -> list[str]:
    """The code alphabet dealt over ``n`` room processes (each letter to exactly one)."""
    if not 1 <= n <= len(CODE_ALPHABET):
        raise ValueError(f"between 1 and {len(CODE_ALPHABET)} room processes, not {n}")
    return [CODE_ALPHABET[i::n] for i in range(n)]


def plan(n: int, base_port: int = 9000) -> list[Process]:
    """The lobby on ``base_port`` and ``n`` room processes on the ports after it."""
    return [Process("lobby", base_port)] + [Process(f"rooms{i + 1}", base_port + 1 + i, part)
                                            for i, part in enumerate(letters(n))]


def route(processes: list[Process], path: str) -> str | None:
    """The backend the configuration sends ``path`` to (what HAProxy does, for the tests and
    the run book): None where it refuses it."""
    path = path.split("?", 1)[0]
    rooms = [p for p in processes if p.name != "lobby"]
    if path == LOBBY_PATH:
        return "lobby"
    if path == CREATE_PATH:
        return "create"
    if path.startswith(ROOM_PATH):
        first = path[len(ROOM_PATH):len(ROOM_PATH) + 1]
        return next((p.name for p in rooms if first and first in p.letters), None)
    return rooms[0].name


def map_text(processes: list[Process]) -> str:
    """The map file: the path's start up to the code's first letter, and its backend."""
    lines = ["# ROOM_PATH + a code's first letter -> the room process that makes such codes",
             "# (deploy/make_config.py writes it; deploy/README.md: how a letter moves)"]
    for p in processes:
        lines += [f"{ROOM_PATH}{c} {p.name}" for c in p.letters]
    return "\n".join(lines) + "\n"


def haproxy_config(processes: list[Process], map_path: str, bind: str = "127.0.0.1:8765",
                   host: str = "127.0.0.1", maxconn: int = 4000, conns: int = 16,
                   conn_rate: int = 60, creates: int = 10, threads: int | None = None) -> str:
    """HAProxy 2.6's configuration for ``processes`` (``plan``), the map file at ``map_path``;
    ``threads``: HAProxy's (default: one a core)."""
    rooms = [p for p in processes if p.name != "lobby"]
    lobby = next(p for p in processes if p.name == "lobby")
    out = f"""# Sea Battle: {len(rooms)} room processes and the lobby behind one address
# (written by deploy/make_config.py: change its options, not this file)
global
    maxconn {maxconn}{f"{chr(10)}    nbthread {threads}" if threads else ""}

defaults
    mode http
    option forwardfor            # the servers' --trust-proxy read the client's address here
    option http-server-close
    retries 3
    option redispatch 1          # a create refused by a process that is down goes to the next
    timeout connect 2s
    timeout http-request 5s      # the WebSocket handshake (a slow one holds nothing long)
    timeout client 30s
    timeout server 30s
    timeout tunnel 120s          # an open WebSocket: the server pings every 20 s
    timeout client-fin 5s
    timeout server-fin 5s

frontend sea-battle
    bind {bind}
    # per source address across every process (docs/network.md): connections open at once,
    # new ones in 10 s, rooms created in 10 minutes
    stick-table type ip size 1m expire 10m store conn_cur,conn_rate(10s)
    tcp-request connection track-sc0 src
    tcp-request connection reject if {{ sc0_conn_cur gt {conns} }}
    tcp-request connection reject if {{ sc0_conn_rate gt {conn_rate} }}
    acl create path {CREATE_PATH}
    acl lobby path {LOBBY_PATH}
    acl room path_beg {ROOM_PATH}
    http-request track-sc1 src table creates if create
    http-request deny deny_status 429 if create {{ sc1_http_req_rate(creates) gt {creates} }}
    use_backend lobby if lobby
    use_backend create if create
    use_backend %[path,map_beg({map_path},nowhere)] if room
    default_backend {rooms[0].name}

backend creates
    stick-table type ip size 1m expire 10m store http_req_rate(10m)

backend nowhere
    # a code of no process's letters: 503, and nothing is asked of any server

backend lobby
    server lobby {host}:{lobby.port}

backend create
    balance roundrobin
"""
    out += "".join(f"    server {p.name} {host}:{p.port}\n" for p in rooms if p.making)
    for p in rooms:
        out += f"\nbackend {p.name}\n    # codes beginning {p.letters or '(none yet)'}\n" \
               f"    server {p.name} {host}:{p.port}\n"
    return out
