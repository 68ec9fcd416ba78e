"""The HTML of the history of finished games (``#/history``): how full it is, results by opponent
with win rates (every game, or one), the finished games newest first with their review, link,
friend's name and deletion, the export, and what happens when it is full."""

from __future__ import annotations

import attrs

from webtabletop.app.history.stats import Row, by_opponent, opponent_key, total
from webtabletop.app.model import keeping
from webtabletop.app.model.history import MAX_NAME, Entry
from webtabletop.app.model.modules import game_view
from webtabletop.app.widgets.pages import btn, date_text, link, notice_html
from webtabletop.core.registry import PLAYABLE, get_game
from webtabletop.core.view import esc
from webtabletop.i18n import _, ngettext, pgettext
from webtabletop.i18n.sides import side_gettext


@attrs.frozen
class Shown:
    """What the page shows: the entries (newest first), the game chosen ("" every game), how many
    rows the list shows, how full the history is, the player's choice for a full history, the
    entry whose deletion is being asked, and the notices."""

    entries: list[Entry]
    game: str
    rows: int
    fullness: keeping.Fullness
    trim: bool
    confirm: str | None
    notices: list[str]
    unreadable: int = 0


def level_name(level: str) -> str:
    names = {
        "easy": pgettext("AI level", "easy"),
        "normal": pgettext("AI level", "normal"),
        "hard": pgettext("AI level", "hard"),
    }
    return names.get(level, level)


def opponent_label(key: tuple[str, str], dates: dict[str, float]) -> str:
    """An opponent's name: a computer level, a friend (by name, else by the date of the one game
    with them), hot-seat."""
    kind, name = key
    if kind == "ai":
        return _("Computer ({level})").format(level=level_name(name))
    if kind == "friend":
        if name in dates:  # not named: the match id
            return _("A friend (game of {date})").format(date=date_text(dates[name]) or name[:6])
        return _("Friend: {name}").format(name=name)
    return _("Hot-seat (both sides on this device)")


def _rate(r: Row) -> str:
    rate = r.rate
    return "—" if rate is None else _("{percent}%").format(percent=round(rate * 100))


def _count(n: int, r: Row) -> str:
    return "—" if r.key[0] == "hotseat" else str(n)


def stats_table(entries: list[Entry], caption: str) -> str:
    """Results by opponent, then the total (without hot-seat) when there is more than one."""
    rows = by_opponent(entries)
    if not rows:
        return ""
    dates = {
        str(e.opponent["match"]): e.date for e in entries if e.kind == "friend" and not e.opponent.get("name")
    }
    body = []
    for r in rows:
        label = opponent_label(r.key, dates)
        body.append(
            f"<tr data-opponent='{esc(':'.join(r.key))}'><th scope='row'>{esc(label)}</th><td>{r.games}</td>"
            f"<td>{_count(r.won, r)}</td><td>{r.drawn if r.key[0] != 'hotseat' else _hotseat_draws(r)}</td>"
            f"<td>{_count(r.lost, r)}</td><td class='rate'>{esc(_rate(r))}</td></tr>"
        )
    counted = [r for r in rows if r.key[0] != "hotseat"]
    if len(counted) > 1:
        t = total(rows)
        body.append(
            f"<tr class='total' data-opponent='all'><th scope='row'>{esc(_('All opponents'))}</th><td>{t.games}</td>"
            f"<td>{t.won}</td><td>{t.drawn}</td><td>{t.lost}</td><td class='rate'>{esc(_rate(t))}</td></tr>"
        )
    head = "".join(
        f"<th scope='col'>{esc(h)}</th>"
        for h in (
            pgettext("results table", "Opponent"),
            pgettext("results table", "Games"),
            pgettext("results table", "Won"),
            pgettext("results table", "Drawn"),
            pgettext("results table", "Lost"),
            pgettext("results table", "Win rate"),
        )
    )
    notes = [_hotseat_note(r, entries) for r in rows if r.key[0] == "hotseat"]
    uncounted = sum(r.uncounted for r in rows)
    if uncounted:
        notes.append(
            ngettext(
                "{n} game with a friend whose end check found cheating is not counted in the win rates.",
                "{n} games with friends whose end check found cheating are not counted in the win rates.",
                uncounted,
            ).format(n=uncounted)
        )
    foot = "".join(f"<p class='note'>{esc(n)}</p>" for n in notes if n)
    return (
        f"<div class='table-wrap'><table class='stats'><caption>{esc(caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{''.join(body)}</tbody></table></div>{foot}"
    )


def _hotseat_draws(r: Row) -> str:
    return str(r.games - sum(r.sides) - r.uncounted)


