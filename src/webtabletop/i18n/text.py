"""Joining translated pieces the way each language writes them ("Use one locale-aware
list and sentence joiner").

- :func:`join_list`: items of a list, "a, b, c" in English and Russian, "a、b、c" in Chinese and
  Japanese (the ideographic comma, which CJK text uses between listed items).
- :func:`join_clauses`: clauses of one sentence (a list of problems), "a; b" in English and
  Russian, "a；b" in Chinese and Japanese (the full-width semicolon).
- :func:`join_sentences`: whole translated sentences one after another, with a space in English
  and Russian and none in Chinese and Japanese (a sentence there ends in 。 and the next follows
  at once).

- :func:`number` and :func:`percent`: numbers with the language's decimal sign and digit groups
  (CLDR): "26,361.5" and "56.5%" in English, Chinese and Japanese, "26 361,5" and "56,5 %" in
  Russian (a no-break space; the percent sign's place is the translation of ``{percent}%``).

Only whole items and whole sentences are joined: never a sentence glued from fragments.
"""

from __future__ import annotations

from collections.abc import Iterable

from webtabletop.i18n import _, language

_CJK = ("zh", "ja")
#: CLDR's digit group and decimal signs, where a language's differ from English's "," and "."
_SIGNS = {"ru": str.maketrans(",.", "\u00a0,")}


def _cjk() -> bool:
    return language().split("-")[0] in _CJK


def join_list(items: Iterable[str]) -> str:
    return ("、" if _cjk() else ", ").join(items)


def join_clauses(clauses: Iterable[str]) -> str:
    return ("；" if _cjk() else "; ").join(clauses)


def join_sentences(sentences: Iterable[str]) -> str:
    return ("" if _cjk() else " ").join(s for s in sentences if s)


def number(x: float, places: int = 0, signed: bool = False) -> str:
    """``x`` rounded to ``places`` decimals, written with the language's decimal sign and digit
    groups: 26,361.5 in English, 26 361,5 in Russian; never "-0"; ``signed``: "+1.5" (0 unsigned)."""
    if round(x, places) == 0:
        x = 0.0
    text = f"{x:{'+' if signed and x else ''},.{places}f}"
    signs = _SIGNS.get(language().split("-")[0])
    return text.translate(signs) if signs else text


def percent(share: float, places: int = 0, signed: bool = False) -> str:
    """A share (0.565) as a percentage, the way the language writes it: 56.5%, 56,5 %."""
    return _("{percent}%").format(percent=number(100 * share, places, signed))
