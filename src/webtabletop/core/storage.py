"""Versioned JSON documents in the browser's localStorage, handled as pure data.

The page owns localStorage; this module only decides. It reads from a snapshot (``{key: raw}``)
and answers with the writes to make, so it runs and is tested in CPython.

- Every key starts with :data:`PREFIX`. A document is ``{"schema": name, "version": n, "data": …}``.
- Reading validates. A document that cannot be read (bad JSON, wrong schema, failed validation,
  a version newer than this app knows) is **set aside**: copied to ``webtabletop:aside:<key>:<n>``
  and reported; the original key is then free for a fresh document. Nothing is ever deleted.
- A document of an older version is copied to ``webtabletop:backup:<key>:v<old>`` before it is
  migrated, so a migration can never lose the player's data.
- Export writes every document of the namespace into one JSON file; import validates that file
  completely before any write, backs up each document it replaces, and reports what it did.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs

from webtabletop.core.protocol import GameError

PREFIX = "webtabletop:"
ASIDE = PREFIX + "aside:"
BACKUP = PREFIX + "backup:"
EXPORT_FORMAT = "webtabletop-backup"
EXPORT_VERSION = 1


class StorageError(GameError):
    """A document or an imported file that cannot be used."""


@attrs.frozen
class Schema:
    """A kind of document: current version, a validator and migrations from older versions.

    ``validate(data)`` returns the (possibly normalised) data or raises ValueError/TypeError/KeyError.
    ``migrations[v]`` turns version-``v`` data into version ``v + 1`` data.
    """

    name: str
    version: int
    validate: Callable[[Any], Any]
    migrations: dict[int, Callable[[Any], Any]] = attrs.field(factory=dict)


@attrs.frozen
class Write:
    key: str
    value: str

    def to_json(self) -> dict[str, str]:
        return {"key": self.key, "value": self.value}


@attrs.frozen
class ReadResult:
    data: Any  # None when there is no usable document
    writes: tuple[Write, ...] = ()
    problem: str | None = None  # a message for the player when something was set aside


def encode_doc(schema: Schema, data: Any) -> str:
    return json.dumps({"schema": schema.name, "version": schema.version, "data": data}, separators=(",", ":"))


def write(schema: Schema, key: str, data: Any) -> Write:
    if not key.startswith(PREFIX):
        raise ValueError(f"storage keys live under {PREFIX!r}")
    return Write(key, encode_doc(schema, schema.validate(data)))


def free_slot(snapshot: dict[str, str], base: str) -> str:
    n = 1
    while f"{base}:{n}" in snapshot:
        n += 1
    return f"{base}:{n}"


def set_aside(snapshot: dict[str, str], key: str, raw: str) -> Write:
    return Write(free_slot(snapshot, ASIDE + key[len(PREFIX) :]), raw)


def backup(snapshot: dict[str, str], key: str, reason: str) -> Write:
    """A copy of the document at ``key`` under a free backup key (before anything changes it)."""
    return Write(free_slot(snapshot, f"{BACKUP}{key[len(PREFIX) :]}:{reason}"), snapshot[key])


def read(snapshot: dict[str, str], key: str, schema: Schema) -> ReadResult:
    """Read ``key``; migrate or set aside as needed. Returns the data and the writes to apply."""
    raw = snapshot.get(key)
    if raw is None:
        return ReadResult(None)
    label = key[len(PREFIX) :]
    try:
        doc = json.loads(raw)
        if not isinstance(doc, dict) or doc.get("schema") != schema.name or "data" not in doc:
            raise ValueError("not a document of this kind")
        version = doc.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ValueError("no valid version number")
    except (ValueError, TypeError) as exc:
        aside = set_aside(snapshot, key, raw)
        return ReadResult(
            None,
            (aside,),
            f"Saved data “{label}” could not be read ({exc}); it was kept aside as “{aside.key[len(PREFIX) :]}”.",
        )
    if version > schema.version:
        aside = set_aside(snapshot, key, raw)
        return ReadResult(
            None,
            (aside,),
            f"Saved data “{label}” was written by a newer version of webtabletop; it was kept aside as “{aside.key[len(PREFIX) :]}”.",
        )
    writes: list[Write] = []
    data = doc["data"]
    try:
        if version < schema.version:
            writes.append(Write(f"{BACKUP}{label}:v{version}", raw))
            for v in range(version, schema.version):
                if v not in schema.migrations:
                    raise ValueError(f"no migration from version {v}")
                data = schema.migrations[v](data)
        data = schema.validate(data)
    except (ValueError, TypeError, KeyError, AttributeError, IndexError) as exc:
        aside = set_aside(snapshot, key, raw)
        return ReadResult(
            None,
            (aside,),
            f"Saved data “{label}” is damaged ({exc}); it was kept aside as “{aside.key[len(PREFIX) :]}”.",
        )
    if version < schema.version:
        writes.append(Write(key, encode_doc(schema, data)))
    return ReadResult(data, tuple(writes))


def export_all(snapshot: dict[str, str], app_version: str) -> str:
    """Every document of the namespace (including set-aside and backups) as one JSON file."""
    docs = {k: v for k, v in sorted(snapshot.items()) if k.startswith(PREFIX)}
    return json.dumps(
        {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "app": app_version, "documents": docs}, indent=1
    )


def parse_import(text: str, schemas: dict[str, Schema]) -> dict[str, str]:
    """Validate an exported file completely; return its documents (``{key: raw}``).

    Every document must belong to our namespace; documents of known schemas must read cleanly.
    Any problem raises :class:`StorageError` and nothing is written.
    """
    try:
        data = json.loads(text)
    except (ValueError, TypeError):
        raise StorageError("the file is not valid JSON") from None
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise StorageError("the file is not a webtabletop backup")
    if data.get("version") != EXPORT_VERSION:
        raise StorageError(f"backup format version {data.get('version')!r} is not supported")
    docs = data.get("documents")
    if not isinstance(docs, dict):
        raise StorageError("the backup holds no documents")
    for key, raw in docs.items():
        if not isinstance(key, str) or not key.startswith(PREFIX) or not isinstance(raw, str):
            raise StorageError(f"the backup holds an entry that is not webtabletop data: {key!r}")
        if key.startswith((ASIDE, BACKUP)):
            continue
        schema = schema_for_key(key, schemas)
        if schema is None:
            continue
        result = read({key: raw}, key, schema)
        if result.data is None:
            raise StorageError(f"the backup's “{key[len(PREFIX) :]}” is damaged: {result.problem}")
    return docs


def import_writes(snapshot: dict[str, str], docs: dict[str, str]) -> list[Write]:
    """Writes that import ``docs``: each replaced document is first backed up."""
    out: list[Write] = []
    taken = dict(snapshot)
    for key, raw in docs.items():
        old = snapshot.get(key)
        if old is not None and old != raw:
            backup = Write(free_slot(taken, f"{BACKUP}{key[len(PREFIX) :]}:before-import"), old)
            taken[backup.key] = old
            out.append(backup)
        if old != raw:
            out.append(Write(key, raw))
    return out


def schema_for_key(key: str, schemas: dict[str, Schema]) -> Schema | None:
    """Schemas are registered by key prefix (``"webtabletop:game:"`` → saved games)."""
    best = None
    for prefix, schema in schemas.items():
        if key.startswith(prefix) and (best is None or len(prefix) > len(best[0])):
            best = (prefix, schema)
    return best[1] if best else None
