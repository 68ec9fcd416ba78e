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


def test_an_export_of_some_documents_imports_back_and_leaves_the_others_alone():
    """A file of part of the namespace (the history's export: one kind of document) is a backup
    like any other: imported, it writes its own documents and touches no other."""
    kind = Schema("item", 1, validate)
    items = {f"{PREFIX}item:{i}": storage.write(kind, f"{PREFIX}item:{i}", {"n": i}).value for i in range(3)}
    text = storage.export_all(items, "0.1")
    docs = storage.parse_import(text, {PREFIX + "item:": kind, KEY: SCHEMA})
    assert docs == items
    elsewhere = {KEY: storage.write(SCHEMA, KEY, {"n": 9}).value, f"{PREFIX}item:1": items[f"{PREFIX}item:1"]}
    writes = storage.import_writes(elsewhere, docs)
    assert {w.key for w in writes} == {f"{PREFIX}item:0", f"{PREFIX}item:2"}  # the same entry is not rewritten


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


def test_a_document_already_kept_aside_is_not_copied_again():
    snap = {KEY: "bad", PREFIX + "aside:thing:1": "bad"}
    result = storage.read(snap, KEY, SCHEMA, remove=True)
    assert result.writes == () and "aside:thing:1" in result.problem
    assert result.removes == (storage.Remove(KEY, PREFIX + "aside:thing:1"),)


def test_new_copies_are_numbered_above_every_earlier_one():
    # numbers grow with age, so the lowest numbers are the oldest copies even after a deletion
    snap = {KEY: "bad", PREFIX + "aside:thing:3": "older"}
    assert storage.read(snap, KEY, SCHEMA).writes[0].key == PREFIX + "aside:thing:4"


@pytest.mark.parametrize("number", ["NaN", "Infinity", "-Infinity", "1e999"])
def test_non_finite_numbers_are_refused(number):
    raw = '{"schema": "thing", "version": 2, "data": {"n": ' + number + "}}"
    result = storage.read({KEY: raw}, KEY, SCHEMA)
    assert result.data is None and "not finite" in result.problem


def test_a_validator_that_crashes_sets_the_document_aside():
    def crash(data):
        raise RecursionError("deep")

    schema = Schema("thing", 1, crash)
    raw = storage.encode_doc(schema, {"n": 1})
    result = storage.read({KEY: raw}, KEY, schema)
    assert result.data is None and result.writes[0].value == raw


def test_oldest_copies_go_first_until_the_rest_fit():
    snap = {PREFIX + "aside:a:1": "x" * 10, PREFIX + "aside:b:2": "y" * 10, PREFIX + "aside:a:3": "z" * 10}
    size = storage.aside_size(snap)
    assert storage.oldest_asides(snap, size) == []
    assert storage.oldest_asides(snap, size - 1) == [PREFIX + "aside:a:1"]
    assert storage.oldest_asides(snap, 0) == [PREFIX + "aside:a:1", PREFIX + "aside:b:2", PREFIX + "aside:a:3"]


def test_an_import_lists_every_bad_entry():
    docs = {
        KEY: storage.encode_doc(SCHEMA, {"n": "x"}),
        PREFIX + "unknown": "{}",
        PREFIX + "aside:thing:1": "anything",
        PREFIX + "thing2": storage.encode_doc(SCHEMA, {"n": 1}),
    }
    text = json.dumps({"format": "webtabletop-backup", "version": 1, "documents": docs})
    with pytest.raises(storage.ImportRefused) as info:
        storage.parse_import(text, {KEY: SCHEMA})
    keys = [k for k, _why in info.value.problems]
    # "thing2" is not "thing": a schema without a trailing ":" names one exact key
    assert keys == [KEY, PREFIX + "unknown", PREFIX + "thing2"]
    assert "nothing was imported: 3 of 4 entries" in str(info.value)


def test_an_import_runs_the_deep_check_and_survives_its_crashes():
    good = storage.encode_doc(SCHEMA, {"n": 1})
    text = json.dumps({"format": "webtabletop-backup", "version": 1, "documents": {KEY: good}})

    def deep(key, data):
        raise KeyError("boom")

    with pytest.raises(storage.ImportRefused, match="cannot be read"):
        storage.parse_import(text, {KEY: SCHEMA}, deep)
