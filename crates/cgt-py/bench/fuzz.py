"""A long fuzz, run by hand: a million inputs through cgt.Game (the test
suite's generator, test_errors.fuzz_inputs, with other seeds) and 2,000
random strings through each ruleset class; every answer must be a game, a
position, ValueError or OverflowError, and the process must not crash (in
4 GiB of address space). Prints the counts and any other exception.

    python crates/cgt-py/bench/fuzz.py
"""
import collections
import random
import resource
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
resource.setrlimit(resource.RLIMIT_AS, (4 << 30, 4 << 30))
import cgt  # noqa: E402
import test_errors as t  # noqa: E402

counts = collections.Counter()
bad = []
total = 0
for seed in range(10):
    inputs, left_out = t.fuzz_inputs(100_000, seed=1000 + seed)
    counts["left out (a nimber 21..4096 beside another game)"] += left_out
    for s in inputs:
        total += 1
        try:
            cgt.Game(s)
            counts["game"] += 1
        except (ValueError, OverflowError) as e:
            counts[type(e).__name__] += 1
        except BaseException as e:
            bad.append((s, type(e).__module__, type(e).__name__, str(e)))
    print(seed, dict(counts), len(bad), flush=True)

rng = random.Random(7)
alphabet = list(".#|xoXOlrteLRf-()[];:{}=,0123456789 ") + ["jump=", "slide=", "\n", "é"]
for r in cgt.RULESETS:
    for _ in range(2000):
        s = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 12)))
        total += 1
        try:
            p = r.cls(s)
            counts["position"] += 1
            if len(str(p)) <= 12:
                p.value
                p.left_moves()
        except (ValueError, OverflowError) as e:
            counts["position " + type(e).__name__] += 1
        except BaseException as e:
            bad.append((r.name, s, type(e).__module__, type(e).__name__, str(e)))
print("TOTAL", total, dict(counts))
print("BAD", len(bad))
for b in bad[:20]:
    print(b)
