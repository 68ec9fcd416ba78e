"""The analysis board of the review screen (Lichess's analysis board): from any
position of the game, or of a variation, the player plays moves on the board (click, drag or the
keyboard, through web/board.js as on every board); they become variations in the analysis's move
tree (:mod:`webtabletop.core.movetree`), shown in the move list Lichess-style with the game's own
moves kept as the main line. Every position shown gets the engine's chances and line (the review's
analysis on the main line; a search of its own for a variation's position, one ``review-step`` of
the engine worker, the position shown first).

The variations are saved in the record ("Save the analysis", a record file with ``variations``)
and shared by a link (``#/<game>/review?r=…&v=…``, :mod:`webtabletop.core.variationlink`); a link
without ``v`` and a record without ``variations`` open as before. While "Learn from your mistakes"
runs, the board's actions are its tries (:mod:`~webtabletop.app.review.learn`).
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webtabletop.app.model.modules import game_view
from webtabletop.app.model.reviewsession import resume
from webtabletop.app.review import learn as reviewlearn
from webtabletop.app.widgets import share
from webtabletop.app.widgets.pages import btn
from webtabletop.core import variationlink
from webtabletop.core.movetree import MoveTree, TreeError
from webtabletop.core.protocol import GameError, State
from webtabletop.core.sharelink import LinkError
from webtabletop.core.view import ViewContext, esc, move_label
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.ai.analysis import Analysis
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.reviewsession import ReviewSession
    from webtabletop.app.model.state import AppState


# ---------------------------------------------------------------------- variations in and out
def variations_text(r: ReviewSession) -> str:
    return variationlink.encode(r.spec.id, r.payload, r.tree)


def load_variations(r: ReviewSession, fx: Effects, text: str) -> None:
    """The variations of a link's ``v=`` (the review opens without them if they cannot be read)."""
    try:
        tree = variationlink.decode(r.spec.id, r.payload, text, MoveTree(r.states, r.record.moves))
    except LinkError as exc:
        fx.say(_("The link’s variations cannot be opened ({problem}): the review opens without them.").format(problem=exc))
        return
    r.tree = tree
    r.set_node((0, r.cursor))


def adopt_variations(r: ReviewSession, fx: Effects, lines) -> None:
    """The variations of a record file, replayed through the rules first."""
    try:
        r.tree = MoveTree(r.states, r.record.moves, lines).replay()
    except TreeError as exc:
        fx.say(_("The record’s variations cannot be opened ({problem}): the review opens without them.").format(problem=exc))
        r.tree = MoveTree(r.states, r.record.moves)
    r.set_node((0, r.cursor))


def analysis_link(st: AppState, r: ReviewSession) -> str:
    """The link that opens this review with its variations."""
    text = variations_text(r)
    return f"{st.base}#/{r.spec.id}/review?r={r.payload}" + (f"&v={text}" if text else "")


# ---------------------------------------------------------------------- commands
def goto_node(st: AppState, fx: Effects, r: ReviewSession, arg: Any) -> None:
    """A move of a variation or of the game (``arg``: "line:ply")."""
    line, _sep, ply = str(arg).partition(":")
    with contextlib.suppress(ValueError):
        r.set_node((int(line), int(ply)))


def delete_variation(st: AppState, fx: Effects, r: ReviewSession, arg: Any) -> None:
    with contextlib.suppress(ValueError):
        r.set_node(r.tree.delete(int(str(arg))))


def open_share(st: AppState, fx: Effects, r: ReviewSession, arg: Any) -> None:
    share.load()  # in the worker, at most one search's wait: the code is drawn at once
    r.share = True


def close_share(st: AppState, fx: Effects, r: ReviewSession, arg: Any) -> None:
    r.share = False
    fx.focus = "review-share"


def copy_link(st: AppState, fx: Effects, r: ReviewSession, arg: Any) -> None:
    fx.clipboard = analysis_link(st, r)
    fx.say(_("Link copied. It opens this review with its variations."))


def save_file(st: AppState, fx: Effects, r: ReviewSession, arg: Any) -> None:
    rec = r.record_with_variations()
    fx.download = {"name": f"{rec.game_id}-{rec.seed}-analysis.json", "text": json.dumps(rec.to_json(), indent=1)}


#: the analysis board's commands: (state, effects, review, the button's argument)
COMMANDS: dict[str, Callable[[AppState, Effects, ReviewSession, Any], None]] = {
    "review-node": goto_node,
    "review-delete": delete_variation,
    "review-share": open_share,
    "close-share": close_share,
    "copy-link": copy_link,
    "review-save": save_file,
}


# ---------------------------------------------------------------------- the board
def context(st: AppState, r: ReviewSession, state: State, final_over: bool) -> ViewContext:
    """The analysis board: playable by whoever is to move (a finished game shows everything)."""
    view = game_view(r.spec.id)
    chosen = st.settings.get("prefs", {}).get(r.spec.id, {})
    playable = not state.is_over
    previous = r.tree.state((r.line, r.cursor - 1)) if r.cursor else None
    path = r.tree.path(r.node)
    return ViewContext(
        viewer=state.to_move() if playable else None,
        selection=r.selection,
        hover=r.hover,
        interactive=playable,
        flipped=r.flipped,
        last_move=path[-1] if path else None,
        previous=previous,
        prefs={name: chosen.get(name, default) for name, _label, default in view.preferences},
        reveal_all=final_over,
    )


def play(st: AppState, fx: Effects, r: ReviewSession, code: str) -> None:
    """Play ``code`` at the position shown: into the tree, then its analysis is asked for."""
    r.selection = r.hover = None
    r.set_node(r.tree.play(r.node, code))
    resume(r, fx)


