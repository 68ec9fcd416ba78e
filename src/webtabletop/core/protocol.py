"""The game protocol every game implements (modelled on OpenSpiel's Python games).

A *game* is declared once as a :class:`GameSpec`: id, title, option class (an attrs class whose
defaults are the rules digest's defaults and whose validators reject out-of-range values) and
``new_game(options, seed)``.

A *state* is immutable: :meth:`State.apply` returns a new state and never changes the old one, so
a game record (options + seed + move codes) replays exactly, and undo is "look at an earlier state".
Moves are small immutable values with a stable short text ``code``; ``legal_moves()`` returns them
in a deterministic order (share links store indexes into that order).

Invariants every game keeps (checked by the generic property tests):
- ``legal_moves()`` is empty exactly when ``outcome()`` is not None;
- ``apply(m)`` accepts every legal move and raises :class:`IllegalMove` for anything else;
- ``move_from_code(m.code)`` gives back ``m``; codes are unique among the legal moves;
- the same seed and the same codes give equal ``snapshot()`` values, in CPython and Pyodide.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar, Protocol, runtime_checkable

import attrs

from webtabletop.core.ending import end
from webtabletop.core.errors import GameError, IllegalMove, OptionsError
from webtabletop.core.outcome import Outcome
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list

__all__ = ["GameError", "IllegalMove", "OptionsError", "GameSpec", "Outcome", "State", "Move"]


@runtime_checkable
class Move(Protocol):
    """A move: immutable, hashable, with a short stable text ``code`` and a readable ``label``."""

    @property
    def code(self) -> str: ...


class State:
    """Base class of game states. Subclasses are frozen attrs classes."""

    #: the spec of the game this state belongs to (set by each game)
    spec: ClassVar[GameSpec]

    # --- required -------------------------------------------------------------------------
    def to_move(self) -> int:
        """The player (0 or 1) who chooses the next move."""
        raise NotImplementedError

    def legal_moves(self) -> Sequence[Move]:
        """All legal moves in a deterministic order; empty when the game is over."""
        raise NotImplementedError

    def apply(self, move: Move) -> State:
        """The state after ``move``; raises :class:`IllegalMove` if it is not legal."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        raise NotImplementedError

    def snapshot(self) -> dict[str, Any]:
        """A JSON-able full description of the state (used by replay comparisons and --json)."""
        raise NotImplementedError

    # --- provided ---------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return self.outcome() is not None

    def move_from_code(self, code: str) -> Move:
        """The legal move with this code, or :class:`IllegalMove` with a clear message."""
        for m in self.legal_moves():
            if m.code == code:
                return m
        raise IllegalMove(_("{code} is not a legal move here").format(code=repr(code)))

    def apply_code(self, code: str) -> State:
        if isinstance(code, str) and code.startswith("!"):  # a resignation or an agreed draw
            return end(self, code)
        return self.apply(self.move_from_code(code))

    def can_resign(self) -> bool:
        """A player may still resign or agree a draw (core/ending.py): the game is not over.
        A game whose result is already decided but still has moves to make (HTT's pick)
        says no."""
        return not self.is_over

    def move_label(self, move: Move) -> str:
        """A readable name of ``move`` for the move log (played from this state)."""
        return getattr(move, "label", move.code)

    def turn_index(self) -> int | None:
        """The number of the turn the next move belongs to: the moves of one turn (a defence, a
        bonus play, a cross-out, an answer to a draw offer) share it, so the move log shows one
        row per turn. None (the default): every change of the player to move starts a turn."""
        return None

    def view(self, player: int | None) -> dict[str, Any]:
        """What ``player`` may see (None = a spectator). Full information games show everything."""
        return self.snapshot()

    def determinize(self, player: int, seed: int) -> State:
        """A state consistent with everything ``player`` knows, with the unknown resampled.

        The default resamples the future (dice, draws) by replacing ``rng_state``; games with
        hidden cards override it to reshuffle what ``player`` cannot see.
        """
        if hasattr(self, "rng_state"):
            return attrs.evolve(self, rng_state=seed)  # type: ignore[misc]
        return self

    def text(self) -> str:
        """A short human-readable dump for logs and the CLI."""
        return repr(self)


