#!/usr/bin/env python3
"""Compare two `cgt` binaries (or `cgt-lab`, as the command was called
before it moved to the crate `cgt`) value for value on random octal codes.

The check that a new Grundy engine changes no value: both binaries run
`values CODE --upto N` on the same codes and their outputs must be equal byte
for byte. The codes come from a fixed seed, so a run can be repeated:
300 finite octal codes `d0.d1...dk`, k from 1 to 5 digits after the dot,
d0 either 0 or 4 (removing nothing may only split).

    python3 crates/cgt-lab/bench/old_lab.py OLD_BIN NEW_BIN [--codes 300]
        [--upto 3000] [--seed 2027] [--threads T]

Prints one line per difference and a summary line; exits 1 if any code
differs, 2 on bad arguments. Build the old binary from a commit in a
scratch worktree, e.g.

    git worktree add /tmp/old-lab 845c85c
    cargo build --release -p cgt-lab --manifest-path /tmp/old-lab/Cargo.toml

(`-p cgt` and `target/release/cgt` for a commit after the move).
"""

import argparse
import subprocess
import sys


def codes(count, seed):
    """`count` octal codes from a 64-bit linear congruential generator."""
    state = seed
    out = []
    while len(out) < count:
        state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
        draw = state >> 33
        length = 1 + draw % 5
        digits = []
        for _ in range(length + 1):
            state = (state * 6364136223846793005 + 1442695040888963407) % 2**64
            digits.append((state >> 33) % 8)
        digits[0] &= 4
        # A last digit of 0 only names a shorter code.
        if digits[-1] == 0:
            digits[-1] = 1 + (state >> 40) % 7
        code = f"{digits[0]}." + "".join(str(d) for d in digits[1:])
        if code not in out:
            out.append(code)
    return out


def values(binary, code, upto, threads):
    args = [binary, "values", code, "--upto", str(upto)]
    if threads is not None:
        args += ["--threads", str(threads)]
    run = subprocess.run(args, capture_output=True)
    return run.returncode, run.stdout, run.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old")
    parser.add_argument("new")
    parser.add_argument("--codes", type=int, default=300)
    parser.add_argument("--upto", type=int, default=3000)
    parser.add_argument("--seed", type=int, default=2027)
    parser.add_argument(
        "--threads", type=int, default=None, help="passed to the new binary only"
    )
    args = parser.parse_args()
    differ = 0
    for code in codes(args.codes, args.seed):
        old = values(args.old, code, args.upto, None)
        new = values(args.new, code, args.upto, args.threads)
        if old != new:
            differ += 1
            print(f"{code}: differs (exit {old[0]} / {new[0]})")
    print(
        f"{args.codes} codes to {args.upto}: {args.codes - differ} equal, {differ} differ"
    )
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
