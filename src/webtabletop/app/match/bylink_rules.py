"""The rules page's honest label for correspondence play ("The rules page of each
game says what correspondence play guarantees and what it doesn't").

What each game can promise depends on what it hides: DumaRaj hides nothing, Tsifrograd has dice,
SHT, HTT and CardGO have secret cards. The promises are those of docs/fair-play.md's threat model,
in a player's words; a game that cannot be played by link yet says so instead of promising.
"""

from __future__ import annotations

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

#: what the game's own randomness or secrets get, by game id
PROMISES = {
    "dumaraj": (N_("DumaRaj has no dice and no hidden cards: nothing in it needs a secret."),),
    "tsifrograd": (
        N_(
            "Dice come from secret values that both browsers committed to before the first move: "
            "neither player can predict or choose the other's dice, or change a die after it is "
            "rolled."
        ),
        N_(
            "You learn your own dice when your friend's link arrives, one link before your friend "
            "does: they are yours to play."
        ),
    ),
    "sht": (
        N_(
            "The deck is shuffled and locked by both browsers (mental poker): you see your hand and "
            "the open cards; your friend's hand and closed cards, both shields and the deck's order "
            "stay hidden from you, and yours from your friend."
        ),
        N_(
            "When the game ends, both browsers reveal their keys and each checks the whole game: "
            "that no card was swapped, dealt twice or left out."
        ),
        SHOWN,
    ),
    "cardgo": (
        N_(
            "Every card you draw comes from a secret value of yours and one of your friend's: you see "
            "it when your friend's link arrives; your friend sees it only when you play it."
        ),
        N_(
            "Brave, Evil, Sorrow and Love take effect when your friend's next link arrives, with its "
            "randomness: neither of you knew the outcome when choosing. After Indulgence, Pride or "
            "Excitement you always get the follow-up play and skip it if you hold no card of its value "
            "(your friend cannot see whether you do)."
        ),
        N_(
            "A stone on tall grass hides its value on the screen only: its card is in the link, "
            "because both browsers compute the damage from it."
        ),
        SHOWN,
    ),
    "htt": (
        N_(
            "Each hand is sealed by a commitment before the first move: no one can change a card "
            "after seeing the other's moves, and hands stay hidden unless Open is on."
        ),
        N_(
            "With Own deck or Random, each of you brings cards of your own collection, chosen in your "
            "own browser (the friend chooses when joining). No card changes hands in a game by link."
        ),
        N_(
            "No one can check that a hand was really dealt at random, or that its cards are in its "
            "owner's collection: that would need a server."
        ),
        SHOWN,
    ),
}


def section(game_id: str, supported: bool) -> str:
    """The rules page's section on playing a friend by link (HTML)."""
    head = f"<section class='by-link'><h2>{esc(_('Playing a friend by link'))}</h2>"
    if not supported:
        return head + f"<p>{esc(_('This game cannot be played by link yet.'))}</p></section>"
    promises = "".join(f"<li>{esc(_(text))}</li>" for text in PROMISES.get(game_id, ()) + COMMON)
    return head + f"<ul>{promises}</ul></section>"
