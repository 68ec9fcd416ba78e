"""A match as JSON for the browser's own storage (localStorage), and back.

Document (version 1)::

    {"format": "webtabletop-match", "version": 1, "game": id, "options": {...non-default},
     "side": creator's side, "days": n, "links": [[codes of link 1], ...], "date": ordinal,
     "commitments": [[head hex, length] | null, ...], "latest": [hex | null, hex | null],
     "seat": 0 | 1 | null, "secret": hex | null, "pending": [codes played, not sent],
     "link_keys": [hex | null, hex | null]}

``ending`` (absent: none): a resignation, draw offer or answer on the latest link, as
``[kind, seat, [signature hex, ...]]`` (:mod:`~webtabletop.correspondence.endings`), and a claim
of the win its wait in cs as a fourth item.

``clock`` (absent: no clock): a timed match's clock (:mod:`~webtabletop.correspondence.liveclock`),
``{"control": "5+3", "spent": [cs per link], "held_at": ms | null}``: ``held_at`` is when this
browser held its latest link, on its own clock (the running clock counts from it).

``link_keys`` (each seat's public link key, ``fairplay.linkauth``) is absent from documents of
matches started before links carried tags; such a match goes on without tags, as it began.
``forfeit`` (absent: false): this player counted the game as won by forfeit, its friend's
revealing link being past its deadline (``Match.claim_forfeit``).

``bound`` (absent: false): link 1 is bound into the tags (link formats 5 and 6), and ``first``
(hex; absent or null before link 1) what this player holds of link 1, which the key of those tags
hashes: a player who lost it can no longer check or make a tag, so such a document without it is
damaged once link 2 exists. ``finding`` (absent: none): a cheat proven by a link of the friend,
``{"seat": 0 | 1, "text": sentence}`` (``Match.finding``): the match takes no more links.
These keys were added without a new version: an older document lacks them and reads as before.

A game with hidden cards adds ``"link"``: the latest link (null before link 1), and, for a dealt
deck (SHT), ``"sections"``: the fair-play section of every link so far, in hex (the dealing
messages and the keys received are not in the latest link; the browser needs them to open its
cards and to check the deal at the end); for hands chosen by their owners (HTT), ``"hand"``: this
player's card references (its commitments are made from them and the secret); for private
draws (CardGO) nothing more: the latest link and the secret give every card this player may see.

The secret is stored here and nowhere else: it never travels in a link. Reading goes through the
input boundary (size and depth limits) and rebuilds the match by replaying and checking all of it,
so a changed or broken document gives a clear :class:`MatchError`, never a different match.
"""

from __future__ import annotations

from typing import Any

from webtabletop.core.inputs import guard, load_json
from webtabletop.core.registry import get_game
from webtabletop.correspondence.data import LINK_KEY_BYTES, MatchData
from webtabletop.correspondence.endings import AGREED, CLAIMS, KINDS, MAX_WAIT_CS, Ending
from webtabletop.correspondence.errors import MatchError, known
from webtabletop.correspondence.link import read_link
from webtabletop.correspondence.liveclock import MAX_SPENT_CS, TimeControl, Timing
from webtabletop.correspondence.match import Finding, Match, match_class
from webtabletop.fairplay.chain import Commitment
from webtabletop.i18n import _

FORMAT = "webtabletop-match"
VERSION = 1
MAX_BYTES = 200_000


def to_json(match: Match) -> dict[str, Any]:
    d = match.data
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": d.game_id,
        "rules": d.rules,
        "options": dict(d.options),
        "side": d.creator_side,
        "days": d.days,
        "links": [list(codes) for codes in d.links],
        "date": d.date,
        "commitments": [None if c is None else [c.head.hex(), c.length] for c in d.commitments],
        "latest": [None if v is None else v.hex() for v in d.latest],
        "seat": match.seat,
        "secret": None if match.secret is None else match.secret.hex(),
        "pending": list(match.pending),
        "link_keys": [None if k is None else k.hex() for k in d.link_keys],
        "forfeit": match.forfeit,
        **({"bound": True} if d.bound else {}),
        **({"first": match.first_link.hex()} if match.first_link is not None else {}),
        **({"finding": {"seat": match.finding.seat, "text": match.finding.text}} if match.finding else {}),
        **({"ending": _ending_json(d.ending)} if d.ending is not None else {}),
        **({"clock": _clock_json(match)} if d.timing is not None else {}),
        **(match.stored() if match.spec.cards is not None else {}),
    }


def from_json(doc: Any) -> Match:
    """The match of a stored document (a dict, or its JSON text)."""
    return guard(lambda: _from_json(doc), MatchError, _("the stored match"))


