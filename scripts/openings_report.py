#!/usr/bin/env python3
"""Each opening's results over several matches on the same openings, by the colour we played.

    python3 scripts/openings_report.py RUN1.txt RUN2.txt ... [--name ours] [--all]

Each file is the printed output of `scripts/match.py` (its `game N [...] black NAME: RESULT
WINNER (...)` lines); `--name` is our engine's name in all of them (`--name1`). For each opening it
prints our results with black and with white, one letter a match in the files' order (`W`, `D`,
`L`), and the openings sorted into four kinds:

- **lost both ways**: we lost most games with both colours (the other engine wins whichever colour
  it plays): the openings a stronger search would turn into split pairs;
- **won both ways**: the same, for us;
- **the colour's**: the same colour won most games whoever played it;
- **mixed**: none of these (no colour's results mostly one way, or a colour never played).

By default only the first two kinds are listed (they decide a match's score: fifteenth round of
`docs/search.md`); `--all` lists every opening.
"""
import argparse
import os
import sys
from collections import OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from paired import game_lines  # noqa: E402


def results(path: str, name: str) -> dict[str, dict[str, str]]:
    """`opening -> {"black": letter, "white": letter}` for one match: our result with each colour."""
    out: dict[str, dict[str, str]] = OrderedDict()
    for _, opening, black, _, winner in game_lines(path):
        colour = "black" if black == name else "white"
        letter = "D" if winner == "draw" else ("W" if winner == name else "L")
        out.setdefault(opening, {})[colour] = letter
    return out


def most(results: str, letter: str) -> bool:
    """Whether more than half of the games played (`-`: not played) in `results` are `letter`."""
    return results.count(letter) * 2 > len(results.replace("-", ""))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("runs", nargs="+", help="printed outputs of scripts/match.py")
    ap.add_argument("--name", default="ours", help="our engine's name in the matches")
    ap.add_argument("--all", action="store_true", help="list every opening")
    args = ap.parse_args()
    try:
        runs = [results(p, args.name) for p in args.runs]
    except OSError as e:
        sys.exit(f"{e.filename}: {e.strerror}")
    openings = list(OrderedDict.fromkeys(o for r in runs for o in r))
    if not any("black" in r for run in runs for r in run.values()):
        sys.exit(f"no game with {args.name!r} as black (is --name our engine's name, --name1?)")
    kinds = {"lost both ways": [], "won both ways": [], "the colour's": [], "mixed": []}
    for o in openings:
        black = "".join(r.get(o, {}).get("black", "-") for r in runs)
        white = "".join(r.get(o, {}).get("white", "-") for r in runs)
        if most(black, "L") and most(white, "L"):
            kind = "lost both ways"
        elif most(black, "W") and most(white, "W"):
            kind = "won both ways"
        elif most(black, "W") and most(white, "L") or most(black, "L") and most(white, "W"):
            kind = "the colour's"
        else:
            kind = "mixed"
        kinds[kind].append((o, black, white))
    width = max(len(o) for o in openings)
    print(f"{len(openings)} openings over {len(runs)} matches; our results as black / as white")
    for kind, rows in kinds.items():
        print(f"{kind}: {len(rows)}")
        if args.all or kind in ("lost both ways", "won both ways"):
            for o, black, white in rows:
                print(f"  {o:<{width}}  {black} / {white}")


if __name__ == "__main__":
    main()
