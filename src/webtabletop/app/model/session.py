"""The game on screen: its history, who plays, the clock and view-only state."""

from __future__ import annotations

from typing import Any

from webtabletop.app.model.clock import GameClock
from webtabletop.app.model.modules import game_view
from webtabletop.app.model.saves import Players
from webtabletop.core.ending import is_ending
from webtabletop.core.protocol import GameSpec, Outcome
from webtabletop.core.record import History
from webtabletop.core.view import ViewContext
from webtabletop.i18n.sides import side_gettext


class Session:
    """The game on screen: its history, who plays, and view-only state (selection, flip)."""

    def __init__(self, spec: GameSpec, slot: str, history: History, players: Players) -> None:
        self.spec = spec
        self.view = game_view(spec.id)
        self.slot = slot
        self.history = history
        self.players = players
        self.selection: str | None = None
        self.hover: str | None = None
        self.flipped = False
        self.result_dismissed = False
        self.message: str | None = None
        self.last_ai: dict[str, Any] | None = None
        self.revealed: int | None = None  # hot-seat with secrets: who confirmed being at the device
        self.clock: GameClock | None = None  # optional, app-level (not part of the record)
        self.saved_value: str | None = None  # what this tab last wrote for this game
        self.forked = False  # another tab changed this game: save ours under a new slot
        self.reported = False  # the game-over hook of the game's pages has run
        #: after the game, the player deliberately asked to see every hidden card (never saved:
        #: a reload hides them again)
        self.reveal_all = False
        #: the hint button's suggestion (a move code) and the ply it was asked at: shown only
        #: while the cursor stays at that ply
        self.hint: str | None = None
        self.hint_ply: int | None = None
        #: plies whose move was played after a hint was shown (saved: the log keeps the mark)
        self.hints: set[int] = set()
        #: the Share window is open: the data-key of the button that opened it (focus returns
        #: there when it closes); never saved
        self.share: str | None = None
        #: "resign" or "offer" (asking to confirm) or "draw" (a hot-seat offer waiting for its answer);
        #: never saved (app/game/endings.py)
        self.pending: str | None = None
        #: the ply at which the computer declined a draw (the same position gets the same answer)
        self.draw_declined: int | None = None
        #: a newcomer's first game (app/game/newcomer.py): its screen says how to turn the rest on (saved)
        self.first_game = False
        #: the history id its first ending was kept under (app/model/keeping.py; saved): a game
        #: is kept once, whatever happens after its end
        self.kept: str | None = None

    @property
    def state(self):
        return self.history.state

    def time_outcome(self) -> Outcome | None:
        """The game ended on time (the clock's flag), which overrides the rules' open game."""
        if self.clock is None or self.clock.flagged is None or self.state.is_over:
            return None
        winner = 1 - self.clock.flagged
        loser = self.view.player_names[self.clock.flagged]
        reason = side_gettext(self.view.side_names_plural, "{player}’s time ran out").format(player=loser)
        return Outcome(winner, (1.0, 0.0) if winner == 0 else (0.0, 1.0), reason)

    def outcome(self) -> Outcome | None:
        return self.state.outcome() or self.time_outcome()

    def finished(self) -> bool:
        """The game is over (its last position ended it, or a clock ran out), wherever the cursor is."""
        final = self.history.states[-1]
        return final.is_over or (self.clock is not None and self.clock.flagged is not None)

    def has_hidden_information(self) -> bool:
        return bool(self.spec.hidden_information or self.view.privacy_screen)

    def can_reveal(self) -> bool:
        """A finished game with hidden information whose cards are not shown yet."""
        return self.has_hidden_information() and self.finished() and not self.reveal_all

    def ai_to_move(self) -> bool:
        s = self.state
        return self.outcome() is None and self.players.is_ai(s.to_move())

    def wants_ai(self) -> bool:
        return self.history.at_end and self.ai_to_move()

    def private_hot_seat(self) -> bool:
        """Two humans share one device in a game with secrets (hands, closed cards)."""
        return (
            self.view.privacy_screen
            and not self.players.is_ai(0)
            and not self.players.is_ai(1)
            and not self.state.is_over
        )

    def needs_privacy_screen(self) -> bool:
        return self.private_hot_seat() and self.revealed != self.state.to_move()

    def viewer(self) -> int | None:
        s = self.state
        humans = [p for p in (0, 1) if not self.players.is_ai(p)]
        if len(humans) == 1:
            return humans[0]
        if not humans or s.is_over:
            return None
        if self.private_hot_seat():
            return self.revealed if self.revealed == s.to_move() else None
        return s.to_move()

    def prefs(self, settings: dict[str, Any]) -> dict[str, bool]:
        chosen = settings.get("prefs", {}).get(self.spec.id, {})
        return {name: chosen.get(name, default) for name, _label, default in self.view.preferences}

    def context(self, settings: dict[str, Any] | None = None) -> ViewContext:
        h = self.history
        at = h.cursor
        if at > 0 and is_ending(h.record.moves[at - 1]):
            at -= 1  # after a resignation or an agreed draw the board shows the last real move
        last = h.record.moves[at - 1] if at > 0 else None
        prev = h.states[at - 1] if at > 0 else None
        return ViewContext(
            viewer=self.viewer(),
            selection=self.selection,
            hover=self.hover,
            interactive=self.outcome() is None
            and not self.players.is_ai(self.state.to_move())
            and not self.needs_privacy_screen(),
            flipped=self.flipped,
            last_move=last,
            previous=prev,
            prefs=self.prefs(settings or {}),
            reveal_all=self.reveal_all and self.finished(),
            hint=self.hint if self.hint_ply == h.cursor else None,
        )

    def save_data(self, now: float) -> dict[str, Any]:
        return {
            "record": self.history.record.to_json(),
            "cursor": self.history.cursor,
            "players": self.players.to_json(),
            "updated": now,
            "clock": self.clock.to_json() if self.clock else None,
            "reported": self.reported,
            "result": self.result_json(),
            "hints": sorted(self.hints),
            **({"first": True} if self.first_game else {}),
            **({"kept": self.kept} if self.kept is not None else {}),
        }

    def result_json(self) -> dict[str, Any] | None:
        """The result as saved (for the "Your data" list): winner and reason, or None."""
        final = self.history.states[-1]
        outcome = final.outcome() or (self.time_outcome() if self.history.at_end else None)
        if outcome is None:
            return None
        return {"winner": outcome.winner, "reason": str(outcome.reason)[:300]}

    def sync_clock(self, now: float) -> None:
        """Run the clock of the player to move, or none (browsing, privacy screen, game over)."""
        if self.clock is None:
            return
        on = self.history.at_end and self.outcome() is None and not self.needs_privacy_screen()
        self.clock.run(self.state.to_move() if on else None, now)

    def clock_move(self, now: float, before, after) -> None:
        """Charge the mover's clock for a move made at ``now``."""
        if self.clock is None:
            return
        mover = before.to_move()
        self.clock.moved(mover, now, turn_over=after.is_over or after.to_move() != mover)
