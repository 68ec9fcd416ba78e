"""The view contract: how a game draws itself and turns clicks into moves (pure, no DOM).

Each game has a ``view.py`` with a :class:`GameView` subclass. The app shell (``webtabletop.app``)
calls it in the Pyodide worker and sends the HTML/SVG text to the page; the page sends back the
tokens of what the player clicked, dragged or dropped. Nothing here touches the DOM, so every view
is tested in CPython.

Interaction tokens (attributes on elements inside the board or panel HTML):
- ``data-move="<code>"``: clicking plays that move at once (e.g. a legal cell, "decline").
- ``data-pick="<token>"``: clicking asks :meth:`GameView.pick` what happens: it may change the
  selection (e.g. a selected piece, a chosen hand card) and/or play a move.
- ``data-drag="<token>"`` / ``data-drop="<token>"``: a drag from a ``data-drag`` element onto a
  ``data-drop`` element is sent as ``pick(drag)`` then ``pick(drop)``; while dragging over a drop
  target the page asks for a preview (``ctx.hover`` = ``"<drag>@<drop>"``; on keyboard focus of a
  drop target while something is selected, just ``"<drop>"``).
Every interactive element must also be reachable by keyboard: give it ``tabindex="0"``,
``role="button"`` and an ``aria-label``; the page turns Enter/Space into a click.
"""

from __future__ import annotations

from html import escape
from typing import Any, Generic, TypeVar

import attrs

from webtabletop.core.ending import is_ending
from webtabletop.core.ending import label as ending_label
from webtabletop.core.protocol import State
from webtabletop.core.textboard import TextBoard
from webtabletop.i18n import N_, _

#: the game's state type a view draws (``GameView[HttState]``)
S = TypeVar("S", bound=State)


@attrs.frozen
class ViewContext:
    viewer: int | None = None  # whose eyes: 0/1, or None for a spectator (hidden info stays hidden)
    selection: str | None = None  # view-defined token of what is selected (piece, hand card...)
    hover: str | None = None  # preview target: "<drag>@<drop>" during a drag, "<drop>" on keyboard focus
    interactive: bool = True  # may the player at the device move now?
    flipped: bool = False
    last_move: str | None = None  # code of the move that led to this state
    previous: State | None = attrs.field(default=None, eq=False)  # the state before it, if any
    prefs: dict[str, Any] = attrs.field(factory=dict)  # per-game display preferences
    #: after the game, the player asked to see everything (the computer's hand, closed cards...);
    #: views of games with hidden information show all of it only when this is set
    reveal_all: bool = False
    #: the code of the move the hint button suggested (views mark its source/target with data-hint)
    hint: str | None = None
    #: the computer is thinking and the view has ``premove = True``: the player may queue one
    #: move, so the view keeps ``data-pick``/``data-drag`` on the viewer's own pieces and
    #: ``data-drop`` on the squares they might go to (docs/board.md: premove)
    premove: bool = False
    #: a game with a friend by link (app/match/flow.py): nothing it does changes a collection
    by_link: bool = False
    #: a lesson, a puzzle, the guided first game or "Learn from your mistakes" (app/learn/lessons.py,
    #: app/learn/puzzles.py, app/review/learn.py): the page names the idea and its rules, and there is
    #: no draw to offer, so views leave those out
    study: bool = False
    #: the board may preview a move's result under the pointer (CardGO's damage, HTT's turned
    #: cards); False where the result is what the player must find: a puzzle and "Learn from your
    #: mistakes" (views then draw no preview, in the board or in words)
    previews: bool = True


@attrs.frozen
class PickResult:
    selection: str | None = None
    move: str | None = None  # a legal move code to play now
    message: str | None = None  # a short explanation shown to the player (e.g. why nothing happened)


