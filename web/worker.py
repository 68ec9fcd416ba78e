# The Pyodide worker: rules, views and AI run here, off the page's main thread.
# One function, dispatch(json) -> json: web/engine.mjs (the worker's JavaScript) hands it the
# actions web/main.py (MicroPython, main thread) sends and returns the answers. No DOM access here.
# The dispatcher never raises: a failure becomes a toast, or an error page when nothing is on
# screen yet. The build imports this module before it takes the engine's memory snapshot
# (build-steps/make_snapshot.mjs).
import json
import os
import sys
import zipimport

sys.path.insert(0, "./lib")


class Later:
    """The modules the first screens do not import, fetched the first time one is imported.

    The build puts them in zips of their own (src/webtabletop/tools/engine_files.py), one for the
    standard library and one for our package and the wheels, each with the list of the modules it
    holds. This finder stands first in ``sys.meta_path``: asked for one of those modules, it
    fetches its zip if the file is not there yet (a synchronous request, which a worker may make:
    the service worker's precache answers it once installed, else the network), writes it where
    the build put it, and hands the import to a zip importer of that file. Any other name is left
    to the usual finders. A zip that cannot be fetched (offline on a first visit, say) fails that
    import with an ImportError, and the next import of one of its modules tries again."""

    def __init__(self, parts):
        self.parts = parts
        self.where = {name: part for part in parts for name in part["modules"]}

    def find_spec(self, name, path=None, target=None):
        part = self.where.get(name)
        if part is None:
            return None
        if not os.path.exists(part["path"]):
            self.fetch(part)
        folder = "/".join([part["path"], *name.split(".")[:-1]])
        return zipimport.zipimporter(folder).find_spec(name)

    def invalidate_caches(self):
        pass

    @staticmethod
    def fetch(part):
        from compression import zstd
        from js import XMLHttpRequest

        xhr = XMLHttpRequest.new()
        xhr.open("GET", part["url"], False)
        xhr.responseType = "arraybuffer"
        try:
            xhr.send()
        except Exception as exc:
            raise ImportError(f"{part['url']}: {exc}") from None
        if xhr.status != 200:
            raise ImportError(f"{part['url']}: HTTP {xhr.status}")
        data = zstd.decompress(xhr.response.to_bytes())
        os.makedirs(os.path.dirname(part["path"]), exist_ok=True)
        with open(part["path"], "wb") as f:
            f.write(data)


def _install_later():
    # the parts are the page's (web/engine.mjs sets wttLater before it imports this module; the
    # build's snapshot step too); none when this runs another way (tests in CPython)
    try:
        from js import wttLater
    except ImportError:
        return
    sys.meta_path.insert(0, Later(json.loads(str(wttLater))))


_install_later()

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
