"""The scan behind ``test_literals.py``: every string literal in ``src/webtabletop`` that reads as
words a player could see, unless it is inside a gettext call.

A literal counts as words when, after markup (``<tags>``, ``attr="…"``, ``{placeholders}``,
``&entities;``) and code-like tokens (CSS classes of ``web/assets/app.css``, identifiers with
``-_/.:#=?&%`` or digits, upper-case codes) are taken out, it still holds two words, one
capitalised word (a title such as "Hexagonal Triple Triad"), or an English function word
("all", "the"…). These literals are not scanned, because they are code by their place in the
syntax tree: docstrings and bare string statements; the arguments of ``_``, ``N_``,
``ngettext``, ``pgettext``, ``npgettext`` and ``side_gettext``; dictionary keys; comparisons;
subscripts; ``__all__``; default values of parameters; keyword arguments that name code
(``cls=``, ``key=``, ``name=``…); the arguments of string and regex methods (``.get``,
``.split``, ``.startswith``…); ``assert`` statements; ``raise`` of exceptions that only a bug
raises (``TypeError``, ``KeyError``, ``AssertionError``, ``RuntimeError``,
``NotImplementedError``).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "webtabletop"
CSS_CLASSES = frozenset(re.findall(r"\.([a-zA-Z][\w-]*)", (ROOT / "web" / "assets" / "app.css").read_text("utf-8")))

GETTEXT = frozenset({"_", "N_", "gettext", "ngettext", "pgettext", "npgettext", "side_gettext"})
#: keyword arguments whose value is code, never words
CODE_KEYWORDS = frozenset(
    {"cls", "key", "kind", "name", "id", "code", "arg", "cmd", "role", "action", "data", "href", "tag", "fill",
     "stroke", "mode", "ext", "field", "css", "style", "path", "encoding", "sep", "end", "fmt", "class_"}
)  # fmt: skip
#: calls whose string arguments are code (string, regex, JSON, path, struct and attrs helpers)
CODE_CALLS = frozenset(
    {"get", "startswith", "endswith", "split", "rsplit", "join", "replace", "strip", "lstrip", "rstrip",
     "getattr", "setattr", "hasattr", "isinstance", "index", "count", "find", "rfind", "pop", "setdefault",
     "removeprefix", "removesuffix", "partition", "rpartition", "encode", "decode", "getLogger", "compile",
     "match", "search", "fullmatch", "sub", "findall", "finditer", "escape", "load", "dump", "loads", "dumps",
     "open", "read_text", "write_text", "glob", "rglob", "Path", "pack", "unpack", "unpack_from", "pack_into",
     "calcsize", "strftime", "strptime", "fromisoformat", "field", "evolve", "hexdigest", "new", "sha256",
     "b64encode", "translate", "maketrans", "ljust", "rjust", "zfill", "center"}
)  # fmt: skip
BUG_ERRORS = frozenset({"AssertionError", "TypeError", "KeyError", "NotImplementedError", "RuntimeError", "SystemExit"})
#: words that make even one lower-case word a phrase a player reads ("all", "the file")
FUNCTION_WORDS = frozenset(
    {"the", "an", "of", "is", "are", "not", "this", "that", "with", "your", "you", "has", "have", "was", "be",
     "all", "must", "cannot", "can", "its", "there", "here"}
)  # fmt: skip
_MARKUP = [
    re.compile(p)
    for p in (
        r"^[^<]*?>",  # the end of a tag begun in an earlier piece
        r"<[^<>]*>",
        r"<[^<>]*$",  # a tag that goes on in the next piece
        r"[\w:-]+=([\"'])[^\"']*\1?",  # attr="value"
        r"[\w:-]+=$",
        r"\{[^{}]*\}",
        r"&#?\w+;",
        r"^[^\"']*[\"'](?=\s|>|$)",  # the end of an attribute value begun in an earlier piece
    )
]
_IDENT = re.compile(r"^[\w./#?=&%:+*-]*[\d_/#?=&%.:-][\w./#?=&%:+*-]*$")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’]*")


def words(text: str) -> list[str]:
    """The words of ``text`` a reader would see (markup and code-like tokens taken out)."""
    for pattern in _MARKUP:
        text = pattern.sub(" ", text)
    tokens = [t.strip(".,;:!?()[]\"'") for t in text.split()]
    return [
        t for t in tokens if t and not _IDENT.match(t) and t not in CSS_CLASSES and not t.isupper() and _WORD.fullmatch(t)
    ]


def is_prose(text: str) -> bool:
    found = words(text)
    if len(found) >= 2:
        return True
    if not found:
        return False
    word = found[0]
    return word.lower() in FUNCTION_WORDS or bool(re.fullmatch(r"[A-Z][a-z]{2,}", word))


def _skipped(tree: ast.AST) -> set[int]:
    skip: set[int] = set()

    def add(node: ast.AST) -> None:
        skip.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant):
            add(node)  # docstrings, attribute docstrings
        elif isinstance(node, ast.Call):
            f = node.func
            name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
            if name in GETTEXT or name in CODE_CALLS:
                add(node)
            for kw in node.keywords:
                if kw.arg in CODE_KEYWORDS:
                    add(kw.value)
        elif isinstance(node, ast.Dict):
            for k in node.keys:
                if k is not None:
                    add(k)
        elif isinstance(node, ast.Compare):
            add(node)
        elif isinstance(node, ast.Subscript):
            add(node.slice)
        elif isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            add(node)
        elif isinstance(node, ast.arguments):
            for d in [*node.defaults, *(d for d in node.kw_defaults if d is not None)]:
                add(d)
        elif isinstance(node, ast.Raise) and node.exc is not None:
            exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
            name = exc.id if isinstance(exc, ast.Name) else exc.attr if isinstance(exc, ast.Attribute) else ""
            if name in BUG_ERRORS:
                add(node)
        elif isinstance(node, ast.Assert):
            add(node)
        elif isinstance(node, ast.match_case):
            add(node.pattern)
    return skip


def scan_source(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every literal in ``source`` that reads as words outside gettext."""
    tree = ast.parse(source)
    skip = _skipped(tree)
    return sorted(
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip and is_prose(node.value)
    )


def scan(exempt_modules) -> dict[str, list[tuple[int, str]]]:
    """Module path (relative to ``src/webtabletop``) -> its literals that read as words."""
    out = {}
    for path in sorted(SRC.rglob("*.py")):
        rel = path.relative_to(SRC).as_posix()
        if any(Path(rel).match(pattern) for pattern in exempt_modules):
            continue
        found = scan_source(path.read_text("utf-8"))
        if found:
            out[rel] = found
    return out