def _hotseat_note(r: Row, entries: list[Entry]) -> str:
    """Which side won the hot-seat games (one game: its sides' names; several: first and second)."""
    games = {e.game for e in entries if e.kind == "hotseat"}
    if len(games) == 1:
        view = game_view(games.pop())
        names = [_(n) for n in view.player_names]
    else:
        names = [
            pgettext("hot-seat side", "the first player"),
            pgettext("hot-seat side", "the second player"),
        ]
    return _("In hot-seat you play both sides: {first} won {a}, {second} won {b}.").format(
        first=names[0], a=r.sides[0], second=names[1], b=r.sides[1]
    )


def result_text(e: Entry) -> str:
    view = game_view(e.game)
    reason = _(e.reason)
    if e.outcome == "drawn":
        text = _("Draw ({reason})").format(reason=reason)
    elif e.outcome in ("0", "1"):
        winner = _(view.player_names[int(e.outcome)])
        text = side_gettext(view.side_names_plural, "{player} won ({reason})").format(
            player=winner, reason=reason
        )
    elif e.outcome == "won":
        text = _("Won ({reason})").format(reason=reason)
    else:
        text = _("Lost ({reason})").format(reason=reason)
    if e.check == "cheat-friend":
        text += " " + _("Cheating detected on your friend's side: not counted.")
    elif e.check == "cheat-you":
        text += " " + _("This browser's part failed the end check: not counted.")
    return text


def _row_actions(e: Entry, confirm: str | None) -> str:
    if e.key == confirm:
        return (
            f"<span role='alert'>{esc(_('Delete this game from your history for good? Its result leaves your statistics.'))}</span> "
            + btn(
                esc(_("Delete")),
                "history-delete-yes",
                e.key,
                key="history-delete-yes",
                cls="btn small danger",
            )
            + btn(esc(_("Cancel")), "history-delete-no", key="history-delete-no", cls="btn small")
        )
    out = []
    if e.record is not None and _reviewable(e):
        out.append(link(esc(_("Review")), f"#/{e.game}/review?h={e.id}", "btn small"))
    if e.link is not None:
        out.append(link(esc(_("Open the game")), e.link, "btn small"))
    if e.record is not None or e.link is not None:
        out.append(
            btn(esc(_("Copy link")), "history-copy-link", e.key, key=f"history-link:{e.id}", cls="btn small")
        )
    out.append(
        btn(esc(_("Delete…")), "history-delete", e.key, key=f"history-delete:{e.id}", cls="btn small ghost")
    )
    return "".join(out)


def _reviewable(e: Entry) -> bool:
    """A game with hidden cards is reviewed only when its record ends it (not a clock)."""
    return e.moves > 0 and not (e.timed and get_game(e.game).hidden_information)


def _name_form(e: Entry) -> str:
    """A game with a friend: the friend's name, so that games with the same friend count together."""
    name = str(e.opponent.get("name", ""))
    return (
        f"<form class='friend-name' data-form='friend-name' data-key='friend-name:{esc(e.id)}'>"
        f"<input type='hidden' name='key' value='{esc(e.key)}'>"
        f"<label>{esc(_('Friend’s name'))} <input name='name' value='{esc(name)}' maxlength='{MAX_NAME}' "
        f"autocomplete='off' data-key='friend-name-input:{esc(e.id)}'></label> "
        f"<button type='submit' class='btn small'>{esc(_('Save the name'))}</button></form>"
    )


def games_list(entries: list[Entry], rows: int, game: str, confirm: str | None) -> str:
    if not entries:
        return f"<p>{esc(_('No finished game yet. Games you finish against the computer, in hot-seat or with a friend are kept here.'))}</p>"
    items = []
    dates = {
        str(e.opponent["match"]): e.date for e in entries if e.kind == "friend" and not e.opponent.get("name")
    }
    for e in entries[:rows]:
        title = _(get_game(e.game).title)
        moves = ngettext("{n} move", "{n} moves", e.moves).format(n=e.moves)
        summary = f" <small class='note'>{esc(_('(kept as its result only)'))}</small>" if e.summary else ""
        items.append(
            f"<li class='finished {esc(e.outcome if e.outcome in ('won', 'lost', 'drawn') else 'hotseat')}' "
            f"data-history='{esc(e.id)}' data-game='{esc(e.game)}'>"
            f"<p class='finished-head'>{'' if game else f'<b>{esc(title)}</b> · '}"
            f"<span class='when'>{esc(date_text(e.date))}</span> · {esc(opponent_label(opponent_key(e), dates))}</p>"
            f"<p class='finished-result'>{esc(result_text(e))} · {esc(moves)}{summary}</p>"
            f"{_name_form(e) if e.kind == 'friend' and e.key != confirm else ''}"
            f"<div class='row-actions'>{_row_actions(e, confirm)}</div></li>"
        )
    more = ""
    if len(entries) > rows:
        query = f"?game={game}&n={rows + 50}" if game else f"?n={rows + 50}"
        left = len(entries) - rows
        more = f"<p>{link(esc(ngettext('Show {n} more game', 'Show {n} more games', min(50, left)).format(n=min(50, left))), f'#/history{query}', 'btn')}</p>"
    return f"<ol class='finished-games'>{''.join(items)}</ol>{more}"


