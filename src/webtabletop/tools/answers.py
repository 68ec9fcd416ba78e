"""Answers to the first clicks on a pre-rendered board: a first visit's first move shown at once.

A first visit paints a pre-rendered board within a second (:mod:`.prerender`), but on a slow link
the engine (Pyodide) needs many seconds more, and until now a click on that board waited for it
(issue 25: on 10 Mbit/s the first click was answered at 1.2–1.3× a bare Pyodide page). The board
is a known game (the pre-rendered screen's entropy starts it), so what the engine will answer to a
click on it is known at build time too. For each fresh board the build pre-renders, this module
plays, with the same :class:`~webtabletop.app.shell.App` the engine runs:

- every click the board accepts (each ``data-move`` and ``data-pick`` of an element that is not
  disabled, as web/boot.js keeps them), and
- after a click that only selects (its answer made no move), every click the selection adds (a
  card's cells, a piece's destinations),

and stores each resulting screen as splices of the board's HTML. web/boot.js paints the answer at
once and still keeps the clicks; when the engine is up, web/main.py replays them onto the same game
and the engine's own screen (the same) replaces the answer, and the game goes on (the computer's
reply needs the engine). A click with no answer (a third one, a drop, a command) is kept as before
and the page shows the last answer until the engine replays all of them.

``pre/<lang>/<screen>.answers.json``: ``{"base": <length of the board's HTML>, "answers": {key:
{"s": [[start, end, text], ...], "t": title}}}``, the key being the kept actions in order, each
``m:<code>`` or ``p:<token>``, joined by a space. It is fetched on the first click only (it is not
precached: a later visit starts from the service worker's copy of the engine, in about a second).
"""

from __future__ import annotations

import html as htmllib
import json
import os
import re
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rapidfuzz.distance import Indel

from webtabletop.app.shell import App
from webtabletop.i18n import SOURCE
from webtabletop.i18n.catalogs import use_language

#: a tag, or the text between two tags: the unit the splices are made of
TOKEN = re.compile(r"<[^>]*>|[^<]+")
#: an opening tag that names a move or a pick
CLICKABLE = re.compile(r"<[a-zA-Z][^>]*?\sdata-(move|pick)=\"([^\"]*)\"[^>]*>")
DISABLED = re.compile(r"\sdisabled(?:[\s=>/]|$)")


def actions(markup: str) -> list[dict[str, str]]:
    """The actions web/boot.js keeps for clicks on ``markup`` (its ``keep``), in document order, once each."""
    out: dict[str, dict[str, str]] = {}
    for m in CLICKABLE.finditer(markup):
        if DISABLED.search(m.group(0)):
            continue
        value = htmllib.unescape(m.group(2))
        action = {"type": "move", "code": value} if m.group(1) == "move" else {"type": "pick", "token": value}
        out.setdefault(key_of(action), action)
    return list(out.values())


def key_of(action: dict[str, str]) -> str:
    """``m:<code>`` or ``p:<token>`` (web/boot.js builds the same)."""
    return f"m:{action['code']}" if action["type"] == "move" else f"p:{action['token']}"


def units(text: str) -> int:
    """The length of ``text`` as JavaScript counts it (UTF-16 code units: a character outside the
    Basic Multilingual Plane, such as most emoji, is two)."""
    return len(text.encode("utf-16-le")) // 2


def splices(old: str, new: str) -> list[list[Any]]:
    """``[[start, end, text], ...]`` (ascending, not overlapping): replacing ``old[start:end]`` by
    ``text`` for each, from the last, turns ``old`` into ``new``. Offsets count UTF-16 code units,
    as the JavaScript that applies them does (:func:`units`)."""
    a, b = TOKEN.findall(old), TOKEN.findall(new)
    at = [0]
    for t in a:
        at.append(at[-1] + units(t))
    # rapidfuzz's Indel opcodes: an edit script over the tokens, in C (difflib took 40 times longer)
    out: list[list[Any]] = []
    for op in Indel.opcodes(a, b):
        if op.tag == "equal":
            continue
        start, end, text = at[op.src_start], at[op.src_end], "".join(b[op.dest_start : op.dest_end])
        if out and out[-1][1] == start:  # an insertion next to a deletion: one replacement
            out[-1][1], out[-1][2] = end, out[-1][2] + text
        else:
            out.append([start, end, text])
    return out


def apply(old: str, cuts: list[list[Any]]) -> str:
    """``old`` with ``cuts`` (from :func:`splices`) applied, as web/boot.js does (on UTF-16)."""
    data = old.encode("utf-16-le")
    for start, end, text in reversed(cuts):
        data = data[: 2 * start] + text.encode("utf-16-le") + data[2 * end :]
    return data.decode("utf-16-le")


def answers(start: dict[str, Any]) -> dict[str, Any]:
    """The answers file's content for the board that ``start`` (an App start action) shows."""
    base = App().handle(start)
    table: dict[str, Any] = {}

    def play(*steps: dict[str, str]) -> dict[str, Any]:
        app = App()  # a fresh engine for each line: the same start, then the clicks
        app.handle(start)
        shown: dict[str, Any] = {}
        for step in steps:
            shown = app.handle(step)
        if "html" in shown:  # (an answer that shows nothing new keeps the screen: no entry)
            key = " ".join(key_of(s) for s in steps)
            table[key] = {"s": splices(base["html"], shown["html"]), "t": shown["title"]}
        return shown

    first = actions(base["html"])
    known = {key_of(a) for a in first}
    for a in first:
        shown = play(a)
        if "moved" in shown or "html" not in shown:
            continue
        for b in actions(shown["html"]):
            if key_of(b) not in known:  # what the selection adds (choosing another is a first click)
                play(a, b)
    return {"base": units(base["html"]), "answers": table}


def _text(tag: str, start: dict[str, Any]) -> str:
    use_language(tag)
    try:
        return json.dumps(answers(start), ensure_ascii=False, separators=(",", ":"))
    finally:
        use_language(SOURCE)


def write_answers(dist: Path, boards: dict[str, dict[str, Any]], languages) -> dict[str, int]:
    """Write ``pre/<lang>/<name>.answers.json`` for each ``name -> start action`` of ``boards`` in
    each language, on every core; returns ``{"files", "bytes", "answers"}``."""
    jobs = [(tag, name, start) for tag in languages for name, start in boards.items()]
    with ProcessPoolExecutor(max_workers=min(len(jobs), os.cpu_count() or 1) or 1) as pool:
        texts = list(pool.map(_text, [j[0] for j in jobs], [j[2] for j in jobs]))
    total = count = 0
    for (tag, name, _start), text in zip(jobs, texts, strict=True):
        (dist / "pre" / tag / f"{name}.answers.json").write_text(text, encoding="utf-8")
        total += len(text.encode())
        count += text.count('"s":')
    return {"files": len(jobs), "bytes": total, "answers": count}
