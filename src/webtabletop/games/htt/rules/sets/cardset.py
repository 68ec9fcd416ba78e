"""Card sets: the set model and its versioned JSON form (the set rules: ``sets.rules``).

Card order in a set: level 1 first; within a level the set order. Card ids are
``<set id>-<level><letter>`` (``emb-3a``, ``emb-3b``, ... ``emb-11f``); a player's set may use
other suffixes, but every card id starts with its set's id and ``-``, so no set can shadow another
set's cards.

:meth:`CardSet.from_json` is the input boundary of every set document (files, backups, stored
collections): it bounds sizes, lengths and numbers (:data:`MAX_NAME`, :data:`MAX_CARDS`, levels
1..11, values 1..A, rarity 1..100) and accepts only pictures that are ``data:`` URLs of PNG,
JPEG, GIF or WebP within :data:`IMAGE_LIMIT`, so no later screen can be slowed or made to fetch
from another origin by a set.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

import attrs

from webtabletop.core.errors import GameError
from webtabletop.core.inputs import guard, load_json
from webtabletop.games.htt.rules.cards import MATTERS, A, Card, parse_value
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list

SET_FORMAT = "htt-set"
SET_VERSION = 1
PER_LEVEL = (6, 12)
LEVEL11 = (3, 6)
MAX_THREE_A = 1
MAX_TWO_A = 3
RARITY = (1, 100)
SET_ID_RE = re.compile(r"^[a-z0-9][a-z0-9_]{0,15}$")
CARD_SUFFIX_RE = re.compile(r"^[a-z0-9_]{1,12}$")
MAX_NAME = 40  # set and card names
MAX_THEME = 80
MAX_CARDS = PER_LEVEL[1] * 10 + LEVEL11[1]
#: pictures of player-made cards: a data: URL of one of these types, at most this many characters
IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")
IMAGE_LIMIT = 64 * 1024
_IMAGE_RE = re.compile(r"^data:image/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]*={0,2}$")


class SetError(GameError):
    """A set document that cannot be used; the message says which part is wrong."""


def image_problem(image: Any) -> str | None:
    """Why ``image`` cannot be a card picture (None = a usable data: URL)."""
    if not isinstance(image, str) or not image.startswith("data:"):
        return _(
            "is not a PNG, JPEG, GIF or WebP picture stored in the set (outside addresses are not allowed)"
        )
    if len(image) > IMAGE_LIMIT:
        return _("is larger than {kb} KB").format(kb=IMAGE_LIMIT * 3 // 4 // 1024)
    if not _IMAGE_RE.match(image):
        return _("is not a PNG, JPEG, GIF or WebP picture")
    return None


def card_tuple(cards: Iterable[Card]) -> tuple[Card, ...]:
    """A set's cards as a tuple (the converter of :attr:`CardSet.cards`)."""
    return tuple(cards)


@attrs.frozen
class CardSet:
    id: str
    name: str
    theme: str
    cards: tuple[Card, ...] = attrs.field(converter=card_tuple)
    seed: int | None = None

    @property
    def old_level3(self) -> list[Card]:
        """Cards made under rules version 1 with a level-3 sum the corrected table no longer allows."""
        return [c for c in self.cards if c.old_level3]

    def by_level(self, level: int) -> list[Card]:
        return [c for c in self.cards if c.level == level]

    @property
    def per_level(self) -> int:
        return len(self.by_level(1))

    @property
    def level11(self) -> int:
        return len(self.by_level(11))

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(f"no card {card_id!r} in set {self.id!r}")

    # --- JSON ----------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        cards = []
        for c in self.cards:
            d: dict[str, Any] = {
                "id": c.id,
                "name": c.name,
                "level": c.level,
                "values": c.text,
                "matter": c.matter,
                "rarity": c.rarity,
            }
            if c.image:
                d["image"] = c.image
            cards.append(d)
        out: dict[str, Any] = {
            "format": SET_FORMAT,
            "version": SET_VERSION,
            "id": self.id,
            "name": self.name,
            "theme": self.theme,
        }
        if self.seed is not None:
            out["seed"] = self.seed
        out["cards"] = cards
        return out

    def dumps(self, indent: int | None = None) -> str:
        return json.dumps(self.to_json(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, data: Any) -> CardSet:
        """Read a set; raises :class:`SetError` naming what is wrong. The set rules are checked by
        :func:`check_set`; this checks that every field has a usable type, size and range."""
        return guard(lambda: _from_json(cls, data), SetError, _("the card set"))

    @classmethod
    def loads(cls, text: str) -> CardSet:
        what = _("the file")
        data = guard(lambda: load_json(text, what), SetError, what)
        return cls.from_json(data)


def _text(data: dict, key: str, where: str, limit: int) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise SetError(_("{where}: the field {field} must be text").format(where=where, field=repr(key)))
    if len(value) > limit:
        raise SetError(
            _("{where}: the field {field} is longer than {limit} characters").format(
                where=where, field=repr(key), limit=limit
            )
        )
    return value


def _whole(data: dict, key: str, where: str, lo: int, hi: int) -> int:
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool):
        raise SetError(_("{where}: {field} must be a whole number").format(where=where, field=repr(key)))
    if not lo <= value <= hi:
        if abs(value) < 10**9:
            raise SetError(
                _("{where}: {field} must be from {lo} to {hi}, not {value}").format(
                    where=where, field=repr(key), lo=lo, hi=hi, value=value
                )
            )
        raise SetError(
            _("{where}: {field} must be from {lo} to {hi}, not a huge number").format(
                where=where, field=repr(key), lo=lo, hi=hi
            )
        )
    return value


