"""Joining translated pieces the way each language writes them (issue 27: "Use one locale-aware
list and sentence joiner").

- :func:`join_list`: items of a list, "a, b, c" in English and Russian, "a、b、c" in Chinese and
  Japanese (the ideographic comma, which CJK text uses between listed items).
- :func:`join_clauses`: clauses of one sentence (a list of problems), "a; b" in English and
  Russian, "a；b" in Chinese and Japanese (the full-width semicolon).
- :func:`join_sentences`: whole translated sentences one after another, with a space in English
  and Russian and none in Chinese and Japanese (a sentence there ends in 。 and the next follows
  at once).

Only whole items and whole sentences are joined: never a sentence glued from fragments.
"""

from __future__ import annotations

from collections.abc import Iterable

from webtabletop.i18n import language

_CJK = ("zh", "ja")


def _cjk() -> bool:
    return language().split("-")[0] in _CJK


def join_list(items: Iterable[str]) -> str:
    return ("、" if _cjk() else ", ").join(items)


def join_clauses(clauses: Iterable[str]) -> str:
    return ("；" if _cjk() else "; ").join(clauses)


def join_sentences(sentences: Iterable[str]) -> str:
    return ("" if _cjk() else " ").join(s for s in sentences if s)
