# The Pyodide worker: rules, views and AI run here, off the page's main thread.
# One function, dispatch(json) -> json: web/engine.mjs (the worker's JavaScript) hands it the
# actions web/main.py (MicroPython, main thread) sends and returns the answers. No DOM access here.
# The dispatcher never raises: a failure becomes a toast, or an error page when nothing is on
# screen yet. The build imports this module before it takes the engine's memory snapshot
# (tools/make_snapshot.mjs).
import sys

sys.path.insert(0, "./lib")

from webtabletop.app.dispatch import Dispatcher  # noqa: E402
from webtabletop.app.shell import App  # noqa: E402
from webtabletop.core.rng import Rng  # noqa: E402

SNAPSHOT_BUILD = None  # set by the build in the snapshot it makes: a page of another build refuses it
app = None
_dispatcher = None


def fresh():
    """A new app and dispatcher (the build calls this before it takes the snapshot, so a snapshot
    holds no screen state). Games load when first opened: a link to one game does not wait for the
    other four."""
    global app, _dispatcher
    app = App()
    _dispatcher = Dispatcher(app)


def dispatch(payload):
    return _dispatcher.dispatch(payload)


def reseed(entropy):
    """Fresh randomness after a start that reproduced a pre-rendered board's seed (see boot.js):
    the first game is the one the page showed, the games after it are nobody else's."""
    app.rng = Rng.from_seed(int(str(entropy)) & ((1 << 64) - 1))


fresh()
