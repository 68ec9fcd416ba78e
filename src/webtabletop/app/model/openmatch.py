"""The game with a friend on screen: the match itself and what only the screen holds (the
selection, the Share window, the moves of this turn not sent yet). Never saved: the match is
(:mod:`~webtabletop.app.match.store`). :mod:`~webtabletop.app.match.flow` changes it, :mod:`~webtabletop.app.match.pages` draws it.
"""

from __future__ import annotations

from typing import Any

from webtabletop.app.model.modules import game_view
from webtabletop.core.protocol import GameSpec, State
from webtabletop.core.view import ViewContext
from webtabletop.correspondence import Match


class OpenMatch:
    """The match on screen and view-only state (never saved: the match itself is)."""

    def __init__(self, match: Match, key: str | None, mode: str, link: str | None = None) -> None:
        self.match = match
        self.key = key  # its storage key; None for a match this browser does not hold
        self.mode = mode  # "play" (a player here), "join" (link 1, offer to join), "watch"
        self.link = link  # the link it was opened from (join and watch)
        self.view = game_view(match.spec.id)
        self.selection: str | None = None
        self.hover: str | None = None
        self.message: str | None = None
        self.notice: str | None = None  # e.g. the older-link notice; stays until the next link
        self.share: str | None = None  # the link shown in the Share window, while it is open
        # this turn's moves not sent: (before, code); a match reloaded from storage keeps them
        self.played: list[tuple[State, str]] = list(match.pending_history)
        self.copied = False  # the link in the Share window was copied as it opened
        self.confirm_forfeit = False  # "Count it as a forfeit…" asked, awaiting a yes
        self.confirm_resign = False  # "Resign…" asked, awaiting a yes (app/match/endings.py)
        #: when the live channel last saw the friend (ms, this browser's clock; None: never):
        #: live play feeds it, and "Claim the win" reads it (app/match/clocks.py)
        self.last_seen: float | None = None
        #: the move list's names: (language, {(id(before), code): (before, name)}); a position
        #: kept in the history keeps its name, so a new link names only its own moves
        self.labels: tuple[str, dict[tuple[int, str], tuple[State, str]]] | None = None
        #: the game's end was settled when it was opened: it is not kept in the history again
        #: (app/model/keeping.py keeps a game whose end is settled while it is on screen)
        self.was_settled = self.settled()

    def settled(self) -> bool:
        """This player's game is over for good: its last link sent, and the end check done (or
        the game counted as a forfeit)."""
        m = self.match
        if m.seat is None or not m.is_over or m.my_link:
            return False
        return m.forfeit or not m.awaiting_secret

    @property
    def state(self) -> State:
        return self.match.state

    @property
    def spec(self) -> GameSpec:
        return self.match.spec

    def context(self, settings: dict[str, Any]) -> ViewContext:
        m = self.match
        last = self.played[-1] if self.played else None
        prefs = settings.get("prefs", {}).get(m.spec.id, {})
        return ViewContext(
            viewer=m.role,
            selection=self.selection,
            hover=self.hover,
            interactive=self.mode == "play" and m.can_move,
            last_move=last[1] if last else None,
            previous=last[0] if last else None,
            flipped=m.role == 1 and self.view.flippable,
            prefs={name: prefs.get(name, default) for name, _label, default in self.view.preferences},
            # a verified end holds both hands (the secrets are out): every card is shown
            reveal_all=m.revealed,
            by_link=True,
        )
