"""Record files, backup files, every storage schema, options and the new-game form, fuzzed.

Each answer comes within a second and only GameError subclasses escape; a refused import or
form writes nothing; a document that reads cleanly reads the same again (so it can never crash
a later start).
"""

from __future__ import annotations

import contextlib
import json

import attrs
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from tests.app.harness import Page
from tests.fuzz.strategies import DEADLINE, GAMES, json_values, odd_json, options_for, played, within_limit
from webtabletop.app.data.flow import all_schemas, check_entry
from webtabletop.core import storage
from webtabletop.core.errors import GameError
from webtabletop.core.record import Record
from webtabletop.core.registry import get_game

FUZZ = settings(max_examples=300, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
RECORDS = [played(g, 5, 12).to_json() for g in GAMES]


def mutate_json(draw, value):
    """``value`` with one part replaced by any JSON value (or an odd number only Python reads)."""
    text = json.dumps(value)
    if draw(st.booleans()):
        path_value = draw(json_values)
        if isinstance(value, dict) and value:
            key = draw(st.sampled_from(sorted(value)))
            return json.dumps({**value, key: path_value}, allow_nan=True)
    pos = draw(st.integers(0, len(text)))
    cut = draw(st.integers(0, 5))
    return text[:pos] + draw(odd_json | st.text(max_size=4)) + text[pos + cut :]


@st.composite
def record_files(draw):
    return mutate_json(draw, dict(draw(st.sampled_from(RECORDS))))


@FUZZ
@seed(201)
@given(record_files())
def test_record_files(text):
    with within_limit("reading a record file"), contextlib.suppress(GameError):
        Record.loads(text).replay_upto()


def backup_text() -> str:
    page = Page(hash_="#/tsifrograd/play?vs=ai")
    page.send({"type": "move", "code": page.cells()[0]})
    page.send({"type": "hash", "hash": "#/sht/play?vs=human"})
    return storage.export_all(page.storage, "t")


BACKUP = json.loads(backup_text())


@st.composite
def backup_files(draw):
    data = json.loads(json.dumps(BACKUP))
    docs = data["documents"]
    key = draw(st.sampled_from(sorted(docs) + ["webtabletop:x", "webtabletop:htt:collection"]))
    inner = json.loads(docs[key]) if key in docs else {"schema": "htt-collection", "version": 1, "data": {}}
    docs[key] = mutate_json(draw, inner) if draw(st.booleans()) else mutate_json(draw, inner.get("data"))
    if draw(st.integers(0, 3)) == 0:
        return mutate_json(draw, data)
    return json.dumps(data, allow_nan=True)


@settings(max_examples=200, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@seed(202)
@given(backup_files())
def test_backup_files_import_all_or_nothing(text):
    page = Page(hash_="#/data")
    before = dict(page.storage)
    with within_limit("importing a backup"):
        page.send({"type": "import", "text": text, "name": "f.json"})
    if page.last["route"] == "game":  # the file was a record after all
        return
    if (
        "Nothing was imported" in page.last["html"]
        or "toast" in page.last
        and "Imported" not in page.last["toast"]
    ):
        assert page.storage == before and page.last["writes"] == []
    else:  # everything imported must open: every game replays, every document reads
        docs = storage.parse_import(text, all_schemas(), check_entry)
        for key in docs:
            assert page.storage[key] == docs[key]


SCHEMAS = sorted(all_schemas().items())


@st.composite
def documents(draw):
    prefix, schema = draw(st.sampled_from(SCHEMAS))
    key = prefix + (
        "tsifrograd:s1" if prefix.endswith("game:") else "tsifrograd" if prefix.endswith(":") else ""
    )
    if draw(st.booleans()):
        data = draw(json_values)
        version = draw(st.integers(0, schema.version + 1) | json_values)
        raw = json.dumps({"schema": schema.name, "version": version, "data": data}, allow_nan=True)
    else:
        good = {"record": RECORDS[-1], "cursor": 0, "players": {"kinds": ["human", "ai"]}, "updated": 1.0}
        sample = good if prefix.endswith("game:") else {"slot": "s1"} if prefix.endswith("last:") else {}
        raw = mutate_json(draw, {"schema": schema.name, "version": schema.version, "data": sample})
    return key, schema, raw


@FUZZ
@seed(203)
@given(documents())
def test_every_storage_schema(case):
    key, schema, raw = case
    with within_limit(f"reading {schema.name}"):
        result = storage.read({key: raw}, key, schema, remove=True)
    if result.data is None:
        assert [w.key for w in result.writes] in ([], [storage.set_aside({}, key, raw).key])
        assert result.removes == (storage.Remove(key, storage.set_aside({}, key, raw).key),)
    else:  # what reads cleanly reads the same again, and holds only finite numbers
        again = storage.read({key: storage.encode_doc(schema, result.data)}, key, schema)
        assert again.data == result.data
        json.dumps(result.data, allow_nan=False)


@FUZZ
@seed(204)
@given(st.sampled_from(GAMES).flatmap(lambda g: st.tuples(st.just(g), options_for(g))), st.integers(0, 2**32))
def test_options_dicts(case, seed_):
    game, options = case
    spec = get_game(game)
    with within_limit("checking options"):
        try:
            Record(game, options, seed_).replay_upto()
        except GameError:
            return
    spec.options_from_dict(options)  # accepted by the record: the options are valid


@st.composite
def forms(draw):
    game = draw(st.sampled_from(GAMES))
    names = [f.name for f in attrs.fields(get_game(game).options_class)]
    fields = names + ["player0", "player1", "level", "clock", "seed", "_preset"]
    text = st.text(max_size=12) | st.sampled_from(
        ["²", "9" * 5000, "-1", "ai", "human", "5+0", "NaN", "1e999", ""]
    )
    data = draw(st.dictionaries(st.sampled_from(fields) | st.text(max_size=5), text, max_size=6))
    return game, data


@settings(max_examples=200, deadline=DEADLINE, suppress_health_check=[HealthCheck.too_slow])
@seed(205)
@given(forms())
def test_the_new_game_form(case):
    game, data = case
    page = Page(hash_=f"#/{game}/new")
    with within_limit("submitting the new-game form"):
        page.send({"type": "form", "name": "new-game", "data": data})
    assert page.last["route"] in ("new", "game")
    if page.last["route"] == "new":
        assert page.last["writes"] == []
