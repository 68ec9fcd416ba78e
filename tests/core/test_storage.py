"""Storage documents: validation, set-aside (never delete), backups before migration, export/import."""

import json

import pytest

from webtabletop.core import storage
from webtabletop.core.storage import PREFIX, Schema, StorageError


def validate(data):
    if not isinstance(data, dict) or not isinstance(data.get("n"), int):
        raise ValueError("n must be a number")
    return data


SCHEMA = Schema("thing", 2, validate, migrations={1: lambda d: {"n": d["count"]}})
KEY = PREFIX + "thing"


def test_round_trip():
    w = storage.write(SCHEMA, KEY, {"n": 3})
    assert storage.read({KEY: w.value}, KEY, SCHEMA).data == {"n": 3}
    assert storage.read({}, KEY, SCHEMA).data is None


@pytest.mark.parametrize(
    "raw",
    [
        "{not json",
        json.dumps({"schema": "other", "version": 1, "data": {}}),
        json.dumps({"schema": "thing", "version": 2, "data": {"n": "x"}}),
        json.dumps([1, 2]),
    ],
)
def test_corrupt_documents_are_set_aside_not_deleted(raw):
    snap = {KEY: raw}
    result = storage.read(snap, KEY, SCHEMA)
    assert result.data is None and result.problem
    assert result.writes[0].key == PREFIX + "aside:thing:1" and result.writes[0].value == raw
    assert all(w.key != KEY for w in result.writes)  # the original is never overwritten here


def test_set_aside_never_overwrites_an_earlier_aside():
    snap = {KEY: "bad", PREFIX + "aside:thing:1": "older"}
    assert storage.read(snap, KEY, SCHEMA).writes[0].key == PREFIX + "aside:thing:2"


def test_newer_version_is_kept_aside():
    raw = json.dumps({"schema": "thing", "version": 3, "data": {"n": 1}})
    result = storage.read({KEY: raw}, KEY, SCHEMA)
    assert result.data is None and "newer version" in result.problem


def test_migration_backs_up_first():
    raw = json.dumps({"schema": "thing", "version": 1, "data": {"count": 4}})
    result = storage.read({KEY: raw}, KEY, SCHEMA)
    assert result.data == {"n": 4}
    assert result.writes[0] == storage.Write(PREFIX + "backup:thing:v1", raw)
    assert json.loads(result.writes[1].value) == {"schema": "thing", "version": 2, "data": {"n": 4}}


def test_failed_migration_sets_aside():
    raw = json.dumps({"schema": "thing", "version": 1, "data": {"nope": 4}})
    result = storage.read({KEY: raw}, KEY, SCHEMA)
    assert result.data is None and result.writes[-1].key.startswith(PREFIX + "aside:")


def test_export_import_round_trip_with_backups():
    snap = {KEY: storage.write(SCHEMA, KEY, {"n": 1}).value, "other-app": "x"}
    text = storage.export_all(snap, "0.1")
    assert "other-app" not in text
    docs = storage.parse_import(text, {KEY: SCHEMA})
    changed = {KEY: storage.write(SCHEMA, KEY, {"n": 2}).value}
    writes = storage.import_writes(changed, docs)
    assert writes[0].key == PREFIX + "backup:thing:before-import:1" and writes[0].value == changed[KEY]
    assert writes[1] == storage.Write(KEY, snap[KEY])


@pytest.mark.parametrize(
    "text, message",
    [
        ("nope", "not valid JSON"),
        ('{"format": "x"}', "not a webtabletop backup"),
        ('{"format": "webtabletop-backup", "version": 5}', "not supported"),
        (
            '{"format": "webtabletop-backup", "version": 1, "documents": {"evil": "x"}}',
            "not webtabletop data",
        ),
        (
            '{"format": "webtabletop-backup", "version": 1, "documents": {"webtabletop:thing": "{}"}}',
            "damaged",
        ),
    ],
)
def test_bad_imports_change_nothing(text, message):
    with pytest.raises(StorageError, match=message):
        storage.parse_import(text, {KEY: SCHEMA})
