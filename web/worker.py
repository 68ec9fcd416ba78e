# The Pyodide worker: rules, views and AI run here, off the page's main thread.
# One function, dispatch(json) -> json: web/engine.mjs (the worker's JavaScript) hands it the
# actions web/main.py (MicroPython, main thread) sends and returns the answers. No DOM access here.
# The build imports this module before it takes the engine's memory snapshot (tools/make_snapshot.mjs).
import json
import sys
import traceback

sys.path.insert(0, "./lib")

from webtabletop.app.shell import App  # noqa: E402
from webtabletop.core.rng import Rng  # noqa: E402

SNAPSHOT_BUILD = None  # set by the build in the snapshot it makes: a page of another build refuses it
app = App()  # games load when first opened: a link to one game does not wait for the other four


def dispatch(payload):
    try:
        action = json.loads(str(payload))
        response = app.handle(action)
    except Exception as exc:  # never crash the page; say what happened
        detail = "".join(traceback.format_exception(exc))
        print(detail)
        response = {
            "writes": [],
            "toast": f"Something went wrong inside the app ({type(exc).__name__}: {exc}). Your saved data is untouched.",
        }
    return json.dumps(response)


def reseed(entropy):
    """Fresh randomness after a start that reproduced a pre-rendered board's seed (see boot.js):
    the first game is the one the page showed, the games after it are nobody else's."""
    app.rng = Rng.from_seed(int(str(entropy)) & ((1 << 64) - 1))
