"""The review's win-chance graph as a table of numbers (the graph itself is a picture: a screen
reader, or anyone who wants the figures, reads this table instead).

One row per position analysed: the move that led there (its number, who played it and its name),
both players' winning chances there, and the mark the move earned. It is folded under the graph
(open in text mode); rows of positions not analysed yet say so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from webtabletop.core.view import esc
from webtabletop.i18n import _
from webtabletop.i18n.sides import side_gettext
from webtabletop.i18n.text import percent

if TYPE_CHECKING:
    from webtabletop.app.model.reviewsession import ReviewSession


def mark_words() -> dict[str, str]:
    return {"?!": _("Inaccuracy"), "?": _("Mistake"), "??": _("Blunder")}


def chances_table(
    r: ReviewSession, names: list[str], labels: list[str], plural: bool = False, open_: bool = False
) -> str:
    """The graph's numbers: per position, the move, each player's chances and the move's mark."""
    series = r.reviewer.chances()
    judged = {p.ply: p for p in r.reviewer.plies}
    marks = mark_words()
    rows = []
    for i, chances in enumerate(series):
        if i == 0:
            move, who = _("The start"), ""
        else:
            ply = judged.get(i)
            move = labels[i - 1] if i - 1 < len(labels) else ""
            who = names[ply.player] if ply is not None else ""
        mark = judged[i].mark if i in judged and judged[i].mark else None
        if chances is None:
            cells = f"<td colspan='2'>{esc(_('not analysed yet'))}</td>"
        else:
            cells = f"<td>{esc(percent(chances[0]))}</td><td>{esc(percent(chances[1]))}</td>"
        current = " aria-current='true'" if i == r.cursor and not r.line else ""
        rows.append(
            f"<tr{current}><th scope='row'>{i}</th><td>{esc(who)}</td><td>{esc(move)}</td>{cells}"
            f"<td>{esc(marks[mark]) if mark else ''}</td></tr>"
        )
    wins = side_gettext(plural, "{player} wins")
    head = (
        f"<tr><th scope='col'>{esc(_('Move'))}</th><th scope='col'>{esc(_('Player'))}</th>"
        f"<th scope='col'>{esc(_('Name'))}</th>"
        f"<th scope='col'>{esc(wins.format(player=names[0]))}</th>"
        f"<th scope='col'>{esc(wins.format(player=names[1]))}</th>"
        f"<th scope='col'>{esc(_('Mark'))}</th></tr>"
    )
    title = _("Winning chances, move by move")
    return (
        f"<details class='review-table' data-key='review-table'{' open' if open_ else ''}>"
        f"<summary>{esc(title)}</summary>"
        # a scrolled box is a stop of the Tab key, so that arrows scroll it without a mouse
        f"<div class='review-table-scroll' tabindex='0' role='region' aria-label='{esc(title)}'>"
        f"<table><caption class='visually-hidden'>{esc(title)}</caption>"
        f"<thead>{head}</thead><tbody>{''.join(rows)}</tbody></table></div></details>"
    )
