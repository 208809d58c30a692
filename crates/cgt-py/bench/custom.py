#!/usr/bin/env python3
"""What valuing a ruleset written in Python costs beyond its own methods.

The empty 4 × 5 Domineering board, valued by `tests/custom_rulesets.py`'s
`Domineering` (a plain Python ruleset: boards as strings, `components`
splitting them into regions), in a fresh process so no memo is warm.
Each of the ruleset's methods is wrapped to time itself, its answer
turned into a list inside the timed part (a generator's work is the
method's); the rest of `value()` is the binding: the positions interned,
their moves kept, cgt-core's memo, canonical forms in the store, and the
wrappers' own calls.

    python crates/cgt-py/bench/custom.py [--rows 4 --cols 5] [--repeat 3]

prints the total, the time inside the methods, and their ratio (the median
of the runs, each in its own process).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

TESTS = Path(__file__).resolve().parent.parent / "tests"

CHILD = """
import sys, time
sys.path.insert(0, {tests!r})
import cgt
from custom_rulesets import Domineering

methods = ["left_moves", "right_moves"] + (["components"] if {split} else [])
spent = {{name: 0.0 for name in methods}}
calls = {{name: 0 for name in methods}}

class Timed(Domineering):
    pass

for name in spent:
    def timed(self, position, _name=name, _method=getattr(Domineering, name)):
        start = time.perf_counter()
        answer = list(_method(self, position))
        spent[_name] += time.perf_counter() - start
        calls[_name] += 1
        return answer
    setattr(Timed, name, timed)

board = "|".join(["." * {cols}] * {rows})
game = Timed(split={split})
start = time.perf_counter()
value = game.value(board)
total = time.perf_counter() - start
assert value == cgt.Domineering(board).value
import json
print(json.dumps({{"total": total, "spent": spent, "calls": calls, "value": str(value)}}))
"""


def run(rows: int, cols: int, split: bool) -> dict:
    code = CHILD.format(tests=str(TESTS), rows=rows, cols=cols, split=split)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=4)
    parser.add_argument("--cols", type=int, default=5)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"empty {args.rows} x {args.cols} Domineering; each row the median of {args.repeat} runs by ratio")
    print()
    print("| components | total | inside the methods | ratio | left_moves | right_moves | components |")
    print("|---|---|---|---|---|---|---|")
    for split in (True, False):
        runs = [run(args.rows, args.cols, split) for _ in range(args.repeat)]
        runs.sort(key=lambda r: r["total"] / sum(r["spent"].values()))
        median = runs[len(runs) // 2]
        total, spent, calls = median["total"], median["spent"], median["calls"]
        inside = sum(spent.values())
        parts = " | ".join(
            f"{spent[m]:.2f} s ({calls[m]} calls)" if m in spent else "-"
            for m in ("left_moves", "right_moves", "components")
        )
        row = "yes" if split else "no"
        print(f"| {row} | {total:.2f} s | {inside:.2f} s | {total / inside:.2f} | {parts} |")


if __name__ == "__main__":
    main()
