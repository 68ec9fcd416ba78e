"""HTML of the app's screens: home, game, new-game dialog, rules, data, errors."""

from __future__ import annotations

from typing import Any

from webtabletop.app.match import bylink_rules
from webtabletop.app.model.clock import PRESETS as CLOCK_PRESETS
from webtabletop.app.model.saves import AI_LEVELS, Players
from webtabletop.core.house_rules import house_rules, subtitle
from webtabletop.core.protocol import GameSpec, Outcome
from webtabletop.core.view import GameView, attrs_html, esc
from webtabletop.correspondence.support import supports
from webtabletop.i18n import N_, _, pgettext
from webtabletop.i18n.sides import side_gettext
from webtabletop.lab.findings import report_html


def btn(
    label: str,
    cmd: str,
    arg: Any = None,
    *,
    key: str | None = None,
    disabled: bool = False,
    cls: str = "btn",
    title: str | None = None,
    shortcut: str | None = None,
) -> str:
    a = attrs_html(
        type="button",
        class_=cls,
        data_cmd=cmd,
        data_arg=arg,
        data_key=key or f"cmd-{cmd}",
        disabled=disabled,
        title=title,
        aria_keyshortcuts=shortcut,
    )
    return f"<button {a}>{label}</button>"


ICON_FIRST = '<svg class="ico" viewBox="0 0 16 16" aria-hidden="true"><path d="M3 3v10" stroke="currentColor" stroke-width="2"/><path d="M13 3 5 8l8 5z" fill="currentColor"/></svg>'
ICON_BACK = '<svg class="ico" viewBox="0 0 16 16" aria-hidden="true"><path d="M12 3 4 8l8 5z" fill="currentColor"/></svg>'
ICON_FORWARD = '<svg class="ico" viewBox="0 0 16 16" aria-hidden="true"><path d="M4 3l8 5-8 5z" fill="currentColor"/></svg>'
ICON_LAST = '<svg class="ico" viewBox="0 0 16 16" aria-hidden="true"><path d="M13 3v10" stroke="currentColor" stroke-width="2"/><path d="M3 3l8 5-8 5z" fill="currentColor"/></svg>'


#: the home page's introduction
LEAD = N_(
    "Two-player games in your browser — against a friend on this device or against the computer. "
    "Works offline once loaded; every position can be shared as a link."
)


def _kind(kind: str) -> str:
    return pgettext("player kind", "Human") if kind == "human" else pgettext("player kind", "Computer")


def _level(level: str) -> str:
    names = {"easy": pgettext("AI level", "easy"), "normal": pgettext("AI level", "normal"), "hard": pgettext("AI level", "hard")}
    return names.get(level, level)


def link(label: str, href: str, cls: str = "btn") -> str:
    return f'<a class="{cls}" href="{esc(href)}">{label}</a>'


def notice_html(notices: list[str]) -> str:
    if not notices:
        return ""
    items = "".join(f"<li>{esc(n)}</li>" for n in notices)
    return (
        f'<div class="notice" role="status"><ul>{items}</ul>{btn(esc(_("Dismiss")), "dismiss-notices", cls="btn small")} '
        f'{btn(esc(_("Export all data")), "export-all", cls="btn small", key="notice-export")} '
        f'<a href="#/data">{esc(_("Your data"))}</a></div>'
    )


def page_links(spec: GameSpec, nav) -> str:
    """Links to a game's own pages (e.g. HTT's collection)."""
    return _nav_links(spec.id, nav)


def _nav_links(game_id: str, nav, current: str | None = None) -> str:
    """The links to a game's pages; the current one is marked (``aria-current``, primary style)."""
    return "".join(
        link(esc(_(title)), f"#/{game_id}/{page}", "btn small")
        if page != current
        else link(esc(_(title)), f"#/{game_id}/{page}", "btn small primary").replace(
            "<a ", '<a aria-current="page" ', 1
        )
        for page, title in (nav or ())
    )


