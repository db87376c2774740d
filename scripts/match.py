#!/usr/bin/env python3
"""A match between two Gomocup (pbrain) engines: balanced openings, each played with both colours.

Usage (from the repository root):

    python3 scripts/match.py \
        --engine1 "target/release/tictactoe pbrain" --name1 ours \
        --engine2 /work/rapfi-src/Rapfi/build/pbrain-rapfi --name2 rapfi \
        --size 15 --rule 0 --turn-ms 1000 --openings scripts/openings-15.txt --pairs 8

The manager speaks the Gomocup protocol (START, INFO, BOARD … DONE, TURN, END) to one game at a
time (the games run in sequence: no two engines compete for the cores). Each engine runs in a fresh
process per game, in the directory of its executable unless `--cwd1`/`--cwd2` say otherwise.

What ends a game:
- five or more in a row (`--rule 0`, freestyle) or exactly five (`--rule 1`, standard): a win;
- under renju (`--rule 4`): exactly five for black, five or more for white: a win; a black move on
  a forbidden point (overline, double four, double three; a five wins first) loses. The forbidden
  points are told by `--forbidden` (default `target/release/tictactoe forbidden`, whose detector
  agrees with Rapfi's YXSHOWFORBID: scripts/forbid_vs_rapfi.py);
- a full board: a draw;
- a move off the board, on an occupied cell or not parsable, a crash (the engine's process ends
  or closes its output) or no answer within `--turn-ms` plus `--margin-ms` (and, with
  `--match-ms`, within the time left plus the margin): a loss for the engine at fault.

Each game is saved in `--out` (default `match-<date>`) as a `.psq` file as Piskvork writes a
tournament game, which Piskvork and `tictactoe record` read: the header `Piskvorky 15x15, L:L, 0`
(L the level of `--turn-ms` in Piskvork's table), one line per move `x,y,ms` (1-based column and
row, and the time the move took; the opening's stones first, with ms 0), the black and the white
engine's names, Piskvork's result code (0 played out, 15 a timeout, -2 an engine's error), the
board line under a rule other than free-style, then two comments: the opening and the result with
how the game ended. `read_psq` reads these and the older files (header `Piskvork 15x15, black A,
white B`). A summary goes to `summary.txt`.

Results are printed from the first engine's view: W/D/L, the score, and the Elo difference
(logistic: Elo = -400 log10(1/s - 1)) with a 95 % error bar, both from the game results
(trinomial) and from the opening pairs (pentanomial: the two games of an opening as one sample,
which removes the openings' own bias from the error).
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import queue
import re
import shlex
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field

MOVE_RE = re.compile(r"^\s*(-?\d+)\s*,\s*(-?\d+)\s*$")
DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


@dataclass
class Opening:
    """Stones played in turn from the empty board, black first: (x, y), 0-based."""

    text: str
    stones: list[tuple[int, int]]


def read_openings(path: str, size: int) -> list[Opening]:
    """Reads one opening per line: `x,y x,y …` (0-based column,row); `#` starts a comment."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, line in enumerate(f, 1):
            text = line.split("#", 1)[0].strip()
            if not text:
                continue
            stones = []
            for tok in text.split():
                m = MOVE_RE.match(tok)
                if not m:
                    sys.exit(f"{path}:{n}: '{tok}' is not a move x,y")
                x, y = int(m.group(1)), int(m.group(2))
                if not (0 <= x < size and 0 <= y < size) or (x, y) in stones:
                    sys.exit(f"{path}:{n}: {x},{y} is off the {size}x{size} board or repeated")
                stones.append((x, y))
            out.append(Opening(text, stones))
    if not out:
        sys.exit(f"{path}: no openings")
    return out


class EngineDied(Exception):
    pass


