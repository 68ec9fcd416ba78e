"""mypy over the whole package, once (the configuration is pyproject.toml's ``[tool.mypy]``).

- The packages of :data:`CLEAN` (the core, the cryptography, the match layer and every game's
  rules) have no error at all.
- Everywhere else, a ratchet: ``tests/mypy_baseline.json`` holds the number of errors each package
  (each game, and each top-level package) had when it was last lowered. The test fails when a
  package has more (fix the new error, or add
  a ``# type: ignore[code]`` with its reason), and when it has fewer, so that the baseline follows
  the fixes down: then run ``python -m tests.test_types --update`` and commit the file.
"""

from __future__ import annotations

import fnmatch
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BASELINE = ROOT / "tests" / "mypy_baseline.json"
#: folders and modules (under src/webtabletop, as globs) that must stay free of errors
CLEAN = (
    "core/*",
    "fairplay/*",
    "correspondence/*",
    "correspondence/*/*",
    "games/*/rules/*",
    "games/*/rules/*/*",
    "games/tsifrograd/rules.py",
    "games/tsifrograd/crossing.py",
    "games/tsifrograd/options.py",
    "games/tsifrograd/legacy.py",
)
_ERROR = re.compile(r"^src/webtabletop/(?P<path>[^:]+\.py):\d+: error: (?P<message>.*)$")


def run_mypy() -> list[tuple[str, str]]:
    """(module path under src/webtabletop, message) of every error mypy reports."""
    out = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-color-output", "--no-error-summary"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if out.returncode not in (0, 1) or "error: " in out.stderr:
        raise RuntimeError(f"mypy did not run: {out.stderr[-2000:]}")
    return [(m["path"], m["message"]) for m in map(_ERROR.match, out.stdout.splitlines()) if m]


def folder(path: str) -> str:
    """The package a module's errors count for: ``games/<id>`` for a game, else the top-level
    package (``app``, ``ai``…; ``.`` for ``cli.py``), so that moves inside one keep its count."""
    parts = path.split("/")
    if parts[0] == "games" and len(parts) > 2:
        return "/".join(parts[:2])
    return parts[0] if len(parts) > 1 else "."


def counts(errors: list[tuple[str, str]]) -> dict[str, int]:
    return dict(sorted(Counter(folder(p) for p, _ in errors).items()))


def is_clean_area(path: str) -> bool:
    return any(fnmatch.fnmatchcase(path, pattern) for pattern in CLEAN)


def test_mypy_keeps_the_clean_packages_clean_and_the_rest_below_the_baseline():
    errors = run_mypy()
    dirty = [f"src/webtabletop/{p}: {m}" for p, m in errors if is_clean_area(p)]
    assert not dirty, "mypy finds errors where there must be none:\n" + "\n".join(dirty)
    baseline: dict[str, int] = json.loads(BASELINE.read_text())
    now = counts(errors)
    rose = {k: (baseline.get(k, 0), n) for k, n in now.items() if n > baseline.get(k, 0)}
    assert not rose, "mypy finds more errors than tests/mypy_baseline.json allows:\n" + "\n".join(
        f"  {k}: {n} (baseline {b}): "
        + "; ".join(f"{p}: {m}" for p, m in errors if folder(p) == k)[:1500]
        for k, (b, n) in rose.items()
    )
    fell = {k: (b, now.get(k, 0)) for k, b in baseline.items() if now.get(k, 0) < b}
    assert not fell, (
        "fewer mypy errors than the baseline, well done: lower it with `python -m tests.test_types --update` "
        "and commit tests/mypy_baseline.json:\n" + "\n".join(f"  {k}: {b} -> {n}" for k, (b, n) in fell.items())
    )


def test_the_clean_areas_match_what_they_should():
    assert is_clean_area("games/htt/rules/state.py") and is_clean_area("games/htt/rules/sets/check.py")
    assert is_clean_area("core/protocol.py") and is_clean_area("games/tsifrograd/rules.py")
    assert not is_clean_area("games/htt/ui/view.py") and not is_clean_area("app/shell.py")


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        BASELINE.write_text(json.dumps(counts(run_mypy()), indent=1) + "\n")
        print(f"wrote {BASELINE}")
    else:
        print(json.dumps(counts(run_mypy()), indent=1))
