"""The HTML of the puzzle screens (:mod:`~webtabletop.app.learn.puzzles`): a game's list of puzzles, one puzzle (its
goal, what the solver may know, the game's own board, the solution and its explanation after a
solve or a give-up), and the home page's puzzle of the day."""

from __future__ import annotations

from webtabletop.app.learn.lessonpage import ink_style, star_row
from webtabletop.app.widgets.pages import btn, link, notice_html
from webtabletop.core.protocol import GameSpec
from webtabletop.core.view import GameView, esc
from webtabletop.i18n import _, ngettext
from webtabletop.learn.lesson import MAX_STARS, MISSED, REACHED

#: the verdict of an attempt whose solution was shown (a give-up)
SHOWN = "shown"


def head(spec: GameSpec, heading: str, back: str) -> str:
    return (
        f"<div class='game-head'><h1>{esc(heading)}</h1>"
        f"<nav class='game-nav' aria-label='{esc(_(spec.title))}'>{back}"
        f"{link(esc(_('Learn to play')), f'#/{spec.id}/learn', 'btn small')}"
        f"{link(esc(_('Play')), f'#/{spec.id}', 'btn small')}"
        f"{link(esc(_('Rules')), f'#/{spec.id}/rules', 'btn small ghost')}</nav></div>"
    )


def puzzle_list(
    spec: GameSpec, items: list[tuple[str, str]], earned: dict[str, int], notices: list[str]
) -> str:
    """``#/<game>/puzzles``: one item per puzzle (``data-puzzle``: its id; ``items``: (id, goal))."""
    rows = []
    for i, (pid, goal) in enumerate(items, 1):
        n = earned.get(pid, 0)
        rows.append(
            f'<li class="lesson-item{" done" if n else ""}" data-puzzle="{esc(pid)}">'
            f'<a href="#/{esc(spec.id)}/puzzles/{esc(pid)}"><span class="lesson-no">{i}</span>'
            f'<span class="lesson-name">{esc(goal)}</span>{star_row(n)}</a></li>'
        )
    solved = sum(1 for pid, _goal in items if earned.get(pid))
    summary = ngettext("{n} puzzle solved of {total}.", "{n} puzzles solved of {total}.", solved).format(
        n=solved, total=len(items)
    )
    body = (
        f'<ol class="lessons puzzles">{"".join(rows)}</ol><p class="note">{esc(summary)}</p>'
        if items
        else f'<p class="note">{esc(_("This game has no puzzles yet."))}</p>'
    )
    heading = _("{game}: puzzles").format(game=_(spec.title))
    lead = _(
        "Each puzzle is a position from a game the computer played against itself, where one move "
        "is clearly best. Find it."
    )
    return (
        f"{notice_html(notices)}<section class='game-page learn' data-game='{esc(spec.id)}'>"
        f"{head(spec, heading, '')}<p class='lead'>{esc(lead)}</p>{body}</section>"
    )


def solution_html(solution: str, explanation: str) -> str:
    return (
        f'<div class="puzzle-solution" data-key="puzzle-solution"><p><strong>{esc(_("Solution:"))}</strong> '
        f"{esc(solution)}</p><p>{esc(explanation)}</p></div>"
    )


def verdict_html(
    spec: GameSpec, verdict: str, earned: int, message: str | None, following: str | None, solution: str
) -> str:
    nxt = (
        link(esc(_("Next puzzle")), f"#/{spec.id}/puzzles/{following}", "btn primary")
        if following
        else link(esc(_("All puzzles")), f"#/{spec.id}/puzzles", "btn primary")
    )
    again = btn(esc(_("Try again")), "lesson-retry", key="lesson-retry")
    if verdict == REACHED:
        return (
            f'<div class="lesson-verdict reached" role="status"><p><strong>{esc(_("Solved!"))}</strong> '
            f"{star_row(earned)}</p>{solution}<div class='actions'>{nxt}{again}</div></div>"
        )
    if verdict == SHOWN:
        return (
            f'<div class="lesson-verdict shown" role="status"><p><strong>{esc(_("Here is the solution."))}</strong></p>'
            f"{solution}<div class='actions'>{again}{nxt}</div></div>"
        )
    give_up = btn(esc(_("Show the solution")), "puzzle-solution", key="puzzle-solution")
    if verdict == MISSED:
        why = f"<p>{esc(message)}</p>" if message else ""
        return (
            f'<div class="lesson-verdict missed" role="alert"><p><strong>{esc(_("Not this time."))}</strong></p>{why}'
            f"<div class='actions'>{btn(esc(_('Try again')), 'lesson-retry', key='lesson-retry', cls='btn primary')}"
            f"{give_up}</div></div>"
        )
    said = f'<p class="message" role="alert">{esc(message)}</p>' if message else ""
    return f"{said}<div class='actions'>{give_up}</div>"


