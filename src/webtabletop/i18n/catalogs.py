"""The gettext catalogs: where they live, how they are built, and how one is switched on.

- Sources: ``i18n/locale/<locale>/LC_MESSAGES/webtabletop.po``, one per language, in the repository
  (Babel locale names: ``ru``, ``zh_Hans``, ``ja``; the page uses BCP 47 tags: ``zh-Hans``).
- The template is extracted from the code with Babel (``babel.cfg``); ``./scripts/dev i18n``
  re-extracts it and updates every ``.po`` file (new strings arrive untranslated; the catalog test
  fails until they are translated).
- The build compiles each ``.po`` to ``dist/locale/<tag>.mo`` (nothing is compiled in the browser);
  the page fetches only the chosen language's ``.mo`` and hands its bytes to :func:`install`.
- A pseudo-locale (``pseudo``: every string wrapped and accented, placeholders and markup kept) is
  built from the template for the test that proves no screen shows an untranslated string.
"""

from __future__ import annotations

import gettext
import io
import re
from datetime import UTC, datetime
from pathlib import Path

from webtabletop import i18n

DOMAIN = "webtabletop"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: BCP 47 tag (page, storage) -> Babel/gettext locale name (catalog folders)
LOCALES = {"ru": "ru", "zh-Hans": "zh_Hans", "ja": "ja"}
PSEUDO = "pseudo"
#: each language's own name, shown in the language switch
NATIVE_NAMES = {"en": "English", "ru": "Русский", "zh-Hans": "简体中文", "ja": "日本語"}


def po_path(tag: str) -> Path:
    return LOCALE_DIR / LOCALES[tag] / "LC_MESSAGES" / f"{DOMAIN}.po"


def install(tag: str, mo: bytes | None) -> None:
    """Translate into ``tag`` from now on, from compiled catalog bytes (None: English)."""
    if tag == i18n.SOURCE or mo is None:
        i18n.use(None)
        return
    i18n.use(gettext.GNUTranslations(io.BytesIO(mo)), tag)


def compile_po(tag: str) -> bytes:
    """The ``.mo`` bytes of a language's catalog (Babel; build time and the CLI only)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po_path(tag).open("rb") as fh:
        catalog = read_po(fh, locale=LOCALES[tag], domain=DOMAIN)
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def use_language(tag: str) -> None:
    """Switch the running Python to ``tag`` (CPython: the CLI's ``--lang``, build-time renders)."""
    if tag == i18n.SOURCE:
        install(tag, None)
    elif tag == PSEUDO:
        install(tag, pseudo_mo())
    elif tag in LOCALES:
        install(tag, compile_po(tag))
    else:
        known = ", ".join([i18n.SOURCE, *LOCALES])
        raise ValueError(f"unknown language {tag!r} (known: {known})")


# --- extraction ------------------------------------------------------------------------------
def extract_template():
    """The template catalog, extracted from the code now (Babel, with ``babel.cfg``)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    root = LOCALE_DIR.parents[3]
    catalog = Catalog(
        domain=DOMAIN,
        project="webtabletop",
        msgid_bugs_address="",
        charset="utf-8",
        creation_date=datetime(2026, 11, 22, tzinfo=UTC),  # no date churn in the template
    )
    from webtabletop.i18n.extract import extract_htt_cards, extract_python

    # Babel's Python extractor plus the calls inside f-strings it cannot see on Python < 3.12
    method_map = [("src/webtabletop/tools/**", "ignore"), ("src/webtabletop/**.py", extract_python)]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), method_map=method_map, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
    ):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    # HTT's built-in card names live in JSON set files, not in code
    for filename, lineno, message, comments, context in extract_htt_cards(root):
        catalog.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return catalog


# --- the pseudo-locale -----------------------------------------------------------------------
_ACCENTS = str.maketrans("abcdeghiklnorstuwyzABCDEGHIKLNORSTUWYZ", "àƀçđéĝĥîķļñöŕšţüŵýžÀƁÇĐÉĜĤÎĶĻÑÖŔŠŢÜŴÝŽ")
#: kept as they are: {placeholders}, %(printf)s, <markup>, &entities;
_KEEP = re.compile(r"(\{[^{}]*\}|%\(\w+\)[sd]|%[sd]|<[^<>]*>|&#?\w+;)")


def pseudo(text: str) -> str:
    """``"Move {n}"`` -> ``"[!! Ṁöṽé {n} !!]"``: visibly translated, placeholders and markup kept."""
    if not text:
        return text
    parts = _KEEP.split(text)
    body = "".join(p if i % 2 else p.translate(_ACCENTS) for i, p in enumerate(parts))
    return f"[!! {body} !!]"


def pseudo_mo() -> bytes:
    from babel.messages.mofile import write_mo

    catalog = extract_template()
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(pseudo(s) for s in message.id)
        else:
            message.string = pseudo(message.id)
    out = io.BytesIO()
    write_mo(out, catalog)
    return out.getvalue()


def build_catalogs(dest: Path) -> dict[str, int]:
    """Compile every language (and the pseudo-locale) to ``dest/<tag>.mo``; sizes in bytes."""
    dest.mkdir(parents=True, exist_ok=True)
    sizes = {}
    for tag in [*LOCALES, PSEUDO]:
        data = pseudo_mo() if tag == PSEUDO else compile_po(tag)
        (dest / f"{tag}.mo").write_bytes(data)
        sizes[tag] = len(data)
    return sizes
