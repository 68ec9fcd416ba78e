"""HTML of the match screens: a game with a friend by link, the join question, the "Games with
friends" list and the new-game dialog's "Play a friend by link" fields.

The match screen uses the game screen's layout and classes (docs/board.md): the game's own
view draws the board for this browser's side, so moves are made exactly as in hot-seat. Dates
are shown in each language's own order (a translated format of numbers, no month names).
"""

from __future__ import annotations

import datetime
from typing import Any

from webtabletop.app.match import clocks, livescreen
from webtabletop.app.match import endings as matchendings
from webtabletop.app.match.check import (
    date_text,
    end_check,
    finding_text,
    fingerprint_html,
    list_state,
    side_name,
)
from webtabletop.app.match.linkwords import next_link_words
from webtabletop.app.match.store import sent_latest
from webtabletop.app.widgets.movelog import LogStep, turns_of
from webtabletop.app.widgets.pages import btn, link, notice_html, outcome_title, turn_score
from webtabletop.core.protocol import GameSpec
from webtabletop.core.view import GameView, esc, player_style
from webtabletop.correspondence import clock
from webtabletop.correspondence.dealt import FIRST_MOVE_LINK
from webtabletop.i18n import _, ngettext, pgettext
from webtabletop.i18n.sides import side_gettext
from webtabletop.i18n.text import join_sentences


def link_facts(match, today: datetime.date) -> str:
    """Link number, its date and the deadline (when the match has a clock)."""
    d = match.data
    parts = []
    if d.count and match.last_date is not None:
        parts.append(
            _("Link {number}, sent on {date}.").format(number=d.count, date=date_text(match.last_date))
        )
    limit = match.deadline
    if limit is not None and clock.overdue(limit, today):
        parts.append(_("The next link was due by {date}: it is late.").format(date=date_text(limit)))
    elif limit is not None:
        parts.append(_("The next link is due by {date}.").format(date=date_text(limit)))
    elif d.timing is not None:
        parts.append(_("Clock: {control} (minutes + seconds a move).").format(control=d.timing.control.text))
    elif d.days == 0:
        parts.append(_("No time limit per move."))
    elif not match.is_over:
        parts.append(ngettext("{n} day per move.", "{n} days per move.", d.days).format(n=d.days))
    return join_sentences(parts)


def match_turn(om) -> tuple[str, int | None]:
    """The turn line (whose move it is, from this browser's point of view) and its colour."""
    m = om.match
    view = om.view
    if m.finding is not None:
        return (_("Cheating detected"), None)
    if m.is_over:
        outcome = m.state.outcome()
        return (result_title(om, outcome) if outcome else _("Game over"), None)
    side = m.state.to_move()
    if om.mode == "join":  # only the creator has a seat yet: nobody is to move
        return (_("The game begins when you join"), None)
    if om.mode != "play":
        return (
            side_gettext(view.side_names_plural, "{player} to move").format(player=side_name(view, side)),
            side,
        )
    if m.can_move:
        return (
            side_gettext(view.side_names_plural, "Your move ({player})").format(player=side_name(view, side)),
            side,
        )
    if m.can_send and m.pending:
        return (_("Send your move to your friend"), m.role)
    if m.can_send:
        return (_("Send the link to your friend"), m.role)
    return (_("Waiting for your friend"), 1 - m.role if m.role is not None else None)


def result_title(om, outcome) -> str:
    """The result from this player's side ("You won", "You lost", "Draw"); a spectator's names
    the winning side."""
    role = om.match.role
    if om.mode != "play" or role is None:
        return outcome_title(om.view, outcome)
    if outcome.winner is None:
        return _("Draw")
    return _("You won") if outcome.winner == role else _("You lost")


def final_score(om) -> str:
    """The final score where the game has one (``GameView.score``): the player's own first."""
    score = om.view.score(om.state)
    if score is None:
        return ""
    label, a, b = score
    role = om.match.role
    if om.mode == "play" and role is not None:
        mine, theirs = (a, b) if role == 0 else (b, a)
        return _("Final score ({label}): you {mine}, your friend {theirs}.").format(
            label=label, mine=mine, theirs=theirs
        )
    return _("Final score ({label}): {first} {first_score}, {second} {second_score}.").format(
        label=label, first=side_name(om.view, 0), first_score=a, second=side_name(om.view, 1), second_score=b
    )


