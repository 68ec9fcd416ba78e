"""The sections of each game's rules digest (``../shared/rules/<game>.md``, beside the repository):
what the lessons must cover.

The digests live outside the repository, so a clean checkout may lack them: each game's lessons
module commits the same headings as ``SECTIONS``. :func:`sections` reads the digest when it is
there and falls back to the committed list otherwise; a test asserts the two agree whenever the
digest is available. Reading files is for the command line and the tests only: the app never
imports this module (lessons stay pure).
"""

from __future__ import annotations

import os
from pathlib import Path

from webtabletop.learn import catalog

#: where the digests are: ``$WEBTABLETOP_DIGESTS``, else ``shared/rules`` beside the repository
DIGESTS = Path(
    os.environ.get("WEBTABLETOP_DIGESTS") or Path(__file__).resolve().parents[4] / "shared" / "rules"
)


def headings(text: str) -> tuple[str, ...]:
    """The level-2 headings (``## ...``) of a Markdown text, outside code fences, as written."""
    out, fenced = [], False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and line.startswith("## "):
            out.append(line[3:].strip())
    return tuple(out)


def digest_sections(game: str, folder: Path | None = None) -> tuple[str, ...] | None:
    """The headings of the game's digest, or None when the digest is not there."""
    path = (folder or DIGESTS) / f"{game}.md"
    try:
        return headings(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return None


def sections(game: str, folder: Path | None = None) -> tuple[str, ...]:
    """The sections the lessons must cover: the digest's headings, or the committed list."""
    found = digest_sections(game, folder)
    return found if found is not None else catalog.sections(game)


def uncovered(game: str, folder: Path | None = None) -> list[str]:
    """The digest's sections no lesson (the guided first game included) teaches."""
    return catalog.uncovered(game, sections(game, folder))
