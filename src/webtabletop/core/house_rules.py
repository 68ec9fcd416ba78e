"""House rules: options that depart from the designer's text (guide: "an option the designer did
not write is a house rule and is labelled as one").

An option field declares itself a house rule in its attrs metadata (:func:`house_rule`): which of
its values departs from the designer's text, a short name and a sentence saying what it changes.
Everything else follows from that declaration, for every game alike:

- the new-game dialog (``app/widgets/forms.py``) shows each house rule as a switch, off by default, in
  its own group "House rules (not in the designer's text)"; the switch sends the field under the
  name ``house:<field>`` (:data:`FORM_PREFIX`), so a preset or the field's own control never
  collides with it;
- the rules page lists them (``app/widgets/pages.py``: :func:`rules_section`'s data), and the game's
  subtitle names those that are on (:func:`house_rules_on`).

Invariants: a house rule is *off* at the option class's default (checked by the tests for every
game); its ``on`` value is one of the field's legal values.
"""

from __future__ import annotations

from typing import Any

import attrs

from webtabletop.i18n import _, ngettext
from webtabletop.i18n.text import join_list

#: the metadata key a house-rule field carries
KEY = "house_rule"
#: the form field name of a house rule's switch: ``house:<field>``
FORM_PREFIX = "house:"


@attrs.frozen
class HouseRule:
    """One house rule: the field ``name`` departs from the designer's text when it holds ``on``
    (when it holds anything else it is :attr:`off`, the designer's value). ``label`` and ``text``
    are English msgids (marked with ``N_``), translated where shown."""

    on: Any
    off: Any
    label: str
    text: str
    name: str = ""


def house_rule(on: Any, off: Any, label: str, text: str) -> dict[str, Any]:
    """The metadata of a house-rule field: ``attrs.field(default=off, metadata=house_rule(...))``."""
    return {KEY: HouseRule(on=on, off=off, label=label, text=text)}


def house_rules(options_class: type) -> list[HouseRule]:
    """The house rules an option class declares, in field order (each with its field's name)."""
    if not attrs.has(options_class):
        return []
    return [
        attrs.evolve(f.metadata[KEY], name=f.name)
        for f in attrs.fields(options_class)
        if KEY in f.metadata
    ]


def house_rules_on(options: Any) -> list[HouseRule]:
    """The house rules in force in ``options``."""
    return [rule for rule in house_rules(type(options)) if getattr(options, rule.name) == rule.on]


def from_form(options_class: type, data: dict[str, Any]) -> dict[str, Any]:
    """Read the house-rule switches of a sent form into option values: ``house:<field>`` on sets
    the field to its house value; off leaves what the field's own control or a preset sent (a
    switch's field has no control of its own when it is a plain on/off option: the default, the
    designer's value, stays)."""
    out = {k: v for k, v in data.items() if not k.startswith(FORM_PREFIX)}
    for rule in house_rules(options_class):
        if data.get(FORM_PREFIX + rule.name) in (True, "true", "on", "1"):
            out[rule.name] = rule.on
    return out


def subtitle(options: Any) -> str:
    """A game's options in words (``options.describe()``), then the house rules that are on,
    named as such ("… · House rule: Friendly table"): the game's subtitle."""
    text = options.describe() if hasattr(options, "describe") else ""
    on = house_rules_on(options)
    if not on:
        return text
    names = join_list(_(rule.label) for rule in on)
    house = ngettext("House rule: {rules}", "House rules: {rules}", len(on)).format(rules=names)
    return f"{text} · {house}" if text else house
