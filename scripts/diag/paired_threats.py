#!/usr/bin/env python3
"""The same positions given to two engines at one node count: how often each one's move makes a
four or an open three, and (with --judge-ms) which of two different moves a third search prefers.

    python3 scripts/diag/paired_threats.py --size 15 --out rows.json \\
        --engine "target/release/tictactoe pbrain" --engine RAPFI/build/pbrain-rapfi \\
        [--nodes 300000] [--count 300] [--judge RAPFI/build/pbrain-rapfi --judge-ms 1500] DIR...

The positions come from the `.psq` games in the DIRs (`scripts/match.py --out`, read by its
`read_psq`): every seventh ply from 20 stones, up to 80 stones and not within 14 plies of the
game's end, shuffled with a fixed seed, the first `--count`. Each engine gets each position
afresh (`START`, `INFO max_node`, `BOARD`). A move is a *four* or an *open three* as
`threat_rates.py` counts them (freestyle).

With `--judge`, where the two moves differ, the judge searches the position after each for
`--judge-ms` and the first engine's *loss* is the judge's value after the second engine's move less
its value after the first's (the mover's view; a mate is ±3000). The judge's own moves are
favoured when it is also the second engine. Sixty-sixth round, `docs/search.md`.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import statistics
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, ".."))
sys.path.insert(0, HERE)
from match import Engine, read_psq, send_board  # noqa: E402
from move_quality import MATE_VALUE, Brain, value  # noqa: E402
from threat_rates import classify  # noqa: E402


def positions(dirs: list[str], count: int) -> list[list[tuple[int, int]]]:
    out = []
    for d in dirs:
        for f in sorted(glob.glob(os.path.join(d, "*.psq"))):
            game = read_psq(f)
            if game is None:
                continue
            moves = [(x, y) for x, y, _ in game["moves"]]
            for ply in range(20, min(len(moves) - 14, 80), 7):
                out.append(moves[:ply])
    random.Random(7).shuffle(out)
    return out[:count]


def think(e: Engine, size: int, nodes: int, moves) -> tuple[int, int]:
    e.send(f"START {size}")
    if e.expect(lambda l: l.strip().upper() == "OK" or l.startswith("ERROR"), 30) != "OK":
        sys.exit(f"{e.name} refused START {size}")
    for info in ("timeout_turn 600000", "timeout_match 0", "rule 0", f"max_node {nodes}"):
        e.send(f"INFO {info}")
    send_board(e, moves)
    line = e.expect(lambda l: l.count(",") == 1 and l.replace(",", "").strip().isdigit(), 600)
    if line is None:
        sys.exit(f"{e.name} gave no move")
    x, y = map(int, line.split(","))
    return x, y


def kind(row: list) -> str:
    return "four" if row[2] else "three" if row[3] else "quiet"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--size", type=int, required=True)
    ap.add_argument("--engine", action="append", required=True, help="twice")
    ap.add_argument("--nodes", type=int, default=300000)
    ap.add_argument("--count", type=int, default=300)
    ap.add_argument("--judge")
    ap.add_argument("--judge-ms", type=int, default=1500)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if len(args.engine) != 2:
        sys.exit("give --engine twice")
    engines = [Engine(f"e{i}", cmd, None, lambda _: None) for i, cmd in enumerate(args.engine)]
    judge = Brain(args.judge, args.size, args.judge_ms, []) if args.judge else None
    rows = []
    for n, moves in enumerate(positions(args.dirs, args.count)):
        c = "X" if len(moves) % 2 == 0 else "O"
        board = {m: ("X" if i % 2 == 0 else "O") for i, m in enumerate(moves)}
        row = {"moves": moves, "picks": []}
        for e in engines:
            x, y = think(e, args.size, args.nodes, moves)
            after = dict(board)
            after[(x, y)] = c
            row["picks"].append([x, y, *classify(after, args.size, x, y, c)])
        a, b = row["picks"]
        if judge and a[:2] != b[:2]:
            row["judged"] = [-value(judge.think(moves + [tuple(p[:2])])[1]) for p in (a, b)]
        rows.append(row)
        if n % 25 == 24:
            print(f"  {n + 1} positions", file=sys.stderr, flush=True)
    for e in engines:
        e.close()
    if judge:
        judge.close()
    with open(args.out, "w", encoding="utf-8") as f:
        json.dump(rows, f)
    total = len(rows)
    for i, cmd in enumerate(args.engine):
        fours = sum(r["picks"][i][2] for r in rows)
        threes = sum(r["picks"][i][3] for r in rows)
        print(f"{cmd}: fours {fours} ({100 * fours / total:.1f} %), "
              f"open threes {threes} ({100 * threes / total:.1f} %)")
    same = sum(r["picks"][0][:2] == r["picks"][1][:2] for r in rows)
    only = [sum(r["picks"][i][3] and not r["picks"][1 - i][3] for r in rows) for i in (0, 1)]
    print(f"positions {total}, the same move {same}; an open three by the first only {only[0]}, "
          f"by the second only {only[1]}")
    judged = [r for r in rows if "judged" in r]
    if judged:
        quiet, mates = [], []
        for r in judged:
            first, second = r["judged"]
            if max(abs(first), abs(second)) >= MATE_VALUE:
                mates.append((first >= MATE_VALUE) - (second >= MATE_VALUE)
                             + (second <= -MATE_VALUE) - (first <= -MATE_VALUE))
            else:
                quiet.append(second - first)
        if len(quiet) > 1:
            se = statistics.stdev(quiet) / len(quiet) ** 0.5
            print(f"judged, no mate either way: {len(quiet)}, the first's mean loss "
                  f"{statistics.mean(quiet):+.1f} (se {se:.1f})")
        print(f"judged, a mate either way: {len(mates)}, the first's better {mates.count(1) + mates.count(2)}, "
              f"worse {mates.count(-1) + mates.count(-2)}")
        by_kind: dict[tuple[str, str], int] = {}
        for r in judged:
            k = (kind(r["picks"][0]), kind(r["picks"][1]))
            by_kind[k] = by_kind.get(k, 0) + 1
        print("differing moves by kind (first, second): "
              + ", ".join(f"{a}/{b} {n}" for (a, b), n in sorted(by_kind.items())))


if __name__ == "__main__":
    main()
