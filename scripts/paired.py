#!/usr/bin/env python3
"""Two matches against the same deterministic opponent, compared game by game.

With `INFO max_node` on both sides (`scripts/match.py --info1 "max_node N" --info2 "max_node N"`)
Rapfi plays the same moves to the same positions, so two versions of our engine, each matched
against it on the same openings at the same budget, meet the same opponent in every game. The
difference of their scores over the same games is then a paired measurement: games both versions
won or both lost cancel, and its standard error is far smaller than that of the two Elo figures.

    python3 scripts/paired.py before.txt after.txt [--name ours]

Each file is the printed output of `scripts/match.py` (its `game N [...] black NAME: RESULT
WINNER (...)` lines); `--name` is our engine's name in both (`--name1`). Prints the games in
common, each version's score on them, how many games ended the same, and the difference (after
less before) with its standard error.
"""
import argparse
import math
import re
import sys

LINE = re.compile(r"^game\s+(\d+) \[([^\]]*)\] black\s+(\S+): (\S+) (\S+) ")


def scores(path: str, name: str) -> dict[tuple[int, str], float]:
    """Our score in each game of a match's printed output, by game number and opening."""
    out = {}
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = LINE.match(line)
            if not m:
                continue
            number, opening, _, _, winner = m.groups()
            score = 0.5 if winner == "draw" else (1.0 if winner == name else 0.0)
            out[(int(number), opening)] = score
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--name", default="ours", help="our engine's name in both matches (--name1)")
    args = ap.parse_args()
    a, b = scores(args.before, args.name), scores(args.after, args.name)
    common = sorted(set(a) & set(b))
    if len(common) < 2:
        sys.exit("fewer than two games in common (the same openings, in the same order?)")
    d = [b[g] - a[g] for g in common]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    same = sum(1 for x in d if x == 0)
    print(f"{n} games in common: before {sum(a[g] for g in common)}, after "
          f"{sum(b[g] for g in common)}; {same} ended the same; after - before "
          f"{sum(d):+.1f} (standard error {sd * math.sqrt(n):.1f})")


if __name__ == "__main__":
    main()
