"""The "Your data" page: saved games (game, date, players, moves, result), copies kept aside,
backups, the report of the last import, and a confirmation before anything is deleted.

Saved games are read through their schema (never trusted): an entry that does not validate is
listed as unreadable, not opened. A saved game's result comes from the document (saved since
this version); an older document without one is replayed once (the summary is cached by its
content), so the list costs nothing on later renders.
"""

from __future__ import annotations

from typing import Any

from webtabletop.app.model import keeping
from webtabletop.app.model.modules import game_view
from webtabletop.app.model.saves import SavedGame, saved_games
from webtabletop.app.widgets.pages import btn, date_text, link, notice_html
from webtabletop.core import storage
from webtabletop.core.view import esc
from webtabletop.i18n import _, ngettext, pgettext
from webtabletop.i18n.sides import side_gettext


def _players_text(g: SavedGame) -> str:
    names = [_(n) for n in game_view(g.game).player_names]
    kinds = [_("computer") if k == "ai" else _("human") for k in g.players]
    return _("{first} ({first_kind}) vs {second} ({second_kind})").format(
        first=names[0], first_kind=kinds[0], second=names[1], second_kind=kinds[1]
    )


def _result_text(g: SavedGame) -> str:
    if g.result is None:
        return _("in progress")
    reason, won = g.result["reason"], g.result["winner"]
    if won is None:
        return _("draw ({reason})").format(reason=_(reason))
    view = game_view(g.game)
    winner = _(view.player_names[won])
    return side_gettext(view.side_names_plural, "{player} won ({reason})").format(player=winner, reason=_(reason))


def _delete_actions(key: str, confirm: str | None, question: str) -> str:
    """A row's "Delete…" button, or the question and its two answers while it is being asked."""
    if key == confirm:
        return (
            f"<span role='alert'>{esc(question)}</span> "
            + btn(esc(_("Delete")), "confirm-delete", key, key="confirm-delete", cls="btn small danger")
            + btn(esc(_("Cancel")), "cancel-delete", key="cancel-delete", cls="btn small")
        )
    return btn(esc(_("Delete…")), "delete-entry", key, key=f"delete:{key}", cls="btn small ghost")


def _saved_html(games: list[SavedGame], bad: list[str], confirm: str | None = None) -> str:
    if not games and not bad:
        return f"<p>{esc(_('No saved games yet.'))}</p>"
    question = _("Delete this saved game for good? It cannot be undone.")
    rows = "".join(
        f"<tr data-saved='{esc(g.key)}'><td><a href='{esc(g.href)}'>{esc(g.title)}</a></td>"
        f"<td>{esc(date_text(g.updated))}</td><td>{esc(_players_text(g))}</td>"
        f"<td>{esc(ngettext('{n} move', '{n} moves', g.moves).format(n=g.moves))}</td>"
        f"<td>{esc(_result_text(g))}</td><td class='row-actions'>{_delete_actions(g.key, confirm, question)}</td></tr>"
        for g in games
    )
    head = "".join(
        f"<th scope='col'>{esc(h)}</th>"
        for h in (pgettext("saved games table: which game", "Game"), _("Date"), _("Players"), _("Moves"), _("Result"))
    ) + f"<th scope='col'><span class='visually-hidden'>{esc(_('Actions'))}</span></th>"
    unreadable = ""
    if bad:
        unreadable = (
            "<p class='note'>"
            + esc(
                ngettext(
                    "{n} saved game cannot be read; it will be kept aside when its game is opened.",
                    "{n} saved games cannot be read; they will be kept aside when their game is opened.",
                    len(bad),
                ).format(n=len(bad))
            )
            + "</p>"
        )
    return (
        f"<table class='saved'><caption class='visually-hidden'>{esc(_('Saved games'))}</caption>"
        f"<thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>{unreadable}"
    )


def _copies_html(title: str, intro: str, keys: list[str], store: dict[str, str], confirm: str | None) -> str:
    if not keys:
        return ""
    items = []
    for key in keys:
        size = len(store[key])
        actions = _delete_actions(key, confirm, _("Delete this copy for good? It cannot be undone."))
        if key != confirm:
            actions = btn(esc(_("Export")), "export-entry", key, key=f"export:{key}", cls="btn small") + actions
        items.append(
            f"<li data-entry='{esc(key)}'><code>{esc(storage.label(key))}</code> "
            f"<small>{esc(ngettext('{n} character', '{n} characters', size).format(n=size))}</small> {actions}</li>"
        )
    return f"<h2>{esc(title)}</h2><p>{esc(intro)}</p><ul class='copies'>{''.join(items)}</ul>"