class Engine:
    """One engine process speaking the Gomocup protocol on stdin/stdout."""

    def __init__(self, name: str, command: str, cwd: str | None, log):
        self.name = name
        argv = shlex.split(command)
        exe = argv[0]
        if os.sep in exe:
            exe = os.path.abspath(exe)
            argv[0] = exe
        self.cwd = cwd if cwd else (os.path.dirname(exe) if os.sep in exe else None)
        self.log = log
        self.proc = subprocess.Popen(
            argv,
            cwd=self.cwd,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            bufsize=1,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.reader = threading.Thread(target=self._read, daemon=True)
        self.reader.start()
        self.last_answer = 0.0

    def _read(self):
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line.rstrip("\r\n"))
        self.lines.put(None)

    def send(self, text: str):
        # Some engines (Rapfi) finish their turn's bookkeeping just after printing the move.
        gap = 0.02 - (time.monotonic() - self.last_answer)
        if gap > 0:
            time.sleep(gap)
        self.log(f"> {self.name}: {text}")
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.write(text + "\n")
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise EngineDied(f"{self.name}: cannot write ({e})") from e

    def expect(self, want, wait: float):
        """The first line within `wait` seconds for which `want(line)` holds (other lines are
        logged); None on time-out; EngineDied when the output closes."""
        end = time.monotonic() + wait
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                raise EngineDied(f"{self.name}: the process ended (exit {self.proc.poll()})")
            self.log(f"< {self.name}: {line}")
            if want(line):
                self.last_answer = time.monotonic()
                return line

    def close(self):
        try:
            if self.proc.poll() is None:
                self.send("END")
                self.proc.wait(timeout=2)
        except Exception:
            pass
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


def send_board(e: "Engine", moves: list[tuple[int, int]], command: str = "BOARD"):
    """Sends `moves` (black first, 0-based) as a `BOARD` (the engine then thinks and answers) or a
    `YXBOARD` (Rapfi: the position set, nothing searched), the side to move's stones as field 1."""
    mover = len(moves) % 2
    e.send(command)
    for k, (x, y) in enumerate(moves):
        e.send(f"{x},{y},{1 if k % 2 == mover else 2}")
    e.send("DONE")


