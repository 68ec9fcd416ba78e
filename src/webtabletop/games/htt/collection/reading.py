"""Reading a stored or imported HTT collection: the input boundary of the ``htt-collection`` schema.

The app's backup import, the collection file import and every start of the app read the player's
collection through :func:`read_fields`, so a document that passes it can neither crash nor slow a
later screen:

- every count, list and text has a bound (:data:`LIMITS`); numbers are whole numbers in range;
- the player's own sets pass :meth:`CardSet.from_json` (sizes, levels 1..11, values 1..A,
  pictures only as ``data:`` URLs of PNG/JPEG/GIF/WebP within the size limit) and the set rules
  (:func:`check_set`, warnings allowed: old level-3 cards still load and play); their ids are
  neither a built-in set's id nor repeated;
- battle-log entries keep only their known fields, as bounded text.

Any problem raises ValueError (a :class:`CollectionError`) naming the field.
"""

from __future__ import annotations

from typing import Any

from webtabletop.core.errors import GameError
from webtabletop.games.htt.rules.sets.cardset import CardSet
from webtabletop.games.htt.rules.sets.check import check_set, errors
from webtabletop.games.htt.rules.sets.names import BUILTIN_SPECS
from webtabletop.i18n import _
from webtabletop.i18n.text import join_list

BUILTIN_SET_IDS = tuple(spec[0] for spec in BUILTIN_SPECS)
DECK_SOURCES = ("", "dealt", "own", "random")
LOG_SIZE = 100
MAX_COPIES = 9999
MAX_COUNTER = 10**12
LOG_FIELDS = ("date", "opponent", "score", "result", "rules", "board", "taken")
LIMITS = {
    "owned": 10_000,  # different cards
    "preset_wins": 200,
    "ai_won": 10_000,
    "presets": 100,
    "preset_fields": 40,
    "custom_sets": 50,
    "achieved": 500,
    "rewards_pending": 500,
    "deck": 11,
    "key": 60,  # characters of a card id, preset name or achievement id
    "log_text": 200,
}
COUNTERS = (
    "packs_available",
    "packs_opened",
    "games_played",
    "games_won",
    "games_lost",
    "games_drawn",
    "perfect_wins",
    "earn_progress",
    "sets_created",
)


class CollectionError(GameError):
    """A collection document that cannot be used; the message names the field."""


