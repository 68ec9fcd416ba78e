"""Stored fixtures of games made before a rules correction (``fixtures/`` of each game's tests,
written by that folder's ``make_fixtures.py`` with the pre-round code): a share link, a record file
and a saved-game document per game name."""

from __future__ import annotations

import json
from pathlib import Path

from webtabletop.core.record import Record


class OldData:
    def __init__(self, folder: Path) -> None:
        self.folder = folder

    def link(self, name: str) -> str:
        return (self.folder / f"{name}_link.txt").read_text().strip()

    def record(self, name: str) -> Record:
        return Record.loads((self.folder / f"{name}_record.json").read_text())

    def saved(self, name: str) -> dict[str, str]:
        """The saved-game document as a storage entry: {key: value}."""
        doc = json.loads((self.folder / f"{name}_saved_game.json").read_text())
        return {doc["key"]: doc["value"]}