def forbidden_points(args, history: list[tuple[int, int]]) -> set[tuple[int, int]]:
    """Black's forbidden points (renju) after the moves `history` (black first), from
    `args.forbidden` (a `tictactoe forbidden` command: cells 1-based, row-major)."""
    cells = [str(y * args.size + x + 1) for x, y in history]
    cmd = shlex.split(args.forbidden) + ["--width", str(args.size), "--height", str(args.size)]
    out = subprocess.run(cmd + cells, capture_output=True, text=True, check=True).stdout
    return {((int(c) - 1) % args.size, (int(c) - 1) // args.size) for c in out.split()}


def five(board: dict, x: int, y: int, size: int, exact: bool) -> bool:
    """True when the stone on (x, y) completes five (exactly five with `exact`)."""
    c = board[(x, y)]
    for dx, dy in DIRS:
        n = 1
        for s in (1, -1):
            i = 1
            while board.get((x + s * dx * i, y + s * dy * i)) == c:
                n += 1
                i += 1
        if n == 5 or (n > 5 and not exact):
            return True
    return False


@dataclass
class Game:
    black: int  # engine index (0 or 1) playing black
    opening: Opening
    moves: list = field(default_factory=list)  # (x, y, ms)
    result: str = ""  # "1-0" black wins, "0-1", "1/2"
    reason: str = ""
    winner: int | None = None  # engine index


def play_game(args, opening: Opening, black: int, log) -> Game:
    names = [args.name1, args.name2]
    commands = [args.engine1, args.engine2]
    cwds = [args.cwd1, args.cwd2]
    infos = [args.info1, args.info2]
    g = Game(black, opening)
    board: dict[tuple[int, int], int] = {}  # cell -> engine index
    known = [None, None]  # moves each engine has been told (None: none yet)
    left = [args.match_ms, args.match_ms]
    engines: list[Engine | None] = [None, None]

    def finish(winner, reason):
        g.winner = winner
        g.reason = reason
        if winner is None:
            g.result = "1/2"
        else:
            g.result = "1-0" if winner == black else "0-1"
        return g

    try:
        for i in (0, 1):
            try:
                e = Engine(names[i], commands[i], cwds[i], log)
            except OSError as err:
                return finish(1 - i, f"{names[i]} does not start ({err})")
            engines[i] = e
        for i in (0, 1):
            e = engines[i]
            try:
                e.send(f"START {args.size}")
                ok = e.expect(lambda l: l.strip().upper() == "OK" or l.startswith("ERROR"), 30)
                if ok is None or not ok.strip().upper() == "OK":
                    return finish(1 - i, f"{names[i]} refused START {args.size}: {ok}")
                e.send(f"INFO timeout_turn {args.turn_ms}")
                e.send(f"INFO timeout_match {args.match_ms}")
                e.send(f"INFO max_memory {args.memory}")
                e.send(f"INFO rule {args.rule}")
                e.send("INFO game_type 1")
                for extra in infos[i] or []:
                    e.send(f"INFO {extra}")
            except EngineDied as err:
                return finish(1 - i, f"crash: {err}")
        for k, (x, y) in enumerate(opening.stones):
            board[(x, y)] = black if k % 2 == 0 else 1 - black
            g.moves.append((x, y, 0))
        history = [(x, y) for x, y in opening.stones]
        to_move = black if len(history) % 2 == 0 else 1 - black
        cells = args.size * args.size
        while True:
            if len(history) >= cells:
                return finish(None, "full board")
            e = engines[to_move]
            assert e is not None
            try:
                if args.match_ms > 0:
                    e.send(f"INFO time_left {max(left[to_move], 0)}")
                if known[to_move] is not None and known[to_move] == len(history) - 1:
                    lx, ly = history[-1]
                    e.send(f"TURN {lx},{ly}")
                elif known[to_move] is None and not history:
                    e.send("BEGIN")
                else:
                    e.send("BOARD")
                    for k, (x, y) in enumerate(history):
                        own = (black if k % 2 == 0 else 1 - black) == to_move
                        e.send(f"{x},{y},{1 if own else 2}")
                    e.send("DONE")
                start = time.monotonic()
                limit = args.turn_ms
                if args.match_ms > 0:
                    limit = min(limit, left[to_move])
                line = e.expect(lambda l: MOVE_RE.match(l) is not None, (limit + args.margin_ms) / 1000 + 1.0)
                ms = int(round((time.monotonic() - start) * 1000))
            except EngineDied as err:
                return finish(1 - to_move, f"crash: {err}")
            if line is None:
                return finish(1 - to_move, f"{names[to_move]} gave no move within {limit + args.margin_ms} ms")
            if args.match_ms > 0:
                left[to_move] -= ms
            m = MOVE_RE.match(line)
            x, y = int(m.group(1)), int(m.group(2))
            g.moves.append((x, y, ms))
            if ms > limit + args.margin_ms:
                return finish(1 - to_move, f"{names[to_move]} took {ms} ms (limit {limit} + {args.margin_ms})")
            if not (0 <= x < args.size and 0 <= y < args.size):
                return finish(1 - to_move, f"{names[to_move]} played {x},{y} off the board")
            if (x, y) in board:
                return finish(1 - to_move, f"{names[to_move]} played {x},{y}, occupied")
            renju_black = args.rule == 4 and to_move == black
            forbidden = renju_black and (x, y) in forbidden_points(args, history)
            board[(x, y)] = to_move
            history.append((x, y))
            known[to_move] = len(history)
            if five(board, x, y, args.size, args.rule == 1 or renju_black):
                return finish(to_move, "five")
            if forbidden:
                return finish(1 - to_move, f"{names[to_move]} played {x},{y}, forbidden")
            to_move = 1 - to_move
    finally:
        for e in engines:
            if e is not None:
                e.close()


def elo(score: float) -> float:
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def interval(samples: list[float]) -> tuple[float, float, float]:
    """Mean score per game and its 95 % interval from `samples` (scores per game or per pair,
    scaled to 0..1)."""
    n = len(samples)
    mean = sum(samples) / n
    var = sum((s - mean) ** 2 for s in samples) / n
    se = math.sqrt(var / n) if n > 1 else 0.0
    return mean, mean - 1.96 * se, mean + 1.96 * se


def pentanomial(pair_scores: list[float]) -> list[int]:
    """The opening pairs' counts by score [LL, LD, WL/DD, WD, WW] (0, ¼, ½, ¾, 1)."""
    return [sum(1 for s in pair_scores if abs(s - v) < 1e-9) for v in (0, 0.25, 0.5, 0.75, 1.0)]


def report(games: list[Game], args) -> str:
    w = sum(1 for g in games if g.winner == 0)
    l = sum(1 for g in games if g.winner == 1)
    d = len(games) - w - l
    per_game = [1.0 if g.winner == 0 else 0.0 if g.winner == 1 else 0.5 for g in games]
    mean, lo, hi = interval(per_game)
    lines = [
        f"{args.name1} vs {args.name2}: {args.size}x{args.size} rule {args.rule}, "
        f"{args.turn_ms} ms/move (match {args.match_ms} ms), margin {args.margin_ms} ms",
        f"games {len(games)}: W {w} D {d} L {l}  score {w + d / 2:g}/{len(games)} = {100 * mean:.1f} %",
        f"Elo {elo(mean):+.0f}  (trinomial 95 %: {elo(lo):+.0f} .. {elo(hi):+.0f})",
    ]
    pairs = {}
    for g in games:
        pairs.setdefault(g.opening.text, []).append(g)
    full = [p for p in pairs.values() if len(p) == 2]
    if len(full) >= 2:
        sc = [sum(1.0 if g.winner == 0 else 0.0 if g.winner == 1 else 0.5 for g in p) / 2 for p in full]
        pm, plo, phi = interval(sc)
        penta = pentanomial(sc)
        lines.append(
            f"pairs {len(full)}: pentanomial [LL, LD, WL/DD, WD, WW] = {penta}  "
            f"Elo {elo(pm):+.0f}  (95 %: {elo(plo):+.0f} .. {elo(phi):+.0f})"
        )
    reasons = {}
    for g in games:
        key = re.sub(r"\d+", "N", g.reason)
        reasons[key] = reasons.get(key, 0) + 1
    lines.append("ends: " + ", ".join(f"{k}: {v}" for k, v in sorted(reasons.items())))
    for i, name in enumerate((args.name1, args.name2)):
        times = [ms for g in games for k, (_, _, ms) in enumerate(g.moves)
                 if k >= len(g.opening.stones) and ((k % 2 == 0) == (g.black == i))]
        if times:
            lines.append(f"{name}: {len(times)} moves, mean {sum(times) / len(times):.0f} ms, max {max(times)} ms")
    return "\n".join(lines)


# Piskvork's times per move (ms) behind a player's level (`levelTab`, as `src/record.rs`).
PISKVORK_LEVELS = [100, 300, 600, 1000, 1500, 2500, 5000, 10000, 15000, 30000, 60000]
RULE_NAMES = {0: "freestyle", 1: "standard", 4: "renju"}
OLD_HEADER_RE = re.compile(r"Piskvork (\d+)x\d+, black (\S+), white (\S+)")
HEADER_RE = re.compile(r"Piskvorky (\d+)x(\d+), (\d+):(\d+), ([01])$")
PSQ_MOVE_RE = re.compile(r"^(\d+),(\d+),(\d+)$")


def piskvork_level(ms: int) -> int:
    """An engine's level in a .psq header: 1 + the index of the largest time not above `ms`."""
    return 1 + max([i for i, t in enumerate(PISKVORK_LEVELS) if t <= ms] or [0])


def result_code(reason: str) -> int:
    """Piskvork's result code for how a game ended: 0 played out, 15 a timeout, -2 an engine's
    error (a crash, a refusal, a move off the board or on a stone)."""
    if reason in ("five", "full board") or reason.endswith("forbidden"):
        return 0
    if " ms" in reason:
        return 15
    return -2


def save(game: Game, number: int, args, out: str):
    """The game as Piskvork writes a tournament game (header, moves with their times, the black
    and the white player's names, the result code; the rule's board line after it unless
    free-style, as `tictactoe record` writes it), then comments Piskvork ignores: the opening and
    how the game ended. `tictactoe record FILE` and Piskvork read it."""
    names = [args.name1, args.name2]
    level = piskvork_level(args.turn_ms)
    path = os.path.join(out, f"game-{number:03d}.psq")
    with open(path, "w", encoding="utf-8") as f:
        f.write(f"Piskvorky {args.size}x{args.size}, {level}:{level}, 0\n")
        for x, y, ms in game.moves:
            f.write(f"{x + 1},{y + 1},{ms}\n")
        f.write(f"{names[game.black]}\n{names[1 - game.black]}\n{result_code(game.reason)}\n")
        if args.rule != 0:
            f.write(f"{args.size}x{args.size} k5 {RULE_NAMES[args.rule]}\n")
        f.write(f"# opening: {game.opening.text}\n")
        f.write(f"# result {game.result} ({game.reason})\n")


def read_psq(path: str):
    """A game saved by `save` (or by this script before Piskvork's header was written: `Piskvork
    WxH, black A, white B`, the opening as the second line) as a dict: `size`, `black` and
    `white` (names), `moves` (0-based `(x, y, ms)`, the opening's first), `opening` (how many of them the opening placed).
    None for a file of neither shape."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if not lines:
        return None
    old, new = OLD_HEADER_RE.match(lines[0]), HEADER_RE.match(lines[0])
    if not (old or new):
        return None
    # The moves, then (Piskvork's header) the two names; comments left out.
    rest = [l for l in lines[1:] if not l.startswith("#")]
    k = 0
    while k < len(rest) and PSQ_MOVE_RE.match(rest[k]):
        k += 1
    moves = [tuple(int(t) - 1 for t in l.split(",")[:2]) + (int(l.split(",")[2]),)
             for l in rest[:k]]
    if new:
        if len(rest) < k + 2:
            return None
        black, white = rest[k], rest[k + 1]
    else:
        black, white = old.group(2), old.group(3)
    opening = next((len(re.findall(r"\d+,\d+", l)) for l in lines if l.startswith("# opening:")), 0)
    return {"size": int((old or new).group(1)), "black": black, "white": white,
            "moves": moves, "opening": opening}


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--engine1", required=True, help="command of the first engine")
    p.add_argument("--engine2", required=True, help="command of the second engine")
    p.add_argument("--name1", default="engine1")
    p.add_argument("--name2", default="engine2")
    p.add_argument("--cwd1", help="working directory of engine 1 (default: its executable's)")
    p.add_argument("--cwd2")
    p.add_argument("--info1", action="append", help="extra INFO line for engine 1, e.g. 'k 5' (repeatable)")
    p.add_argument("--info2", action="append")
    p.add_argument("--size", type=int, default=15)
    p.add_argument("--rule", type=int, default=0, choices=(0, 1, 4),
                   help="INFO rule for both engines: 0 freestyle (five or more), 1 exactly five, 4 renju")
    p.add_argument("--forbidden", default="target/release/tictactoe forbidden",
                   help="command printing black's forbidden points (renju), given the moves as cells")
    p.add_argument("--turn-ms", type=int, default=1000, help="INFO timeout_turn")
    p.add_argument("--match-ms", type=int, default=0, help="INFO timeout_match (0: none)")
    p.add_argument("--margin-ms", type=int, default=100, help="time allowed past the limit before a loss")
    p.add_argument("--memory", type=int, default=32 << 20,
                   help="INFO max_memory in bytes (default 32 MiB: Rapfi's default 350 MB makes its first move late)")
    p.add_argument("--openings", required=True)
    p.add_argument("--pairs", type=int, help="openings to play (each twice); default all")
    p.add_argument("--skip", type=int, default=0, help="openings to skip at the start of the file")
    p.add_argument("--out", help="directory for the games (default match-<time>)")
    p.add_argument("--log", action="store_true", help="write the protocol traffic to <out>/log.txt")
    args = p.parse_args()

    openings = read_openings(args.openings, args.size)[args.skip:]
    if args.pairs:
        openings = openings[: args.pairs]
    out = args.out or "match-" + datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    os.makedirs(out, exist_ok=True)
    logf = open(os.path.join(out, "log.txt"), "w", encoding="utf-8") if args.log else None

    def log(text):
        if logf:
            logf.write(f"{time.monotonic():.3f} {text}\n")

    games: list[Game] = []
    names = [args.name1, args.name2]
    for o in openings:
        for black in (0, 1):
            n = len(games) + 1
            log(f"=== game {n}: opening {o.text}, black {names[black]}")
            g = play_game(args, o, black, log)
            games.append(g)
            save(g, n, args, out)
            who = names[g.winner] if g.winner is not None else "draw"
            print(f"game {n:3d} [{o.text}] black {names[black]:>8}: {g.result:3s} {who} "
                  f"({g.reason}, {len(g.moves)} stones)", flush=True)
    text = report(games, args)
    print(text)
    with open(os.path.join(out, "summary.txt"), "w", encoding="utf-8") as f:
        f.write(" ".join(shlex.quote(a) for a in sys.argv) + "\n" + text + "\n")
    if logf:
        logf.close()


if __name__ == "__main__":
    main()
