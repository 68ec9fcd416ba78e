"""Running a lab batch: in this process, on a pool of local processes, or on a Dask cluster.

Every executor plays the same tasks (:meth:`webtabletop.lab.batch.Batch.tasks`) with the same
pure function (:func:`webtabletop.lab.play.play_task`) and hands the results back as they end;
:func:`play_batch` puts them in task order,
so :func:`report` gives the same JSON for the same batch whatever ran it. Dask is an optional
extra (``pip install -e .[lab]``); it is imported only when asked for.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from webtabletop.ai.arena import wilson
from webtabletop.core.protocol import GameError
from webtabletop.lab.batch import SKILL_STEPS, SKILL_VARIANT, Batch
from webtabletop.lab.journal import Journal
from webtabletop.lab.metrics import compare, summary
from webtabletop.lab.play import play_task, record_of

Progress = Callable[[int, int], None]


def _local(tasks: list[tuple], workers: int) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        yield from map(play_task, tasks)
        return
    ctx = multiprocessing.get_context("spawn" if os.name == "nt" else "fork")
    with ctx.Pool(workers) as pool:
        # as each game ends (a journal keeps it at once); play_batch puts them in task order
        yield from pool.imap_unordered(play_task, tasks, chunksize=1)


def _dask(tasks: list[tuple], address: str, workers: int) -> Iterator[dict[str, Any]]:
    try:
        from dask.distributed import Client, LocalCluster, as_completed
    except ImportError:  # the optional extra
        raise GameError("--dask needs Dask: pip install -e '.[lab]'") from None
    cluster = None
    if address == "local":
        cluster = LocalCluster(
            n_workers=max(1, workers), threads_per_worker=1, processes=True, dashboard_address=None
        )
        client = Client(cluster)
    else:
        client = Client(address)
    try:
        futures = client.map(play_task, tasks, pure=False)
        for future in as_completed(futures):  # play_batch puts them in task order
            yield future.result()
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def play_batch(
    batch: Batch,
    workers: int = 1,
    dask: str | None = None,
    progress: Progress | None = None,
    journal: Journal | None = None,
) -> list[dict[str, Any]]:
    """Every game of ``batch``, in task order. With a ``journal``, the games already in it are
    not played again and each new game is written to it as it comes back."""
    everything = batch.check().tasks()
    keys = {(t.variant, t.index) for t in everything}
    done = {k: r for k, r in journal.load(batch).items() if k in keys} if journal else {}
    tasks = [t.as_tuple() for t in everything if (t.variant, t.index) not in done]
    if progress:  # first call: the games the journal already held (0 without one)
        progress(len(done), len(everything))
    if tasks:
        source = _dask(tasks, dask, workers) if dask else _local(tasks, workers)
        for result in source:
            done[(result["variant"], result["index"])] = result
            if journal:
                journal.append(result)
            if progress:
                progress(len(done), len(everything))
    return [done[(t.variant, t.index)] for t in everything]


def report(batch: Batch, results: list[dict[str, Any]]) -> dict[str, Any]:
    """The lab's JSON: option set A's numbers at the top level, ``compare`` (B's numbers and
    B − A) when the batch has two option sets, and ``skill_trace`` when it has one."""
    a = [r for r in results if r["variant"] == 0]
    out: dict[str, Any] = {"game": batch.game, "setup": batch.to_json(), **summary(a), "compare": None}
    if batch.b is not None:
        b = [r for r in results if r["variant"] == 1]
        out["compare"] = {"b": summary(b), "diff": compare(a, b)}
    if batch.skill:
        out["skill_trace"] = skill_summary(results)
    return out


def skill_summary(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """After Ludii's skill trace: at each step a stronger player meets the one below it on option
    set A (seats alternating), and the stronger's score says how much the game rewards a deeper
    search over luck (near 0.5: luck decides; near 1: skill does). A step with no game yet is left
    out (the page shows the trace as it comes)."""
    steps = []
    for k, (strong, weak) in enumerate(SKILL_STEPS):
        mine = [r for r in results if r["variant"] == SKILL_VARIANT + k]
        if not mine:
            continue
        score = sum(
            0.5 if r["winner"] is None else 1.0 if r["seats"][r["winner"]] == strong else 0.0 for r in mine
        )
        lo, hi = wilson(score, len(mine))
        steps.append(
            {
                "stronger": strong,
                "weaker": weak,
                "games": len(mine),
                "score": round(score / len(mine), 4),
                "ci95": [round(lo, 4), round(hi, 4)],
            }
        )
    return steps


def record_name(batch: Batch, result: dict[str, Any]) -> str:
    """A lab game's record file name: ``<game>-A-00003.json``, ``-B-``, or ``-skill-easy-random-``."""
    v = result["variant"]
    kind = "AB"[v] if v < SKILL_VARIANT else "skill-" + "-".join(SKILL_STEPS[v - SKILL_VARIANT])
    return f"{batch.game}-{kind}-{result['index']:05d}.json"


def write_records(batch: Batch, results: list[dict[str, Any]], folder: Path) -> int:
    """Each game's record file (``<game>-<A|B>-<index>.json``), read by ``replay`` and ``review``."""
    folder.mkdir(parents=True, exist_ok=True)
    for r in results:
        record = record_of(batch.game, batch.options_of(r["variant"]), r)
        (folder / record_name(batch, r)).write_text(record.dumps() + "\n", encoding="utf-8")
    return len(results)
