"""``./scripts/dev i18n``: re-extract the template and update every language's ``.po`` file.

New strings arrive untranslated (the catalog test then fails until someone translates them). No
fuzzy matching: a guessed translation of a similar string ("Same" for "Game") is worse than none,
so a changed string arrives untranslated too.
Files are written without line numbers, so a code change that moves a string does not touch the
catalogs.

``--fill-from ROOT...`` also takes translations from the same language's ``.po`` files of other
checkouts (e.g. branches translated in parallel): an entry that is untranslated or fuzzy here gets
the other file's finished translation of the same message.
"""

from __future__ import annotations

import argparse
import copy
from collections.abc import Sequence
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from webtabletop.i18n.catalogs import DOMAIN, LOCALE_DIR, LOCALES, extract_template, po_path

ROOT = LOCALE_DIR.parents[3]


def finished(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return bool(message.id) and not message.fuzzy and all(strings)


def read(path: Path, locale: str) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=locale, domain=DOMAIN)


def update(fill_from: Sequence[Path] = ()) -> None:
    template = extract_template()
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as fh:
        write_po(fh, template, width=100, omit_header=False, sort_by_file=True, include_lineno=False)
    for tag, locale in LOCALES.items():
        path = po_path(tag)
        if path.exists():
            catalog = read(path, locale)
        else:
            catalog = Catalog(locale=locale, domain=DOMAIN, project="webtabletop", charset="utf-8")
            path.parent.mkdir(parents=True, exist_ok=True)
        # a copy per language: Catalog.update puts the template's own message objects into the
        # catalog, so filling one language would otherwise fill the others with its text
        catalog.update(copy.deepcopy(template), no_fuzzy_matching=True)
        catalog.fuzzy = False  # the header
        for message in catalog:
            if message.id and message.fuzzy:  # a guess left by an older tool run: not a translation
                message.string = ("",) * len(message.string) if isinstance(message.string, tuple) else ""
                message.flags = set(message.flags) - {"fuzzy"}
        for root in fill_from:
            other_path = root / path.relative_to(ROOT)
            if not other_path.exists():
                continue
            for other in read(other_path, locale):
                if not finished(other):
                    continue
                mine = catalog.get(other.id, context=other.context)
                if mine is not None and not finished(mine):
                    mine.string, mine.flags = other.string, set(mine.flags) - {"fuzzy"}
        with path.open("wb") as fh:
            write_po(fh, catalog, width=100, sort_by_file=True, ignore_obsolete=True, include_lineno=False)
        done = sum(1 for m in catalog if finished(m))
        print(f"[i18n] {path.relative_to(ROOT)}: {done}/{len(template)} translated")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fill-from", nargs="*", type=Path, default=[], metavar="ROOT")
    update(parser.parse_args(argv).fill_from)


if __name__ == "__main__":
    main()
