"""The review screen's HTML (:mod:`~webtabletop.app.review.flow` runs it): the board at the position shown, the
win-chance graph (SVG; a click on it goes to that move), the move list with its marks, the
judgement of the move shown (its mark, the better move and its line, luck), the summary per
player, and the analysis's progress with Cancel / Continue.

Without a link, the page lists this browser's saved games of the game and takes a record file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webtabletop.ai.review import MARKS, PlyReview, accuracy, net_luck
from webtabletop.app.model.modules import game_view
from webtabletop.app.model.reviewsession import ReviewSession
from webtabletop.app.model.saves import saved_games
from webtabletop.app.review import board as reviewboard
from webtabletop.app.review import learn as reviewlearn
from webtabletop.app.review.chances import chances_table
from webtabletop.app.widgets import textmode
from webtabletop.app.widgets.movelog import LogStep, turns_of
from webtabletop.app.widgets.pages import btn, link, notice_html, step_buttons
from webtabletop.core.registry import get_game
from webtabletop.core.view import esc, move_label, player_style
from webtabletop.i18n import _, language, ngettext
from webtabletop.i18n.sides import side_gettext
from webtabletop.i18n.text import number, percent

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: the graph's size in SVG units
GRAPH_W, GRAPH_H = 600, 120
MARK_CLASS = {"?!": "inaccuracy", "?": "mistake", "??": "blunder"}


def mark_names() -> dict[str, str]:
    return {"?!": _("Inaccuracy"), "?": _("Mistake"), "??": _("Blunder")}


def render(st: AppState, fx: Effects) -> tuple[str, str] | None:
    spec = get_game(st.route[1])
    title = _("Review of {game} · webtabletop").format(game=_(spec.title))
    r = st.review
    if len(st.route) < 3 or not st.route[2] or r is None:
        return picker_html(st, spec), title
    return review_html(st, r), title


# ---------------------------------------------------------------------- without a link
def picker_html(st: AppState, spec) -> str:
    rows = []
    games = [g for g in saved_games(st.store)[0] if g.game == spec.id and g.moves]
    for g in games[:12]:
        if g.result:
            label = ngettext("Finished game, {n} move", "Finished game, {n} moves", g.moves)
        else:
            label = ngettext("Game in progress, {n} move", "Game in progress, {n} moves", g.moves)
        label = label.format(n=g.moves)
        slot = g.key.rsplit(":", 1)[1]
        rows.append(f"<li>{link(esc(label), f'#/{spec.id}/review?s={slot}', 'btn small')}</li>")
    saved = (
        f"<ul class='review-saved'>{''.join(rows)}</ul>"
        if rows
        else f"<p>{esc(_('No saved game of this game in this browser.'))}</p>"
    )
    return (
        f"{notice_html(st.notices)}<section class='review-pick'><h1>"
        f"{esc(_('Review a game of {game}').format(game=_(spec.title)))}</h1>"
        f"<p>{esc(_('The computer analyses every move: each player’s winning chances, the mistakes and the better moves.'))}</p>"
        f"<h2>{esc(_('Saved games'))}</h2>{saved}"
        f"<p class='actions'><label class='btn file'>{esc(_('Review a record file…'))}<input type='file' "
        "accept='.json,application/json' data-import='review' data-key='review-file'></label>"
        f"{link(esc(_('Back to the game')), f'#/{spec.id}', 'btn ghost')}</p></section>"
    )


# ---------------------------------------------------------------------- the review
def _plural(r: ReviewSession) -> bool:
    """The game names its sides in the plural (i18n/sides.py)."""
    return game_view(r.spec.id).side_names_plural


def labels(r: ReviewSession) -> list[str]:
    """The moves' readable names (cached per language)."""
    if r.labels is None or r.labels[0] != language():
        r.labels = (language(), [move_label(s, code) for s, code in zip(r.states, r.record.moves, strict=False)])
    return r.labels[1]


