"""The new-game dialog's words for HTT's options: each option's label, the choices of the
``board`` and ``wall`` selects, and the presets (msgids; translated when the dialog is drawn)."""

from __future__ import annotations

from webtabletop.games.htt.rules.board import BOARD_TITLES
from webtabletop.games.htt.rules.options import WALL_TITLES
from webtabletop.i18n import N_, _

OPTION_LABELS = {
    "board": N_("Board"),
    "same": N_("Same"),
    "plus": N_("Plus"),
    "minus": N_("Minus"),
    "combo": N_("Combo"),
    "wall": N_("Board edges"),
    "matter": N_("Matter"),
    "min_level": N_("Lowest card level"),
    "max_level": N_("Highest card level"),
    "in_order": N_("In order"),
    "block": N_("Block"),
    # TRANSLATORS: HTT's Open rule: both hands are played face up
    "open": N_("Open"),
    "friendly": N_("Friendly"),
    "deal_set": N_("Set to deal from"),
}

PRESET_LABELS = {
    "plain": N_("Basic"),
    "open": N_("Open"),
    "classic": N_("Classic"),
    "chaos": N_("Chaos"),
    "block": N_("Block"),
    "big": N_("hexagon of 19 cells (house rule)"),
    "small": N_("hexagon of 7 cells"),
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def options_labels() -> dict[str, str]:
    return {name: _(label) for name, label in OPTION_LABELS.items()}


def choice_labels() -> dict[str, dict[str, str]]:
    """Board and wall choices and the presets, translated."""
    return {
        "board": {b: _capital(_(t)) for b, t in BOARD_TITLES.items()},
        # the edges without a wall rule: a name, never "None"
        "wall": {w: _(t) if t else _("Plain edges") for w, t in WALL_TITLES.items()},
        "_preset": {p: _capital(_(t)) for p, t in PRESET_LABELS.items()},
    }
