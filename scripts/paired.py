#!/usr/bin/env python3
"""Two matches against the same deterministic opponent, compared game by game.

With `INFO max_node` on both sides (`scripts/match.py --info1 "max_node N" --info2 "max_node N"`)
Rapfi plays the same moves to the same positions, so two versions of our engine, each matched
against it on the same openings at the same budget, meet the same opponent in every game. The
difference of their scores over the same games is then a paired measurement: games both versions
won or both lost cancel, and its standard error is far smaller than that of the two Elo figures.

    python3 scripts/paired.py before.txt after.txt [--name ours] [--null FILE ...]

`--null` adds runs of the *before* version under a null change (the same engine at a slightly
different node count, `--info1 "max_node 303000"`): the reference is then each game's mean over
`before` and these runs. One deterministic run of main is one draw of its luck on those openings
(about 3 games of 200, sixty-eighth round), and a change that alters many games is compared with
that draw; averaging null runs shrinks that part of the comparison (standard errors a tenth to a
quarter smaller in that round). Each null run is also compared with `before` alone, which shows
what a change worth nothing reads. With null runs, "ended the same" counts the games where every
reference run and `after` agree.

Each file is the printed output of `scripts/match.py` (its `game N [...] black NAME: RESULT
WINNER (...)` lines); `--name` is our engine's name in both (`--name1`). Prints the games in
common, each version's score on them, how many games ended the same, and the difference (after
less before) with its standard error.

Then, for each match, its opening pairs (the two games of an opening, one with each colour): how
many we won both of, lost both of, and how many the same colour won both of. On the balanced
openings most pairs go to the colour (fifteenth round): the score moves only with the pairs one
engine takes with both colours.
"""
import argparse
import math
import re
import sys

LINE = re.compile(r"^game\s+(\d+) \[([^\]]*)\] black\s+(\S+): (\S+) (\S+) ")


def game_lines(path: str) -> list[tuple[str, ...]]:
    """The game lines of a match's printed output, each as (number, opening, the black engine's
    name, result, winner)."""
    with open(path, encoding="utf-8") as f:
        return [m.groups() for m in map(LINE.match, f) if m]


def games(path: str, name: str) -> list[tuple[int, str, float]]:
    """The games of a match's printed output: number, opening, our score."""
    out = []
    for number, opening, _, _, winner in game_lines(path):
        score = 0.5 if winner == "draw" else (1.0 if winner == name else 0.0)
        out.append((int(number), opening, score))
    return out


def scores(path: str, name: str) -> dict[tuple[int, str], float]:
    """Our score in each game of a match's printed output, by game number and opening."""
    return {(number, opening): score for number, opening, score in games(path, name)}


def by_opening(path: str, name: str) -> dict[str, list[float]]:
    """Our scores in a match's games, grouped by opening (an opening's two games are a pair)."""
    out: dict[str, list[float]] = {}
    for _, opening, score in games(path, name):
        out.setdefault(opening, []).append(score)
    return out


def pairs(path: str, name: str) -> dict[str, int]:
    """The opening pairs of a match: won both (`ours`), lost both (`theirs`), the same colour won
    both (`colour`), one of them drawn (`draw`)."""
    out = {"ours": 0, "theirs": 0, "colour": 0, "draw": 0}
    for g in by_opening(path, name).values():
        if len(g) != 2:
            continue
        a, b = g
        if 0.5 in (a, b):
            out["draw"] += 1
        elif a == b:
            out["ours" if a == 1.0 else "theirs"] += 1
        else:
            # Different winners with colours swapped: the same colour won both.
            out["colour"] += 1
    return out


def difference(after: dict, before: dict, common: list) -> tuple[float, float, int]:
    """The sum over `common` of `after - before`, its standard error (from the spread of the
    games' differences) and how many games it left unchanged."""
    d = [after[g] - before[g] for g in common]
    n = len(d)
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    return sum(d), sd * math.sqrt(n), sum(1 for x in d if x == 0)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("before")
    ap.add_argument("after")
    ap.add_argument("--name", default="ours", help="our engine's name in both matches (--name1)")
    ap.add_argument("--null", action="append", default=[], metavar="FILE",
                    help="a run of the before version under a null change, averaged into the "
                    "reference (repeatable)")
    args = ap.parse_args()
    a, b = scores(args.before, args.name), scores(args.after, args.name)
    nulls = [scores(path, args.name) for path in args.null]
    common = set(a) & set(b)
    for r in nulls:
        common &= set(r)
    common = sorted(common)
    if len(common) < 2:
        sys.exit("fewer than two games in common (the same openings, in the same order?)")
    for path, r in zip(args.null, nulls):
        total, se, same = difference(r, a, common)
        print(f"null run {path}: {sum(r[g] for g in common)}, less before {total:+.1f} "
              f"(standard error {se:.1f}), {same} ended the same")
    runs = [a] + nulls
    ref = {g: sum(r[g] for r in runs) / len(runs) for g in common}
    label = "before" if not nulls else f"the mean of before and {len(nulls)} null run(s)"
    total, se, same = difference(b, ref, common)
    print(f"{len(common)} games in common: {label} {sum(ref.values()):.2f}, after "
          f"{sum(b[g] for g in common)}; {same} ended the same; after - before "
          f"{total:+.1f} (standard error {se:.1f})")
    for label, path in (("before", args.before), ("after", args.after)):
        p = pairs(path, args.name)
        print(f"{label}: opening pairs won both {p['ours']}, lost both {p['theirs']}, "
              f"the same colour won both {p['colour']}, with a draw {p['draw']}")


if __name__ == "__main__":
    main()
