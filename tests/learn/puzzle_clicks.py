"""The clicks that play a puzzle's solution on its board, as a player would click them: each of
the solver's moves is one board token (``data-move``), or a selection and a target
(``data-pick``). Found through the game's own view (``view.pick``, a pure function) on the
page's stand-in (tests/app/harness.py), so a browser test can click them."""

from __future__ import annotations

import re

import attrs

from tests.app.harness import Page

TOKEN = re.compile(r'data-(pick|move)="([^"]+)"')


def tokens(html: str, kind: str) -> list[str]:
    return list(dict.fromkeys(v for k, v in TOKEN.findall(html) if k == kind))


def clicks(game: str, puzzle_id: str) -> list[tuple[str, str]]:
    """(attribute, token) clicks that solve the puzzle."""
    page = Page(hash_=f"#/{game}/puzzles/{puzzle_id}")
    found: list[tuple[str, str]] = []
    for code in page.state.lesson.puzzle.solution:
        step = one_move(page, code)
        assert step is not None, (game, puzzle_id, code)
        for kind, token in step:
            page.send({"type": "move", "code": token} if kind == "move" else {"type": "pick", "token": token})
        found.extend(step)
    assert page.state.lesson.verdict == "reached", (game, puzzle_id)
    return found


def one_move(page: Page, code: str) -> list[tuple[str, str]] | None:
    s = page.state.lesson.session
    ctx = attrs.evolve(s.context(page.state.settings), selection=None, hover=None)
    html = s.view.board(s.state, ctx) + s.view.panel(s.state, ctx)  # a hand may be in the panel
    if code in tokens(html, "move"):
        return [("move", code)]
    for first in tokens(html, "pick"):
        r1 = s.view.pick(s.state, ctx, first)
        if r1.move == code:
            return [("pick", first)]
        if r1.move is not None or not r1.selection:
            continue
        ctx2 = attrs.evolve(ctx, selection=r1.selection)
        for second in tokens(s.view.board(s.state, ctx2) + s.view.panel(s.state, ctx2), "pick"):
            if s.view.pick(s.state, ctx2, second).move == code:
                return [("pick", first), ("pick", second)]
    return None
