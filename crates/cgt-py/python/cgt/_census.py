"""`cgt.census`: one question asked of every game of a family, on any
`concurrent.futures.Executor` (processes on this machine by default, or a
Dask cluster's `Client(...).get_executor()`), with the rows and the table
files of `cgt census` (the Rust crate `cgt-census` makes both)."""

from __future__ import annotations

import json
import os
import time
from collections import deque
from concurrent.futures import FIRST_COMPLETED, Executor, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Callable, Deque, Dict, List, Optional, Tuple

from . import _cgt

#: How many times a game whose worker died is run in all.
ATTEMPTS = 2


def _work(game: str, ask: str, upto: Optional[int]) -> str:
    """One game's row (a JSON line), in a worker."""
    return _cgt.census_row(game, ask, upto)


def _reason(error: BaseException) -> str:
    """Why a worker gave no row, on one line."""
    text = " ".join(str(error).split())
    name = type(error).__name__
    return f"the worker died ({name}: {text})" if text else f"the worker died ({name})"


def census(
    family: str,
    ask: str = "period",
    upto: Optional[int] = None,
    out: Optional[str] = None,
    executor: Optional[Executor] = None,
) -> List[Dict[str, Any]]:
    """Asks `ask` ("period" or "values") of every game of `family`
    ("octal:K", "subtraction:K" or a file of games, one per line) and
    returns one row per game, in the family's order: a dict with the keys
    of `cgt period --json` (or the values summary), then `seconds`,
    `cpu_seconds` and `peak_memory`; `{"game", "same_as"}` for a game run once under another
    name; `status` "failed" and `reason` for a game that failed.

    `out` (a `.jsonl` or `.parquet` file) writes the table as `cgt census`
    does, and resumes: the games already in it are not run again.

    The games run on `executor`: by default a `ProcessPoolExecutor` on
    every core. A worker that dies (killed, out of memory) loses only the
    games it held; each is run once more and then has a failed row; a
    broken process pool is replaced by a new one.
    """
    members = _cgt.census_members(family, ask)
    rows: Dict[str, str] = {}
    if out is not None:
        for key, line in _cgt.census_open(out, ask):
            rows.setdefault(key, line)

    def record(key: str, line: str) -> None:
        if out is not None:
            _cgt.census_append(out, [line])
        rows[key] = line

    todo: Deque[Tuple[str, str]] = deque()
    for game, same_as, key in members:
        if key in rows:
            continue
        if same_as is not None:
            record(key, _cgt.census_same_as(game, same_as))
        else:
            todo.append((game, key))
    if todo:
        _run(todo, ask, upto, executor, record)
    ordered = [rows[key] for _, _, key in members if key in rows]
    if out is not None:
        _cgt.census_finish(out, ordered)
    return [json.loads(line) for line in ordered]


def _run(
    todo: Deque[Tuple[str, str]],
    ask: str,
    upto: Optional[int],
    executor: Optional[Executor],
    record: Callable[[str, str], None],
) -> None:
    """Runs the games of `todo` on `executor` (or a pool of our own) and
    records each row as it comes."""
    workers = os.cpu_count() or 1
    own = executor is None
    if executor is None:
        executor = ProcessPoolExecutor(max_workers=workers)
    # A process pool gets only as many games as it has workers, so that
    # when one dies the games it breaks are the ones that were running.
    limit = getattr(executor, "_max_workers", None) or len(todo)
    attempts: Dict[str, int] = {}
    started: Dict[Any, float] = {}
    pending: Dict[Any, Tuple[str, str]] = {}
    try:
        while todo or pending:
            while todo and len(pending) < limit:
                game, key = todo.popleft()
                try:
                    future = executor.submit(_work, game, ask, upto)
                except BrokenProcessPool:
                    executor, own = _replace(executor, own, workers), True
                    future = executor.submit(_work, game, ask, upto)
                pending[future] = (game, key)
                started[future] = time.monotonic()
            finished, _ = wait(list(pending), return_when=FIRST_COMPLETED)
            broken = False
            for future in finished:
                game, key = pending.pop(future)
                seconds = time.monotonic() - started.pop(future)
                try:
                    line = future.result()
                except ValueError:
                    raise
                except BaseException as error:  # noqa: BLE001 (any death of a worker)
                    if isinstance(error, KeyboardInterrupt):
                        raise
                    broken = broken or isinstance(error, BrokenProcessPool)
                    attempts[game] = attempts.get(game, 0) + 1
                    if attempts[game] >= ATTEMPTS:
                        record(key, _cgt.census_failed(game, _reason(error), seconds))
                    else:
                        todo.appendleft((game, key))
                    continue
                record(key, line)
            if broken:
                # Every game the broken pool held came back with an error:
                # those not yet recorded run again on a new pool.
                for future, (game, key) in list(pending.items()):
                    future.cancel()
                    todo.appendleft((game, key))
                pending.clear()
                started.clear()
                executor, own = _replace(executor, own, workers), True
    finally:
        if own:
            executor.shutdown(wait=True, cancel_futures=True)


def _replace(executor: Executor, own: bool, workers: int) -> Executor:
    """A new process pool for a broken one (ours shut down)."""
    size = getattr(executor, "_max_workers", None) or workers
    if own:
        executor.shutdown(wait=False, cancel_futures=True)
    return ProcessPoolExecutor(max_workers=size)
