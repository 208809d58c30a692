"""Shared helpers of the `cgt` test suite: the games born by day 2, a
seeded family of larger games made from them, and a way to run Python code
in a child process (for Ctrl-C, crashes and the fuzz test, which must not
take the test run down with them)."""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
from typing import Iterator, List, Optional, Sequence, Tuple

import pytest
from hypothesis import configuration

from cgt import Game

# Hypothesis keeps a cache beside the working directory (`.hypothesis/`,
# even with no example database); keep it out of the source tree.
configuration.set_hypothesis_home_dir(os.path.join(tempfile.gettempdir(), "cgt-py-hypothesis"))

#: The games born by day 1, as options.
DAY1: List[Game] = [Game(0), Game(1), Game(-1), Game("*")]


def _day2() -> List[Game]:
    subsets = [list(c) for r in range(len(DAY1) + 1) for c in itertools.combinations(DAY1, r)]
    games = {Game.from_options(left, right) for left in subsets for right in subsets}
    return sorted(games, key=str)


#: The 22 games born by day 2, each made with `Game.from_options` from
#: games born by day 1 (so no notation is involved in making them).
DAY2: List[Game] = _day2()


def generated_games(count: int = 200, seed: int = 20240601) -> List[Game]:
    """`count` games (seeded): sums of two or three games born by day 2, and
    `from_options` of games born by day 2 and of such sums."""
    rng = random.Random(seed)
    out: List[Game] = []
    while len(out) < count:
        kind = rng.randrange(3)
        if kind == 0:
            g = sum(rng.sample(DAY2, rng.randint(2, 3)), Game(0))
        elif kind == 1:
            g = Game.from_options(rng.sample(DAY2, rng.randint(0, 3)), rng.sample(DAY2, rng.randint(0, 3)))
        else:
            pool = DAY2 + out[-20:]
            g = Game.from_options(rng.sample(pool, rng.randint(1, 2)), rng.sample(pool, rng.randint(1, 2))) + rng.choice(DAY2)
        out.append(g)
    return out


GENERATED: List[Game] = generated_games()


def cli_path() -> str:
    """The `cgt` binary (`CGT_BIN`, as `cargo xtask test` sets it; else the
    workspace's debug build)."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    return os.environ.get("CGT_BIN", os.path.join(root, "target", "debug", "cgt"))


def _limit_memory(limit: int):
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    return apply


def child(code: str, args: Sequence[str] = (), *, memory: Optional[int] = 3 << 30, **popen) -> subprocess.Popen:
    """Starts `python -c code args...` (this interpreter, so the same `cgt`),
    its address space limited to `memory` bytes so that a runaway allocation
    fails there instead of taking the machine's memory."""
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_limit_memory(memory) if memory and sys.platform.startswith("linux") else None,
        **popen,
    )


#: Python's own Ctrl-C handler, put back first in a child that must hear
#: SIGINT: a shell that starts a command in the background ignores SIGINT
#: for it, and every process below inherits that, so a test run started so
#: would send signals its children never hear.
HEAR_CTRL_C = "import signal\nsignal.signal(signal.SIGINT, signal.default_int_handler)\n"


@contextlib.contextmanager
def child_hearing_ctrl_c(code: str, **kwargs) -> Iterator[subprocess.Popen]:
    """`child(code)` that hears Ctrl-C however the test run was started, and
    is killed when the test leaves it running (a failed assertion, a time
    out), instead of running on for minutes after the run."""
    p = child(HEAR_CTRL_C + code, **kwargs)
    try:
        yield p
    finally:
        if p.poll() is None:
            p.kill()
        p.communicate()


def ctrl_c_after_each_ready(code: str, times: int) -> Tuple[List[Tuple[str, float]], str, str, int]:
    """Runs `code` in a child that hears Ctrl-C and, `times` times, waits for
    its `ready` line, sends it SIGINT a second later and reads the line it
    answers with. Returns those lines, each with the seconds it took after
    the signal, then the rest of its output, its errors and its exit
    status."""
    with child_hearing_ctrl_c(code, memory=None) as child:
        answers = []
        for _ in range(times):
            assert child.stdout.readline().strip() == "ready"
            time.sleep(1.0)
            child.send_signal(signal.SIGINT)
            sent = time.monotonic()
            answers.append((child.stdout.readline().strip(), time.monotonic() - sent))
        # The rest through the same buffered reader: `communicate` would read
        # past the lines `readline` already buffered.
        out, err = child.stdout.read(), child.stderr.read()
        child.wait(timeout=60)
        return answers, out, err, child.returncode


def process_cpu_seconds(pid: int) -> Optional[float]:
    """CPU seconds (user and system) a running process has used so far, from
    Linux's /proc; None where there is no /proc, or once it has ended."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            # The fields after the command's name, which is in parentheses
            # and may hold spaces: utime and stime are the 12th and 13th.
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


def communicate_within_cpu(
    p: subprocess.Popen, cpu: float, wall: float = 60.0
) -> Optional[Tuple[str, str]]:
    """`p.communicate()`, or None if `p` is still running once it has used
    `cpu` seconds of CPU from now (on a busy machine a child's turn on a core
    comes late, so a bound on the clock fails a cgt that answers at once in
    CPU), or `wall` seconds have passed (a child that hangs without working).
    Without /proc the bound is `cpu` seconds on the clock."""
    start, start_cpu = time.monotonic(), process_cpu_seconds(p.pid)
    while True:
        try:
            return p.communicate(timeout=0.05)
        except subprocess.TimeoutExpired:
            pass
        elapsed = time.monotonic() - start
        now_cpu = process_cpu_seconds(p.pid)
        if start_cpu is None or now_cpu is None:
            used = elapsed
        else:
            used = now_cpu - start_cpu
        if used > cpu or elapsed > wall:
            return None


def children_cpu_seconds() -> float:
    """CPU seconds (user and system) of this process's children waited for
    so far: "at once" in a test means little CPU, which the machine's load
    does not change as it changes the time on the clock."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.fixture(scope="session")
def day2() -> List[Game]:
    return DAY2
