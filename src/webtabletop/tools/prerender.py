"""First screens rendered at build time, so the page paints them before any WebAssembly runs.

The same :class:`webtabletop.app.shell.app.App` the engine runs renders, in CPython, for every language
of :data:`webtabletop.i18n.LANGUAGES` (with :func:`~webtabletop.i18n.catalogs.use_language`):

- the home page (inlined into ``index.html``: it needs no request at all);
- every game's rules page, ``pre/<lang>/<game>-rules.json``;
- the home page's picture of each game, ``pre/<lang>/<game>-picture.svg`` (:mod:`.pictures`);
- every game's fresh board, against the computer (``#/<game>``, ``#/<game>/play?vs=ai``) twice:
  the newcomer's first game (app/game/newcomer.py; a browser with no data), ``…-first-<k>.json``, and
  a returning player's game (the settings remember a game of it: the designer's defaults),
  ``…-ai-<k>.json`` (web/boot.js picks by the same rule); and hot-seat
  (``#/<game>/play?vs=human``), ``…-human-<k>.json``; each once per entropy of a small pool, in
  ``pre/<lang>/``.

**Seeds.** A fresh board shows dice, hands or terrain drawn from a seed, and the engine must start
exactly that game when the player acts on it. The app draws a new game's seed from the entropy of
its ``start`` action, so each pre-rendered board is rendered from one entropy of a pool of
:data:`POOL` per game, and the page's boot script, which picks one of them at random, hands that
same entropy to the engine's ``start``: the engine's first game *is* the pictured one, and clicks
made on the picture replay onto it. The engine is then reseeded with fresh randomness (worker.py
``reseed``), so only the first game of a visit comes from the pool. The pool is derived from the
build's version, so it changes with every release; a pool (instead of one seed) keeps two first
visits from showing the same deal. A newcomer's first board takes the pool's entropy only if the
newcomer begins that game, else the next that makes them begin (:func:`first_entropy`), so that the
build can answer its first click (:mod:`.answers`).

The page's shell (``index.html`` from the ``web/index.html`` template, with the boot scripts and a
config inlined) and one web-app manifest per language are written here too.
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
from pathlib import Path
from typing import Any

from webtabletop.app.model.saves import SETTINGS, SETTINGS_KEY
from webtabletop.app.model.state import AppState
from webtabletop.app.shell.app import App
from webtabletop.app.widgets import chrome
from webtabletop.core import storage
from webtabletop.core.registry import all_games
from webtabletop.i18n import LANGUAGES, SOURCE
from webtabletop.i18n.catalogs import NATIVE_NAMES, PSEUDO, use_language
from webtabletop.tools import pictures

#: pre-rendered fresh boards per game and kind of opponent
POOL = 4
#: what the page's <html lang> says for each language (the pseudo-locale is English made strange)
HTML_LANG = {PSEUDO: "en-XA"}
#: the time the pre-rendered games pretend to start at (nothing shown depends on it)
NOW = 1.7e12


def entropy(version: str, game: str, k: int | str) -> int:
    """The ``k``-th start entropy of ``game``'s pool for build ``version`` (64 bits)."""
    digest = hashlib.sha256(f"webtabletop/{version}/{game}/{k}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


#: how many entropies a newcomer's first board tries for a game the newcomer begins
FIRST_TRIES = 32


def first_entropy(version: str, game: str, k: int) -> int:
    """The ``k``-th entropy of ``game``'s newcomer boards (``<game>-first-<k>``): the pool's
    (:func:`entropy`) if the newcomer begins that game, else the first of ``…/k/1``, ``…/k/2``, …
    that gives the newcomer the first move. Where a coin picks who begins (HTT, SHT) the build can
    then answer the first click on every newcomer board before the engine is up (:mod:`.answers`);
    on a board the computer began, its move would wait for the engine. Only a newcomer's first
    game is chosen so; every other game's coin is the engine's."""
    fragment = f"#/{game}/play?vs=ai"
    for attempt in range(FIRST_TRIES):
        seed = entropy(version, game, k) if attempt == 0 else entropy(version, game, f"{k}/{attempt}")
        app = App()
        app.handle(start(fragment, seed))
        session = app.state.session
        if session is not None and not session.wants_ai():
            return seed
    return entropy(version, game, k)


def start(fragment: str, seed: int = 0, store: dict[str, str] | None = None) -> dict[str, Any]:
    """The engine's start action for ``fragment`` on a device whose storage is ``store`` (none by
    default: a first visit)."""
    return {"type": "start", "hash": fragment, "storage": store or {}, "entropy": seed, "base": "", "now": NOW}


def render(fragment: str, seed: int = 0, store: dict[str, str] | None = None) -> dict[str, Any]:
    """What the engine shows first for ``fragment`` (see :func:`start`)."""
    resp = App().handle(start(fragment, seed, store))
    return {"html": resp["html"], "title": resp["title"], "route": resp["route"]}


def first_boards(version: str) -> dict[str, dict[str, Any]]:
    """name -> start action of the boards a first visit is shown (the newcomer's first game against
    the computer, ``<game>-first-<k>``): the ones whose first clicks the build answers
    (:mod:`.answers`). A returning player's page starts from the service worker's copy."""
    return {
        name: start(screen["hash"], screen["entropy"], screen.get("storage"))
        for name, screen in screens(version).items()
        if "-first-" in name
    }


def returning(game_id: str) -> dict[str, str]:
    """The storage of a player who has played ``game_id`` before (app/game/newcomer.py's rule): the
    settings remember it, every other setting at its default."""
    w = storage.write(SETTINGS, SETTINGS_KEY, {**AppState().settings, "played": [game_id]})
    return {w.key: w.value}


@functools.cache
def screens(version: str) -> dict[str, dict[str, Any]]:
    """name -> (fragment, entropy, storage) of every pre-rendered screen but the home page (read
    it, do not change it: computed once per build, as the newcomer's entropies start games,
    :func:`first_entropy`, and both the screens and their answers need them)."""
    out: dict[str, dict[str, Any]] = {}
    for spec in all_games():
        out[f"{spec.id}-rules"] = {"hash": f"#/{spec.id}/rules", "entropy": 0}
        vs_ai = f"#/{spec.id}/play?vs=ai"
        for k in range(POOL):
            seed = entropy(version, spec.id, k)
            out[f"{spec.id}-first-{k}"] = {"hash": vs_ai, "entropy": first_entropy(version, spec.id, k)}
            out[f"{spec.id}-ai-{k}"] = {"hash": vs_ai, "entropy": seed, "storage": returning(spec.id)}
            out[f"{spec.id}-human-{k}"] = {"hash": f"#/{spec.id}/play?vs=human", "entropy": seed}
    return out


def write_screens(dist: Path, version: str, languages=LANGUAGES) -> dict[str, Any]:
    """Write ``pre/<lang>/*.json``; return the parts of the page config that name them."""
    homes: dict[str, dict[str, Any]] = {}
    todo = screens(version)
    total = 0
    try:
        for tag in languages:
            use_language(tag)
            homes[tag] = render("#/")
            folder = dist / "pre" / tag
            folder.mkdir(parents=True, exist_ok=True)
            for name, screen in todo.items():
                shown = render(screen["hash"], screen["entropy"], screen.get("storage"))
                if screen["entropy"]:  # a fresh board: the engine must start from the same entropy
                    shown["entropy"] = str(screen["entropy"])
                text = json.dumps(shown, ensure_ascii=False, separators=(",", ":"))
                (folder / f"{name}.json").write_text(text, encoding="utf-8")
                total += len(text.encode())
    finally:
        use_language(SOURCE)
    games = {spec.id: [str(entropy(version, spec.id, k)) for k in range(POOL)] for spec in all_games()}
    return {
        "home": homes,
        "games": games,
        "pool": POOL,
        "screens": len(todo) * len(languages),
        "bytes": total,
    }


def write_pictures(dist: Path, languages=(*LANGUAGES, PSEUDO)) -> int:
    """The home page's pictures, ``pre/<lang>/<game>-picture.svg`` (:mod:`.pictures`; web/boot.js
    fetches them after the first paint); returns their bytes."""
    total = 0
    try:
        for tag in languages:
            use_language(tag)
            folder = dist / "pre" / tag
            folder.mkdir(parents=True, exist_ok=True)
            for spec in all_games():
                text = pictures.picture(spec.id)
                (folder / f"{spec.id}-picture.svg").write_text(text, encoding="utf-8")
                total += len(text.encode())
    finally:
        use_language(SOURCE)
    return total


def page_strings(languages=(*LANGUAGES, PSEUDO)) -> dict[str, dict[str, str]]:
    """The shell's and the main thread's strings in every language, and the pseudo-locale."""
    out = {}
    try:
        for tag in languages:
            use_language(tag)
            out[tag] = chrome.strings()
    finally:
        use_language(SOURCE)
    return out


def write_manifests(dist: Path, template: dict[str, Any], languages=LANGUAGES) -> dict[str, str]:
    """One web-app manifest per language (English keeps the plain name); tag -> file name."""
    files = {}
    try:
        for tag in languages:
            use_language(tag)
            name = "manifest.webmanifest" if tag == SOURCE else f"manifest.{tag}.webmanifest"
            data = {**template, **chrome.manifest_fields(), "lang": tag}
            (dist / name).write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
            files[tag] = name
    finally:
        use_language(SOURCE)
    return files


def _script_json(data: Any) -> str:
    """JSON safe inside a <script> element (no "</" that could close it)."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).replace("</", "<\\/")


def shell(template: str, *, version: str, config: dict[str, Any], boot_head: str, boot: str) -> str:
    """``index.html``: the English shell with the English home page inside ``#app``; the boot
    scripts switch language and screen before the first paint (see web/boot.js)."""
    en = config["strings"][SOURCE]
    options = "".join(
        f'<option value="{tag}" lang="{tag}"{" selected" if tag == SOURCE else ""}>{html.escape(NATIVE_NAMES[tag])}</option>'
        for tag in config["langs"]
    )
    fills = {
        "__CONFIG__": _script_json(config),
        "__BOOT_HEAD__": boot_head,
        "__BOOT__": boot,
        "__HOME__": config["home"][SOURCE]["html"],
        "__LANG_OPTIONS__": options,
        "__BUILD__": version,
    }
    text = template
    for key in ("__CONFIG__", "__BOOT_HEAD__", "__BOOT__", "__HOME__"):
        text = text.replace(key, "\0" + key + "\0")  # filled last: their content is not a template
    for key, value in en.items():
        text = text.replace(f"__T:{key}__", html.escape(value.replace("{build}", version)))
    text = text.replace("__LANG_OPTIONS__", options).replace("__BUILD__", version)
    for key in ("__CONFIG__", "__BOOT_HEAD__", "__BOOT__", "__HOME__"):
        text = text.replace("\0" + key + "\0", fills[key])
    if "__T:" in text:
        raise SystemExit("web/index.html names a string that app/widgets/chrome.py does not define")
    return text
