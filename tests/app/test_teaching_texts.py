"""No visible text or label of the screens a newcomer learns from holds a code or a broken
sentence: every lesson (at its start and solved), the guided first game played to its end,
every puzzle (and its solution shown), the lab's results and a game against the computer, in all
five games. The words are the games' own sentences (``describe_move``, card names), never
"None", an internal card code ("T611112"), a move's label made the subject of a sentence ("Player
2 attacks with 10♦ beats…") or a placeholder left unfilled. tests/e2e/test_teaching_e2e.py checks
the same on screen.
"""

from __future__ import annotations

import html
import re

import pytest

from tests.app.harness import Page
from tests.app.test_lab_screen import FORM, pool
from webtabletop.core.registry import PLAYABLE
from webtabletop.learn import catalog
from webtabletop.learn import puzzle as P

#: (what is wrong, the pattern that finds it in a screen's words)
BROKEN = (
    ("a missing value", re.compile(r"\b(None|null|undefined|NaN)\b")),
    ("an internal HTT card code", re.compile(r"\bT[0-9A]{6}\b")),
    ("six card values glued into one code", re.compile(r"(?<![\w-])[0-9A]{6}(?![\w-])")),
    ("a placeholder left unfilled", re.compile(r"\{[a-z_]+\}")),
    ("a word said twice", re.compile(r"\b([A-Za-z]{3,}) \1\b")),
    ("a space before a stop", re.compile(r"\w \.(\s|$)")),
    # a move's label ("Fej h4×h9#", "2 → e5", "Player 2 attacks with 10♦") used as a subject
    ("a move's label as a sentence's subject", re.compile(r"(→ ?\S+|[×–]\S+#?) (turns|takes|beats|wins|is|leaves)\b")),
    ("two verbs with no subject between", re.compile(r"\battacks with \S+ beats\b")),
    ("a touch word on any screen", re.compile(r"\b[Tt]ap\b")),
)

TAG = re.compile(r"<[^>]+>")
LABEL = re.compile(r'\s(?:aria-label|title|alt|placeholder)=(["\'])(.*?)\1', re.S)
HIDDEN = re.compile(r"<(style|script)[^>]*>.*?</\1>", re.S)


def words(markup: str) -> list[str]:
    """The text a player reads or hears: the text between tags and the labels of elements."""
    markup = HIDDEN.sub("", markup)
    labels = [html.unescape(m.group(2)) for m in LABEL.finditer(markup)]
    text = [html.unescape(t).strip() for t in TAG.split(markup)]
    return [t for t in text + labels if t]


def problems(markup: str, where: str) -> list[str]:
    found = []
    for text in words(markup):
        for what, pattern in BROKEN:
            if m := pattern.search(text):
                found.append(f"{where}: {what} ({m.group(0)!r}) in {text[:160]!r}")
    return found


class Screens:
    """Every answer's screen (its HTML, its status sentence) as the page applies them."""

    def __init__(self, game: str, hash_: str):
        self.game = game
        self.page = Page(hash_=hash_)
        self.found = problems(self.page.last.get("html", ""), hash_)

    def send(self, action: dict, where: str) -> dict:
        answer = self.page.send(action)
        while answer.get("ai"):  # the computer's move, which the page asks for after the delay
            self.found += problems(answer.get("html", ""), where)
            answer = self.page.send({"type": "ai"})
        self.found += problems(answer.get("html", ""), where)
        self.found += problems(html.escape(answer.get("status") or ""), f"{where} (status)")
        return answer


@pytest.mark.parametrize("game", PLAYABLE)
def test_lessons_and_the_guided_game_read_as_sentences(game):
    screens = Screens(game, f"#/{game}/learn")
    first = catalog.first_game(game)
    for lesson in (*catalog.lessons(game), *([first] if first is not None else [])):
        where = f"{game} lesson {lesson.id}"
        screens.send({"type": "hash", "hash": f"#/{game}/learn/{lesson.id}"}, where)
        for code in lesson.solution:
            screens.send({"type": "move", "code": code}, where)
        assert screens.page.state.lesson.verdict == "reached", where
    assert not screens.found, "\n".join(screens.found[:20])


@pytest.mark.parametrize("game", PLAYABLE)
def test_puzzles_and_their_answers_read_as_sentences(game):
    screens = Screens(game, f"#/{game}/puzzles")
    for puzzle in P.puzzles(game):
        where = f"{game} puzzle {puzzle.id}"
        screens.send({"type": "hash", "hash": f"#/{game}/puzzles/{puzzle.id}"}, where)
        shown = screens.send({"type": "cmd", "name": "puzzle-solution"}, where)
        assert "puzzle-solution" in shown["html"] or "solution" in shown["html"], where
    assert not screens.found, "\n".join(screens.found[:20])


@pytest.mark.parametrize("game", PLAYABLE)
def test_the_lab_and_a_game_against_the_computer_read_as_sentences(game):
    screens = Screens(game, f"#/{game}/lab")
    started = screens.page.send({"type": "form", "name": "lab", "data": FORM})
    done = pool(screens.page, started)
    screens.found += problems(done["html"], f"{game} lab results")
    screens.send({"type": "hash", "hash": f"#/{game}/play?vs=ai"}, f"{game} play")
    for ply in range(6):
        state = screens.page.state.session.state
        if state.is_over:
            break
        screens.send({"type": "move", "code": state.legal_moves()[0].code}, f"{game} play, move {ply + 1}")
    assert not screens.found, "\n".join(screens.found[:20])


def test_the_patterns_find_what_the_issue_found():
    """Each sentence the newcomer met is caught (the test cannot pass on a screen that holds one)."""
    met = [
        "Blue plays T611112 on b2.",
        "Player 2 attacks with 10♦ beats every defence the enemy's field could hold.",
        "a1, None, empty",
        "Now tap a free cell for the chosen card.",
        "Fej h4×h9# wins at once; no other move does.",
        "2 → e5 takes 2 time; no other card on any cell takes more than 1.",
    ]
    for sentence in met:
        assert problems(html.escape(sentence), "example"), sentence
    assert not problems("Blue plays Card 6-1-1-1-1-2 on b2 and turns b3 with a higher value.", "example")
