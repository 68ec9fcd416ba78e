"""The HTML of the lesson screens (:mod:`~webtabletop.app.learn.lessons`): a game's list of lessons, and one lesson
(its idea, its goal and moves left, the game's own board and panel, the verdict)."""

from __future__ import annotations

from webtabletop.app.widgets.pages import btn, link, notice_html
from webtabletop.core.protocol import GameSpec
from webtabletop.core.view import GameView, esc
from webtabletop.i18n import _, ngettext
from webtabletop.learn.lesson import MAX_STARS, MISSED, REACHED, Lesson


def star_row(n: int) -> str:
    """``n`` of :data:`MAX_STARS` stars, drawn and said."""
    said = ngettext("{n} star of {total}", "{n} stars of {total}", n).format(n=n, total=MAX_STARS)
    drawn = "".join(f'<span class="star{" on" if i < n else ""}">★</span>' for i in range(MAX_STARS))
    return f'<span class="stars" role="img" aria-label="{esc(said)}" title="{esc(said)}">{drawn}</span>'


def head(spec: GameSpec, heading: str, back: str) -> str:
    return (
        f"<div class='game-head'><h1>{esc(heading)}</h1>"
        f"<nav class='game-nav' aria-label='{esc(_(spec.title))}'>{back}"
        f"{link(esc(_('Puzzles')), f'#/{spec.id}/puzzles', 'btn small')}"
        f"{link(esc(_('Play')), f'#/{spec.id}', 'btn small')}"
        f"{link(esc(_('Rules')), f'#/{spec.id}/rules', 'btn small ghost')}</nav></div>"
    )


def lesson_list(
    spec: GameSpec,
    lessons: tuple[Lesson, ...],
    earned: dict[str, int],
    notices: list[str],
    guided: Lesson | None = None,
) -> str:
    """``#/<game>/learn``: one item per lesson (``data-lesson``), with its stars, then the guided
    first game (``data-first-game``) when the game has one."""
    items = []
    for i, lesson in enumerate(lessons, 1):
        n = earned.get(lesson.id, 0)
        items.append(
            f'<li class="lesson-item{" done" if n else ""}" data-lesson="{esc(lesson.id)}">'
            f'<a href="#/{esc(spec.id)}/learn/{esc(lesson.id)}"><span class="lesson-no">{i}</span>'
            f'<span class="lesson-name">{esc(_(lesson.title))}</span>{star_row(n)}</a>'
            f'<p class="lesson-idea">{esc(_(lesson.idea))}</p></li>'
        )
    total = sum(earned.get(lesson.id, 0) for lesson in lessons)
    summary = ngettext("{n} star earned of {total}.", "{n} stars earned of {total}.", total).format(
        n=total, total=MAX_STARS * len(lessons)
    )
    body = (
        f'<ol class="lessons">{"".join(items)}</ol><p class="note">{esc(summary)}</p>'
        if lessons
        else f'<p class="note">{esc(_("This game has no lessons yet."))}</p>'
    )
    if guided is not None:
        body += (
            f'<div class="first-game" data-first-game="{esc(guided.id)}"><h2>{esc(_(guided.title))}</h2>'
            f"<p>{esc(_(guided.idea))}</p>{star_row(earned.get(guided.id, 0))} "
            f"{link(esc(_('Play the guided game')), f'#/{spec.id}/learn/{guided.id}', 'btn primary')}</div>"
        )
    heading = _("{game}: learn to play").format(game=_(spec.title))
    return (
        f"{notice_html(notices)}<section class='game-page learn' data-game='{esc(spec.id)}'>"
        f"{head(spec, heading, '')}<p class='lead'>{esc(_('Each lesson teaches one idea: reach its goal on a small board within the moves it allows.'))}</p>"
        f"{body}</section>"
    )


def ink_style(view: GameView) -> str:
    """The players' colours of the game's view, as the board's CSS variables (a style attribute)."""
    if not view.player_inks:
        return ""
    (c0, c1), (i0, i1) = view.player_colours, view.player_inks
    return f" style='--p0:{esc(c0)};--p1:{esc(c1)};--p0-ink:{esc(i0)};--p1-ink:{esc(i1)}'"


