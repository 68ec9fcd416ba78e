"""Routes: the page's start, URL fragments, resuming saved games, opening share links.

:func:`route` maps a fragment to a screen (``AppState.route``, see :mod:`~webtabletop.app.model.state`):

- ``#/`` home, ``#/data`` "Your data", ``#/friends`` "Games with friends";
- ``#/<game>`` the game saved last (else the newest saved one, else a new game);
- ``#/<game>?r=…`` a share link, on any page: replayed, opened as a new game (the same link
  again opens the game it opened before);
- ``#/<game>/m?…`` a game with a friend (:mod:`~webtabletop.app.match.flow`);
- ``#/<game>/learn`` and ``#/<game>/learn/<lesson>``: the lessons (:mod:`~webtabletop.app.learn.lessons`);
- ``#/<game>/puzzles``, ``#/<game>/puzzles/<puzzle>`` and ``#/puzzle`` (the puzzle of the day):
  the puzzles (:mod:`~webtabletop.app.learn.puzzles`);
- ``#/history``: the history of finished games (:mod:`~webtabletop.app.history.flow`);
- ``#/<game>/review?r=…`` (a link's game), ``?s=…`` (a saved game), ``?h=…`` (a game of the
  history) or nothing: the review
  (:mod:`~webtabletop.app.review.flow`);
- ``#/<game>/<page>``: the app's own pages of every game, :data:`GAME_PAGES` (rules, new,
  play, editor, slot, lab), then the game's own pages (:mod:`~webtabletop.app.model.extensions`), else "Page not found".

A bad fragment never fails: it shows an error screen that offers a way on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from webtabletop.app.game import editor, newcomer, play
from webtabletop.app.history import flow as historyflow
from webtabletop.app.lab import flow as lab
from webtabletop.app.learn import lessons, puzzles
from webtabletop.app.match import flow as matchflow
from webtabletop.app.match import parts as matchparts
from webtabletop.app.model import persist
from webtabletop.app.model.clock import GameClock
from webtabletop.app.model.extensions import game_pages
from webtabletop.app.model.saves import (
    AI_LEVELS,
    GAME_PREFIX,
    LAST_GAME,
    SAVED_GAME,
    SETTINGS,
    SETTINGS_KEY,
    Players,
    game_key,
    last_key,
)
from webtabletop.app.model.session import Session
from webtabletop.app.model.state import error_route
from webtabletop.app.review import flow as reviewflow
from webtabletop.app.widgets.fragments import open_fragment
from webtabletop.core import sharelink, storage
from webtabletop.core.protocol import GameError, GameSpec
from webtabletop.core.record import History, Record, RecordError
from webtabletop.core.rng import Rng
from webtabletop.i18n import _, ngettext

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState

#: a game's page: (state, effects, game, query of the fragment) -> None; it sets the route
PageOpener = Callable[["AppState", "Effects", GameSpec, dict[str, str]], None]


# ---------------------------------------------------------------------- the actions
def on_start(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The page's first action: its storage, its randomness, its address and the first route."""
    snapshot = action.get("storage") or {}
    if not isinstance(snapshot, dict):
        snapshot = {}
    st.store = {k: v for k, v in snapshot.items() if isinstance(k, str) and isinstance(v, str)}
    entropy = action.get("entropy", 0)
    st.rng = Rng.from_seed((entropy if isinstance(entropy, int) else 0) & ((1 << 64) - 1))
    st.base = str(action.get("base", ""))
    # the matches that were live in this tab before it was reloaded (app/match/live.py)
    st.live_was = frozenset(str(action.get("live_was", ""))[:4000].split())
    settings = persist.read(st, fx, SETTINGS_KEY, SETTINGS)
    if settings:
        st.settings = settings
    check_aside_room(st, fx)  # before the route, which may fail with a player's mistake
    route(st, fx, str(action.get("hash", "") or ""))


