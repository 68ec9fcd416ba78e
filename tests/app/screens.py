"""Every screen of every game, reached as a player reaches it, and the commands each one offers.

:func:`crawl` opens each place of the app (home, a game's rules, new game, a game against the
computer and hot-seat, game over, the editor, a game's own pages, lessons and a lesson, the first
game, puzzles and a puzzle, the review and "Learn from your mistakes", the lab, "Your data", the
games with friends and a match), then presses every button it finds (``data-cmd``), and the
buttons those answers show, a few presses deep, each press on a copy of the page. It returns the
commands each kind of screen (``route``) emitted.
"""

from __future__ import annotations

import copy
import html as htmllib
import json
import re
from collections import defaultdict

from tests.app.harness import Page
from tests.records import first_moves
from webtabletop.app.model.extensions import game_pages
from webtabletop.app.model.modules import game_module
from webtabletop.core import sharelink
from webtabletop.core.registry import PLAYABLE
from webtabletop.learn import catalog

TAG = re.compile(r"<[^<>]*\bdata-cmd=(?:\"([^\"]*)\"|'([^']*)')[^<>]*>")
ARG = re.compile(r"\bdata-arg=(?:\"([^\"]*)\"|'([^']*)')")

#: what web/main.py sends by itself on these screens: keys (KEYS, Ctrl+Z / Ctrl+Y)
PAGE_KEYS = ("back", "forward", "first", "last", "flip", "undo", "redo", "deselect")
KEY_ROUTES = ("game", "match", "review")


def buttons(page_html: str) -> list[tuple[str, str | None]]:
    """The (command, argument) of every element with a ``data-cmd`` in ``page_html``."""
    out = []
    for m in TAG.finditer(page_html):
        name = htmllib.unescape(m.group(1) if m.group(1) is not None else m.group(2))
        arg = ARG.search(m.group(0))
        value = None if arg is None else htmllib.unescape(arg.group(1) if arg.group(1) is not None else arg.group(2))
        out.append((name, value))
    return out


def page_sent(answer: dict) -> set[str]:
    """The commands web/main.py and web/board.js send by themselves after ``answer``: keys on the
    game, match and review screens, the running clock's check, the Share window closed by Esc,
    the game-over window closed by a click outside it, and an answer's ``then``."""
    out: set[str] = set()
    body = answer.get("html") or ""
    if answer.get("route") in KEY_ROUTES:
        out.update(PAGE_KEYS)
    if "data-clock-run=\"1\"" in body or "data-clock-run='1'" in body:
        out.add("clock-check")
    if "share-dialog" in body:
        out.add("close-share")
    if "result-dialog" in body or "class='result" in body or 'class="result' in body:
        out.add("dismiss-result")
    then = answer.get("then")
    if isinstance(then, dict) and then.get("type") == "cmd":
        out.add(then["name"])
    return out


def follow(page: Page, answer: dict, emitted: dict[str, set[str]], limit: int = 400) -> dict:
    """Follow the answers' ``then`` and the computer's moves, as the page does."""
    for _ in range(limit):
        if answer.get("then"):
            if answer["then"].get("type") == "cmd":
                emitted[page.state.route[0]].add(answer["then"]["name"])
            answer = page.send(dict(answer["then"]))
        elif answer.get("ai"):
            answer = page.send({"type": "ai"})
        else:
            break
    return answer


def finished_link(game: str) -> str:
    record = first_moves(game, 7, 2000)
    assert record.replay()[-1].is_over, game
    return sharelink.encode(record)


def starts(game: str) -> list[str]:
    """The places of ``game`` to open."""
    link = finished_link(game)
    out = [
        f"#/{game}/rules",
        f"#/{game}/new",
        f"#/{game}/new?mode=link",
        f"#/{game}/play?vs=ai",  # a newcomer's first game
        f"#/{game}/play?vs=ai&level=normal",
        f"#/{game}/play?vs=human",
        f"#/{game}?r={link}",  # game over
        f"#/{game}/learn",
        f"#/{game}/puzzles",
        f"#/{game}/review",
        f"#/{game}/review?b=easy&r={link}",
        f"#/{game}/lab",
        "#/live",  # live play's settings (app/match/livescreen.py)
    ]
    if game_module(game).editor is not None:
        out.append(f"#/{game}/editor")
    lessons = catalog.lessons(game)
    if lessons:
        out.append(f"#/{game}/learn/{lessons[0].id}")
    own = game_pages(game)
    for page, _title in own.nav if own is not None else ():
        out.append(f"#/{game}/{page}")
    return out


LAB_FORM = {"p0": "random", "p1": "random", "games": "2", "seed": "7", "eval": "none", "workers": "1"}


def lab_run(game: str, finish: bool) -> Page:
    """The lab with a run started (``finish``: and its results back, as web/labpool.mjs sends them)."""
    from webtabletop.app.shell.dispatch import Dispatcher

    page = Page(hash_=f"#/{game}/lab")
    resp = page.send({"type": "form", "name": "lab", "data": LAB_FORM})
    if finish:
        worker = Dispatcher()
        results = [
            [i, json.loads(worker.dispatch(json.dumps({"type": "lab_task", "task": task})))["lab_result"]]
            for i, task in enumerate(resp["lab"]["tasks"])
        ]
        page.send({"type": "lab_results", "run": resp["lab"]["run"], "results": results, "done": True, "seconds": 2.0})
    return page


