"""Play a friend by link with hidden cards, in real browsers: two browser contexts (A a desktop, B a
390×844 touch phone; nothing shared but the links read from the Share window) play an SHT match to
the end through the page's own screens ("An e2e test with two browser contexts plays an
SHT ... correspondence game by links, to the end").

What it proves on the way (docs/fair-play.md, "Hidden cards in a match: a dealt deck"):
- "nobody sees a card before the rules let them": after every click and every link opened,
  neither page's HTML names a card the other player holds hidden (its hand and its closed field
  cards, read from that player's own screen), and a third browser opening a link mid-game sees
  exactly the public cards;
- "The pause": a card drawn into a hand (a broken shield, an advantage draw) waits for the other
  player's key; that browser's screen offers "Send the next link" with no move to make;
- "The end": after the last move one more link carries the secrets, and both browsers show the
  end check's verdict, "Verified: no card was swapped."

The players click what the board offers (tests/e2e/test_sht_e2e.py's way of moving): a defender
defends once when its field can (cards put forward one by one, then "Defend"), otherwise declines;
a player attacks whenever it has a field card (first click selects, second attacks), otherwise
puts its first hand card (closed; open on the first turn), skips an advantage. Option: player 1
(the creator, A) begins (not drawn by the beacon), which with these players gives 15 to 27 links.

HTT: test_match_htt_e2e.py; CardGO: test_match_cardgo_e2e.py (the helpers here are theirs too).
"""

from __future__ import annotations

import time

from tests.e2e.conftest import open_app
from tests.e2e.helpers import PHONE, act, assert_targets, go
from tests.e2e.test_match_e2e import DESKTOP, MATCH, links, relay, same_result, send_link, start, turn
from webtabletop.games.sht.rules import cards as C

VERIFIED = "Verified: no card was swapped."
#: board.py draws the viewer's own hand in the row at y = 472 of the table's SVG
HAND_ROW = ",472)"
DEFEND = ".panel button[data-move^='d:']:not([disabled])"
DECLINE = ".panel button[data-move='decline']"
#: enabled move buttons other than the defence's (put closed/open, skip, pass)
BUTTON = ".panel button[data-move]:not([disabled]):not([data-move='decline']):not([data-move^='d:'])"


def faces(page) -> list[dict]:
    """Every face-up card the board draws: its name, closed (the owner's own closed card) and
    whether it lies in the viewer's hand row."""
    return page.eval_on_selector_all(
        "#app .board g.card.face",
        f"""els => els.map(g => ({{name: g.dataset.card, closed: g.classList.contains('closed'),
            hand: (g.getAttribute('transform') || '').endsWith('{HAND_ROW}')}}))""",
    )


def private(page) -> set[int]:
    """The cards only this browser's player may see, as its own screen shows them: its hand and
    its closed field cards."""
    return {C.from_name(f["name"]) for f in faces(page) if f["closed"] or f["hand"]}


def public(page) -> set[int]:
    return {C.from_name(f["name"]) for f in faces(page)} - private(page)


def named(page, cards: set[int]) -> list[str]:
    """The ways ``cards`` could be named in ``page``'s HTML (the page's language is English) that
    occur there: the board's card name and piece key, the symbol ("10♥"), the spoken name."""
    html = page.content()
    found = []
    for c in cards:
        for text in (f'data-card="{C.name(c)}"', f'data-piece="c{c}"', C.symbol(c), C.long_name(c)):
            if text in html:
                found.append(text)
    return found


def assert_nothing_hidden(a, b) -> tuple[set[int], set[int]]:
    """Neither page names a card the other holds hidden; returns both private sets."""
    mine_a, mine_b = private(a), private(b)
    for page, mine in ((a, mine_a), (b, mine_b)):  # the search finds every name a page gives its own card
        assert len(named(page, mine)) == 4 * len(mine), (sorted(mine), named(page, mine))
    assert not named(a, mine_b), f"A's page names B's hidden cards: {named(a, mine_b)}"
    assert not named(b, mine_a), f"B's page names A's hidden cards: {named(b, mine_a)}"
    return mine_a, mine_b


