"""Real-time clocks for a match by link or live (5+3, 10+5...): the arithmetic, and its checks.

Pure: every time is passed in (milliseconds of the caller's ``Date.now()``); nothing here reads a
clock. (Days per move, the correspondence deadline, are :mod:`~webtabletop.correspondence.clock`.)

**The time control** (:class:`TimeControl`: base minutes and seconds added per turn) is chosen at
invitation and travels in every link of the match, bound into the match key, so every tag and
signature covers it.

**What a link carries** (:class:`Timing`): per link, the time its sender's turn took *measured on
the sender's own clock*, in centiseconds: from the moment its browser held the link before (sent
or received: link ``N - 1``) to the moment it made link ``N``. Only intervals travel, never an
instant, so the two devices' clocks are never compared and a clock set wrong on either side
changes nothing (with instants, a skew ``d`` is charged to one player and given to the other on
every turn). Links 1 and 2 (the invitation and the joining) cost nothing and carry 0.

**The clocks** (:func:`remaining`): each seat starts with the base; link ``N >= 3`` charges its
sender (seat 0 sends the odd links) its interval, then adds the increment. A link whose interval
reaches the sender's time is a turn sent after its flag fell: its sender's own browser does not
make it, and a receiver refuses it (:func:`check_received`).

**The receiver's check** (:func:`check_received`, the rule of ``docs/fair-play.md``, "Clocks"):

- the intervals of the links already held must be the ones held (earlier turns are not
  re-timed);
- the new interval must leave its sender time (no move after the flag);
- over the live channel, where a link arrives within milliseconds of being sent, the receiver
  knows how long the friend's turn took *at most*: the time on its own clock since it held link
  ``N - 1`` (``observed``). An interval shorter than ``observed - TOLERANCE_MS`` is refused. So a
  player may under-report its thinking time by up to :data:`TOLERANCE_MS` per turn (which also
  covers the path both ways), never more. A link passed by hand can spend any time with its
  carrier, so no lower bound holds there: by links, each player's statement of its own thinking
  time is trusted (a clock between friends), and only order, form and the flag are checked.

**Claims** (:func:`check_claim`): the player waiting for the friend's link ``N + 1`` may claim the
win on time once it has waited, on its own clock since it held link ``N``, at least the friend's
remaining time. The claim states that wait; every browser checks it against the friend's
remaining time computed from the intervals, and the friend's own browser also checks that the
wait is not longer than its own observation (since it held link ``N``) plus the tolerance: a
claim made early is refused there. A claim that the friend **left** (:func:`can_claim_left`) rests
on the presence the live channel observed (``last_seen``): nobody else can check it, so that win
counts as unverified, as a forfeit does.
"""

from __future__ import annotations

import re

import attrs

from webtabletop.core.sharelink import varint
from webtabletop.correspondence.errors import MatchError
from webtabletop.fairplay.beacon import sender
from webtabletop.i18n import _

#: the presets offered at invitation: (base minutes, increment seconds)
PRESETS: dict[str, tuple[int, int]] = {
    "3+2": (3, 2),
    "5+3": (5, 3),
    "10+5": (10, 5),
    "15+10": (15, 10),
    "30+20": (30, 20),
}
MAX_BASE_MINUTES = 180
MAX_INCREMENT_SECONDS = 180
#: how far a live link's stated thinking time may fall short of what the receiver observed
#: (the path both ways and the two engines' work are in it: a live link takes a few ms here)
TOLERANCE_MS = 3000
#: one turn's interval at most (a day, in centiseconds): a varint of at most 4 bytes
MAX_SPENT_CS = 8_640_000
#: how long the friend must have been gone before the win can be claimed (lila's
#: ``disconnectTimeout``: 40 s, doubled from 10 minutes of base time)
GONE_MS = 40_000
GONE_LONG_MS = 80_000
_TEXT = re.compile(r"(\d{1,3})\+(\d{1,3})")


@attrs.frozen
class TimeControl:
    """``minutes`` for the whole game per player, ``increment`` seconds added after each turn."""

    minutes: int
    increment: int

    def __attrs_post_init__(self) -> None:
        if not (1 <= self.minutes <= MAX_BASE_MINUTES and 0 <= self.increment <= MAX_INCREMENT_SECONDS):
            raise MatchError(
                _("A time control is from 1 to {minutes} minutes plus 0 to {seconds} seconds a move.").format(
                    minutes=MAX_BASE_MINUTES, seconds=MAX_INCREMENT_SECONDS
                )
            )

    @property
    def text(self) -> str:
        return f"{self.minutes}+{self.increment}"

    @property
    def base_ms(self) -> int:
        return self.minutes * 60_000

    @property
    def increment_ms(self) -> int:
        return self.increment * 1000

    @classmethod
    def parse(cls, text: str) -> TimeControl:
        """``"5+3"``: 5 minutes plus 3 seconds a move."""
        m = _TEXT.fullmatch(str(text).strip())
        if m is None:
            raise MatchError(_("Write a time control as minutes plus seconds a move, such as 5+3."))
        return cls(int(m.group(1)), int(m.group(2)))


@attrs.frozen
class Timing:
    """The clock part of a timed match's link: its control and each link's interval (cs)."""

    control: TimeControl
    spent: tuple[int, ...] = ()

    def encode(self) -> bytes:
        out = varint(self.control.minutes) + varint(self.control.increment)
        return out + b"".join(varint(cs) for cs in self.spent)

    @classmethod
    def decode(cls, reader, links: int) -> Timing:
        """Read a timing for a link numbered ``links`` (one interval per link; links 1 and 2: 0)."""
        control = TimeControl(reader.varint(MAX_BASE_MINUTES), reader.varint(MAX_INCREMENT_SECONDS))
        spent = tuple(reader.varint(MAX_SPENT_CS) for _i in range(links))
        if any(spent[:2]):
            raise MatchError(_("The match link is damaged."))
        return cls(control, spent)

    def then(self, cs: int) -> Timing:
        """With the next link's interval (links 1 and 2 carry 0)."""
        return attrs.evolve(self, spent=(*self.spent, cs if len(self.spent) >= 2 else 0))