class GameView(Generic[S]):
    """Base class of game views; override what the game needs."""

    player_names: tuple[str, str] = (N_("First player"), N_("Second player"))
    #: the code of the game's own draw offer, a move of its rules (HTT's "draw"; None: the game
    #: has none): the game screen asks the player to confirm it before playing it
    offer_move: str | None = None
    #: the sides' names are plural nouns (DumaRaj's White and Black: Russian "Белые"), so shared
    #: sentences about a side take their plural entry (i18n/sides.py)
    side_names_plural: bool = False
    player_colours: tuple[str, str] = ("#e8772e", "#2f6fd6")
    #: hidden information: hot-seat play shows a privacy screen between turns
    privacy_screen: bool = False
    #: the board has an orientation worth flipping (the Flip button and the F key)
    flippable: bool = False
    #: display switches the player can flip on the game screen: (name, label, default); the
    #: current values reach the view as ``ctx.prefs[name]``
    preferences: tuple[tuple[str, str, bool], ...] = ()
    #: CSS colours of the two players (swatches) and of their names in text; None keeps the
    #: page's orange/blue
    player_inks: tuple[str, str] | None = None

    #: the game lets a player queue one move while the AI thinks (docs/board.md: premove)
    premove: bool = False

    def board(self, state: S, ctx: ViewContext) -> str:
        """The board as SVG (or HTML) text."""
        raise NotImplementedError

    def panel(self, state: S, ctx: ViewContext) -> str:
        """Controls beside the board: dice, hands, prompts. Empty by default."""
        return ""

    def status(self, state: S) -> list[tuple[str, str]]:
        """Score lines (label, value) shown in the scoreboard."""
        return []

    def score(self, state: S) -> tuple[str, str, str] | None:
        """The score the turn badge shows on a phone, where the scoreboard is below the fold:
        (translated label, first player's, second player's); None for a game without one."""
        return None

    def prompt(self, state: S, ctx: ViewContext) -> str:
        """One line telling the player at the device what to do now (plain text)."""
        return ""

    def pick(self, state: S, ctx: ViewContext, token: str) -> PickResult:
        """What a click on a ``data-pick`` element means. Default: the token is a move code."""
        return PickResult(selection=None, move=token)

    def typed_moves(self, state: S, ctx: ViewContext) -> dict[str, str] | None:
        """What a player may type to play each legal move, as Lichess's keyboard input takes
        ``e2e4``: ``{typed text (lower case, no spaces): move code}`` for the moves the viewer
        may make now (empty when it is not their turn). None: the game has no codes to type,
        and the game screen shows no move box."""
        return None

    #: an example of a typed move for the move box's placeholder ("e2e4"); translated text
    typed_example: str = ""

    def describe_move(self, before: S, after: S, code: str) -> str:
        """One translated sentence naming what the move ``code`` changed (status line after every
        move, the AI's too, and in review). Default: the move's label."""
        return move_label(before, code)

    def move_sound(self, before: S, after: S, code: str) -> str:
        """``"move"``, ``"capture"`` or ``"check"``; the shell plays ``"end"`` when the game is over."""
        return "move"

    def text_board(self, state: S, ctx: ViewContext) -> TextBoard | None:
        """The position in words for text mode (:mod:`webtabletop.core.textboard`): the board as a
        grid of named cells, the named lists beside it, the viewer's legal moves. It names only
        what ``ctx.viewer`` may see. None: the game has no text mode (its drawn board is shown)."""
        return None

    def news(self, before: S, after: S, code: str, viewer: int | None) -> list[str]:
        """What else the move ``code`` changed that ``viewer`` may know, as sentences read out after
        :meth:`describe_move`'s: a new roll of the dice, a card drawn (to its owner only: ``viewer``
        is None behind a privacy screen, and then only public facts). Default: nothing."""
        return []

    def rules_html(self) -> str:
        """The in-app rules page (HTML): the rules as they are today."""
        return f"<p>{esc(_('No rules page yet.'))}</p>"

    def rules_history_html(self) -> str:
        """The rules page's "Rules history" section, shown at its end (HTML, headings from
        ``<h3>``): corrections of the rules, the original words they rest on and what happens
        to games recorded before them. Empty: the section is not shown."""
        return ""

    def designer_html(self) -> str:
        """The game's own part of the rules page's "For the designer" section (HTML, paragraphs),
        shown after the lab's balance report (:mod:`webtabletop.lab.findings`): what else the
        designer should know of how the rules play. Empty: only the report."""
        return ""

    def export_text(self, state: S) -> str | None:
        """The position as text players copy and paste (e.g. DumaRaj's FEN), or None."""
        return None

    def options_help(self) -> dict[str, str]:
        """Short help text per option name for the new-game dialog."""
        return {}

    def options_labels(self) -> dict[str, str]:
        """Translated field names per option name for the new-game dialog (default: the option's
        name, capitalised)."""
        return {}

    def choice_labels(self) -> dict[str, dict[str, str]]:
        """Translated names of an option's choices (option name -> value -> label) for the
        new-game dialog, and of the game's presets under the key ``"_preset"``."""
        return {}

    def option_choice_label(self, name: str, value: object) -> str:
        """The translated name of one choice of an option (default: from :meth:`choice_labels`,
        else the value itself)."""
        return self.choice_labels().get(name, {}).get(str(value), str(value))

    def seed_help(self) -> str | None:
        """What the new-game dialog's seed field means for this game, in words true for it (the
        dice, the shuffle, the deal...); None: the game has no chance and the dialog shows no
        seed field."""
        return None

    def first_game_note(self, dialog: bool) -> str | None:
        """A newcomer's first game (app/game/newcomer.py) in one translated sentence that says how to
        turn the rest of the game on: for the new-game dialog (``dialog``) or the game screen
        (a "New game…" link follows it). None: the app's own sentence about the AI level."""
        return None

    def first_player_note(self) -> str | None:
        """How the first player is chosen when it is not always the first seat (a coin, an option),
        shown under the new-game dialog's players; None: the first seat moves first."""
        return None


