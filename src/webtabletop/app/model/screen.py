"""The structure of the app's one table of screens (:data:`webtabletop.app.shell.table.SCREENS`):
a :class:`Screen` says how a kind of screen is drawn, which action types it answers, and its
commands (``cmd`` actions) by name. Every feature declares its handlers with the one signature
:data:`Handler`; :func:`with_arg` adapts a command that only needs the button's ``data-arg``.

The shell finds the handler of a ``cmd`` on the screen's own :attr:`Screen.commands` and
nowhere else (besides the notices' Dismiss, which every screen has), so each ``data-cmd`` the
HTML emits leads to exactly one function (tests/app/test_command_table.py; docs/shell.md lists
them all).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: answers one action: changes the state, records effects on the answer
Handler = Callable[["AppState", "Effects", dict[str, Any]], None]
#: draws a screen: (html, title), or None when the state holds nothing to draw
Renderer = Callable[["AppState", "Effects"], "tuple[str, str] | None"]
#: a command's handlers by name, fixed or (a game's own pages) found from the state
Commands = dict[str, Handler] | Callable[["AppState"], dict[str, Handler]]


def ignore(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """An action this screen receives and has nothing to do with (the answer redraws it)."""


@attrs.frozen
class Screen:
    """A kind of screen: how it is drawn, the action types it answers, and its commands."""

    render: Renderer
    actions: dict[str, Handler] = attrs.field(factory=dict)
    commands: Commands = attrs.field(factory=dict)

    def commands_for(self, st: AppState) -> dict[str, Handler]:
        return self.commands(st) if callable(self.commands) else self.commands


def with_arg(command: Callable[[AppState, Effects, Any], None]) -> Handler:
    """A command that needs only the button's argument (``data-arg``)."""

    @functools.wraps(command)
    def handler(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
        command(st, fx, action.get("arg"))

    return handler


def handler_name(handler: Callable[..., Any]) -> str:
    """``module.function`` of a handler, through the adapters above (for the docs' table)."""
    inner: Any = handler
    while isinstance(inner, functools.partial) or hasattr(inner, "__wrapped__"):
        inner = inner.func if isinstance(inner, functools.partial) else inner.__wrapped__
    module = getattr(inner, "__module__", "?").removeprefix("webtabletop.")
    return f"{module}.{getattr(inner, '__qualname__', repr(inner))}"