def tip_html(tip: str) -> str:
    return (
        f'<p class="lesson-tip" aria-live="polite"><strong>{esc(_("Tip:"))}</strong> {esc(tip)}</p>'
        if tip
        else ""
    )


def verdict_html(
    spec: GameSpec, verdict: str, earned: int, message: str | None, following: str | None
) -> str:
    if verdict == REACHED:
        nxt = (
            link(esc(_("Next lesson")), f"#/{spec.id}/learn/{following}", "btn primary")
            if following
            else link(esc(_("Play a real game")), f"#/{spec.id}/play?vs=ai", "btn primary")
        )
        return (
            f'<div class="lesson-verdict reached" role="status"><p><strong>{esc(_("Goal reached!"))}</strong> '
            f"{star_row(earned)}</p><div class='actions'>{nxt}"
            f"{btn(esc(_('Try again')), 'lesson-retry', key='lesson-retry')}"
            f"{link(esc(_('All lessons')), f'#/{spec.id}/learn', 'btn')}</div></div>"
        )
    if verdict == MISSED:
        why = f"<p>{esc(message)}</p>" if message else ""
        return (
            f'<div class="lesson-verdict missed" role="alert"><p><strong>{esc(_("Not this time."))}</strong></p>{why}'
            f"<div class='actions'>{btn(esc(_('Try again')), 'lesson-retry', key='lesson-retry', cls='btn primary')}</div></div>"
        )
    return f'<p class="message" role="alert">{esc(message)}</p>' if message else ""


def lesson_screen(
    *,
    spec: GameSpec,
    view: GameView,
    lesson: Lesson,
    number: int,
    total: int,
    board: str,
    panel: str,
    prompt: str,
    status_line: str,
    left: int,
    tip: str,
    verdict: str,
    earned: int,
    best: int,
    message: str | None,
    following: str | None,
    notices: list[str],
    picture: str = "",
) -> str:
    """``#/<game>/learn/<id>``: the game's board inside the lesson's frame; ``picture`` (an SVG)
    beside the idea."""
    style = ink_style(view)
    heading = (
        _("Lesson {n} of {total}: {title}").format(n=number, total=total, title=_(lesson.title))
        if number <= total
        else _(lesson.title)
    )
    back = link(esc(_("All lessons")), f"#/{spec.id}/learn", "btn small")
    # a guided first game is a whole game: no count of moves left
    moves_left = "" if lesson.guided else ngettext("{n} move left", "{n} moves left", left).format(n=left)
    idea = f'<p class="lesson-idea">{esc(_(lesson.idea))}</p>'
    if picture:
        idea = f'<div class="lesson-explain">{idea}<figure class="lesson-picture">{picture}</figure></div>'
    goal = (
        f'<div class="lesson-goal" data-key="lesson-goal">{idea}'
        f"<p><strong>{esc(_('Goal:'))}</strong> {esc(_(lesson.goal))}</p>"
        f'<p class="lesson-left">{esc(moves_left)} {star_row(best)}</p>'
        f"{tip_html(tip)}</div>"
    )
    # not a live region: moves are read out once through the page's own (widgets/announce.py)
    line = f'<p class="status-line" data-key="status-line">{esc(status_line)}</p>'
    prompt_html = f'<p class="prompt">{esc(prompt)}</p>' if prompt else ""
    return (
        f"{notice_html(notices)}<section class='game lesson' data-game='{esc(spec.id)}' "
        f"data-lesson='{esc(lesson.id)}' data-verdict='{esc(verdict)}'{style}>"
        f"{head(spec, heading, back)}"
        f"<div class='layout'><div class='board-col'><div class='turn-row'>{line}</div>"
        f"<div class='board-wrap'>{board}</div></div>"
        f"<aside class='side'>{goal}{verdict_html(spec, verdict, earned, message, following)}{prompt_html}"
        f"<div class='panel'>{panel}</div></aside></div></section>"
    )
