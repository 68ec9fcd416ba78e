"""Run the browser tests again and again under CPU contention and list every failure.

``./scripts/dev stress N`` runs this: ``python -m tests.e2e.stress --runs N [pytest args]``. It
starts one busy process per core (a loop that never sleeps, at normal priority, so the browser,
the engine worker and the test runner all wait for the CPU as they would on a loaded CI machine),
then runs the e2e suite N times (``pytest -n 2 --dist loadgroup tests/e2e``, each run with its own
JUnit report), prints every failure with its test id as soon as its run ends, and a summary at the
end (per run, per test). ``--jitter MS`` also delays every engine answer by a random 0..MS ms in
every page (tests/e2e/conftest.py: ``WTT_E2E_JITTER``), so a wait that reads an earlier screen has
a wider window to show itself. Exits 1 if any test failed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import xml.etree.ElementTree as ET
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
BUSY = "while True: pass"


def burners(n: int) -> list[subprocess.Popen]:
    """``n`` processes that keep one core each busy until they are killed."""
    return [subprocess.Popen([sys.executable, "-c", BUSY]) for _ in range(n)]


def failures(report: Path) -> list[tuple[str, str]]:
    """(test id, first line of the message) of every failed or erroring test in a JUnit report."""
    if not report.exists():
        return [("<no report>", "pytest wrote no JUnit report (it crashed or was stopped)")]
    out = []
    for case in ET.parse(report).getroot().iter("testcase"):
        for problem in (*case.iter("failure"), *case.iter("error")):
            parts = case.get("classname", "").split(".")
            while parts and not (ROOT / "/".join(parts)).with_suffix(".py").exists():
                parts.pop()  # a class inside the module: tests/e2e/test_x.py::Class::test
            rest = case.get("classname", "").split(".")[len(parts) :]
            test_id = "::".join([f"{'/'.join(parts)}.py", *rest, case.get("name", "?")])
            message = (problem.get("message") or problem.text or "").strip().splitlines()
            out.append((test_id, message[0][:200] if message else problem.tag))
    return out


def counts(report: Path) -> tuple[int, int]:
    """(tests run, skipped) in a JUnit report."""
    if not report.exists():
        return 0, 0
    suite = ET.parse(report).getroot()
    suite = suite if suite.tag == "testsuite" else suite.find("testsuite")
    return int(suite.get("tests", 0)), int(suite.get("skipped", 0))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument(
        "--busy", type=int, default=os.cpu_count() or 2, help="busy processes (default: one per core)"
    )
    ap.add_argument("--jitter", type=int, default=0, help="delay each engine answer by a random 0..MS ms")
    ap.add_argument("--workers", default="2", help="pytest-xdist workers per run")
    ap.add_argument("pytest_args", nargs="*", help="more pytest arguments (default: tests/e2e)")
    args = ap.parse_args(argv)
    out = Path(tempfile.mkdtemp(prefix="wtt-stress-"))
    env = {**os.environ, "WTT_E2E_JITTER": str(args.jitter)}
    targets = args.pytest_args or ["tests/e2e"]
    print(
        f"[stress] {args.runs} runs of {' '.join(targets)}, {args.busy} busy processes, "
        f"jitter {args.jitter} ms; reports in {out}",
        flush=True,
    )
    busy = burners(args.busy)
    per_run: list[tuple[int, int, int, float]] = []
    failed: Counter[str] = Counter()
    try:
        for run in range(1, args.runs + 1):
            report = out / f"run-{run}.xml"
            t0 = time.perf_counter()
            cmd = [
                sys.executable,
                "-m",
                "pytest",
                "-n",
                args.workers,
                "--dist",
                "loadgroup",
                "-q",
                "-p",
                "no:cacheprovider",
                f"--junitxml={report}",
                *targets,
            ]
            subprocess.run(cmd, cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            seconds = time.perf_counter() - t0
            found = failures(report)
            tests, skipped = counts(report)
            per_run.append((tests, skipped, len(found), seconds))
            print(
                f"[stress] run {run}/{args.runs}: {tests} tests, {len(found)} failed, "
                f"{skipped} skipped, {seconds / 60:.1f} min",
                flush=True,
            )
            for test_id, message in found:
                failed[test_id] += 1
                print(f"[stress]   FAILED {test_id}: {message}", flush=True)
    finally:
        for p in busy:
            p.kill()
        for p in busy:
            p.wait()
    total = sum(r[2] for r in per_run)
    print(
        f"[stress] summary: {len(per_run)} runs, {sum(r[0] for r in per_run)} tests run, "
        f"{total} failures in {sum(1 for r in per_run if r[2])} runs, "
        f"{sum(r[3] for r in per_run) / 60:.1f} min",
        flush=True,
    )
    for test_id, n in failed.most_common():
        print(f"[stress]   {n}× {test_id}", flush=True)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
