#!/usr/bin/env python3
"""Reviews our search's games against Rapfi (`scripts/match.py`'s `.psq` files), two ways
(twentieth round, `docs/search.md`):

    python3 scripts/game_review.py missed --games DIR [DIR ...] --nodes 100000 [--rule 4]
    python3 scripts/game_review.py bias --games DIR [DIR ...] --engine "target/release/tictactoe pbrain" \\
        --positions 300 --turn-ms 1000
    python3 scripts/game_review.py label --games DIR [DIR ...] --nodes 40000 --out FILE
    python3 scripts/game_review.py trace --games DIR --numbers 15 67 --nodes 1000000
    python3 scripts/game_review.py replay --games DIR --numbers 51 --engine "target/release/tictactoe pbrain"
    python3 scripts/game_review.py proofs --games DIR [DIR ...] --engine "target/release/tictactoe pbrain"

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

`trace`: in each lost game (or the games `--numbers` names), Rapfi searches the position before
each of our moves and the one after it (`--nodes`): its move there, its value before, its value
after for our side, and the drop between them, to the first position it proves lost for us
(twenty-fourth round: at 1 M nodes its values move by 100-200 between plies of the opening even
where its own 10 s search plays our move).

`replay`: our engine (`--engine`, `--turn-ms` a move, 32 MiB) is given the position before each
of our moves in a game (or the games `--numbers` names), twice: in one process fed the game's
positions one after another (its table carried from move to move, as in the game) and in a
fresh process for each position. Printed: the game's move, the carried search's and the fresh
search's, and their values (twenty-fifth round: in 20 × 20 game 51 the carried search played
the game's 14,9 at ply 26 where the fresh one played Rapfi's 12,12).

`proofs`: every game (won, lost or drawn), our engine fed the position before each of our moves
in one process (its table carried, as in the game; `--turn-ms`): each value it reports as decided
(a proof, `+M`/`-M`, or 1000 and more from its root threat searches) is set against the game's
result. A win claimed in a game we did not win, or a loss in one we did not lose, is a false
proof (a proven win the game's own move then let slip is not: the check replays the positions
the game reached, and a claim holds for the position, so it is false only where the result
contradicts it). Printed: each contradiction, and the counts of positions, claims and games
(fortieth round: none in 160 games).

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
from match import Engine, read_psq, send_board  # noqa: E402
from rapfi_static import (  # noqa: E402
    has_four, last_report, limit_nodes, rapfi_for, read_game, search_value, think)
from value_quality import OUR_EVAL, RAPFI_EVAL  # noqa: E402

# Our engine reports a win found by its root threat searches as 1000 or more.
OURS_DECIDED = 1000


def games(dirs: list[str], rule: int = 0):
    """(path, our colour 0 black / 1 white, size, moves, opening length, winner) of each game
    (played under Gomocup's `rule`)."""
    for d in dirs:
        for path in sorted(glob.glob(os.path.join(d, "*.psq"))):
            record, game = read_psq(path), read_game(path, rule)
            if record is None or game is None or "ours" not in (record["black"], record["white"]):
                continue
            size, moves, opening, winner = game
            yield path, 0 if record["black"] == "ours" else 1, size, moves, opening, winner


def searching_rapfi(engines: dict, args, size: int) -> Engine:
    """The Rapfi process for boards of `size`, its searches limited to `--nodes` (started on first
    use)."""
    new = size not in engines
    e = rapfi_for(engines, args.rapfi, size, args.rule)
    if new:
        limit_nodes(e, args.nodes)
    return e


def missed(args):
    engines: dict = {}
    lost = slipped = 0
    for path, ours, size, moves, opening, winner in games(args.games, args.rule):
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


def rapfi_number(value: str) -> int:
    """Rapfi's `Eval` as a number: a mate in n plies 20000 − n (lost: −20000 + n)."""
    if "M" in value:
        n = int(value.lstrip("+-").lstrip("M"))
        return -20000 + n if value.startswith("-") else 20000 - n
    return int(value)


def chosen(args):
    """The games `--numbers` names (by the number in the file's name), or every game we lost."""
    for path, ours, size, moves, opening, winner in games(args.games):
        number = int(re.sub(r"\D", "", os.path.basename(path)) or 0)
        if args.numbers and number not in args.numbers:
            continue
        if not args.numbers and (winner is None or winner == ours):
            continue
        yield path, ours, size, moves, opening, winner


def trace(args):
    engines: dict = {}
    for path, ours, size, moves, opening, winner in chosen(args):
        e = searching_rapfi(engines, args, size)
        print(f"{path}: ours {'black' if ours == 0 else 'white'}, winner {winner}", flush=True)
        for n in range(max(opening, 1), len(moves)):
            if n % 2 != ours:
                continue
            before, line = think(e, moves[:n], 120)
            after, _ = think(e, moves[:n + 1], 120)
            if before is None or after is None or line is None:
                print(f"  ply {n}: no value from Rapfi")
                break
            b, a = rapfi_number(before[0]), -rapfi_number(after[0])
            x, y = moves[n]
            print(f"  ply {n:3d}: ours {x},{y}  Rapfi's {line.strip():>7}  before {before[0]:>6}  "
                  f"after {a:>6}  drop {b - a:>6}", flush=True)
            if b <= -10000:
                break
    for e in engines.values():
        e.close()


def ours_started(args, size: int) -> Engine:
    """Our engine on a board of `size`: freestyle, `--turn-ms` a move, 32 MiB."""
    e = Engine("ours", args.engine, None, lambda _t: None)
    e.send(f"START {size}")
    if e.expect(lambda l: l.strip().upper() == "OK", 30) is None:
        sys.exit(f"{args.engine}: refused START {size}")
    for info in ("rule 0", f"timeout_turn {args.turn_ms}", "timeout_match 0",
                 f"max_memory {32 << 20}"):
        e.send(f"INFO {info}")
    return e


def our_plies(moves, opening: int, ours: int) -> list[int]:
    """The plies of a game, from the end of its opening, at which we were to move."""
    return [n for n in range(max(opening, 1), len(moves)) if n % 2 == ours]


def replay(args):
    wait = args.turn_ms / 1000 + 60
    for path, ours, size, moves, opening, winner in chosen(args):
        print(f"{path}: ours {'black' if ours == 0 else 'white'}, winner {winner}", flush=True)
        carried = ours_started(args, size)
        for n in our_plies(moves, opening, ours):
            send_board(carried, moves[:n])
            kept, kept_move = last_report(carried, OUR_EVAL, wait)
            fresh_engine = ours_started(args, size)
            send_board(fresh_engine, moves[:n])
            fresh, fresh_move = last_report(fresh_engine, OUR_EVAL, wait)
            fresh_engine.close()
            if kept_move is None or fresh_move is None:
                print(f"  ply {n}: no move from our engine")
                break
            x, y = moves[n]
            show = lambda m: m.group(1) if m else "?"  # noqa: E731
            print(f"  ply {n:3d}: game {x},{y}  carried {kept_move.strip():>7} ({show(kept):>6})  "
                  f"fresh {fresh_move.strip():>7} ({show(fresh):>6})", flush=True)
        carried.close()


def proofs(args):
    wait = args.turn_ms / 1000 + 60
    counted = {"positions": 0, "won": 0, "lost": 0, "false": 0, "games": 0}
    for path, ours, size, moves, opening, winner in games(args.games):
        counted["games"] += 1
        engine = ours_started(args, size)
        for n in our_plies(moves, opening, ours):
            send_board(engine, moves[:n])
            m, move = last_report(engine, OUR_EVAL, wait)
            if move is None:
                print(f"{path} ply {n}: no move from our engine", flush=True)
                break
            if m is None:
                continue
            counted["positions"] += 1
            v = m.group(1)
            claim = None
            if "M" in v:
                claim = "lost" if v.startswith("-") else "won"
            elif abs(int(v)) >= OURS_DECIDED:
                claim = "lost" if int(v) < 0 else "won"
            if claim is None:
                continue
            counted[claim] += 1
            result = "drawn" if winner is None else ("won" if winner == ours else "lost")
            if claim != result:
                counted["false"] += 1
                print(f"{path} ply {n}: valued {v} ({claim}) in a game we {result}", flush=True)
        engine.close()
    print(f"{counted['games']} games, {counted['positions']} positions valued: "
          f"{counted['won']} claimed won, {counted['lost']} claimed lost, "
          f"{counted['false']} against the game's result")
    if counted["false"]:
        sys.exit(1)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("what", choices=["missed", "bias", "label", "trace", "replay", "proofs"])
    p.add_argument("--games", nargs="+", required=True, help="directories of .psq games")
    p.add_argument("--rapfi", default="/tmp/rapfi/pbrain-rapfi")
    p.add_argument("--rule", type=int, default=0, choices=[0, 1, 4],
                   help="missed: the games' rule, Rapfi's too (Gomocup's: 0, 1 standard, 4 renju)")
    p.add_argument("--nodes", type=int, default=100000,
                   help="missed, label: Rapfi's nodes a position")
    p.add_argument("--out", help="label: the file to write")
    p.add_argument("--engine", default="target/release/tictactoe pbrain",
                   help="bias, replay, proofs: our engine")
    p.add_argument("--positions", type=int, default=300, help="bias: positions sampled")
    p.add_argument("--turn-ms", type=int, default=1000,
                   help="bias, replay, proofs: each engine's time a position")
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--numbers", type=int, nargs="*", default=[],
                   help="trace, replay: the games (default: every game we lost)")
    args = p.parse_args()
    if args.what == "label" and not args.out:
        p.error("label needs --out")
    {"missed": missed, "bias": bias, "label": label, "trace": trace,
     "replay": replay, "proofs": proofs}[args.what](args)


if __name__ == "__main__":
    main()
