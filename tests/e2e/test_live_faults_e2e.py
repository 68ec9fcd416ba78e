"""Faults on the live channel between two real browser contexts (docs/live-play.md): from the
moment the channel opens, every text each browser sends is duplicated, delayed (up to 1.9 s) or
sent again after newer ones (reordered); mid-game the channel is killed, one side reloads its
page, and the game goes on by links from exactly where it was. Nothing is lost: both screens
end on the same link and the same position. A modified browser that edits the links it sends,
or sends something that is no link, is refused at that text with a clear sentence, and the
friend's game is unchanged (the same checks as a link opened by hand). A cheating player who
forges its own fair-play values with a valid tag is named, and the finding sticks."""

from __future__ import annotations

import json

import pytest

from tests.correspondence.helpers import rebuild
from tests.correspondence.test_cardgo import forged_draw
from tests.e2e.conftest import wait_ready
from tests.e2e.helpers import PHONE, go
from tests.e2e.test_live_play_e2e import GAMES, OPEN, SETTLED, same_links, start_live, wait_either
from tests.e2e.test_match_cards_e2e import step as sht_step
from tests.e2e.test_match_e2e import DESKTOP, MATCH, links, relay, turn
from webtabletop.app.match.store import MATCH_PREFIX
from webtabletop.correspondence.link import read_link

#: each text sent: the 1st, 4th, … now and again 1.9 s later (after newer texts: reordered), the
#: 2nd, 5th, … 1.2 s late, the 3rd, 6th, … twice at once
FAULTY = """() => { let i = 0;
  for (const held of window.wttLivePeers.values()) {
    const peer = held.peer;
    if (peer.faulty) continue;
    const send = peer.send.bind(peer);
    const later = (text, ms) => setTimeout(() => { try { send(text); } catch (e) {} }, ms);
    peer.faulty = true;
    peer.send = (text) => {
      const k = i++;
      window.wttFaultySent = i;
      if (k % 3 === 0) { send(text); later(text, 1900); }
      else if (k % 3 === 1) later(text, 1200);
      else { send(text); send(text); }
    };
  } }"""

KILL = "() => { for (const held of window.wttLivePeers.values()) held.peer.close(); }"
LIVE_TURNS = 6
LINK_TURNS = 4


def play(page, play_turn, players) -> None:
    if play_turn is None:
        sht_step(page, players[id(page)])
    else:
        play_turn(page)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_killed_channel_duplicates_delays_and_a_reload_lose_nothing(browser, site, game):
    ctx_a, ctx_b = browser.new_context(**DESKTOP), browser.new_context(**PHONE)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    options, play_turn = GAMES[game]
    start_live(a, b, site, game, options)
    for page in (a, b):
        page.evaluate(FAULTY)
    players = {id(a): {"defences": 0, "attacks": 0, "moves": 0}, id(b): {"defences": 0, "attacks": 0, "moves": 0}}
    clicks = 0
    while clicks < LIVE_TURNS:  # live, with every fault on the channel
        wait_either((a, b), SETTLED, timeout_s=90)
        if turn(a) == "over" or turn(b) == "over":
            break
        page = a if turn(a) == "move" else b if turn(b) == "move" else None
        if page is not None:
            play(page, play_turn, players)
            clicks += 1
    # both browsers settle on the same link, duplicates and late copies notwithstanding
    for page in (a, b):
        page.wait_for_selector(OPEN)
    assert a.evaluate("() => window.wttFaultySent || 0") + b.evaluate("() => window.wttFaultySent || 0") >= 3
    wait_either((a, b), SETTLED, timeout_s=90)
    same_links(a, b)
    # the channel is killed: both sides say they play by links; B reloads its page
    a.evaluate(KILL)
    for page in (a, b):  # the friend's side may learn it only from ICE's consent checks (about 30 s)
        page.wait_for_selector("[data-key='live-line'][data-live='lost']", timeout=90_000)
    b.reload()
    wait_ready(b)
    assert b.locator(MATCH).count() == 1 and links(b) == links(a)
    sent: list[str] = []
    for _ in range(LINK_TURNS * 8):  # by links from exactly where it was
        if turn(a) == "over" and turn(b) == "over" or len(sent) >= LINK_TURNS:
            break
        mover = a if turn(a) in ("move", "send") else b if turn(b) in ("move", "send") else None
        assert mover is not None, (turn(a), turn(b))
        other = b if mover is a else a
        if turn(mover) == "move":
            play(mover, play_turn, players)
        if turn(mover) == "send":
            relay(mover, other, sent)
    assert sent, "no link was sent by hand after the channel was killed"
    assert links(a) == links(b)
    assert a.inner_text(f"{MATCH} .log") == b.inner_text(f"{MATCH} .log")  # the same moves on both screens
    for ctx in (ctx_a, ctx_b):
        ctx.close()


#: a modified browser: every text it sends has one character of its payload changed
EDITING = """() => { for (const held of window.wttLivePeers.values()) {
    const peer = held.peer, send = peer.send.bind(peer);
    peer.send = (text) => {
      const at = text.indexOf("x=") + 12;
      send(text.slice(0, at) + (text[at] === "A" ? "B" : "A") + text.slice(at + 1));
    };
  } }"""


