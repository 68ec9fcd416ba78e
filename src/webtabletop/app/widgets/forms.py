"""The new-game dialog, generated from a game's attrs option class."""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.core.house_rules import FORM_PREFIX, KEY, HouseRule
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
    prefix: str = "",
) -> str:
    """Form controls for every option field (select for choices, checkbox for bools, number/text).

    The words are the game's: ``view.options_help()`` (help lines), ``view.options_labels()``
    (name -> label; default: the field name, untranslated) and ``view.option_choice_label(name,
    value)`` (the text of one choice; default: the value itself), all already translated. Rows
    carry the class ``game-option``: the pseudo-locale test tells the game's words from the form's.

    ``entered`` holds what the player typed when the form came back with an error: it is shown
    again as typed, so nothing has to be re-entered. ``prefix`` goes before every field's name and
    id, so that one form can hold two option sets (the lab's A and B).
    """
    values = options_to_dict(options)
    for name, raw in (entered or {}).items():
        if name in values:
            values[name] = _typed(values[name], raw)
    house: list[tuple[HouseRule, bool]] = []
    for f in attrs.fields(spec.options_class):
        rule = f.metadata.get(KEY)
        if rule is not None:
            rule = attrs.evolve(rule, name=f.name)
            sent = (entered or {}).get(FORM_PREFIX + f.name)
            on = values[f.name] == rule.on if sent is None else sent in (True, "true", "on", "1")
            house.append((rule, on))
            if values[f.name] == rule.on:
                values[f.name] = rule.off  # the field's own control shows the designer's value
    helps = view.options_help()
    # the game's own words for its options (translated by the game); the field name otherwise
    labels: dict[str, str] = getattr(view, "options_labels", dict)() or {}
    choice_label = getattr(view, "option_choice_label", None)
    hidden = set(getattr(view, "hidden_options", ()))
    rows = []
    for f in attrs.fields(spec.options_class):
        if f.name in hidden or (KEY in f.metadata and isinstance(f.default, bool)):
            continue  # a house-rule switch is in its own group (below)
        value = values[f.name]
        fid = f"opt-{prefix}{f.name}"
        help_text = helps.get(f.name, "")
        desc = f'<small id="{fid}-help">{esc(help_text)}</small>' if help_text else ""
        described = f"{fid}-help" if help_text else None
        choices = _choices(f)
        if choices is not None and KEY in f.metadata:
            choices = [c for c in choices if c != f.metadata[KEY].on]
        label = labels.get(f.name) or _label(f.name)
        if isinstance(f.default, bool):
            control = f'<input type="checkbox" {attrs_html(id=fid, name=prefix + f.name, checked=bool(value), aria_describedby=described)}>'
            rows.append(
                f'<div class="field check game-option"{when_attr(f)}>{control}<label for="{fid}">{esc(label)}</label>{desc}</div>'
            )
            continue
        if choices is not None:
            opts = "".join(
                f'<option value="{esc(c)}"{" selected" if str(c) == str(value) else ""}>'
                f"{esc(choice_label(f.name, c) if choice_label else c)}</option>"
                for c in choices
            )
            control = f"<select {attrs_html(id=fid, name=prefix + f.name, aria_describedby=described)}>{opts}</select>"
        elif isinstance(f.default, int) or (f.default is None and f.name in helps):
            control = f'<input type="number" {attrs_html(id=fid, name=prefix + f.name, value="" if value is None else value, aria_describedby=described)}>'
        else:
            control = f'<input type="text" {attrs_html(id=fid, name=prefix + f.name, value="" if value is None else value, aria_describedby=described)}>'
        rows.append(
            f'<div class="field game-option"{when_attr(f)}><label for="{fid}">{esc(label)}</label>{control}{desc}</div>'
        )
    err = f'<p class="error" role="alert">{esc(error)}</p>' if error else ""
    return err + "".join(rows) + house_rule_fields(house) + when_style(spec)


def when_attr(f: attrs.Attribute) -> str:
    """``data-when="board=square"`` on the row of a field shown only while another field holds a
    value (attrs metadata ``shown_when=(field, value)``, e.g. a square board's width)."""
    when = f.metadata.get("shown_when")
    return f' data-when="{esc(when[0])}={esc(when[1])}"' if when else ""


def when_style(spec: GameSpec) -> str:
    """The CSS that hides those rows while the field they depend on holds another value (no
    script: the form's own state decides, with ``:has``)."""
    rules = sorted(
        {
            f'form:has(#opt-{name} option:checked:not([value="{value}"])) [data-when="{name}={value}"]'
            for f in attrs.fields(spec.options_class)
            if (when := f.metadata.get("shown_when"))
            for name, value in [when]
        }
    )
    return f"<style>{', '.join(rules)} {{ display: none; }}</style>" if rules else ""


def house_rule_fields(house: list[tuple[HouseRule, bool]]) -> str:
    """The group "House rules (not in the designer's text)": one switch per house rule, off
    unless the game on screen (or the refused form) had it on (core/house_rules.py)."""
    if not house:
        return ""
    rows = []
    for rule, on in house:
        fid = f"house-{rule.name}"
        control = f'<input type="checkbox" {attrs_html(id=fid, name=FORM_PREFIX + rule.name, checked=on, aria_describedby=fid + "-help")}>'
        rows.append(
            f'<div class="field check game-option house-rule">{control}<label for="{fid}">{esc(_(rule.label))}</label>'
            f'<small id="{fid}-help">{esc(_(rule.text))}</small></div>'
        )
    legend = _("House rules (not in the designer's text)")
    return f'<fieldset class="house-rules" data-key="house-rules"><legend>{esc(legend)}</legend>{"".join(rows)}</fieldset>'
