"""``./scripts/dev i18n``: re-extract the template and update every language's ``.po`` file.

New strings arrive untranslated (the catalog test then fails until someone translates them);
strings that changed slightly arrive marked fuzzy (the test fails until a translator checks them).
"""

from __future__ import annotations

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from webtabletop.i18n.catalogs import DOMAIN, LOCALE_DIR, LOCALES, extract_template, po_path


def update() -> None:
    template = extract_template()
    LOCALE_DIR.mkdir(parents=True, exist_ok=True)
    with (LOCALE_DIR / f"{DOMAIN}.pot").open("wb") as fh:
        write_po(fh, template, width=100, omit_header=False, sort_by_file=True)
    for tag, locale in LOCALES.items():
        path = po_path(tag)
        if path.exists():
            with path.open("rb") as fh:
                catalog = read_po(fh, locale=locale, domain=DOMAIN)
        else:
            catalog = Catalog(locale=locale, domain=DOMAIN, project="webtabletop", charset="utf-8")
            path.parent.mkdir(parents=True, exist_ok=True)
        catalog.update(template, no_fuzzy_matching=False)
        catalog.fuzzy = False  # the header; fuzzy messages stay marked for a translator
        with path.open("wb") as fh:
            write_po(fh, catalog, width=100, sort_by_file=True, ignore_obsolete=True)
        done = sum(
            1
            for m in catalog
            if m.id
            and m.string
            and not m.fuzzy
            and all(m.string if isinstance(m.string, tuple) else [m.string])
        )
        print(f"[i18n] {path.relative_to(LOCALE_DIR.parents[3])}: {done}/{len(template)} translated")


if __name__ == "__main__":
    update()
