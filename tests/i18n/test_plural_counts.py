"""A plural's count is the number its noun follows: in ``ngettext(…, count).format(…)`` the
placeholder before the counted noun gets the count's own value, and no other placeholder is
followed by a noun (a Russian reader saw «вы дали 2 названий» when «названий» took the form of
another number). A number that stands alone ("you gave {n}", "(there are {u} of them)") is fine."""

from __future__ import annotations

import ast
import re
from pathlib import Path

SRC = Path(__file__).resolve().parents[2] / "src" / "webtabletop"
PLACEHOLDER = re.compile(r"\{(\w+)[^{}]*\}")
#: a fixed plural after a second number that reads right in every language: a decimal rate
#: (Russian puts a fraction's noun in one form, «2,5 партии в секунду») and a product (8×8 клеток)
#: and a number as a label ("level 3 cards", "the sums 3/3/3 times")
FIXED_PLURALS = {"{rate} games", "{height} squares", "{level} cards", "{expected} times"}
#: verbs after a side's or a thing's name ("{player} draws"), not nouns
VERBS = {"is", "has", "turns", "strikes", "places", "writes", "defends", "gets", "draws", "loses", "gains",
         "needs", "holds", "plays", "takes", "wins", "was"}


def _plural_calls():
    """(file, line, singular, plural, count source, {placeholder: value source}) of every
    ``ngettext(...).format(...)`` in the package."""
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"):
                continue
            call = node.func.value
            name = getattr(call, "func", None)
            name = getattr(name, "id", None) or getattr(name, "attr", None)
            if not (isinstance(call, ast.Call) and name in ("ngettext", "npgettext")):
                continue
            texts = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            if len(texts) < 2 or len(call.args) < 3:
                continue
            values = {k.arg: ast.unparse(k.value) for k in node.keywords if k.arg}
            yield path.relative_to(SRC), node.lineno, texts[-2], texts[-1], ast.unparse(call.args[-1]), values


def _fixed_plurals(singular: str, plural: str) -> dict[str, str]:
    """placeholder -> the plural-looking word right after it in both forms alike ("{n} card
    names"): a noun whose number the count does not set."""
    def after(text):
        return {
            m.group(1): w.group(1)
            for m in PLACEHOLDER.finditer(text)
            if (w := re.match(r"\s+(?:card\s+)?([a-z]+s)\b", text[m.end():]))
        }
    both = after(singular)
    return {
        k: w for k, w in after(plural).items()
        if both.get(k) == w and w not in VERBS and f"{{{k}}} {w}" not in FIXED_PLURALS
    }


def _counted(singular: str, plural: str) -> str | None:
    """The placeholder before the first word that differs between the two forms, or the one the
    plural puts there ("{player} drew a card" / "{player} drew {n} cards": ``n``)."""
    s, p = singular.split(), plural.split()
    for i, (a, b) in enumerate(zip(s, p, strict=False)):
        if a != b:
            here = PLACEHOLDER.search(b)
            if here and not PLACEHOLDER.search(a):
                return here.group(1)
            for word in reversed(s[:i]):
                m = PLACEHOLDER.search(word)
                if m:
                    return m.group(1)
            return None
    return None


def problems():
    found = []
    for path, line, singular, plural, count, values in _plural_calls():
        counted = _counted(singular, plural)
        if counted is not None and counted in values and count not in values[counted]:
            found.append(f"{path}:{line}: the noun follows {{{counted}}} = {values[counted]}, the count is {count}")
        for name, word in _fixed_plurals(singular, plural).items():
            if name != counted and name in values and count not in values[name]:
                found.append(f"{path}:{line}: {{{name}}} {word}… is a second counted noun: {plural[:60]!r}")
    return found


def test_every_plural_counts_the_number_its_noun_follows():
    found = problems()
    assert not found, "\n".join(found)


def test_the_check_sees_a_noun_after_the_wrong_number(tmp_path, monkeypatch):
    bad = tmp_path / "bad.py"
    bad.write_text(
        'from x import ngettext\n'
        'def f(n, total):\n'
        '    return ngettext("you gave {n} card names, but the set has {total} card",\n'
        '                    "you gave {n} card names, but the set has {total} cards", total).format(n=n, total=total)\n'
        'def g(n, total):\n'
        '    return ngettext("{done} of {total} game", "{done} of {total} games", n).format(done=n, total=total)\n',
        encoding="utf-8",
    )
    monkeypatch.setattr(__import__(__name__, fromlist=["SRC"]), "SRC", tmp_path)
    found = problems()
    assert any("{n} card" in f for f in found), found
    assert any("the noun follows {total}" in f for f in found), found
