"""What the designer's lab found at each game's designer defaults, for the rules pages' "For the
designer" section (``app/shell/screens.py``) and docs/measurements.md's "What the lab found". Each
game keeps its own (``GameModule.lab``, in the game's ``lab.py``).

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

from webtabletop.core.errors import GameError
from webtabletop.core.registry import all_modules, game_module
from webtabletop.core.view import esc
from webtabletop.i18n import _, ngettext
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


def findings() -> dict[str, Finding]:
    """Each playable game's finding (``GameModule.lab``: the game's ``lab.py``), by id."""
    return {m.id: m.lab.finding for m in all_modules() if m.lab is not None and m.lab.finding is not None}


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
    try:
        table = game_module(game_id).lab
    except GameError:  # a game the registry does not know has not been measured either
        return ""
    f: Finding | None = table.finding if table is not None else None
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
