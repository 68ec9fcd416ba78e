"""The player's ICE servers for live play (correspondence/live/ice.py): the settings form's text
is read strictly, each problem with its own sentence; a stored value that is not one of the three
choices falls back to the public STUN list."""

from __future__ import annotations

import pytest

from webtabletop.correspondence.live.description import LiveError
from webtabletop.correspondence.live.ice import checked, parse_servers, servers_text


def test_own_stun_and_turn_servers_are_read_and_written_back():
    text = "stun:stun.example.org:3478\nturn:[2001:db8::1]:3478?transport=tcp alice s3cret!"
    servers = parse_servers(text)
    assert servers == [
        {"urls": ["stun:stun.example.org:3478"]},
        {"urls": ["turn:[2001:db8::1]:3478?transport=tcp"], "username": "alice", "credential": "s3cret!"},
    ]
    assert parse_servers(servers_text(servers)) == servers
    assert checked(servers) == servers


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("", "at least one"),
        ("http://example.org", "not a STUN or TURN address"),
        ("stun:exa mple.org", "takes no username"),
        ("stun:example.org:99999", "not a STUN or TURN address"),
        ("stun:example.org?transport=tcp", "not a STUN or TURN address"),
        ("turn:example.org:3478", "needs a username and a password"),
        ("turn:example.org:3478 alice", "needs a username and a password"),
        ("stun:example.org alice pw", "takes no username"),
        ("\n".join(f"stun:s{i}.example.org" for i in range(9)), "At most eight"),
    ],
)
def test_a_bad_server_list_is_refused_with_its_sentence(text, said):
    with pytest.raises(LiveError, match=said):
        parse_servers(text)


def test_a_stored_value_is_kept_only_when_valid():
    assert checked("none") == "none" and checked("default") == "default"
    for bad in ("stun:x", 7, [{"urls": ["javascript:alert(1)"]}], [], {"urls": "stun:x"}, [{"nope": 1}]):
        assert checked(bad) == "default"