def _from_json(doc: Any) -> Match:
    if isinstance(doc, (str, bytes)):
        doc = load_json(doc, _("the stored match"), max_bytes=MAX_BYTES)
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise MatchError(_("This is not a stored match."))
    if doc.get("version") != VERSION:
        raise MatchError(
            _("This stored match was made by a newer version of the app: reload the page to update it.")
        )
    spec = get_game(doc["game"])
    if doc["rules"] != spec.rules_version:
        raise MatchError(
            _("This match was started under earlier rules of the game, which this app no longer plays.")
        )

    def text_list(value: Any) -> tuple[str, ...]:
        if not isinstance(value, list) or not all(isinstance(c, str) for c in value):
            raise MatchError(_("This stored match is damaged."))
        return tuple(value)

    def commitment(value: Any) -> Commitment | None:
        return None if value is None else Commitment(bytes.fromhex(value[0]), int(value[1]))

    def small_int(value: Any, hi: int) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= hi:
            raise MatchError(_("This stored match is damaged."))
        return value

    seat = doc["seat"]
    if seat is not None:
        small_int(seat, 1)
    secret = None if doc["secret"] is None else bytes.fromhex(doc["secret"])
    if (seat is None) != (secret is None):
        raise MatchError(_("This stored match is damaged."))
    c0, c1 = (commitment(c) for c in doc["commitments"])
    v0, v1 = (None if v is None else bytes.fromhex(v) for v in doc["latest"])
    if not isinstance(doc["options"], dict) or not isinstance(doc["links"], list):
        raise MatchError(_("This stored match is damaged."))
    raw_keys = doc.get("link_keys", [None, None])
    if not isinstance(raw_keys, list) or len(raw_keys) != 2:
        raise MatchError(_("This stored match is damaged."))
    k0, k1 = (None if k is None else bytes.fromhex(k) for k in raw_keys)
    link_keys = (k0, k1)
    if any(k is not None and len(k) != LINK_KEY_BYTES for k in link_keys):
        raise MatchError(_("This stored match is damaged."))
    data = MatchData(
        spec.id,
        spec.rules_version,
        doc["options"],
        small_int(doc["side"], 1),
        small_int(doc["days"], 365),
        tuple(text_list(codes) for codes in doc["links"]),
        small_int(doc["date"], 3_652_059),
        (c0, c1),
        (v0, v1),
        link_keys=link_keys,
        ending=_ending_from(doc.get("ending")),
        bound=doc.get("bound", False) is True,
        timing=_timing_from(doc.get("clock")),
    )
    if spec.cards is not None:
        cls = match_class(spec)
        extra = cls.restored(doc, text_list)
        if doc["link"] is None:
            match = cls(data, seat, secret, text_list(doc["pending"]), **extra)
            match.forfeit = doc.get("forfeit", False) is True
            _restore_extras(match, doc)
            return match
        opened = read_link(doc["link"])
        if opened.data.links != data.links or opened.data.key() != data.key():
            raise MatchError(_("This stored match is damaged."))
        match = cls(opened.data, seat, secret, text_list(doc["pending"]), opened, **extra)
    else:
        match = Match(data, seat, secret, text_list(doc["pending"]))
    match.forfeit = doc.get("forfeit", False) is True
    _restore_extras(match, doc)
    return match


def _clock_json(match: Match) -> dict:
    t = known(match.data.timing)
    return {"control": t.control.text, "spent": list(t.spent), "held_at": match.held_at}


def _timing_from(value: Any) -> Timing | None:
    if value is None:
        return None
    try:
        spent = value["spent"]
        if not isinstance(spent, list) or not all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x <= MAX_SPENT_CS for x in spent
        ):
            raise ValueError
        return Timing(TimeControl.parse(value["control"]), tuple(spent))
    except (TypeError, KeyError, ValueError, MatchError):
        raise MatchError(_("This stored match is damaged.")) from None


def _restore_extras(match: Match, doc: dict) -> None:
    """What a document adds to the match its links give: link 1 as held, a finding, when it
    held its latest link (a timed match)."""
    clock = doc.get("clock")
    if isinstance(clock, dict) and clock.get("held_at") is not None:
        held_at = clock["held_at"]
        if isinstance(held_at, bool) or not isinstance(held_at, (int, float)) or not 0 <= held_at < 1e15:
            raise MatchError(_("This stored match is damaged."))
        match.held_at = float(held_at)
    first = doc.get("first")
    if first is not None:
        if not isinstance(first, str) or len(first) != 32:
            raise MatchError(_("This stored match is damaged."))
        match._first = bytes.fromhex(first)
    if match.seat is not None and match.data.bound and match.data.count >= 2 and match.first_link is None:
        raise MatchError(_("This stored match is damaged."))
    finding = doc.get("finding")
    if finding is not None:
        if (
            not isinstance(finding, dict)
            or finding.get("seat") not in (0, 1)
            or not isinstance(finding.get("text"), str)
        ):
            raise MatchError(_("This stored match is damaged."))
        match.finding = Finding(finding["seat"], finding["text"][:2000])


def _ending_json(ending: Ending) -> list:
    out = [ending.kind, ending.seat, [sig.hex() for sig in ending.signatures]]
    return [*out, ending.waited] if ending.kind in CLAIMS else out


def _ending_from(value: Any) -> Ending | None:
    """The ending of a stored match (its signatures are checked again as the match is read back)."""
    if value is None:
        return None
    try:
        kind, seat, sigs, *waited = value
        if len(waited) != (1 if kind in CLAIMS else 0) or not all(
            isinstance(w, int) and 0 <= w <= MAX_WAIT_CS for w in waited
        ):
            raise ValueError
        ending = Ending(int(kind), int(seat), tuple(bytes.fromhex(x) for x in sigs), waited=sum(waited))
    except (TypeError, ValueError):
        raise MatchError(_("This stored match is damaged.")) from None
    if ending.kind not in KINDS or ending.seat not in (0, 1) or len(sigs) != (2 if kind == AGREED else 1):
        raise MatchError(_("This stored match is damaged."))
    return ending


def without_secrets(doc: dict[str, Any]) -> dict[str, Any]:
    """A stored match as a spectator's: no secret, no seat, nothing private (for an export that
    leaves the secrets out; the match opens read-only)."""
    out = dict(doc)
    out.update(seat=None, secret=None, pending=[], forfeit=False)
    for private in ("hand", "pool"):
        if private in out:
            out[private] = None
    if "sections" in out:
        out["sections"] = []
    return out