def review_html(st: AppState, r: ReviewSession) -> str:
    view = game_view(r.spec.id)
    state = r.state()
    final_over = r.states[-1].is_over
    ctx = reviewboard.context(st, r, state, final_over)
    names = [_(view.player_names[0]), _(view.player_names[1])]
    style = player_style(view, chart=True)  # the dark theme's inks and the chart's two sides too
    judged = {p.ply: p for p in r.reviewer.plies}
    if r.learn is not None:
        ctx = reviewlearn.context(st, r)
    heading = _("Review of {game}").format(game=_(r.spec.title))
    controls = (
        f"<div class='controls' role='toolbar' aria-label='{esc(_('Review controls'))}'>"
        f"{step_buttons(view, r.cursor, r.cursor < r.tree.end(r.line))}"
        f"{btn(esc(_('Next mistake')), 'review-mistake', disabled=not any(p.mark and p.ply > r.cursor for p in r.reviewer.plies))}"
        "</div>"
    )
    if r.learn is not None:
        side = learn_html(r, view, state, ctx, names)
    else:
        verdict = reviewboard.variation_panel_html(r) if r.line else judgement_html(r, judged.get(r.cursor), names)
        panel = f"<div class='panel'>{view.panel(state, ctx)}</div>" if ctx.interactive else ""
        side = verdict + controls + panel + reviewboard.tools_html(r) + learn_buttons(r, names)
    play = link(esc(_("Back to the game")), f"#/{r.spec.id}", "btn small ghost")
    return (
        f"{notice_html(st.notices)}<section class='game review' data-game='{esc(r.spec.id)}'{style}>"
        f"{textmode.skip_link(st.settings)}"
        f"<div class='game-head'><h1>{esc(heading)}</h1>{play}</div>"
        f"<div class='layout'><div class='board-col'>{progress_html(r)}"
        f"{graph_svg(r, names)}{chances_table(r, names, labels(r), _plural(r), textmode.on(st.settings))}"
        f"{chances_html(r, names, state, asked=bool(r.learn and r.learn.status == 'ask'))}"
        f"<div class='board-wrap'>{textmode.board(view, state, ctx, st.settings, last=last_words(r))}</div></div>"
        f"<aside class='side'>{side}{summary_html(r, names)}<h2 class='log-title'>{esc(_('Moves'))}</h2>"
        f"{log_html(r, judged)}</aside></div></section>{reviewboard.share_html(st, r)}"
    )


def last_words(r: ReviewSession) -> str:
    """The move that led to the position shown, by name (text mode's "last move")."""
    return labels(r)[r.cursor - 1] if 0 < r.cursor <= len(r.record.moves) and not r.line else ""


def progress_html(r: ReviewSession) -> str:
    rv = r.reviewer
    n = len(r.record.moves)
    if rv.done:
        return ""
    done = len(rv.plies)
    if r.running:
        text = ngettext(
            "Analysing: {done} of {total} move…", "Analysing: {done} of {total} moves…", n
        ).format(done=done, total=n)
        action = btn(esc(_("Cancel")), "review-cancel", key="review-cancel", cls="btn small")
    else:
        text = ngettext(
            "Analysis stopped after {done} of {total} move.", "Analysis stopped after {done} of {total} moves.", n
        ).format(done=done, total=n)
        action = btn(esc(_("Continue the analysis")), "review-continue", key="review-continue", cls="btn small primary")
    return (
        f"<div class='review-progress' role='status' data-running='{1 if r.running else 0}'>"
        f"<progress max='{rv.total}' value='{rv.done_steps}' aria-label='{esc(text)}'></progress>"
        f"<span>{esc(text)}</span>{action}</div>"
    )


