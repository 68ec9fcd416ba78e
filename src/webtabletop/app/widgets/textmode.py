"""Text mode: every board as words for the keyboard and the screen reader (docs/accessibility.md).

Modelled on Lichess's blind mode (``ui/lib/src/nvui``): the board becomes a grid of cells named
for what is there, beside it the named lists of a game (hands, shields, closed cards, dice), the
position's facts (whose turn, the score, the last move), the viewer's legal moves as buttons and
a move box. ``web/text-mode.js`` gives it its keys ("?" lists them) and the page's one live region
(``wttAnnounce``, fed by :mod:`~webtabletop.app.widgets.announce`).

It is a setting (``text`` in the settings document: the game menu's "Text mode" switch) and is
reached from a skip link at the top of every screen with a board (:func:`skip_link`). Each
screen that draws a board asks :func:`board` for it: the drawn board, or in text mode the game's
:class:`~webtabletop.core.textboard.TextBoard` as HTML (:func:`text_html`).

Invariants:
- the grid is an ARIA grid (``role="grid"``, rows, column and row headers, ``gridcell``) whose
  cells carry the drawn board's own tokens (``data-pick``/``data-move``): Enter on a cell does
  what a click on the drawn cell does; exactly one cell is in the tab order (the page moves it);
- a cell's accessible name is its :attr:`Item.name` (the short text drawn in it is hidden from
  screen readers), and every sentence the keys read is written here, translated, into the page:
  the script only reads attributes, so nothing it says is English in another language;
- nothing is shown that the viewer may not see: the game's ``text_board`` follows the same
  ``state.view(viewer)`` rule as its drawn board.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from webtabletop.app.model import persist
from webtabletop.core.protocol import GameError, Outcome, State
from webtabletop.core.textboard import Choice, Item, Listing, TextBoard
from webtabletop.core.view import GameView, ViewContext, attrs_html, esc
from webtabletop.i18n import _, ngettext
from webtabletop.i18n.sides import side_gettext

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: the settings document's switch
SETTING = "text"
#: at most this many legal moves are listed as buttons (CardGO has hundreds: it says how to play)
MAX_LISTED = 60
#: at most this many moves are read by the "moves" key
MAX_READ = 24


def on(settings: dict[str, Any] | None) -> bool:
    """Text mode is on (the settings document's ``text`` switch)."""
    return bool(settings) and settings.get(SETTING) is True  # type: ignore[union-attr]


def toggle(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The ``text-mode`` command (the skip link, "Leave text mode"): ``data-arg`` "on" or "off",
    else the other way round. The page focuses the grid once it is drawn (web/text-mode.js)."""
    arg = action.get("arg")
    if arg not in (None, "on", "off"):
        raise GameError(_("Text mode is either on or off."))
    value = (not on(st.settings)) if arg is None else arg == "on"
    persist.save_settings(st, fx, {**st.settings, SETTING: value})


def skip_link(settings: dict[str, Any] | None) -> str:
    """The first thing of every screen with a board: hidden until it has the keyboard's focus.
    In text mode it jumps to the grid; otherwise it turns text mode on (and then jumps)."""
    if on(settings):
        label = _("Skip to the board (text mode)")
        return f'<button type="button" class="skip tm-skip" data-tm-jump="grid" data-key="tm-skip">{esc(label)}</button>'
    label = _("Play in text mode (for screen readers)")
    return (
        f'<button type="button" class="skip tm-skip" data-cmd="text-mode" data-arg="on" '
        f'data-tm-jump="grid" data-key="tm-skip-off">{esc(label)}</button>'
    )  # its own key: the page gives the focus back to no button of that key once the grid is drawn


def board(
    view: GameView,
    state: State,
    ctx: ViewContext,
    settings: dict[str, Any] | None,
    *,
    turn: str = "",
    last: str = "",
) -> str:
    """What a screen puts in its ``.board-wrap``: the drawn board, or in text mode the text board
    (``turn``: whose turn in words, ``last``: the last move's sentence, as the screen says them)."""
    if not on(settings):
        return view.board(state, ctx)
    tb = view.text_board(state, ctx)
    if tb is None:
        return view.board(state, ctx)
    return text_html(view, state, tb, turn=turn or turn_words(view, state), last=last)


def turn_words(view: GameView, state: State, outcome: Outcome | None = None) -> str:
    """Whose turn it is, or how the game ended, in words."""
    outcome = outcome or state.outcome()
    if outcome is not None:
        return outcome_words(view, outcome)
    text = side_gettext(view.side_names_plural, "{player} to move")
    return text.format(player=_(view.player_names[state.to_move()]))


def outcome_words(view: GameView, outcome: Outcome) -> str:
    """"Game over: Orange wins (no move left)." in the reader's language."""
    if outcome.winner is None:
        title = _("Draw")
    else:
        title = side_gettext(view.side_names_plural, "{player} wins").format(
            player=_(view.player_names[outcome.winner])
        )
    return _("Game over: {result} ({reason}).").format(result=title, reason=_(str(outcome.reason)))


def score_words(view: GameView, state: State) -> str:
    """The score in words: the view's score ("Score: Orange 3, Blue 1") and its scoreboard rows."""
    parts = []
    score = view.score(state)
    if score is not None:
        label, a, b = score
        parts.append(
            _("{label}: {first} {a}, {second} {b}").format(
                label=label, first=_(view.player_names[0]), a=a, second=_(view.player_names[1]), b=b
            )
        )
    for name, value in view.status(state):
        pair = value.split(" · ")
        if len(pair) == 2:  # a scoreboard row of both players' values ("3 · 1")
            parts.append(
                _("{label}: {first} {a}, {second} {b}").format(
                    label=name, first=_(view.player_names[0]), a=pair[0], second=_(view.player_names[1]), b=pair[1]
                )
            )
        else:
            parts.append(_("{label}: {value}").format(label=name, value=value.replace(" · ", ", ")))
    parts = list(dict.fromkeys(parts))  # a scoreboard row that repeats the score is read once
    return "; ".join(parts) if parts else _("This game keeps no score.")


# ---------------------------------------------------------------------- HTML
def text_html(view: GameView, state: State, tb: TextBoard, *, turn: str, last: str) -> str:
    """The text board: title, facts, grid, lists, legal moves, move box, keys."""
    labels = move_labels(tb)
    heading = _("Text mode")
    leave = _("Leave text mode")
    keys = _("Keys: press ? for the list.")
    words = {
        "noClock": _("This game has no clock."),
        "notAMove": _("“{text}” is not a move you can play now."),
        "noDetail": _("Nothing more to say about this."),
        "noLast": _("No move yet."),
        "close": _("Close"),
        # the names of the page's two live regions (web/text-mode.js names them on each render)
        "news": _("What happened"),
        "said": _("Read out"),
    }
    return (
        f'<section class="text-board" data-tm-root aria-labelledby="tm-title" '
        f"data-tm-words='{esc(json.dumps(words, ensure_ascii=False))}' "
        f'data-tm-all="{esc(all_moves_sentence(view, state, tb))}">'
        f'<div class="tm-head"><h2 id="tm-title">{esc(heading)}</h2>'
        f'<p class="tm-keys">{esc(keys)}</p>'
        f'<button type="button" class="btn small" data-cmd="text-mode" data-arg="off" data-key="tm-leave">'
        f"{esc(leave)}</button></div>"
        f"{facts_html(view, state, turn, last)}{grid_html(tb, labels)}{lists_html(tb, labels)}"
        f"{moves_html(view, state, tb)}{help_html()}</section>"
    )


def facts_html(view: GameView, state: State, turn: str, last: str) -> str:
    """Whose turn, the score and the last move: what the keys T, S and L read."""
    last_line = _("Last move: {move}").format(move=last) if last else _("No move yet.")
    return (
        f'<ul class="tm-facts" aria-label="{esc(_("Position"))}">'
        f'<li data-tm="turn">{esc(turn)}</li>'
        f'<li data-tm="score">{esc(score_words(view, state))}</li>'
        f'<li data-tm="last">{esc(last_line)}</li></ul>'
    )


def item_attrs(item: Item, labels: dict[str, str], **more: Any) -> str:
    """The attributes every grid cell and list entry shares: its key, tokens, state and what the
    keys read there (the full description; the moves that start or end there)."""
    classes = [more.pop("class_", "")]
    if item.owner is not None:
        classes.append(f"p{item.owner}")
    if item.legal:
        classes.append("legal")
    if item.selected:
        classes.append("selected")
    if item.changed:
        classes.append("changed")
    return attrs_html(
        class_=" ".join(c for c in classes if c) or None,
        data_key=f"tm-{item.key}",
        data_pick=item.pick,
        data_move=item.move,
        data_tm_detail=item.detail or None,
        data_tm_moves=cell_moves_sentence(item, labels) if item.moves else None,
        **more,
    )


def cell_content(item: Item) -> str:
    """What a cell shows (its short text, hidden from screen readers) and reads (its name)."""
    if not item.short:
        return f"<span class='tm-name'>{esc(item.name)}</span>"
    return (
        f"<span class='tm-short' aria-hidden='true'>{esc(item.short)}</span>"
        f"<span class='visually-hidden'>{esc(item.name)}</span>"
    )


def grid_html(tb: TextBoard, labels: dict[str, str]) -> str:
    g = tb.grid
    head = "".join(f'<th scope="col" role="columnheader">{esc(c)}</th>' for c in g.columns)
    rows = []
    for row in g.rows:
        cells = "".join(
            f"<td {item_attrs(item, labels, role='gridcell', tabindex='-1', aria_selected='true' if item.selected else None)}>"
            f"{cell_content(item)}</td>"
            for item in row.items
        )
        rows.append(f'<tr role="row"><th scope="row" role="rowheader">{esc(row.header)}</th>{cells}</tr>')
    corner = f'<td class="tm-corner" role="columnheader"><span class="visually-hidden">{esc(_("Row"))}</span></td>'
    return (
        f'<div class="tm-grid-wrap"><table class="tm-grid" role="grid" aria-label="{esc(g.label)}" data-tm-grid>'
        f'<thead><tr role="row">{corner}{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>'
    )


def lists_html(tb: TextBoard, labels: dict[str, str]) -> str:
    out = []
    for n, listing in enumerate(tb.lists):
        out.append(list_html(listing, labels, n))
    return f'<div class="tm-lists">{"".join(out)}</div>' if out else ""


def list_html(listing: Listing, labels: dict[str, str], n: int) -> str:
    title = f'<h3 id="tm-list-{n}">{esc(listing.label)}</h3>'
    if not listing.items:
        return f'<div class="tm-list">{title}<p>{esc(listing.empty)}</p></div>' if listing.empty else ""
    items = []
    for item in listing.items:
        if item.pick or item.move:
            pressed = "true" if item.selected else "false"
            items.append(
                f'<li><button type="button" {item_attrs(item, labels, class_="tm-item", aria_pressed=pressed)}>'
                f"{esc(item.name)}</button></li>"
            )
        else:
            items.append(f"<li {item_attrs(item, labels, class_='tm-item')}>{esc(item.name)}</li>")
    return (
        f'<div class="tm-list">{title}<ul aria-labelledby="tm-list-{n}" data-tm-list>{"".join(items)}</ul></div>'
    )


# ---------------------------------------------------------------------- moves
def move_labels(tb: TextBoard) -> dict[str, str]:
    """Each legal move the viewer may make now, by its code, in words."""
    return {c.code: spoken(c) for c in tb.moves}


def typed_codes(tb: TextBoard) -> dict[str, str]:
    """What the move box takes ({typed text: code}): each move's typed text and its code."""
    out = {c.code.lower().replace(" ", ""): c.code for c in tb.moves}
    out.update({c.typed.replace(" ", ""): c.code for c in tb.moves if c.typed})
    return out


def moves_html(view: GameView, state: State, tb: TextBoard) -> str:
    """The viewer's legal moves as buttons (at most :data:`MAX_LISTED`) and the move box (always
    there: its focus stays while the other side moves; a text then is no move it plays)."""
    if tb.moves:
        n = len(tb.moves)
        title = ngettext("Legal moves ({n})", "Legal moves ({n})", n).format(n=n)
        if n <= MAX_LISTED:
            items = "".join(
                f'<li><button type="button" class="tm-move" data-move="{esc(c.code)}" data-key="tm-move-{esc(c.code)}">'
                f"{esc(c.label)}{typed_hint(c.typed)}</button></li>"
                for c in tb.moves
            )
            body = f"<ul>{items}</ul>"
        else:
            body = f"<p>{esc(_('Too many to list: choose on the board, or type a move in the box below.'))}</p>"
        listed = (
            f'<details class="tm-moves" data-key="tm-moves" data-tm-moves-list><summary>{esc(title)}</summary>'
            f"{body}</details>"
        )
    else:
        listed = f'<p class="tm-moves-none" data-key="tm-moves-none">{esc(no_moves_sentence(view, state))}</p>'
    example = next((c.typed for c in tb.moves if c.typed), "")
    hint = _("for example {move}").format(move=example) if example else ""
    box = (
        f'<form class="tm-move-box" data-tm-box autocomplete="off" '
        f"data-tm-codes='{esc(json.dumps(typed_codes(tb), ensure_ascii=False, sort_keys=True))}'>"
        f'<label for="tm-typed">{esc(_("Type a move"))}</label>'
        f'<input id="tm-typed" name="move" type="text" data-key="tm-typed" maxlength="32" autocapitalize="off" '
        f'spellcheck="false" enterkeyhint="go" placeholder="{esc(hint)}">'
        f'<button type="submit" class="btn small" data-key="tm-play">{esc(_("Play"))}</button></form>'
    )
    return listed + box


def typed_hint(text: str) -> str:
    return f' <span class="tm-code">({esc(text)})</span>' if text else ""


def no_moves_sentence(view: GameView, state: State) -> str:
    outcome = state.outcome()
    if outcome is not None:
        return outcome_words(view, outcome)
    return _("You have no move to make now: {turn}.").format(turn=turn_words(view, state))


def all_moves_sentence(view: GameView, state: State, tb: TextBoard) -> str:
    """What the "moves" key reads away from a cell with moves: every legal move (the first
    :data:`MAX_READ`, then how many more)."""
    if not tb.moves:
        return no_moves_sentence(view, state)
    names = [spoken(c) for c in tb.moves]
    return ngettext("{n} legal move: {moves}", "{n} legal moves: {moves}", len(names)).format(
        n=len(names), moves=read_list(names)
    )


def read_list(names: list[str]) -> str:
    shown = names[:MAX_READ]
    text = "; ".join(shown)
    rest = len(names) - len(shown)
    if rest > 0:
        text = ngettext("{moves}; and {n} more", "{moves}; and {n} more", rest).format(moves=text, n=rest)
    return text


def spoken(c: Choice) -> str:
    """A move as the "moves" key reads it: its words, then what to type for it ("Write 12 on g3
    (g3)"), as Lichess's blind mode reads moves in the notation its box takes."""
    return _("{move} ({typed})").format(move=c.label, typed=c.typed or c.code)


def cell_moves_sentence(item: Item, labels: dict[str, str]) -> str:
    names = [labels[c] for c in item.moves if c in labels]
    if not names:
        return ""
    return ngettext("Move here: {moves}", "Moves here: {moves}", len(names)).format(moves=read_list(names))


def help_html() -> str:
    """The keys, listed on the help window "?" opens (web/text-mode.js copies it into a dialog)."""
    rows = [
        (_("Arrow keys"), _("move between the cells of the board")),
        (_("Home, End"), _("the first or last cell of the row (with Ctrl: of the board)")),
        (_("Enter, Space"), _("choose the cell or card you are on: pick it, or play there")),
        ("L", _("read the last move")),
        ("M", _("list the legal moves: those of the cell you are on, else all of them")),
        ("S", _("read the score")),
        ("C", _("read the clocks")),
        ("T", _("read whose turn it is")),
        ("D", _("read the full description of the cell or card you are on")),
        ("I", _("type a move (the move box)")),
        (_("Esc"), _("from the move box back to the board")),
        ("B", _("back to the board")),
        ("H", _("to the lists beside the board: your hand, the dice, the shields")),
        ("U", _("undo the last move (where the game allows it)")),
        ("?", _("this list of keys (Esc closes it)")),
    ]
    items = "".join(f"<dt><kbd>{esc(k)}</kbd></dt><dd>{esc(v)}</dd>" for k, v in rows)
    title = _("Keys in text mode")
    note = _("Every move, die roll, card drawn, capture and the end of the game is read out once.")
    return (
        f'<template id="tm-help"><h2 id="tm-help-title">{esc(title)}</h2><dl class="tm-help-keys">{items}</dl>'
        f"<p>{esc(note)}</p></template>"
    )

