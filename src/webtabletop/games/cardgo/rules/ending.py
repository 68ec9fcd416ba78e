"""How a CardGO game ends (digest: shared/rules/cardgo.md).

A player whose time reaches 0 loses; both at 0 is a draw. Otherwise the game ends after two passes
in a row, after ``turn_limit`` turns, or at :func:`~webtabletop.games.cardgo.rules.versions.max_plies`
moves (a bound the turn limit always reaches first): more time left wins, equal time draws.
"""

from __future__ import annotations

from webtabletop.core.protocol import Outcome
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.versions import max_plies
from webtabletop.i18n import N_, _

PLAYER_NAMES = (N_("Green"), N_("Red"))  # msgids: translate with _ where shown
#: a side's loss on time, whole sentences: the reason is also kept in saved games and translated
#: again where it is shown (the data page), so it must be a msgid itself, not a filled template
TIME_OUT = (N_("Green ran out of time"), N_("Red ran out of time"))


def outcome_of(time: tuple[int, int], passes: int, turn: int, plies: int, options: CardgoOptions) -> Outcome | None:
    """The result once the game is over (scores are the times left), else None."""
    a, b = time
    scores = (float(a), float(b))
    if a <= 0 or b <= 0:
        if a <= 0 and b <= 0:
            return Outcome(None, scores, _("both players ran out of time"))
        loser = 0 if a <= 0 else 1
        return Outcome(1 - loser, scores, _(TIME_OUT[loser]))
    limit, cap = options.turn_limit, max_plies(options)
    if passes < 2 and turn <= limit and plies < cap:
        return None
    if passes >= 2:
        why = _("two passes in a row")
    elif turn > limit:
        why = _("the turn limit ({turns}) was reached").format(turns=limit)
    else:
        why = _("the move limit ({moves}) was reached").format(moves=cap)
    if a == b:
        return Outcome(None, scores, _("{why}; equal time").format(why=why))
    return Outcome(0 if a > b else 1, scores, _("{why}; more time left").format(why=why))
