"""Optional game clocks (chess-style: a time bank per player plus an increment per turn).

Clocks belong to the app, not to the rules: a share link or record carries no time, and the
rules never read a clock. Times are in milliseconds of the page's ``Date.now()``, passed in with
every action. A clock runs only for the player to move, at the end of the history, while the
game is on; browsing, the privacy screen and a closed page pause it (time away is not charged).
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.inputs import is_finite_number
from webtabletop.i18n import _
from webtabletop.i18n.text import join_list

#: name -> (minutes, increment seconds)
PRESETS: dict[str, tuple[int, int]] = {
    "3+2": (3, 2),
    "5+0": (5, 0),
    "10+5": (10, 5),
    "15+10": (15, 10),
    "30+0": (30, 0),
}

#: no clock holds more than a day (the longest preset plus every increment a game can earn)
MAX_MS = 86_400_000.0


@attrs.define
class GameClock:
    preset: str
    remaining: list[float]  # ms left per player (as of ``since`` for the running one)
    running: int | None = None
    since: float = 0.0
    flagged: int | None = None  # the player whose time ran out

    @classmethod
    def new(cls, preset: str) -> GameClock:
        if preset not in PRESETS:
            raise ValueError(
                _("unknown clock {clock} (choose one of {presets} or none)").format(
                    clock=repr(preset)[:40], presets=join_list(PRESETS)
                )
            )
        minutes = PRESETS[preset][0]
        return cls(preset, [minutes * 60_000.0, minutes * 60_000.0])

    @property
    def increment_ms(self) -> float:
        return PRESETS[self.preset][1] * 1000.0

    def left(self, player: int, now: float) -> float:
        """Milliseconds ``player`` has at ``now``."""
        if self.running == player:
            return self.remaining[player] - max(0.0, now - self.since)
        return self.remaining[player]

    def pause(self, now: float) -> None:
        if self.running is not None:
            self.remaining[self.running] = self.left(self.running, now)
            self.running = None

    def run(self, player: int | None, now: float) -> None:
        """Let ``player``'s clock run from ``now`` (None: stop every clock)."""
        if self.flagged is not None or player == self.running:
            return
        self.pause(now)
        if player is not None:
            self.running, self.since = player, now

    def check(self, now: float) -> int | None:
        """Flag the running player if their time is up; returns the flagged player, if any."""
        if self.flagged is None and self.running is not None and self.left(self.running, now) <= 0:
            self.flagged = self.running
            self.remaining[self.running] = 0.0
            self.running = None
        return self.flagged

    def moved(self, player: int, now: float, turn_over: bool) -> None:
        """``player`` made a move at ``now``: charge the time; add the increment if the turn passed."""
        if self.running == player:
            self.pause(now)
        if turn_over:
            self.remaining[player] += self.increment_ms

    def to_json(self) -> dict[str, Any]:
        # saved paused: time while the page is closed is not charged
        return {
            "preset": self.preset,
            "remaining": [round(x) for x in self.remaining],
            "flagged": self.flagged,
        }

    @classmethod
    def from_json(cls, data: Any) -> GameClock | None:
        if data is None:
            return None
        if not isinstance(data, dict) or data.get("preset") not in PRESETS:
            raise ValueError(_("bad clock"))
        rem = data.get("remaining")
        if not (
            isinstance(rem, list)
            and len(rem) == 2
            and all(is_finite_number(x) and 0 <= x <= MAX_MS for x in rem)
        ):
            raise ValueError(_("bad clock times (each must be a finite number of milliseconds)"))
        flagged = data.get("flagged")
        if flagged not in (None, 0, 1) or isinstance(flagged, bool):
            raise ValueError(_("bad clock flag"))
        return cls(data["preset"], [float(rem[0]), float(rem[1])], None, 0.0, flagged)


def format_ms(ms: float) -> str:
    s = max(0, int((ms + 999) // 1000))
    return f"{s // 60}:{s % 60:02d}" if s < 3600 else f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}"
