#!/usr/bin/env python3
"""Reviews our search's games against Rapfi (`scripts/match.py`'s `.psq` files), two ways
(twentieth round, `docs/search.md`):

    python3 scripts/game_review.py missed --games DIR [DIR ...] --nodes 100000
    python3 scripts/game_review.py bias --games DIR [DIR ...] --engine "target/release/tictactoe pbrain" \\
        --positions 300 --turn-ms 1000
    python3 scripts/game_review.py label --games DIR [DIR ...] --nodes 40000 --out FILE

`missed`: in every game we lost, Rapfi searches (`INFO max_node`) each position before one of our
moves, from the end of the opening on, until it proves a win for the other side; a position
before that where it proves a win for us is a win we let slip. Printed: each lost game's first
proven win for us and first proven loss (ply, Rapfi's value), and the count of lost games with a
win let slip.

`bias`: positions sampled from the games (every fifth ply from the opening's second move to the
fourth before the end, `--positions` of them at random, `--seed`), each searched by our engine
and by Rapfi for `--turn-ms`; the positions neither proves decided are compared: how often each
engine judges *our colour* in that game ahead (value above 0), each one's mean value for our
colour, and the share our colour went on to score. An engine that judges its own colour ahead
more often than its colour scores overrates the positions its moves lead to.

`label`: every position just after one of our moves (each once; none with a four on the board),
searched by Rapfi within `--nodes`, written as a line of `scripts/eval_data.py`'s format (`size
result eval depth x,y …`: the game's result and Rapfi's value for the side to move, Rapfi's
nominal depth); those where Rapfi finds a mate are left out. These are the positions our search
chose, where an evaluation's errors in our favour are the ones our moves seek out: the
twentieth round's fit weighs them (`src/search/eval_weights.rs`).

Rapfi is `--rapfi` (default `/tmp/rapfi/pbrain-rapfi`); our engine's values are its last
`MESSAGE depth … ev V` (`+M`/`-M` a proof; 1000 and more a win its root threat search found).
"""

from __future__ import annotations

import argparse
import glob
import os
import random
import re
import statistics
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Engine, send_board  # noqa: E402
from rapfi_static import (  # noqa: E402
    has_four, last_report, limit_nodes, rapfi_for, read_game, search_value)
from value_quality import OUR_EVAL, RAPFI_EVAL  # noqa: E402

# Our engine reports a win found by its root threat searches as 1000 or more.
OURS_DECIDED = 1000


def games(dirs: list[str]):
    """(path, our colour 0 black / 1 white, size, moves, opening length, winner) of each game."""
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "*.psq"))):
            with open(path, encoding="utf-8") as f:
                head = f.readline()
            m = re.search(r"black (\S+), white (\S+)", head)
            game = read_game(path)
            if not m or game is None or "ours" not in (m.group(1), m.group(2)):
                continue
            size, moves, opening, winner = game
            yield path, 0 if m.group(1) == "ours" else 1, size, moves, opening, winner


def searching_rapfi(engines: dict, args, size: int) -> Engine:
    """The Rapfi process for boards of `size`, its searches limited to `--nodes` (started on first
    use)."""
    new = size not in engines
    e = rapfi_for(engines, args.rapfi, size)
    if new:
        limit_nodes(e, args.nodes)
    return e


def missed(args):
    engines: dict = {}
    lost = slipped = 0
    for path, ours, size, moves, opening, winner in games(args.games):
        if winner is None or winner == ours:
            continue
        lost += 1
        e = searching_rapfi(engines, args, size)
        first_win = first_loss = None
        for n in range(max(opening, 1), len(moves)):
            if n % 2 != ours:
                continue
            v = search_value(e, moves[:n])
            if v is None or "M" not in v[0]:
                continue
            if v[0].startswith("-"):
                first_loss = (n, v[0])
                break
            if first_win is None:
                first_win = (n, v[0])
        slipped += first_win is not None
        print(f"{path}: ours {'black' if ours == 0 else 'white'}, first win for us {first_win}, "
              f"first loss {first_loss}", flush=True)
    for e in engines.values():
        e.close()
    print(f"{lost} games lost, {slipped} with a win for us before the loss (Rapfi, {args.nodes} nodes)")


def value(e: Engine, moves: list[tuple[int, int]], pattern, wait: float) -> str | None:
    """The engine's last reported value after `BOARD` `moves` (None: none before its move)."""
    send_board(e, moves)
    m, line = last_report(e, pattern, wait)
    if line is None:
        sys.exit(f"{e.name}: no move within {wait:.0f} s")
    return m.group(1) if m else None