def fullness_html(f: keeping.Fullness, trim: bool) -> str:
    kb = max(1, round(f.size / 1000)) if f.size else 0
    line = ngettext(
        "{n} game kept in full, of at most {cap} ({kb} kB of {budget} kB).",
        "{n} games kept in full, of at most {cap} ({kb} kB of {budget} kB).",
        f.games,
    ).format(n=f.games, cap=keeping.CAP, kb=kb, budget=keeping.BUDGET // 1000)
    if f.summaries:
        line += " " + ngettext(
            "{n} older game is kept as its result only.",
            "{n} older games are kept as their results only.",
            f.summaries,
        ).format(n=f.summaries)
    warn = ""
    if f.near:
        warn = f"<p class='history-warning' role='status'>{esc(keeping.warning(f, trim))}</p>"
    return f"<p class='history-fullness'>{esc(line)}</p>{warn}"


def full_choice(trim: bool) -> str:
    """What happens when the history is full: the player's choice (one of two buttons pressed)."""

    def choice(on: bool, label: str) -> str:
        pressed = "true" if on == trim else "false"
        cls = "btn small"  # the chosen one is marked by aria-pressed (app.css)
        arg = "on" if on else "off"
        return (
            f"<button type='button' class='{cls}' data-cmd='history-trim' data-arg='{arg}' "
            f"data-key='history-trim-{arg}' aria-pressed='{pressed}'>{esc(label)}</button>"
        )

    intro = _(
        "When {cap} games are kept, or they take {budget} kB, a new game does not fit. Nothing is dropped "
        "without your say: choose what happens then."
    ).format(cap=keeping.CAP, budget=keeping.BUDGET // 1000)
    return (
        f"<h2>{esc(_('When the history is full'))}</h2><p>{esc(intro)}</p><div class='actions' role='group' "
        f"aria-label='{esc(_('When the history is full'))}'>"
        + choice(False, _("Keep new games as their results only, until I make room"))
        + choice(True, _("Keep the oldest games as their results only"))
        + "</div>"
    )


def game_tabs(game: str, present: set[str]) -> str:
    tabs = [(g, _(get_game(g).title)) for g in PLAYABLE if g in present]
    if len(tabs) < 2 and not game:
        return ""
    out = [("", _("Every game"))] + tabs
    items = []
    for g, title in out:
        href = f"#/history?game={g}" if g else "#/history"
        cls = "btn small primary" if g == game else "btn small"
        a = link(esc(title), href, cls)
        items.append(a.replace("<a ", '<a aria-current="page" ', 1) if g == game else a)
    return f"<nav class='history-games game-nav' aria-label='{esc(_('Games'))}'>{''.join(items)}</nav>"


def history_page(p: Shown) -> str:
    chosen = [e for e in p.entries if not p.game or e.game == p.game]
    present = {e.game for e in p.entries}
    heading = (
        _("Finished games")
        if not p.game
        else _("Finished games: {game}").format(game=_(get_game(p.game).title))
    )
    caption = (
        _("Results by opponent")
        if not p.game
        else _("Results by opponent in {game}").format(game=_(get_game(p.game).title))
    )
    unreadable = ""
    if p.unreadable:
        unreadable = (
            "<p class='note'>"
            + esc(
                ngettext(
                    "{n} finished game could not be read; it was kept aside (see “Your data”).",
                    "{n} finished games could not be read; they were kept aside (see “Your data”).",
                    p.unreadable,
                ).format(n=p.unreadable)
            )
            + "</p>"
        )
    export = (
        f"<h2>{esc(_('Export'))}</h2><p>{esc(_('The file holds every finished game. “Import a file…” on “Your data” reads it back, on this device or another.'))}</p>"
        f"<div class='actions'>{btn(esc(_('Export history')), 'history-export', key='history-export', cls='btn primary')}"
        f"{link(esc(_('Your data')), '#/data', 'btn ghost')}</div>"
    )
    return (
        f"{notice_html(p.notices)}<section class='history' data-game='{esc(p.game)}'><h1>{esc(heading)}</h1>"
        f"{game_tabs(p.game, present)}{fullness_html(p.fullness, p.trim)}{unreadable}"
        f"{stats_table(chosen, caption)}"
        f"<h2>{esc(_('Games, newest first'))}</h2>{games_list(chosen, p.rows, p.game, p.confirm)}"
        f"{export}{full_choice(p.trim)}"
        f"<p>{link(esc(_('All games')), '#/', 'btn ghost')}</p></section>"
    )
