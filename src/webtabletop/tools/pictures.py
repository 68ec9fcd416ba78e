"""The home page's pictures: one real mid-game position per game, drawn by the game's own view.

Each position is a seed and a short list of moves played through the rules (the game's
``GameModule.picture``; the moves were once chosen by the easy computer, then written down, so a
change of the AI does not change the pictures and a change of the rules that makes one illegal
fails the build and ``tests/tools/test_pictures.py``).

The build writes one self-contained SVG file per game and language,
``pre/<lang>/<game>-picture.svg`` (:mod:`.prerender`): the view's board, with the page
stylesheet's board rules and colours it relies on (:func:`board_css`: Tsifrograd's cells are
drawn by those) and the game's own player colours inside it. The home page holds only an empty,
labelled place per card (``<div class="card-pic" data-pic="<game>" role="img" aria-label="…">``:
app/widgets/pages.py), so the page's start carries none of it and the engine draws the home page without
a game; web/boot.js puts an ``<img>`` of the file in it after the first paint. As an image, a
picture is parsed, laid out and decoded once, apart from the page's stylesheet and DOM (drawn
inline, the five took 50-500 ms of the main thread at every drawing of the home page on the loaded
2-core machine), and a later drawing of the home page reuses it.

A picture is decoration inside an element that names it: every interactive or spoken attribute
(``data-move``, ``data-pick``, ``tabindex``, ``role``, ``aria-*``, ``<title>``) is taken out.
Where a view draws its board twice for two screen shapes (HTT), the wide one is kept.
"""

from __future__ import annotations

import re
from pathlib import Path

from webtabletop.app.model.modules import game_view
from webtabletop.core.gamemodule import Picture
from webtabletop.core.registry import all_modules, game_module, get_game
from webtabletop.core.view import ViewContext, player_style


def positions() -> dict[str, Picture]:
    """The picture of each game that has one (``GameModule.picture``), by game id."""
    return {m.id: m.picture for m in all_modules() if m.picture is not None}


#: attributes a picture does not keep: what makes a board clickable, focusable or spoken
_DROP_ATTRS = re.compile(
    r"\s(?:data-(?:move|pick|drag|drop|key|piece|from|anim|hint|changed|cell|info)|tabindex|role|aria-[a-z]+|focusable)"
    r"(?:=(?:\"[^\"]*\"|'[^']*'))?(?=[\s/>])"
)
_TITLES = re.compile(r"<title>.*?</title>", re.S)


def _picture(game_id: str) -> Picture:
    pos = game_module(game_id).picture
    if pos is None:
        raise ValueError(f"{game_id} has no home picture")
    return pos


def state_of(game_id: str):
    """The pictured position: the seed's game with the moves applied through the rules."""
    spec = get_game(game_id)
    pos = _picture(game_id)
    state = spec.new_game(spec.options_from_dict(dict(pos.options)), pos.seed)
    before = None
    for code in pos.moves:
        move = next((m for m in state.legal_moves() if m.code == code), None)
        if move is None:
            raise ValueError(f"{game_id}: the picture's move {code!r} is not legal any more")
        before, state = state, state.apply(move)
    return state, before


#: the page's stylesheet, whose board rules a picture carries with it
STYLESHEET = Path(__file__).resolve().parents[3] / "web" / "assets" / "app.css"
#: the page's text font (app.css ``body``), for the words on a board
FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'


def board_css() -> str:
    """What a picture needs of the page's stylesheet: its colours (the light theme's ``:root``
    variables) and the rules of the boards it draws itself (``.cell…``: Tsifrograd's cells)."""
    css = STYLESHEET.read_text(encoding="utf-8")
    root = re.search(r"^:root \{.*?^\}", css, re.S | re.M)
    if root is None:
        raise SystemExit("web/assets/app.css: no :root block for the home pictures")
    cells = [line for line in css.splitlines() if line.startswith(".cell") and ":hover" not in line]
    return "\n".join([root.group(0), *cells, f"svg {{ font-family: {FONT}; }}"])


def picture(game_id: str) -> str:
    """The picture's SVG text, in the current language: a file that draws itself."""
    pos = _picture(game_id)
    state, before = state_of(game_id)
    view = game_view(game_id)
    ctx = ViewContext(
        viewer=pos.viewer, interactive=False, last_move=pos.moves[-1] if pos.moves else None, previous=before
    )
    svg = view.board(state, ctx)
    svg = svg[: svg.rindex("</svg>") + len("</svg>")]  # the drawing only: not a line of words under it (CardGO's)
    wide = svg.find('class="htt-board htt-wide"')  # HTT draws a wide and a tall board: keep the wide one
    if wide >= 0:
        start = svg.rfind("<svg", 0, wide)
        svg = svg[start : svg.index("</svg>", start) + len("</svg>")]
    svg = svg[: svg.rindex("</svg>") + len("</svg>")]  # the explanation cards' hidden texts stay out
    svg = _TITLES.sub("", svg)
    svg = _DROP_ATTRS.sub("", svg)
    start = svg.index("<svg") + len("<svg")
    head = svg.index(">", start) + 1
    style = player_style(view)  # the game's own player colours, as on its screen
    return f"{svg[:start]}{style}{svg[start:head]}<style>{board_css()}</style>{svg[head:]}"
