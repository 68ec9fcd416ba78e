# The Pyodide worker: rules, views and AI run here, off the page's main thread.
# It exports one function, dispatch(json) -> json; web/main.py (MicroPython, main thread)
# sends it the player's actions and applies the answers. No DOM access here. The dispatcher
# never raises: a failure becomes a toast, or an error page when nothing is on screen yet.
import sys

sys.path.insert(0, "./lib")

from webtabletop.app.dispatch import Dispatcher  # noqa: E402

# games load when first opened: a link to one game does not wait for the other four
_dispatcher = Dispatcher()


def dispatch(payload):
    return _dispatcher.dispatch(payload)

__export__ = ["dispatch"]
