"""Start, stop and look after a cluster on one machine (issue 37; ``deploy/README.md``):

    python deploy/run.py start   [--dir deploy/out]   the lobby, every room process, HAProxy
    python deploy/run.py stop    [--dir ...]          all of them (HAProxy first)
    python deploy/run.py status  [--dir ...]          which are running
    python deploy/run.py restart NAME [--makes LETTERS] [--dir ...]
                                                      one process again on its folder (its rooms
                                                      resume); --makes: the letters it makes codes of
    python deploy/run.py held    [--dir ...]          rooms each process keeps, by first letter
    python deploy/run.py reload  [--dir ...]          HAProxy re-reads haproxy.cfg and rooms.map
                                                      (open connections stay on the old one)
    python deploy/run.py add     [--dir ...]          a new room process, with no letters yet
    python deploy/run.py move LETTERS NAME [--dir ...]
                                                      route LETTERS to NAME from now on: only
                                                      once their owner makes and holds none

The folder is the one ``deploy/make_config.py`` wrote (``cluster.json``: each process's name,
port and letters). Each process keeps its rooms in ``DIR/data/NAME/`` and logs to
``DIR/logs/NAME.log``; ``DIR/pids.json`` holds what is running.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from make_config import ROOT, write_files      # (which puts the game's package on the path)

from game.net.protocol import LOBBY_PATH


def load(folder: Path) -> dict:
    try:
        return json.loads((folder / "cluster.json").read_text())
    except OSError:
        raise SystemExit(f"{folder}/cluster.json: none (run deploy/make_config.py N first)")


def pids(folder: Path) -> dict:
    try:
        return json.loads((folder / "pids.json").read_text())
    except (OSError, ValueError):
        return {}


def save_pids(folder: Path, table: dict) -> None:
    (folder / "pids.json").write_text(json.dumps(table, indent=2) + "\n")


def alive(pid: int | None) -> bool:
    if not pid:
        return False
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    return True


def command(folder: Path, plan: dict, p: dict) -> list[str]:
    """A process's command line: its role, port, folder, letters, the key, the lobby's URL."""
    host = plan["host"]
    line = [sys.executable, "-m", "game.server", "--host", host, "--port", str(p["port"]),
            "--data", str(folder / "data" / p["name"]), "--cluster-key",
            str(folder / "cluster.key"), "--trust-proxy"]
    if p["name"] == "lobby":
        return line + ["--role", "lobby"]
    lobby = next(q for q in plan["processes"] if q["name"] == "lobby")
    return line + ["--role", "rooms", "--letters", making(p),
                   "--lobby", f"ws://{host}:{lobby['port']}{LOBBY_PATH}"]


def launch(folder: Path, name: str, line: list[str], port: int | None) -> int:
    """Start ``line`` in a session of its own, logging to ``logs/NAME.log``; wait until it
    listens on ``port``."""
    (folder / "logs").mkdir(exist_ok=True)
    with open(folder / "logs" / f"{name}.log", "ab") as log:
        proc = subprocess.Popen(line, stdout=log, stderr=log, stdin=subprocess.DEVNULL,
                                cwd=ROOT, start_new_session=True)
    for _ in range(300):
        if proc.poll() is not None:
            raise SystemExit(f"{name} stopped at once (rc {proc.returncode}): see "
                             f"{folder}/logs/{name}.log")
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return proc.pid
        except OSError:
            time.sleep(0.1)
    raise SystemExit(f"{name} does not listen on {port}: see {folder}/logs/{name}.log")


def making(p: dict) -> str:
    """The letters a room process makes codes of (all routed to it, unless it gives some up)."""
    return p["letters"] if p.get("makes") is None else p["makes"]


def proxy_port(plan: dict) -> int:
    return int(plan["bind"].rsplit(":", 1)[1])


def start(folder: Path) -> None:
    plan, table = load(folder), pids(folder)
    if shutil.which("haproxy") is None:
        raise SystemExit("no haproxy on PATH: install it (Debian: apt-get install haproxy)")
    for p in plan["processes"]:
        if p["name"] != "lobby" and not p["letters"]:
            print(f"{p['name']}: not started (no letters routed to it yet: run.py move)")
            continue
        if alive(table.get(p["name"])):
            print(f"{p['name']}: running already ({table[p['name']]})")
            continue
        table[p["name"]] = launch(folder, p["name"], command(folder, plan, p), p["port"])
        save_pids(folder, table)
        print(f"{p['name']}: started on {plan['host']}:{p['port']} ({table[p['name']]})")
    if not alive(table.get("haproxy")):
        table["haproxy"] = launch(folder, "haproxy", ["haproxy", "-f",
                                                      str(folder / "haproxy.cfg"), "-db"],
                                  proxy_port(plan))
        save_pids(folder, table)
    print(f"players connect to ws://{plan['bind']} (HAProxy {table['haproxy']})")


def stop_one(table: dict, name: str) -> None:
    pid = table.pop(name, None)
    if alive(pid):
        os.kill(pid, signal.SIGTERM)
        for _ in range(50):
            if not alive(pid):
                break
            time.sleep(0.1)
        else:
            os.kill(pid, signal.SIGKILL)
        print(f"{name}: stopped ({pid})")


def stop(folder: Path) -> None:
    plan, table = load(folder), pids(folder)
    names = ["haproxy"] + [p["name"] for p in reversed(plan["processes"])]
    for name in names + [n for n in list(table) if n not in names]:   # old HAProxies too
        stop_one(table, name)
    save_pids(folder, table)


def status(folder: Path) -> None:
    plan, table = load(folder), pids(folder)
    for name in [p["name"] for p in plan["processes"]] + ["haproxy"]:
        pid = table.get(name)
        print(f"{name:8} {'running' if alive(pid) else 'down':8} {pid or ''}")


def restart(folder: Path, name: str, makes: str | None) -> None:
    plan, table = load(folder), pids(folder)
    p = next((q for q in plan["processes"] if q["name"] == name), None)
    if p is None:
        raise SystemExit(f"no process {name!r} in {folder}/cluster.json")
    if makes is not None:
        if name == "lobby" or any(c not in p["letters"] for c in makes):
            raise SystemExit(f"{name} may make codes only of the letters routed to it "
                             f"({p['letters']})")
        p["makes"] = None if makes == p["letters"] else makes
        write_files(folder, plan)
    stop_one(table, name)
    table[name] = launch(folder, name, command(folder, plan, p), p["port"])
    save_pids(folder, table)
    print(f"{name}: started again ({table[name]}), making codes of "
          f"{making(p) or 'no letter'}")
    if makes is not None:
        reload(folder)                      # the creates' backend may have changed


def add(folder: Path) -> None:
    """A new room process in the plan, on the next port, with no letters yet (not started:
    ``move`` gives it letters and starts it)."""
    plan = load(folder)
    names = {p["name"] for p in plan["processes"]}
    n = next(i for i in range(1, 100) if f"rooms{i}" not in names)
    port = max(p["port"] for p in plan["processes"]) + 1
    plan["processes"].append({"name": f"rooms{n}", "port": port, "letters": ""})
    write_files(folder, plan)
    print(f"rooms{n}: added on port {port}, with no letters yet. For each letter it is to "
          "take: restart its owner without it (run.py restart OWNER --makes ...), wait until "
          f"run.py held shows none of its rooms left, then run.py move LETTER rooms{n}")


def move(folder: Path, letters: str, name: str) -> None:
    """Route ``letters`` to room process ``name`` from now on, each only if its present owner
    makes no code of it any more and holds no room of it (else its players would be sent
    where their rooms are not); ``name`` is started (or again, to make them), the proxy
    reloaded."""
    plan = load(folder)
    target = next((p for p in plan["processes"] if p["name"] == name and name != "lobby"),
                  None)
    if target is None:
        raise SystemExit(f"no room process {name!r} in {folder}/cluster.json")
    holding = held(folder, quiet=True)
    for c in letters:
        owner = next((p for p in plan["processes"] if c in p["letters"]), None)
        if owner is None or owner is target:
            raise SystemExit(f"{c}: no letter of another process")
        if c in making(owner):
            raise SystemExit(f"{owner['name']} still makes codes of {c}: first run.py restart "
                             f"{owner['name']} --makes {making(owner).replace(c, '')}")
        if holding.get(owner["name"], {}).get(c):
            raise SystemExit(f"{owner['name']} still holds {holding[owner['name']][c]} rooms "
                             f"of {c}: wait until they end (run.py held)")
        owner["letters"] = owner["letters"].replace(c, "")
        if owner.get("makes") == owner["letters"]:
            owner["makes"] = None
        target["letters"] += c
        if target.get("makes") is not None:
            target["makes"] += c
    write_files(folder, plan)
    table = pids(folder)
    stop_one(table, name)
    table[name] = launch(folder, name, command(folder, plan, target), target["port"])
    save_pids(folder, table)
    print(f"{name}: routed and making {target['letters']} ({table[name]})")
    reload(folder)


def held(folder: Path, quiet: bool = False) -> dict:
    """Rooms each process keeps in its store, by their code's first letter."""
    plan, out = load(folder), {}
    for p in plan["processes"][1:]:
        path = folder / "data" / p["name"] / "rooms.sqlite3"
        counts = {}
        if path.exists():
            db = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            for (code,) in db.execute("SELECT code FROM rooms"):
                counts[code[0]] = counts.get(code[0], 0) + 1
            db.close()
        out[p["name"]] = dict(sorted(counts.items()))
        if not quiet:
                print(f"{p['name']:8} letters {p['letters']:16} makes {making(p):16}"
                  f" holds {out[p['name']] or 'nothing'}")
    return out


