"""docs/shell.md's table is the app's own table (:mod:`webtabletop.tools.shelldoc` makes it), so
the doc leads from any action or command to the function that answers it, and cannot drift."""

from pathlib import Path

from webtabletop.tools import shelldoc


def test_the_docs_table_is_the_code_table():
    text = shelldoc.DOC.read_text(encoding="utf-8")
    assert shelldoc.BEGIN in text and shelldoc.END in text
    assert text == shelldoc.document(text), "run: python -m webtabletop.tools.shelldoc --write"


def test_the_table_names_files_that_exist_and_every_screen():
    root = shelldoc.DOC.parents[1]
    for _screen, _what, where in shelldoc.rows():
        path = where.split("](../", 1)[1].rstrip(")")
        assert (root / path).is_file(), where
    table = shelldoc.table()
    assert "| review | `cmd review-goto` |" in table and "| game | `cmd undo` |" in table
    from webtabletop.app.shell.table import EVERY_SCREEN

    every = Path(root / "docs" / "shell.md").read_text(encoding="utf-8").count("| every screen |")
    assert every == len(EVERY_SCREEN)  # one row per command every screen answers
