"""The game screen's HTML: the shell around every board (docs/board.md).

Layout, phone first: a compact head (title, a "Menu" toggle holding every secondary action, the
player/AI choice, display switches and the motion/sound settings), then the turn line and the
status line (what the last move did, or the hint; every move is read out once through the page's own live region), the board, and the
side column with the prompt, the game's panel, the main controls (undo, hint, review arrows),
scores and the move log. On a wide screen the menu's contents are always shown; on a phone they
fold behind the toggle (web/board.js opens it), so the board, the hand and the prompt fit.

The game-over window can be closed (×, Esc, a click outside), moved by its title bar and turned
into a small bar ("Look at the board") by web/board.js; "Show the result" brings it back.
"""

from __future__ import annotations

from typing import Any

from webtabletop.app.model.saves import DEFAULT_REPLY_DELAY, REPLY_DELAYS, Players
from webtabletop.app.widgets.movelog import LogStep, turns_of
from webtabletop.app.widgets.pages import (
    btn,
    folding_menu,
    link,
    notice_html,
    outcome_title,
    players_controls,
    prefs_controls,
    step_buttons,
    turn_score,
)
from webtabletop.app.widgets.textmode import skip_link
from webtabletop.core.protocol import GameSpec, Outcome
from webtabletop.core.view import GameView, esc, player_style
from webtabletop.i18n import _, pgettext
from webtabletop.i18n.sides import side_gettext


def words() -> dict[str, str]:
    """The screen's words in the current language (outside f-strings, so they are extracted)."""
    return {
        "settings": _("Settings"),
        "look_at_the_board": _("Look at the board"),
        "rematch": _("Rematch"),
        "new_game": _("New game…"),
        "review_the_game": _("Review the game"),
        "computer_analysis": _("Computer analysis"),
        "share_link": _("Share link…"),
        "a_hint_was_shown_for_this_move": _("A hint was shown for this move"),
        "no_moves_yet": _("No moves yet."),
        "move_log": _("Move log"),
        "game_controls": _("Game controls"),
        "hint": _("Hint"),
        "rules": _("Rules"),
        "game": _("Game"),
        "players": _("Players"),
        "computer_is_thinking": _("Computer is thinking…"),
        "scores": _("Scores"),
        "moves": _("Moves"),
    }


ICON_HINT = (
    '<svg class="ico" viewBox="0 0 16 16" aria-hidden="true"><path d="M8 1.5a4.5 4.5 0 0 0-2.6 8.2V12h5.2V9.7'
    'A4.5 4.5 0 0 0 8 1.5z" fill="currentColor"/><path d="M5.8 13.5h4.4" stroke="currentColor" stroke-width="1.6"/></svg>'
)


def theme_control(theme: str) -> str:
    """The colour theme: as the system says (``prefers-color-scheme``), light or dark."""
    names = {
        "system": _("As the system"),
        "light": pgettext("theme", "Light"),
        "dark": pgettext("theme", "Dark"),
    }
    options = "".join(
        f'<option value="{value}"{" selected" if value == theme else ""}>{esc(name)}</option>'
        for value, name in names.items()
    )
    label = _("Theme")
    return (
        f'<label class="pref">{esc(label)} <select data-change="setting:theme" data-key="setting-theme">'
        f"{options}</select></label>"
    )


def feel_controls(feel: dict[str, Any]) -> str:
    """The page's own settings: motion, sounds, engine details, how long the player's move stays
    shown before the computer's reply, and the colour theme (remembered in the settings document)."""
    W = words()
    rows = [
        ("motion", _("Animations")),
        ("sounds", _("Sounds")),
        ("engine", _("Engine details")),
        ("text", _("Text mode (screen readers)")),
    ]
    boxes = "".join(
        f'<label class="pref"><input type="checkbox" data-change="setting:{name}" data-key="setting-{name}"'
        f"{' checked' if feel.get(name) else ''}> {esc(label)}</label>"
        for name, label in rows
    )
    current = feel.get("reply_delay", DEFAULT_REPLY_DELAY)
    choices = "".join(
        f'<option value="{d}"{" selected" if d == current else ""}>'
        f"{esc(_('at once') if d == 0 else _('after {seconds} s').format(seconds=format_seconds(d)))}</option>"
        for d in REPLY_DELAYS
    )
    delay = (
        f'<label class="pref">{esc(_("Computer replies"))} <select data-change="setting:reply_delay" '
        f'data-key="setting-reply_delay">{choices}</select></label>'
    )
    theme = str(feel.get("theme", "system"))
    return f'<div class="prefs feel" role="group" aria-label="{esc(W["settings"])}">{boxes}{delay}{theme_control(theme)}</div>'