def move_label(state: State, code: str) -> str:
    """The label of the legal move ``code`` in ``state`` (the code itself if it is not legal;
    an ending's label names no player: the move list names them, :meth:`History.log`)."""
    if is_ending(code):
        return ending_label(code, (N_("First player"), N_("Second player")))
    for move in state.legal_moves():
        if move.code == code:
            return state.move_label(move)
    return code


def esc(value: Any) -> str:
    return escape(str(value), quote=True)


def attrs_html(**attributes: Any) -> str:
    """``key="value"`` pairs (``data_move`` -> ``data-move``); None/False values are left out."""
    parts = []
    for key, value in attributes.items():
        if value is None or value is False:
            continue
        name = key.rstrip("_").replace("_", "-")
        parts.append(name if value is True else f'{name}="{esc(value)}"')
    return " ".join(parts)


# --- colours in both themes (web/assets/app.css: ``:root`` and ``[data-theme=dark]``) ---
#: the dark theme's card colour (app.css ``--card``): player inks are lightened until they read on it
DARK_CARD = "#1d222b"
#: WCAG 2 AA for text, with a margin for the page's other dark surfaces
INK_CONTRAST = 6.0


def _rgb(colour: str) -> tuple[int, int, int]:
    c = colour.lstrip("#")
    if len(c) == 3:
        c = "".join(ch * 2 for ch in c)
    return int(c[0:2], 16), int(c[2:4], 16), int(c[4:6], 16)


