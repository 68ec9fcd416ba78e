"""The new-game dialog (``#/<game>/new``): its screen and its form.

The dialog is generated from the game's options class (:mod:`~webtabletop.app.widgets.forms`), with the game's presets,
the players, the clock, the seed, "Play a friend by link" (:mod:`~webtabletop.app.match.flow`) and the fields a
game's pages add (e.g. HTT's deck chooser). A refused form writes nothing and shows the dialog
again with what the player entered and why it was refused.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from webtabletop.app.game import newcomer, play
from webtabletop.app.match import flow as matchflow
from webtabletop.app.match import screen as matchscreen
from webtabletop.app.model import persist
from webtabletop.app.model.clock import PRESETS as CLOCK_PRESETS
from webtabletop.app.model.clock import GameClock
from webtabletop.app.model.extensions import PageContext, game_pages
from webtabletop.app.model.modules import game_module, game_view
from webtabletop.app.model.saves import Players
from webtabletop.app.widgets import pages
from webtabletop.app.widgets.forms import options_fields
from webtabletop.core import house_rules
from webtabletop.core.inputs import InputError, parse_int
from webtabletop.core.protocol import MAX_OPTION_TEXT, GameError, GameSpec, options_from_dict
from webtabletop.core.registry import get_game
from webtabletop.correspondence.support import supports
from webtabletop.i18n import _

if TYPE_CHECKING:
    from webtabletop.app.model.effects import Effects
    from webtabletop.app.model.state import AppState


def render(st: AppState, fx: Effects) -> tuple[str, str]:
    """The dialog, filled with the game on screen's options (or the defaults), or as the player
    left it when it was refused."""
    spec = get_game(st.route[1])
    view = game_view(spec.id)
    current = None
    first = False  # the newcomer's first game is on screen: say how to turn the rest on
    if st.session is not None and st.session.spec.id == spec.id:
        current = spec.options_from_dict(st.session.history.record.options)
        first = st.session.first_game
    entered = st.route[3] if len(st.route) > 3 else {}
    fields = options_fields(spec, current or spec.default_options(), view, st.route[2] or None, entered)
    presets = game_module(spec.id).presets
    players = (
        st.session.players if st.session else Players(("human", "ai"), st.settings["ai_level"])
    )
    if entered:
        kinds = (entered.get("player0", players.kinds[0]), entered.get("player1", players.kinds[1]))
        if all(k in ("human", "ai") for k in kinds):
            players = Players(kinds, players.level)
    extra_fields = (
        game_pages(spec.id).new_game_fields(PageContext(st, fx)) if game_pages(spec.id) else ""
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
        view,
        newcomer.dialog_note(spec) if first else "",
    )
    return html, _("New {game} game · webtabletop").format(game=_(spec.title))


def on_form(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """The dialog's "Start": a new game on this device, or a new game with a friend by link."""
    if action.get("name") != "new-game":
        raise GameError(_("this form is not open"))
    data = action.get("data") or {}
    spec = get_game(st.route[1])
    if not isinstance(data, dict):
        raise GameError(_("the form sent no fields"))
    # form fields arrive as text; anything else is read as its text (bounded)
    data = {str(k)[:40]: v if isinstance(v, str) else str(v)[:MAX_OPTION_TEXT] for k, v in data.items()}
    entered = dict(data)
    kinds = (data.pop("player0", "human"), data.pop("player1", "ai"))
    level = data.pop("level", "normal")
    clock = data.pop("clock", "none") or "none"
    seed_text = str(data.pop("seed", "") or "").strip()
    preset = data.pop("_preset", "custom")
    # "Play a friend by link" (app/match/flow.py): the side and days replace players, clock, seed
    mode = data.pop("mode", "local")
    side_text, days_text = data.pop("side", "0"), data.pop("days", "0")
    match_clock = data.pop("match_clock", "none")
    live_now = data.pop("live", "false") == "true"  # "Play live now" (app/match/live.py)
    presets = game_module(spec.id).presets
    if preset in presets:
        data.update(presets[preset])
    data = house_rules.from_form(spec.options_class, data)  # the switches "House rules (…)"
    # a refused form writes nothing: what a game's pages wrote while preparing is undone
    store_before, writes_before = dict(st.store), len(fx.writes)
    try:
        if game_pages(spec.id) is not None:
            data = game_pages(spec.id).prepare_new_game(
                {**data, "player0": kinds[0], "player1": kinds[1], "mode": mode}, PageContext(st, fx)
            )
            for k in ("player0", "player1", "mode"):
                data.pop(k, None)
        players = Players.from_json({"kinds": list(kinds), "level": level})
        options = options_from_dict(spec.options_class, form_values(spec, data))
        if clock != "none" and clock not in CLOCK_PRESETS:
            raise GameError(_("unknown clock {clock}").format(clock=repr(clock)[:40]))
        seed = parse_int(seed_text, _("the seed"), 0, 2**32 - 1) if seed_text else None
        if mode == "link" and supports(spec.id):
            matchflow.create_match(st, fx, spec, options, side_text, days_text, match_clock, live_now)
            return
    except (GameError, ValueError) as exc:
        st.store = store_before
        del fx.writes[writes_before:]
        if isinstance(exc, InputError) and seed_text and mode != "link":
            exc = GameError(
                _("the seed must be a whole number from 0 to 4294967295 (or empty for a random game)")
            )
        st.route = ("new", spec.id, str(exc), entered)
        return
    seed = seed if seed is not None else play.fresh_seed(st)
    first_game = st.session is not None and st.session.spec.id == spec.id and st.session.first_game
    play.new_session(st, fx, spec, options, seed, players)
    if clock != "none":
        st.session.clock = GameClock.new(clock)
        play.save(st, fx)
    if not (first_game and level == newcomer.LEVEL):  # the first game's level was ours, not the player's
        persist.save_settings(st, fx, {**st.settings, "ai_level": level})
    fx.hash = f"#/{spec.id}"


def form_not_open(st: AppState, fx: Effects, action: dict[str, Any]) -> None:
    """A form sent from a screen that has none (a page left open in another state)."""
    raise GameError(_("this form is not open"))


def form_values(spec: GameSpec, data: dict[str, Any]) -> dict[str, Any]:
    """Form fields arrive as text; drop empty values of optional fields (= default)."""
    out = {}
    for f in attrs.fields(spec.options_class):
        if f.name not in data:
            continue
        value = data[f.name]
        if value == "" and f.default is None:
            continue
        out[f.name] = value
    return out