def turn_state(om) -> str:
    """``move`` (this browser plays now), ``send``, ``wait``, ``over``, ``watch`` or ``stopped``
    (a link of the friend proved it cheated): the screen's state as an attribute (styles and
    tests read it)."""
    m = om.match
    if m.finding is not None:
        return "stopped"
    if m.is_over and not (om.mode == "play" and m.can_send):
        return "over"
    if om.mode != "play":
        return "watch"
    return "move" if m.can_move else "send" if m.can_send else "wait"


def prompt_text(om, ctx, today: datetime.date | None = None) -> str:
    m = om.match
    view = om.view
    if om.mode == "join":
        return side_gettext(view.side_names_plural, "Join this game as {side}?").format(
            side=side_name(view, 1 - m.data.creator_side)
        )
    if om.mode == "watch":  # the end check's verdict (a spectator's names nobody: it holds no key)
        return end_check(om, today) if m.verdict is not None else ""
    if m.finding is not None:
        return finding_text(om)
    if m.is_over:
        outcome = m.state.outcome()
        over = (
            _("Game over: {result} ({reason}).").format(
                result=result_title(om, outcome), reason=_(outcome.reason)
            )
            if outcome
            else ""
        )
        # the check first: a phone shows the prompt's first two lines, the result is in the turn line
        return join_sentences((end_check(om, today), over, final_score(om)))
    offer = clocks.status(om) or matchendings.status(om)
    if offer is not None and not (m.can_move and om.played):
        return offer
    if m.can_move:
        return view.prompt(m.state, ctx)
    if m.can_send and m.pending:
        if m.state.is_over:
            return _("That move ends the game: send it to your friend.")
        return _("Your turn is ready: press “Send your move” and send the link to your friend.")
    if m.can_send and m.state.is_over and not m.pending:
        # a card's outcome, drawn from this link's seed, ended the game (CardGO by link)
        return end_check(om, today)
    dealt = getattr(om.spec.cards, "scheme", None) == "deck"
    if m.can_send and dealt and m.data.count + 1 > FIRST_MOVE_LINK:
        # links up to FIRST_MOVE_LINK deal and open the hands; after them a link with no move of a
        # game going on is a pause (docs/fair-play.md): the other side waits for a card's key
        return _(
            "A card came to your friend's hand: this link opens it to them and holds no move. "
            "Send it, and the game goes on."
        )
    drawing = ""
    if getattr(om.spec.cards, "scheme", None) == "chosen" and m.seat is not None and m.hand is None:
        drawing = _(
            "Your hand is drawn when your friend's next link arrives, from randomness neither of you can steer."
        )
    if m.can_send:
        return join_sentences(
            (_("Send this link to your friend: the game goes on when they open it."), drawing)
        )
    if m.data.count <= 1 and m.seat == 0 and not m.data.moves:  # only the invitation is out
        waiting = _("Waiting for your friend to join. When their link comes, open it, or paste it below.")
    else:
        waiting = _("Waiting for your friend’s move. When their link comes, open it, or paste it below.")
    return join_sentences((waiting, drawing))


def watch_banner(om) -> str:
    if om.mode == "watch":
        text = _(
            "Read-only: this game already has two players, and this browser is not one of them. "
            "You can watch the position; only the players can move."
        )
    elif om.mode == "join":
        text = _(
            "Your friend invites you to this game. Join to take the other side; until then the "
            "board is read-only."
        )
    else:
        return ""
    return f'<p class="match-banner" role="status" data-key="match-banner">{esc(text)}</p>'


def paste_form() -> str:
    label = _("Paste your friend's link")
    return (
        '<form class="match-paste" data-form="match-paste" data-key="match-paste">'
        f'<label for="match-paste">{esc(label)}</label>'
        '<textarea id="match-paste" name="link" rows="2" spellcheck="false" autocomplete="off" '
        f'placeholder="{esc(_("The link your friend sent"))}"></textarea>'
        f'<button class="btn" type="submit" data-key="match-paste-open">{esc(_("Open the link"))}</button></form>'
    )


