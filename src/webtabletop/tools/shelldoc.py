"""The table of docs/shell.md, made from the app's own table (:mod:`webtabletop.app.shell.table`):
for each screen, every action type and command it answers and the function that answers it.

``python -m webtabletop.tools.shelldoc`` prints the table; ``--write`` puts it into docs/shell.md
between its two markers (tests/tools/test_shelldoc.py fails when the doc differs from the code).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from webtabletop.app.model.extensions import game_pages
from webtabletop.app.model.screen import handler_name
from webtabletop.app.model.state import AppState
from webtabletop.app.shell.table import ACTIONS, EVERY_SCREEN, SCREENS
from webtabletop.core.registry import PLAYABLE

DOC = Path(__file__).resolve().parents[3] / "docs" / "shell.md"
BEGIN = "<!-- the table: made by python -m webtabletop.tools.shelldoc --write -->"
END = "<!-- end of the table -->"


def _where(handler: Callable[..., Any]) -> str:
    module, _dot, function = handler_name(handler).rpartition(".")
    path = "src/webtabletop/" + module.replace(".", "/") + ".py"
    return f"`{function}` in [{module}](../{path})"


def rows() -> list[tuple[str, str, str]]:
    """(screen, action or ``cmd`` name, handler) for every entry of the table."""
    out: list[tuple[str, str, str]] = []
    for route, screen in SCREENS.items():
        out.append((route, "render", _where(screen.render)))
        for kind, handler in screen.actions.items():
            out.append((route, kind, _where(handler)))
        if callable(screen.commands):  # a game's own pages: each game's commands
            for game in PLAYABLE:
                if game_pages(game) is not None:
                    commands = screen.commands(AppState(route=(route, game, "", {})))
                    out += [(f"{route} ({game})", f"cmd {n}", _where(h)) for n, h in sorted(commands.items())]
        else:
            out += [(route, f"cmd {n}", _where(h)) for n, h in sorted(screen.commands.items())]
    out += [("every screen", f"cmd {n}", _where(h)) for n, h in EVERY_SCREEN.items()]
    out += [("any other", kind, _where(h)) for kind, h in ACTIONS.items()]
    return out


def table() -> str:
    lines = ["| screen (`route[0]`) | action or command | answered by |", "|---|---|---|"]
    lines += [f"| {a} | `{b}` | {c} |" if b != "render" else f"| {a} | (drawn by) | {c} |" for a, b, c in rows()]
    return "\n".join(lines)


def document(text: str) -> str:
    """``text`` (docs/shell.md) with the table between its markers made afresh."""
    head, _sep, rest = text.partition(BEGIN)
    _old, _sep2, tail = rest.partition(END)
    return f"{head}{BEGIN}\n{table()}\n{END}{tail}"


def main(argv: list[str]) -> int:
    if "--write" in argv:
        DOC.write_text(document(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        print(table())
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
