#!/usr/bin/env python3
"""The tactical suite from games: positions where Rapfi proved a forced win, our search to find it.

Each line of the suite (`scripts/tactics-15.txt`) is a position from a game we lost to Rapfi,
just after the move on which the game turned: Rapfi, 500 ms on the position, reported a mate
(`Eval +M11` … `+M53`) for the side to move, where before our move it reported none. The
moves are `x,y` (0-based column, row) from the empty board, black first; a `#` comment gives
the game and Rapfi's mate.

For each position the search thinks with a node budget (`tictactoe move --nodes`, one thread,
reproducible) and the script counts the positions where it proves the win (its value is a won
game, `TICTACTOE_SEARCH_STATS`'s `value` of at least 29,000) and, of those, plays a move of it.

    python3 scripts/game_tactics.py --engine target/release/tictactoe --nodes 500000
"""

from __future__ import annotations

import argparse
import re
import shlex
import subprocess
import sys
import os

WIN_BOUND = 29_000


def read_suite(path: str) -> list[tuple[list[tuple[int, int]], str]]:
    """The suite's positions: each one's moves (`x,y`, black first) and its line as written
    (a `#` comment and blank lines are no positions)."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            text = line.split("#", 1)[0].strip()
            if text:
                out.append(([tuple(map(int, t.split(","))) for t in text.split()], line))
    return out


def think(engine: str, size: int, moves: list[tuple[int, int]], nodes: int):
    """Our search on the position after `moves` within `nodes` (`tictactoe move --nodes`, one
    thread, `TICTACTOE_SEARCH_STATS` on; `engine` a command, split as a shell would): the finished
    process (its stderr holds the figures)."""
    cells = [str(y * size + x + 1) for x, y in moves]
    cmd = shlex.split(engine) + ["move", "--player", "search", "--width", str(size), "--height", str(size),
           "--run", "5", "--nodes", str(nodes), "--start", "x"] + cells
    out = subprocess.run(cmd, capture_output=True, text=True,
                         env=dict(os.environ, TICTACTOE_SEARCH_STATS="1"))
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: {out.stderr.strip()}")
    return out


def proof(out) -> tuple[int | None, int | None]:
    """A finished search's value and, when it is a won game, the nodes at which the iteration
    lines first showed the win (the whole search's nodes when no iteration line did: a proof of
    the root's own threat searches)."""
    stats = [l for l in out.stderr.splitlines() if l.startswith("stats")]
    m = re.search(r"nodes (\d+) .* value (-?\d+)", stats[-1]) if stats else None
    value = int(m.group(2)) if m else None
    if value is None or value < WIN_BOUND:
        return value, None
    for l in out.stderr.splitlines():
        mi = re.match(r"iter \d+ nodes (\d+) .* value Some\((-?\d+)\)", l)
        if mi and int(mi.group(2)) >= WIN_BOUND:
            return value, int(mi.group(1))
    return value, int(m.group(1))


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", default="target/release/tictactoe")
    p.add_argument("--suite", default="scripts/tactics-15.txt")
    p.add_argument("--size", type=int, default=15)
    p.add_argument("--nodes", type=int, default=500_000)
    p.add_argument("--verbose", action="store_true")
    args = p.parse_args()
    found = total = 0
    nodes_found = []
    for moves, line in read_suite(args.suite):
        total += 1
        value, seen = proof(think(args.engine, args.size, moves, args.nodes))
        won = value is not None and value >= WIN_BOUND
        if won:
            found += 1
            if seen is not None:
                nodes_found.append(seen)
        if args.verbose:
            print(f"{line.strip()[-40:]}: value {value}" + (f" won (seen at {seen} nodes)" if won else ""))
    print(f"proved {found} of {total} Rapfi-proven wins within {args.nodes} nodes"
          + (f"; median nodes to the proof {sorted(nodes_found)[len(nodes_found)//2]}" if nodes_found else ""))


if __name__ == "__main__":
    main()