def format_seconds(value: float) -> str:
    """0.7 -> "0.7", 2 -> "2" (in the language's decimal mark)."""
    text = f"{value:g}"
    return text.replace(".", pgettext("decimal mark", "."))


def status_lines(status_line: str, previous_line: str = "") -> str:
    """The sentence of the last move and the one before it (in grey above it): the game screen's,
    the lessons' and the puzzles'. Not a live region: every move is read out once through the
    page's own (widgets/announce.py)."""
    line = f'<p class="status-line" data-key="status-line">{esc(status_line)}</p>'
    if previous_line:
        line = f'<p class="status-line status-prev" data-key="status-prev">{esc(previous_line)}</p>{line}'
    return f'<div class="status-lines">{line}</div>'


def result_window(view: GameView, outcome: Outcome, spec: GameSpec, analysis_href: str | None = None) -> str:
    """The game-over window: closable (×, Esc, a click outside) and movable (its title bar).
    "Review the game" opens the computer's review of it (``analysis_href``); "Look at the board"
    sets the window aside as a bar."""
    W = words()
    title = outcome_title(view, outcome)
    a, b = outcome.scores
    close = _("Close")
    return (
        f'<div class="result-dialog" role="dialog" aria-modal="false" aria-labelledby="result-title" data-key="result">'
        f'<div class="result-bar" data-handle="1"><h2 id="result-title">{esc(title)}</h2>'
        f'<button type="button" class="btn icon peek" data-peek="1" aria-pressed="false" data-key="result-peek">'
        f"{esc(W['look_at_the_board'])}</button>"
        f'<button type="button" class="btn icon close" data-cmd="dismiss-result" data-key="result-close" '
        f'aria-label="{esc(close)}" title="{esc(close)}">×</button></div>'
        f'<div class="result-body"><p class="final-score"><span class="p0">{esc(_(view.player_names[0]))} {a:g}</span> – '
        f'<span class="p1">{b:g} {esc(_(view.player_names[1]))}</span></p><p>{esc(_(str(outcome.reason)).capitalize())}.</p>'
        f'<div class="actions">{btn(esc(W["rematch"]), "rematch", cls="btn primary", key="rematch")}'
        f"{link(esc(W['new_game']), f'#/{spec.id}/new')}"
        f"{link(esc(W['review_the_game']), analysis_href, 'btn open-review') if analysis_href else ''}"
        f"{btn(esc(W['share_link']), 'share', 'result', key='result-share')}</div></div></div>"
    )


def log_html(log: list[LogStep], cursor: int, hints: set[int], engine: bool = False) -> str:
    """The move log, one row per turn (its number, then that turn's moves, each a button that
    shows the position after it); ``engine``: each move's code beside its name."""
    W = words()
    if not log:
        return f'<p class="log empty">{esc(W["no_moves_yet"])}</p>'
    mark = pgettext("move log", "hint")
    rows = []
    for n, row in enumerate(turns_of(log), 1):
        items = []
        for i in row:
            step = log[i]
            current = ' aria-current="step"' if i + 1 == cursor else ""
            future = " future" if i + 1 > cursor else ""
            hinted = (
                f' <span class="hint-mark" title="{esc(W["a_hint_was_shown_for_this_move"])}">({esc(mark)})</span>'
                if i in hints
                else ""
            )
            code = f' <code class="move-code">{esc(step.code)}</code>' if engine and step.code else ""
            items.append(
                f'<li class="p{step.mover}{future}{" hinted" if i in hints else ""}"><button type="button" data-cmd="goto" '
                f'data-arg="{i + 1}" data-key="log-{i + 1}"{current}>{esc(step.label)}{code}{hinted}</button></li>'
            )
        owner = log[row[0]].mover
        future = " future" if row[0] + 1 > cursor else ""
        rows.append(
            f'<div class="log-turn p{owner}{future}" role="listitem"><span class="turn-no">{n}.</span>'
            f'<ol class="steps">{"".join(items)}</ol></div>'
        )
    return f'<div class="log" role="list" aria-label="{esc(W["move_log"])}">{"".join(rows)}</div>'