@pytest.mark.parametrize("game", list(GAMES))
def test_an_edited_or_forged_text_on_the_channel_is_refused_and_changes_nothing(browser, site, game):
    ctx_a, ctx_b = browser.new_context(**DESKTOP), browser.new_context(**PHONE)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    options, play_turn = GAMES[game]
    start_live(a, b, site, game, options)
    wait_either((a, b), SETTLED, timeout_s=90)
    mover, other = (a, b) if turn(a) == "move" else (b, a)
    held = links(other)
    log = other.inner_text(f"{MATCH} .log")
    refused = "() => /was not accepted: .* Your game is unchanged/.test(document.querySelector('section.match').innerText)"
    # the mover's browser edits every link it sends: its move's link is refused, nothing taken
    mover.evaluate(EDITING)
    players = {id(mover): {"defences": 0, "attacks": 0, "moves": 0}}
    sent = links(mover)
    for _ in range(20):  # an SHT turn may take a few steps before its link goes
        play(mover, play_turn, players)
        if links(mover) > sent:
            break
    other.wait_for_function(refused, timeout=30_000)
    assert links(other) == held and other.inner_text(f"{MATCH} .log") == log
    # a text that is no link at all: refused the same way (the sentence is taken away to see it again)
    other.evaluate("() => document.querySelector('section.match p.message').remove()")
    mover.evaluate(f"() => {{ for (const h of window.wttLivePeers.values()) h.peer.send('#/{game}/m?x=AAAA'); }}")
    other.wait_for_function(refused, timeout=30_000)
    assert links(other) == held and other.inner_text(f"{MATCH} .log") == log
    assert other.locator("[data-key='live-line'][data-live='open']").count() == 1  # no crash, still live
    for ctx in (ctx_a, ctx_b):
        ctx.close()


#: a modified browser keeps back the next text it would send (the test forges it, then sends it)
HOLD = """() => { for (const held of window.wttLivePeers.values()) {
    const peer = held.peer;
    peer.honestSend = peer.honestSend || peer.send.bind(peer);
    peer.send = (text) => { window.wttHeld = text; };
  } }"""
SEND_AS_IS = "(text) => { for (const held of window.wttLivePeers.values()) held.peer.honestSend(text); }"
RELEASE = "() => { for (const held of window.wttLivePeers.values()) held.peer.send = held.peer.honestSend; }"


def stored_match(page):
    """The match as the page's browser keeps it, its secret included (what a cheater holds)."""
    from webtabletop.correspondence.store import from_json

    docs = [v for k, v in page.evaluate("() => Object.entries(localStorage)") if k.startswith(MATCH_PREFIX)]
    assert len(docs) == 1
    return from_json(json.loads(docs[0])["data"]["match"])


def forge_dice(honest: str, match) -> str | None:
    """Tsifrograd: the hash-chain value the link reveals changed (to steer the dice)."""
    value = match.data.latest[match.seat]

    def change(body):
        body[bytes(body).index(value)] ^= 0x80

    return rebuild(honest, change, match.mac_key(None))


def forge_draw(honest: str, match) -> str | None:
    """CardGO: a placement's private draw value replaced, and the card it deals named (None: the
    turn placed no card)."""
    opened = read_link(honest)
    return forged_draw(opened, match.mac_key(None)) if opened.dealt.values else None


CHEATS = {
    "tsifrograd": (forge_dice, "does not match the player's commitment"),
    "cardgo": (forge_draw, "does not match its commitment"),
}


@pytest.mark.parametrize("game", list(CHEATS))
def test_a_player_who_forges_its_fair_play_values_on_the_channel_is_named_and_the_cheat_sticks(browser, site, game):
    """A cheater's browser plays its turn and, before its link goes over the channel, changes
    what the fair-play checks rest on (Tsifrograd: the hash-chain value it reveals, to steer the
    dice; CardGO: its private draw value, to choose its card), with a fresh tag made from its own
    secret, as the project's cheater tests do by links. The friend's browser refuses it at that
    text, says that its friend cheated, keeps the finding (the honest link sent after it is
    refused too, and the friends list says so after a reload); its game is unchanged."""
    ctx_a, ctx_b = browser.new_context(**DESKTOP), browser.new_context(**PHONE)
    a, b = ctx_a.new_page(), ctx_b.new_page()
    options, play_turn = GAMES[game]
    forge, sentence = CHEATS[game]
    start_live(a, b, site, game, options)
    forged = None
    for _ in range(10):  # the cheater's turns until one can be forged (CardGO: a placement)
        wait_either((a, b), SETTLED, timeout_s=90)
        cheater, friend = (a, b) if turn(a) == "move" else (b, a)
        held, log = links(friend), friend.inner_text(f"{MATCH} .log")
        cheater.evaluate(HOLD)
        while turn(cheater) == "move":
            play_turn(cheater)
        cheater.wait_for_function("() => typeof window.wttHeld === 'string'")
        honest = cheater.evaluate("() => { const t = window.wttHeld; delete window.wttHeld; return t; }")
        match = stored_match(cheater)
        forged = forge(honest, match)
        if forged is not None:
            break
        cheater.evaluate(SEND_AS_IS, honest)
        cheater.evaluate(RELEASE)  # an honest browser again, until its next turn to forge
        friend.wait_for_function(f"() => +document.querySelector('{MATCH}').dataset.links > {held}")
    assert forged is not None
    cheater.evaluate(SEND_AS_IS, forged)
    named = "() => /cheated/.test(document.querySelector('section.match').innerText)"
    friend.wait_for_function(named, timeout=30_000)
    assert sentence in friend.inner_text(MATCH)
    assert links(friend) == held and friend.inner_text(f"{MATCH} .log") == log
    # the honest link, sent after it, is refused as well: the finding is kept
    friend.evaluate("() => document.querySelector('section.match p.message').remove()")
    cheater.evaluate(SEND_AS_IS, honest)
    friend.wait_for_function("() => /Cheating was detected in this game/.test(document.querySelector('section.match').innerText)")
    assert links(friend) == held
    friend.reload()
    wait_ready(friend)
    go(friend, "#/friends")
    assert friend.get_by_text("Cheating detected").first.is_visible()
    for ctx in (ctx_a, ctx_b):
        ctx.close()
