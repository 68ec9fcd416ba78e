"""HTML of the shell's own screens: home (every game) and a game's rules page."""

from __future__ import annotations

from typing import Any

from webtabletop.app.match import bylink_rules
from webtabletop.app.widgets.pages import link, nav_links, notice_html
from webtabletop.core.house_rules import house_rules
from webtabletop.core.protocol import GameSpec
from webtabletop.core.view import GameView, esc
from webtabletop.correspondence.support import supports
from webtabletop.i18n import N_, _
from webtabletop.lab.findings import report_html

#: the home page's introduction
LEAD = N_(
    "Two-player games in your browser — against a friend on this device or against the computer. "
    "Works offline once loaded; every position can be shared as a link."
)


def home(
    games: list[tuple[Any, bool]],
    notices: list[str],
    friends: str = "",
    learned: frozenset[str] = frozenset(),
    daily: str = "",
    mine: str = "",
) -> str:
    """The home page from each game's ``meta`` module (ID, TITLE, SUMMARY, NAV); ``friends`` is
    the "Games with friends" list (empty when there are none). "Learn to play" comes first on a
    game's card until the player has finished one of its lessons (``learned``: those games).
    ``daily``: the puzzle of the day (:mod:`~webtabletop.app.learn.puzzles`); ``mine``: the player's
    own ("Continue learning" and the finished games, when there are any). Each card has a picture of a position
    from a real game, drawn by the game's own view at build time (tools/pictures.py): here only
    its named, empty place, which web/boot.js fills after the first paint."""
    cards = []
    for meta, has_saved in games:
        gid = meta.ID
        pic = esc(_("{game}: a board in the middle of a game").format(game=_(meta.TITLE)))
        extra = nav_links(gid, getattr(meta, "NAV", ())[:1])
        resume = link(esc(_("Resume")), f"#/{gid}", "btn primary") if has_saved else ""
        newcomer = gid not in learned
        learn = link(
            esc(_("Learn to play")),
            f"#/{gid}/learn",
            ("btn primary" if not has_saved else "btn") if newcomer else "btn small ghost",
        )
        # two groups: the big buttons start a game (or the first lesson); the small links under
        # them are the other ways to play, the rules and puzzles, and the way into the game's own
        # pages (its first page, whose menu lists the others: HTT's seven are one link here)
        more = (
            f"{link(esc(_('Hot-seat')), f'#/{gid}/play?vs=human', 'btn small')}"
            f"{link(esc(_('Play a friend by link')), f'#/{gid}/new?mode=link', 'btn small') if supports(gid) else ''}"
            f"{link(esc(_('Rules')), f'#/{gid}/rules', 'btn small ghost')}{'' if newcomer else learn}"
            f"{link(esc(_('Puzzles')), f'#/{gid}/puzzles', 'btn small ghost')}{extra}"
        )
        cards.append(
            f'<li class="game-card" data-game="{esc(gid)}"><h2>{esc(_(meta.TITLE))}</h2><p>{esc(_(meta.SUMMARY))}</p>'
            f'<div class="card-pic" data-pic="{esc(gid)}" role="img" aria-label="{pic}"></div>'
            f'<div class="actions">{resume}{learn if newcomer else ""}'
            f"{link(esc(_('Play vs AI')), f'#/{gid}/play?vs=ai', 'btn' if has_saved or newcomer else 'btn primary')}"
            f"{link(esc(_('New game…')), f'#/{gid}/new')}</div>"
            f'<div class="actions more">{more}</div></li>'
        )
    # the player's own boxes beside the puzzle of the day (side by side on a desktop, so the
    # games' cards stay as high on the page as without them)
    top = f"<div class='home-top'><div class='home-mine'>{mine}</div>{daily}</div>" if mine else daily
    return (
        f"{notice_html(notices)}<section class='home'><h1 class='visually-hidden'>webtabletop</h1>"
        f"<p class='lead'>{esc(_(LEAD))}</p>"
        f"{friends}{top}<ul class='games'>{''.join(cards)}</ul></section>"
    )


def house_rules_section(spec: GameSpec) -> str:
    """The rules page's list of the game's house rules: options that are not in the designer's
    text, each off unless chosen in the new-game dialog."""
    rules = house_rules(spec.options_class)
    if not rules:
        return ""
    items = "".join(f"<li><b>{esc(_(r.label))}</b>: {esc(_(r.text))}</li>" for r in rules)
    intro = _(
        "These options are not in the designer's text. They are off unless you switch them on in the "
        "new-game dialog (under “House rules”), and a game played with one names it under its title."
    )
    return (
        f"<section class='house-rules' id='house-rules'><h2>{esc(_('House rules'))}</h2>"
        f"<p>{esc(intro)}</p><ul>{items}</ul></section>"
    )


def designer_section(spec: GameSpec, view: GameView) -> str:
    """The rules page's "For the designer": the lab's balance report at the designer's defaults
    (:mod:`webtabletop.lab.findings`), then what the game itself adds (``GameView.designer_html``)."""
    body = report_html(spec.id) + view.designer_html()
    if not body:
        return ""
    # TRANSLATORS: a heading of a game's rules page: what the designer's lab measured
    heading = _("For the designer")
    return f"<section class='designer' id='for-the-designer'><h2>{esc(heading)}</h2>{body}</section>"


def rules_page(spec: GameSpec, view: GameView) -> str:
    """A game's rules page: a way to its lessons, the rules as they are, the house rules, play by
    link, then the "Rules history" (corrections and what they rest on: ``GameView.rules_history_html``)
    last, out of the way of a reader who wants the rules."""
    learn = _("New to {game}? The lessons teach it one idea at a time, on a small board.").format(
        game=_(spec.title)
    )
    history = view.rules_history_html()
    history_html = (
        f"<section class='rules-history' id='rules-history'><h2>{esc(_('Rules history'))}</h2>{history}</section>"
        if history
        else ""
    )
    return (
        f"<article class='rules'><h1>{esc(_('{game} — rules').format(game=_(spec.title)))}</h1>"
        f"<p class='rules-learn'>{esc(learn)} {link(esc(_('Learn to play')), f'#/{spec.id}/learn', 'btn small')}</p>"
        f"{view.rules_html()}"
        f"{house_rules_section(spec)}"
        f"{designer_section(spec, view)}"
        f"{bylink_rules.section(spec.id, supports(spec.id))}"
        f"{history_html}"
        f"<p class='actions'>{link(esc(_('Play')), f'#/{spec.id}', 'btn primary')}"
        f"{link(esc(_('Learn to play')), f'#/{spec.id}/learn', 'btn')}"
        f"{link(esc(_('Designer’s lab: measure the rules from AI games')), f'#/{spec.id}/lab', 'btn ghost')}"
        f"{link(esc(_('All games')), '#/', 'btn ghost')}</p></article>"
    )