def _report_html(report: dict[str, Any] | None) -> str:
    if not report:
        return ""
    rows = report["rows"]
    shown = rows[:50]
    items = "".join(f"<li><code>{esc(storage.label(k))}</code>: {esc(text)}</li>" for k, text in shown)
    more = ""
    if len(rows) > len(shown):
        extra = len(rows) - len(shown)
        more = (
            f"<li>{esc(ngettext('and {n} more entry', 'and {n} more entries', extra).format(n=extra))}</li>"
        )
    cls = "import-report ok" if report["ok"] else "import-report refused"
    return (
        f"<div class='{cls}' role='status' data-key='import-report'><h2>{esc(report['title'])}</h2>"
        f"<ul>{items}{more}</ul>{btn(esc(_('Close')), 'dismiss-import', cls='btn small')}</div>"
    )


def _history_html(store: dict[str, str], trim: bool) -> str:
    """The history of finished games: how full it is (with its warning), and the way to it."""
    f = keeping.fullness(store)
    line = ngettext(
        "Your history keeps {n} finished game, with results by opponent.",
        "Your history keeps {n} finished games, with results by opponent.",
        f.games + f.summaries,
    ).format(n=f.games + f.summaries)
    warn = f"<p class='history-warning' role='status'>{esc(keeping.warning(f, trim))}</p>" if f.near else ""
    return (
        f"<h2>{esc(_('Finished games'))}</h2><p>{esc(line)} {link(esc(_('Open the history')), '#/history', 'btn small')}</p>"
        f"{warn}"
    )


def _export_question() -> str:
    """Asked before "Export all data" writes the secrets of games with friends into a file."""
    text = _(
        "Your games with friends hold their secrets: anyone who gets this file could see your hidden cards in "
        "them and play your side. Leave the secrets out to keep the file safe to share; those games then open "
        "read-only from the file."
    )
    return (
        f"<div class='confirm export-question' role='alertdialog' data-key='export-question'><p>{esc(text)}</p>"
        + btn(esc(_("Export without the secrets")), "export-all-no-secrets", cls="btn primary")
        + btn(esc(_("Export with the secrets")), "export-all-secrets", cls="btn danger")
        + btn(esc(_("Cancel")), "export-cancel", cls="btn ghost")
        + "</div>"
    )


def data_page(
    store: dict[str, str],
    notices: list[str],
    report: dict[str, Any] | None,
    confirm: str | None,
    confirm_export: bool = False,
    trim: bool = False,
) -> str:
    games, bad = saved_games(store)
    aside = storage.aside_keys(store)
    backups = sorted(k for k in store if k.startswith(storage.BACKUP))
    return (
        f"{notice_html(notices)}<section class='data'><h1>{esc(_('Your data'))}</h1>"
        f"<p>{esc(_('Everything is stored in this browser only. Export it to a file to keep a copy or move it to another device.'))}</p>"
        f"<div class='actions'>{btn(esc(_('Export all data')), 'export-all', cls='btn primary')}"
        f"<label class='btn file'>{esc(_('Import a file…'))}<input type='file' accept='.json,application/json' "
        "data-import='any' data-key='import'></label></div>"
        f"{_export_question() if confirm_export else ''}{_report_html(report)}{_history_html(store, trim)}"
        f"<h2>{esc(_('Saved games'))}</h2>{_saved_html(games, bad, confirm)}"
        + _copies_html(
            _("Kept aside"),
            _(
                "These entries could not be read. They are kept, untouched, and are part of the exported file "
                "so nothing is lost."
            ),
            aside,
            store,
            confirm,
        )
        + _copies_html(
            _("Backups"),
            _("Copies made before a migration, an import or a correction of the rules changed an entry."),
            backups,
            store,
            confirm,
        )
        + f"<p>{link(esc(_('All games')), '#/', 'btn ghost')}</p></section>"
    )
