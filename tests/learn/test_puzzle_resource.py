"""Puzzle files are package resources; the page's engine imports our package from a zip and may
start from a memory snapshot made at build time, where each game's ``PuzzleBook.file`` was made
at import. Such a resource keeps its zip open, and a restored engine has the handle but not the
open file: reading must then go through a fresh handle (learn.puzzle.read_resource), or every
game's puzzle list but the one read while the snapshot was made fails in the browser."""

from __future__ import annotations

import errno
import io
import zipfile

import pytest

from webtabletop.learn.puzzle import read_resource


class Stale(io.RawIOBase):
    """A file handle whose descriptor is no longer open (what a restored snapshot holds)."""

    def _gone(self, *args):
        raise OSError(errno.EBADF, "Bad file descriptor")

    read = readinto = seek = tell = _gone


def test_a_resource_whose_zip_handle_went_stale_is_read_again(tmp_path):
    archive = tmp_path / "lib.zip"
    with zipfile.ZipFile(archive, "w") as z:
        z.writestr("pkg/puzzles.json", '{"puzzles": []}')
    made_at_import = zipfile.Path(str(archive), "pkg/puzzles.json")
    zf = made_at_import.root
    kept, zf.fp = zf.fp, Stale()  # a restored engine: the handle is kept, its file is not open
    try:
        with pytest.raises(OSError):
            made_at_import.read_text("utf-8")
        assert read_resource(made_at_import) == '{"puzzles": []}'
    finally:
        zf.fp = kept
        zf.close()


def test_a_missing_resource_is_still_missing(tmp_path):
    with pytest.raises(FileNotFoundError):
        read_resource(tmp_path / "none.json")
