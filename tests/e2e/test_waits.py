"""The e2e tests' waiting rule, checked in their source: every wait is for the page's idle signal
(tests/e2e/helpers.py) or for the exact state a test checks, never for a flag or a count an
earlier screen could have set, nor for a fixed time (guide: "No flaky tests")."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "tests" / "e2e").glob("*.py")) + [ROOT / "benchmarks" / "browser.py"]
#: what an earlier screen (or an earlier action) may have left behind
FORBIDDEN = {
    r"data-renders|dataset\.renders": "a render count: an earlier answer (a hover) may have raised it",
    r"data-ai\b|dataset\.ai\b": "the computer's flag: set a task after the answer that starts it",
    r"data-ready|dataset\.ready": "set by the first screen, before kept clicks are replayed",
    r"time\.sleep\(": "a fixed time: too short on a loaded machine, too long on an idle one",
}
#: a fixed wait is allowed only as the pace of a gesture or to pump Playwright's events, and says so
TIMEOUT = re.compile(r"wait_for_timeout\(")
ALLOWED_TIMEOUT = re.compile(r"#.*\b(pace|pump)\b")


def test_no_wait_reads_a_flag_a_count_or_the_clock():
    found = []
    for path in SOURCES:
        if path.name == Path(__file__).name:
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            for pattern, why in FORBIDDEN.items():
                if re.search(pattern, line):
                    found.append(f"{path.relative_to(ROOT)}:{n}: {why}: {line.strip()}")
            if TIMEOUT.search(line) and not ALLOWED_TIMEOUT.search(line):
                found.append(
                    f"{path.relative_to(ROOT)}:{n}: a fixed wait (mark a gesture's pace '# pace'): {line.strip()}"
                )
    assert not found, "\n".join(found)
