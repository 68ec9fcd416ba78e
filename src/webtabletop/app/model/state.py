"""The app's state: one plain object holding everything the app knows between two actions.

Modelled on chessground's ``state.ts``: :class:`AppState` is data only. The modules of
functions in this package read and change it (each gets the state, the action and the
:class:`~webtabletop.app.model.effects.Effects` it fills), and :mod:`~webtabletop.app.shell.app` wires them to action types.

``route`` says which screen is on show; its first item is the screen's kind:

- ``("home",)``, ``("data",)``, ``("friends",)``;
- ``("history", game, shown)``: the history of finished games (``game``: "" every game, else one;
  ``shown``: how many games its list shows), :mod:`~webtabletop.app.history.flow`;
- ``("game", game)``: the game in :attr:`AppState.session`;
- ``("match", game)``: the game with a friend in :attr:`AppState.match_open`;
- ``("rules", game)``, ``("editor", game)``;
- ``("new", game, problem, entered)``: the new-game dialog (``problem``: why the last submission
  was refused, or "" / None; ``entered``: the fields as the player left them);
- ``("learn", game)``: the game's lessons; ``("lesson", game, lesson)``: the lesson in
  :attr:`AppState.lesson` (:mod:`~webtabletop.app.learn.lessons`);
- ``("puzzles", game)``: the game's puzzles; ``("puzzle", game, puzzle)``: the puzzle in
  :attr:`AppState.lesson` (:mod:`~webtabletop.app.learn.puzzles`);
- ``("page", game, page, query)``: a game's own page (:mod:`~webtabletop.app.model.extensions`);
- ``("review", game, payload)``: the review of the game of a link's payload (:attr:`AppState.review`);
  ``payload`` "": the page that offers saved games and record files;
- ``("error", title, message, game)``: an error screen (``game`` offers a new game, "" none).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.core.rng import Rng

if TYPE_CHECKING:
    from webtabletop.app.model.lessonrun import Attempt
    from webtabletop.app.model.openmatch import OpenMatch
    from webtabletop.app.model.reviewsession import ReviewSession
    from webtabletop.app.model.session import Session


def default_settings() -> dict[str, Any]:
    return {"ai_level": "normal", "coords": True}


@attrs.define(eq=False)
class AppState:
    #: the page's localStorage as this app last saw it (the page applies our writes to the real one)
    store: dict[str, str] = attrs.Factory(dict)
    #: messages that stay on screen until dismissed (problems with saved data)
    notices: list[str] = attrs.Factory(list)
    #: the game on screen (or last shown, while its rules or new-game dialog are open)
    session: Session | None = None
    route: tuple[Any, ...] = ("home",)
    #: the app's own randomness (seeds of new games, slots, the AI's seeds); seeded by the page
    rng: Rng = attrs.Factory(lambda: Rng(0))
    #: milliseconds since 1970, the page's clock at the last action that sent one
    now: float = 0.0
    #: the address of the site (share links are ``base`` + a fragment)
    base: str = ""
    #: the settings document (AI level, motion and sounds, display preferences per game)
    settings: dict[str, Any] = attrs.Factory(default_settings)
    #: the position editor: game, text, tool, message
    editor: dict[str, Any] = attrs.Factory(dict)
    #: the "Your data" page: the report of the last import, the entry awaiting confirmation
    import_report: dict[str, Any] | None = None
    confirm_delete: str | None = None
    #: "Export all data" asked whether to include the secrets of games with friends
    confirm_export: bool = False
    #: the game with a friend on screen (app/match/flow.py), the list's entry awaiting deletion
    match_open: OpenMatch | None = None
    confirm_match: str | None = None
    #: stored match text -> its rebuilt Match
    match_cache: dict[str, Any] = attrs.Factory(dict)
    #: the lesson on screen (or last shown): app/learn/lessons.py
    lesson: Attempt | None = None
    #: the board last drawn (game, slot): a different one opens scrolled to its top
    shown: tuple[str, str] | None = None
    #: the game review on screen or last shown (app/review/flow.py)
    review: ReviewSession | None = None
    #: live play's sessions by match storage key (app/match/live.py): the channel's state as the
    #: page reports it, lasting as long as the page; ``live_was``: the matches that were live in
    #: this tab before it was reloaded (the page's sessionStorage)
    live: dict[str, Any] = attrs.Factory(dict)
    live_was: frozenset[str] = frozenset()
    #: the lab screen's set-up and run (app/lab/flow.py): not stored, it lasts as long as the page
    lab: dict[str, Any] | None = None
    #: the history's notice on show (app/model/keeping.py: a newer one replaces it)
    history_notice: str | None = None
    #: the history page: the entry awaiting a confirmed deletion (app/history/flow.py)
    confirm_history: str | None = None


def error_route(
    title: str, message: str, game_id: str, back: tuple[tuple[str, str], ...] = ()
) -> tuple[Any, ...]:
    """The route of an error screen (``title`` and ``message`` translated; ``game_id`` offers a
    new game of that game, "" none; ``back``: (translated label, address) of the places to go
    back to first, e.g. the game with a friend a bad link was meant for)."""
    if back:
        return ("error", title, message, game_id, back)
    return ("error", title, message, game_id)