def folding_menu(inner: str) -> str:
    """The one menu of the game screen and a game's own pages: always shown on a wide screen,
    folded behind a "Menu" button on a phone (app.css; web/board.js opens and closes it, Esc too).
    Every game uses this one menu: no game draws a phone menu of its own."""
    label = _("Menu")
    return (
        f'<button type="button" class="btn small menu-toggle" data-menu="1" aria-expanded="false" '
        f'aria-controls="game-menu" data-key="menu-toggle">{esc(label)}</button>'
        f'<div class="game-menu" id="game-menu" role="group" aria-label="{esc(label)}">{inner}</div>'
    )


def game_page(spec: GameSpec, title: str, body: str, nav, notices: list[str]) -> str:
    current = next((page for page, t in (nav or ()) if t == title), None)
    return (
        f"{notice_html(notices)}<section class='game-page' data-game='{esc(spec.id)}'><div class='game-head'>"
        f"<h1>{esc(_('{game}: {page}').format(game=_(spec.title), page=_(title)))}</h1>"
        + folding_menu(
            f"<nav class='game-nav' aria-label='{esc(_(spec.title))}'>"
            f"{link(esc(_('Play')), f'#/{spec.id}', 'btn small')}{_nav_links(spec.id, nav, current)}"
            f"{link(esc(_('Rules')), f'#/{spec.id}/rules', 'btn small ghost')}</nav>"
        )
        + f"</div>{body}</section>"
    )


def home(
    games: list[tuple[Any, bool]],
    notices: list[str],
    friends: str = "",
    learned: frozenset[str] = frozenset(),
    daily: str = "",
) -> str:
    """The home page from each game's ``meta`` module (ID, TITLE, SUMMARY, NAV); ``friends`` is
    the "Games with friends" list (empty when there are none). "Learn to play" comes first on a
    game's card until the player has finished one of its lessons (``learned``: those games).
    ``daily``: the puzzle of the day (:mod:`~webtabletop.app.learn.puzzles`). Each card has a picture of a position
    from a real game, drawn by the game's own view at build time (tools/pictures.py): here only
    its named, empty place, which web/boot.js fills after the first paint."""
    cards = []
    for meta, has_saved in games:
        gid = meta.ID
        pic = esc(_("{game}: a board in the middle of a game").format(game=_(meta.TITLE)))
        extra = _nav_links(gid, getattr(meta, "NAV", ()))
        resume = link(esc(_("Resume")), f"#/{gid}", "btn primary") if has_saved else ""
        newcomer = gid not in learned
        learn = link(esc(_("Learn to play")), f"#/{gid}/learn", "btn primary" if newcomer and not has_saved else "btn")
        cards.append(
            f'<li class="game-card" data-game="{esc(gid)}"><h2>{esc(_(meta.TITLE))}</h2><p>{esc(_(meta.SUMMARY))}</p>'
            f'<div class="card-pic" data-pic="{esc(gid)}" role="img" aria-label="{pic}"></div>'
            f'<div class="actions">{resume}{learn if newcomer else ""}'
            f'{link(esc(_("Play vs AI")), f"#/{gid}/play?vs=ai", "btn" if has_saved or newcomer else "btn primary")}'
            f"{link(esc(_('Hot-seat')), f'#/{gid}/play?vs=human')}"
            f"{link(esc(_('Play a friend by link')), f'#/{gid}/new?mode=link') if supports(gid) else ''}"
            f"{link(esc(_('New game…')), f'#/{gid}/new')}"
            f"{link(esc(_('Rules')), f'#/{gid}/rules', 'btn ghost')}{'' if newcomer else learn}"
            f"{link(esc(_('Puzzles')), f'#/{gid}/puzzles', 'btn ghost')}{extra}</div></li>"
        )
    return (
        f"{notice_html(notices)}<section class='home'><h1 class='visually-hidden'>webtabletop</h1>"
        f"<p class='lead'>{esc(_(LEAD))}</p>"
        f"{friends}{daily}<ul class='games'>{''.join(cards)}</ul></section>"
    )


def privacy_screen(who: str, other: str, plural: bool = False) -> str:
    """Hot-seat privacy: covers the secrets until the next player confirms they hold the device
    (``plural``: the sides are named in the plural, i18n/sides.py)."""
    return (
        f'<div class="privacy" role="dialog" aria-modal="true" aria-labelledby="privacy-title" data-key="privacy">'
        f'<h2 id="privacy-title">{esc(side_gettext(plural, "Pass the device to {player}").format(player=who))}</h2>'
        f"<p>{esc(side_gettext(plural, '{other}, please look away. {player}: press the button when only you can see the screen.').format(other=other, player=who))}</p>"
        f"{btn(esc(side_gettext(plural, 'I am {player} — show my cards').format(player=who)), 'reveal', cls='btn primary', key='reveal')}</div>"
    )