def reload(folder: Path) -> None:
    """A new HAProxy on the same port with the files as they are now; the old one (``-sf``)
    stops listening and ends once its open connections have."""
    table = pids(folder)
    check = subprocess.run(["haproxy", "-c", "-f", str(folder / "haproxy.cfg")],
                           capture_output=True, text=True)
    if check.returncode:
        raise SystemExit(check.stdout + check.stderr)
    old = table.get("haproxy")
    line = ["haproxy", "-f", str(folder / "haproxy.cfg"), "-db"] + (
        ["-sf", str(old)] if alive(old) else [])
    (folder / "logs").mkdir(exist_ok=True)
    with open(folder / "logs" / "haproxy.log", "ab") as log:
        proc = subprocess.Popen(line, stdout=log, stderr=log, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    if alive(old):
        table[f"haproxy-old-{old}"] = old
    table["haproxy"] = proc.pid
    save_pids(folder, table)
    print(f"haproxy: reloaded ({proc.pid}; the old {old} ends with its connections)")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="deploy/run.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("action", choices=["start", "stop", "status", "restart", "held",
                                           "reload", "add", "move"])
    parser.add_argument("name", nargs="*", help="restart: the process (lobby, rooms1, ...); "
                        "move: the letters and the process")
    parser.add_argument("--makes", help="restart: the letters it makes codes of from now on")
    parser.add_argument("--dir", default=str(Path(__file__).parent / "out"),
                        help="the folder make_config.py wrote (default deploy/out)")
    args = parser.parse_args(argv)
    folder = Path(args.dir).resolve()
    if args.action == "restart":
        if len(args.name) != 1:
            parser.error("restart needs the process's name")
        restart(folder, args.name[0], args.makes)
    elif args.action == "move":
        if len(args.name) != 2:
            parser.error("move needs the letters and the process: move KQ rooms3")
        move(folder, *args.name)
    else:
        {"start": start, "stop": stop, "status": status, "held": held,
         "reload": reload, "add": add}[args.action](folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