def graph_svg(r: ReviewSession, names: list[str]) -> str:
    """The first player's winning chances over the game (up: the first player wins); each move
    with a mark has a dot of its colour; a click on a column goes to that position."""
    n = len(r.record.moves)
    step = GRAPH_W / max(1, n)
    series = r.reviewer.chances()
    points = [(i * step, (1 - c[0]) * GRAPH_H) for i, c in enumerate(series) if c is not None]
    area = ""
    if points:
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        area = (
            f"<polygon class='g-area' points='0,{GRAPH_H} {path} {points[-1][0]:.1f},{GRAPH_H}'/>"
            f"<polyline class='g-line' points='{path}'/>"
        )
    dots = "".join(
        f"<circle class='g-mark {MARK_CLASS[p.mark]}' cx='{p.ply * step:.1f}' cy='{(1 - p.chances[0]) * GRAPH_H:.1f}' r='4'/>"
        for p in r.reviewer.plies
        if p.mark
    )
    at = r.tree.main_fork(r.node) * step
    # a halo of the page's colour under the cursor: it shows on either side's fill
    cursor = "".join(
        f"<line class='{cls}' x1='{at:.1f}' x2='{at:.1f}' y1='0' y2='{GRAPH_H}'/>"
        for cls in ("g-halo", "g-cursor")
    )
    hits = "".join(
        f"<rect class='g-hit' x='{max(0.0, (i - 0.5) * step):.1f}' y='0' width='{step:.1f}' height='{GRAPH_H}' "
        f"data-cmd='review-goto' data-arg='{i}'><title>{esc(_('Position after move {n}').format(n=i) if i else _('The start'))}</title></rect>"
        for i in range(n + 1)
    )
    label = side_gettext(_plural(r), "Winning chances of {player} over the game (up: {player} wins)").format(
        player=names[0]
    )
    return (
        f"<figure class='review-graph'><svg viewBox='0 0 {GRAPH_W} {GRAPH_H}' preserveAspectRatio='none' role='img' "
        f"aria-label='{esc(label)}'><rect class='g-bg' width='{GRAPH_W}' height='{GRAPH_H}'/>{area}"
        f"<line class='g-mid' x1='0' x2='{GRAPH_W}' y1='{GRAPH_H / 2}' y2='{GRAPH_H / 2}'/>{cursor}{dots}{hits}</svg></figure>"
    )


def chances_html(r: ReviewSession, names: list[str], state, asked: bool = False) -> str:
    """Both players' chances at the position shown (an evaluation bar) and the computer's line
    (``asked``: the player is asked to find a better move here, so the line, the answer, stays
    hidden)."""
    analysis = r.analysis()
    if analysis is None:
        text = _("Analysing this position…") if r.line else _("Not analysed yet.")
        return f"<p class='review-chances pending' data-key='chances'>{esc(text)}</p>"
    c = analysis.chances
    text = _("{first}: {a} · {second}: {b}").format(first=names[0], a=percent(c[0]), second=names[1], b=percent(c[1]))
    return (
        f"<div class='review-chances' data-key='chances'><div class='eval-bar' aria-hidden='true'>"
        f"<span class='p0' style='width:{c[0] * 100:.1f}%'></span></div><p>{esc(text)}</p>"
        f"{'' if asked else reviewboard.engine_line_html(state, analysis)}</div>"
    )


def line_labels(r: ReviewSession, ply: PlyReview) -> str:
    """The moves that follow the better move in its line, by name (the better move itself is
    named before the line)."""
    return reviewboard.line_text(r.states[ply.ply - 1], ply.line, skip=1)