def remaining(timing: Timing) -> tuple[int, int]:
    """Each seat's time in ms after the links of ``timing`` (a seat whose interval reached its
    time is at 0: flagged)."""
    left = [timing.control.base_ms, timing.control.base_ms]
    for i, cs in enumerate(timing.spent):
        if i < 2:
            continue
        s = sender(i + 1)
        if cs * 10 >= left[s]:
            left[s] = 0
        else:
            left[s] += timing.control.increment_ms - cs * 10
    return left[0], left[1]


def to_send(count: int) -> int:
    """The seat whose clock runs while ``count`` links were sent: the sender of the next one."""
    return sender(count + 1)


def running(count: int) -> bool:
    """A clock runs once both players have joined (link 2 is held)."""
    return count >= 2


def spent_since(held_at: float | None, now: float) -> int:
    """The interval, in cs, of a turn that began (this browser held the link before) at
    ``held_at`` and ends at ``now`` (ms, this browser's clock; a clock set back counts 0)."""
    if held_at is None:
        return 0
    return min(MAX_SPENT_CS, max(0, int((now - held_at) // 10)))


def left_now(timing: Timing, count: int, held_at: float | None, now: float) -> tuple[int, int]:
    """Each seat's time at ``now`` as this browser sees it: the running seat's time goes down
    from ``held_at``, when this browser held the latest link."""
    left = list(remaining(timing))
    if running(count) and held_at is not None:
        s = to_send(count)
        left[s] = max(0, left[s] - spent_since(held_at, now) * 10)
    return left[0], left[1]


def out_of_time(timing: Timing, count: int, held_at: float | None, now: float) -> int | None:
    """The seat whose clock ran out at ``now`` (None: both have time)."""
    if not running(count) or held_at is None:
        return None
    s = to_send(count)
    return s if left_now(timing, count, held_at, now)[s] <= 0 else None


def _refused(text: str, verified: bool) -> MatchError:
    return MatchError(
        text
        if verified
        else _(
            "This link's clock is impossible: it was changed on its way, or the sender's clock is wrong. It was not taken."
        )
    )


def check_received(
    new: Timing, held: Timing, held_at: float | None, now: float, live: bool, verified: bool
) -> None:
    """Refuse a received link's timing against the one held (``held_at``: when this browser held
    its latest link, on its own clock; ``live``: the link came over the live channel, just as it
    was sent; ``verified``: its tag proves it is the friend's, so a refusal may say so)."""
    k = len(held.spent)
    shared = min(k, len(new.spent))  # an earlier link (a resignation that crossed a move) is shorter
    if new.control != held.control or new.spent[:shared] != held.spent[:shared]:
        raise MatchError(_("This link changes moves that were already played."))
    if len(new.spent) <= k:
        return
    flagged = [s for s in range(2) if remaining(new)[s] == 0 and remaining(held)[s] > 0]
    if flagged:
        raise _refused(
            _(
                "Your friend's time ran out before this link was sent: it was not taken. You can claim the win on time."
            ),
            verified,
        )
    if live and len(new.spent) == k + 1 and held_at is not None and k >= 2:
        observed = now - held_at
        if new.spent[-1] * 10 < observed - TOLERANCE_MS:
            raise _refused(
                _(
                    "Your friend's link says the move took {said} s, but {seen} s passed here: more than the {tolerance} s allowed. It was not taken."
                ).format(
                    said=new.spent[-1] // 100, seen=int(observed // 1000), tolerance=TOLERANCE_MS // 1000
                ),
                verified,
            )


def check_claim(timing: Timing, count: int, claimant: int, waited_cs: int) -> None:
    """Refuse a claim on time by ``claimant`` that has waited ``waited_cs`` for the friend's link
    ``count + 1``, unless that wait reaches the friend's time (anyone checks this)."""
    friend = 1 - claimant
    if not running(count) or to_send(count) != friend:
        raise MatchError(_("A win on time can be claimed only while your friend's clock runs."))
    if waited_cs * 10 < remaining(timing)[friend]:
        raise MatchError(_("This claim on time came before the clock ran out: it was not taken."))


def check_claim_seen(waited_cs: int, held_at: float | None, now: float) -> None:
    """The flagged player's own check of a claim against its observation: it has held link
    ``count`` since ``held_at``; a claim that says it waited longer (beyond the tolerance) was
    made early."""
    if held_at is not None and waited_cs * 10 > now - held_at + TOLERANCE_MS:
        raise MatchError(
            _("Your friend claimed the win on time before your clock ran out here: the claim was not taken.")
        )


def gone_after(control: TimeControl | None) -> int:
    """How long (ms) the friend must be gone before the win can be claimed (a live game without
    a clock: as from ten minutes)."""
    return GONE_MS if control is not None and control.minutes < 10 else GONE_LONG_MS


def can_claim_left(
    control: TimeControl | None, count: int, seat: int, last_seen: float | None, now: float
) -> bool:
    """The player of ``seat`` may claim the win because its friend left: the live channel last
    saw the friend at ``last_seen`` (ms, this browser's clock; None: never connected live), it is
    the friend's turn, and the friend has been gone :func:`gone_after` or longer."""
    return (
        last_seen is not None
        and running(count)
        and to_send(count) == 1 - seat
        and now - last_seen >= gone_after(control)
    )