def _from_json(cls: type[CardSet], data: Any) -> CardSet:
    if not isinstance(data, dict) or data.get("format") != SET_FORMAT:
        raise SetError(_("this is not an HTT card set (format 'htt-set' expected)"))
    if data.get("version") != SET_VERSION:
        shown = repr(data.get("version"))
        raise SetError(
            _("card set version {version} is not supported (this app reads version {supported})").format(
                version=shown if len(shown) <= 20 else shown[:17] + "…", supported=SET_VERSION
            )
        )
    the_set = _("the set")
    set_id = _text(data, "id", the_set, 16)
    if not SET_ID_RE.match(set_id):
        raise SetError(
            _("the set id {id} must be 1..16 lower-case letters, digits or _").format(id=repr(set_id))
        )
    name = _text(data, "name", the_set, MAX_NAME)
    theme = _text(data, "theme", the_set, MAX_THEME)
    raw = data.get("cards")
    if not isinstance(raw, list) or not raw:
        raise SetError(_("the set's 'cards' must be a non-empty list"))
    if len(raw) > MAX_CARDS:
        raise SetError(
            ngettext(
                "the set has {n} card; a set has at most {max}", "the set has {n} cards; a set has at most {max}", len(raw)
            ).format(n=len(raw), max=MAX_CARDS)
        )
    seed = data.get("seed")
    if seed is not None:
        seed = _whole(data, "seed", the_set, 0, (1 << 64) - 1)
    cards = []
    for i, c in enumerate(raw):
        where = _("card {n}").format(n=i + 1)
        if not isinstance(c, dict):
            raise SetError(_("{where} is not an object").format(where=where))
        cid = _text(c, "id", where, 16 + 1 + 12)
        if not cid.startswith(set_id + "-") or not CARD_SUFFIX_RE.match(cid[len(set_id) + 1 :]):
            raise SetError(
                _("{where}: its id {id} must be the set id, '-' and up to 12 letters or digits").format(
                    where=where, id=repr(cid)
                )
            )
        cname = _text(c, "name", where, MAX_NAME)
        level = _whole(c, "level", where, 1, 11)
        text = _text(c, "values", where, 6)
        if len(text) != 6:
            raise SetError(
                _("{where}: 'values' must be six characters (1-9 or A), got {text}").format(
                    where=where, text=repr(text)
                )
            )
        try:
            values = tuple(parse_value(ch) for ch in text)
        except ValueError as exc:
            raise SetError(_("{where}: {problem}").format(where=where, problem=exc)) from None
        if any(not 1 <= v <= A for v in values):
            raise SetError(
                _("{where}: values must be 1..9 or A, got {text}").format(where=where, text=repr(text))
            )
        matter = _text(c, "matter", where, 10)
        if matter not in MATTERS:
            raise SetError(
                _("{where}: matter must be one of {matters}, not {matter}").format(
                    where=where, matters=join_list(MATTERS), matter=repr(matter)
                )
            )
        rarity = _whole(c, "rarity", where, RARITY[0], RARITY[1])
        image = c.get("image")
        if image is not None:
            problem = image_problem(image)
            if problem:
                # TRANSLATORS: {problem} is one of the picture problems above ("is larger than 96 KB", …)
                raise SetError(_("the picture of {card} {problem}").format(card=repr(cname), problem=problem))
        cards.append(Card(cid, cname, level, values, matter, rarity, set_id, image))
    return cls(set_id, name, theme, tuple(cards), seed)


def card_id(set_id: str, level: int, index: int) -> str:
    return f"{set_id}-{level}{chr(97 + index)}"