def contrast(a: str, b: str) -> float:
    """WCAG 2's contrast ratio of two ``#rrggbb`` colours (1 to 21)."""

    def lum(colour: str) -> float:
        def ch(v: int) -> float:
            s = v / 255
            return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

        r, g, b_ = (ch(v) for v in _rgb(colour))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b_

    hi, lo = sorted((lum(a), lum(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def pushed(colour: str, towards: str, enough, steps: int = 20) -> str:
    """``colour`` mixed with ``towards`` (white or black) in ``steps`` steps, just enough for
    ``enough(mixed)`` to hold; ``towards`` itself if no mix is enough."""
    start, end = _rgb(colour), _rgb(towards)
    for step in range(steps + 1):
        t = step / steps
        mixed = "#{:02x}{:02x}{:02x}".format(
            *(round(a + (b - a) * t) for a, b in zip(start, end, strict=True))
        )
        if enough(mixed):
            return mixed
    return towards


def ink_on_dark(colour: str, background: str = DARK_CARD) -> str:
    """``colour`` mixed with white just enough to read (5:1) on the dark theme's ``background``."""
    return pushed(colour, "#ffffff", lambda c: contrast(c, background) >= INK_CONTRAST)


# --- the two sides of a chart (the review's win-chance graph and bar) ---
#: WCAG 2.1's non-text contrast (1.4.11): each side of a chart against what is around it and
#: against the other side
CHART_CONTRAST = 3.0
#: per theme: the page's surfaces a chart may sit on (app.css ``--paper`` and ``--card``), and the
#: colour a side is pushed towards to stand out from them
CHART_SURFACES = {"light": (("#f4f1ea", "#fffdf8"), "#000000"), "dark": (("#14181f", "#1d222b"), "#ffffff")}
#: the page's own player colours per theme (app.css ``--p0``/``--p1``), for a game that keeps them
PAGE_COLOURS = {"light": ("#d9641e", "#2563c9"), "dark": ("#e0742f", "#4a82e0")}


def chart_colours(colours: tuple[str, str], theme: str) -> tuple[str, str]:
    """The two players' colours as a chart draws them in ``theme``: the side that stands out
    less from the page is pushed (darker in the light theme, lighter in the dark one) until it
    reads at :data:`CHART_CONTRAST` against every surface, then the other until it reads so
    against the surfaces and against the first. DumaRaj's White on a light page becomes a grey
    that shows; its Black on a dark page, a grey lighter than the page."""
    surfaces, towards = CHART_SURFACES[theme]

    def on_page(c: str) -> float:
        return min(contrast(c, s) for s in surfaces)

    a, b = colours
    first_nearer = on_page(a) <= on_page(b)
    near, far = (a, b) if first_nearer else (b, a)
    near = pushed(near, towards, lambda c: on_page(c) >= CHART_CONTRAST, 40)
    far = pushed(
        far, towards, lambda c: on_page(c) >= CHART_CONTRAST and contrast(c, near) >= CHART_CONTRAST, 40
    )
    return (near, far) if first_nearer else (far, near)


def chart_vars(view: GameView) -> str:
    """CSS custom properties of a chart's two sides in both themes (``--p0-chart``,
    ``--p1-chart-dark``...), from the colours the page shows for ``view``'s players."""
    parts = []
    for theme, suffix in (("light", ""), ("dark", "-dark")):
        base = view.player_colours if view.player_inks else PAGE_COLOURS[theme]
        c0, c1 = chart_colours(base, theme)
        parts.append(f"--p0-chart{suffix}:{c0};--p1-chart{suffix}:{c1}")
    return ";".join(parts)


def player_style(view: GameView, chart: bool = False) -> str:
    """The ``style`` attribute giving a game's own player colours to the page (swatches, names in
    text), with the inks for the dark theme (``--p0-ink-dark``); empty for the page's own.
    ``chart``: with the colours of a chart's two sides too (:func:`chart_vars`)."""
    props = []
    if view.player_inks:
        (c0, c1), (i0, i1) = view.player_colours, view.player_inks
        d0, d1 = ink_on_dark(c0), ink_on_dark(c1)
        props.append(
            f"--p0:{esc(c0)};--p1:{esc(c1)};--p0-ink:{esc(i0)};--p1-ink:{esc(i1)};--p0-ink-dark:{d0};--p1-ink-dark:{d1}"
        )
    if chart:
        props.append(chart_vars(view))
    return f" style='{';'.join(props)}'" if props else ""
