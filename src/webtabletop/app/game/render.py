"""The game screen from the app's state: the session's board, panel, prompt, windows (game over,
Share, privacy screen), clocks and log, handed to :mod:`~webtabletop.app.game.screen`, which writes the HTML.

The answer of a game screen also tells the page whether the computer is to move (``ai``),
whether something is selected, whether premoves are taken, and whether this board is new
(``top``: the page scrolls to it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webtabletop.app.game import endings, newcomer, play
from webtabletop.app.game import screen as gamescreen
from webtabletop.app.model.clock import format_ms
from webtabletop.app.model.extensions import game_pages
from webtabletop.app.model.modules import game_module
from webtabletop.app.model.reviewsession import can_review
from webtabletop.app.widgets import pages, playfeel, share, textmode
from webtabletop.app.widgets.movelog import LogStep
from webtabletop.app.widgets.playfeel import describe
from webtabletop.core.ending import is_ending, sentence
from webtabletop.core.view import ViewContext, esc, move_label
from webtabletop.i18n import _
from webtabletop.i18n.sides import side_gettext
from webtabletop.i18n.text import number

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.session import Session
    from webtabletop.app.model.state import AppState


def render(st: AppState, fx: Effects) -> tuple[str, str] | None:
    """The game screen: (html, title); None when no game is open."""
    s = st.session
    if s is None:
        return None
    html = game_html(st, fx, s)
    fx.ai = s.wants_ai()
    fx.selection = s.selection is not None
    fx.premove = bool(s.view.premove and fx.ai)
    shown = (s.spec.id, s.slot)
    if st.shown != shown:
        fx.top = True  # a new board opens scrolled to its top
        st.shown = shown
    return html, _("{game} · webtabletop").format(game=_(s.spec.title))


def game_html(st: AppState, fx: Effects, s: Session) -> str:
    state = s.state
    ctx = s.context(st.settings)
    view = s.view
    h = s.history
    s.sync_clock(st.now)
    outcome = s.outcome()
    thinking = s.wants_ai()
    if thinking:
        ctx = ViewContext(
            viewer=ctx.viewer,
            interactive=False,
            flipped=ctx.flipped,
            last_move=ctx.last_move,
            previous=ctx.previous,
            prefs=ctx.prefs,
            premove=view.premove,
        )
    result = ""
    if s.share:  # the Share window replaces the game-over window while it is open
        result = share.share_window(play.share_link(st, s), draw=share.loaded())
        if not share.loaded():
            fx.then = {"type": "cmd", "name": "share-qr"}
    elif s.pending is not None:
        result = endings.window(s)
    elif outcome is not None and h.at_end and not s.result_dismissed:
        result = gamescreen.result_window(view, outcome, s.spec, analysis_href(s))
    prompt = ""
    extra = ""
    privacy = ""
    if s.needs_privacy_screen():
        who = _(view.player_names[state.to_move()])
        privacy = pages.privacy_screen(who, _(view.player_names[1 - state.to_move()]), view.side_names_plural)
        prompt = side_gettext(view.side_names_plural, "Pass the device to {player}.").format(player=who)
    elif outcome is None:
        if s.ai_to_move() and not h.at_end:
            prompt = _("Reviewing an earlier position. The computer is to move here.")
            extra = pages.btn(esc(_("Computer, play from here")), "ai-here", cls="btn")
        elif not thinking:
            prompt = view.prompt(state, ctx)
    else:
        prompt = (
            _("Game over: {result} ({reason}).").format(
                result=pages.outcome_title(view, outcome), reason=_(outcome.reason)
            )
            if h.at_end
            else _("Reviewing the game.")
        )
    if s.can_reveal():
        label = (
            _("Reveal the computer's cards")
            if s.players.is_ai(0) or s.players.is_ai(1)
            else _("Reveal all cards")
        )
        extra += pages.btn(
            esc(label),
            "reveal-all",
            key="reveal-all",
            title=_("Show every hidden card of this finished game"),
        )
    extra += endings.controls(s)
    if view.export_text(state) is not None:
        extra += pages.btn(
            esc(_("Position text")), "export-text", title=_("Copy this position as text"), cls="btn small"
        )
    if game_module(s.spec.id).editor is not None:
        extra += pages.link(esc(_("Edit position")), f"#/{s.spec.id}/editor?from=game", "btn small")
    options = s.spec.options_from_dict(h.record.options)
    description = pages.options_subtitle(options)
    log = [
        LogStep(label, h.states[i].to_move(), h.states[i].turn_index(), h.record.moves[i])
        for i, label in enumerate(h.log(view.player_names, view.side_names_plural))
    ]
    return gamescreen.game_screen(
        spec=s.spec,
        view=view,
        description=description,
        board=textmode.board(view, state, ctx, st.settings, turn=turn_line(s), last=status_line(s, ctx)),
        panel=view.panel(state, ctx),
        prompt=prompt,
        status_line=status_line(s, ctx),
        previous_line=previous_line(s, ctx),
        status=view.status(state),
        score=view.score(state),
        players=s.players,
        to_move=None if outcome is not None else state.to_move(),
        log=log,
        hints=s.hints,
        cursor=h.cursor,
        can_undo=h.can_undo(),
        can_redo=h.can_redo(),
        can_hint=outcome is None and not thinking and not s.needs_privacy_screen()
        and not (s.players.is_ai(state.to_move()) and h.at_end),
        thinking=thinking,
        premove=bool(view.premove and thinking),
        result=result + privacy,
        show_result=outcome is not None and h.at_end and s.result_dismissed,
        message=s.message,
        notices=st.notices,
        extra_controls=extra,
        ai_note=ai_note(s) if playfeel.feel(st).get("engine") else "",
        clock_html=clock_html(st, s),
        page_nav=pages.page_links(s.spec, game_pages(s.spec.id).nav) if game_pages(s.spec.id) else "",
        prefs=s.prefs(st.settings),
        feel=playfeel.feel(st),
        # text mode has its own move box (it takes every game's codes)
        typed=""
        if outcome is not None or textmode.on(st.settings)
        else gamescreen.move_box(view, view.typed_moves(state, ctx)),
        analysis_href=analysis_href(s),
        first_note=newcomer.game_note(s.spec) if s.first_game else "",
    )


def turn_line(s: Session) -> str:
    """Whose turn it is (the computer's?), or how the game ended, in words (text mode's facts)."""
    outcome = s.outcome()
    if outcome is not None:
        return textmode.outcome_words(s.view, outcome)
    who = _(s.view.player_names[s.state.to_move()])
    plural = s.view.side_names_plural
    if s.players.is_ai(s.state.to_move()):
        return side_gettext(plural, "{player} (computer) to move").format(player=who)
    return side_gettext(plural, "{player} to move").format(player=who)


def analysis_href(s: Session) -> str | None:
    """The address of the computer's review of the game on screen (its saved slot), when it
    can be reviewed (:func:`~webtabletop.app.model.reviewsession.can_review`)."""
    record = s.history.record
    if can_review(s.spec, record, s.history.states[-1].is_over) is not None:
        return None
    return f"#/{s.spec.id}/review?s={s.slot}"


def status_line(s: Session, ctx: ViewContext) -> str:
    """What the move at the cursor did (after every move and in review), or the hint."""
    if ctx.hint is not None:
        return _("Hint: {move}").format(move=move_label(s.state, ctx.hint))
    h = s.history
    if h.cursor > 0 and is_ending(h.record.moves[h.cursor - 1]):
        return sentence(h.record.moves[h.cursor - 1], s.view.player_names, s.view.side_names_plural)
    if ctx.last_move is None or ctx.previous is None:
        return ""
    return describe(s, ctx.previous, s.state, ctx.last_move)


def previous_line(s: Session, ctx: ViewContext) -> str:
    """What the move before the cursor's did: the last two moves stay readable (the player's own
    move stays on screen under the computer's reply)."""
    h = s.history
    if ctx.hint is not None or h.cursor < 2:
        return ""
    i = h.cursor - 2
    return describe(s, h.states[i], h.states[i + 1], h.record.moves[i])