def match_page(game: str) -> Page:
    """A game with a friend by link, just created (its Share window open)."""
    page = Page(hash_=f"#/{game}/new?mode=link")
    page.send({"type": "form", "name": "new-game", "data": {"mode": "link", "side": "0", "days": "0"}})
    assert page.state.route[0] == "match", page.last.get("html", "")[:300]
    return page


def press(page: Page, name: str) -> dict:
    """Press the first button ``name`` on the screen (with its argument)."""
    arg = next(a for n, a in buttons(page.last.get("html") or "") if n == name)
    return page.send({"type": "cmd", "name": name, "arg": arg})


def later_scenes() -> list[Page]:
    """States a few steps in: a clock running, the computer to move in an earlier position, a
    deck with a card in it (HTT)."""
    clocked = Page(hash_="#/tsifrograd/new")
    clocked.send({"type": "form", "name": "new-game", "data": {"player0": "human", "player1": "human", "clock": "3+2"}})
    clocked.send({"type": "move", "code": clocked.cells()[0]})
    earlier = Page(hash_="#/tsifrograd/play?vs=ai&level=easy")
    follow(earlier, earlier.send({"type": "move", "code": earlier.cells()[0]}), defaultdict(set))
    earlier.send({"type": "cmd", "name": "back"})
    deck = Page(hash_="#/htt/packs")
    press(deck, "open-pack")
    deck.send({"type": "hash", "hash": "#/htt/deck"})
    press(deck, "deck-put")
    return [clocked, earlier, deck]


def scenes() -> list[Page]:
    """Every place of the app, opened, with a match, saved games and an unreadable document in
    storage (so lists, notices and confirmations have something to show)."""
    from webtabletop.correspondence.support import supports

    matches = [match_page(g) for g in PLAYABLE if supports(g)]
    joined = []
    for m in matches:
        link = re.search(r'class="share-link[^"]*"[^>]*value="([^"]*)"', m.last["html"])
        if link:  # the friend's side: the join screen (a link in parts is opened part by part)
            friend = Page()
            for line in htmllib.unescape(link.group(1)).splitlines():
                friend.send({"type": "hash", "hash": line[line.index("#") :]})
            joined.append(friend)
    storage = dict(matches[0].storage)
    played = Page(hash_="#/tsifrograd/play?vs=human")
    storage.update(played.storage)
    storage["webtabletop:game:htt:broken"] = "{"
    storage.update(finished_games())
    out = [Page(storage=storage, hash_=f) for f in ("#/", "#/friends", "#/data", "#/puzzle", "#/history")]
    data = Page(storage=storage, hash_="#/data")
    data.send({"type": "import", "name": "x.json", "text": "{}"})
    out += [data, *matches, *joined, *later_scenes()]
    for game in PLAYABLE:
        out += [Page(hash_=fragment) for fragment in starts(game)]
        out += [lab_run(game, finish=False), lab_run(game, finish=True)]
    return out


def finished_games() -> dict[str, str]:
    """A history of finished games: one against the computer, one hot-seat (each resigned at
    once) and one with a friend (written as app/model/keeping.py writes it)."""
    from webtabletop.app.model import history

    out: dict[str, str] = {}
    for fragment in ("#/tsifrograd/play?vs=ai&level=easy", "#/sht/play?vs=human"):
        page = Page(hash_=fragment)
        page.send({"type": "cmd", "name": "resign"})
        page.send({"type": "cmd", "name": "resign-confirm"})
        out.update({k: v for k, v in page.storage.items() if k.startswith(history.HISTORY_PREFIX)})
    friend = {
        "game": "dumaraj",
        "date": 1.7e12,
        "opponent": {"kind": "friend", "match": "0123456789abcdef"},
        "side": 0,
        "result": {"winner": 0, "reason": "resignation"},
        "moves": 0,
        "check": "verified",
        "link": "#/dumaraj/m?x=AAAA",
    }
    out[history.key("dumaraj", history.friend_id("0123456789abcdef"))] = history.document(friend)
    return out


def crawl(depth: int = 1) -> dict[str, set[str]]:
    """The commands each route emitted (``data-cmd``) or the page sent by itself there."""
    emitted: dict[str, set[str]] = defaultdict(set)
    for page in scenes():
        visit(page, follow(page, page.last, emitted), depth, emitted, set())
    return emitted


def visit(page: Page, answer: dict, depth: int, emitted: dict[str, set[str]], seen: set[str]) -> None:
    route = page.state.route[0]
    shown = (answer.get("html") or "") + ((answer.get("part") or {}).get("html") or "")
    found = buttons(shown)
    emitted[route].update(name for name, _arg in found)
    emitted[route].update(page_sent(answer))
    key = route + json.dumps(sorted({(n, a or "") for n, a in found}))
    if depth == 0 or key in seen:
        return
    seen.add(key)
    for name, arg in {n: a for n, a in reversed(found)}.items():  # each command once, its first argument
        twin = copy.deepcopy(page)
        action = {"type": "cmd", "name": name}
        if arg is not None:
            action["arg"] = arg
        visit(twin, follow(twin, twin.send(action), emitted), depth - 1, emitted, seen)