def puzzle_screen(
    *,
    spec: GameSpec,
    view: GameView,
    pid: str,
    number: int,
    total: int,
    goal: str,
    knowledge: str,
    origin: str,
    board: str,
    panel: str,
    prompt: str,
    status_line: str,
    verdict: str,
    earned: int,
    best: int,
    message: str | None,
    following: str | None,
    solution: str,
    notices: list[str],
) -> str:
    """``#/<game>/puzzles/<id>``: the game's board inside the puzzle's frame."""
    style = ink_style(view)
    heading = _("Puzzle {n} of {total}").format(n=number, total=total)
    back = link(esc(_("All puzzles")), f"#/{spec.id}/puzzles", "btn small")
    known = f'<p class="puzzle-known">{esc(knowledge)}</p>' if knowledge else ""
    said = ngettext("{n} star of {total}", "{n} stars of {total}", best).format(n=best, total=MAX_STARS)
    # the goal stays short (on a phone it goes above the board); what the solver may know and
    # where the position comes from follow it on a desktop and the board on a phone
    frame = (
        f'<div class="lesson-goal" data-key="lesson-goal"><p><strong>{esc(_("Goal:"))}</strong> {esc(goal)}</p>'
        f'<p class="lesson-left" title="{esc(said)}">{star_row(best)}</p></div>'
        f'<div class="puzzle-about" data-key="puzzle-about">{known}<p class="note">{esc(origin)}</p></div>'
    )
    shown = solution if verdict in (REACHED, SHOWN) else ""
    # not a live region: moves are read out once through the page's own (widgets/announce.py)
    line = f'<p class="status-line" data-key="status-line">{esc(status_line)}</p>'
    prompt_html = f'<p class="prompt">{esc(prompt)}</p>' if prompt else ""
    return (
        f"{notice_html(notices)}<section class='game lesson puzzle' data-game='{esc(spec.id)}' "
        f"data-puzzle='{esc(pid)}' data-verdict='{esc(verdict)}'{style}>"
        f"{head(spec, heading, back)}"
        f"<div class='layout'><div class='board-col'><div class='turn-row'>{line}</div>"
        f"<div class='board-wrap'>{board}</div></div>"
        f"<aside class='side'>{frame}{verdict_html(spec, verdict, earned, message, following, shown)}{prompt_html}"
        f"<div class='panel'>{panel}</div></aside></div></section>"
    )


def of_the_day(game_title: str, game_id: str, pid: str, goal: str) -> str:
    """The home page's puzzle of the day (``data-puzzle-of-the-day``)."""
    return (
        f'<aside class="puzzle-of-the-day" data-puzzle-of-the-day="{esc(game_id)}/{esc(pid)}">'
        f"<h2>{esc(_('Puzzle of the day'))}</h2><p>"
        # TRANSLATORS: the home page's puzzle of the day: the game's name in bold, then the
        # puzzle's goal, a whole sentence ("Turn 2 enemy cards with one placement.")
        + _("<strong>{game}</strong>: {goal}").format(game=esc(game_title), goal=esc(goal))
        + "</p>"
        f"{link(esc(_('Solve it')), f'#/{game_id}/puzzles/{pid}', 'btn primary')}</aside>"
    )
