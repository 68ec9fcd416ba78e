"""The engine worker's one entry point: JSON in, JSON out, and never an exception.

``web/worker.py`` exports :meth:`Dispatcher.dispatch`. Whatever happens inside the app, the page
gets an answer it can apply. When an action fails before the page has shown anything (the first
answer, e.g. a link opened as the first URL), the answer is an error page with a way home, so the
page never stays on its loading spinner; later failures keep the screen and say so in a toast.
"""

from __future__ import annotations

import json
import sys
import traceback
from typing import Any

from webtabletop.app.shell.app import App
from webtabletop.app.widgets.pages import error_page
from webtabletop.i18n import _


def lab_task(task: Any) -> dict[str, Any]:
    """One game of a lab run (web/labpool.mjs sends it to each worker of its pool)."""
    from webtabletop.lab.play import play_task

    if not isinstance(task, list) or len(task) != 8:
        return {"lab_error": "a lab task is a list of 8 fields"}
    return {"lab_result": play_task(tuple(task[:4]) + (tuple(task[4]),) + tuple(task[5:]))}


class Dispatcher:
    def __init__(self, app: App | None = None) -> None:
        self.app = app if app is not None else App()
        self.rendered = False  # the page has shown a screen the app rendered

    def dispatch(self, payload: Any) -> str:
        try:
            action = json.loads(str(payload))
            if not isinstance(action, dict):
                raise TypeError("an action must be a JSON object")
            if action.get("type") == "lab_task":  # a worker of the lab's pool: no screen, no state
                return json.dumps(lab_task(action.get("task")))
            text = json.dumps(self.app.handle(action))
        except Exception as exc:  # noqa: BLE001 - the worker must always answer
            traceback.print_exception(exc, file=sys.stderr)
            return json.dumps(self.failure(exc))
        self.rendered = True
        return text

    def failure(self, exc: BaseException) -> dict[str, Any]:
        """The answer to an action that failed: a toast, and an error page if nothing is shown yet."""
        message = _(
            "Something went wrong inside the app ({error}). Your saved data is untouched."
        ).format(error=type(exc).__name__)
        response: dict[str, Any] = {"writes": [], "removes": [], "toast": message}
        if not self.rendered:
            response.update(
                html=error_page(
                    _("This page could not be opened"),
                    _(
                        "The game engine could not open this address ({error}). Nothing was changed: "
                        "your saved games are untouched."
                    ).format(error=type(exc).__name__),
                    None,
                ),
                title=_("Error · webtabletop"),
                route="error",
            )
        return response
