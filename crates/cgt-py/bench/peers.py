#!/usr/bin/env python3
"""The same work through cgt and the two other Python packages for
combinatorial games, side by side in one run: `cgt-py` (bindings of
cgt-tools) and `pycgt` (pure Python), both from PyPI.

Install all three into one scratch virtual environment, never into the
project, and run this with its interpreter:

    python3 -m venv /tmp/peers
    /tmp/peers/bin/pip install ./crates/cgt-py cgt-py pycgt
    /tmp/peers/bin/python crates/cgt-py/bench/peers.py > table.md

Each measurement runs in a fresh process (so no memo survives between runs
and a timeout can stop it), and times CPU (`time.process_time`) around the
work only; a board's value and a temperature, which take microseconds, by
the wall clock (`time.perf_counter`), one process at a time. Before it, each package values a 1 × 2 board, an L of three
cells, and the temperatures of a few small games, so that what is timed is the work and
not the first run of code loaded from disk (tens of microseconds). A run under 10 s is repeated twice more and the median shown.
Per row, the packages run one after another (interleaved), so load on the
machine falls on all of them alike.

Workloads:
  a. the value (canonical form) of each empty Domineering rectangle;
  b. its temperature, timed alone after the value (warmed up first);
  c. 100 random games born by day 3: parse them all, then add up the first N;
  d. parse 10^4 random day-3 values, then print each (`str`);
  e. one call: 10^5 `g + h` on small values against 10^5 Fraction additions;
  f. the temperatures of 10^4 random day-3 values (parsed first, not timed).
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time

PACKAGES = ("cgt", "cgt-py", "pycgt")
TIMEOUT = 300.0
REPEAT_BELOW = 10.0
BOARDS = [(2, n) for n in range(2, 9)] + [(3, n) for n in range(2, 7)] + [(4, 4), (4, 5), (5, 5)]
SUM_TERMS = [10, 20, 25]

# The 22 games born by day 2, written so that every package reads them.
DAY2 = ["0", "1", "-1", "*", "2", "-2", "1/2", "-1/2", "^", "v", "*2",
        "{0,*|0}", "{0|0,*}", "{1|1}", "{-1|-1}", "{1|-1}", "{1|0}", "{0|-1}",
        "{1|*}", "{*|-1}", "{1|0,*}", "{0,*|-1}"]


def random_day3(rng: random.Random) -> str:
    """`{L|R}` with 0 to 3 options a side drawn from the games born by day 2."""
    def side() -> str:
        k = rng.choices([0, 1, 2, 3], weights=[1, 4, 3, 2])[0]
        return ",".join(rng.sample(DAY2, k))
    return "{" + side() + "|" + side() + "}"


def day3_games(count: int, seed: int) -> list:
    rng = random.Random(seed)
    return [random_day3(rng) for _ in range(count)]


def board(rows: int, cols: int) -> str:
    return "|".join(["." * cols] * rows)


class Cgt:
    def __init__(self):
        import cgt
        self.m = cgt

    def domineering(self, r, c):
        return self.m.Domineering(board(r, c)).value

    def domineering_board(self, rows):
        return self.m.Domineering("|".join(rows)).value

    def temperature(self, g):
        return g.temperature

    def parse(self, s):
        return self.m.Game(s)

    def zero(self):
        return self.m.Game(0)

    def show(self, g):
        return str(g)


class CgtPy:
    def __init__(self):
        import cgt_py
        self.m = cgt_py

    def domineering(self, r, c):
        return self.m.Domineering(board(r, c)).canonical_form

    def domineering_board(self, rows):
        return self.m.Domineering("|".join(rows)).canonical_form

    def temperature(self, g):
        return g.temperature

    def parse(self, s):
        return self.m.CanonicalForm(s)

    def zero(self):
        return self.m.CanonicalForm(0)

    def show(self, g):
        # repr and str are both "CanonicalForm('...')".
        return repr(g).split("'", 1)[1].rsplit("'", 1)[0]


class PyCgt:
    def __init__(self):
        import pycgt
        from pycgt.rulesets import domineering
        self.p, self.dom = pycgt, domineering

    def domineering(self, r, c):
        return self.dom.rectangle(r, c)

    def domineering_board(self, rows):
        return self.dom.parse("\n".join(rows))

    def temperature(self, g):
        return self.p.temperature(g)

    def parse(self, s):
        return self.p.parse(s)

    def zero(self):
        return self.p.ZERO

    def show(self, g):
        return str(g)


ADAPTERS = {"cgt": Cgt, "cgt-py": CgtPy, "pycgt": PyCgt}


def worker(package: str, workload: str, arg: str) -> dict:
    a = ADAPTERS[package]()
    clock = time.process_time
    def warm_up(salt: int) -> None:
        # What a first call loads (fractions, the code of the thermograph of
        # hot games with hot options, caches refilled after a big search),
        # on games none of the boards has, new ones each time (a package
        # that remembers thermographs computes these afresh too).
        k = 10 + 10 * salt
        for warm in (f"{{{k}|0}}", f"{{{k}|{{1|-1}}}}", f"{{{{{k}|2}}|{{0|-2}}}}",
                     f"{{{{{k}|{{3|1}}}}|-3}}", f"-{2 * k + 1}/4", str(k)):
            a.temperature(a.parse(warm))
        if salt == 0:
            a.domineering(1, 2)
            a.domineering_board(["..", ".#"])

    warm_up(0)
    out = {}
    # Boards and temperatures take microseconds: read by the wall clock,
    # since reading the CPU clock is itself a system call of a microsecond
    # or more (one process at a time, so the two agree but for that).
    fine = time.perf_counter
    if workload == "a":
        r, c = map(int, arg.split("x"))
        start = fine()
        g = a.domineering(r, c)
        out["cpu"] = fine() - start
        out["value"] = a.show(g)
    elif workload == "b":
        r, c = map(int, arg.split("x"))
        g = a.domineering(r, c)
        warm_up(1)
        start = fine()
        t = a.temperature(g)
        out["cpu"] = fine() - start
        out["value"] = str(t)
    elif workload == "c":
        terms = int(arg)
        texts = day3_games(100, 20240601)
        start = clock()
        games = [a.parse(s) for s in texts]
        total = a.zero()
        for g in games[:terms]:
            total = total + g
        out["cpu"] = clock() - start
        out["value"] = a.show(total)
    elif workload == "d":
        texts = day3_games(10_000, 10_000)
        start = clock()
        games = [a.parse(s) for s in texts]
        middle = clock()
        printed = [str(g) for g in games]
        out["cpu"] = clock() - start
        out["parse"], out["print"] = middle - start, clock() - middle
        out["value"] = printed[0]
    elif workload == "f":
        games = [a.parse(s) for s in day3_games(10_000, 10_000)]
        start = clock()
        temperatures = [a.temperature(g) for g in games]
        out["cpu"] = clock() - start
        out["value"] = str(temperatures[0])
    elif workload == "e":
        from fractions import Fraction
        g, h = a.parse("{1|0}"), a.parse("*")
        start = clock()
        for _ in range(100_000):
            g + h
        games = clock() - start
        x, y = Fraction(1, 2), Fraction(1, 3)
        start = clock()
        for _ in range(100_000):
            x + y
        fractions = clock() - start
        out["cpu"] = games
        out["fractions"] = fractions
        out["value"] = a.show(g + h)
    return out


def run(package: str, workload: str, arg: str) -> dict:
    command = [sys.executable, os.path.abspath(__file__), "--worker", package, workload, arg]
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return {"error": f"over {TIMEOUT:.0f} s"}
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["?"])[-1]
        return {"error": last[:80]}
    return json.loads(done.stdout.strip().splitlines()[-1])


def measure(package: str, workload: str, arg: str) -> dict:
    first = run(package, workload, arg)
    if "error" in first or first["cpu"] >= REPEAT_BELOW:
        return first
    runs = [first] + [run(package, workload, arg) for _ in range(2)]
    runs = [r for r in runs if "error" not in r]
    best = dict(first)
    for key in ("cpu", "parse", "print", "fractions"):
        if key in first:
            best[key] = statistics.median(r[key] for r in runs)
    return best


def seconds(t: float) -> str:
    if t < 1e-5:
        return f"{t * 1e6:.1f} µs"
    if t < 1e-3:
        return f"{t * 1e6:.0f} µs"
    return f"{t * 1e3:.1f} ms" if t < 1 else f"{t:.2f} s"


def cell(result) -> str:
    if result is None:
        return "—"
    if "error" in result:
        return result["error"]
    return seconds(result["cpu"])


def same_values(results: dict) -> str:
    """Whether every package's printed value reads back (in cgt) as one game."""
    try:
        import cgt
    except ImportError:
        return "n/a"
    values = set()
    for result in results.values():
        if result and "value" in result:
            try:
                values.add(cgt.Game(result["value"]))
            except (ValueError, OverflowError):
                return "unread"
    return "yes" if len(values) == 1 else ("—" if not values else "**no**")