def judgement_html(r: ReviewSession, ply: PlyReview | None, names: list[str]) -> str:
    if r.cursor == 0:
        return f"<div class='review-move'><p>{esc(_('The start of the game.'))}</p></div>"
    if ply is None and r.cursor > r.reviewer.judged:  # a resignation or an agreed draw: not judged
        text = _("{move}: the game ends here. An ending is not a move on the board, so it is not judged.")
        return f"<div class='review-move'><p>{esc(text.format(move=labels(r)[r.cursor - 1]))}</p></div>"
    if ply is None:
        return f"<div class='review-move'><p>{esc(_('This move is not analysed yet.'))}</p></div>"
    who = names[ply.player]
    move = labels(r)[ply.ply - 1]
    parts = []
    if ply.mark:
        verdict = side_gettext(_plural(r), "{mark}: {player} lost {loss} of their winning chances.").format(
            mark=mark_names()[ply.mark], player=who, loss=percent(ply.loss)
        )
        parts.append(f"<p class='verdict {MARK_CLASS[ply.mark]}'><strong>{esc(move)}{esc(ply.mark)}</strong> {esc(verdict)}</p>")
    elif ply.best is None:
        parts.append(f"<p class='verdict good'><strong>{esc(move)}</strong> {esc(_('The computer’s choice too.'))}</p>")
    else:
        parts.append(f"<p class='verdict'><strong>{esc(move)}</strong> {esc(_('A good move.'))}</p>")
    if ply.best is not None and ply.mark:
        best = move_label(r.states[ply.ply - 1], ply.best)
        then = line_labels(r, ply)
        parts.append(
            f"<p class='better'>{esc(_('Better: {move}').format(move=best))}"
            + (f" <span class='line'>{esc(_('then {moves}').format(moves=then))}</span>" if then else "")
            + "</p>"
        )
    if ply.luck is not None and abs(ply.luck) >= 0.05:
        text = (
            side_gettext(_plural(r), "Luck (dice, draws, unseen cards) then gave {player} {change}.")
            if ply.luck > 0
            else side_gettext(_plural(r), "Luck (dice, draws, unseen cards) then cost {player} {change}.")
        )
        parts.append(f"<p class='luck'>{esc(text.format(player=who, change=percent(abs(ply.luck))))}</p>")
    return f"<div class='review-move' data-key='review-move'>{''.join(parts)}</div>"


def learn_buttons(r: ReviewSession, names: list[str]) -> str:
    """"Learn from your mistakes" for each player with a marked move (once the review is done)."""
    if not r.reviewer.done:
        return ""
    out = []
    for p in (0, 1):
        n = sum(1 for x in r.reviewer.plies if x.player == p and x.mark)
        if n:
            label = side_gettext(_plural(r), "Learn from {player}’s mistakes").format(player=names[p])
            out.append(btn(esc(label), "learn-start", p, key=f"learn-{p}", cls="btn small primary"))
    return f"<div class='learn-start'>{''.join(out)}</div>" if out else ""


def learn_html(r: ReviewSession, view, state, ctx, names: list[str]) -> str:
    """The learner's panel: what to find, the answer to the last try, and the way on."""
    learn = r.learn
    total = len(learn.queue)
    if learn.ply is None:
        text = ngettext(
            "Done: you found {found} of {total} better move.", "Done: you found {found} of {total} better moves.", total
        ).format(found=learn.found, total=total)
        return (
            f"<div class='learn' data-key='learn'><p class='prompt'>{esc(text)}</p>"
            f"{btn(esc(_('Back to the review')), 'learn-stop', key='learn-stop', cls='btn primary')}</div>"
        )
    ask = side_gettext(_plural(r), "Position {n} of {total}: {player} played a mistake here. Find a better move.").format(
        n=learn.index + 1, total=total, player=names[learn.player]
    )
    message = ""
    if learn.message:
        tone = MARK_CLASS.get(learn.tone, learn.tone)
        mark = f"<span class='mk {tone}'>{esc(learn.tone)}</span> " if learn.tone in MARK_CLASS else ""
        message = (
            f"<p class='learn-answer{' ' + tone if tone else ''}' role='status' data-key='learn-answer'>"
            f"{mark}{esc(learn.message)}</p>"
        )
    if learn.status == "ask":
        actions = btn(esc(_("Show the answer")), "learn-show", key="learn-show", cls="btn small")
        panel = f"<div class='panel'>{view.panel(state, ctx)}</div>"
    else:
        actions = btn(esc(_("Next position")), "learn-next", key="learn-next", cls="btn primary")
        panel = ""
    actions += btn(esc(_("Stop")), "learn-stop", key="learn-stop", cls="btn small ghost")
    return (
        f"<div class='learn' data-key='learn' data-status='{esc(learn.status)}'><p class='prompt'>{esc(ask)}</p>"
        f"{message}{panel}<div class='actions'>{actions}</div></div>"
    )


