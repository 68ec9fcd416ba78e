"""The rules page's honest label for correspondence play ("The rules page of each
game says what correspondence play guarantees and what it doesn't").

What each game can promise depends on what it hides: DumaRaj hides nothing, Tsifrograd has dice,
SHT, HTT and CardGO have secret cards. The promises are those of docs/fair-play.md's threat model,
in a player's words; a game that cannot be played by link yet says so instead of promising.
"""

from __future__ import annotations

from webtabletop.core.registry import game_module
from webtabletop.core.view import esc
from webtabletop.i18n import N_, _

#: every game, by link
COMMON = (
    N_(
        "Each link holds the whole game so far, so the latest link is always enough. Both browsers "
        "check every move against the rules."
    ),
    N_(
        "Anyone who holds a link can read the game in it, but only the two players' browsers can "
        "move: each keeps a secret that never leaves it."
    ),
    N_(
        "A player can stop answering at any time. That leaves the game unfinished; it cannot change "
        "what was played or drawn."
    ),
    N_(
        "A link is checked, not signed: someone who changes a link on its way could change the "
        "last turn in it. Send links through a channel you trust. The player who sent the turn sees "
        "the change in the next link and refuses it."
    ),
)

#: every game with secret cards (HiddenMatch.revealed: the verified end holds every card)
SHOWN = N_("Once the end check has verified the game, both browsers show every card that was hidden.")


def promises_of(game_id: str) -> tuple[str, ...]:
    """What the game's own randomness or secrets get (its ``GameModule.fair_play``), and
    :data:`SHOWN` where it has secret cards."""
    module = game_module(game_id)
    return tuple(module.fair_play) + ((SHOWN,) if module.spec.cards is not None else ())


def section(game_id: str, supported: bool) -> str:
    """The rules page's section on playing a friend by link (HTML)."""
    head = f"<section class='by-link'><h2>{esc(_('Playing a friend by link'))}</h2>"
    if not supported:
        return head + f"<p>{esc(_('This game cannot be played by link yet.'))}</p></section>"
    promises = "".join(f"<li>{esc(_(text))}</li>" for text in promises_of(game_id) + COMMON)
    return head + f"<ul>{promises}</ul></section>"
