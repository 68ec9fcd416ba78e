"""Answers to the first clicks on a pre-rendered board: a first visit's first move shown at once.

A first visit paints a pre-rendered board within a second (:mod:`.prerender`), but on a slow link
the engine (Pyodide) needs many seconds more, and until now a click on that board waited for it
(on 10 Mbit/s the first click was answered at 1.2–1.3× a bare Pyodide page). The board
is a known game (the pre-rendered screen's entropy starts it), so what the engine will answer to a
click on it is known at build time too. For each fresh board the build pre-renders, this module
plays, with the same :class:`~webtabletop.app.shell.app.App` the engine runs:

- every click the board accepts (each ``data-move`` and ``data-pick`` of an element that is not
  disabled, as web/boot.js keeps them), and
- after a click that only selects (its answer made no move), every click the selection adds (a
  piece's destinations), and every click on a more numerous kind of element that now makes a
  move (a board cell once a hand card is chosen: HTT, CardGO; the other order, a cell and then a
  card, waits for the engine),

and stores each resulting screen as splices of the board's HTML. web/boot.js paints the answer at
once and still keeps the clicks; when the engine is up, web/main.py replays them onto the same game
and the engine's own screen (the same) replaces the answer, and the game goes on (the computer's
reply needs the engine). A click with no answer (a third one, a drop, a command) is kept as before
and the page shows the last answer until the engine replays all of them.

``pre/<lang>/<screen>.answers.json``: ``{"base": <length of the board's HTML>, "x": [text, ...],
"answers": {key: {"s": [[start, end, text], ...], "t": title}}}``, the key being the kept actions
in order, each ``m:<code>`` or ``p:<token>``, joined by a space; a text given as a number is that
entry of ``"x"`` (a long text several answers share, stored once). It is fetched on the first click only (it is not
precached: a later visit starts from the service worker's copy of the engine, in about a second).
"""

from __future__ import annotations

import html as htmllib
import json
import os
import re
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from rapidfuzz.distance import Indel

from webtabletop.app.shell.app import App
from webtabletop.i18n import SOURCE
from webtabletop.i18n.catalogs import use_language

#: a tag, or the text between two tags: the unit the splices are made of
TOKEN = re.compile(r"<[^>]*>|[^<]+")
#: an opening tag that names a move or a pick
CLICKABLE = re.compile(r"<[a-zA-Z][^>]*?\sdata-(move|pick)=\"([^\"]*)\"[^>]*>")
DISABLED = re.compile(r"\sdisabled(?:[\s=>/]|$)")


CLASS = re.compile(r"""\sclass=["']\s*([^"'\s]*)""")


def _clickables(markup: str):
    """(action, kind) of each enabled element of ``markup`` that takes a click, in document order:
    the action web/boot.js keeps for it (its ``keep``), and the kind of element (its tag and first
    class: a hand card, a board cell, a button)."""
    for m in CLICKABLE.finditer(markup):
        tag = m.group(0)
        if DISABLED.search(tag):
            continue
        value = htmllib.unescape(m.group(2))
        action = {"type": "move", "code": value} if m.group(1) == "move" else {"type": "pick", "token": value}
        cls = CLASS.search(tag)
        yield action, tag[1:].split(None, 1)[0] + "." + (cls.group(1) if cls else "")


def actions(markup: str) -> list[dict[str, str]]:
    """The actions web/boot.js keeps for clicks on ``markup``, in document order, once each."""
    out: dict[str, dict[str, str]] = {}
    for action, _kind in _clickables(markup):
        out.setdefault(key_of(action), action)
    return list(out.values())


def kinds(markup: str) -> dict[str, str]:
    """key -> the kind of element that takes that click (the first such element's)."""
    out: dict[str, str] = {}
    for action, kind in _clickables(markup):
        out.setdefault(key_of(action), kind)
    return out


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


def apply(old: str, cuts: list[list[Any]], shared: list[str] | tuple[str, ...] = ()) -> str:
    """``old`` with ``cuts`` (from :func:`splices`) applied, as web/boot.js does (on UTF-16); a
    text given as a number is ``shared[number]`` (:func:`share_texts`)."""
    data = old.encode("utf-16-le")
    for start, end, text in reversed(cuts):
        text = shared[text] if isinstance(text, int) else text
        data = data[: 2 * start] + text.encode("utf-16-le") + data[2 * end :]
    return data.decode("utf-16-le")


#: a splice text at least this long, used twice or more in one file, is stored once (:func:`share_texts`)
SHARED_MIN = 24


def share_texts(table: dict[str, Any]) -> list[str]:
    """Store each long splice text that recurs across ``table``'s answers once: it becomes its
    index in the returned list (the file's ``"x"``). After a move every board cell that took
    clicks stops taking them, the same change in every answer (CardGO's files: 4.6 → 1.3 MB,
    73 → 35 kB gzipped)."""
    uses = Counter(text for answer in table.values() for _s, _e, text in answer["s"] if len(text) >= SHARED_MIN)
    shared = [text for text, n in uses.items() if n > 1]
    index = {text: i for i, text in enumerate(shared)}
    for answer in table.values():
        answer["s"] = [[start, end, index.get(text, text)] for start, end, text in answer["s"]]
    return shared


def answers(start: dict[str, Any]) -> dict[str, Any]:
    """The answers file's content for the board that ``start`` (an App start action) shows."""
    base = App().handle(start)
    table: dict[str, Any] = {}

    def play(*steps: dict[str, str], only_moves: bool = False) -> dict[str, Any]:
        app = App()  # a fresh engine for each line: the same start, then the clicks
        app.handle(start, draw=False)
        for step in steps[:-1]:
            app.handle(step, draw=False)
        shown = app.handle(steps[-1])
        # (an answer that shows nothing new keeps the screen: no entry)
        if "html" in shown and ("moved" in shown or not only_moves):
            key = " ".join(key_of(s) for s in steps)
            table[key] = {"s": splices(base["html"], shown["html"]), "t": shown["title"]}
        return shown

    first = actions(base["html"])
    kind = kinds(base["html"])
    count = Counter(kind.values())
    for a in first:
        shown = play(a)
        if "moved" in shown or "html" not in shown:
            continue
        for b in actions(shown["html"]):
            if key_of(b) not in kind:  # what the selection adds (a piece's destinations)
                play(a, b)
            elif kind[key_of(b)] != kind[key_of(a)] and count[kind[key_of(a)]] <= count[kind[key_of(b)]]:
                # a click the board took before on another, more numerous kind of element (a
                # cell once a hand card is chosen: the usual order), kept where it now makes a
                # move; another of the same kind only chooses again, a first click of its own
                play(a, b, only_moves=True)
    shared = share_texts(table)
    return {"base": units(base["html"]), "x": shared, "answers": table}


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
