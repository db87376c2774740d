#!/usr/bin/env python3
"""Our search's speed at a fixed node count, and whether two builds search the same tree.

    python3 scripts/bench_nodes.py --nodes 1000000 --count 3 --rounds 3 \\
        --engine "/tmp/before pbrain" --engine "target/release/tictactoe pbrain"

Each engine searches the first `--count` openings of `scripts/openings-15.txt` and
`scripts/openings-20.txt` to `INFO max_node` (a fresh process a position), `--rounds` times,
the engines taking turns, and its mean total time is printed. A change meant to make the search
faster, not different, must give the same depth, selective depth, nodes and value on every
position (`TICTACTOE_SEARCH_STATS=1`'s `stats` line): the script says whether it does.
`--rule 4 --openings docs/runs/s87/openings-deep.txt` does the same under renju on a 15 x 15 set.
"""
import argparse
import os
import re
import shlex
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import read_openings  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
MOVE = re.compile(r"^\d+,\d+\s*$")


def position_lines(size: int, stones, nodes: int, extra=(), memory: int = 32 << 20) -> list[str]:
    """The protocol lines that set up `stones` (black first) and ask for a move within `nodes`:
    `extra` INFO lines after the limits."""
    n = len(stones)
    lines = [f"START {size}", f"INFO max_node {nodes}", "INFO timeout_turn 1000000",
             "INFO timeout_match 0", f"INFO max_memory {memory}", *extra, "BOARD"]
    lines += [f"{x},{y},{1 if k % 2 == n % 2 else 2}" for k, (x, y) in enumerate(stones)]
    return lines + ["DONE"]


def search_stderr(command: str, lines: list[str]) -> str:
    """What our engine writes to stderr (`TICTACTOE_SEARCH_STATS=1`) while it answers the
    protocol `lines` (ending in `DONE`, `TURN` or `BEGIN`) with a move; then it is ended."""
    p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True,
                         env=dict(os.environ, TICTACTOE_SEARCH_STATS="1"))
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    for line in p.stdout:
        if MOVE.match(line):
            break
    p.stdin.write("END\n")
    p.stdin.flush()
    err = p.stderr.read()
    p.wait()
    return err


ITER = re.compile(r"iter (\d+) nodes (\d+) .*value Some\((-?\d+)\)")


def iterations(err: str) -> list[tuple[int, int, int]]:
    """The iterations our engine completed, from its `TICTACTOE_SEARCH_STATS=1` stderr (`iter`
    lines with a value): (depth, nodes so far, value)."""
    return [(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            for m in map(ITER.match, err.splitlines()) if m]


def engine_stdout(command: str, lines: list[str]) -> list[str]:
    """What an engine (Rapfi, with `INFO show_detail 2` among `lines`) writes to stdout before its
    move, line by line, as it answers the protocol `lines`; then it is ended."""
    p = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.DEVNULL, text=True)
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    out = []
    for line in p.stdout:
        if MOVE.match(line):
            break
        out.append(line.rstrip("\n"))
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait()
    return out


def search(command: str, size: int, stones, nodes: int, rule: int = 0) -> dict:
    """The `stats` fields of one search of the position `stones` (black first)."""
    err = search_stderr(command, position_lines(size, stones, nodes, [f"INFO rule {rule}"]))
    stats = [l.split() for l in err.splitlines() if l.startswith("stats ")]
    if not stats:
        sys.exit(f"{command}: no stats line (is it our engine?)")
    f = stats[-1]
    return {k: f[f.index(k) + 1] for k in ("depth", "seldepth", "nodes", "ms", "value")}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--engine", action="append", required=True, help="command (repeatable)")
    ap.add_argument("--nodes", type=int, default=1_000_000)
    ap.add_argument("--count", type=int, default=3, help="openings of each board")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--rule", type=int, default=0, help="INFO rule: 0 freestyle, 1 standard, 4 renju")
    ap.add_argument("--openings", help="a 15 x 15 set to take the positions from instead")
    args = ap.parse_args()
    positions = []
    sets = ([(15, args.openings)] if args.openings else
            [(size, os.path.join(HERE, f"openings-{size}.txt")) for size in (15, 20)])
    for size, path in sets:
        for opening in read_openings(path, size)[:args.count]:
            positions.append((size, opening.stones))
    times = {e: [] for e in args.engine}
    trees = {}
    for _ in range(args.rounds):
        for e in args.engine:
            runs = [search(e, size, stones, args.nodes, args.rule) for size, stones in positions]
            times[e].append(sum(int(r["ms"]) for r in runs))
            trees[e] = [(r["depth"], r["seldepth"], r["nodes"], r["value"]) for r in runs]
    for e in args.engine:
        total = sum(int(t[2]) for t in trees[e])
        ms = sum(times[e]) / len(times[e])
        print(f"{e}: {len(positions)} positions, {total} nodes, mean {ms:.0f} ms "
              f"({total / ms:.0f} k nodes/s; rounds {', '.join(map(str, times[e]))} ms)")
    first = args.engine[0]
    for e in args.engine[1:]:
        same = trees[e] == trees[first]
        print(f"{e}: {'the same search as' if same else 'NOT the same search as'} {first}")


if __name__ == "__main__":
    main()
