#!/usr/bin/env python3
"""Rapfi's static evaluation of the positions of finished games, for `scripts/fit_eval.py`.

    python3 scripts/rapfi_static.py --games DIR [DIR ...] --engine /tmp/rapfi/pbrain-rapfi \\
        --out /tmp/static-data.txt [--rule 4]

Each game's positions (`.psq` files from `scripts/match.py`: 1-based `x,y,ms` lines, the opening's
at 0 ms) from the end of its opening to its last move are set on Rapfi's board with `YXBOARD`
(which sets a position without searching it) and judged with `TRACESEARCH`, whose line
`Static Eval[Black]: V` is Rapfi's classical evaluation without search (the one its search
stands on). Each position is written as a line of `scripts/eval_data.py`'s format,

    size  result  eval  depth  x,y x,y …

with `eval` the static value for the side to move, `depth` 0 and `result` the game's result for
the side to move (1 win, 0.5 draw, 0 loss); a position met before (another match's same game) is
written once. Positions with a five to play or to block (the side
to move or the other has a four) are left out: the static value is no estimate there.

`--rule` (Gomocup's: 0 freestyle, 1 standard, 4 renju) is the rule Rapfi judges under and the
games were played under: a five is exactly five for both (standard) or for black (renju), and
the result is the game's own (`# result` as match.py writes it: a forbidden move or a timeout is a
loss too), when the file has one.
"""

from __future__ import annotations

import argparse
import glob
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import MOVE_RE, Engine, five, read_psq, send_board  # noqa: E402

STATIC_RE = re.compile(r"Static Eval\[Black\]: (-?\d+)")
SEARCH_RE = re.compile(r"Depth (\d+)-\d+ \| Eval ([+-]?M?\d+)")


RESULT_RE = re.compile(r"^# result (1-0|0-1|1/2-1/2)")


def exact_for(rule: int, colour: int) -> bool:
    """Whether only exactly five wins for `colour` (0 black) under Gomocup's `rule`."""
    return rule == 1 or (rule == 4 and colour == 0)


def read_game(path: str, rule: int = 0):
    """(size, moves 0-based, opening length, winner colour or None) of a match .psq file under
    `rule`: the file's `# result` line when it has one, else the five on the board."""
    game = read_psq(path)
    if game is None:
        return None
    size, opening = game["size"], game["opening"]
    moves = [(x, y) for x, y, _ in game["moves"]]
    board = {}
    winner = None
    for k, (x, y) in enumerate(moves):
        board[(x, y)] = k % 2
        if five(board, x, y, size, exact_for(rule, k % 2)):
            winner = k % 2
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = RESULT_RE.match(line)
            if m:
                winner = {"1-0": 0, "0-1": 1}.get(m.group(1))
    return size, moves, opening, winner


def has_four(moves: list[tuple[int, int]], size: int, rule: int = 0) -> bool:
    """Whether either side has a five to play after `moves` (a four on the board): the static
    value is no estimate there."""
    board = {c: k % 2 for k, c in enumerate(moves)}
    for x in range(size):
        for y in range(size):
            if (x, y) in board:
                continue
            for s in (0, 1):
                board[(x, y)] = s
                made = five(board, x, y, size, exact_for(rule, s))
                del board[(x, y)]
                if made:
                    return True
    return False


def rapfi_for(engines: dict, command: str, size: int, rule: int = 0) -> Engine:
    """The Rapfi process for boards of `size` (started on first use, under `rule`)."""
    e = engines.get(size)
    if e is None:
        e = Engine("rapfi", command, None, lambda _t: None)
        e.send(f"START {size}")
        if e.expect(lambda l: l.strip().upper() == "OK", 30) is None:
            sys.exit("Rapfi refused START")
        e.send(f"INFO rule {rule}")
        engines[size] = e
    return e