def match_controls(om, join_fields: str = "", today: datetime.date | None = None) -> str:
    """The match's buttons; on the join screen, with the game's join fields (``join_fields``:
    e.g. which cards to bring) a form whose submit button joins."""
    m = om.match
    out = ""
    if om.mode == "join" and join_fields:
        return (
            f'<form class="match-join" data-form="match-join" data-key="match-join-form">{join_fields}'
            f'<div class="controls match-controls"><button class="btn primary" type="submit" data-key="match-join">'
            f"{esc(_('Join the game'))}</button></div></form>"
        )
    if om.mode == "join":
        out += btn(esc(_("Join the game")), "match-join", key="match-join", cls="btn primary")
    elif om.mode == "play":
        if m.can_move or m.can_send:
            out += btn(
                esc(_("Undo")),
                "undo",
                key="match-undo",
                disabled=not m.pending,
                title=_("Take back a move not sent yet"),
            )
        if m.can_send:
            label = next_link_words(m)[0]
            out += btn(esc(label), "match-send", key="match-send", cls="btn primary send-move")
        elif not m.can_move and m.data.count and (not m.is_over or sent_latest(m)):
            # at the end, only a link of this browser's own may still be missing at the friend's
            out += btn(esc(_("Send the link again")), "match-resend", key="match-resend")
        if m.is_over and m.role is not None:
            out += btn(
                esc(_("Rematch")),
                "match-rematch",
                key="match-rematch",
                cls="btn" if m.can_send else "btn primary",
                title=_("A new game with the same friend and the same options: its invitation is a new link"),
            )
        limit = m.reveal_deadline
        overdue = limit is not None and today is not None and clock.overdue(limit, today)
        if overdue and not m.forfeit and not m.resigned_here:
            if om.confirm_forfeit:
                out += (
                    f"<span class='confirm'>{esc(_('Count this game as won by forfeit? It stays unverified; if your friend still sends the last link, the game is checked then.'))}</span>"
                    + btn(
                        esc(_("Count it as a forfeit")),
                        "match-forfeit-yes",
                        key="match-forfeit-yes",
                        cls="btn danger",
                    )
                    + btn(esc(_("Keep waiting")), "match-forfeit-no", key="match-forfeit-no")
                )
            else:
                out += btn(
                    esc(_("Count it as a forfeit…")), "match-forfeit", key="match-forfeit", cls="btn danger"
                )
    else:
        out += btn(esc(_("Share this link")), "match-resend", key="match-resend")
    out += clocks.controls(om) + matchendings.controls(om)
    return f'<div class="controls match-controls" role="toolbar" aria-label="{esc(_("Game controls"))}">{out}</div>'


def log_list(log: list[LogStep]) -> str:
    """The moves so far, one row per turn (read-only: a match is reviewed by its players' own
    boards)."""
    if not log:
        return f'<p class="log empty">{esc(_("No moves yet."))}</p>'
    # the latest move is the current one: the page scrolls the list to it (web/main.py: scroll_log)
    last, current = len(log) - 1, ' aria-current="step"'
    rows = []
    for n, row in enumerate(turns_of(log), 1):
        items = "".join(
            f'<li class="p{log[i].mover}"{current if i == last else ""}>{esc(log[i].label)}</li>' for i in row
        )
        rows.append(
            f'<div class="log-turn p{log[row[0]].mover}" role="listitem"><span class="turn-no">{n}.</span>'
            f'<ol class="steps">{items}</ol></div>'
        )
    return f'<div class="log match-log" role="list" aria-label="{esc(_("Move log"))}">{"".join(rows)}</div>'