def summary_html(r: ReviewSession, names: list[str]) -> str:
    """Per player: the count of each mark, the average loss, accuracy and luck."""
    rows = {p: [x for x in r.reviewer.plies if x.player == p] for p in (0, 1)}
    head = "".join(f"<th scope='col' class='p{p}'>{esc(names[p])}</th>" for p in (0, 1))
    body = []
    for _least, mark in reversed(MARKS):
        cells = "".join(f"<td>{sum(x.mark == mark for x in rows[p])}</td>" for p in (0, 1))
        body.append(f"<tr><th scope='row'><span class='mk {MARK_CLASS[mark]}'>{esc(mark)}</span> {esc(mark_names()[mark])}</th>{cells}</tr>")

    def mean(p: int, fn) -> float | None:
        xs = rows[p]
        return sum(fn(x) for x in xs) / len(xs) if xs else None

    accuracies = [mean(p, lambda x: accuracy(x.loss)) for p in (0, 1)]
    losses = [mean(p, lambda x: x.loss) for p in (0, 1)]
    body.append(
        f"<tr><th scope='row' title='{esc(_('Lichess’s accuracy: 100 for moves that lose nothing'))}'>{esc(_('Accuracy'))}</th>"
        + "".join(f"<td>{'–' if a is None else number(a)}</td>" for a in accuracies)
        + "</tr>"
    )
    body.append(
        f"<tr><th scope='row'>{esc(_('Average loss'))}</th>"
        + "".join(f"<td>{'–' if x is None else esc(percent(x, 1))}</td>" for x in losses)
        + "</tr>"
    )
    if any(x.luck is not None for x in r.reviewer.plies):
        cells = "".join(
            f"<td>{percent(net_luck(r.reviewer.plies, p), signed=True)}</td>" for p in (0, 1)
        )
        body.append(f"<tr><th scope='row' title='{esc(_('How much dice, draws and unseen cards moved the chances'))}'>{esc(_('Luck'))}</th>{cells}</tr>")
    captions = {
        "easy": _("Summary (quick analysis)"),
        "normal": _("Summary (normal analysis)"),
        "hard": _("Summary (deep analysis)"),
    }
    caption = captions[r.reviewer.budget]
    return f"<table class='score review-summary'><caption>{esc(caption)}</caption><tr><td></td>{head}</tr>{''.join(body)}</table>"


def log_html(r: ReviewSession, judged: dict[int, PlyReview]) -> str:
    """The game's moves, one row per turn as on the game screen (:func:`webtabletop.app.widgets.movelog.turns_of`:
    a defence, an extra play, a cross-out or a draw offer's answer belongs to its turn), each
    move a button to its position with its mark; a move's variations follow its turn's row."""
    names = labels(r)
    steps = [
        LogStep(label, r.states[i].to_move(), r.states[i].turn_index()) for i, label in enumerate(names)
    ]
    rows = []
    for n, row in enumerate(turns_of(steps), 1):
        items = []
        for i in row:
            ply = i + 1
            p = judged.get(ply)
            mark = f"<span class='mk {MARK_CLASS[p.mark]}'>{esc(p.mark)}</span>" if p is not None and p.mark else ""
            current = ' aria-current="step"' if (0, ply) == r.node else ""
            items.append(
                f"<li class='p{steps[i].mover}' value='{ply}'><button type='button' data-cmd='review-goto' "
                f"data-arg='{ply}' data-key='log-{ply}'{current}>{esc(names[i])}{mark}</button></li>"
            )
        rows.append(
            f"<div class='log-turn p{steps[row[0]].mover}' role='listitem'><span class='turn-no'>{n}.</span>"
            f"<ol class='steps'>{''.join(items)}</ol></div>"
        )
        rows.extend(reviewboard.branch_items(r, i) for i in row)
    return f"<div class='log review-log' role='list' aria-label='{esc(_('Move log'))}'>{''.join(rows)}</div>"
