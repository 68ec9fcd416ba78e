"""The input boundary: the checks every decoder makes before it builds anything.

Share links, record files, backups, collections, sets, position text and option values all come
from outside (a URL, a file, another tab, an old version of the app). Each decoder reads them
through these helpers, so a crafted input gets the same clear :class:`InputError` everywhere:

- JSON has a byte limit and a nesting-depth limit (checked without recursion);
- whole numbers are read from ASCII digits only (``str.isdigit`` also accepts ``"²"``), with a
  length limit before ``int()`` runs (Python refuses more than 4,300 digits);
- numbers must be finite: Python's ``json`` reads ``NaN``, ``Infinity`` and ``1e999`` (as an
  infinite float), which no document of ours holds and which break arithmetic later (a clock);
- :func:`guard` turns any exception that still escapes a decoder into the decoder's own error.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from typing import Any, TypeVar

from webtabletop.core.errors import GameError
from webtabletop.i18n import _, ngettext

#: the largest JSON text any decoder reads (a backup with pictures stays far below)
MAX_JSON_BYTES = 8_000_000
#: the deepest nesting any of our documents has is below 10
MAX_JSON_DEPTH = 32
_INT = re.compile(r"[+-]?[0-9]{1,19}")

T = TypeVar("T")


class InputError(GameError):
    """Outside data that cannot be used; the message says why."""


def json_depth(value: Any, limit: int = MAX_JSON_DEPTH) -> int:
    """The nesting depth of a decoded JSON value (iterative; stops counting past ``limit``)."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if not isinstance(item, (dict, list)):
            continue
        deepest = max(deepest, depth)
        if deepest > limit:
            return deepest
        children = item.values() if isinstance(item, dict) else item
        stack.extend((child, depth + 1) for child in children)
    return deepest


def load_json(
    text: str | bytes, what: str, *, max_bytes: int = MAX_JSON_BYTES, max_depth: int = MAX_JSON_DEPTH
) -> Any:
    """Parse JSON from outside with size and depth limits; :class:`InputError` names ``what``."""
    if len(text) > max_bytes:
        raise InputError(
            ngettext(
                "{what} is too large ({size} byte; at most {limit})",
                "{what} is too large ({size} bytes; at most {limit})",
                len(text),
            ).format(
                what=what, size=f"{len(text):,}", limit=f"{max_bytes:,}"
            )
        )
    if _bracket_depth(text) > max_depth:
        raise InputError(_("{what} is nested too deeply to be webtabletop data").format(what=what))
    try:
        value = json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)
    except _NotFinite:
        raise InputError(_("{what} holds a number that is not finite (NaN or Infinity)").format(what=what)) from None
    except (ValueError, TypeError, RecursionError):
        raise InputError(_("{what} is not valid JSON").format(what=what)) from None
    return value


class _NotFinite(Exception):
    pass


def _no_constant(name: str) -> Any:
    raise _NotFinite(name)


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value) or math.isnan(value):
        raise _NotFinite(text)
    return value


def is_finite_number(value: Any) -> bool:
    """An int or a finite float (never a bool)."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value)


def _bracket_depth(text: str | bytes) -> int:
    """An upper bound of the nesting depth, found before parsing (brackets in strings count too,
    which only makes the check stricter for text that is not ours)."""
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    depth = deepest = 0
    for ch in text:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > MAX_JSON_DEPTH * 4:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest if deepest <= MAX_JSON_DEPTH else _exact_depth(text)


def _exact_depth(text: str) -> int:
    """Depth counting only brackets outside JSON strings (for text with brackets in strings)."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def parse_int(text: Any, what: str, lo: int | None = None, hi: int | None = None) -> int:
    """A whole number from an int or from ASCII digits (no ``"²"``, no 5,000-digit strings)."""
    if isinstance(text, bool):
        raise InputError(_("{what} must be a whole number, not {value}").format(what=what, value=repr(text)))
    if isinstance(text, int):
        value = text
    elif isinstance(text, str) and _INT.fullmatch(text.strip()):
        value = int(text.strip())
    else:
        shown = text if not isinstance(text, str) or len(text) <= 24 else text[:20] + "…"
        raise InputError(_("{what} must be a whole number, not {value}").format(what=what, value=repr(shown)))
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise InputError(_("{what} must be from {lo} to {hi}, not {value}").format(what=what, lo=lo, hi=hi, value=value))
    return value


def guard(fn: Callable[[], T], error: type[GameError], what: str) -> T:
    """Run a decoder; any exception that escapes it becomes ``error`` with a clear message.

    A :class:`GameError` keeps its own message. Anything else (a bug reached by crafted input)
    says which input could not be read, never a traceback.
    """
    try:
        return fn()
    except GameError as exc:
        if isinstance(exc, error):
            raise
        raise error(str(exc)) from None
    except (RecursionError, MemoryError, OverflowError):
        raise error(_("{what} is too large or too deeply nested to read").format(what=what)) from None
    except Exception as exc:  # noqa: BLE001 - the boundary: crafted input must not crash the app
        raise error(_("{what} cannot be read ({error})").format(what=what, error=type(exc).__name__)) from None
