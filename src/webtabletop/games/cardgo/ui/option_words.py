"""The new-game dialog's words for CardGO's options: each option's label (the validators' and
the options line's own words, capitalised) and the presets (msgids; translated when shown)."""

from __future__ import annotations

from webtabletop.games.cardgo.rules.options import FIRST_GAME_OPTIONS
from webtabletop.i18n import N_, _

OPTION_LABELS = {
    "start_time": N_("starting time of both players"),
    "size": N_("board side"),
    "hand_size": N_("starting hand size"),
    "min_value": N_("smallest card value"),
    "max_value": N_("largest card value"),
    "effects": N_("effects"),
    "terrain": N_("terrain"),
    "full_speed": N_("full-speed"),
    "adjacent": N_("adjacent placement"),
}

PRESET_LABELS = {
    "classic": N_("Classic (10×10)"),
    "plain": N_("No effects, no terrain"),
    "quick": N_("Quick (7×7)"),
    "big": N_("Big (13×13)"),
}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def options_labels() -> dict[str, str]:
    return {name: _capital(_(label)) for name, label in OPTION_LABELS.items()}


def choice_labels() -> dict[str, dict[str, str]]:
    return {"_preset": {p: _(t) for p, t in PRESET_LABELS.items()}}


def first_game_note(dialog: bool) -> str:
    """A newcomer's first game (options.FIRST_GAME_OPTIONS) in one sentence: how to turn the rest on."""
    if dialog:
        return _(
            "Your first game is set up small, on a {n}×{n} board without terrain or card effects and with the "
            "computer on easy: for the designer's full game choose the preset “{preset}” below."
        ).format(n=FIRST_GAME_OPTIONS["size"], preset=_(PRESET_LABELS["classic"]))
    return _(
        "A small board without terrain or card effects, and the computer on easy, for your first game: "
        "turn the rest on in New game…"
    )
