"""Write the proxy's files for a cluster of N room processes and one lobby (issue 37):

    python deploy/make_config.py N [--out DIR] [--base-port 9000] [--bind 0.0.0.0:8765]

writes into DIR (default ``deploy/out``): ``haproxy.cfg`` (Debian's HAProxy 2.6), ``rooms.map``
(a code's first letter -> its room process), ``cluster.json`` (each process: its name, port and
letters, which ``deploy/run.py`` starts) and, if there is none yet, ``cluster.key`` (the key every
process reads: keep it; a new one voids the tickets in flight). ``deploy/README.md`` is the run
book; ``game/net/proxy.py`` says what the configuration does.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent       # the game's package is found from here
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.net import cluster, proxy


def processes_of(plan: dict) -> list[proxy.Process]:
    return [proxy.Process(p["name"], p["port"], p.get("letters", ""), p.get("makes"))
            for p in plan["processes"]]


def write_files(out: Path, plan: dict) -> None:
    """``cluster.json``, ``rooms.map`` and ``haproxy.cfg`` as ``plan`` says (``run.py`` writes
    them again when a letter moves)."""
    processes = processes_of(plan)
    (out / "rooms.map").write_text(proxy.map_text(processes))
    (out / "haproxy.cfg").write_text(proxy.haproxy_config(
        processes, str((out / "rooms.map").resolve()), bind=plan["bind"], host=plan["host"],
        maxconn=plan["maxconn"]))
    (out / "cluster.json").write_text(json.dumps(plan, indent=2) + "\n")


def write(n: int, out: Path, base_port: int = 9000, bind: str = "127.0.0.1:8765",
          host: str = "127.0.0.1", maxconn: int = 4000) -> list[proxy.Process]:
    """The files for a new cluster of ``n`` room processes in ``out``; the processes."""
    out.mkdir(parents=True, exist_ok=True)
    processes = proxy.plan(n, base_port)
    write_files(out, {"host": host, "bind": bind, "maxconn": maxconn,
                      "processes": [{"name": p.name, "port": p.port, "letters": p.letters}
                                    for p in processes]})
    if not (out / "cluster.key").exists():
        cluster.make_key(out / "cluster.key")
    return processes


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="deploy/make_config.py", description=__doc__.split(
        "\n\n")[0], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("n", type=int, help="room processes (1 to 31)")
    parser.add_argument("--out", default=str(Path(__file__).parent / "out"),
                        help="the folder to write in (default deploy/out)")
    parser.add_argument("--base-port", type=int, default=9000, help="the lobby's port; the "
                        "room processes take the ports after it (default 9000)")
    parser.add_argument("--bind", default="127.0.0.1:8765", help="where the proxy listens "
                        "(the players' address; 0.0.0.0:8765 for every network)")
    parser.add_argument("--host", default="127.0.0.1", help="where the processes listen")
    parser.add_argument("--maxconn", type=int, default=4000,
                        help="connections the proxy holds at once (default 4000; it needs two open files each: raise ulimit -n first)")
    args = parser.parse_args(argv)
    try:
        processes = write(args.n, Path(args.out), args.base_port, args.bind, args.host,
                          args.maxconn)
    except ValueError as exc:
        parser.error(str(exc))
    for p in processes:
        print(f"{p.name:8} {args.host}:{p.port}  {p.letters or '(the lobby)'}")
    print(f"written in {args.out}: haproxy.cfg, rooms.map, cluster.json, cluster.key")
    return 0


if __name__ == "__main__":
    sys.exit(main())
