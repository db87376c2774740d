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
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import MOVE_RE, Engine, EngineDied  # noqa: E402
from pbrain_tactics import EVAL_RE, send_position  # noqa: E402

LINE_RE = re.compile(r"Bestline ((?:[A-Z]\d+ ?)+)")


def reference(command: str, size: int, moves: list[tuple[int, int]], nodes: int):
    """The reference engine's verdict, move and principal variation (`x,y` pairs) at `moves`."""
    e = Engine("reference", command, None, lambda _t: None)
    verdict, line, move = None, [], None
    try:
        send_position(e, size, moves, nodes)

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
    except EngineDied as err:
        sys.exit(f"the reference engine: {err}")
    finally:
        e.close()
    return verdict, move, line


def ours(engine: str, size: int, moves: list[tuple[int, int]], nodes: int):
    """Our search's value, depth and move at `moves` (`TICTACTOE_SEARCH_STATS`)."""
    cells = [str(y * size + x + 1) for x, y in moves]
    cmd = [engine, "move", "--player", "search", "--width", str(size), "--height", str(size),
           "--run", "5", "--nodes", str(nodes), "--start", "x"] + cells
    out = subprocess.run(cmd, capture_output=True, text=True,
                         env=dict(os.environ, TICTACTOE_SEARCH_STATS="1"))
    if out.returncode != 0:
        sys.exit(f"{' '.join(cmd)}: {out.stderr.strip()}")
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
    with open(args.suite, encoding="utf-8") as f:
        lines = [t for t in (l.split("#")[0].strip() for l in f) if t]
    if not 1 <= args.line <= len(lines):
        sys.exit(f"--line: the suite has {len(lines)} positions")
    moves = [tuple(map(int, t.split(","))) for t in lines[args.line - 1].split()]
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