def ratio(ours, theirs) -> str:
    if not ours or "error" in ours or not theirs or "error" in theirs:
        return "—"
    if ours["cpu"] <= 0:
        return "—"
    times = theirs["cpu"] / ours["cpu"]
    return f"{times:.1f}×" if times < 10 else f"{times:.0f}×"


def main() -> None:
    if sys.argv[1:2] == ["--worker"]:
        print(json.dumps(worker(*sys.argv[2:5])))
        return
    packages = [p for p in PACKAGES if importable(p)]
    import importlib.metadata as metadata
    names = {"cgt": "cgt", "cgt-py": "cgt-py", "pycgt": "pycgt"}
    versions = ", ".join(f"{p} {metadata.version(names[p])}" for p in packages)
    print(f"Packages: {versions}; Python {sys.version.split()[0]}; {os.cpu_count()} cores.\n")
    head = " | ".join(packages)
    others = [p for p in packages if p != "cgt"]

    print("Domineering, empty rectangles (rows × columns, Left vertical): the value, then its temperature\n")
    print(f"| board | value | {head} | cgt faster than {' / '.join(others)} | temperature: {head} | same value |")
    print("|---|---|" + "---|" * len(packages) + "---|" + "---|" * len(packages) + "---|")
    gave_up = set()
    for r, c in BOARDS:
        values, temps = {}, {}
        for p in packages:
            if (p, r if r < 4 else 4) in gave_up:
                values[p] = {"error": "skipped"}
                continue
            values[p] = measure(p, "a", f"{r}x{c}")
            if "error" in values[p]:
                gave_up.add((p, r if r < 4 else 4))
            else:
                temps[p] = measure(p, "b", f"{r}x{c}")
        ours = values.get("cgt", {}).get("value", "—")
        speed = " / ".join(ratio(values.get("cgt"), values[p]) for p in others)
        print(f"| {r}×{c} | `{ours}` | " + " | ".join(cell(values[p]) for p in packages)
              + f" | {speed} | " + " | ".join(cell(temps.get(p)) for p in packages)
              + f" | {same_values(values)} |", flush=True)

    print("\nA sum of N of 100 random games born by day 3 (parse all 100, add the first N)\n")
    print(f"| N | {head} | cgt faster than {' / '.join(others)} | size of the sum (characters, cgt) | same value |")
    print("|---|" + "---|" * len(packages) + "---|---|---|")
    for n in SUM_TERMS:
        results = {p: measure(p, "c", str(n)) for p in packages}
        size = len(results.get("cgt", {}).get("value", ""))
        speed = " / ".join(ratio(results.get("cgt"), results[p]) for p in others)
        print(f"| {n} | " + " | ".join(cell(results[p]) for p in packages)
              + f" | {speed} | {size:,} | {same_values(results)} |", flush=True)

    print("\nParse 10^4 random values born by day 3, then print them\n")
    print("| package | parse | print | total |")
    print("|---|---|---|---|")
    for p in packages:
        res = measure(p, "d", "-")
        if "error" in res:
            print(f"| {p} | {res['error']} | | |")
        else:
            print(f"| {p} | {seconds(res['parse'])} | {seconds(res['print'])} | {seconds(res['cpu'])} |", flush=True)

    print("\nThe temperatures of 10^4 random values born by day 3 (parsed first, not timed)\n")
    print("| package | 10^4 temperatures |")
    print("|---|---|")
    for p in packages:
        print(f"| {p} | {cell(measure(p, 'f', '-'))} |", flush=True)

    print("\nOne call: 10^5 × `g + h` (`{1|0}` + `*`) against 10^5 × `Fraction(1, 2) + Fraction(1, 3)`, in one process\n")
    print("| package | 10^5 `g + h` | 10^5 Fraction additions | ratio |")
    print("|---|---|---|---|")
    for p in packages:
        res = measure(p, "e", "-")
        if "error" in res:
            print(f"| {p} | {res['error']} | | |")
        else:
            print(f"| {p} | {seconds(res['cpu'])} | {seconds(res['fractions'])} | "
                  f"{res['cpu'] / res['fractions']:.2f} |", flush=True)


def importable(package: str) -> bool:
    module = {"cgt": "cgt", "cgt-py": "cgt_py", "pycgt": "pycgt"}[package]
    try:
        __import__(module)
        return True
    except ImportError:
        return False


if __name__ == "__main__":
    main()
