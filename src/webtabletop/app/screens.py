"""Rendering: which screen the route shows, and the game screen's parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app import (
    datapage,
    editor,
    gamescreen,
    matchpages,
    matchscreen,
    pages,
    play,
    playfeel,
    share,
)
from webtabletop.app.clock import format_ms
from webtabletop.app.extensions import PageContext, game_pages
from webtabletop.app.forms import options_fields
from webtabletop.app.modules import game_module, game_view
from webtabletop.app.pages import notice_html
from webtabletop.app.playfeel import describe
from webtabletop.app.saves import (
    GAME_PREFIX,
    Players,
)
from webtabletop.app.session import Session
from webtabletop.core.registry import catalog, get_game
from webtabletop.core.view import ViewContext, esc, move_label
from webtabletop.correspondence.support import supports
from webtabletop.i18n import _

if TYPE_CHECKING:
    pass


class Screens:
    # ------------------------------------------------------------------ rendering
    def _render(self) -> dict[str, Any]:
        fx = self.fx
        route = self.route
        title = "webtabletop"
        if route[0] == "home":
            games = [
                (meta, any(k.startswith(f"{GAME_PREFIX}{meta.ID}:") for k in self.store))
                for meta in catalog()
            ]
            html = pages.home(games, self.notices, matchpages.friends_html(self.state, self.fx, compact=True))
        elif route[0] == "friends":
            html = notice_html(self.notices) + matchpages.friends_html(self.state, self.fx, compact=False)
            title = _("Games with friends · webtabletop")
        elif route[0] == "match" and self.match_open is not None:
            html, title = matchpages.render(self.state, self.fx)
        elif route[0] == "data":
            html = datapage.data_page(self.store, self.notices, self.import_report, self.confirm_delete)
            html += matchpages.friends_note(self.state)
            title = _("Your data · webtabletop")
        elif route[0] == "rules":
            spec = get_game(route[1])
            html = pages.rules_page(spec, game_view(spec.id))
            title = _("{game} rules · webtabletop").format(game=_(spec.title))
        elif route[0] == "new":
            spec = get_game(route[1])
            view = game_view(spec.id)
            current = None
            if self.session is not None and self.session.spec.id == spec.id:
                current = spec.options_from_dict(self.session.history.record.options)
            entered = route[3] if len(route) > 3 else {}
            fields = options_fields(spec, current or spec.default_options(), view, route[2] or None, entered)
            presets = getattr(game_module(spec.id), "PRESETS", {}) or {}
            players = (
                self.session.players if self.session else Players(("human", "ai"), self.settings["ai_level"])
            )
            if entered:
                kinds = (entered.get("player0", players.kinds[0]), entered.get("player1", players.kinds[1]))
                if all(k in ("human", "ai") for k in kinds):
                    players = Players(kinds, players.level)
            extra_fields = (
                game_pages(spec.id).new_game_fields(PageContext(self.state, self.fx)) if game_pages(spec.id) else ""
            )
            html = pages.new_game_form(
                spec,
                fields + extra_fields,
                presets,
                players,
                str(entered.get("seed", "")),
                str(entered.get("_preset", "")),
                view.seed_help(),
                view.choice_labels().get("_preset"),
                matchscreen.friend_fields(spec, view, entered) if supports(spec.id) else "",
            )
            title = _("New {game} game · webtabletop").format(game=_(spec.title))
        elif route[0] == "page":
            spec = get_game(route[1])
            game_pages_ = game_pages(spec.id)
            body = game_pages_.render(route[2], route[3], PageContext(self.state, self.fx))
            html = pages.game_page(spec, dict(game_pages_.nav)[route[2]], body, game_pages_.nav, self.notices)
            title = _("{game}: {page} · webtabletop").format(game=_(spec.title), page=_(dict(game_pages_.nav)[route[2]]))
        elif route[0] == "editor":
            html, title = editor.render(self.state, self.fx)
        elif route[0] == "game" and self.session is not None:
            html = self._game_html(self.session)
            title = _("{game} · webtabletop").format(game=_(self.session.spec.title))
            fx.ai = self.session.wants_ai()
            fx.selection = self.session.selection is not None
            fx.premove = bool(self.session.view.premove and fx.ai)
            shown = (self.session.spec.id, self.session.slot)
            if self.shown != shown:
                fx.top = True  # a new board opens scrolled to its top
                self.shown = shown
        else:
            _route, heading, message, game_id = (
                route if len(route) == 4 else ("error", _("Error"), _("Something went wrong."), "")
            )
            html = pages.error_page(heading, message, game_id or None)
            title = _("Error · webtabletop")
        fx.feel = playfeel.feel(self.state)
        fx.html = html
        fx.title = title
        fx.route = route[0]
        return fx.to_json()

    def _game_html(self, s: Session) -> str:
        state = s.state
        ctx = s.context(self.settings)
        view = s.view
        h = s.history
        s.sync_clock(self.now)
        outcome = s.outcome()
        thinking = s.wants_ai()
        if thinking:
            ctx = ViewContext(
                viewer=ctx.viewer,
                interactive=False,
                flipped=ctx.flipped,
                last_move=ctx.last_move,
                previous=ctx.previous,
                prefs=ctx.prefs,
                premove=view.premove,
            )
        result = ""
        if s.share:  # the Share window replaces the game-over window while it is open
            result = share.share_window(play.share_link(self.state, s), draw=share.loaded())
            if not share.loaded():
                self.fx.then = {"type": "cmd", "name": "share-qr"}
        elif outcome is not None and h.at_end and not s.result_dismissed:
            result = gamescreen.result_window(view, outcome, s.spec)
        prompt = ""
        extra = ""
        privacy = ""
        if s.needs_privacy_screen():
            who = _(view.player_names[state.to_move()])
            privacy = pages.privacy_screen(who, _(view.player_names[1 - state.to_move()]))
            prompt = _("Pass the device to {player}.").format(player=who)
        elif outcome is None:
            if s.ai_to_move() and not h.at_end:
                prompt = _("Reviewing an earlier position. The computer is to move here.")
                extra = pages.btn(esc(_("Computer, play from here")), "ai-here", cls="btn")
            elif not thinking:
                prompt = view.prompt(state, ctx)
        else:
            prompt = (
                _("Game over: {result} ({reason}).").format(
                    result=pages.outcome_title(view, outcome), reason=_(outcome.reason)
                )
                if h.at_end
                else _("Reviewing the game.")
            )
        if s.can_reveal():
            label = (
                _("Reveal the computer's cards")
                if s.players.is_ai(0) or s.players.is_ai(1)
                else _("Reveal all cards")
            )
            extra += pages.btn(
                esc(label),
                "reveal-all",
                key="reveal-all",
                title=_("Show every hidden card of this finished game"),
            )
        if view.export_text(state) is not None:
            extra += pages.btn(
                esc(_("Position text")), "export-text", title=_("Copy this position as text"), cls="btn small"
            )
        if getattr(game_module(s.spec.id), "EDITOR", None) is not None:
            extra += pages.link(esc(_("Edit position")), f"#/{s.spec.id}/editor?from=game", "btn small")
        options = s.spec.options_from_dict(h.record.options)
        description = options.describe() if hasattr(options, "describe") else ""
        log = [(label, h.states[i].to_move()) for i, label in enumerate(h.log())]
        return gamescreen.game_screen(
            spec=s.spec,
            view=view,
            description=description,
            board=view.board(state, ctx),
            panel=view.panel(state, ctx),
            prompt=prompt,
            status_line=self._status_line(s, ctx),
            status=view.status(state),
            players=s.players,
            to_move=None if outcome is not None else state.to_move(),
            log=log,
            hints=s.hints,
            cursor=h.cursor,
            can_undo=h.can_undo(),
            can_redo=h.can_redo(),
            can_hint=outcome is None and not thinking and not s.needs_privacy_screen()
            and not (s.players.is_ai(state.to_move()) and h.at_end),
            thinking=thinking,
            premove=bool(view.premove and thinking),
            result=result + privacy,
            show_result=outcome is not None and h.at_end and s.result_dismissed,
            message=s.message,
            notices=self.notices,
            extra_controls=extra,
            ai_note=self._ai_note(s),
            clock_html=self._clock_html(s),
            page_nav=pages.page_links(s.spec, game_pages(s.spec.id).nav) if game_pages(s.spec.id) else "",
            prefs=s.prefs(self.settings),
            feel=playfeel.feel(self.state),
        )

    @staticmethod
    def _status_line(s: Session, ctx: ViewContext) -> str:
        """What the move at the cursor did (after every move and in review), or the hint."""
        if ctx.hint is not None:
            return _("Hint: {move}").format(move=move_label(s.state, ctx.hint))
        if ctx.last_move is None or ctx.previous is None:
            return ""
        return describe(s, ctx.previous, s.state, ctx.last_move)

    def _clock_html(self, s: Session) -> str:
        clocks = self._clocks(s)
        if not clocks:
            return ""
        label = _("{player}’s clock")
        items = "".join(
            f'<span class="clock p{p}{" running" if run else ""}" role="timer" '
            f'aria-label="{esc(label.format(player=name))}" '
            f'data-clock-ms="{ms}" data-clock-run="{1 if run else 0}">{esc(text)}</span>'
            for p, (name, ms, text, run) in enumerate(clocks)
        )
        return f'<div class="clocks">{items}</div>'

    def _clocks(self, s: Session) -> list[tuple[str, int, str, bool]]:
        """(player name, ms left, m:ss, running) per player, or [] without a clock."""
        c = s.clock
        if c is None:
            return []
        return [
            (
                s.view.player_names[p],
                round(c.left(p, self.now)),
                format_ms(c.left(p, self.now)),
                c.running == p,
            )
            for p in (0, 1)
        ]

    @staticmethod
    def _ai_note(s: Session) -> str:
        info = s.last_ai
        if not info or not (s.players.is_ai(0) or s.players.is_ai(1)):
            return ""
        seconds, level = f"{info['seconds']:.2f}", info["level"]
        if info.get("depth"):
            text = _("Computer's last move: {seconds} s ({level}, depth {depth}, {nodes} nodes).").format(
                seconds=seconds, level=level, depth=info["depth"], nodes=f"{info.get('nodes', 0):,}"
            )
        elif info.get("iterations"):
            text = _("Computer's last move: {seconds} s ({level}, {playouts} playouts).").format(
                seconds=seconds, level=level, playouts=info["iterations"]
            )
        else:
            text = _("Computer's last move: {seconds} s ({level}).").format(seconds=seconds, level=level)
        return f'<p class="note ai-note">{esc(text)}</p>'
