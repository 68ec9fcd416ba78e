"""The SHT rules page (the parts rewritten this round go through gettext); the corrections of the
rules are shown last, under "Rules history" (:func:`history_html`)."""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.sht.rules.versions import max_plies
from webtabletop.i18n import N_, _, ngettext

#: the page: (tag, text) pairs, one msgid per heading, paragraph or list item; "slot" parts are
#: filled in by :func:`rules_html`
PAGE = (
    ("h2", "SHT"),  # the title, a msgid of meta.TITLE
    (
        "p",
        N_(
            "A duel for two players with one standard 52-card deck (no jokers). Attack with your cards, defend with cards that add up, and land an attack your opponent cannot stop when their shield is gone. Values: A = 1, 2–10 as printed, J = 11, Q = 12, K = 13. Suits do not matter."
        ),
    ),
    ("h3", N_("Cards and zones")),
    ("open", "ul"),
    ("li", N_("<b>Hand</b>: only you see it.")),
    ("li", N_("<b>Shield</b>: one face-down card each. <em>Nobody</em> may look at it, not even its owner.")),
    (
        "li",
        N_(
            '<b>Field</b>: cards put down <b>open</b> (face up, both see them) or <b>closed</b> (face down; the owner may look at them any time — on your screen they show with a dashed border and the word "closed"). On the field both kinds work the same.'
        ),
    ),
    (
        "li",
        N_(
            "<b>Deck</b> (face down) and <b>discard pile</b> (face up: open the list in the side panel to look through it)."
        ),
    ),
    ("close", "ul"),
    ("h3", N_("Setup")),
    (
        "p",
        N_(
            "The deck is shuffled; each player gets 5 hand cards and 1 shield. The first player is chosen at random (or as set in the options)."
        ),
    ),
    ("h3", N_("Your turn: do exactly one")),
    ("open", "ol"),
    ("li", N_("put <b>one</b> hand card on the field <b>closed</b>;")),
    ("li", N_("put <b>two</b> hand cards on the field <b>open</b>;")),
    ("li", N_("<b>attack</b> with one of your field cards (open or closed).")),
    ("close", "ol"),
    (
        "p",
        N_(
            "There is no draw step. The first player's very first turn may only put <b>one card open</b>. If you can do none of these (no hand cards and no field cards) you pass; two passes in a row end the game in a draw."
        ),
    ),
    ("h3", N_("Battle")),
    ("slot", "battle"),
    (
        "p",
        N_(
            "If the attack was defended there is a bonus advantage: <i>d</i> = <i>a</i> gives the defender 1; <i>d</i> &gt; 2<i>a</i> gives the attacker 2; otherwise the attacker gets 1. One advantage = draw a card, then you may put one hand card on the field open. Two advantages = do that twice. Then the turn passes."
        ),
    ),
    ("h3", N_("Decisions of this edition")),
    ("open", "ul"),
    (
        "li",
        N_("The attacking card is revealed; attacking and defending cards are discarded after the battle."),
    ),
    (
        "li",
        N_(
            "Drawing from an empty deck draws nothing. A player who cannot act passes; two passes in a row = draw."
        ),
    ),
    (
        "li",
        N_(
            "The defender is always asked when they have a closed card (so being asked gives nothing away); only when it is plain to see that no defence exists (no closed cards, open cards too small) does the shield break at once."
        ),
    ),
    ("li", N_("An advantage step when your hand is empty after the draw is skipped.")),
    ("slot", "decisions"),
    ("close", "ul"),
    ("h3", N_("Playing on one device")),
    (
        "p",
        N_(
            "Between turns the screen hides everything until the next player confirms they are at the device. The defender answers an attack during the attacker's turn, so the screen changes hands then too."
        ),
    ),
    ("h3-slot", "records_title"),
    ("slot", "records"),
)


def rules_html() -> str:
    """The in-app rules page (translated where it was written for this round)."""

    def para(text: str) -> str:
        return f"<p>{esc(text)}</p>"

    battle = para(
        _(
            "The attacking card is turned face up; its value is the attack a. The defender may choose any "
            "number of their own field cards, open or closed, whose values add up to d ≥ a, or decline. On "
            "the screen: click your field cards one by one to put them forward (their total is shown), then "
            "press Defend; Decline is there all along, and Undo takes the last card back. Without a defence "
            "the defender's shield breaks and goes into their hand; a player without a shield who cannot or "
            "does not defend loses. The attacking card and the defending cards go to the discard pile."
        )
    )
    decisions = "".join(
        f"<li>{esc(text)}</li>"
        for text in (
            _(
                "Cards can be put forward only when your whole field reaches the attack. Putting forward a "
                "closed card shows your opponent which slot it is, not the card."
            ),
            _(
                "Hidden cards stay hidden when the game ends; after the game either player may ask to see "
                "everything: both hands, the closed cards and the shields."
            ),
            ngettext(
                "The game also ends in a draw after {moves} move, a number no game can reach.",
                "The game also ends in a draw after {moves} moves, a number no game can reach.",
                max_plies(),
            ).format(moves=max_plies()),
        )
    )
    records = para(
        _(
            "A saved game, a record file and a share link hold the options, the shuffle's seed and every "
            "move: a full replay. The seed decides the deck order, so whoever decodes a record can work out "
            "both hands, every closed card, both shields and the whole deck. Send a link of an unfinished "
            "game only to someone you would show your cards to, or after the game."
        )
    ) + para(
        _(
            "When a link of an unfinished game is opened, the position stays behind the privacy screen until "
            "the receiver confirms “I am …” for the player to move; it is then shown from that player's side "
            "only. A finished game is shown like any other: hidden cards stay hidden until a player asks to "
            "see everything. The move list never names a card that was put down closed."
        )
    )
    slots = {
        "battle": battle,
        "decisions": decisions,
        "records_title": esc(_("Saved games, records and share links")),
        "records": records,
    }
    out = []
    for tag, text in PAGE:
        if tag == "open":
            out.append(f"<{text}>")
        elif tag == "close":
            out.append(f"</{text}>")
        elif tag == "slot":
            out.append(slots[text])
        elif tag.endswith("-slot"):
            out.append(f"<{tag[:-5]}>{slots[text]}</{tag[:-5]}>")
        elif tag.endswith("-raw"):
            out.append(f"<{tag[:-4]}>{text}</{tag[:-4]}>")
        else:
            out.append(f"<{tag}>{_(text)}</{tag}>")
    return "\n".join(out)


def history_html() -> str:
    """The rules page's "Rules history": the correction of rules version 2 and the original words
    it rests on."""
    corrections = _para(
        _(
            "Rules version 2 (November 2026): earlier versions of this app offered a defence only as a whole "
            "set from a list of at most 200, and of equal cards (same value, both open or both closed) only "
            "the one played earliest. Now any set is a defence. The old sets are still offered as one-move "
            "quick defences to the computer player and to old games, so games recorded under the earlier "
            "rules replay unchanged."
        )
    )
    source = _(
        "The original rules: «場のカードを好きな枚数選んで防御することができます» (the defender may choose "
        "any number of their field cards to defend): every set of your field cards that reaches the "
        "attack is a defence, including either of two equal cards."
    )
    return f"<h3>{esc(_('Corrections'))}</h3>{corrections}<p class='source'>{esc(source)}</p>"


def _para(text: str) -> str:
    return f"<p>{esc(text)}</p>"