def shown_in(page, box: str, text: str) -> bool:
    """``text`` is drawn inside ``box``'s visible area (not clipped by a line clamp or scrolled
    out of a list)."""
    return page.eval_on_selector(
        box,
        """(el, text) => {
            const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
            for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const at = node.data.indexOf(text);
                if (at < 0) continue;
                const range = document.createRange();
                range.setStart(node, at);
                range.setEnd(node, at + text.length);
                const r = range.getBoundingClientRect(), b = el.getBoundingClientRect();
                return r.height > 0 && r.top >= b.top - 1 && r.bottom <= b.bottom + 1;
            }
            return false;
        }""",
        text,
    )


def step(page, me: dict) -> None:
    """One click of this browser's player (see the module text)."""
    if page.locator(DECLINE).count():  # defending
        if page.locator(DEFEND).count():
            act(page, page.locator(DEFEND))
            me["defences"] += 1
            me["moves"] += 1
            return
        forward = page.locator(".board [data-pick^='d:']")
        if forward.count() and me["defences"] < 1:
            act(page, forward.first)  # one move: this card is forward
            me["moves"] += 1
            return
        act(page, page.locator(DECLINE))
        me["moves"] += 1
        return
    attack = page.locator(".board [data-pick^='f:']")
    if attack.count():
        token = attack.first.get_attribute("data-pick")
        act(page, page.locator(f".board [data-pick='{token}']"))  # selects it
        assert page.locator(f".board .card.selected[data-pick='{token}']").count() == 1
        act(page, page.locator(f".board [data-pick='{token}']"))  # attacks
        me["attacks"] += 1
        me["moves"] += 1
        return
    if page.locator(BUTTON).count():
        act(page, page.locator(BUTTON).first)
        me["moves"] += 1
        return
    act(page, page.locator(".board [data-pick^='h:']").first)


def play_turn(page, other, me: dict) -> None:
    """This browser's whole turn, checking after every click that nothing hidden is shown."""
    for _ in range(40):
        if turn(page) != "move":
            return
        step(page, me)
        assert_nothing_hidden(page, other)
    raise AssertionError("the turn did not end")


def contexts(browser):
    """A (a desktop), B (a touch phone) and C (a third person's desktop): nothing shared."""
    return browser.new_context(**DESKTOP), browser.new_context(**PHONE), browser.new_context(**DESKTOP)


def begin(a, b, site, game: str, options=lambda page: None, join=lambda page: None, paste=False) -> list[str]:
    """A creates a ``game`` match by link (``options`` fills the form) and sends link 1; B opens
    it (each part in turn, when it came in parts), is asked to join (``join`` fills the join
    screen's fields), joins and sends link 2; A opens that, or, with ``paste``, pastes all of it
    (every part at once) into its box. Returns the links so far."""
    open_app(a, site, f"#/{game}/new?mode=link")
    assert a.locator("#mode-link").is_checked()
    options(a)
    start(a)
    sent = [send_link(a)]
    assert turn(a) == "wait"
    lines = sent[0].splitlines()
    open_app(b, site, lines[0][lines[0].index("#") :])
    for k, line in enumerate(lines[1:], start=2):  # a link in parts: the screen says what is missing
        status = b.inner_text("[data-key='parts-status']")
        assert f"{k - 1} of {len(lines)}" in status and "still to come" in status, status
        go(b, line[line.index("#") :])
    assert b.get_attribute(MATCH, "data-match") == "join"
    assert b.locator("#app .legal").count() == 0  # read-only until joined
    assert_targets(b)
    join(b)
    act(b, b.locator("[data-key='match-join']"))
    assert b.get_attribute(MATCH, "data-match") == "play" and turn(b) == "send"
    if paste:
        sent.append(send_link(b))
        a.fill("#match-paste", sent[-1])  # the whole message, every part of the link
        act(a, a.locator("[data-key='match-paste-open']"))
        assert links(a) == 2
    else:
        relay(b, a, sent)
    return sent


