#!/usr/bin/env python3
"""How many nodes our search needs to prove the tactical suites' wins, engine against engine.

    python3 scripts/proof_nodes.py --nodes 2000000 --engine target/release/tictactoe \\
        --engine "env TTT_KNOBS=qd=2000 /tmp/x/target/release/tictactoe"

Each engine (a command, split as a shell would) searches every position of `tactics-15` and
`tactics-20` (`scripts/game_tactics.py`) within `--nodes`. A position's count is the nodes at
which the search first showed the win, or twice the budget when it proved none. For each engine
the script prints the wins proved and the geometric mean of the counts; for each engine after the
first, the mean of the positions' log ratios to the first engine's counts with its standard
error, and how many positions each proved in fewer nodes (by more than 5 %). Paired over the 65
positions this tells apart changes of a tenth in the nodes to a proof, which the count of wins
within a budget does not (its changes of one or two positions are the noise of small changes to
the tree).
"""

from __future__ import annotations

import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from game_tactics import proof, read_suite, think  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
SUITES = [(os.path.join(HERE, "tactics-15.txt"), 15), (os.path.join(HERE, "tactics-20.txt"), 20)]


def counts(engine: str, nodes: int) -> list[int]:
    """The nodes to each suite position's proof (twice `nodes` where none was found)."""
    out = []
    for path, size in SUITES:
        for moves, _ in read_suite(path):
            _, seen = proof(think(engine, size, moves, nodes))
            out.append(seen if seen is not None else 2 * nodes)
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--engine", action="append", required=True, help="a command; give two or more")
    p.add_argument("--nodes", type=int, default=2_000_000)
    args = p.parse_args()
    first = None
    for engine in args.engine:
        c = counts(engine, args.nodes)
        proved = sum(1 for x in c if x <= args.nodes)
        geo = math.exp(sum(math.log(x) for x in c) / len(c))
        line = f"{engine}: proved {proved} of {len(c)}, geometric mean {geo:,.0f} nodes"
        if first is None:
            first = c
        else:
            d = [math.log(b / a) for a, b in zip(first, c)]
            m = sum(d) / len(d)
            se = (sum((x - m) ** 2 for x in d) / (len(d) - 1)) ** 0.5 / len(d) ** 0.5
            line += (f"; against the first x{math.exp(m):.2f} (mean log ratio {m:+.3f}, standard "
                     f"error {se:.3f}), fewer nodes on {sum(1 for x in d if x < -0.05)}, more on "
                     f"{sum(1 for x in d if x > 0.05)}")
        print(line, flush=True)


if __name__ == "__main__":
    main()
