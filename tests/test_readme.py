"""README.md is for a newcomer: at most 300 lines, it says what the project is, gives the two
commands, how to play, how it works in brief, the layout and where to read more, and every file it
names exists.

Every `code` span and every link target of the README that looks like a path (it has a slash, or ends in a source file's
extension) must name a file or folder of the repository, found as a path from the root or as the
end of one (``app/shell/app.py`` under ``src/webtabletop/``, a bare ``rules.py`` anywhere), or one
of the build's outputs, which a checkout does not hold.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: written by the build into dist/ (tools/build.py), not kept in the repository
BUILT = {
    "dist/",
    "sw.js",
    "lib/",
    "lib/webtabletop.zip",
    "pyodide.asm.mjs",
    "/webtabletop/",
    "engine.snap.gz",
    "engine/stdlib.zip.zst",
    "engine/lib.zip.zst",
}
#: outside the repository on purpose: the rules digests the project builds from
OUTSIDE = ("../shared/",)
PATH = re.compile(r"^[\w.@/-]+$")
SOURCE = (".py", ".js", ".mjs", ".md", ".toml", ".json", ".yml", ".html", ".css", ".png", ".po", ".pot")
SKIP = {"node_modules", ".git", ".venv", "dist", "__pycache__", ".hypothesis", ".pytest_cache", ".ruff_cache"}


def named_paths(text: str) -> set[str]:
    spans = re.findall(r"`([^`\n]+)`", text)
    spans += [s for s in re.findall(r"\]\(([^)\s]+)\)", text) if "://" not in s]  # link targets
    return {
        s
        for s in spans
        if PATH.match(s)
        and ("/" in s or s.endswith(SOURCE))
        and not s.startswith(("#", "@"))  # a route, an npm package
        and s not in SOURCE  # an extension alone
    }


def tracked() -> list[str]:
    out = []
    for p in ROOT.rglob("*"):
        rel = p.relative_to(ROOT)
        if SKIP.intersection(rel.parts):
            continue
        out.append(rel.as_posix() + ("/" if p.is_dir() else ""))
    return out


def exists(name: str, files: list[str]) -> bool:
    if name in BUILT or name.startswith(OUTSIDE):
        return True
    bare = name.removeprefix("./").rstrip("/")
    return any(f.rstrip("/") == bare or f.rstrip("/").endswith("/" + bare) for f in files)


def test_every_path_the_readme_names_exists():
    files = tracked()
    missing = sorted(n for n in named_paths((ROOT / "README.md").read_text()) if not exists(n, files))
    assert not missing, f"README.md names paths that do not exist: {missing}"


def test_the_check_sees_a_missing_path():
    files = ["src/webtabletop/app/shell/app.py", "web/"]
    assert named_paths("see `app/shell/app.py`, `web/` and `app/nothing.py` (`#/x` is a route)") == {
        "app/shell/app.py", "web/", "app/nothing.py",
    }  # fmt: skip
    assert exists("app/shell/app.py", files) and exists("web/", files) and not exists("app/nothing.py", files)


def test_the_readme_is_short_and_says_what_a_newcomer_needs():
    text = (ROOT / "README.md").read_text()
    assert len(text.splitlines()) <= 300
    headings = re.findall(r"^## (.+)$", text, re.M)
    for wanted in ("Two commands", "How to play", "How it works, in brief", "Layout", "Where to read more"):
        assert wanted in headings, (wanted, headings)
    assert "./scripts/dev serve" in text and "./scripts/dev test" in text


def test_every_doc_the_readme_sends_a_reader_to_exists():
    links = re.findall(r"\]\((docs/[^)]+)\)", (ROOT / "README.md").read_text())
    assert len(links) >= 10 and all((ROOT / link).exists() for link in links), links
