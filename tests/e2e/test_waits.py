"""The e2e tests' waiting rule, checked in their source: every wait is for the page's idle signal
(tests/e2e/helpers.py) or for the exact state a test checks, never for a flag or a count an
earlier screen could have set, nor for a fixed time (guide: "No flaky tests")."""

from __future__ import annotations

import ast
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


# --- a read after an action waits for the action's answer ----------------------------------------
#: Playwright calls that act on the page (a click, a key, a form field): the page may answer them
#: through the engine, a task or more later
INTERACTIONS = {
    "click", "dblclick", "tap", "check", "uncheck", "select_option", "fill", "type",
    "press_sequentially", "dispatch_event", "set_input_files",
}  # fmt: skip
#: calls that wait for the page's idle signal or for an exact state (helpers.py and its kin)
WAITS = {
    "idle", "act", "press", "go", "open_app", "visit", "wait_for", "wait_for_function",
    "wait_for_selector", "wait_for_url", "wait_for_load_state", "expect", "shown_in", "touch_drag",
    "goto_link", "relay", "send_link", "begin", "wait_ready", "release",
}  # fmt: skip
#: calls that read the page
READS = {
    "count", "get_attribute", "inner_text", "inner_html", "text_content", "input_value",
    "is_checked", "is_visible", "is_hidden", "is_enabled", "evaluate", "eval_on_selector",
    "eval_on_selector_all", "bounding_box", "content", "all_inner_texts", "all_text_contents",
}  # fmt: skip
#: an action the page answers in its own handler, synchronously (a <details>, the phone menu, a
#: premove kept by web/board.js, a field that sends nothing): its line says so
PAGE_LOCAL = re.compile(r"#\s*page-local\b")


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def reads_after_actions(source: str) -> list[tuple[int, int]]:
    """(line of the read, line of the action before it) for each read of the page that follows a
    raw Playwright action with no wait between, in the order the calls run, per function."""
    lines = source.splitlines()
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        calls = [n for n in ast.walk(fn) if isinstance(n, ast.Call)]
        calls.sort(key=lambda c: (c.end_lineno, c.end_col_offset))  # the order they run in
        pending = None
        for call in calls:
            name = _name(call)
            if name in WAITS:
                pending = None
            elif name in INTERACTIONS and isinstance(call.func, ast.Attribute):
                if not PAGE_LOCAL.search(lines[call.lineno - 1]):
                    pending = call.lineno
            elif name in READS and pending is not None:
                found.append((call.lineno, pending))
                pending = None
    return found


def test_no_read_follows_an_action_without_a_wait():
    """After a raw Playwright action, the next read of the page comes after a wait (the idle
    signal, or the exact state checked): the class of the flaky tests of three rounds, a read that
    raced the answer to the action before it. An action the page answers in its own handler is
    marked ``# page-local: why`` on its line."""
    found = []
    for path in SOURCES:
        if path.name in {"helpers.py", Path(__file__).name} or path.parent.name != "e2e":
            continue
        lines = path.read_text().splitlines()
        for read, action in reads_after_actions(path.read_text()):
            found.append(
                f"{path.relative_to(ROOT)}:{read}: a read right after the action of line {action}, "
                f"with no wait between: {lines[read - 1].strip()}"
            )
    assert not found, "\n".join(found)


def test_the_check_finds_a_read_that_races_an_action():
    racy = "def t(page):\n    page.select_option('#x', 'a')\n    assert page.locator('.y').count() == 1\n"
    waited = racy.replace("    assert", "    idle(page)\n    assert")
    local = racy.replace("'a')", "'a')  # page-local: CSS shows it")
    assert reads_after_actions(racy) == [(3, 2)]
    assert reads_after_actions(waited) == reads_after_actions(local) == []