def pick(st: AppState, fx: Effects, r: ReviewSession, token: str) -> None:
    state = r.state()
    final_over = r.states[-1].is_over
    result = game_view(r.spec.id).pick(state, context(st, r, state, final_over), token)
    r.selection = result.selection
    if result.message:
        fx.say(result.message)
    if result.move is not None:
        play(st, fx, r, result.move)


def _session(st: AppState) -> ReviewSession | None:
    r = st.review
    return r if r is not None and st.route[0] == "review" else None


def on_move(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    r = _session(st)
    if r is not None and r.learn is not None:
        reviewlearn.on_move(st, fx, action)
    elif r is not None and not r.state().is_over:
        play(st, fx, r, str(action.get("code", "")))


def on_pick(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    r = _session(st)
    if r is not None and r.learn is not None:
        reviewlearn.on_pick(st, fx, action)
    elif r is not None and not r.state().is_over:
        pick(st, fx, r, str(action.get("token", "")))


def on_drop(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A drag released on a target: select what was dragged, then pick the target."""
    r = _session(st)
    if r is not None and r.learn is not None:
        reviewlearn.on_drop(st, fx, action)
        return
    if r is None or r.state().is_over:
        return
    drag, target = str(action.get("drag", "")), str(action.get("drop", ""))
    node = r.node
    if r.selection != drag:
        pick(st, fx, r, drag)
    if r.node == node and r.selection is not None:
        pick(st, fx, r, target)


def on_hover(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    r = _session(st)
    if r is not None and r.learn is not None:
        reviewlearn.on_hover(st, fx, action)
    elif r is not None:
        token, dragged = action.get("token"), action.get("drag")
        token = f"{dragged}@{token}" if token and dragged else token
        r.hover = str(token) if token else None


def on_cancel(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    r = _session(st)
    if r is not None and r.learn is not None:
        reviewlearn.on_cancel(st, fx, action)
    elif r is not None:
        r.selection = r.hover = None


# ---------------------------------------------------------------------- HTML
def line_text(state: State, line: tuple[str, ...], skip: int = 0, limit: int = 6) -> str:
    """The moves of an engine line by name, as far as they can be played on ``state`` (a line
    found in a world the mover imagined may part from it); the first ``skip`` are not named."""
    out = []
    for i, code in enumerate(line[:limit]):
        try:
            move = state.move_from_code(code)
        except GameError:
            break
        if i >= skip:
            out.append(state.move_label(move))
        state = state.apply(move)
        if state.is_over:
            break
    return " · ".join(out)


def engine_line_html(state: State, analysis: Analysis | None) -> str:
    """The computer's best move and line at the position shown."""
    if analysis is None or analysis.best_move is None:
        return ""
    text = line_text(state, analysis.line or (analysis.best_move,))
    if not text:
        return ""
    return f"<p class='engine-line' data-key='engine-line'>{esc(_('Computer’s line: {moves}').format(moves=text))}</p>"


def variation_html(r: ReviewSession, k: int) -> str:
    """Variation ``k`` in the move list: its moves, each a button, with the variations that
    branch from it nested after the move they replace."""
    v = r.tree.lines[k]
    parts = []
    for i, code in enumerate(v.moves):
        ply = v.at + i + 1
        before = r.tree.state((k, ply - 1))
        current = ' aria-current="step"' if r.node == (k, ply) else ""
        label = move_label(before, code)
        parts.append(
            f"<button type='button' class='vmove p{before.to_move()}' data-cmd='review-node' data-arg='{k}:{ply}' "
            f"data-key='node-{k}-{ply}'{current}>{esc(label)}</button>"
        )
        if i:
            parts.extend(variation_html(r, j) for j in r.tree.branches(k, ply - 1))
    return f"<span class='variation' data-line='{k}'>{''.join(parts)}</span>"


def branch_items(r: ReviewSession, ply: int) -> str:
    """The move list's rows of the variations that replace the game's move ``ply + 1`` (after
    the row of that move's turn)."""
    return "".join(
        f"<div class='variations' role='listitem'>{variation_html(r, k)}</div>" for k in r.tree.branches(0, ply)
    )


def variation_panel_html(r: ReviewSession) -> str:
    """Where the position shown comes from, with the way back and Delete."""
    fork = r.tree.main_fork(r.node)
    text = _("A variation: instead of move {n} of the game.").format(n=fork + 1)
    return (
        f"<div class='review-move variation-info' data-key='review-move'><p>{esc(text)}</p><p class='actions'>"
        f"{btn(esc(_('Back to the game’s moves')), 'review-goto', fork, key='review-back', cls='btn small')}"
        f"{btn(esc(_('Delete this variation')), 'review-delete', r.line, key='review-delete', cls='btn small ghost')}"
        "</p></div>"
    )


def tools_html(r: ReviewSession) -> str:
    """Share and save the analysis with its variations."""
    hint = _("Play a move on the board to try a variation.") if not r.tree.variations else ""
    return (
        f"<div class='analysis-tools'>"
        f"{btn(esc(_('Share this analysis…')), 'review-share', key='review-share', cls='btn small')}"
        f"{btn(esc(_('Save the analysis (file)')), 'review-save', key='review-save', cls='btn small ghost')}"
        + (f"<p class='hint'>{esc(hint)}</p>" if hint else "")
        + "</div>"
    )


def share_html(st: AppState, r: ReviewSession) -> str:
    if not r.share:
        return ""
    return share.share_window(
        analysis_link(st, r),
        title=_("Share this analysis"),
        intro=_("Whoever opens this link sees this game’s review with your variations."),
        label=_("Link to this analysis"),
        caption=_("Scan the code with a phone’s camera to open this analysis there."),
    )
