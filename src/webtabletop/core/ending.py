"""Endings the players choose, outside a game's rules: a resignation, or a draw both agreed.

Every game can be resigned; a draw by agreement only where the game's rules allow
one (``GameSpec.agreed_draws``; HTT's draw offer is a move of its own rules instead). An ending
is recorded as the last entry of a record's moves, with a code no game's move has:

- ``!resign0`` / ``!resign1``: that player resigns, the other wins;
- ``!draw``: the game ends drawn by agreement.

A match by link may also end by a claim of the win (``CLAIMED``, never a record's move: the
match's signed annotation holds it, ``correspondence.endings``): ``!time0`` / ``!time1``, that
player's time ran out (``correspondence.liveclock``); ``!left0`` / ``!left1``, that player left a
live game.

:func:`end` (what ``State.apply_code`` does with such a code) gives the same position as a
finished game: a copy of the state whose class is a subclass of the game's state class with the
ending's outcome, no legal moves and no further move. Every consumer of a state (views, the
app's game-over window, the AI, saved results, a game's game-over hook) sees an ordinary
finished game; the board is the position the game stopped in. Invariants:

- an ending is legal only while ``state.can_resign()`` (the game is not over, nor decided), and
  is always the last entry;
- a draw by agreement is refused in a game whose spec does not allow one;
- the ended state's class attribute ``ended_by`` names the code (``ending_of`` reads it; None for a
  state the rules themselves ended or that goes on).

The offer itself (asking the other player, the computer's answer) is the app's part: only the
agreed result reaches the record.
"""

from __future__ import annotations

import copy
from typing import Any, Protocol, TypeVar

from webtabletop.core.errors import IllegalMove
from webtabletop.core.outcome import Outcome
from webtabletop.i18n import N_, _
from webtabletop.i18n.sides import side_gettext

RESIGN = ("!resign0", "!resign1")
DRAW = "!draw"
TIMEOUT = ("!time0", "!time1")
LEFT = ("!left0", "!left1")
#: the endings a record holds (a shared position's link numbers one by its index here,
#: ``core.sharelink``); a match's claims (time, left) end its position but are never a record's move
ENDINGS = (*RESIGN, DRAW)
CLAIMED = (*TIMEOUT, *LEFT)
#: the outcome's reasons (shown translated by the game-over window, like every reason)
RESIGNATION = N_("resignation")
AGREED = N_("draw agreed")
ON_TIME = N_("time ran out")
WALKOVER = N_("opponent left")

_CLASSES: dict[tuple[type, str], type] = {}


class Endable(Protocol):
    """What an ending needs of a state (a :class:`~webtabletop.core.protocol.State`, which
    builds on this module: its ``apply_code`` ends a game here)."""

    @property
    def spec(self) -> Any: ...

    def can_resign(self) -> bool: ...


S = TypeVar("S", bound=Endable)


def is_ending(code: Any) -> bool:
    return code in ENDINGS


def resign_code(player: int) -> str:
    return RESIGN[player]


def ending_of(state: Endable) -> str | None:
    """The ending code that finished ``state``, or None."""
    return getattr(type(state), "ended_by", None)


def resigner(code: str) -> int | None:
    """The player who resigned with ``code`` (None for a draw)."""
    return RESIGN.index(code) if code in RESIGN else None


def loser(code: str) -> int | None:
    """The player who lost by the ending ``code``: resigned, ran out of time or left (None: a
    draw)."""
    for codes in (RESIGN, TIMEOUT, LEFT):
        if code in codes:
            return codes.index(code)
    return None


_REASONS = {RESIGN: RESIGNATION, TIMEOUT: ON_TIME, LEFT: WALKOVER}


def allows_draw(state: Endable) -> bool:
    """The game's rules allow a draw by agreement (and the game is not over)."""
    return bool(getattr(state.spec, "agreed_draws", False)) and state.can_resign()


def end(state: S, code: str) -> S:
    """``state`` finished by the ending ``code``; :class:`IllegalMove` says why not."""
    if code not in ENDINGS and code not in CLAIMED:
        raise IllegalMove(_("{code} is not a legal move here").format(code=repr(code)))
    if not state.can_resign():
        raise IllegalMove(_("the game is over"))
    if code == DRAW and not allows_draw(state):
        raise IllegalMove(_("the rules of this game allow no draw by agreement"))
    cls = type(state)
    sub = _CLASSES.get((cls, code))
    if sub is None:
        outcome = _outcome(code)
        sub = type(
            f"{cls.__name__}Ended",
            (cls,),
            {
                "__slots__": (),
                "ended_by": code,
                "outcome": lambda self: outcome,
                "legal_moves": lambda self: [],
                "apply": _no_move,
                "apply_code": _no_code,
            },
        )
        _CLASSES[(cls, code)] = sub
    twin = copy.copy(state)
    object.__setattr__(twin, "__class__", sub)
    return twin


def _outcome(code: str) -> Outcome:
    lost = loser(code)
    if lost is None:
        return Outcome(None, (0.5, 0.5), AGREED)
    winner = 1 - lost
    reason = next(r for codes, r in _REASONS.items() if code in codes)
    return Outcome(winner, (1.0, 0.0) if winner == 0 else (0.0, 1.0), reason)


def _no_move(self: Any, move: Any) -> Any:
    raise IllegalMove(_("the game is over"))


def _no_code(self: Any, code: str) -> Any:
    raise IllegalMove(_("the game is over"))


def label(code: str, names: tuple[str, str], plural: bool = False) -> str:
    """The move list's entry of an ending (``names``: the players' names, untranslated;
    ``plural``: they are plural nouns, i18n/sides.py)."""
    lost = loser(code)
    if lost is None:
        return _("Draw agreed")
    if code in TIMEOUT:
        return side_gettext(plural, "{player} ran out of time").format(player=_(names[lost]))
    if code in LEFT:
        return side_gettext(plural, "{player} left the game").format(player=_(names[lost]))
    return side_gettext(plural, "{player} resigns").format(player=_(names[lost]))


def sentence(code: str, names: tuple[str, str], plural: bool = False) -> str:
    """The status line's sentence for an ending."""
    lost = loser(code)
    if lost is None:
        return _("Both players agreed to a draw.")
    if code in TIMEOUT:
        text = side_gettext(plural, "{player} ran out of time: {winner} wins.")
    elif code in LEFT:
        text = side_gettext(plural, "{player} left the game: {winner} wins.")
    else:
        text = side_gettext(plural, "{player} resigned: {winner} wins.")
    return text.format(player=_(names[lost]), winner=_(names[1 - lost]))
