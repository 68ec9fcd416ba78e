"""Versioned JSON documents in the browser's localStorage, handled as pure data.

The page owns localStorage; this module only decides. It reads from a snapshot (``{key: raw}``)
and answers with the writes (and removals) to make, so it runs and is tested in CPython.

- Every key starts with :data:`PREFIX`. A document is ``{"schema": name, "version": n, "data": …}``.
- Reading validates, through the input boundary (size and depth limits, finite numbers only).
  A document that cannot be read (bad JSON, wrong schema, failed validation, a version newer
  than this app knows) is **set aside**: copied to ``webtabletop:aside:<key>:<n>`` and reported.
- Set-aside is idempotent: a document whose exact content is already kept aside under its key
  is not copied again. A reader may also ask for the original to be removed (``remove=True``):
  the removal names the copy, and the page removes the original only once that copy exists with
  the same content, so a bad document is set aside once and then never re-read.
- Set-aside copies are bounded: :func:`aside_over` tells how far they exceed
  :data:`ASIDE_LIMIT` and :func:`oldest_asides` which to drop (the app warns first).
- A document of an older version is copied to ``webtabletop:backup:<key>:v<old>`` before it is
  migrated, so a migration can never lose the player's data.
- Export writes every document of the namespace into one JSON file; import validates that file
  completely (every entry, every schema) before any write, backs up each document it replaces,
  and reports per entry what it did or why nothing was imported.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import attrs

from webtabletop.core.inputs import guard, load_json
from webtabletop.core.protocol import GameError
from webtabletop.i18n import _, ngettext

PREFIX = "webtabletop:"
ASIDE = PREFIX + "aside:"
BACKUP = PREFIX + "backup:"
EXPORT_FORMAT = "webtabletop-backup"
EXPORT_VERSION = 1
#: the total size (characters) of set-aside copies kept before the oldest are dropped
ASIDE_LIMIT = 400_000
#: the longest key an imported file may hold
MAX_KEY = 200


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
class Remove:
    """Remove ``key``; when ``kept_as`` is set, only if that key holds the same content (the copy
    exists), so nothing is ever removed before it is kept."""

    key: str
    kept_as: str | None = None

    def to_json(self) -> dict[str, str | None]:
        return {"key": self.key, "kept_as": self.kept_as}


@attrs.frozen
class ReadResult:
    data: Any  # None when there is no usable document
    writes: tuple[Write, ...] = ()
    problem: str | None = None  # a message for the player when something was set aside
    removes: tuple[Remove, ...] = ()


def encode_doc(schema: Schema, data: Any) -> str:
    return json.dumps({"schema": schema.name, "version": schema.version, "data": data}, separators=(",", ":"))


def write(schema: Schema, key: str, data: Any) -> Write:
    if not key.startswith(PREFIX):
        raise ValueError(f"storage keys live under {PREFIX!r}")
    return Write(key, encode_doc(schema, schema.validate(data)))


def free_slot(snapshot: dict[str, str], base: str) -> str:
    """``base:<n>`` with ``n`` above every number in use (numbers grow with age: lowest = oldest)."""
    n = 0
    for k in snapshot:
        if k.startswith(base + ":") and k[len(base) + 1 :].isdigit():
            n = max(n, int(k[len(base) + 1 :]))
    return f"{base}:{n + 1}"


def _copy_of(snapshot: dict[str, str], base: str, raw: str) -> str | None:
    """The key of an existing copy of ``raw`` under ``base:<n>``, if any."""
    for k, v in snapshot.items():
        if v == raw and k.startswith(base + ":") and k[len(base) + 1 :].isdigit():
            return k
    return None


def set_aside(snapshot: dict[str, str], key: str, raw: str) -> Write:
    """Where ``raw`` (the content of ``key``) is kept aside: an existing identical copy, else a
    new key. The caller writes it only when ``w.key not in snapshot``."""
    base = ASIDE + key[len(PREFIX) :]
    existing = _copy_of(snapshot, base, raw)
    return Write(existing or free_slot(snapshot, base), raw)


def backup(snapshot: dict[str, str], key: str, reason: str) -> Write:
    """A copy of the document at ``key`` under a backup key (before anything changes it); an
    existing identical backup is reused (write it only when ``w.key not in snapshot``)."""
    base = f"{BACKUP}{key[len(PREFIX) :]}:{reason}"
    raw = snapshot[key]
    return Write(_copy_of(snapshot, base, raw) or free_slot(snapshot, base), raw)


def label(key: str) -> str:
    return key[len(PREFIX) :] if key.startswith(PREFIX) else key


def _aside(
    snapshot: dict[str, str], key: str, raw: str, message: str, remove: bool, **values: Any
) -> ReadResult:
    copy = set_aside(snapshot, key, raw)
    writes = () if snapshot.get(copy.key) == raw else (copy,)
    removes = (Remove(key, copy.key),) if remove else ()
    return ReadResult(None, writes, message.format(copy=label(copy.key), **values), removes)


def read(snapshot: dict[str, str], key: str, schema: Schema, *, remove: bool = False) -> ReadResult:
    """Read ``key``; migrate or set aside as needed. Returns the data and the writes to apply.

    With ``remove``, a document that is set aside is also removed (after its copy exists), so
    the next read finds nothing and says nothing.
    """
    raw = snapshot.get(key)
    if raw is None:
        return ReadResult(None)
    name = label(key)
    try:
        doc = load_json(raw, _("the document"))
        if not isinstance(doc, dict) or doc.get("schema") != schema.name or "data" not in doc:
            raise ValueError(_("not a document of this kind"))
        version = doc.get("version")
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise ValueError(_("no valid version number"))
    except (ValueError, TypeError) as exc:
        return _aside(
            snapshot,
            key,
            raw,
            _("Saved data “{name}” could not be read ({problem}); it was kept aside as “{copy}”."),
            remove,
            name=name,
            problem=exc,
        )
    if version > schema.version:
        return _aside(
            snapshot,
            key,
            raw,
            _("Saved data “{name}” was written by a newer version of webtabletop; it was kept aside as “{copy}”."),
            remove,
            name=name,
        )
    writes: list[Write] = []
    data = doc["data"]

    def migrate_and_validate() -> Any:
        value = data
        for v in range(version, schema.version):
            if v not in schema.migrations:
                raise StorageError(_("no migration from version {version}").format(version=v))
            value = schema.migrations[v](value)
        return schema.validate(value)

    try:
        data = guard(migrate_and_validate, StorageError, _("the document"))
    except StorageError as exc:
        return _aside(
            snapshot,
            key,
            raw,
            _("Saved data “{name}” is damaged ({problem}); it was kept aside as “{copy}”."),
            remove,
            name=name,
            problem=exc,
        )
    if version < schema.version:
        base = f"{BACKUP}{name}:v{version}"
        if snapshot.get(base) is None:
            writes.append(Write(base, raw))  # the first backup keeps its historic name
        elif snapshot[base] != raw:
            copy = _copy_of(snapshot, base, raw)
            if copy is None:
                writes.append(Write(free_slot(snapshot, base), raw))
        writes.append(Write(key, encode_doc(schema, data)))
    return ReadResult(data, tuple(writes))


# --- set-aside copies: bounded ----------------------------------------------------------------
def _age(key: str) -> tuple[int, str]:
    tail = key.rsplit(":", 1)[-1]
    return (int(tail) if tail.isdigit() else 0, key)


def aside_keys(snapshot: dict[str, str]) -> list[str]:
    """Every set-aside copy, oldest first (copies are numbered per document as they are made)."""
    return sorted((k for k in snapshot if k.startswith(ASIDE)), key=_age)


def aside_size(snapshot: dict[str, str]) -> int:
    return sum(len(k) + len(snapshot[k]) for k in aside_keys(snapshot))


def oldest_asides(snapshot: dict[str, str], limit: int | None = None) -> list[str]:
    """The oldest set-aside copies to drop so that the rest fit in ``limit`` (default
    :data:`ASIDE_LIMIT`; often none)."""
    over = aside_size(snapshot) - (ASIDE_LIMIT if limit is None else limit)
    out = []
    for k in aside_keys(snapshot):
        if over <= 0:
            break
        out.append(k)
        over -= len(k) + len(snapshot[k])
    return out


def export_all(snapshot: dict[str, str], app_version: str) -> str:
    """Every document of the namespace (including set-aside and backups) as one JSON file."""
    docs = {k: v for k, v in sorted(snapshot.items()) if k.startswith(PREFIX)}
    return json.dumps(
        {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, "app": app_version, "documents": docs}, indent=1
    )


class ImportRefused(StorageError):
    """An imported file with entries that cannot be used; ``problems`` lists each (key, why)."""

    def __init__(self, message: str, problems: list[tuple[str, str]]) -> None:
        super().__init__(message)
        self.problems = problems


def parse_import(
    text: str,
    schemas: dict[str, Schema],
    deep: Callable[[str, Any], None] | None = None,
) -> dict[str, str]:
    """Validate an exported file completely; return its documents (``{key: raw}``).

    Every entry must be a webtabletop key (set-aside copies and backups are kept as they are);
    every other entry must belong to a known schema and read cleanly (no set-aside, no
    migration failure), then pass ``deep(key, data)`` (the app replays saved games there).
    Unknown kinds of entries are refused. Any problem raises :class:`ImportRefused` listing
    every entry that is wrong, and nothing is written: an import is all or nothing.
    """
    data = guard(lambda: load_json(text, _("the file")), StorageError, _("the file"))
    if not isinstance(data, dict) or data.get("format") != EXPORT_FORMAT:
        raise StorageError(_("the file is not a webtabletop backup"))
    if data.get("version") != EXPORT_VERSION:
        raise StorageError(
            _("backup format version {version} is not supported").format(version=_short(data.get("version")))
        )
    docs = data.get("documents")
    if not isinstance(docs, dict):
        raise StorageError(_("the backup holds no documents"))
    problems: list[tuple[str, str]] = []
    for key, raw in docs.items():
        try:
            problem = guard(partial(_entry_problem, key, raw, schemas, deep), StorageError, _("the entry"))
        except StorageError as exc:
            problem = str(exc)
        if problem:
            problems.append((_short(key) if not isinstance(key, str) or len(key) > MAX_KEY else key, problem))
    if problems:
        first_key, first = problems[0]
        raise ImportRefused(
            ngettext(
                "nothing was imported: {n} of {total} entry cannot be used (the first: “{name}”: {problem})",
                "nothing was imported: {n} of {total} entries cannot be used (the first: “{name}”: {problem})",
                len(docs),
            ).format(n=len(problems), total=len(docs), name=label(first_key), problem=first),
            problems,
        )
    return docs


def _entry_problem(
    key: Any, raw: Any, schemas: dict[str, Schema], deep: Callable[[str, Any], None] | None
) -> str | None:
    """Why one imported entry cannot be used (None: it can)."""
    if not isinstance(key, str) or not key.startswith(PREFIX) or len(key) > MAX_KEY:
        return _("it is not webtabletop data")
    if not key.isprintable():
        return _("its name holds control characters")
    if not isinstance(raw, str):
        return _("its content is not text")
    if key.startswith((ASIDE, BACKUP)):
        return None  # copies of earlier content, kept as they are
    schema = schema_for_key(key, schemas)
    if schema is None:
        return _("this app has no kind of data stored under that name")
    result = read({key: raw}, key, schema)
    if result.data is None:
        return _("it is damaged: {problem}").format(problem=result.problem)
    if deep is not None:
        try:
            deep(key, result.data)
        except GameError as exc:
            return str(exc)
    return None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "…"


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
    """Schemas are registered by key prefix (``"webtabletop:game:"`` → saved games) or, for a
    name that does not end in ``:``, by exact key (``"webtabletop:settings"``)."""
    best = None
    for prefix, schema in schemas.items():
        matches = key == prefix or (prefix.endswith(":") and key.startswith(prefix))
        if matches and (best is None or len(prefix) > len(best[0])):
            best = (prefix, schema)
    return best[1] if best else None