def main_controls(view: GameView, cursor: int, can_undo: bool, can_redo: bool, can_hint: bool) -> str:
    """The controls a player needs while playing (undo, hint, review arrows, flip)."""
    W = words()
    return (
        f'<div class="controls" role="toolbar" aria-label="{esc(W["game_controls"])}">'
        + btn(esc(_("Undo")), "undo", disabled=not can_undo, shortcut="U", title=_("Undo (U)"))
        + btn(esc(_("Redo")), "redo", disabled=not can_redo, title=_("Redo"))
        + btn(
            f"{ICON_HINT}<span>{esc(W['hint'])}</span>",
            "hint",
            disabled=not can_hint,
            title=_("Show a good move (the computer's choice at its normal level)"),
            cls="btn hint",
        )
        + step_buttons(view, cursor, can_redo)
        + "</div>"
    )


def move_box(view: GameView, typed: dict[str, str] | None) -> str:
    """The move box of a game with codes to type (Lichess's keyboard input): the page plays a
    text as soon as it names exactly one legal move (web/board.js), Enter sends any other."""
    if typed is None:
        return ""
    label = _("Type a move")
    example = _("for example {move}").format(move=view.typed_example) if view.typed_example else ""
    return (
        f'<form class="move-box" data-form="typed-move" data-key="move-box" autocomplete="off">'
        f'<label for="typed-move">{esc(label)}</label>'
        f'<input id="typed-move" name="move" type="text" data-key="typed-move" maxlength="24" '
        f'autocapitalize="off" spellcheck="false" enterkeyhint="go" placeholder="{esc(example)}" '
        f'data-typed="{esc(" ".join(sorted(typed)))}"></form>'
    )


def first_game_line(spec: GameSpec, note: str) -> str:
    """A newcomer's first game: one sentence on how to turn the rest on, and the way there."""
    if not note:
        return ""
    return (
        f'<p class="first-game-note" data-key="first-game-note">{esc(note)} '
        f"{link(esc(words()['new_game']), f'#/{spec.id}/new', 'btn small')}</p>"
    )


def menu_html(
    spec: GameSpec,
    view: GameView,
    players: Players,
    prefs,
    feel,
    page_nav: str,
    extra: str,
    show_result: bool,
    analysis_href: str | None = None,
) -> str:
    """Every secondary action in one place (folded behind "Menu" on a phone)."""
    W = words()
    # "Computer analysis" first: "Show the result" appears when the window is closed, after it,
    # so the link stays where it was (a click aimed at it lands on it)
    again = link(esc(W["computer_analysis"]), analysis_href, "btn small analysis") if analysis_href else ""
    if show_result:
        again += btn(esc(_("Show the result")), "show-result", key="show-result")
    actions = (
        link(esc(W["new_game"]), f"#/{spec.id}/new", "btn small")
        + page_nav
        + link(esc(W["rules"]), f"#/{spec.id}/rules", "btn small ghost")
        + btn(
            esc(W["share_link"]),
            "share",
            key="share",
            cls="btn small",
            title=_("A link and a QR code of this position"),
        )
        + btn(esc(_("Save file")), "export-game", title=_("Download this game as a file"), cls="btn small")
        + again
        + extra
    )
    return folding_menu(
        f'<nav class="game-nav" aria-label="{esc(W["game"])}">{actions}</nav>'
        f"{players_controls(view, players)}{prefs_controls(view, prefs or {})}{feel_controls(feel)}"
    )