def match_screen(
    *,
    om,
    spec: GameSpec,
    board: str,
    panel: str,
    status_line: str,
    log: list[LogStep],
    share_html: str,
    notices: list[str],
    today: datetime.date,
    join_fields: str = "",
    live_html: str = "",
) -> str:
    m = om.match
    view = om.view
    turn_text, colour = match_turn(om)
    sw = f'<span class="swatch p{colour}" aria-hidden="true"></span>' if colour is not None else ""
    score = turn_score(view.score(om.state))
    turn = (
        f'<div class="turn{"" if colour is None else f" p{colour}"}" data-key="match-turn">{sw}'
        f"<span class='turn-words'>{esc(turn_text)}</span>{score}</div>"
    )
    # not a live region: moves are read out once through the page's own (widgets/announce.py)
    line = f'<p class="status-line" data-key="status-line">{esc(status_line)}</p>'
    ctx = om.context({})
    prompt = prompt_text(om, ctx, today)
    prompt_html = f'<p class="prompt">{esc(prompt)}</p>' if prompt else ""
    msg = f'<p class="message" role="alert">{esc(om.message)}</p>' if om.message else ""
    notice = (
        f'<p class="notice match-notice" role="status" data-key="match-notice">{esc(om.notice)}</p>'
        if om.notice
        else ""
    )
    you = (
        side_gettext(view.side_names_plural, "You play {side}.").format(side=side_name(view, m.role))
        if m.role is not None
        else _("You are watching.")
    )
    facts = f'<p class="match-facts" data-key="match-facts">{esc(join_sentences((you, link_facts(m, today))))}</p>'
    fingerprint = fingerprint_html(m) if om.mode == "play" else None
    if fingerprint is not None:
        facts += f'<p class="match-fingerprint" data-key="match-fingerprint">{fingerprint}</p>'
    waiting = om.mode == "play" and not m.is_over and not m.my_link and m.finding is None
    paste = paste_form() if waiting else ""
    nav = (
        f'<nav class="game-nav" aria-label="{esc(_("Games with friends"))}">'
        f"{link(esc(_('Games with friends')), '#/friends', 'btn small')}"
        f"{link(esc(_('Rules')), f'#/{spec.id}/rules', 'btn small ghost')}</nav>"
    )
    style = player_style(view)
    title = _("{game} with a friend").format(game=_(spec.title))
    return (
        f"{notice_html(notices)}<section class='game match' data-game='{esc(spec.id)}' data-match='{esc(om.mode)}' "
        f"data-turn='{turn_state(om)}' data-links='{m.data.count}'{style}>"
        f"<div class='game-head'><h1>{esc(title)}</h1>{nav}</div>{watch_banner(om)}{notice}"
        f"<div class='layout'><div class='board-col'><div class='turn-row'>{turn}{line}</div>{clocks.panel(om)}"
        f"<div class='board-wrap'>{board}</div></div>"
        f"<aside class='side'>{live_html}{prompt_html}{msg}<div class='panel'>{panel}</div>{match_controls(om, join_fields, today)}"
        f"{facts}{paste}<h2 class='log-title'>{esc(_('Moves'))}</h2>{log_list(log)}</aside></div>"
        f"{share_html}{matchendings.window(om)}</section>"
    )


def friend_fields(spec: GameSpec, view: GameView, entered: dict[str, Any]) -> str:
    """The new-game dialog's choice of how to play, and the fields of a match by link."""
    mode = entered.get("mode", "local")
    side = str(entered.get("side", "0"))
    days = esc(entered.get("days", "0"))
    # SHT and HTT decide who begins themselves (an option, or the first fair seed): no side is
    # first; in CardGO, as in the dice games, side 0 begins
    first = (
        side_name(view, 0)
        if spec.cards is not None and not getattr(spec.cards, "first_fixed", False)
        else side_gettext(view.side_names_plural, "{player} (moves first)").format(player=side_name(view, 0))
    )
    names = (first, side_name(view, 1))
    sides = "".join(
        f'<option value="{p}"{" selected" if side == str(p) else ""}>{esc(names[p])}</option>' for p in (0, 1)
    )
    choices = "".join(
        f'<label class="mode-choice"><input type="radio" name="mode" value="{value}" id="mode-{value}"'
        f"{' checked' if mode == value else ''}> {esc(label)}</label>"
        for value, label in (
            ("local", _("On this device (hot-seat or against the computer)")),
            ("link", _("Play a friend by link")),
        )
    )
    how = _(
        "You send your friend a link after each of your turns, by any messenger, mail or QR code; "
        "they send one back. Each link holds the whole game so far."
    )
    if spec.reseed is not None:
        how += " " + _("The dice are fair: neither of you can predict or choose them.")
    return (
        f"<fieldset class='how'><legend>{esc(_('How to play'))}</legend>{choices}</fieldset>"
        f"<fieldset class='link-only'><legend>{esc(_('Play a friend by link'))}</legend>"
        f"<div class='field app-field'><label for='side'>{esc(_('You play'))}</label>"
        f"<select id='side' name='side'>{sides}</select></div>"
        f"<div class='field app-field'><label for='days'>{esc(_('Days per move'))}</label>"
        f"<input id='days' name='days' type='number' min='0' max='{clock.MAX_DAYS}' value='{days}'>"
        f"<small>{esc(_('0: no time limit. Otherwise each link is due within this many days; the dates are shown, nothing is enforced.'))}</small></div>"
        f"{clocks.control_field(entered)}"
        f"<p class='note'>{esc(how)}</p>{livescreen.live_field(entered)}"
        "</fieldset>"
    )


