# The Pyodide worker: rules, views and AI run here, off the page's main thread.
# One function, dispatch(json) -> json: web/engine.mjs (the worker's JavaScript) hands it the
# actions web/main.py (MicroPython, main thread) sends and returns the answers. No DOM access here.
# The dispatcher never raises: a failure becomes a toast, or an error page when nothing is on
# screen yet. The build imports this module before it takes the engine's memory snapshot
# (build-steps/make_snapshot.mjs).
import json
import sys

sys.path.insert(0, "./lib")

from webtabletop.app.shell.app import App  # noqa: E402
from webtabletop.app.shell.dispatch import Dispatcher  # noqa: E402
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


_rehearsal = None


def rehearse(steps):
    """Play ``steps`` moves of a hot-seat game of the game on screen in a scratch app, nobody's
    game (its own store, its own generator; nothing is returned to the page). The first moves a
    page plays run code that WebAssembly has not optimised yet (Chrome compiles Pyodide's functions
    quickly first, and well only once they are hot): the engine's answers to the first game's
    moves were up to 5x slower than later. engine.mjs calls this while the player looks at a new
    board, a few moves at a time, so the player's own moves find the hot paths warm. Returns the
    number of moves played (0: nothing to rehearse: no game on screen, or done)."""
    global _rehearsal
    if app.state.session is None or app.state.route[0] != "game":
        return 0
    game = app.state.session.spec.id
    if _rehearsal is None or _rehearsal.state.session is None or _rehearsal.state.session.state.is_over:
        _rehearsal = App()
        _rehearsal.handle({"type": "hash", "hash": f"#/{game}/play?vs=human"})
    played = 0
    for _ in range(int(steps)):
        s = _rehearsal.state.session
        if s is None or s.state.is_over:
            break
        legal = s.state.legal_moves()
        code = _rehearsal.state.rng.choice(legal).code
        json.dumps(_rehearsal.handle({"type": "move", "code": code}))
        played += 1
    return played


def reseed(entropy):
    """Fresh randomness after a start that reproduced a pre-rendered board's seed (see boot.js):
    the first game is the one the page showed, the games after it are nobody else's."""
    app.state.rng = Rng.from_seed(int(str(entropy)) & ((1 << 64) - 1))


fresh()
