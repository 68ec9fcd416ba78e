"""What the designer's lab found at each game's designer defaults, for the rules
pages' "For the designer" section (``app/shell/screens.py``) and docs/measurements.md's "What the lab found".

Each :class:`Finding` copies one run of ``python -m webtabletop lab <game> --games 200 --seed
2026 --players normal,normal --eval normal --json`` (DumaRaj's with ``--eval easy``, which halves
its two-hour run; its note says so): the first player's score (a draw counts
half) with its 95% Wilson interval, the draws, the mean length and Ludii's measures. The text
says whether the interval excludes an even score, so the page never claims more than the sample
shows. Invariant (tested): every number agrees with the others (the interval is the Wilson
interval of the score, the wins and draws add up to the games).
"""

from __future__ import annotations

import attrs

from webtabletop.core.view import esc
from webtabletop.i18n import N_, _, ngettext
from webtabletop.i18n.text import join_sentences, number


@attrs.frozen
class Finding:
    """One lab run at the designer's defaults: normal against normal, ``games`` games from
    ``seed``. ``first``: the first player's score (0..1) and ``ci95`` its interval; ``wins``: by
    seat; ``note``: an English msgid (``N_``) saying what else the run found, or None; ``since``:
    one (``N_``) saying what changed in the game or its computer after the run, or None."""

    games: int
    seed: int
    wins: tuple[int, int]
    draws: int
    first: float
    ci95: tuple[float, float]
    mean_plies: float
    balance: float
    decisiveness: float | None
    lead_changes: float | None
    note: str | None = None
    since: str | None = None


FINDINGS: dict[str, Finding] = {
    "htt": Finding(
        games=200, seed=2026, wins=(69, 53), draws=78, first=0.595, ci95=(0.526, 0.661),
        mean_plies=9.6, balance=0.81, decisiveness=0.77, lead_changes=0.22,
        note=N_("No card level changed its side's score beyond chance."),
    ),
    "tsifrograd": Finding(
        games=200, seed=2026, wins=(101, 99), draws=0, first=0.505, ci95=(0.4363, 0.5735),
        mean_plies=48.2, balance=0.99, decisiveness=0.68, lead_changes=0.18,
        note=N_(
            "The designer's Tsifrograd has no opening grace, and still the lab sees no advantage in moving first. A side crossed out about five numbers a game; the 76 of 400 sides that chose not to cross out at least once did not score beyond chance."
        ),
    ),
    "cardgo": Finding(
        games=200, seed=2026, wins=(98, 102), draws=0, first=0.49, ci95=(0.4216, 0.5588),
        mean_plies=86.8, balance=0.98, decisiveness=0.61, lead_changes=0.18,
        note=N_(
            "Two thirds of all cards played (11,653 of 17,359) went onto fire cells, by 396 of the 400 sides: both computers burn a card there whenever they can (why, below). Since nearly every side does it, the score of the sides that did says nothing by itself; no effect and no other terrain changed its side's score beyond chance. With terrain off (the lab's option set B: 100 games from the same seeds), games were a quarter shorter (64.5 moves against 86.8; 95% interval of the difference 19.9 to 24.6 fewer) and the lead changed less often (0.10 against 0.18 per move), while the first player's score (56%, 46.2–65.3%) did not differ beyond chance: terrain, where fire takes most cards, makes the game longer and the lead change hands more often, and favours neither seat."
        ),
    ),
    "dumaraj": Finding(
        games=200, seed=2026, wins=(111, 85), draws=4, first=0.565, ci95=(0.4957, 0.6318),
        mean_plies=131.8, balance=0.87, decisiveness=0.69, lead_changes=0.02,
        note=N_(
            "White always moves first in DumaRaj. Its 56.5% holds an even score only just (the interval starts at 49.6%), so a longer run may well show the first move's advantage that chess has. Seven games ended in a mate by White's seventh move, each by White's two Trigon's, which went g1–f4 and d1–e3 and on to f6 before Black's computer saw the threat; without those seven, White scored 54.9% (47.9–61.8%). Pixa moves made a third of all moves (8,560 of 26,361), and no mob changed its side's score beyond chance (the nearest, Fej: 55.0%, 49.8–60.2%). Sides that made a rursus scored 69.3% (62.8–75.1%, 215 sides): a Pixa reaches the last line mostly when its side is ahead already, so this goes with winning rather than causing it. The evaluations along each game (decisiveness, lead changes) were made at the easy budget here, which halves the run's time."
        ),
        since=N_(
            "Since this run, the normal computer no longer walks into that mate: when its search runs out of nodes just after finding its first choice mated, it plays its next choice instead of the lost one."
        ),
    ),
    "sht": Finding(
        games=200, seed=2026, wins=(112, 88), draws=0, first=0.44, ci95=(0.373, 0.5093),
        mean_plies=24.3, balance=0.88, decisiveness=0.71, lead_changes=0.24,
        note=N_(
            "With the designer's first-turn rule (the first player's first turn may only put one card open), the first player scored 44%: the interval still holds half, but only just, so the rule may take more than it gives back; a run with the rule off (the lab's option set B) would tell. Sides that put a card closed at least once scored 37.5% (28.5–47.5%), sides that used an advantage to put a card open 58.5% (53.1–63.7%): these go with losing and winning rather than cause them, and no move kind stands out as too strong."
        ),
    ),
}  # fmt: skip


def _pct(x: float) -> str:
    """A share as a number of percent, to one decimal, a whole number without it (56.5, 2)."""
    return number(100 * x, 0 if round(100 * x, 1) == round(100 * x) else 1)


def verdict(f: Finding) -> str:
    """Whether the sample shows an advantage for moving first (the interval excludes ½)."""
    if f.ci95[0] > 0.5:
        return _("At this sample, moving first is a real advantage.")
    if f.ci95[1] < 0.5:
        return _("At this sample, moving first is a real disadvantage.")
    return _("At this sample, the lab cannot tell the first player's chances from the second's.")


def report_html(game_id: str) -> str:
    """The lab's paragraph for ``game_id``'s rules page ("" when the game has not been measured)."""
    f = FINDINGS.get(game_id)
    if f is None:
        return ""
    sentences = [
        ngettext(
            "The designer's lab played {games} game between two computers at the normal level, with the designer's defaults (seed {seed}).",
            "The designer's lab played {games} games between two computers at the normal level, with the designer's defaults (seed {seed}).",
            f.games,
        ).format(games=f.games, seed=f.seed),
        _("The first player scored {score}% (95% interval {lo}–{hi}%; a draw counts half).").format(
            score=_pct(f.first), lo=_pct(f.ci95[0]), hi=_pct(f.ci95[1])
        ),
        verdict(f),
        (
            _("{percent}% of the games were drawn.").format(percent=_pct(f.draws / f.games))
            if f.draws
            else _("No game was drawn.")
        ),
        _("A game lasted {moves} moves on average, counting both players' moves.").format(moves=number(f.mean_plies, 1)),
    ]
    if f.decisiveness is not None and f.lead_changes is not None:
        sentences.append(
            _(
                "After Ludii's measures: balance {balance} (1 is even), decisiveness {decisiveness}, lead changes {lead} per move."
            ).format(
                balance=number(f.balance, 2), decisiveness=number(f.decisiveness, 2), lead=number(f.lead_changes, 2)
            )
        )
    note = "".join(f"<p>{esc(_(text))}</p>" for text in (f.note, f.since) if text)
    return "<p class='lab-finding'>" + esc(join_sentences(sentences)) + "</p>" + note