def game_screen(
    *,
    spec: GameSpec,
    view: GameView,
    description: str,
    board: str,
    panel: str,
    prompt: str,
    status_line: str,
    previous_line: str = "",
    status: list[tuple[str, str]],
    players: Players,
    to_move: int | None,
    log: list[LogStep],
    hints: set[int],
    cursor: int,
    can_undo: bool,
    can_redo: bool,
    can_hint: bool,
    thinking: bool,
    premove: bool,
    result: str,
    show_result: bool,
    message: str | None,
    notices: list[str],
    extra_controls: str = "",
    ai_note: str = "",
    clock_html: str = "",
    page_nav: str = "",
    prefs: dict[str, bool] | None = None,
    feel: dict[str, Any] | None = None,
    typed: str = "",
    analysis_href: str | None = None,
    score: tuple[str, str, str] | None = None,
    first_note: str = "",
) -> str:
    """The whole screen; ``first_note``: how to turn on what a newcomer's first game left out
    (app/game/newcomer.py), shown under the game's controls with a "New game…" link (on a phone, below
    the board and the hand, which stay on one screen)."""
    W = words()
    turn = ""
    if to_move is not None:
        who = _(view.player_names[to_move])
        plural = view.side_names_plural
        text = (
            side_gettext(plural, "{player} (computer) to move")
            if players.is_ai(to_move)
            else side_gettext(plural, "{player} to move")
        )
        turn = (
            f'<div class="turn p{to_move}"><span class="swatch p{to_move}" aria-hidden="true"></span>'
            f"<span class='turn-words'>{esc(text.format(player=who))}</span>{turn_score(score)}</div>"
        )
    status_rows = "".join(f"<tr><th scope='row'>{esc(k)}</th><td>{esc(v)}</td></tr>" for k, v in status)
    names = (
        f"<tr><th scope='row'><span class='visually-hidden'>{esc(W['players'])}</span></th><td class='names'><span class='p0'>"
        f"{esc(_(view.player_names[0]))}</span> · <span class='p1'>{esc(_(view.player_names[1]))}</span></td></tr>"
    )
    think = f'<div class="thinking" role="status">{esc(W["computer_is_thinking"])}</div>' if thinking else ""
    msg = f'<p class="message" role="alert">{esc(message)}</p>' if message else ""
    prompt_html = f'<p class="prompt">{esc(prompt)}</p>' if prompt else ""
    line = status_lines(status_line, previous_line)
    style = player_style(view)
    flags = (" data-premove='1'" if premove else "") + (" data-thinking='1'" if thinking else "")
    menu = menu_html(
        spec, view, players, prefs, feel or {}, page_nav, extra_controls, show_result, analysis_href
    )
    return (
        f"{notice_html(notices)}<section class='game' data-game='{esc(spec.id)}'{flags}{style}>{skip_link(feel)}"
        f"<div class='game-head'><h1>{esc(_(spec.title))}</h1><p class='variant'>{esc(description)}</p>{menu}</div>"
        f"<div class='layout{' thinking-on' if thinking else ''}'>"
        f"<div class='board-col'><div class='turn-row'>{turn}{line}{clock_html}</div>"
        f"<div class='board-wrap'>{board}</div>{think}</div>"
        f"<aside class='side'>{prompt_html}{msg}<div class='panel'>{panel}</div>"
        f"{main_controls(view, cursor, can_undo, can_redo, can_hint)}{first_game_line(spec, first_note)}{typed}"
        f"<table class='score'><caption class='visually-hidden'>{esc(W['scores'])}</caption>{names}{status_rows}</table>"
        f"{ai_note}<h2 class='log-title'>{esc(W['moves'])}</h2>{log_html(log, cursor, hints, bool((feel or {}).get('engine')))}</aside></div>{result}</section>"
    )