_FIELDS: dict[type, tuple[str, ...]] = {}


def fast_evolve(inst: Any, **changes: Any) -> Any:
    """``attrs.evolve`` without validators or converters, for hot paths of frozen slotted states.

    Only for values the rules themselves computed (already valid); ~5x faster than evolve.
    """
    cls = type(inst)
    names = _FIELDS.get(cls)
    if names is None:
        names = _FIELDS[cls] = tuple(a.name for a in attrs.fields(cls))
    new = object.__new__(cls)
    setter = object.__setattr__
    for name in names:
        setter(new, name, changes[name] if name in changes else getattr(inst, name))
    return new


#: the ply cap of a game that declares none (every game must end; see GameSpec.max_plies)
DEFAULT_MAX_PLIES = 2000


@attrs.frozen
class GameSpec:
    """The declaration of one game."""

    id: str
    title: str
    summary: str
    options_class: type
    new_game: Callable[[Any, int], State]
    #: per-game AI tuning: evaluation / rollout policy plug-ins (see webtabletop.ai.mcts)
    ai_hooks: Any = None
    hidden_information: bool = False
    #: the version of this game's rules. Bump it when a correction changes which moves are legal
    #: or their order; records and links carry the version they were made under.
    rules_version: int = 1
    #: ``max_plies(options)``: a hard cap on the number of moves, derived from the rules. The rules
    #: end every game by then (a draw at the cap if nothing else ended it), and decoders refuse
    #: longer records before replaying anything.
    max_plies: Callable[[Any], int] | None = None
    #: ``legacy_codes(state, rules_version)``: for links made under an older rules version, the
    #: codes of the moves that version listed in ``state``, in its order (links store indexes into
    #: that list). None when that version listed the same moves in the same order as today. An
    #: empty list means "the older rules had led to a different position by now": links and
    #: records of that version stop here, with a message, rather than be silently changed.
    legacy_codes: Callable[[State, int], Sequence[str] | None] | None = None
    #: ``reseed(state, rng) -> state``: the same position with the randomness it holds for the
    #: coming turn (dice already rolled for the player to move, its generator state) redrawn from
    #: ``rng``. Only correspondence matches call it, at the start of a turn, with the beacon's
    #: generator of that link (docs/fair-play.md, "Matches by link"); hot-seat, AI, share links
    #: and records never do, so a game without it plays exactly as before. None: the game draws
    #: nothing at random after its start (its matches need no fair seed).
    reseed: Callable[[State, Any], State] | None = None
    #: the game's hidden cards in a correspondence match: an adapter with ``deal(state, known)``
    #: filling in the cards a browser may see over placeholders, and what its scheme needs (a dealt
    #: deck, SHT's ``games/sht/rules/match.py``: positions, the key schedule, the public move codec;
    #: hands chosen by their owners, ``scheme = "chosen"``, HTT's ``games/htt/rules/match.py``). None: a
    #: match of this game hides nothing (docs/fair-play.md, "Hidden cards in a match").
    cards: Any = None
    #: the rules allow a draw by agreement (offered and accepted in the app, recorded as the
    #: ending ``!draw``: core/ending.py). Every game can be resigned.
    agreed_draws: bool = False
    #: the codes of the rules' own draw offer, its acceptance and its refusal, when a draw is a
    #: move of the game itself (HTT: "if both players press it the game ends 5–5"), or None
    draw_moves: tuple[str, str, str] | None = None

    def default_options(self) -> Any:
        return self.options_class()

    def options_from_dict(self, data: dict[str, Any] | None) -> Any:
        return options_from_dict(self.options_class, data or {})

    def start(self, options: Any | None = None, seed: int = 0) -> State:
        return self.new_game(options if options is not None else self.default_options(), seed)

    def ply_cap(self, options: Any) -> int:
        """The most moves a game with these options can have."""
        return self.max_plies(options) if self.max_plies is not None else DEFAULT_MAX_PLIES


#: the longest text an option may hold (a DumaRaj position, an HTT hand list)
MAX_OPTION_TEXT = 4000
_LIMIT = 10**18