def test_two_browsers_play_sht_by_links_to_the_end(browser, site):
    t0 = time.perf_counter()
    ctx_a, ctx_b, ctx_c = contexts(browser)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    # player 1 (A) begins: the game's shape does not depend on the beacon
    sent = begin(a, b, site, "sht", lambda page: page.select_option("#opt-first_player", "first"), paste=True)
    assert all(len(p) < 2000 for link in sent for p in link.splitlines())  # each part fits a message
    assert min(len(sent[0].splitlines()), len(sent[1].splitlines())) >= 4  # the deal: in parts
    assert b.locator(".board .card.face").count() == 0  # link 2 (B's half of the shuffle): nothing dealt yet

    players = {
        id(a): {"name": "A", "defences": 0, "attacks": 0, "moves": 0},
        id(b): {"name": "B", "defences": 0, "attacks": 0, "moves": 0},
    }
    seen: dict[int, tuple[set[int], set[int]]] = {}  # link number -> the public cards, the hidden ones
    pauses, checked = [], set()
    current, other = a, b
    while turn(current) != "over":
        number = links(current) + 1  # the link this browser sends next
        if (
            turn(current) == "send"
            and number >= 5
            and "Game over" not in current.inner_text(f"{MATCH} .prompt")
        ):
            pauses.append(number)  # after the deal, a link with no move: the key for a drawn card
            assert current.locator("[data-key='match-send']").is_visible()
            assert "A card came to your friend's hand" in current.inner_text(f"{MATCH} .prompt")
        if current is b and turn(b) not in checked:
            checked.add(turn(b))
            assert_targets(b)
        play_turn(current, other, players[id(current)])
        relay(current, other, sent)
        assert links(other) == len(sent)
        # until the game is over, nothing hidden on either screen (then a browser that holds both
        # secrets has verified the game and shows every card: Match.revealed)
        if turn(other) != "over" and "Game over" not in other.inner_text(f"{MATCH} .prompt"):
            mine_a, mine_b = assert_nothing_hidden(a, b)
            seen[len(sent)] = (public(a), mine_a | mine_b)
            assert public(a) == public(b)  # both browsers show the same public cards
        current, other = other, current

    # both browsers show the end check's verdict and the same result
    moves = sum(p["moves"] for p in players.values())
    for page in (a, b):
        assert turn(page) == "over"
        assert shown_in(page, f"{MATCH} .prompt", VERIFIED)  # on the phone too: the prompt's first lines
        # the move list holds every move, the same in both browsers
        assert page.locator(f"{MATCH} .match-log li").count() == moves
    same_result(a, b)
    # A's hand was opened to it by link 4 and held five cards; both players' hands were read
    assert len(seen[5][1]) == 9  # A's first turn put one card open: 4 in A's hand, 5 in B's
    assert pauses, "no link carried only a key"
    assert players[id(a)]["attacks"] + players[id(b)]["attacks"] >= 2

    # a third browser opening a link mid-game is read-only and sees exactly the public cards
    middle = max(k for k in seen if k <= len(sent) // 2 + 1)
    c = ctx_c.new_page()
    open_app(c, site, sent[middle - 1][sent[middle - 1].index("#") :])
    assert c.get_attribute(MATCH, "data-match") == "watch" and links(c) == middle
    shown, hidden = seen[middle]
    assert {C.from_name(f["name"]) for f in faces(c)} == shown
    assert c.locator(".board .card.face.closed").count() == 0
    assert not named(c, hidden), named(c, hidden)
    for ctx in (ctx_a, ctx_b, ctx_c):
        ctx.close()
    elapsed = time.perf_counter() - t0
    print(f"SHT by links: {len(sent)} links, {moves} moves, pauses at links {pauses}, {elapsed:.1f} s")
