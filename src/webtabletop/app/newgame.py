"""The new-game form and the position editor's actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app import editor, matchflow, play
from webtabletop.app.clock import PRESETS as CLOCK_PRESETS
from webtabletop.app.clock import GameClock
from webtabletop.app.extensions import PageContext, game_pages
from webtabletop.app.modules import game_module
from webtabletop.app.saves import (
    SETTINGS,
    SETTINGS_KEY,
    Players,
)
from webtabletop.core import storage
from webtabletop.core.inputs import InputError, parse_int
from webtabletop.core.protocol import MAX_OPTION_TEXT, GameError, GameSpec, options_from_dict
from webtabletop.core.registry import get_game
from webtabletop.correspondence.support import supports
from webtabletop.i18n import _

if TYPE_CHECKING:
    pass


class NewGame:
    def _form(self, name: str, data: dict[str, Any]) -> None:
        if name == "editor-text" and self.route[0] == "editor":
            editor.on_form(self.state, self.fx, {"name": name, "data": data})
            return
        if name != "new-game" or self.route[0] != "new":
            raise GameError(_("this form is not open"))
        spec = get_game(self.route[1])
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
        # "Play a friend by link" (app/matchflow.py): the side and days replace players, clock, seed
        mode = data.pop("mode", "local")
        side_text, days_text = data.pop("side", "0"), data.pop("days", "0")
        presets = getattr(game_module(spec.id), "PRESETS", {}) or {}
        if preset in presets:
            data.update(presets[preset])
        # a refused form writes nothing: what a game's pages wrote while preparing is undone
        store_before, writes_before = dict(self.store), len(self.fx.writes)
        try:
            if game_pages(spec.id) is not None:
                data = game_pages(spec.id).prepare_new_game(
                    {**data, "player0": kinds[0], "player1": kinds[1]}, PageContext(self.state, self.fx)
                )
                data.pop("player0", None)
                data.pop("player1", None)
            players = Players.from_json({"kinds": list(kinds), "level": level})
            options = options_from_dict(spec.options_class, self._form_values(spec, data))
            if clock != "none" and clock not in CLOCK_PRESETS:
                raise GameError(_("unknown clock {clock}").format(clock=repr(clock)[:40]))
            seed = parse_int(seed_text, _("the seed"), 0, 2**32 - 1) if seed_text else None
            if mode == "link" and supports(spec.id):
                matchflow.create_match(self.state, self.fx, spec, options, side_text, days_text)
                return
        except (GameError, ValueError) as exc:
            self.store = store_before
            del self.fx.writes[writes_before:]
            if isinstance(exc, InputError) and seed_text and mode != "link":
                exc = GameError(
                    _("the seed must be a whole number from 0 to 4294967295 (or empty for a random game)")
                )
            self.route = ("new", spec.id, str(exc), entered)
            return
        seed = seed if seed is not None else play.fresh_seed(self.state)
        play.new_session(self.state, self.fx, spec, options, seed, players)
        if clock != "none":
            self.session.clock = GameClock.new(clock)
            play.save(self.state, self.fx)
        self.settings = {**self.settings, "ai_level": level}
        self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))
        self.fx.hash = f"#/{spec.id}"

    @staticmethod
    def _form_values(spec: GameSpec, data: dict[str, Any]) -> dict[str, Any]:
        """Form fields arrive as text; drop empty values of optional fields (= default)."""
        import attrs

        out = {}
        for f in attrs.fields(spec.options_class):
            if f.name not in data:
                continue
            value = data[f.name]
            if value == "" and f.default is None:
                continue
            out[f.name] = value
        return out
