#!/usr/bin/env python3
"""A cheaper 1 s screen: only the openings whose pair of games is not settled by the colour.

Against Rapfi at 1 s most opening pairs go to the colour (black wins both games, whoever plays
it): of 40 pairs, 30–39 in every run. Those pairs say nothing about which engine is stronger; the
score moves only with the others (thirty-fifth round, `docs/search.md`). This script finds, from
matches already played, the openings whose pairs were not split by colour often enough, and
scores new matches played on them alone against the mean of a baseline's runs, opening by opening
and colour by colour.

    # the openings not split in at least 15 % of the given runs (20 x 20):
    python3 scripts/volatile.py select --openings scripts/openings-20.txt --min-share 0.15 \\
        --out /tmp/vol-20.txt RUN1.txt RUN2.txt ...
    # a variant's runs on them, against the baseline's runs (full or subset) on the same openings:
    python3 scripts/volatile.py compare --subset /tmp/vol-20.txt --base MAIN1.txt MAIN2.txt ... \\
        -- VARIANT1.txt VARIANT2.txt

Each run file is the printed output of `scripts/match.py` (`--name` is our engine's name,
`--name1`). `compare` prints each variant run's score on the subset, the baseline's mean score on
the same games, the difference and its standard error (from the spread of the per-opening
differences), and the same pooled over all the variant's runs.
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired import game_lines  # noqa: E402


def pairs_by_opening(path: str, name: str) -> dict[str, dict[str, float]]:
    """Each opening's games in a run: our score by the colour we played (`black`, `white`)."""
    out: dict[str, dict[str, float]] = {}
    for _, opening, black, _, winner in game_lines(path):
        score = 0.5 if winner == "draw" else (1.0 if winner == name else 0.0)
        out.setdefault(opening, {})["black" if black == name else "white"] = score
    return out


def read_openings(path: str) -> list[tuple[str, str]]:
    """The openings of a file as (moves, the whole line); comments and blank lines skipped."""
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            moves = line.split("#")[0].strip()
            if moves:
                out.append((moves, line))
    return out


def select(args) -> None:
    counts: dict[str, list[int]] = {}
    for path in args.runs:
        for opening, g in pairs_by_opening(path, args.name).items():
            if len(g) == 2:
                c = counts.setdefault(opening, [0, 0])
                c[0] += 1
                c[1] += sum(g.values()) != 1.0 or 0.5 in g.values()
    kept = []
    for moves, line in read_openings(args.openings):
        runs, unsplit = counts.get(moves, (0, 0))
        share = unsplit / runs if runs else 0.0
        if runs and share >= args.min_share:
            kept.append((share, runs, moves, line))
    with open(args.out, "w", encoding="utf-8") as f:
        f.write(f"# openings of {os.path.basename(args.openings)} whose pair was not split by "
                f"colour in at least {args.min_share:.0%} of {len(args.runs)} runs "
                "(scripts/volatile.py select)\n")
        for _, _, _, line in kept:
            f.write(line if line.endswith("\n") else line + "\n")
    for share, runs, moves, _ in sorted(kept, reverse=True):
        print(f"{share:.2f} of {runs:2d} runs  {moves}")
    print(f"{len(kept)} openings written to {args.out}")


def compare(args) -> None:
    subset = {moves for moves, _ in read_openings(args.subset)}
    base: dict[tuple[str, str], list[float]] = {}
    for path in args.base:
        for opening, g in pairs_by_opening(path, args.name).items():
            if opening in subset:
                for colour, score in g.items():
                    base.setdefault((opening, colour), []).append(score)
    mean = {k: sum(v) / len(v) for k, v in base.items()}
    print(f"baseline: {len(args.base)} runs; {len(subset)} openings; mean score "
          f"{sum(mean.values()):.2f} of {len(mean)} games")
    pooled: dict[str, list[float]] = {}
    for path in args.variants:
        diffs = []
        total = games_played = 0.0
        for opening, g in pairs_by_opening(path, args.name).items():
            if opening not in subset:
                continue
            known = [c for c in g if (opening, c) in mean]
            if not known:
                continue
            d = sum(g[c] - mean[(opening, c)] for c in known)
            diffs.append(d)
            pooled.setdefault(opening, []).append(d)
            total += sum(g[c] for c in known)
            games_played += len(known)
        print(f"{os.path.basename(path)}: {total:.1f} of {games_played:.0f}; "
              f"{summary(diffs)}")
    if len(args.variants) > 1:
        per_opening = [sum(v) / len(v) for v in pooled.values()]
        print(f"pooled, a run's worth: {summary(per_opening)}")


def summary(diffs: list[float]) -> str:
    """The sum of the per-opening differences and its standard error."""
    n = len(diffs)
    if n < 2:
        return "too few openings"
    m = sum(diffs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in diffs) / (n - 1))
    return f"against the baseline {sum(diffs):+.2f} (standard error {sd * math.sqrt(n):.2f}, {n} openings)"


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--name", default="ours", help="our engine's name in the runs (--name1)")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("select", help="write the openings not often split by colour")
    s.add_argument("--openings", required=True, help="the full openings file")
    s.add_argument("--min-share", type=float, default=0.15)
    s.add_argument("--out", required=True)
    s.add_argument("runs", nargs="+")
    c = sub.add_parser("compare", help="score variant runs on the subset against a baseline")
    c.add_argument("--subset", required=True)
    c.add_argument("--base", nargs="+", required=True)
    c.add_argument("variants", nargs="+")
    args = p.parse_args()
    if args.command == "select":
        select(args)
    else:
        compare(args)


if __name__ == "__main__":
    main()
