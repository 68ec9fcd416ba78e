"""Live play's channel on localhost: what the signalling costs in the links, how long the channel
takes to open, and a message's round trip (docs/live-play.md, "Measured").

Two browser contexts of one Chromium (the players' browsers) load the built site and its live
channel module (web/livechannel.mjs); the offer and the answer travel inside real match links
(tests/e2e/live.py), then nothing is passed by hand. Measured, for ``--rounds`` fresh pairs of
peers (ICE servers "none": the same network, as on one Wi-Fi; Chromium's default mDNS host
candidates):

- the SDP of the offer and the answer in full and in their minimal form (bytes), and the time
  gathering took without trickle;
- ``open_ms``: from the creator's browser taking the answer to its channel open;
- ``ping_ms``: a ping frame and its answer; ``echo_ms``: a 400-character text (a match link's
  size) sent and echoed back by the friend's page.

``link1_chars`` / ``link2_chars`` per game: link 1 and link 2 with the browser's real offer and
answer in them (and ``*_added``: what the live section adds). ``median_ms`` and ``p95_ms`` per
game: through the app's own screens (tests/e2e/test_live_play_e2e.py's way: "Play live now",
link 1 and link 2 opened by hand, then nothing), from the click that completes a turn in one
browser to its move drawn in the other (the frame after the other page's screen shows the new
link), the engine's whole check of the link included; ``--moves`` turns per game
(``--games`` to choose them).

Prints a JSON line last. ``--ice default`` asks the public STUN servers instead (with no internet,
gathering waits for them until its cap).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from benchmarks.browser import browser_and_site, summary, wait_ready  # noqa: E402
from tests.e2e.live import Pair, connect, load, make_peer  # noqa: E402
from tests.e2e.test_live_play_e2e import GAMES as DRIVERS  # noqa: E402
from tests.e2e.test_live_play_e2e import SETTLED, start_live, wait_either  # noqa: E402
from tests.e2e.test_match_cards_e2e import step as sht_step  # noqa: E402
from webtabletop.correspondence.live.description import encode, from_json  # noqa: E402
from webtabletop.correspondence.parts import split  # noqa: E402

GAMES = ["tsifrograd", "dumaraj", "sht", "htt", "cardgo"]


def link_sizes(offer: dict, answer: dict) -> dict:
    """Per game: link 1 and link 2 with the measured offer and answer in them."""
    out = {}
    for game in GAMES:
        pair = Pair(game, options={} if game != "tsifrograd" else None)
        plain1, link1 = pair.link1(offer)
        pair.join(link1)
        plain2, link2 = pair.link2(answer)
        out[game] = {
            "median_ms": None,
            "p95_ms": None,
            "link1_chars": len(link1),
            "link2_chars": len(link2),
            "link1_added": len(link1) - len(plain1),
            "link2_added": len(link2) - len(plain2),
            "link1_parts": len(split(link1)),  # SHT's dealing links travel in parts either way
            "link2_parts": len(split(link2)),
        }
    return out


#: in each page: the wall-clock time of the first frame that shows a new link, and of the latest
#: press of a pointer (a turn of two clicks, a card then its cell, is measured from its second)
DRAWN = """() => { window.wttDrawnAt = 0; let seen = null;
  addEventListener('pointerdown', () => { window.wttPressedAt = performance.timeOrigin + performance.now(); }, true);
  new MutationObserver(() => { const m = document.querySelector('section.match');
    if (m && m.dataset.links !== seen) { seen = m.dataset.links;
      requestAnimationFrame(() => { window.wttDrawnAt = performance.timeOrigin + performance.now(); }); } })
  .observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true}); }"""


def turn_of(page) -> str:
    return page.get_attribute("section.match", "data-turn")


def click_to_drawn(browser, url: str, game: str, moves: int) -> list[float]:
    """Milliseconds from the click that ends a turn to its move drawn in the friend's browser."""
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    a, b = ctx_a.new_page(), ctx_b.new_page()
    options, play_turn = DRIVERS[game]
    start_live(a, b, url, game, options)
    for page in (a, b):
        page.evaluate(DRAWN)
    players = {id(a): {"defences": 0, "attacks": 0, "moves": 0}, id(b): {"defences": 0, "attacks": 0, "moves": 0}}
    out: list[float] = []
    for _ in range(moves * 4):
        if len(out) >= moves:
            break
        wait_either((a, b), SETTLED, timeout_s=90)
        page = a if turn_of(a) == "move" else b if turn_of(b) == "move" else None
        if page is None:
            break  # the game is over
        other = b if page is a else a
        before = int(other.get_attribute("section.match", "data-links"))
        other.evaluate("() => { window.wttDrawnAt = 0; }")
        if play_turn is None:
            sht_step(page, players[id(page)])
        else:
            play_turn(page)
        if turn_of(page) == "move":
            continue  # the turn goes on: its last click is the one measured
        other.wait_for_function(
            "(n) => +document.querySelector('section.match').dataset.links > n && window.wttDrawnAt > 0", arg=before
        )
        out.append(other.evaluate("() => window.wttDrawnAt") - page.evaluate("() => window.wttPressedAt"))
    ctx_a.close()
    ctx_b.close()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rounds", type=int, default=8, help="fresh pairs of peers to open")
    ap.add_argument("--pings", type=int, default=100, help="pings and echoes per round")
    ap.add_argument("--ice", default="none", choices=("none", "default"))
    ap.add_argument("--moves", type=int, default=20, help="turns measured per game, click to drawn")
    ap.add_argument("--games", nargs="*", default=list(DRIVERS), help="games measured click to drawn")
    args = ap.parse_args()
    drawn: dict[str, list[float]] = {}
    opened, pings, echoes, gathers = [], [], [], []
    sdp = {}
    with browser_and_site() as (browser, url):
        ctx_a, ctx_b = browser.new_context(), browser.new_context()
        a, b = ctx_a.new_page(), ctx_b.new_page()
        for page in (a, b):
            page.goto(url)
            wait_ready(page)
            load(page)
        for r in range(args.rounds):
            make_peer(a, 0, ice=args.ice)
            make_peer(b, 1, ice=args.ice, echo=True)
            got = connect(a, b, Pair(seed=r))
            opened.append(got["open_ms"])
            gathers += [got["offer"]["gather"]["ms"], got["answer"]["gather"]["ms"]]
            if not sdp:
                offer, answer = got["offer"], got["answer"]
                sdp = {
                    "offer_full_bytes": offer["sdpBytes"],
                    "answer_full_bytes": answer["sdpBytes"],
                    "offer_min_bytes": len(encode(from_json(offer["desc"]))),
                    "answer_min_bytes": len(encode(from_json(answer["desc"], offer=from_json(offer["desc"])))),
                    "offer_candidates": len(offer["desc"]["candidates"]),
                    "gather_why": [offer["gather"]["why"], answer["gather"]["why"]],
                    "games": link_sizes(offer["desc"], answer["desc"]),
                }
            pings += a.evaluate(
                "async (n) => { const out = []; for (let i = 0; i < n; i++) out.push(await peer.ping()); return out; }",
                args.pings,
            )
            echoes += a.evaluate(
                """async (n) => { const out = []; const text = '#/tsifrograd/m?x=' + 'A'.repeat(383);
                for (let i = 0; i < n; i++) {
                  const t0 = performance.now();
                  const back = new Promise((res) => peer.addEventListener('message', res, {once: true}));
                  peer.send(text); await back; out.push(performance.now() - t0);
                } return out; }""",
                args.pings,
            )
        a.evaluate("() => peer.close()")
        ctx_a.close()
        ctx_b.close()
        for game in args.games:
            drawn[game] = click_to_drawn(browser, url, game, args.moves)
    games = sdp.pop("games")
    for game, times in drawn.items():
        if times:
            row = summary(times)
            games[game].update({"median_ms": row["median"], "p95_ms": row["p95"], "turns": row["n"]})
    result = {
        "ice": args.ice,
        "open_ms": summary(opened),
        "gather_ms": summary(gathers),
        "ping_ms": summary(pings),
        "echo_ms": summary(echoes),
        "sdp": sdp,
        "games": games,
    }
    for name, row in games.items():
        print(f"{name}: link 1 {row['link1_chars']} (+{row['link1_added']}), link 2 {row['link2_chars']} (+{row['link2_added']})")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
