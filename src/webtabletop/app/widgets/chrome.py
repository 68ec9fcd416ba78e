"""The page's own words: the shell around ``#app`` (header, footer, language switch), the web-app
manifest, and every message the main thread writes itself (toasts of ``web/main.py``, the loading
and "engine starting" lines of ``web/boot.js``).

These strings never pass through the engine: the build translates them for every language
(:func:`strings` under :func:`webtabletop.i18n.catalogs.use_language`) and puts them into the
page, so the first paint is already in the reader's language and a language switch needs no
round trip. Keys are stable names used by ``boot.js``/``main.py``; texts are marked with ``N_``
(extracted by Babel) and translated by :func:`strings`.
"""

from __future__ import annotations

from webtabletop.i18n import N_, _

#: key -> English text (placeholders are filled in by the page: ``{error}``, ``{build}``)
STRINGS = {
    "skip": N_("Skip to content"),
    "brand": N_("webtabletop, all games"),
    "site": N_("Site"),
    "games": N_("Games"),
    "data": N_("Your data"),
    "language": N_("Language"),
    "description": N_(
        "Two-player board and card games in your browser: hot-seat or against the computer, "
        "offline, with shareable positions."
    ),
    "footer": N_(
        "Rules run in Python (Pyodide) inside your browser. Nothing leaves this device. Build {build}."
    ),
    "noscript": N_("webtabletop needs JavaScript and WebAssembly."),
    "loading": N_("Loading…"),
    "starting": N_("Starting the game engine…"),
    "kept": N_("The game engine is starting: your clicks are kept and will be played in order."),
    "opening-link": N_("The game engine is starting: the shared game opens in a moment."),
    "opening-saved": N_("The game engine is starting: your saved game opens in a moment."),
    "engine-failed": N_("The game engine could not start ({error}). Reload the page to try again."),
    "engine-failed-title": N_("The game engine could not start"),
    "engine-no-answer": N_(
        "The game engine did not answer ({error}). Reload the page; your saved data is untouched."
    ),
    "save-failed": N_("Could not save to this browser's storage ({error}). Export your data to keep it."),
    "file-too-big": N_("That file is larger than 5 MB: it is not a file this app can use."),
    "share-link": N_("Share link"),
    "close": N_("Close message"),
    "language-offline": N_(
        "This language is not on this device yet: connect to the internet once to get it."
    ),
}

#: the web-app manifest's translatable fields
MANIFEST = {
    "name": N_("webtabletop: board and card games"),
    "short_name": N_("tabletop"),
    "description": N_("Two-player board and card games: hot-seat or against the computer, offline."),
}


def strings() -> dict[str, str]:
    """Every page string in the current language."""
    return {key: _(text) for key, text in STRINGS.items()}


def manifest_fields() -> dict[str, str]:
    return {key: _(text) for key, text in MANIFEST.items()}
