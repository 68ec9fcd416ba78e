"""HTML pieces of the app's screens: buttons, links, menus, a game's page frame, the new-game
dialog, the players' and preferences' controls, errors."""

from __future__ import annotations

import datetime
from typing import Any

from webtabletop.app.model.clock import PRESETS as CLOCK_PRESETS
from webtabletop.app.model.saves import AI_LEVELS, Players
from webtabletop.core.house_rules import subtitle
from webtabletop.core.protocol import GameSpec, Outcome
from webtabletop.core.view import GameView, attrs_html, esc
from webtabletop.i18n import _, pgettext
from webtabletop.i18n.sides import side_gettext


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


def _kind(kind: str) -> str:
    return pgettext("player kind", "Human") if kind == "human" else pgettext("player kind", "Computer")


def _level(level: str) -> str:
    names = {"easy": pgettext("AI level", "easy"), "normal": pgettext("AI level", "normal"), "hard": pgettext("AI level", "hard")}
    return names.get(level, level)


def date_text(ms: float) -> str:
    """A date kept in storage (UTC: the engine knows no time zone); empty when the page's clock
    was not a plausible date."""
    if not 10**12 <= ms < 10**14:
        return ""
    when = datetime.datetime.fromtimestamp(ms / 1000, tz=datetime.UTC).strftime("%Y-%m-%d %H:%M")
    return _("{date} UTC").format(date=when)


def ending_question(title: str, text: str, no: str, yes: str) -> str:
    """The window that asks before a game ends (resign, offer or answer a draw, claim): a
    titled alert dialog with the two buttons ``no`` and ``yes`` (HTML), "no" first."""
    return (
        f'<div class="result-dialog ending-dialog" role="alertdialog" aria-modal="true" '
        f'aria-labelledby="ending-title" aria-describedby="ending-text" data-key="ending">'
        f'<div class="result-bar"><h2 id="ending-title">{esc(title)}</h2></div>'
        f'<div class="result-body"><p id="ending-text">{esc(text)}</p>'
        f'<div class="actions">{no}{yes}</div></div></div>'
    )


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
    return nav_links(spec.id, nav)


def nav_links(game_id: str, nav, current: str | None = None) -> str:
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
            f"{link(esc(_('Play')), f'#/{spec.id}', 'btn small')}{nav_links(spec.id, nav, current)}"
            f"{link(esc(_('Rules')), f'#/{spec.id}/rules', 'btn small ghost')}</nav>"
        )
        + f"</div>{body}</section>"
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


def editor_page(spec: GameSpec, title: str, body: str) -> str:
    heading = _("{game}: {page}").format(game=_(spec.title), page=_(title))
    return (
        f"<section class='editor'><div class='game-head'><h1>{esc(heading)}</h1>"
        f"<nav class='game-nav' aria-label='{esc(pgettext('navigation', 'Game'))}'>"
        f"{link(esc(_('Back to the game')), f'#/{spec.id}', 'btn small')}"
        f"{link(esc(_('Rules')), f'#/{spec.id}/rules', 'btn small ghost')}</nav></div>{body}</section>"
    )


def error_page(
    title: str, message: str, game_id: str | None, back: tuple[tuple[str, str], ...] = ()
) -> str:
    """An error screen; ``title`` and ``message`` arrive translated; ``back``: (translated label,
    address) of the ways back offered first (the first of them the main one)."""
    ways = "".join(
        link(esc(label), href, "btn primary" if i == 0 else "btn") for i, (label, href) in enumerate(back)
    )
    fresh = (
        link(esc(_("Start a new game")), f"#/{game_id}/new", "btn" if back else "btn primary") if game_id else ""
    )
    return (
        f"<section class='error-page' role='alert'><h1>{esc(title)}</h1><p>{esc(message)}</p>"
        f"<p class='actions'>{ways}{fresh}{link(esc(_('All games')), '#/', 'btn')}</p></section>"
    )


def step_buttons(view: GameView, cursor: int, can_forward: bool) -> str:
    """The arrows that step through the positions (first, back, forward, last), in one group, and Flip."""
    arrows = "".join(
        btn(
            icon + f'<span class="visually-hidden">{esc(word)}</span>',
            cmd,
            disabled=not enabled,
            title=title,
            cls="btn icon",
            shortcut=key,
        )
        for icon, word, cmd, enabled, title, key in (
            (ICON_FIRST, _("First position"), "first", cursor > 0, _("First position (Home)"), None),
            (ICON_BACK, _("Previous move"), "back", cursor > 0, _("Previous move (←)"), "ArrowLeft"),
            (ICON_FORWARD, _("Next move"), "forward", can_forward, _("Next move (→)"), "ArrowRight"),
            (ICON_LAST, _("Last position"), "last", can_forward, _("Last position (End)"), None),
        )
    )
    flip = btn(esc(_("Flip")), "flip", title=_("Flip the board (F)"), shortcut="F") if view.flippable else ""
    # the four arrows stay together when a narrow screen wraps the toolbar's row
    return f'<span class="step-arrows">{arrows}</span>{flip}'
