"""The new-game form and the position editor's actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from webtabletop.app.clock import PRESETS as CLOCK_PRESETS
from webtabletop.app.clock import GameClock
from webtabletop.app.extensions import PageContext
from webtabletop.app.modules import game_module, game_pages
from webtabletop.app.saves import (
    SETTINGS,
    SETTINGS_KEY,
    Players,
)
from webtabletop.core import storage
from webtabletop.core.protocol import GameError, GameSpec, options_from_dict
from webtabletop.core.registry import get_game

if TYPE_CHECKING:
    pass


class NewGame:
    def _form(self, name: str, data: dict[str, Any]) -> None:
        if name == "editor-text" and self.route[0] == "editor":
            editor = game_module(self.route[1]).EDITOR
            try:
                self.editor["text"] = editor.load(str(data.get("text", "")))
                self.editor["message"] = None
            except GameError as exc:
                self.editor["message"] = f"That text cannot be read: {exc}"
            return
        if name != "new-game" or self.route[0] != "new":
            raise GameError("this form is not open")
        spec = get_game(self.route[1])
        data = {k: v for k, v in data.items()}
        entered = dict(data)
        kinds = (data.pop("player0", "human"), data.pop("player1", "ai"))
        level = data.pop("level", "normal")
        clock = data.pop("clock", "none") or "none"
        seed_text = str(data.pop("seed", "") or "").strip()
        preset = data.pop("_preset", "custom")
        presets = getattr(game_module(spec.id), "PRESETS", {}) or {}
        if preset in presets:
            data.update(presets[preset])
        try:
            if game_pages(spec.id) is not None:
                data = game_pages(spec.id).prepare_new_game(
                    {**data, "player0": kinds[0], "player1": kinds[1]}, PageContext(self)
                )
                data.pop("player0", None)
                data.pop("player1", None)
            players = Players.from_json({"kinds": list(kinds), "level": level})
            options = options_from_dict(spec.options_class, self._form_values(spec, data))
            if clock != "none" and clock not in CLOCK_PRESETS:
                raise GameError(f"unknown clock {clock!r}")
            if seed_text and not (seed_text.isdigit() and int(seed_text) < 2**32):
                raise GameError(
                    "the seed must be a whole number from 0 to 4294967295 (or empty for a random game)"
                )
        except (GameError, ValueError) as exc:
            self.route = ("new", spec.id, str(exc), entered)
            return
        seed = int(seed_text) if seed_text else self._fresh_seed()
        self._new_session(spec, options, seed, players)
        if clock != "none":
            self.session.clock = GameClock.new(clock)
            self._save()
        self.settings = {**self.settings, "ai_level": level}
        self._write(storage.write(SETTINGS, SETTINGS_KEY, self.settings))
        self._resp["hash"] = f"#/{spec.id}"

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