def unopened_hint(r) -> str:
    """Under a game waiting for the friend's link: where that link must be opened (a link
    opened in another browser, or still unopened in a message, does not reach this list)."""
    if r.status != "theirs" or r.finding:
        return ""
    text = _(
        "Has your friend sent link {number}? Open it in this browser, or paste it into the game: until then this list cannot know it came."
    ).format(number=r.links + 1)
    return f"<p class='note friend-hint' data-key='friend-hint-{esc(r.mid)}'>{esc(text)}</p>"


def friends_list(
    rows: list,
    confirm: str | None,
    titles: dict[str, tuple[str, GameView]],
    compact: bool,
    today: datetime.date,
) -> str:
    """The "Games with friends" list (``rows``: :class:`~webtabletop.app.match.store.Summary`,
    newest first); ``compact`` on the home page (nothing at all when there are no matches)."""
    heading = _("Games with friends")
    if not rows:
        if compact:
            return ""
        hint = _(
            "No games with friends yet. Start one from a game's “New game…”: choose “Play a friend by link”."
        )
        return f"<section class='friends'><h1>{esc(heading)}</h1><p class='note'>{esc(hint)}</p>{link(esc(_('All games')), '#/', 'btn')}</section>"
    items = []
    for r in rows:
        title, view = titles[r.game]
        state = list_state(r, today)
        side = (
            side_gettext(view.side_names_plural, "you play {side}").format(side=side_name(view, r.role))
            if r.role is not None
            else ""
        )
        last = ""
        if r.last is not None:
            before, after, code = r.last
            from webtabletop.core.view import move_label

            last = _("last move: {move}").format(move=move_label(before, code))
        facts = [x for x in (side, last) if x]
        if r.date is not None and r.links:
            sent = _("you sent link {number} on {date}") if r.sent_here else _("link {number} from your friend, {date}")
            facts.append(sent.format(number=r.links, date=date_text(r.date)))
        if r.deadline is not None:
            late = clock.overdue(r.deadline, today)
            text = _("late since {date}") if late else _("due by {date}")
            facts.append(text.format(date=date_text(r.deadline)))
        href = f"#/{r.game}/m?id={r.mid}"
        if confirm == r.key:
            actions = (
                f"<span class='confirm'>{esc(_('Delete this game? Your friend keeps theirs.'))}</span>"
                + btn(esc(_("Delete")), "match-delete-yes", r.key, key=f"del-yes-{r.mid}", cls="btn danger")
                + btn(esc(_("Keep")), "match-delete-no", key=f"del-no-{r.mid}")
            )
        else:
            actions = link(esc(pgettext("button: open a game", "Open")), href, "btn primary") + btn(
                esc(_("Delete…")), "match-delete", r.key, key=f"del-{r.mid}", cls="btn ghost"
            )
        items.append(
            f"<li class='friend-game' data-match='{esc(r.mid)}' data-status='{esc(r.status)}'>"
            f"<h3>{esc(title)} · <span class='friend-state'>{esc(state)}</span></h3>"
            f"<p>{esc(' · '.join(facts))}</p>{unopened_hint(r)}<div class='actions'>{actions}</div></li>"
        )
    tag = "h2" if compact else "h1"
    more = "" if compact else link(esc(_("All games")), "#/", "btn") + link(esc(_("Live play settings")), "#/live", "btn ghost")
    return (
        f"<section class='friends' aria-labelledby='friends-title'><{tag} id='friends-title'>{esc(heading)}</{tag}>"
        f"<ul class='friend-games'>{''.join(items)}</ul>{more}</section>"
    )
