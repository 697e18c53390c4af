"""Replay a game record: ``python -m game.replay FILE``.

Prints one line per move (``12 B: Ж7 hit``) and then the result. A file that cannot be read, or
a move the rules refuse, stops the replay with exit code 2 and a message naming the line.
"""

from __future__ import annotations

import argparse
import sys

from .data.record import PLAYERS, Move, Record, RecordError, iter_record, result_text
from .rules.coords import LETTER_SETS, format_cell
from .rules.modes import MODES


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m game.replay", description=__doc__.split("\n")[0])
    parser.add_argument("file", help="a game record written by the game (records/*.txt)")
    args = parser.parse_args(argv)
    record = None
    try:
        for item in iter_record(args.file):
            if isinstance(item, Record):
                record = item
                g = record.game
                names = [n or PLAYERS[i] for i, n in enumerate(record.names)]
                print(f"# {record.mode}: {names[0]} (A) vs {names[1]} (B), "
                      f"{g.config.width}x{g.config.height}, {PLAYERS[g.first]} moves first")
            elif isinstance(item, Move):
                ls = LETTER_SETS[record.letters]
                action = MODES[record.mode].action_to_text(item.action,
                                                          lambda c: format_cell(c, ls))
                print(f"{item.number} {PLAYERS[item.player]}: {action} {item.outcome}".rstrip())
    except RecordError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    g = record.game
    if g.over:
        print(f"result: {result_text(g)} after {len(record.moves)} moves")
    else:
        print(f"result: unfinished after {len(record.moves)} moves, {PLAYERS[g.turn]} to move")
    return 0


if __name__ == "__main__":
    sys.exit(main())