def on_hash(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The URL fragment changed (a link followed, back/forward)."""
    if st.session is not None:
        st.session.share = None  # another screen: the Share window is not reopened
    route(st, fx, action.get("hash", ""))


def check_aside_room(st: AppState, fx: Effects) -> None:
    """Keep set-aside copies within :data:`storage.ASIDE_LIMIT`. Over it, the first start
    warns (the notice offers an export) and remembers it in the settings; a later start that
    is still over it drops the oldest copies, with a notice."""
    drop = storage.oldest_asides(st.store)
    warned = st.settings.get("aside_warned")
    if not drop:
        if warned is not None:
            persist.save_settings(st, fx, {k: v for k, v in st.settings.items() if k != "aside_warned"})
        return
    if warned is None:
        persist.save_settings(st, fx, {**st.settings, "aside_warned": st.now})
        persist.notice(
            st,
            _(
                "Copies of unreadable data take more room than this app keeps for them. Export your "
                "data now to keep them: at the next start the oldest copies will be removed to make room."
            ),
        )
        return
    for key in drop:
        persist.remove(st, fx, storage.Remove(key))
    persist.save_settings(st, fx, {k: v for k, v in st.settings.items() if k != "aside_warned"})
    persist.notice(
        st,
        ngettext(
            "The oldest copy of unreadable data was removed to make room (you were offered an export at an earlier start).",
            "The {n} oldest copies of unreadable data were removed to make room (you were offered an export at an earlier start).",
            len(drop),
        ).format(n=len(drop)),
    )


# ---------------------------------------------------------------------- fragments
def route(st: AppState, fx: Effects, fragment: str) -> None:
    """Show the screen ``fragment`` names."""
    if (fragment or "").lstrip("#").strip("/") == "puzzle":  # #/puzzle: the puzzle of the day
        puzzles.open_daily(st, fx)
        return
    if sharelink.parse_hash(fragment or "")[0] == "history":  # #/history[?game=…&n=…]
        st.session = None
        historyflow.open_history(st, fx, sharelink.parse_hash(fragment)[2])
        return
    named = open_fragment(st, fragment)
    if named is None:  # a screen of the whole app, or an error screen
        return
    spec, page, query = named
    if page == "m":  # a game with a friend by link (app/match/flow.py; a part: app/match/parts.py)
        if "p" in query:
            matchparts.part_route(st, fx, spec, query)
        else:
            matchflow.match_route(st, fx, spec, query)
        return
    if page == "review":  # its ``r`` is the reviewed game's link, not a game to open
        open_review(st, fx, spec, query)
        return
    if "r" in query:
        open_link(st, fx, spec, query["r"])
        return
    if page == "learn":  # #/<game>/learn[/<lesson>]
        lessons.open_learn(st, fx, spec, query, sub_path(fragment))
        return
    if page == "puzzles":  # #/<game>/puzzles[/<puzzle>]
        puzzles.open_puzzles(st, fx, spec, query, sub_path(fragment))
        return
    opener = GAME_PAGES.get(page)
    own = game_pages(spec.id)
    if opener is not None:
        opener(st, fx, spec, query)
    elif own is not None and page in dict(own.nav):
        st.route = ("page", spec.id, page, query)
    else:
        page_not_found(st, fx, spec, page)


def sub_path(fragment: str) -> tuple[str, ...]:
    """The parts of a fragment's path after ``<game>/<page>`` (``#/htt/learn/cards`` → ("cards",))."""
    path = (fragment or "").lstrip("#").lstrip("/").partition("?")[0]
    return tuple(p for p in path.split("/") if p)[2:]
def open_review(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    """The review of a link's game, of a saved game (``?s=<slot>``, read from this browser's
    storage and then addressed by its link), or the page that offers them."""
    slot = query.get("s")
    if query.get("h") and "r" not in query:  # a game of the history of finished games
        try:
            payload = historyflow.review_payload(st.store, spec.id, query["h"])
        except GameError as exc:
            st.route = error_route(_("This game cannot be reviewed"), str(exc), spec.id)
            return
        query = {"r": payload}
        fx.hash = f"#/{spec.id}/review?r={payload}"
    elif slot and "r" not in query:
        data = persist.read(st, fx, game_key(spec.id, slot), SAVED_GAME)
        if data is None:
            st.route = error_route(_("Saved game not found"), _("That saved game is not in this browser's storage."), spec.id)
            return
        try:
            record = Record.from_json(data["record"])
            query = {"r": sharelink.encode(record)}
        except (GameError, ValueError) as exc:
            st.route = error_route(_("This game cannot be reviewed"), str(exc), spec.id)
            return
        fx.hash = f"#/{spec.id}/review?r={query['r']}"
    reviewflow.open_review(st, fx, spec, query)


def page_not_found(st: AppState, fx: Effects, spec: GameSpec, page: str) -> None:
    st.route = error_route(
        _("Page not found"),
        _("{game} has no page “{page}”.").format(game=_(spec.title), page=page),
        spec.id,
    )


def open_rules(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    st.route = ("rules", spec.id)


def open_new(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    """The new-game dialog (``?mode=link``: with "Play a friend by link" chosen)."""
    st.route = ("new", spec.id, "", {"mode": "link"} if query.get("mode") == "link" else {})


def open_play(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    """A new game with the default options: ``?vs=ai`` (default; a newcomer's first game is
    easier, :mod:`~webtabletop.app.game.newcomer`) or ``?vs=human``. ``&level=easy|normal|hard`` names the
    computer's level: a level asked for is the player's choice, so that game is no first game."""
    level = query.get("level")
    if level is not None and level not in AI_LEVELS:
        st.route = error_route(
            _("Unknown level"),
            _("“{level}” is not a level of the computer: a link may say level=easy, level=normal or level=hard.").format(level=level),
            spec.id,
        )
        return
    if query.get("vs", "ai") == "ai":
        new_vs_ai(st, fx, spec, level=level)
    else:
        players = Players(("human", "human"), st.settings["ai_level"])
        play.new_session(st, fx, spec, spec.default_options(), play.fresh_seed(st), players)
    fx.hash = f"#/{spec.id}"


def new_vs_ai(st: AppState, fx: Effects, spec: GameSpec, *, keep: bool = False, level: str | None = None) -> None:
    """A new game against the computer: the player's first game of ``spec`` (:mod:`~webtabletop.app.game.newcomer`)
    or one with the designer's defaults and ``level`` (default: the player's AI level)."""
    first = level is None and newcomer.is_new(st, spec.id)
    options = newcomer.first_options(spec) if first else spec.default_options()
    level = newcomer.LEVEL if first else level or st.settings["ai_level"]
    players = Players(("human", "ai"), level)
    s = play.new_session(st, fx, spec, options, play.fresh_seed(st), players, keep=keep)
    s.first_game = first
    if keep and first:
        play.save(st, fx, keep=True)  # saved at once: with its first-game mark


def open_editor(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    if editor.has_editor(spec.id):
        editor.open_editor(st, spec, query)
    else:
        page_not_found(st, fx, spec, "editor")


def open_slot(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    """A saved game by its slot (``?s=…``: the "Your data" page links them)."""
    if not load_slot(st, fx, spec, query.get("s", "")):
        st.route = error_route(
            _("Saved game not found"),
            _("That saved game is not in this browser's storage."),
            spec.id,
        )
    else:
        fx.hash = f"#/{spec.id}"
        persist.write(st, fx, storage.write(LAST_GAME, last_key(spec.id), {"slot": st.session.slot}))


def open_game(st: AppState, fx: Effects, spec: GameSpec, query: dict[str, str]) -> None:
    """``#/<game>``: the game on screen, else the saved one."""
    resume(st, fx, spec)


#: the pages every game has (``#/<game>/<page>``; "" is the game itself); a game's own pages
#: (GamePages.nav) cannot take these names
GAME_PAGES: dict[str, PageOpener] = {
    "": open_game,
    "rules": open_rules,
    "new": open_new,
    "play": open_play,
    "editor": open_editor,
    "slot": open_slot,
    "lab": lab.open_lab,
}


# ---------------------------------------------------------------------- saved games and links
def resume(st: AppState, fx: Effects, spec: GameSpec) -> None:
    if st.session is not None and st.session.spec.id == spec.id:
        st.route = ("game", spec.id)
        return
    slot = None
    last = persist.read(st, fx, last_key(spec.id), LAST_GAME)
    if last:
        slot = last["slot"]
    if slot is not None and load_slot(st, fx, spec, slot):
        return
    # no saved game (or it was unreadable): newest other saved game, else a fresh one
    for key in sorted((k for k in st.store if k.startswith(f"{GAME_PREFIX}{spec.id}:")), reverse=True):
        if load_slot(st, fx, spec, key.rsplit(":", 1)[1]):
            return
    # keep: the new game replaces the saved game that could not be opened
    new_vs_ai(st, fx, spec, keep=slot is not None)


def load_slot(st: AppState, fx: Effects, spec: GameSpec, slot: str) -> bool:
    """Open a saved game. One that cannot be used is set aside once and removed (one
    notice); one whose moves stop early under corrected rules is backed up whole, then
    saved at its last legal position (one notice; the next start opens it quietly)."""
    key = game_key(spec.id, slot)
    data = persist.read(st, fx, key, SAVED_GAME)
    if data is None:
        return False
    try:
        record = Record.from_json(data["record"])
        history, problem = History.upto(record, cursor=data["cursor"])
        players = Players.from_json(data["players"])
        clock = GameClock.from_json(data.get("clock"))
    except (GameError, ValueError) as exc:
        persist.set_aside(
            st,
            fx,
            key,
            _("A saved {game} game could not be replayed ({problem}); it was kept aside as “{{copy}}”.").format(
                game=_(spec.title), problem=exc
            ),
        )
        return False
    st.session = Session(spec, slot, history, players)
    st.session.clock = clock
    st.session.reported = data.get("reported", False) is True
    st.session.hints = set(data.get("hints", []))
    st.session.first_game = data.get("first", False) is True
    st.session.kept = data.get("kept")
    st.session.saved_value = st.store.get(key)
    st.route = ("game", spec.id)
    if problem is not None:
        backup = storage.backup(st.store, key, "rules")
        if st.store.get(backup.key) != backup.value:
            persist.write(st, fx, backup)
        persist.notice(
            st,
            _(
                "A saved {game} game stops after move {n}: {problem}. The whole game was kept as “{copy}”."
            ).format(game=_(spec.title), n=len(history.states) - 1, problem=problem, copy=storage.label(backup.key))
        )
        play.save(st, fx)  # after the backup: the page stops at a failed write
    elif record.older_rules:
        persist.notice(st, play.older_rules_note(spec))
    return True


def open_same_game(st: AppState, fx: Effects, spec: GameSpec, record: Record) -> bool:
    """Open the saved game whose record is exactly ``record`` (newest first), if any."""
    wanted = record.to_json()
    for key in sorted((k for k in st.store if k.startswith(f"{GAME_PREFIX}{spec.id}:")), reverse=True):
        data = storage.read(st.store, key, SAVED_GAME).data
        if data and data.get("record") == wanted and load_slot(st, fx, spec, key.rsplit(":", 1)[1]):
            persist.write(st, fx, storage.write(LAST_GAME, last_key(spec.id), {"slot": st.session.slot}))
            return True
    return False


def open_link(st: AppState, fx: Effects, spec: GameSpec, payload: str) -> None:
    try:
        # decoding replays every move through the rules: its states are the history
        record, states, problem = sharelink.decode_states(spec.id, payload)
        if problem is None:
            record = record.as_current()
        history = History(record, states)
    except (GameError, RecordError) as exc:
        st.route = error_route(
            _("This share link cannot be opened"),
            _("{problem}. Nothing was changed: your saved games are untouched.").format(problem=exc),
            spec.id,
        )
        return
    if problem is None and open_same_game(st, fx, spec, record):
        # the same link again (a bookmark, a reload): the game it opened before, not a copy
        fx.hash = sharelink.make_hash(record)
        return
    st.session = Session(spec, play.new_slot(st), history, Players(("human", "human"), st.settings["ai_level"]))
    st.route = ("game", spec.id)
    play.save(st, fx)
    # the address bar keeps the shared position in its canonical form, to be bookmarked
    fx.hash = sharelink.make_hash(record) if problem is None else f"#/{spec.id}"
    if problem is not None:
        st.session.message = _(
            "The shared game stops after move {n}: {problem}. It is saved as a new game."
        ).format(n=len(history.states) - 1, problem=problem)
    elif record.older_rules:
        st.session.message = play.older_rules_note(spec)
    else:
        fx.say(_("Opened the shared game. It is saved as a new game; your earlier games are kept."))