def static_value(e: Engine, moves: list[tuple[int, int]]) -> int | None:
    """Rapfi's static value of the position after `moves`, for the side to move (None: no
    answer within 10 s)."""
    send_board(e, moves, "YXBOARD")
    e.send("TRACESEARCH")
    value = None

    def want(line: str) -> bool:
        nonlocal value
        m = STATIC_RE.search(line)
        if m:
            value = int(m.group(1))
            return True
        return False

    if e.expect(want, 10) is None or value is None:
        return None
    return value if len(moves) % 2 == 0 else -value


def last_report(e: Engine, pattern: re.Pattern, timeout: float) -> tuple[re.Match | None, str | None]:
    """Waits up to `timeout` seconds for the engine's move: the last of its lines before it that
    `pattern` matches (None: none) and the move line (None: no move came)."""
    last = None

    def want(line: str) -> bool:
        nonlocal last
        m = pattern.search(line)
        if m:
            last = m
        return MOVE_RE.match(line) is not None

    line = e.expect(want, timeout)
    return last, line


def think(e: Engine, moves: list[tuple[int, int]], timeout: float) -> tuple[tuple[str, int] | None, str | None]:
    """Sends `moves` as a `BOARD` and waits up to `timeout` seconds for the engine's move: its last
    reported value (`Eval`, `M` in it for a mate) with its nominal depth (None: none reported)
    and its move line (None: no move came)."""
    send_board(e, moves)
    m, line = last_report(e, SEARCH_RE, timeout)
    return ((m.group(2), int(m.group(1))) if m else None), line


def search_value(e: Engine, moves: list[tuple[int, int]]) -> tuple[str, int] | None:
    """Rapfi's search value of the position after `moves` for the side to move (its last
    `Eval`, `M` in it for a mate) and its last nominal depth, searched within the limits set on
    `e` (`INFO max_node`: see `limit_nodes`); None when no move came within 60 s."""
    last, line = think(e, moves, 60)
    return last if line is not None else None


def limit_nodes(e: Engine, nodes: int):
    """Sets Rapfi's searches on `e` to `nodes` nodes (a turn limit far beyond them, 32 MiB)."""
    for info in [f"max_node {nodes}", "timeout_turn 1000000", "timeout_match 0",
                 "max_memory 33554432"]:
        e.send(f"INFO {info}")


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", nargs="+", required=True, help="directories of .psq games")
    p.add_argument("--engine", required=True, help="Rapfi's pbrain command")
    p.add_argument("--out", required=True)
    p.add_argument("--max-games", type=int, default=0, help="0: all")
    p.add_argument("--rule", type=int, default=0, choices=[0, 1, 4],
                   help="Gomocup's rule: 0 freestyle, 1 standard, 4 renju")
    args = p.parse_args()
    paths = [f for d in args.games for f in sorted(glob.glob(os.path.join(d, "*.psq")))]
    if args.max_games:
        paths = paths[: args.max_games]
    engines: dict[int, Engine] = {}
    written = 0
    # A position met again (the same opening played the same way in another match) is written
    # once.
    seen: set[tuple[int, str]] = set()
    with open(args.out, "w", encoding="utf-8") as out:
        for path in paths:
            game = read_game(path, args.rule)
            if game is None:
                continue
            size, moves, opening, winner = game
            e = rapfi_for(engines, args.engine, size, args.rule)
            # The last position is the one with the five on the board: left out.
            for n in range(max(opening, 1), len(moves)):
                mover = n % 2
                stones = " ".join(f"{x},{y}" for x, y in moves[:n])
                if (size, stones) in seen:
                    continue
                seen.add((size, stones))
                if has_four(moves[:n], size, args.rule):
                    continue
                static = static_value(e, moves[:n])
                if static is None:
                    sys.exit(f"no static value from Rapfi ({path}, ply {n})")
                result = 0.5 if winner is None else (1.0 if winner == mover else 0.0)
                out.write(f"{size} {result:g} {static} 0 {stones}\n")
                written += 1
            out.flush()
    for e in engines.values():
        e.close()
    print(f"{written} positions from {len(paths)} games", file=sys.stderr)


if __name__ == "__main__":
    main()
