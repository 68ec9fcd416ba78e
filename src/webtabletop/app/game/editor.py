"""The position editor screen (``#/<game>/editor``, for games with an ``EDITOR``: DumaRaj).

``AppState.editor`` holds the game, the position text, the tool in hand and a message. The
editor itself (board, tools, checks) is the game's; this module opens it, answers its actions
(a pick on its board, the text box, "Start a game from here") and draws it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.model.modules import game_module
from webtabletop.app.widgets import pages
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.registry import get_game
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.screen import Handler
    from webtabletop.app.model.state import AppState


def has_editor(game_id: str) -> bool:
    return game_module(game_id).editor is not None


def open_editor(st: AppState, spec: GameSpec, query: dict[str, str]) -> None:
    """Open the editor on the game on screen (``?from=game``), else on the position it last held,
    else on the game's default position."""
    editor = game_module(spec.id).editor
    text = editor.default_text()
    if query.get("from") == "game" and st.session is not None and st.session.spec.id == spec.id:
        text = st.session.view.export_text(st.session.state) or text
    elif st.editor.get("game") == spec.id:
        text = st.editor["text"]
    st.editor = {
        "game": spec.id,
        "text": editor.load(text),
        "tool": st.editor.get("tool"),
        "message": None,
    }
    st.route = ("editor", spec.id)


def on_pick(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A pick on the editor's board or tools."""
    editor = game_module(st.route[1]).editor
    text, tool, message = editor.pick(st.editor["text"], st.editor.get("tool"), str(action.get("token", "")))
    st.editor.update(text=text, tool=tool, message=message)


def on_form(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The position text box."""
    if action.get("name") != "editor-text":
        raise GameError(_("this form is not open"))
    data = action.get("data") or {}
    editor = game_module(st.route[1]).editor
    try:
        st.editor["text"] = editor.load(str(data.get("text", "")))
        st.editor["message"] = None
    except GameError as exc:
        st.editor["message"] = _("That text cannot be read: {problem}").format(problem=exc)


def start(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """"Start a game from here": the new-game dialog with this position (a position the rules
    refuse stays in the editor, which says why)."""
    editor = game_module(st.route[1]).editor
    problem = editor.check(st.editor["text"])
    if problem:
        st.editor["message"] = problem
        return
    st.route = ("new", st.route[1], None, {"fen": st.editor["text"]})
    fx.hash = f"#/{st.route[1]}/new"


def copy_text(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The position text, copied (the editor's Copy button; the toast offers it again)."""
    text = str(action.get("arg") or "")
    fx.clipboard = text
    fx.say(_("Position text copied."), text)


#: the editor's commands (its board and text box answer picks and the form)
COMMANDS: dict[str, Handler] = {"editor-start": start, "copy-text": copy_text}


def render(st: AppState, fx: Effects) -> tuple[str, str]:
    spec = get_game(st.route[1])
    editor = game_module(spec.id).editor
    body = editor.render(st.editor["text"], st.editor.get("tool"), st.editor.get("message"))
    html = pages.editor_page(spec, editor.title, body)
    return html, _("{game}: {page} · webtabletop").format(game=_(spec.title), page=editor.title)
