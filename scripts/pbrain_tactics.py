#!/usr/bin/env python3
"""The tactical suite from games (`scripts/tactics-15.txt`) for a Gomocup engine that reports mates
as Rapfi does (`MESSAGE … Eval +M13 …`): how many of the suite's proven wins it proves within a
node budget (`INFO max_node`), one engine process per position.

    python3 scripts/pbrain_tactics.py --engine PATH/pbrain-rapfi --nodes 300000

Our own search is measured by `scripts/game_tactics.py` (the same positions, `tictactoe move
--nodes`); this gives the figure to set beside it. Each position is sent as a `BOARD` (the side to
move's stones as field 1) with `INFO max_node`, a turn limit far beyond it, 32 MiB of memory and
freestyle; the engine's last `Eval` before its move is its verdict.
"""

from __future__ import annotations

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from game_tactics import read_suite  # noqa: E402
from match import MOVE_RE, Engine, EngineDied, send_board  # noqa: E402

EVAL_RE = re.compile(r"Eval ([+-]?M?\d+)")
LINE_RE = re.compile(r"Bestline ((?:[A-Z]\d+ ?)+)")


def send_position(e: Engine, size: int, moves: list[tuple[int, int]], limits: list[str]):
    """Starts `e` on a board of `size`, limits it by the `INFO` lines `limits` (such as
    `max_node 300000`; a turn limit far beyond them, 32 MiB, freestyle) and sends `moves` (black
    first) as a `BOARD`, the side to move's stones as field 1: the engine then thinks and answers
    its move."""
    e.send(f"START {size}")
    if e.expect(lambda l: l.strip().upper() == "OK", 30) is None:
        sys.exit("the engine refused START")
    for info in limits + ["timeout_turn 1000000", "timeout_match 0", "max_memory 33554432",
                          "rule 0"]:
        e.send(f"INFO {info}")
    send_board(e, moves)


def ask(command: str, size: int, moves: list[tuple[int, int]], nodes: int):
    """The engine's verdict (its last `Eval`), its move and its principal variation (`x,y`
    pairs, from its last `Bestline`) at `moves`; the move is `None` when none came within 600 s.
    Raises `EngineDied`."""
    e = Engine("engine", command, None, lambda _t: None)
    verdict, line, move = None, [], None
    try:
        send_position(e, size, moves, [f"max_node {nodes}"])

        def want(text: str) -> bool:
            nonlocal verdict, line, move
            m = EVAL_RE.search(text)
            if m:
                verdict = m.group(1)
            m = LINE_RE.search(text)
            if m:
                # Rapfi's coordinates: a column letter and a 1-based row.
                line = [(ord(t[0]) - ord("A"), int(t[1:]) - 1) for t in m.group(1).split()]
            m = MOVE_RE.match(text)
            if m:
                move = (int(m.group(1)), int(m.group(2)))
            return m is not None

        e.expect(want, 600)
    finally:
        e.close()
    return verdict, move, line


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", required=True, help="command of the engine")
    ap.add_argument("--nodes", type=int, default=300000)
    ap.add_argument("--suite", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                    "tactics-15.txt"))
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    found = total = 0
    for moves, _ in read_suite(args.suite):
        total += 1
        verdict = None
        try:
            verdict, move, _ = ask(args.engine, args.size, moves, args.nodes)
            if move is None:
                print(f"position {total}: no move", file=sys.stderr)
        except EngineDied as err:
            print(f"position {total}: {err}", file=sys.stderr)
        won = verdict is not None and verdict.startswith("+M")
        found += won
        if args.verbose:
            print(f"{total}: {verdict}")
    print(f"proved {found} of {total} within {args.nodes} nodes")


if __name__ == "__main__":
    main()
