"""Babel extraction that also sees calls inside f-strings.

On Python < 3.12 an f-string is one token, so Babel's Python extractor never sees
``f"<p>{esc(_('No moves yet.'))}</p>"``: the string would silently stay English in every
language. This extractor runs Babel's own (for ``TRANSLATORS:`` comments and the usual cases), then
walks the syntax tree, where f-string expressions are ordinary calls, and adds every marked call
Babel missed.
"""

from __future__ import annotations

import ast
import io
from collections.abc import Iterator
from typing import Any


def _arg(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract_python(fileobj, keywords, comment_tags, options) -> Iterator[tuple[int, str, Any, list[str]]]:
    from babel.messages.extract import extract_python as _babel_python  # build time only

    source = fileobj.read()
    found = []
    seen = set()
    for lineno, funcname, messages, comments in _babel_python(
        io.BytesIO(source), keywords, comment_tags, options
    ):
        seen.add((funcname, messages if isinstance(messages, tuple) else (messages,)))
        found.append((lineno, funcname, messages, comments))
    yield from found
    try:
        tree = ast.parse(source.decode("utf-8"))
    except (SyntaxError, UnicodeDecodeError):
        return
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in keywords):
            continue
        args = tuple(_arg(a) for a in node.args)
        if not any(args):
            continue
        if (node.func.id, args) in seen:
            continue
        seen.add((node.func.id, args))
        yield node.lineno, node.func.id, args if len(args) > 1 else args[0], []
