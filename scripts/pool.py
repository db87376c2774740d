#!/usr/bin/env python3
"""Several matches of one build against one opponent, pooled: the score, the pentanomial and
the Elo with its 95 % interval over all of them, and each side's longest move.

    python3 scripts/pool.py m15b.txt m15c.txt m15d.txt [--name ours]

Each file is the printed output of `scripts/match.py` (its `game N [...] black NAME: RESULT
WINNER (...)` lines and its `NAME: M moves, mean X ms, max Y ms` lines). The games of one
opening in one file, one with each colour, are a pair; the pairs of all the files together give
the pentanomial [LL, LD, WL/DD, WD, WW] and the interval (as `match.py` reports one run's: the
spread of the pairs' scores), so an opening played in two files counts as two pairs. An issue's
target over "32 games or more" is judged on a build's pooled runs, not on its best one.
"""
import argparse
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import elo, interval, pentanomial  # noqa: E402
from paired import by_opening  # noqa: E402

MOVES = re.compile(r"^(\S+): (\d+) moves, mean (\d+) ms, max (\d+) ms")


def pooled(paths: list[str], name: str):
    """The pairs' scores (0, ¼, ½, ¾ or 1 each), the games' count and our points, and each
    engine's longest move in ms, over the matches in `paths`."""
    pair_scores, n_games, points, longest = [], 0, 0.0, {}
    for path in paths:
        for scores in by_opening(path, name).values():
            n_games += len(scores)
            points += sum(scores)
            if len(scores) == 2:
                pair_scores.append(sum(scores) / 2)
        with open(path, encoding="utf-8") as f:
            for m in map(MOVES.match, f):
                if m:
                    longest[m[1]] = max(longest.get(m[1], 0), int(m[4]))
    return pair_scores, n_games, points, longest


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("matches", nargs="+", help="match.py outputs of one build")
    ap.add_argument("--name", default="ours", help="our engine's name in every match (--name1)")
    args = ap.parse_args()
    pairs, n, points, longest = pooled(args.matches, args.name)
    if not pairs:
        sys.exit("pool.py: no opening played with both colours in these files")
    penta = pentanomial(pairs)
    mean, lo, hi = interval(pairs)
    print(f"{len(args.matches)} matches, {n} games: {points:g} of {n} ({100 * points / n:.1f} %)")
    print(f"pairs {len(pairs)}: pentanomial [LL, LD, WL/DD, WD, WW] = {penta}  "
          f"Elo {elo(mean):+.0f}  (95 %: {elo(lo):+.0f} .. {elo(hi):+.0f}); "
          f"pair score {100 * mean:.1f} % ({100 * lo:.1f} .. {100 * hi:.1f})")
    for who, ms in sorted(longest.items()):
        print(f"{who}: longest move {ms} ms")


if __name__ == "__main__":
    main()
