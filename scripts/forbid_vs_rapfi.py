#!/usr/bin/env python3
"""Cross-checks renju's forbidden points against Rapfi (issue 15).

Random 15x15 positions (stones clustered near the centre, as many black as white, no line of five
or more on the board) are sent to both engines over the Gomocup protocol, as Yixin Board does it:
`INFO rule 4`, `YXBOARD` with the side to move's stones as 1 (black: as many stones as white),
`DONE`, `YXSHOWFORBID`. The two `FORBID` lines must agree.

Usage (from the repository root):

    python3 scripts/forbid_vs_rapfi.py --ours "target/debug/tictactoe pbrain" \\
        --rapfi /work/rapfi-src/Rapfi/build/pbrain-rapfi --positions 2000 --seed 1
"""

import argparse
import random
import shlex
import subprocess
import sys

DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))
N = 15


def has_five(board):
    for y in range(N):
        for x in range(N):
            s = board.get((x, y))
            if s is None:
                continue
            for dx, dy in DIRS:
                if board.get((x - dx, y - dy)) == s:
                    continue
                n, (a, b) = 0, (x, y)
                while board.get((a, b)) == s:
                    n, a, b = n + 1, a + dx, b + dy
                if n >= 5:
                    return True
    return False


def position(rng):
    while True:
        size = rng.randint(5, 9)
        x0, y0 = rng.randint(0, N - size), rng.randint(0, N - size)
        cells = [(x, y) for x in range(x0, x0 + size) for y in range(y0, y0 + size)]
        rng.shuffle(cells)
        n = rng.randint(3, min(len(cells) // 2, 30))
        board = {}
        for i, c in enumerate(cells[: 2 * n]):
            board[c] = 1 if i % 2 == 0 else 2
        if not has_five(board):
            return board


def session(command, boards):
    lines = ["START 15", "INFO rule 4"]
    for b in boards:
        lines.append("YXBOARD")
        lines += [f"{x},{y},{s}" for (x, y), s in b.items()]
        lines += ["DONE", "YXSHOWFORBID"]
    lines.append("END")
    out = subprocess.run(
        shlex.split(command), input="\n".join(lines) + "\n", capture_output=True, text=True,
        timeout=600,
    ).stdout
    return [l.strip() for l in out.splitlines() if l.startswith("FORBID")]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--ours", required=True)
    p.add_argument("--rapfi", required=True)
    p.add_argument("--positions", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    rng = random.Random(a.seed)
    boards = [position(rng) for _ in range(a.positions)]
    ours, theirs = session(a.ours, boards), session(a.rapfi, boards)
    assert len(ours) == len(theirs) == len(boards), (len(ours), len(theirs))
    points = sum((len(l) - 8) // 4 for l in ours)
    bad = [(b, o, t) for b, o, t in zip(boards, ours, theirs) if o != t]
    print(f"{len(boards)} positions, {points} forbidden points (ours), {len(bad)} disagreements")
    for b, o, t in bad[:5]:
        print("ours:", o, "rapfi:", t)
        for y in range(N):
            print("".join(".XO"[b.get((x, y), 0)] for x in range(N)))
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
