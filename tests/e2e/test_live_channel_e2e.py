"""Live play's channel in real browsers (issue 43; docs/live-play.md): two browser contexts (two
people's browsers, nothing shared) of one Chromium, on the built site over localhost, open a real
RTCPeerConnection data channel with the minimal offer and answer carried inside match links
(tests/e2e/live.py: link 1 with the offer, link 2 with the answer, as a friend carries them; after
link 2 no message is passed by hand), then send match links both ways over it.

Chromium runs with its default mDNS host candidates (``<uuid>.local``, what a real LAN relies on:
src/webtabletop/tools/chromium.py adds no flag), so these tests go the same way as two players on
one Wi-Fi with no STUN answer.
"""

from __future__ import annotations

import socket

from tests.e2e.conftest import open_app
from tests.e2e.live import Pair, connect, load, make_peer, wait_inbox, wait_presence, wait_state
from webtabletop.correspondence import NEWER, SAME
from webtabletop.correspondence.live.description import check_answer, from_json, to_json

#: the ICE transport has been restarted with the new offer's user fragment and is connected
RESTARTED = """async (ufrag) => {
  let t = null;
  (await peer.pc.getStats()).forEach((r) => { if (r.type === "transport") t = r; });
  return peer.state === "open" && t && t.iceLocalUsernameFragment === ufrag && t.iceState === "connected";
}"""


def two_browsers(browser, site, tabs_a: int = 1):
    ctx_a, ctx_b = browser.new_context(), browser.new_context()
    pages_a = [ctx_a.new_page() for _ in range(tabs_a)]
    b = ctx_b.new_page()
    for page in (*pages_a, b):
        open_app(page, site)
        load(page)
    return (ctx_a, ctx_b), pages_a, b


