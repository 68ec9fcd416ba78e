"""What the end-of-game check says: on the match screen (the verdict, naming the side that
cheated, or what it still waits for, with its deadline) and in the "Games with friends" list
("Not verified" or "Cheating detected" next to a result, never a plain one)."""

from __future__ import annotations

import datetime

from webtabletop.core.ending import AGREED, RESIGNATION
from webtabletop.core.view import GameView, esc
from webtabletop.correspondence import clock
from webtabletop.correspondence.data import side_of
from webtabletop.i18n import _, pgettext
from webtabletop.i18n.sides import side_gettext
from webtabletop.i18n.text import join_sentences


def date_text(day: datetime.date) -> str:
    """A date in the reader's language (ISO order in English)."""
    return pgettext("date", "{year}-{month:02d}-{day:02d}").format(
        year=day.year, month=day.month, day=day.day
    )


def side_name(view: GameView, side: int) -> str:
    return _(view.player_names[side])


def end_check(om, today: datetime.date | None = None) -> str:
    """After the last move: the end-of-game check's verdict (naming who cheated when the check can
    tell), or what it still waits for (a game with hidden cards needs one more link, carrying the
    secrets; docs/fair-play.md), with its deadline."""
    m = om.match
    if m.verdict is not None:
        if om.mode == "play" and m.can_send and m.spec.cards is not None:
            # this browser checked already (it holds both secrets); its friend waits for the link
            owed = _(
                "Send the last link: it reveals your secret, so that your friend can check the whole game too."
            )
            return join_sentences((owed, verdict_text(om)))
        return verdict_text(om)
    if om.mode == "play" and m.can_send:
        return _(
            "Send the last link: it reveals your secret, so that both browsers can check the whole game."
        )
    limit = m.reveal_deadline
    if m.forfeit:
        return _(
            "You counted this game as won by forfeit: your friend did not reveal their secrets by {date}. It stays unverified."
        ).format(date=date_text(limit))
    if limit is not None and today is not None and clock.overdue(limit, today) and m.resigned_here:
        return _(
            "Unverified: your friend has not revealed their secrets, which were due by {date}. You resigned, so the game counts as your loss."
        ).format(date=date_text(limit))
    if limit is not None and today is not None and clock.overdue(limit, today):
        return _(
            "Unverified: your friend has not revealed their secrets, which were due by {date}. You can count the game as a forfeit."
        ).format(date=date_text(limit))
    if limit is not None:
        return _(
            "Waiting for the last link, which reveals the secrets (due by {date}): then the whole game is checked."
        ).format(date=date_text(limit))
    return _("Waiting for the last link, which reveals the secrets: then the whole game is checked.")


def finding_text(om) -> str:
    """A cheat proven by a link of the friend (``Match.finding``): who, and what the link did."""
    m = om.match
    who = side_name(om.view, side_of(m.finding.seat, m.data.creator_side))
    text = side_gettext(
        om.view.side_names_plural,
        "Cheating detected: your friend ({player}) broke the rules of play by link. {verdict}",
    )
    stop = _("This game takes no more links from your friend.")
    return join_sentences((text.format(player=who, verdict=m.finding.text), stop))


def fingerprint_html(m) -> str | None:
    """The match fingerprint line, its digits marked (None: none to show before both keys are
    known). The sentence is translated whole; only the digits it holds are wrapped."""
    if m.fingerprint is None:
        return None
    mark = "\x00"
    text = _(
        "Match fingerprint: {digits}. Compare it with your friend's by voice or in another chat: if the two differ, someone replaced a link on its way."
    ).format(digits=mark)
    digits = f'<span class="digits">{esc(m.fingerprint)}</span>'
    return digits.join(esc(part) for part in text.split(mark))


def verdict_text(om) -> str:
    """The end check's verdict; where it found a cheater other than this browser, which side (a
    spectator, who knows no seats, reads the colour)."""
    m = om.match
    if m.cheater is None or m.cheater == m.seat:
        return m.verdict
    view = om.view
    who = side_name(view, side_of(m.cheater, m.data.creator_side))
    if m.seat is None:
        text = side_gettext(
            view.side_names_plural, "Cheating detected: {player} broke the rules of play by link. {verdict}"
        )
    else:
        text = side_gettext(
            view.side_names_plural,
            "Cheating detected: your friend ({player}) broke the rules of play by link. {verdict}",
        )
    return text.format(player=who, verdict=m.verdict)


def list_state(r, today: datetime.date) -> str:
    """The state of one game in the "Games with friends" list. A game with hidden cards is a plain
    result only once the end check verified it ("Not verified" or "Cheating detected"
    next to the result, never a plain "Your friend won")."""
    if r.finding:  # a link of the friend proved it cheated: the game stopped there
        return _("Cheating detected: your friend broke the rules of play by link")
    if r.offer:
        return _("Your friend offers a draw")
    if r.status == "mine":
        return _("Send the last link") if r.over else _("Your move")
    if r.status != "over":
        return _("Waiting for your friend")
    result = _("Draw") if r.winner is None else (_("You won") if r.winner == r.role else _("Your friend won"))
    if r.reason == RESIGNATION:
        result = (
            _("You won: your friend resigned") if r.winner == r.role else _("Your friend won: you resigned")
        )
    elif r.reason == AGREED:
        result = _("Draw agreed")
    if r.verified is False:
        if r.cheater == "friend":
            return _("{result} · Cheating detected: your friend broke the rules of play by link").format(
                result=result
            )
        if r.cheater == "you":
            return _("{result} · Not verified: the check failed on this browser's side").format(result=result)
        return _("{result} · Not verified").format(result=result)
    if r.awaiting:
        if r.forfeit:
            return _("You won by forfeit (unverified): your friend never revealed their secrets")
        if r.reveal_deadline is not None and clock.overdue(r.reveal_deadline, today):
            return _("{result} · Unverified: your friend has not revealed their secrets").format(
                result=result
            )
        return _("{result} · not verified yet: waiting for your friend's last link").format(result=result)
    return result
