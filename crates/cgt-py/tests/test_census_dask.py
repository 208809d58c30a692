"""`cgt.census` on a real Dask `LocalCluster` (two worker processes): the
same rows as a serial run, and a worker killed mid-run loses nothing.
Skipped, with the reason, where Dask's `distributed` is not installed
(`cargo xtask test` installs it)."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import List

import pytest
from test_census import Inline, kill_when_busy, slow_games, without_cost

import cgt

distributed = pytest.importorskip(
    "distributed",
    reason="Dask's distributed is not installed (pip install './crates/cgt-py[dask]'; "
    "cargo xtask test installs it)",
)


@pytest.fixture(scope="module")
def cluster():  # type: ignore[no-untyped-def]
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
    ) as local, distributed.Client(local) as client:
        yield client


def test_a_dask_census_equals_the_serial_one(cluster) -> None:  # type: ignore[no-untyped-def]
    serial = cgt.census("octal:2", upto=1 << 16, executor=Inline())
    on_dask = cgt.census("octal:2", upto=1 << 16, executor=cluster.get_executor())
    assert len(on_dask) == 70
    assert without_cost(on_dask) == without_cost(serial)


def test_a_dask_worker_killed_mid_run_loses_nothing(cluster, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    family = slow_games(tmp_path)
    serial = cgt.census(family, upto=1 << 20, executor=Inline())

    # Asked before the census: a worker busy with a game may not answer
    # `run` until the game ends, and then there is nothing left to kill.
    pids = cluster.run(os.getpid)

    def busy() -> List[int]:
        # The worker processes that are running a game now (the scheduler
        # answers this itself).
        processing = cluster.processing()
        return [pids[w] for w, tasks in processing.items() if tasks and w in pids]

    killed: List[int] = []
    killer = kill_when_busy(busy, 0.2, killed)
    out = tmp_path / "dask.jsonl"
    rows = cgt.census(family, upto=1 << 20, out=str(out), executor=cluster.get_executor())
    killer.join()
    assert len(killed) == 1
    assert without_cost(rows) == without_cost(serial)
    assert all(row.get("status") != "failed" for row in rows)
    games = [json.loads(l)["game"] for l in out.read_text(encoding="utf-8").splitlines()]
    assert sorted(games) == sorted(row["game"] for row in serial)
