"""Options of DumaRaj (defaults = the rules digest's: Grand 10x10, Trigon' 2nd degree, no
arbitrary moves agreed)."""

from __future__ import annotations

import attrs

from webtabletop.i18n import N_, _, ngettext, pgettext
from webtabletop.i18n.text import join_list

PRESET_FENS = {
    "grand": "rnbtqktbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBTQKTBNR w",
    "classic": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w",
}
PRESET_NAMES = {"grand": N_("Grand 10×10"), "classic": N_("Classic 8×8")}
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
        raise ValueError(
            _("'{name}' must be true or false, not {value!r}").format(name=attribute.name, value=value)
        )


def _degree(_inst, attribute, value):
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 3:
        raise ValueError(
            _("'trigon_degree' (Trigon' degree) must be 1, 2 or 3, not {value!r}").format(value=value)
        )


def _fen(_inst, attribute, value):
    if not isinstance(value, str):
        raise ValueError(_("'fen' (start position) must be text, not {value!r}").format(value=value))
    if len(value) > 400:
        raise ValueError(
            ngettext(
                "'fen' (start position) is too long (at most {n} character)",
                "'fen' (start position) is too long (at most {n} characters)",
                400,
            ).format(n=400)
        )


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
            raise ValueError(_("Warp is not available on a rhombus location: turn off 'warp' or 'rhombus'"))
        if self.fen.strip():
            from webtabletop.games.dumaraj.rules import fen
            from webtabletop.games.dumaraj.rules.position_check import validate_board

            try:
                pos = fen.parse_fen(self.fen)
                validate_board(pos.board(self.rules()))
            except ValueError as exc:
                raise ValueError(_("'fen' (start position): {error}").format(error=exc)) from None

    def rules(self):
        from webtabletop.games.dumaraj.rules.engine import Rules

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
        """The agreed rules in a few translated words (the game screen's variant line)."""
        where = pgettext("DumaRaj", "custom position") if self.fen.strip() else _(PRESET_NAMES[self.preset])
        names = {
            "raj_flex": pgettext("DumaRaj", "Raj flex"),
            "pair_flex": pgettext("DumaRaj", "Pair flex"),
            "editor": pgettext("DumaRaj", "Editor"),
            "warp": pgettext("DumaRaj", "Warp"),
            "picsbumm": pgettext("DumaRaj", "piCSbumm"),
        }
        extra = [names[n] for n in ARBITRARY if getattr(self, n)]
        if self.raj_capture:
            extra.append(pgettext("DumaRaj", "Raj capture"))
        parts = [_("DumaRaj"), where, _("Trigon’ degree {n}").format(n=self.trigon_degree)]
        if extra:
            parts.append(join_list(extra))
        if self.rhombus:
            parts.append(pgettext("DumaRaj", "rhombus"))
        return " · ".join(parts)
