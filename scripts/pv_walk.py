#!/usr/bin/env python3
"""Follow a Gomocup engine's winning line and find where our search starts to see the win.

For one position of the tactical suite (`scripts/tactics-15.txt`, a line of `x,y` moves from the
empty board, black first; a `#` comment is ignored) the reference engine (Rapfi: it reports mates
as `Eval +M11` and its line as `Bestline H13 G12 …`) gives its principal variation. Then, for the
position and each position along that line, our search thinks with a node budget (`tictactoe move
--nodes`, one thread, reproducible) and the reference engine is asked again; each row prints our
value, depth and move beside the reference engine's verdict and move.

The first row where our value becomes a proof shows how deep the win is hidden from us; the
move played on the row before it is the one our tree searched too little (seventh round,
`docs/search.md`: white's quiet (7,12) on suite line 36).

    python3 scripts/pv_walk.py --engine target/release/tictactoe \\
        --reference PATH/pbrain-rapfi --line 36
"""

from __future__ import annotations

import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from game_tactics import read_suite, think  # noqa: E402
from match import EngineDied  # noqa: E402
from pbrain_tactics import ask  # noqa: E402


def reference(command: str, size: int, moves: list[tuple[int, int]], nodes: int):
    """The reference engine's verdict, move and principal variation at `moves`."""
    try:
        return ask(command, size, moves, nodes)
    except EngineDied as err:
        sys.exit(f"the reference engine: {err}")


def ours(engine: str, size: int, moves: list[tuple[int, int]], nodes: int):
    """Our search's value, depth and move at `moves` (`TICTACTOE_SEARCH_STATS`)."""
    out = think(engine, size, moves, nodes)
    stats = [l for l in out.stderr.splitlines() if l.startswith("stats")]
    m = re.search(r"depth (\d+) .* value (-?\d+)", stats[-1]) if stats else None
    cell = int(out.stdout.strip()) - 1
    # No stats line: the position was decided without a search (a five to play, an open four).
    value, depth = (m.group(2), m.group(1)) if m else ("decided", "0")
    return value, depth, (cell % size, cell // size)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/tictactoe", help="our tictactoe binary")
    ap.add_argument("--reference", required=True, help="command of the reference engine (Rapfi)")
    ap.add_argument("--suite", default=os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                                    "tactics-15.txt"))
    ap.add_argument("--line", type=int, required=True, help="the suite's position, from 1")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--nodes", type=int, default=300_000, help="our node budget")
    ap.add_argument("--reference-nodes", type=int, default=200_000)
    args = ap.parse_args()
    suite = read_suite(args.suite)
    if not 1 <= args.line <= len(suite):
        sys.exit(f"--line: the suite has {len(suite)} positions")
    moves = list(suite[args.line - 1][0])
    verdict, _, pv = reference(args.reference, args.size, moves, args.reference_nodes)
    print(f"reference: {verdict}, line {' '.join(f'{x},{y}' for x, y in pv)}")
    for k in range(len(pv) + 1):
        value, depth, move = ours(args.engine, args.size, moves, args.nodes)
        ref, ref_move, _ = reference(args.reference, args.size, moves, args.reference_nodes)
        played = f"after {pv[k - 1][0]},{pv[k - 1][1]}" if k else "the position"
        print(f"{k:2d} {played:>14}: ours {value} (depth {depth}, move {move[0]},{move[1]}); "
              f"reference {ref} (move {ref_move[0]},{ref_move[1]})" if ref_move else
              f"{k:2d} {played:>14}: ours {value} (depth {depth}); reference {ref}")
        if k < len(pv):
            moves.append(pv[k])


if __name__ == "__main__":
    main()