def prefs_controls(view: GameView, prefs: dict[str, bool]) -> str:
    """Checkboxes for the view's display switches (e.g. CardGO's preview)."""
    if not view.preferences:
        return ""
    boxes = "".join(
        f'<label class="pref"><input type="checkbox" data-change="pref:{esc(name)}" data-key="pref-{esc(name)}"'
        f"{' checked' if prefs.get(name, default) else ''}> {esc(_(label))}</label>"
        for name, label, default in view.preferences
    )
    return f'<div class="prefs">{boxes}</div>'


def players_controls(view: GameView, players: Players) -> str:
    rows = []
    for p in (0, 1):
        opts = "".join(
            f'<option value="{k}"{" selected" if players.kinds[p] == k else ""}>{esc(_kind(k))}</option>'
            for k in ("human", "ai")
        )
        label = side_gettext(view.side_names_plural, "{player} is played by").format(player=_(view.player_names[p]))
        rows.append(
            f'<label class="pl"><span class="swatch p{p}" aria-hidden="true"></span>{esc(_(view.player_names[p]))} '
            f'<select data-change="player{p}" data-key="player{p}" aria-label="{esc(label)}">{opts}</select></label>'
        )
    lv = "".join(
        f'<option value="{lv}"{" selected" if players.level == lv else ""}>{esc(_level(lv))}</option>' for lv in AI_LEVELS
    )
    rows.append(
        f'<label class="pl">{esc(_("AI level"))} <select data-change="level" data-key="level" aria-label="{esc(_("AI level"))}">{lv}</select></label>'
    )
    return f'<div class="players">{"".join(rows)}</div>'


def turn_score(score: tuple[str, str, str] | None) -> str:
    """The score inside the turn badge (``GameView.score``): shown on a phone only, where the
    scoreboard is below the fold (app.css ``.turn-score``)."""
    if score is None:
        return ""
    label, a, b = score
    return (
        f'<span class="turn-score" data-key="turn-score"><span class="turn-score-label">{esc(label)}</span> '
        f'<b class="p0">{esc(a)}</b> · <b class="p1">{esc(b)}</b></span>'
    )


def outcome_title(view: GameView, outcome: Outcome) -> str:
    if outcome.winner is None:
        return _("Draw")
    return side_gettext(view.side_names_plural, "{player} wins").format(player=_(view.player_names[outcome.winner]))