def options_from_dict(cls: type, data: dict[str, Any]) -> Any:
    """Build an attrs option object from plain data, with clear messages for bad input.

    Unknown keys, wrong types and out-of-range values raise :class:`OptionsError`; missing keys
    take the defaults. Fields whose default is an int/bool/str must receive that type; numbers
    written as text must be ASCII digits, and no value is large enough to be slow to check.
    """
    if not isinstance(data, dict):
        raise OptionsError(_("options must be an object of name: value pairs"))
    fields = {f.name: f for f in attrs.fields(cls)}
    unknown = sorted(str(k)[:40] for k in set(data) - set(fields))
    if unknown:
        raise OptionsError(_("unknown option(s): {names}").format(names=join_list(unknown)))
    kwargs = {}
    for name, value in data.items():
        f = fields[name]
        # attrs' stubs type Factory as a function; at run time it is the class of a factory default
        default = f.default.factory() if isinstance(f.default, attrs.Factory) else f.default  # type: ignore[arg-type]
        kwargs[name] = _coerce(name, value, default)
    try:
        return cls(**kwargs)
    except OptionsError:
        raise
    except (TypeError, ValueError) as exc:
        raise OptionsError(_validator_message(exc)) from None
    except (RecursionError, MemoryError, OverflowError, LookupError, AttributeError):
        raise OptionsError(_("the options hold a value this game cannot use")) from None


def _coerce(name: str, value: Any, default: Any) -> Any:
    from webtabletop.core.inputs import InputError, json_depth, parse_int

    if isinstance(default, bool):
        if isinstance(value, bool):
            return value
        if value in ("true", "on", "1", 1):
            return True
        if value in ("false", "off", "0", 0, ""):
            return False
        raise OptionsError(_("option {name} must be true or false, not {value}").format(name=repr(name), value=_short(value)))
    if isinstance(default, int):
        try:
            number = parse_int(value, _("option {name}").format(name=repr(name)))
        except InputError as exc:
            raise OptionsError(str(exc)) from None
        if not -_LIMIT <= number <= _LIMIT:
            raise OptionsError(_("option {name} is far out of range ({value})").format(name=repr(name), value=_short(value)))
        return number
    if isinstance(default, str):
        if not isinstance(value, str):
            raise OptionsError(_("option {name} must be text, not {value}").format(name=repr(name), value=_short(value)))
        if len(value) > MAX_OPTION_TEXT:
            raise OptionsError(_too_long(name, value))
        return value
    if isinstance(value, str) and len(value) > MAX_OPTION_TEXT:
        raise OptionsError(_too_long(name, value))
    if isinstance(value, (list, dict)) and (json_depth(value, 4) > 3 or _size(value) > MAX_OPTION_TEXT):
        raise OptionsError(_("option {name} holds more than any game uses").format(name=repr(name)))
    if isinstance(value, int) and not isinstance(value, bool) and not -_LIMIT <= value <= _LIMIT:
        raise OptionsError(_("option {name} is far out of range").format(name=repr(name)))
    return value


def _too_long(name: str, value: str) -> str:
    return ngettext(
        "option {name} is too long ({n} character)", "option {name} is too long ({n} characters)", len(value)
    ).format(name=repr(name), n=f"{len(value):,}")


def _size(value: Any) -> int:
    """How many items a (depth-checked) list/dict holds in all."""
    if isinstance(value, dict):
        return len(value) + sum(_size(v) for v in value.values())
    if isinstance(value, list):
        return len(value) + sum(_size(v) for v in value)
    return 1


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 30 else text[:27] + "…"


def _validator_message(exc: Exception) -> str:
    # attrs' in_ validator: ("'board' must be in [...] (got 'x')", attribute, options, value)
    text = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
    return text if len(text) <= 200 else text[:197] + "…"


def options_to_dict(options: Any) -> dict[str, Any]:
    return attrs.asdict(options, recurse=False)


def options_diff(options: Any) -> dict[str, Any]:
    """Only the options that differ from the defaults (what share links carry)."""
    default = type(options)()
    full = options_to_dict(options)
    base = options_to_dict(default)
    return {k: v for k, v in full.items() if base.get(k) != v}