def clock_html(st: AppState, s: Session) -> str:
    clocks = clocks_of(st, s)
    if not clocks:
        return ""
    label = _("{player}’s clock")
    items = "".join(
        f'<span class="clock p{p}{" running" if run else ""}" role="timer" '
        f'aria-label="{esc(label.format(player=name))}" '
        f'data-clock-ms="{ms}" data-clock-run="{1 if run else 0}">{esc(text)}</span>'
        for p, (name, ms, text, run) in enumerate(clocks)
    )
    return f'<div class="clocks">{items}</div>'


def clocks_of(st: AppState, s: Session) -> list[tuple[str, int, str, bool]]:
    """(player name, ms left, m:ss, running) per player, or [] without a clock."""
    c = s.clock
    if c is None:
        return []
    return [
        (
            s.view.player_names[p],
            round(c.left(p, st.now)),
            format_ms(c.left(p, st.now)),
            c.running == p,
        )
        for p in (0, 1)
    ]


def ai_note(s: Session) -> str:
    info = s.last_ai
    if not info or not (s.players.is_ai(0) or s.players.is_ai(1)):
        return ""
    seconds, level = number(info["seconds"], 2), info["level"]
    if info.get("depth"):
        text = _("Computer's last move: {seconds} s ({level}, depth {depth}, {nodes} nodes).").format(
            seconds=seconds, level=level, depth=info["depth"], nodes=number(info.get("nodes", 0))
        )
    elif info.get("iterations"):
        text = _("Computer's last move: {seconds} s ({level}, {playouts} playouts).").format(
            seconds=seconds, level=level, playouts=info["iterations"]
        )
    else:
        text = _("Computer's last move: {seconds} s ({level}).").format(seconds=seconds, level=level)
    return f'<p class="note ai-note">{esc(text)}</p>'