def new_game_form(
    spec: GameSpec,
    fields: str,
    presets: dict[str, dict[str, Any]],
    players: Players,
    seed_hint: str = "",
    preset: str = "",
    seed_help: str | None = None,
    preset_labels: dict[str, str] | None = None,
    friend: str = "",
    view: GameView | None = None,
    first_note: str = "",
) -> str:
    """The new-game dialog. ``friend``: the choice of playing here or with a friend by link, and
    its fields (app/match/screen.py; only for games that can be played by link). The option rows (``fields``) and preset names come from the game; the
    rest (players, AI level, clock, seed, buttons; rows of class ``app-field``) are the app's own words.
    ``first_note``: how to turn on what a newcomer's first game left out (app/game/newcomer.py)."""
    preset_opts = "".join(
        f'<option value="{esc(k)}"{" selected" if k == preset else ""}>{esc((preset_labels or {}).get(k) or _(k))}</option>'
        for k in presets
    )
    preset_html = (
        f'<div class="field app-field"><label for="opt-preset">{esc(_("Preset"))}</label><select id="opt-preset" name="_preset">'
        f'<option value="custom">{esc(_("custom (use the fields below)"))}</option>{preset_opts}</select>'
        f"<small>{esc(_('A preset overrides the board fields below.'))}</small></div>"
        if presets
        else ""
    )
    pl = []
    names = [_(n) for n in view.player_names] if view is not None else [_("First player"), _("Second player")]
    coin = view.first_player_note() if view is not None else None
    if coin is None:  # the first seat always moves first: say so beside its name
        plural = view is not None and view.side_names_plural
        names[0] = side_gettext(plural, "{player} (moves first)").format(player=names[0])
    for p, name in enumerate(names):
        opts = "".join(
            f'<option value="{k}"{" selected" if players.kinds[p] == k else ""}>{esc(_kind(k))}</option>'
            for k in ("human", "ai")
        )
        pl.append(
            f'<div class="field app-field"><label for="pl{p}">{esc(name)}</label><select id="pl{p}" name="player{p}">{opts}</select></div>'
        )
    lv = "".join(
        f'<option value="{x}"{" selected" if players.level == x else ""}>{esc(_level(x))}</option>' for x in AI_LEVELS
    )
    if coin:
        pl.append(f'<p class="note app-field first-player-note">{esc(coin)}</p>')
    pl.append(
        f'<div class="field app-field"><label for="ai-level">{esc(_("AI level"))}</label><select id="ai-level" name="level">{lv}</select></div>'
    )
    clocks = "".join(
        f'<option value="{k}">{esc(_("{minutes}+{seconds} ({minutes} minutes + {seconds} seconds per turn)").format(minutes=m, seconds=sec))}</option>'
        for k, (m, sec) in CLOCK_PRESETS.items()
    )
    pl.append(
        f'<div class="field app-field"><label for="clock">{esc(_("Clock"))}</label><select id="clock" name="clock">'
        f'<option value="none">{esc(_("no clock"))}</option>{clocks}</select>'
        f"<small>{esc(_('Optional: a time bank per player; whoever runs out of time loses. Links do not carry time.'))}</small></div>"
    )
    # the seed only where chance plays a part, with the game's own words for what it fixes
    seed_html = (
        f"<div class='field app-field local-only'><label for='opt-seed'>{esc(_('Seed'))}</label><input id='opt-seed' name='seed' type='text' "
        f"inputmode='numeric' value='{esc(seed_hint)}' placeholder='{esc(pgettext('seed', 'random'))}'>"
        f"<small>{esc(seed_help)}</small></div>"
        if seed_help
        else ""
    )
    return (
        f"<section class='new-game'><h1>{esc(_('New game of {game}').format(game=_(spec.title)))}</h1>"
        + (
            f'<p class="note first-game-note" data-key="first-game-note">{esc(first_note)}</p>'
            if first_note
            else ""
        )
        + f"<form data-form='new-game' data-key='new-game-form'>{friend}<fieldset class='local-only'><legend>{esc(_('Players'))}</legend>{''.join(pl)}</fieldset>"
        f"<fieldset><legend>{esc(_('Options'))}</legend>{preset_html}{fields}{seed_html}</fieldset>"
        f"<div class='actions'><button class='btn primary' type='submit' data-key='start'>{esc(_('Start the game'))}</button>"
        f"{link(esc(_('Cancel')), f'#/{spec.id}', 'btn ghost')}</div></form></section>"
    )


def options_subtitle(options: Any) -> str:
    """The game's subtitle: its options in words, then the house rules that are on."""
    return subtitle(options)


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


def editor_page(spec: GameSpec, title: str, body: str) -> str:
    heading = _("{game}: {page}").format(game=_(spec.title), page=_(title))
    return (
        f"<section class='editor'><div class='game-head'><h1>{esc(heading)}</h1>"
        f"<nav class='game-nav' aria-label='{esc(pgettext('navigation', 'Game'))}'>"
        f"{link(esc(_('Back to the game')), f'#/{spec.id}', 'btn small')}"
        f"{link(esc(_('Rules')), f'#/{spec.id}/rules', 'btn small ghost')}</nav></div>{body}</section>"
    )


def error_page(title: str, message: str, game_id: str | None) -> str:
    """An error screen; ``title`` and ``message`` arrive translated."""
    fresh = link(esc(_("Start a new game")), f"#/{game_id}/new", "btn primary") if game_id else ""
    return (
        f"<section class='error-page' role='alert'><h1>{esc(title)}</h1><p>{esc(message)}</p>"
        f"<p class='actions'>{fresh}{link(esc(_('All games')), '#/', 'btn')}</p></section>"
    )
