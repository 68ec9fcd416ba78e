"""Babel extraction that also sees calls inside f-strings.

On Python < 3.12 an f-string is one token, so Babel's Python extractor never sees
``f"<p>{esc(_('No moves yet.'))}</p>"``: the string would silently stay English in every
language. This extractor runs Babel's own (for ``TRANSLATORS:`` comments and the usual cases), then
walks the syntax tree, where f-string expressions are ordinary calls, and adds every marked call
Babel missed.

:func:`extract_htt_cards` adds the names of HTT's built-in cards, which live in JSON set files, as
``pgettext("HTT card", name)`` (shown through ``games.htt.rules.sets.names.card_name``).
"""

from __future__ import annotations

import ast
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any


def _arg(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract_python(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, Any, list[str]]]:
    from babel.messages.extract import extract_python as _babel_python  # build time only

    from webtabletop.i18n.notes import notes

    filename = getattr(fileobj, "name", "")
    source = fileobj.read()
    found = []
    seen = set()
    for lineno, funcname, messages, comments in _babel_python(
        io.BytesIO(source), keywords, comment_tags, options
    ):
        seen.add((funcname, messages if isinstance(messages, tuple) else (messages,)))
        found.append((lineno, funcname, messages, comments))
    for lineno, funcname, messages, comments in found:
        yield lineno, funcname, messages, [*comments, *notes(filename, _text(funcname, messages))]
    try:
        tree = ast.parse(source.decode("utf-8"))
    except (SyntaxError, UnicodeDecodeError):
        return
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == SIDE_GETTEXT:
            for lineno, funcname, message, comments in _side_entries(node):
                yield lineno, funcname, message, [*comments, *notes(filename, _text(funcname, message), True)]
            continue
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords):
            continue
        args = tuple(_arg(a) for a in node.args)
        if not any(args):
            continue
        if (node.func.id, args) in seen:
            continue
        seen.add((node.func.id, args))
        message = args if len(args) > 1 else args[0]
        yield node.lineno, node.func.id, message, notes(filename, _text(node.func.id, message))


def _text(funcname: str, messages: Any) -> str:
    """The (singular) English text of an extracted call's messages."""
    if isinstance(messages, str):
        return messages
    if not isinstance(messages, (tuple, list)) or not messages:
        return ""
    text = messages[1] if funcname in ("pgettext", "npgettext") and len(messages) > 1 else messages[0]
    return text if isinstance(text, str) else ""


#: ``side_gettext(plural, "template")`` (i18n/sides.py): one entry per grammatical kind of side name
SIDE_GETTEXT = "side_gettext"


def _side_entries(node: ast.Call) -> Iterator[tuple[int, str, Any, list[str]]]:
    from webtabletop.i18n.sides import PLURAL, PLURAL_NOTE, SINGULAR_NOTE

    message = _arg(node.args[1]) if len(node.args) == 2 else None
    if message is None:
        return
    yield node.lineno, "gettext", message, [SINGULAR_NOTE]
    yield node.lineno, "pgettext", (PLURAL, message), [PLURAL_NOTE]


#: the context of a built-in HTT card's name (keeps "Phoenix" the card apart from any other word)
HTT_CARD_CONTEXT = "HTT card"
HTT_SETS = "src/webtabletop/games/htt/rules/sets/data"


def extract_htt_cards(root: Path) -> Iterator[tuple[str, int, str, list[str], str]]:
    """(file, line, name, comments, context) for every built-in HTT card, in set-file order.

    The comment names the set and the card's level, so a translator knows the theme and how
    grand the card is (level 1: small creatures, level 11: legends).
    """
    for path in sorted((root / HTT_SETS).glob("*.json")):
        text = path.read_text(encoding="utf-8")
        data = json.loads(text)
        rel = path.relative_to(root).as_posix()
        for card in data["cards"]:
            needle = json.dumps(card["name"], ensure_ascii=False)
            lineno = text[: max(text.find(needle), 0)].count("\n") + 1
            note = f"HTT card name, set “{data['name']}” ({data['theme']}), level {card['level']}"
            yield rel, lineno, card["name"], [note], HTT_CARD_CONTEXT
