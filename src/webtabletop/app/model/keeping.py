"""Keeping finished games in the history (app/model/history.py), once each, within a cap.

**When a game lands there.** A game on this device (against the computer, or hot-seat) when a
move, a resignation, an agreed draw or a clock ends it (:func:`keep_session`, called where the
game screen ends a game); a game with a friend when its end is settled here: over, this player's
last link sent, and the end check done or the game counted as a forfeit (:func:`keep_match`,
called when the match is stored). A game the computer plays against itself is not the player's and
is not kept. A finished game opened from a link or from a saved game is not kept again: only an
ending seen happen counts.

**Once.** A game's key comes from the game itself (``history.game_id``; a match's own id), and a
key already in storage is never written again: a reload, a replay, or another tab that finishes
the same game find it there. The game's saved document remembers its key (``kept``), so taking
moves back after the end and finishing again does not add a second result: the history keeps the
first ending, as played. Another tab's write reaches this tab through the storage event
(app/data/flow.py keeps the snapshot current); two tabs that finish two games write two keys.

**The cap** (numbers in docs/measurements.md, "History of finished games"): at most :data:`CAP`
games kept in full, and at most :data:`BUDGET` characters for them (a fifth of the about 5 million
characters a browser gives a site, shared with saved games, collections and games with friends).
From :data:`WARN` of either, every game that lands says how full the history is and offers an
export (the notice's "Export all data"; the history page has "Export history"). When a new game
does not fit:

- if the player allowed it on the history page (setting ``history_trim``), the oldest games kept
  in full are kept as *summaries* (their result, date and opponent: they still count in the
  statistics, their review goes) until the new game fits, and the notice says how many;
- otherwise the new game itself is kept as a summary, and the notice says so and how to make room
  (its full record stays in the saved game or game with a friend it came from, while that is kept).

Summaries are small (measured) but bounded too (:data:`SUMMARY_CAP`): past it a new game is not
kept at all, and the notice says so. Nothing is dropped without the player being told, and nothing
already kept is dropped at all except by the player (delete on the history page) or with the
player's consent (summaries).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.app.model import history, persist
from webtabletop.app.model.saves import MAX_REASON
from webtabletop.core import storage
from webtabletop.core.ending import is_ending
from webtabletop.core.record import Record
from webtabletop.i18n import N_, _, ngettext

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.openmatch import OpenMatch
    from webtabletop.app.model.session import Session
    from webtabletop.app.model.state import AppState

#: the most games kept in full
CAP = 500
#: the most characters (keys and documents) the games kept in full may take
BUDGET = 1_000_000
#: the share of either at which every new game warns
WARN = 0.9
#: the most games kept as their results only
SUMMARY_CAP = 2000

#: the reason of a game with a friend counted as won by forfeit (translated where shown)
FORFEIT = N_("won by forfeit: the friend's last link did not come in time")

#: what :func:`keep` did
KEPT, ALREADY, SUMMARY, TRIMMED, REFUSED = "kept", "already", "summary", "trimmed", "refused"


@attrs.frozen
class Fullness:
    """How full the history is: games kept in full, their characters, summaries."""

    games: int
    size: int
    summaries: int

    @property
    def share(self) -> float:
        """The larger of the two shares of the cap in use (0..1 and more)."""
        return max(self.games / CAP, self.size / BUDGET)

    @property
    def near(self) -> bool:
        return self.share >= WARN

    @property
    def full(self) -> bool:
        return self.games >= CAP or self.size >= BUDGET

    def fits(self, size: int) -> bool:
        """One more game of ``size`` characters fits within the cap."""
        return self.games < CAP and self.size + size <= BUDGET


def fullness(store: dict[str, str]) -> Fullness:
    found, _bad = history.entries(store)
    full = [e for e in found if not e.summary]
    return Fullness(len(full), sum(e.size for e in full), len(found) - len(full))


def trim_allowed(st: AppState) -> bool:
    return st.settings.get("history_trim", False) is True


def keep(st: AppState, fx: Effects, game: str, hid: str, data: dict[str, Any]) -> str:
    """Keep one finished game (``data``: its document) under its id, once, within the cap; say
    what happened when the history is nearly full or full. Returns :data:`KEPT`, :data:`ALREADY`,
    :data:`SUMMARY`, :data:`TRIMMED` or :data:`REFUSED`."""
    k = history.key(game, hid)
    if k in st.store:
        return ALREADY
    text = history.document(data)
    before = fullness(st.store)
    size = len(k) + len(text)
    if before.fits(size):
        persist.write(st, fx, storage.Write(k, text))
        outcome = KEPT
    elif trim_allowed(st) and before.summaries < SUMMARY_CAP:
        trimmed = _trim_for(st, fx, size)
        persist.write(st, fx, storage.Write(k, text))
        outcome = TRIMMED
        _tell(
            st,
            ngettext(
                "Your history of finished games was full: its oldest game is now kept as its result "
                "only, as you allowed (it still counts in your statistics).",
                "Your history of finished games was full: its {n} oldest games are now kept as their "
                "results only, as you allowed (they still count in your statistics).",
                trimmed,
            ).format(n=trimmed),
        )
    elif before.summaries < SUMMARY_CAP:
        summary = history.as_summary(text)
        assert summary is not None  # made from a valid document
        persist.write(st, fx, storage.Write(k, summary))
        outcome = SUMMARY
        _tell(
            st,
            _(
                "Your history of finished games is full: this game was kept as its result only (it counts in "
                "your statistics, but its review cannot be opened from the history). Export your history, "
                "then make room on the history page."
            ),
        )
    else:
        _tell(
            st,
            _(
                "Your history of finished games is full, even for results: this game was not added. Export "
                "your history, then delete old games on the history page to make room."
            ),
        )
        return REFUSED
    after = fullness(st.store)
    if outcome == KEPT and after.near:
        _tell(st, warning(after, trim_allowed(st)))
    return outcome


def warning(f: Fullness, trim: bool) -> str:
    """The sentence that says how full the history is and what happens when it is full."""
    first = _("Your history of finished games is {percent}% full ({n} of {cap} games).").format(
        percent=min(100, int(f.share * 100)), n=f.games, cap=CAP
    )
    if trim:
        then = _(
            "Export it to keep every game in full: when it is full, the oldest games will be kept as their "
            "results only, as you allowed."
        )
    else:
        then = _(
            "Export it to keep a copy: when it is full, new games will be kept as their results only until "
            "you make room on the history page."
        )
    return f"{first} {then}"


def _tell(st: AppState, message: str) -> None:
    """Show ``message`` as a notice, in place of the history's earlier one (one at a time)."""
    if st.history_notice in st.notices:
        st.notices.remove(st.history_notice)
    st.history_notice = message
    persist.notice(st, message)