def bias(args):
    rng = random.Random(args.seed)
    sample = []
    for path, ours, size, moves, opening, winner in games(args.games):
        for n in range(opening + 2, len(moves) - 4, 5):
            sample.append((size, path, n, ours, moves, winner))
    rng.shuffle(sample)
    sample = sorted(sample[: args.positions], key=lambda s: s[0])
    engines: dict = {}
    rows = []
    for size, path, n, ours, moves, winner in sample:
        if has_four(moves[:n], size):
            continue
        if size not in engines:
            for e in engines.values():
                e.close()
            engines = {size: (Engine("ours", args.engine, None, lambda _t: None),
                              Engine("rapfi", args.rapfi, None, lambda _t: None))}
            for e in engines[size]:
                e.send(f"START {size}")
                if e.expect(lambda l: l.strip().upper() == "OK", 30) is None:
                    sys.exit(f"{e.name} refused START {size}")
                for info in [f"timeout_turn {args.turn_ms}", "timeout_match 0",
                             "max_memory 33554432", "rule 0"]:
                    e.send(f"INFO {info}")
        ours_e, rapfi_e = engines[size]
        wait = args.turn_ms / 1000 + 10
        a = value(ours_e, moves[:n], OUR_EVAL, wait)
        b = value(rapfi_e, moves[:n], RAPFI_EVAL, wait)
        if a is None or b is None or "M" in a or "M" in b or abs(int(a)) >= OURS_DECIDED:
            continue
        # For our colour in that game, and the share it scored.
        sign = 1 if n % 2 == ours else -1
        scored = 0.5 if winner is None else float(winner == ours)
        rows.append((sign * int(a), sign * int(b), scored))
        print(f"{path} ply {n}: ours {sign * int(a)}, Rapfi {sign * int(b)} for our colour, "
              f"scored {scored:g}", flush=True)
    for pair in engines.values():
        for e in pair:
            e.close()
    if not rows:
        sys.exit("no undecided positions")
    k = len(rows)
    print(f"{k} positions neither engine proves decided, for our colour in each game:")
    for i, name in [(0, "our engine"), (1, "Rapfi")]:
        print(f"  {name}: ahead in {sum(r[i] > 0 for r in rows) / k:.1%}, "
              f"mean value {statistics.mean(r[i] for r in rows):+.0f}, "
              f"median {statistics.median(r[i] for r in rows):+.0f}")
    print(f"  our colour scored {statistics.mean(r[2] for r in rows):.1%}")


def label(args):
    engines: dict = {}
    seen: set = set()
    written = 0
    with open(args.out, "w", encoding="utf-8") as out:
        for path, ours, size, moves, opening, winner in sorted(games(args.games),
                                                               key=lambda g: g[2]):
            e = searching_rapfi(engines, args, size)
            # After our move: the move before position n was ours.
            for n in range(max(opening, 1) + 1, len(moves)):
                if (n - 1) % 2 != ours or (size, tuple(moves[:n])) in seen:
                    continue
                seen.add((size, tuple(moves[:n])))
                if has_four(moves[:n], size):
                    continue
                v = search_value(e, moves[:n])
                if v is None or "M" in v[0]:
                    continue
                result = 0.5 if winner is None else float(winner == n % 2)
                stones = " ".join(f"{x},{y}" for x, y in moves[:n])
                out.write(f"{size} {result:g} {int(v[0])} {v[1]} {stones}\n")
                written += 1
            out.flush()
    for e in engines.values():
        e.close()
    print(f"{written} positions written to {args.out}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", choices=["missed", "bias", "label"])
    p.add_argument("--games", nargs="+", required=True, help="directories of .psq games")
    p.add_argument("--rapfi", default="/tmp/rapfi/pbrain-rapfi")
    p.add_argument("--nodes", type=int, default=100000,
                   help="missed, label: Rapfi's nodes a position")
    p.add_argument("--out", help="label: the file to write")
    p.add_argument("--engine", default="target/release/tictactoe pbrain", help="bias: our engine")
    p.add_argument("--positions", type=int, default=300, help="bias: positions sampled")
    p.add_argument("--turn-ms", type=int, default=1000, help="bias: each engine's time a position")
    p.add_argument("--seed", type=int, default=7)
    args = p.parse_args()
    if args.what == "label" and not args.out:
        p.error("label needs --out")
    {"missed": missed, "bias": bias, "label": label}[args.what](args)


if __name__ == "__main__":
    main()
