"""Options of DumaRaj (defaults = the rules digest's: Grand 10x10, Trigon' 2nd degree, no
arbitrary moves agreed)."""

from __future__ import annotations

import attrs

PRESET_FENS = {
    "grand": "rnbtqktbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBTQKTBNR w",
    "classic": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
}
PRESET_NAMES = {"grand": "Grand 10×10", "classic": "Classic 8×8"}
ARBITRARY = ("raj_flex", "pair_flex", "editor", "warp", "picsbumm")

#: presets shown in the new-game dialog: name -> option values
PRESETS = {
    "grand": {"preset": "grand"},
    "classic": {"preset": "classic"},
    "grand-all": {
        "preset": "grand",
        "raj_flex": True,
        "pair_flex": True,
        "editor": True,
        "warp": True,
        "picsbumm": True,
    },
}


def _bool(_inst, attribute, value):
    if not isinstance(value, bool):
        raise ValueError(f"'{attribute.name}' must be true or false, not {value!r}")


def _degree(_inst, attribute, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
        raise ValueError(f"'trigon_degree' (Trigon' degree) must be 1, 2 or 3, not {value!r}")


def _fen(_inst, attribute, value):
    if not isinstance(value, str):
        raise ValueError(f"'fen' (start position) must be text, not {value!r}")
    if len(value) > 400:
        raise ValueError("'fen' (start position) is too long (at most 400 characters)")


@attrs.frozen
class DumaRajOptions:
    """``fen`` (non-empty) is a custom start position and overrides ``preset``; its own rules
    field, if any, is ignored (these options are the agreed rules). ``rhombus`` shows the location
    turned 45° and rules out Warp."""

    preset: str = attrs.field(default="grand", validator=attrs.validators.in_(tuple(PRESET_FENS)))
    fen: str = attrs.field(default="", validator=_fen)
    trigon_degree: int = attrs.field(default=2, validator=_degree)
    raj_capture: bool = attrs.field(default=False, validator=_bool)
    raj_flex: bool = attrs.field(default=False, validator=_bool)
    pair_flex: bool = attrs.field(default=False, validator=_bool)
    editor: bool = attrs.field(default=False, validator=_bool)
    warp: bool = attrs.field(default=False, validator=_bool)
    picsbumm: bool = attrs.field(default=False, validator=_bool)
    rhombus: bool = attrs.field(default=False, validator=_bool)

    def __attrs_post_init__(self) -> None:
        if self.warp and self.rhombus:
            raise ValueError("Warp is not available on a rhombus location: turn off 'warp' or 'rhombus'")
        if self.fen.strip():
            from webtabletop.games.dumaraj import fen

            try:
                pos = fen.parse_fen(self.fen)
                fen.validate_board(pos.board(self.rules()))
            except ValueError as exc:
                raise ValueError(f"'fen' (start position): {exc}") from None

    def rules(self):
        from webtabletop.games.dumaraj.engine import Rules

        return Rules(
            self.trigon_degree,
            self.raj_capture,
            self.raj_flex,
            self.pair_flex,
            self.editor,
            self.warp,
            self.picsbumm,
        )

    def start_fen(self) -> str:
        return self.fen.strip() or PRESET_FENS[self.preset]

    def describe(self) -> str:
        where = "custom position" if self.fen.strip() else PRESET_NAMES[self.preset]
        extra = [n.replace("_", " ") for n in ARBITRARY if getattr(self, n)]
        if self.raj_capture:
            extra.append("Raj capture")
        text = f"DumaRaj · {where} · Trigon' degree {self.trigon_degree}"
        if extra:
            text += " · " + ", ".join(extra)
        if self.rhombus:
            text += " · rhombus"
        return text