def _trim_for(st: AppState, fx: Effects, size: int) -> int:
    """Keep the oldest full games as summaries until a game of ``size`` fits; how many."""
    found, _bad = history.entries(st.store)
    full = sorted((e for e in found if not e.summary), key=lambda e: (e.date, e.key))
    count = 0
    for e in full:
        if fullness(st.store).fits(size):
            break
        summary = history.as_summary(st.store[e.key])
        if summary is None:
            continue
        persist.write(st, fx, storage.Write(e.key, summary))
        count += 1
    return count


# ---------------------------------------------------------------------- where games end
def keep_session(st: AppState, fx: Effects, s: Session) -> None:
    """Keep the game on screen if it has just ended here (first ending only, see above)."""
    if s.kept is not None or not s.history.at_end:
        return
    made = session_document(s, st.now)
    if made is None:
        return
    s.kept, data = made
    keep(st, fx, s.spec.id, s.kept, data)


def session_document(s: Session, now: float) -> tuple[str, dict[str, Any]] | None:
    """The history id and document of the finished game ``s`` (None: it is not over, or the
    computer played both sides)."""
    outcome = s.outcome()
    humans = [p for p in (0, 1) if not s.players.is_ai(p)]
    if outcome is None or not humans:
        return None
    record = s.history.record
    vs_ai = len(humans) == 1
    data: dict[str, Any] = {
        "game": s.spec.id,
        "date": now,
        "opponent": {"kind": "ai", "level": s.players.level} if vs_ai else {"kind": "hotseat"},
        "side": humans[0] if vs_ai else None,
        "result": {"winner": outcome.winner, "reason": str(outcome.reason)[: MAX_REASON]},
        "moves": len(record.moves),
        "record": record.to_json(),
    }
    if not s.history.states[-1].is_over:  # the clock ended it, after the record's last move
        data["timed"] = True
    return history.game_id(record, s.players.kinds, s.slot), data


def match_record(om: OpenMatch) -> Record | None:
    """The record of a finished game with a friend, when one replays it: a game whose randomness is
    all in its start (no dice from the links, no hidden cards) starts as the match does and plays
    the same moves. None otherwise (the game then opens from its link)."""
    m = om.match
    spec = m.spec
    if spec.reseed is not None or spec.cards is not None:
        return None
    codes = [code for _before, code in m.public_history]
    ending = m.ending
    if ending is not None and ending.final and not (codes and is_ending(codes[-1])):
        codes.append(ending.code(m.data.creator_side))
    record = Record(spec.id, dict(m.data.options), 0, tuple(codes))
    replay = record.replay_upto()
    final = replay.states[-1]
    if replay.problem is not None or not final.is_over or final.outcome() != m.state.outcome():
        return None
    return record


def keep_match(st: AppState, fx: Effects, om: OpenMatch) -> None:
    """Keep a game with a friend whose end has just been settled here."""
    m = om.match
    outcome = m.state.outcome()
    if om.key is None or m.role is None or outcome is None:
        return
    mid = om.key.rsplit(":", 1)[1]
    winner, reason = outcome.winner, str(outcome.reason)
    if m.forfeit:  # counted as won: the friend's last link did not come in time
        check, winner, reason = "forfeit", m.role, FORFEIT
    elif m.verified is False:
        check = "cheat-you" if m.cheater is not None and m.cheater == m.seat else "cheat-friend"
    else:
        check = "verified"
    data: dict[str, Any] = {
        "game": m.spec.id,
        "date": st.now,
        "opponent": {"kind": "friend", "match": mid},
        "side": m.role,
        "result": {"winner": winner, "reason": reason[: MAX_REASON]},
        "check": check,
    }
    record = match_record(om)
    data["moves"] = len(record.moves) if record is not None else len(m.public_history)
    if record is not None:
        data["record"] = record.to_json()
    link = m.latest_link
    if link and len(link) <= history.MAX_LINK:
        data["link"] = link
    keep(st, fx, m.spec.id, history.friend_id(mid), data)
