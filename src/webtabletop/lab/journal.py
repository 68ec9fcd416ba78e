"""A lab run's journal: each finished game written down at once, so a stopped run goes on.

A designer's batch of 200 DumaRaj games takes hours; without a journal, a run stopped at game
199 (a closed laptop, a killed job) has nothing to show. ``python -m webtabletop lab … --journal
FILE`` appends every game's result to FILE as one JSON line the moment it comes back; run the
same command again and the games already there are not played again. The games are pure
functions of their tasks (:mod:`webtabletop.lab.play`), so a run finished from its journal gives
the same JSON as one that never stopped.

The file's first line holds the batch's set-up (:meth:`webtabletop.lab.batch.Batch.to_json`);
a journal of another set-up is refused, never mixed in. A last line cut short by the stop is
dropped (it is played again); nothing already in the file is rewritten or lost.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import attrs

from webtabletop.core.protocol import GameError
from webtabletop.lab.batch import Batch

#: the first line's marker: says what the file is to a person who opens it
KIND = "webtabletop lab journal"
#: a result's keys that :mod:`webtabletop.lab.metrics` and the records read
KEYS = frozenset(
    {"variant", "index", "seats", "deal_seed", "first", "winner", "plies", "moves", "evals", "items"}
)


@attrs.frozen
class Journal:
    path: Path

    def load(self, batch: Batch) -> dict[tuple[int, int], dict[str, Any]]:
        """The results in the journal, by (variant, index) (:func:`~webtabletop.lab.run.play_batch`
        keeps those of its tasks); a new journal starts with ``batch``'s set-up line. Raises
        :class:`GameError` for a journal of another set-up."""
        setup = batch.to_json()
        if not self.path.exists() or self.path.stat().st_size == 0:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.path.write_text(json.dumps({"kind": KIND, "setup": setup}) + "\n", encoding="utf-8")
            return {}
        text = self.path.read_text(encoding="utf-8")
        lines = text.splitlines()
        try:
            head = json.loads(lines[0])
        except ValueError:
            head = None
        if not isinstance(head, dict) or head.get("kind") != KIND:
            raise GameError(f"{self.path} is not a lab journal: give --journal a new file name")
        if head.get("setup") != setup:
            raise GameError(
                f"{self.path} is the journal of another set-up ({json.dumps(head.get('setup'))}): "
                "give --journal a new file name, or run that set-up again"
            )
        results = (_result(line) for line in lines[1:])
        done = {(r["variant"], r["index"]): r for r in results if r is not None}
        if not text.endswith("\n"):  # a line cut short: the next result starts on a line of its own
            with self.path.open("a", encoding="utf-8") as f:
                f.write("\n")
        return done

    def append(self, result: dict[str, Any]) -> None:
        """Writes one finished game's result (one line, flushed at once)."""
        with self.path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(result, ensure_ascii=False) + "\n")


def _result(line: str) -> dict[str, Any] | None:
    """A journal line's result, or None for a line cut short or not a result."""
    try:
        value = json.loads(line)
    except ValueError:
        return None
    if not isinstance(value, dict) or not value.keys() >= KEYS:
        return None
    if not isinstance(value["variant"], int) or not isinstance(value["index"], int):
        return None
    return value
