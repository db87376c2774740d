#!/usr/bin/env python3
"""Move quality judged by Rapfi: how much an engine's moves lose, position by position.

A match against Rapfi takes half an hour and its error bar is ±150 Elo. Our losses to Rapfi come
from moves after which Rapfi finds a forced win 11 to 53 plies deep, usually after a few moves
that each lost some of its evaluation (issue 18). This script measures that directly: for each
position of a set (positions from games, the engine to move), the engine under test chooses its
move at a fixed time; Rapfi evaluates the position before (its best move and value) and after the
engine's move; the move's *loss* is how much of Rapfi's value it gave away. Rapfi's answers are
cached in `--cache` (JSON), so comparing engines costs only their own thinking and Rapfi's look at
moves not seen before.

    # positions: our side to move in the games of match directories (after the opening, up to
    # --plies plies), one line each: the moves from the empty board, black first, `x,y` 0-based
    python3 scripts/move_quality.py positions --out scripts/quality-15.txt /tmp/final/f4-15 ...

    python3 scripts/move_quality.py judge --positions scripts/quality-15.txt \\
        --engine "target/release/tictactoe pbrain" --turn-ms 250 [--engine2 "/tmp/base pbrain"]

Printed: the mean loss (Rapfi's eval units; a mate counts as 3000), the share of *blunders* (moves
after which Rapfi proves a win for the other side where it proved none before), the mean loss of
the other moves, the share of moves that are Rapfi's own, each with a 95 % bootstrap interval; with --engine2, the paired difference.
Positions Rapfi already judges decided (a mate, or |eval| above --decided) are left out.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import random
import re
import shlex
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import read_psq  # noqa: E402

MATE_VALUE = 3000
MOVE_RE = re.compile(r"^\s*(\d+)\s*,\s*(\d+)\s*$")
EVAL_RE = re.compile(r"Eval ([-+]?M?\d+)")


class Brain:
    """One Gomocup engine process, asked one position after another with BOARD."""

    def __init__(self, command: str, size: int, turn_ms: int, info: list[str]):
        argv = shlex.split(command)
        if os.sep in argv[0]:
            argv[0] = os.path.abspath(argv[0])
        cwd = os.path.dirname(argv[0]) if os.sep in argv[0] else None
        self.proc = subprocess.Popen(argv, cwd=cwd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send(f"START {size}")
        self.wait(lambda l: l.startswith("OK") or l.startswith("ERROR"))
        for line in [f"INFO timeout_turn {turn_ms}", "INFO timeout_match 0",
                     "INFO max_memory 33554432", "INFO rule 0"] + [f"INFO {i}" for i in info]:
            self.send(line)

    def send(self, text: str):
        assert self.proc.stdin is not None
        self.proc.stdin.write(text + "\n")
        self.proc.stdin.flush()

    def wait(self, want):
        """Lines until one for which `want` holds: (that line, the lines before it)."""
        assert self.proc.stdout is not None
        seen = []
        for line in self.proc.stdout:
            line = line.rstrip("\r\n")
            if want(line):
                return line, seen
            seen.append(line)
        sys.exit("an engine ended its output")

    def think(self, moves: list[tuple[int, int]]):
        """The engine's move and its last reported eval (side to move's view) for `moves`."""
        me = len(moves) % 2
        self.send("BOARD")
        for i, (x, y) in enumerate(moves):
            self.send(f"{x},{y},{1 if i % 2 == me else 2}")
        self.send("DONE")
        line, before = self.wait(lambda l: MOVE_RE.match(l) is not None)
        m = MOVE_RE.match(line)
        evals = [e.group(1) for l in before for e in [EVAL_RE.search(l)] if e]
        time.sleep(0.02)  # Rapfi finishes its turn's bookkeeping after the move
        return (int(m.group(1)), int(m.group(2))), (evals[-1] if evals else None)

    def close(self):
        try:
            self.send("END")
            self.proc.wait(timeout=2)
        except Exception:
            self.proc.kill()


def value(ev: str | None) -> int:
    """Rapfi's eval text as a number for the side to move: a mate is ±MATE_VALUE; no eval at all
    means Rapfi moved at once (a win it found before searching)."""
    if ev is None:
        return MATE_VALUE
    if "M" in ev:
        return -MATE_VALUE if ev.startswith("-") else MATE_VALUE
    return int(ev)


def make_positions(args):
    out = []
    for d in args.dirs:
        for f in sorted(glob.glob(os.path.join(d, "game-*.psq"))):
            game = read_psq(f)
            if game is None or game["size"] != args.size:
                continue
            ours = 0 if game["black"] == args.name else 1
            opening = game["opening"]
            # Positions are written 0-based (until the thirteenth round they were not shifted: the
            # older sets are the games moved one cell right and down, and Rapfi judged them as
            # written).
            moves = [(x, y) for x, y, _ in game["moves"]]
            for ply in range(opening, min(len(moves), opening + args.plies)):
                if ply % 2 == ours:
                    out.append(" ".join(f"{x},{y}" for x, y in moves[:ply]))
    random.Random(1).shuffle(out)
    out = out[: args.count]
    with open(args.out, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(out)} positions in {args.out}")


def parse(line: str) -> list[tuple[int, int]]:
    return [tuple(map(int, t.split(","))) for t in line.split()]


def bootstrap(xs: list[float], n: int = 2000) -> tuple[float, float]:
    rng = random.Random(7)
    means = sorted(sum(rng.choice(xs) for _ in xs) / len(xs) for _ in range(n))
    return means[int(0.025 * n)], means[int(0.975 * n)]


def judge(args):
    cache = json.load(open(args.cache)) if os.path.exists(args.cache) else {}
    texts = (l.split("#", 1)[0].strip() for l in open(args.positions, encoding="utf-8"))
    positions = [t for t in texts if t][: args.count]
    rapfi = None

    def rapfi_eval(key: str, moves):
        nonlocal rapfi
        if key not in cache:
            if rapfi is None:
                rapfi = Brain(args.rapfi, args.size, args.rapfi_ms, [])
            mv, ev = rapfi.think(moves)
            cache[key] = {"best": list(mv), "eval": ev}
        return cache[key]

    engines = [args.engine] + ([args.engine2] if args.engine2 else [])
    brains = [Brain(e, args.size, args.turn_ms, args.info) for e in engines]
    rows = [[] for _ in engines]  # per engine: (loss, blunder, same)
    kept = 0
    for n, pos in enumerate(positions, 1):
        moves = parse(pos)
        ref = rapfi_eval(pos, moves)
        before = value(ref["eval"])
        if abs(before) > args.decided:
            continue
        kept += 1
        for k, brain in enumerate(brains):
            mv, _ = brain.think(moves)
            if list(mv) == ref["best"]:
                rows[k].append((0.0, 0, 1))
                continue
            after = rapfi_eval(f"{pos} {mv[0]},{mv[1]}", moves + [mv])
            ours = -value(after["eval"])
            loss = max(0, before - ours)
            rows[k].append((float(loss), int(ours == -MATE_VALUE), 0))
            if args.verbose and ours == -MATE_VALUE:
                print(f"  line {n}: {engines[k]} plays {mv[0]},{mv[1]}, a blunder "
                      f"(Rapfi's move {ref['best'][0]},{ref['best'][1]}, {ref['eval']} before; "
                      f"{after['eval']} after)", flush=True)
        if n % 20 == 0:
            json.dump(cache, open(args.cache, "w"))
            print(f"  {n}/{len(positions)}", file=sys.stderr, flush=True)
    json.dump(cache, open(args.cache, "w"))
    for b in brains + ([rapfi] if rapfi else []):
        b.close()
    print(f"positions judged: {kept} (of {len(positions)}; Rapfi {args.rapfi_ms} ms, engines {args.turn_ms} ms)")
    for name, r in zip(engines, rows):
        loss = [x[0] for x in r]
        bl = [float(x[1]) for x in r]
        same = [float(x[2]) for x in r]
        quiet = [x[0] for x in r if not x[1]]
        lo, hi = bootstrap(loss)
        blo, bhi = bootstrap(bl)
        qlo, qhi = bootstrap(quiet)
        print(f"{name}: mean loss {sum(loss)/len(loss):.0f} (95 %: {lo:.0f} .. {hi:.0f}), "
              f"blunders {100*sum(bl)/len(bl):.1f} % ({100*blo:.1f} .. {100*bhi:.1f}), "
              f"loss of the other moves {sum(quiet)/len(quiet):.0f} ({qlo:.0f} .. {qhi:.0f}), "
              f"Rapfi's move {100*sum(same)/len(same):.0f} %")
    if len(rows) == 2:
        d = [a[0] - b[0] for a, b in zip(rows[0], rows[1])]
        lo, hi = bootstrap(d)
        print(f"difference (first - second): {sum(d)/len(d):+.0f} (95 %: {lo:+.0f} .. {hi:+.0f})")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True)
    a = sub.add_parser("positions", help="collect positions from match directories")
    a.add_argument("dirs", nargs="+")
    a.add_argument("--out", required=True)
    a.add_argument("--name", default="ours", help="the engine whose turns are taken")
    a.add_argument("--size", type=int, default=15)
    a.add_argument("--plies", type=int, default=24, help="plies after the opening")
    a.add_argument("--count", type=int, default=200)
    j = sub.add_parser("judge", help="judge an engine's moves on the positions")
    j.add_argument("--positions", required=True)
    j.add_argument("--engine", required=True)
    j.add_argument("--engine2")
    j.add_argument("--info", action="append", default=[], help="an INFO line for the engines")
    j.add_argument("--turn-ms", type=int, default=250)
    j.add_argument("--rapfi", default="/work/rapfi-src/Rapfi/build/pbrain-rapfi")
    j.add_argument("--rapfi-ms", type=int, default=500)
    j.add_argument("--cache", default="quality-cache.json")
    j.add_argument("--size", type=int, default=15)
    j.add_argument("--count", type=int, default=200)
    j.add_argument("--verbose", action="store_true", help="print each blunder")
    j.add_argument("--decided", type=int, default=600, help="|eval| above which a position is left out")
    args = p.parse_args()
    make_positions(args) if args.cmd == "positions" else judge(args)


if __name__ == "__main__":
    main()