def test_two_browsers_play_over_a_channel_signalled_by_links_with_no_ice_server(browser, site):
    (ctx_a, ctx_b), (a,), b = two_browsers(browser, site)
    make_peer(a, 0, ice="none")
    make_peer(b, 1, ice="none", echo=False)
    pair = Pair()
    got = connect(a, b, pair)
    offer, answer = got["offer"], got["answer"]
    # the minimal descriptions: mDNS host candidates only (no server was asked)
    for made in (offer, answer):
        cands = made["desc"]["candidates"]
        assert cands and all(c["type"] == "host" and c["address"].endswith(".local") for c in cands), cands
        assert made["gather"]["why"] in ("complete", "settled")
    assert offer["desc"]["setup"] == "actpass" and answer["desc"]["setup"] in ("active", "passive")
    plain1, link1, plain2, link2 = got["links"]
    assert len(link1) - len(plain1) < 160 and len(link2) - len(plain2) < 160

    # every message is a match link: each side plays its turn and its link goes over the channel
    for n in range(1, 7):
        sender, receiver, link = pair.next_link()
        (src, dst) = (a, b) if sender is pair.a else (b, a)
        assert src.evaluate("(t) => peer.send(t)", link) is True
        assert wait_inbox(dst, (n + 1) // 2)[-1] == link
        assert receiver.receive(link) == NEWER
        again = src.evaluate("(t) => peer.send(t)", link)  # a duplicate changes nothing
        assert again and wait_inbox(dst, (n + 1) // 2 + 1)[-1] == link and receiver.receive(link) == SAME
        dst.evaluate("() => inbox.pop()")
    assert pair.a.data == pair.b.data  # both browsers hold the same position
    assert 0 < a.evaluate("() => peer.ping()") < 5000

    # presence: online; away while the friend's tab is hidden; gone once it closes
    wait_presence(a, "online")
    wait_presence(b, "online")
    b.evaluate(
        "() => { Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
        " document.dispatchEvent(new Event('visibilitychange')); }"
    )
    wait_presence(a, "away")
    b.evaluate("() => peer.close()")
    wait_presence(a, "gone")
    wait_state(a, "closed")
    assert a.evaluate("() => peer.send('#/x')") is False  # the page falls back to links
    for ctx in (ctx_a, ctx_b):
        ctx.close()


def test_the_answer_opened_in_another_tab_reaches_the_tab_that_made_the_offer(browser, site):
    """The friend's link 2 opens in a new tab of the creator's browser: a BroadcastChannel named
    after the match hands the answer to the tab that made the offer, which connects. An answer
    to another offer is not taken. The default ICE servers (public STUN) are asked here, and the
    channel is opened in band (``negotiated: false``: the offerer's channel announced to the
    answerer) instead of pre-negotiated."""
    (ctx_a, ctx_b), (a1, a2), b = two_browsers(browser, site, tabs_a=2)
    make_peer(a1, 0, ice="default", negotiated=False)  # the default list of public STUN servers
    make_peer(b, 1, ice="default", negotiated=False)
    pair = Pair(seed=1)
    made = a1.evaluate("() => peer.offer()")
    assert made["gather"]["why"] in ("complete", "settled", "stun-wait", "timeout")
    _plain1, link1 = pair.link1(made["desc"])
    a1.evaluate(
        "([m, o]) => { window.taken = []; LC.awaitAnswer(m, o, (ans) => { taken.push(ans); peer.accept(ans); }); }",
        [pair.match_id, pair.offer_id],
    )
    answered = b.evaluate("(o) => peer.answer(o)", pair.join(link1))
    _plain2, link2 = pair.link2(answered["desc"])

    # the second tab of the creator's browser opens link 2: the engine reads the answer out of
    # it (here: the test, as the engine of that tab will) and hands it over
    answer = pair.receive_answer(link2)
    other = "0" * 8 if pair.offer_id != "0" * 8 else "f" * 8  # the id of another offer
    assert a2.evaluate("([m, o, a]) => LC.handOver(m, o, a)", [pair.match_id, other, answer]) is False
    assert a1.evaluate("() => taken.length") == 0  # an answer to another offer is left alone
    assert a2.evaluate("([m, o, a]) => LC.handOver(m, o, a)", [pair.match_id, pair.offer_id, answer]) is True
    wait_state(a1, "open")
    wait_state(b, "open")
    # the same link 2 opened once more: that tab hears it was taken, the offering tab acts once
    assert a2.evaluate("([m, o, a]) => LC.handOver(m, o, a)", [pair.match_id, pair.offer_id, answer]) is True
    assert a1.evaluate("() => taken.length") == 1
    assert b.evaluate("() => peer.dc.negotiated") is False
    sender, receiver, link = pair.next_link()
    src, dst = (a1, b) if sender is pair.a else (b, a1)
    src.evaluate("(t) => peer.send(t)", link)
    assert wait_inbox(dst, 1) == [link] and receiver.receive(link) == NEWER
    for ctx in (ctx_a, ctx_b):
        ctx.close()


def test_reconnect_by_an_ice_restart_and_by_a_new_offer_in_the_latest_link(browser, site):
    """An ICE restart on a live connection takes a new offer and answer (MDN restartIce); a
    closed channel comes back with a new pair of peers, the offer and answer carried by the
    latest link sent again each way (both SAME links: nothing in the game moves)."""
    (ctx_a, ctx_b), (a,), b = two_browsers(browser, site)
    make_peer(a, 0, ice="none")
    make_peer(b, 1, ice="none", echo=True)
    pair = Pair(seed=2)
    connect(a, b, pair)

    # an ICE restart: a new offer and answer, the same channel stays open
    re_offer = a.evaluate("() => peer.restart()")
    assert re_offer["desc"]["ufrag"] != pair.offer.ufrag
    re_answer = b.evaluate("(o) => peer.answer(o)", re_offer["desc"])
    a.evaluate("(x) => peer.accept(x)", re_answer["desc"])
    # the transport runs on the new credentials, and the channel never closed
    a.wait_for_function(RESTARTED, arg=re_offer["desc"]["ufrag"])
    assert a.evaluate("() => states.slice(-1)[0]") == "open" and "closed" not in a.evaluate("() => states")
    a.evaluate("() => peer.send('after restart')")
    assert wait_inbox(a, 1) == ["after restart"]  # b echoes it

    # the channel closes (the friend's tab went away): a new pair of peers, by the latest link
    b.evaluate("() => peer.close()")
    wait_state(a, "closed")
    make_peer(a, 0, ice="none")
    make_peer(b, 1, ice="none", echo=True)
    fresh = a.evaluate("() => peer.offer()")
    offer = from_json(fresh["desc"])
    again = pair.a.carry_live(offer)  # link 2, sent again by its receiver, with the new offer
    assert pair.b.receive(again) == SAME and pair.b.live_received == offer
    answered = b.evaluate("(o) => peer.answer(o)", to_json(pair.b.live_received))
    back = pair.b.carry_live(from_json(answered["desc"], offer=offer))
    assert pair.a.receive(back) == SAME
    check_answer(offer, pair.a.live_received)
    a.evaluate("(x) => peer.accept(x)", to_json(pair.a.live_received))
    wait_state(a, "open")
    wait_state(b, "open")
    a.evaluate("() => peer.send('reconnected')")
    assert wait_inbox(a, 1) == ["reconnected"]
    for ctx in (ctx_a, ctx_b):
        ctx.close()


def test_gathering_stops_soon_when_the_stun_server_never_answers(browser, site):
    """A STUN server whose packets are dropped (here: a local UDP socket that never answers, as
    behind a firewall) would hold ICE gathering until Chromium's own timeout: the offer goes
    1.5 s after the first host candidate instead ("stun-wait"), or at the cap ("timeout")."""
    silent = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    silent.bind(("127.0.0.1", 0))
    silent.settimeout(10)
    ice = [{"urls": f"stun:127.0.0.1:{silent.getsockname()[1]}"}]
    ctx = browser.new_context()
    page = ctx.new_page()
    open_app(page, site)
    load(page)
    make_peer(page, 0, ice=ice)
    made = page.evaluate("() => peer.offer()")
    assert made["gather"]["why"] == "stun-wait" and made["desc"]["candidates"]
    assert silent.recvfrom(2048)[0][:2] == b"\x00\x01"  # a STUN binding request did come
    make_peer(page, 0, ice=ice, gather={"stunWaitMs": 60_000, "maxMs": 2500})
    assert page.evaluate("() => peer.offer()")["gather"]["why"] == "timeout"
    silent.close()
    ctx.close()
