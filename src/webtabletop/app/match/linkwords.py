"""What a match link holds, in the words the match screen and its Share window use (a link is called "your move" only when it holds one).
"""

from __future__ import annotations

from webtabletop.correspondence.endings import RESIGN
from webtabletop.i18n import _, pgettext


def link_words(m, number: int, moves) -> tuple[str, str]:
    """What link ``number`` of ``m`` holds, as a title (the Share window's, the send button's)
    and a first sentence: an invitation (link 1), the friend's answer to it, a link of a card
    game's deal (the shuffled deck, the keys of the hands: no move yet), a move, or a link that
    holds no move of a game under way (a card opened to the friend, the secrets at the end)."""
    resignation = _resignation_words(m, number)
    if resignation is not None:
        return resignation
    if number <= 1:
        return _("Invite your friend"), _(
            "Send this link to your friend: they open it to join the game, and their answer comes back as a link."
        )
    if moves:
        return _("Send your move"), _(
            "Send this link to your friend: it holds the whole game so far. They open it to see your move and play theirs."
        )
    if number == 2 and m.spec.cards is not None:
        return _("Send your answer"), _(
            "Send this link back to your friend: it tells them you have joined and shuffles the deck a second time, so that neither of you alone decides the order of the cards."
        )
    if number == 2:
        return _("Send your answer"), _(
            "Send this link back to your friend: it tells them you have joined, and the game goes on from there."
        )
    if not m.data.moves and m.spec.cards is not None:
        return _("Send the dealing link"), _(
            "Send this link to your friend: it deals the cards, so that neither of you can see or choose the other’s. The first move comes once the deal is done."
        )
    if not m.data.moves and m.spec.reseed is not None and number < m.data.first_event + 1:
        return _("Send your answer"), _(
            "Send this link to your friend: it holds no move yet. With these links both of you add to the first dice, so that neither of you can choose them; the first move follows."
        )
    if not m.data.moves:
        return _("Send your answer"), _(
            "Send this link to your friend: it holds no move of yours, and the game begins from there."
        )
    return _("Send the next link"), _(
        "Send this link to your friend: it holds no move of yours, only what the game needs to go on (a card opened to your friend, or the secrets that check the game)."
    )


def next_link_words(m) -> tuple[str, str]:
    """The words of the link this browser sends next (its number, the moves played for it)."""
    return link_words(m, m.data.count + 1, m.pending)


def _resignation_words(m, number: int) -> tuple[str, str] | None:
    """A resignation on the latest link (sent again as link ``number``), or in a game with hidden
    cards the answer to it, which reveals the secrets."""
    e = m.data.ending
    if e is None or e.kind != RESIGN or number not in (m.data.count, m.data.count + 1):
        return None
    if e.seat == m.seat:
        if m.spec.cards is not None:
            return _("Send your resignation"), _(
                "Send this link to your friend: it tells them you resigned and reveals your secret. Their answer reveals theirs, and then both browsers check the whole game."
            )
        return _("Send your resignation"), _("Send this link to your friend: it tells them you resigned.")
    if m.spec.cards is not None and m.seat is not None:
        return pgettext("a link's title", "Send the last link"), _(
            "Send this link to your friend: it reveals your secret, so that both browsers can check the whole game."
        )
    return None
