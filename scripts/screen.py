#!/usr/bin/env python3
"""A screen: versions of our engine against Rapfi at fixed node counts, paired game by game.

    python3 scripts/screen.py --out /tmp/screen --rapfi /tmp/rapfi/pbrain-rapfi \\
        main="target/release/tictactoe pbrain" \\
        null="env TICTACTOE_X=1 /tmp/variant pbrain" variant="/tmp/variant pbrain" \\
        --null null

Each version plays `scripts/match.py` against Rapfi at every budget of `--budgets` (board size
and nodes a move, `INFO max_node` on both sides; all openings of `scripts/openings-SIZE.txt`,
each with both colours), `--jobs` matches at a time; a match whose log is already complete in
`--out` is not played again. Rapfi then plays the same moves to the same positions, so two
versions meet the same opponent in every game, and `scripts/paired.py`'s difference of their
scores over the same games is a paired measurement.

Printed: each version's score at each budget, and each version's difference from the first
(the baseline) at each budget and in total, with its standard error and the games that ended
differently. A change alters a part of the games, and the baseline's luck on that part does not
carry over: a *null change* (one that cannot make the search stronger or weaker, such as ties
in the move order broken another way) measures that luck. With `--null NAME` each version is
also compared with that null change, whose games are as fresh a draw as its own (eleventh
round, `docs/search.md`: a null change scored -18 of 640 against a lucky baseline).
"""
from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired import scores  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
BUDGETS = "15:3000,15:5000,15:10000,15:20000,15:30000,20:5000,20:10000,20:20000"


def budgets(text: str) -> list[tuple[int, int]]:
    """`SIZE:NODES,...` as pairs."""
    out = []
    for part in text.split(","):
        size, nodes = part.split(":")
        out.append((int(size), int(nodes)))
    return out


def log_path(out: str, name: str, size: int, nodes: int) -> str:
    return os.path.join(out, f"{name}_{size}_{nodes}.log")


def complete(path: str) -> bool:
    """Whether a match's printed output has its summary (the match ended)."""
    if not os.path.exists(path):
        return False
    with open(path, encoding="utf-8") as f:
        return any(line.startswith("games ") for line in f)


def play(args, name: str, command: str, size: int, nodes: int) -> None:
    path = log_path(args.out, name, size, nodes)
    if complete(path):
        return
    argv = [sys.executable, os.path.join(HERE, "match.py"),
            "--engine1", command, "--name1", "ours",
            "--engine2", args.rapfi, "--name2", "rapfi",
            "--info1", f"max_node {nodes}", "--info2", f"max_node {nodes}",
            "--turn-ms", str(args.turn_ms), "--size", str(size),
            "--openings", os.path.join(HERE, f"openings-{size}.txt"),
            "--out", os.path.join(args.out, f"{name}_{size}_{nodes}")]
    if args.pairs:
        argv += ["--pairs", str(args.pairs)]
    with open(path, "w", encoding="utf-8") as f:
        subprocess.run(argv, stdout=f, stderr=subprocess.STDOUT, check=False)


def difference(before: dict, after: dict) -> tuple[float, float, int, int]:
    """After less before over the games in common: the total, its standard error, the games in
    common and those that ended differently."""
    common = sorted(set(before) & set(after))
    d = [after[g] - before[g] for g in common]
    n = len(d)
    if n < 2:
        return 0.0, 0.0, n, 0
    mean = sum(d) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1))
    return sum(d), sd * math.sqrt(n), n, sum(1 for x in d if x != 0)


def compare(args, versions, plan, base: str, title: str) -> None:
    print(title)
    for name, _ in versions:
        if name == base:
            continue
        total, var, changed, cells = 0.0, 0.0, 0, []
        for size, nodes in plan:
            a = scores(log_path(args.out, base, size, nodes), "ours")
            b = scores(log_path(args.out, name, size, nodes), "ours")
            d, se, _, ch = difference(a, b)
            total += d
            var += se * se
            changed += ch
            cells.append(f"{d:+.1f}")
        print(f"  {name:12s} {' '.join(cells)}  total {total:+.1f} (se {math.sqrt(var):.1f}), "
              f"{changed} games changed")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("versions", nargs="+", metavar="NAME=COMMAND",
                    help="our engine's versions, the baseline first")
    ap.add_argument("--rapfi", required=True, help="Rapfi's pbrain executable")
    ap.add_argument("--out", required=True, help="directory of the matches' logs and games")
    ap.add_argument("--budgets", default=BUDGETS, help=f"SIZE:NODES,... (default {BUDGETS})")
    ap.add_argument("--null", help="a version that is a null change, to compare each with")
    ap.add_argument("--jobs", type=int, default=2, help="matches at a time (default 2)")
    ap.add_argument("--pairs", type=int, help="openings a match (default all)")
    ap.add_argument("--turn-ms", type=int, default=8000, help="INFO timeout_turn (a safety net)")
    args = ap.parse_args()
    versions = []
    for v in args.versions:
        name, sep, command = v.partition("=")
        if not sep or not name or not command:
            sys.exit(f"screen.py: a version is NAME=COMMAND, not {v!r}")
        versions.append((name, command))
    names = [n for n, _ in versions]
    if len(set(names)) != len(names):
        sys.exit("screen.py: two versions have the same name")
    if args.null and args.null not in names:
        sys.exit(f"screen.py: --null {args.null} is not one of the versions")
    try:
        plan = budgets(args.budgets)
    except ValueError:
        sys.exit(f"screen.py: --budgets is SIZE:NODES,..., not {args.budgets!r}")
    os.makedirs(args.out, exist_ok=True)
    jobs = [(n, c, s, k) for n, c in versions for s, k in plan]
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        list(pool.map(lambda j: play(args, *j), jobs))
    print("budgets:", " ".join(f"{s}x{s}:{k}" for s, k in plan))
    for name, _ in versions:
        cells = []
        for size, nodes in plan:
            sc = scores(log_path(args.out, name, size, nodes), "ours")
            cells.append(f"{sum(sc.values()):.1f}/{len(sc)}")
        print(f"  {name:12s} {' '.join(cells)}")
    compare(args, versions, plan, names[0], f"paired with {names[0]} (after - before):")
    if args.null:
        compare(args, versions, plan, args.null, f"paired with the null change {args.null}:")


if __name__ == "__main__":
    main()
