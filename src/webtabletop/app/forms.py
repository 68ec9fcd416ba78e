"""The new-game dialog, generated from a game's attrs option class."""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.inputs import InputError, parse_int
from webtabletop.core.protocol import GameSpec, options_to_dict
from webtabletop.core.view import GameView, attrs_html, esc
from webtabletop.i18n import _


def _typed(current: Any, raw: Any) -> Any:
    """What the player typed, shown again: a number field gets a number when the text is one
    (ASCII digits only: ``"²"`` passes ``isdigit`` but is no number), else the text as typed."""
    if isinstance(current, bool):
        return raw in (True, "true", "on", "1")
    if isinstance(current, int) and isinstance(raw, str):
        try:
            return parse_int(raw, _("the value"))
        except InputError:
            return raw
    return raw


def _label(name: str) -> str:
    return name.replace("_", " ").capitalize()


def _choices(field: attrs.Attribute) -> list[Any] | None:
    v = field.validator
    options = getattr(v, "options", None)
    if options is not None:
        return list(options)
    for inner in getattr(v, "_validators", ()) or ():
        options = getattr(inner, "options", None)
        if options is not None:
            return list(options)
    return None


def options_fields(
    spec: GameSpec,
    options: Any,
    view: GameView,
    error: str | None = None,
    entered: dict[str, Any] | None = None,
) -> str:
    """Form controls for every option field (select for choices, checkbox for bools, number/text).

    The words are the game's: ``view.options_help()`` (help lines), ``view.options_labels()``
    (name -> label; default: the field name, untranslated) and ``view.option_choice_label(name,
    value)`` (the text of one choice; default: the value itself), all already translated. Rows
    carry the class ``game-option``: the pseudo-locale test tells the game's words from the form's.

    ``entered`` holds what the player typed when the form came back with an error: it is shown
    again as typed, so nothing has to be re-entered.
    """
    values = options_to_dict(options)
    for name, raw in (entered or {}).items():
        if name in values:
            values[name] = _typed(values[name], raw)
    helps = view.options_help()
    # the game's own words for its options (translated by the game); the field name otherwise
    labels = getattr(view, "options_labels", dict)() or {}
    choice_label = getattr(view, "option_choice_label", None)
    hidden = set(getattr(view, "hidden_options", ()))
    rows = []
    for f in attrs.fields(spec.options_class):
        if f.name in hidden:
            continue
        value = values[f.name]
        fid = f"opt-{f.name}"
        help_text = helps.get(f.name, "")
        desc = f'<small id="{fid}-help">{esc(help_text)}</small>' if help_text else ""
        described = f"{fid}-help" if help_text else None
        choices = _choices(f)
        label = labels.get(f.name) or _label(f.name)
        if isinstance(f.default, bool):
            control = f'<input type="checkbox" {attrs_html(id=fid, name=f.name, checked=bool(value), aria_describedby=described)}>'
            rows.append(
                f'<div class="field check game-option">{control}<label for="{fid}">{esc(label)}</label>{desc}</div>'
            )
            continue
        if choices is not None:
            opts = "".join(
                f'<option value="{esc(c)}"{" selected" if str(c) == str(value) else ""}>'
                f"{esc(choice_label(f.name, c) if choice_label else c)}</option>"
                for c in choices
            )
            control = f"<select {attrs_html(id=fid, name=f.name, aria_describedby=described)}>{opts}</select>"
        elif isinstance(f.default, int) or (f.default is None and f.name in helps):
            control = f'<input type="number" {attrs_html(id=fid, name=f.name, value="" if value is None else value, aria_describedby=described)}>'
        else:
            control = f'<input type="text" {attrs_html(id=fid, name=f.name, value="" if value is None else value, aria_describedby=described)}>'
        rows.append(
            f'<div class="field game-option"><label for="{fid}">{esc(label)}</label>{control}{desc}</div>'
        )
    err = f'<p class="error" role="alert">{esc(error)}</p>' if error else ""
    return err + "".join(rows)