def _whole(value: Any, what: str, hi: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= hi:
        shown = repr(value) if len(repr(value)) <= 24 else repr(value)[:21] + "…"
        raise CollectionError(
            _("collection field {field} must be a whole number from 0 to {max}, not {value}").format(
                field=what, max=f"{hi:,}", value=shown
            )
        )
    return value


def _key(value: Any, what: str) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= LIMITS["key"]:
        raise CollectionError(
            _("collection field {field} holds a name that is not 1..{max} characters of text").format(
                field=repr(what), max=LIMITS["key"]
            )
        )
    return value


def _counts(data: dict, key: str, hi: int) -> dict[str, int]:
    d = data.get(key, {})
    if not isinstance(d, dict):
        raise CollectionError(
            _("collection field {field} must map names to whole numbers ≥ 0").format(field=repr(key))
        )
    if len(d) > LIMITS[key]:
        raise CollectionError(
            _("collection field {field} has more than {max} entries").format(
                field=repr(key), max=f"{LIMITS[key]:,}"
            )
        )
    return {_key(k, key): _whole(v, f"{key!r}", hi) for k, v in d.items() if v != 0}


def _strings(data: dict, key: str) -> list[str]:
    v = data.get(key, [])
    if not isinstance(v, list) or len(v) > LIMITS[key]:
        raise CollectionError(
            _("collection field {field} must be a list of at most {max} names").format(
                field=repr(key), max=LIMITS[key]
            )
        )
    return [_key(x, key) for x in v]


def _presets(data: dict) -> dict[str, dict[str, Any]]:
    presets = data.get("presets", {})
    if not isinstance(presets, dict) or len(presets) > LIMITS["presets"]:
        raise CollectionError(
            _("collection field 'presets' must map at most {max} names to rules").format(
                max=LIMITS["presets"]
            )
        )
    out = {}
    for name, rules in presets.items():
        if not isinstance(name, str) or not 0 < len(name) <= 40:
            raise CollectionError(_("a saved preset's name must be 1..40 characters"))
        if not isinstance(rules, dict) or len(rules) > LIMITS["preset_fields"]:
            raise CollectionError(_("the preset {name} does not hold table rules").format(name=repr(name)))
        for k, v in rules.items():
            small = isinstance(v, (bool, int)) and not (isinstance(v, int) and abs(v) > 10**6)
            if not isinstance(k, str) or len(k) > 20 or not (small or (isinstance(v, str) and len(v) <= 40)):
                raise CollectionError(
                    _("the preset {name} holds a rule that is not a short name and value").format(
                        name=repr(name)
                    )
                )
        out[name] = dict(rules)
    return out


def _log(data: dict) -> list[dict[str, Any]]:
    log = data.get("log", [])
    if not isinstance(log, list):
        raise CollectionError(_("collection field 'log' must be a list of entries"))
    out = []
    for entry in log[-LOG_SIZE:]:
        if not isinstance(entry, dict):
            raise CollectionError(_("collection field 'log' must be a list of entries"))
        clean: dict[str, Any] = {}
        for k in LOG_FIELDS:
            v = entry.get(k)
            if v is not None and not isinstance(v, str):
                raise CollectionError(_("a battle-log entry's {field} must be text").format(field=repr(k)))
            clean[k] = None if v is None else v[: LIMITS["log_text"]]
        out.append(clean)
    return out


def _sets(data: dict) -> list[dict[str, Any]]:
    sets = data.get("custom_sets", [])
    if not isinstance(sets, list) or len(sets) > LIMITS["custom_sets"]:
        raise CollectionError(
            _("collection field 'custom_sets' must be a list of at most {max} sets").format(
                max=LIMITS["custom_sets"]
            )
        )
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    for i, doc in enumerate(sets):
        s = read_set(doc, _("player set {n}").format(n=i + 1))
        if s.id in seen:
            raise CollectionError(
                _("player set {n}: the set id {id} is used twice").format(n=i + 1, id=repr(s.id))
            )
        seen.add(s.id)
        out.append(s.to_json())
    return out


def read_set(doc: Any, where: str) -> CardSet:
    """A player's set as stored or imported: readable, not a built-in id, no broken set rule."""
    try:
        s = CardSet.from_json(doc)
    except ValueError as exc:
        raise CollectionError(_("{where}: {problem}").format(where=where, problem=exc)) from None
    if s.id in BUILTIN_SET_IDS:
        raise CollectionError(
            _(
                "{where} (“{name}”) uses the id {id} of a built-in set; a player's set needs an id of its own"
            ).format(where=where, name=s.name, id=repr(s.id))
        )
    problems = errors(check_set(s))
    if problems:
        raise CollectionError(
            _("{where} (“{name}”) breaks the set rules: {problem}").format(
                where=where, name=s.name, problem=problems[0]
            )
        )
    return s


def read_fields(data: dict) -> dict[str, Any]:
    """The keyword arguments of :class:`Collection` from a (migrated) collection document."""
    kwargs: dict[str, Any] = {key: _whole(data.get(key, 0), repr(key), MAX_COUNTER) for key in COUNTERS}
    kwargs["owned"] = _counts(data, "owned", MAX_COPIES)
    kwargs["ai_won"] = _counts(data, "ai_won", MAX_COUNTER)
    kwargs["preset_wins"] = _counts(data, "preset_wins", MAX_COUNTER)
    kwargs["presets"] = _presets(data)
    kwargs["achieved"] = _strings(data, "achieved")
    kwargs["rewards_pending"] = _strings(data, "rewards_pending")
    kwargs["log"] = _log(data)
    kwargs["custom_sets"] = _sets(data)
    kwargs["deck"] = _strings(data, "deck")
    source = data.get("deck_source", "")
    if source not in DECK_SOURCES:
        raise CollectionError(
            _("collection field 'deck_source' must be one of {values}").format(
                values=join_list(map(repr, DECK_SOURCES))
            )
        )
    kwargs["deck_source"] = source
    return kwargs
