"""Results by opponent, from the history's entries (pure: entries in, rows out).

An opponent is one computer level, one friend, or hot-seat:

- a friend is the name the player gave on the history page; a friend not named yet is the one
  game with a friend it played (a match is one game, and a link carries no name);
- in hot-seat the player plays both sides: its row counts games and draws, and which side won,
  but has no win rate (whoever won, the player did too).

Win rate: games won ÷ games counted, a draw being no win. A game with a friend whose end check
found cheating is listed but not counted. Rows come in a fixed order: the computer's levels from
easy to hard, the friends by name, hot-seat.
"""

from __future__ import annotations

from collections.abc import Iterable

import attrs

from webtabletop.app.model.history import Entry
from webtabletop.app.model.saves import AI_LEVELS


@attrs.frozen
class Row:
    """One opponent's results. ``key`` orders the rows and names the opponent:
    ("ai", level) | ("friend", name or match id) | ("hotseat", "")."""

    key: tuple[str, str]
    games: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    #: hot-seat: games won by each side
    sides: tuple[int, int] = (0, 0)
    #: games listed but not counted in the win rate (a friend's game whose end check failed)
    uncounted: int = 0

    @property
    def counted(self) -> int:
        return self.games - self.uncounted

    @property
    def rate(self) -> float | None:
        """Won ÷ counted games (None in hot-seat, or with no counted game)."""
        if self.key[0] == "hotseat" or not self.counted:
            return None
        return self.won / self.counted

    def add(self, e: Entry) -> Row:
        if not e.counted:
            return attrs.evolve(self, games=self.games + 1, uncounted=self.uncounted + 1)
        outcome = e.outcome
        if outcome in ("0", "1"):
            sides = (self.sides[0] + (outcome == "0"), self.sides[1] + (outcome == "1"))
            return attrs.evolve(self, games=self.games + 1, sides=sides)
        return attrs.evolve(
            self,
            games=self.games + 1,
            won=self.won + (outcome == "won"),
            drawn=self.drawn + (outcome == "drawn"),
            lost=self.lost + (outcome == "lost"),
        )


def opponent_key(e: Entry) -> tuple[str, str]:
    if e.kind == "ai":
        return ("ai", str(e.opponent["level"]))
    if e.kind == "friend":
        return ("friend", str(e.opponent.get("name") or e.opponent["match"]))
    return ("hotseat", "")


def _order(key: tuple[str, str]) -> tuple[int, int, str]:
    kind, name = key
    if kind == "ai":
        return (0, AI_LEVELS.index(name) if name in AI_LEVELS else len(AI_LEVELS), name)
    if kind == "friend":
        return (1, 0, name.casefold())
    return (2, 0, "")


def by_opponent(entries: Iterable[Entry]) -> list[Row]:
    """One row per opponent, in the order of the module's docstring."""
    rows: dict[tuple[str, str], Row] = {}
    for e in entries:
        k = opponent_key(e)
        rows[k] = rows.get(k, Row(k)).add(e)
    return [rows[k] for k in sorted(rows, key=_order)]


def total(rows: Iterable[Row]) -> Row:
    """Every opponent's games but hot-seat's together: the player's overall results."""
    out = Row(("*", ""))  # every opponent
    for r in rows:
        if r.key[0] == "hotseat":
            continue
        out = attrs.evolve(
            out,
            games=out.games + r.games,
            won=out.won + r.won,
            drawn=out.drawn + r.drawn,
            lost=out.lost + r.lost,
            uncounted=out.uncounted + r.uncounted,
        )
    return out
