"""Translations of every user-visible string (gettext catalogs; English is the source language).

Use these, never an English f-string, for anything a player reads::

    from webtabletop.i18n import _, N_, ngettext, pgettext

    _("{player} crosses out {cell}").format(player=name, cell=label)   # named placeholders
    ngettext("{n} move", "{n} moves", n).format(n=n)                     # plurals
    pgettext("board cell", "Free")                                     # one English word, two meanings
    TITLE = N_("Tsifrograd")   # marked at import time, translated where it is shown: _(TITLE)

Rules: whole sentences with named ``{placeholders}`` (no sentence glued from fragments; word
order differs between languages); strings defined at import time are marked with ``N_`` and
translated when rendered, because the language is chosen after the modules are imported.
"""

from __future__ import annotations

import gettext as _gettext

#: the languages the app speaks (BCP 47 tags); English is the source
LANGUAGES = ("en", "ru", "zh-Hans", "ja")
SOURCE = "en"

_current: _gettext.NullTranslations = _gettext.NullTranslations()
_language = SOURCE


def _(message: str) -> str:
    return _current.gettext(message)


def N_(message: str) -> str:
    """Mark ``message`` for extraction only; translate it with ``_`` where it is shown."""
    return message


def ngettext(singular: str, plural: str, n: int) -> str:
    return _current.ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return _current.pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return _current.npgettext(context, singular, plural, n)


def language() -> str:
    """The language strings are translated into now."""
    return _language


def use(translations: _gettext.NullTranslations | None, code: str = SOURCE) -> None:
    """Translate into ``code`` from now on (None: the English source strings)."""
    global _current, _language
    _current = translations if translations is not None else _gettext.NullTranslations()
    _language = code if translations is not None else SOURCE
