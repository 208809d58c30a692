"""`cgt.census`: rows with the keys `cgt census` writes, the table files
and their resumption, a process pool whose worker is killed, and a real
Dask `LocalCluster` (two worker processes): the same rows as a serial run,
and a worker killed mid-run loses nothing."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from pathlib import Path
from typing import Any, Callable, Dict, List

import pytest

import cgt

PERIOD_KEYS = ["game", "preperiod", "period", "saltus", "certified", "status", "theorem", "checked_upto"]


class Inline(Executor):
    """Runs each game at once, in this process: the serial census."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future:  # type: ignore[override]
        future: Future = Future()
        try:
            future.set_result(fn(*args, **kwargs))
        except BaseException as error:  # noqa: BLE001
            future.set_exception(error)
        return future


def without_cost(rows: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """The rows without what differs from run to run."""
    return [{k: v for k, v in row.items() if k not in ("seconds", "cpu_seconds", "peak_memory")} for row in rows]


def slow_games(tmp_path: Path) -> str:
    """A file of games that each take a while to 2^20: a worker is killed
    while it runs one."""
    family = tmp_path / "slow.txt"
    family.write_text("0.16\n0.56\n0.127\n0.156\n0.354\n0.376\n", encoding="utf-8")
    return str(family)


def test_rows_have_the_keys_of_cgt_period_json_and_the_cost() -> None:
    rows = cgt.census("octal:1", ask="period", upto=1 << 10, executor=Inline())
    assert [row["game"] for row in rows] == [f"0.{d}" for d in range(1, 8)]
    for row in rows:
        assert list(row) == PERIOD_KEYS + ["seconds", "cpu_seconds", "peak_memory"]
        p = cgt.period(row["game"], cap=1 << 10)
        assert (row["preperiod"], row["period"], row["certified"]) == (p.preperiod, p.period, p.certified)
    assert rows[6]["status"] == "certified" and rows[6]["period"] == 2
    values = cgt.census("subtraction:2", ask="values", upto=20, executor=Inline())
    assert [row["game"] for row in values] == ["S(1)", "S(2)", "S(1,2)"]
    assert without_cost(values)[2] == {"game": "S(1,2)", "upto": 20, "max": 2, "zeros": 7, "distinct": 3}


def test_bad_families_and_questions_are_errors() -> None:
    with pytest.raises(ValueError, match="octal:K expected K in 1..=6"):
        cgt.census("octal:9")
    with pytest.raises(ValueError, match="--ask expected period, values"):
        cgt.census("octal:1", ask="colour")
    with pytest.raises(ValueError, match="the cgt command answers the others"):
        cgt.census("octal:1", ask="quotient")
    with pytest.raises(ValueError, match="expected a file ending in .jsonl or .parquet"):
        cgt.census("octal:1", out="rows.csv")


def test_out_writes_the_table_and_a_rerun_resumes_it(tmp_path: Path) -> None:
    out = tmp_path / "rows.jsonl"
    rows = cgt.census("octal:2", upto=1 << 10, out=str(out), executor=Inline())
    assert len(rows) == 70
    assert sum(1 for row in rows if "same_as" in row) == 7
    lines = out.read_text(encoding="utf-8").splitlines()
    assert sorted(json.loads(l)["game"] for l in lines) == sorted(row["game"] for row in rows)
    # Stopped after ten rows, in the middle of the eleventh.
    out.write_text("\n".join(lines[:10]) + "\n" + lines[10][:20], encoding="utf-8")
    again = cgt.census("octal:2", upto=1 << 10, out=str(out), executor=Inline())
    assert without_cost(again) == without_cost(rows)
    games = [json.loads(l)["game"] for l in out.read_text(encoding="utf-8").splitlines()]
    assert len(games) == len(set(games)) == 70
    parquet = tmp_path / "rows.parquet"
    cgt.census("octal:1", upto=1 << 10, out=str(parquet), executor=Inline())
    data = parquet.read_bytes()
    assert data[:4] == data[-4:] == b"PAR1"
    assert (tmp_path / "rows.parquet.journal.jsonl").is_file()


def kill_when_busy(pids: Callable[[], List[int]], after: float, killed: List[int]) -> threading.Thread:
    """Kills (SIGKILL) the first of `pids()` once `after` seconds have
    passed, and adds it to `killed`."""

    def kill() -> None:
        time.sleep(after)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            found = pids()
            if found:
                os.kill(found[0], signal.SIGKILL)
                killed.append(found[0])
                return
            time.sleep(0.05)

    thread = threading.Thread(target=kill, daemon=True)
    thread.start()
    return thread


def test_a_killed_pool_worker_loses_nothing(tmp_path: Path) -> None:
    family = slow_games(tmp_path)
    serial = cgt.census(family, upto=1 << 20, executor=Inline())
    pool = ProcessPoolExecutor(max_workers=2)
    killed: List[int] = []
    killer = kill_when_busy(lambda: list(getattr(pool, "_processes", None) or {}), 0.3, killed)
    out = tmp_path / "pool.jsonl"
    rows = cgt.census(family, upto=1 << 20, out=str(out), executor=pool)
    killer.join()
    pool.shutdown()
    assert len(killed) == 1
    assert without_cost(rows) == without_cost(serial)
    assert all(row.get("status") != "failed" for row in rows)
    games = [json.loads(l)["game"] for l in out.read_text(encoding="utf-8").splitlines()]
    assert sorted(games) == sorted(row["game"] for row in serial)
