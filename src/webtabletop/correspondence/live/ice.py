"""The player's choice of ICE servers for live play, checked (``docs/live-play.md``, "ICE servers:
what they see").

Three choices, kept in the settings document as ``live_ice``:

- ``"default"``: the public STUN list (:data:`PUBLIC_STUN`), which tells each browser its public
  address and sees no game data;
- ``"none"``: no server at all: only two browsers on the same network connect;
- a list of the player's own servers, ``[{"urls": [...], "username"?, "credential"?}]``: STUN
  (``stun:``/``stuns:``) or TURN (``turn:``/``turns:``, which needs a username and a credential).

:func:`parse_servers` reads the settings form's text (one server a line: a URL, then for TURN the
username and the credential, separated by spaces) and refuses anything else with one clear
sentence; :func:`checked` keeps a stored value only when it is one of the three (anything else
falls back to the default). ``web/livesdp.mjs`` (``iceServers``) checks the same again before the
browser uses it.
"""

from __future__ import annotations

import re
from typing import Any

from webtabletop.correspondence.live.description import LiveError
from webtabletop.i18n import _

#: the public STUN servers asked by default (the same list as web/livesdp.mjs's PUBLIC_STUN)
PUBLIC_STUN = ("stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478")
MAX_SERVERS = 8
MAX_FIELD = 200
#: a STUN or TURN URL (RFC 7064, RFC 7065): scheme, host (a name, an IPv4 address or a bracketed
#: IPv6 one), an optional port and, for TURN, an optional transport
_URL = re.compile(
    r"(stuns?|turns?):(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9.-]+)(:[0-9]{1,5})?(\?transport=(udp|tcp))?"
)
_CREDENTIAL = re.compile(r"[\x21-\x7e]{1,200}")  # printable ASCII, no space, at most MAX_FIELD


def _bad_url(url: str) -> LiveError:
    return LiveError(
        _(
            "“{url}” is not a STUN or TURN address: write it as stun:host:port or turn:host:port (for example stun:stun.example.org:3478)."
        ).format(url=url[:60])
    )


def parse_servers(text: str) -> list[dict[str, Any]]:
    """The player's own servers from the form's text, one a line: ``stun:host:port``, or
    ``turn:host:port username credential``. Refused with a sentence naming the first problem."""
    if not isinstance(text, str):
        raise LiveError(_("Write one STUN or TURN server a line."))
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if not lines:
        raise LiveError(_("Write at least one STUN or TURN server, or choose another option."))
    if len(lines) > MAX_SERVERS:
        raise LiveError(_("At most eight servers can be used."))  # MAX_SERVERS
    out = []
    for line in lines:
        url, *rest = line.split()
        match = _URL.fullmatch(url)
        if match is None or (match.group(3) and not 1 <= int(match.group(3)[1:]) <= 65535):
            raise _bad_url(url)
        turn = url.startswith("turn")
        if match.group(4) and not turn:
            raise _bad_url(url)
        if turn:
            if len(rest) != 2 or not all(_CREDENTIAL.fullmatch(x) for x in rest):
                raise LiveError(
                    _(
                        "A TURN server needs a username and a password after its address, on the same line: turn:host:port username password."
                    )
                )
            out.append({"urls": [url], "username": rest[0], "credential": rest[1]})
        elif rest:
            raise LiveError(
                _("A STUN server takes no username or password: write only its address on its line.")
            )
        else:
            out.append({"urls": [url]})
    return out


def servers_text(servers: Any) -> str:
    """The form's text for a stored list of the player's own servers (the inverse of
    :func:`parse_servers`)."""
    if not isinstance(servers, list):
        return ""
    lines = []
    for s in servers:
        parts = [*s.get("urls", [])[:1]]
        if "username" in s:
            parts += [s["username"], s["credential"]]
        lines.append(" ".join(parts))
    return "\n".join(lines)


def checked(value: Any) -> Any:
    """A stored ``live_ice`` setting kept when it is valid, else ``"default"``."""
    if value in ("default", "none"):
        return value
    if not isinstance(value, list):
        return "default"
    try:
        return parse_servers(servers_text(value)) if value else "default"
    except (LiveError, AttributeError, TypeError):
        return "default"
