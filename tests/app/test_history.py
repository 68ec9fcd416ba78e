"""The history of finished games (app/model/history.py, app/model/keeping.py, app/history/):
a finished game lands once, whatever reloads, replays or other tabs do; the cap warns before it is
reached and never drops a game silently; an unreadable document is kept aside; an older one is
migrated after a copy; the export is a file "Your data" imports back; results by opponent."""

from __future__ import annotations

import html
import json

import attrs
import pytest

from tests.app.harness import Page
from webtabletop.app.history import flow as historyflow
from webtabletop.app.history import stats
from webtabletop.app.model import history, keeping
from webtabletop.app.model.saves import GAME_PREFIX
from webtabletop.core import storage
from webtabletop.core.ending import is_ending, resign_code
from webtabletop.core.protocol import GameError

VS_EASY = "#/tsifrograd/play?vs=ai&level=easy"


@pytest.fixture(autouse=True)
def fresh_cache():
    history._PARSED.clear()
    yield
    history._PARSED.clear()


def resign(page: Page) -> dict:
    page.send({"type": "cmd", "name": "resign"})
    return page.send({"type": "cmd", "name": "resign-confirm"})


def kept(storage_: dict[str, str]) -> dict[str, str]:
    return {k: v for k, v in storage_.items() if k.startswith(history.HISTORY_PREFIX)}


def finished(fragment: str = VS_EASY, stored: dict | None = None, now: int = 1000) -> Page:
    page = Page(storage=stored, hash_=fragment)
    page.send({"type": "cmd", "name": "resign", "now": now})
    page.send({"type": "cmd", "name": "resign-confirm", "now": now})
    return page


def entry_doc(game: str = "htt", date: float = 1.7e12, **extra) -> dict:
    """A finished game's document as keeping writes it (a resignation at once, against the easy computer)."""
    data = {
        "game": game,
        "date": date,
        "opponent": {"kind": "ai", "level": "easy"},
        "side": 0,
        "result": {"winner": 1, "reason": "resignation"},
        "moves": 1,
        "record": {"format": "webtabletop-record", "version": 1, "game": game, "options": {}, "seed": 5, "moves": [resign_code(0)]},
    }
    return {**data, **extra}


def filled(n: int, start: float = 1.6e12) -> dict[str, str]:
    """``n`` finished games (distinct ids, one second apart, oldest first)."""
    return {history.key("htt", f"{i:016x}"): history.document(entry_doc(date=start + 1000 * i)) for i in range(n)}


# ---------------------------------------------------------------------- landing once
def test_a_game_against_the_computer_lands_once_with_its_record():
    page = finished()
    entries, bad = history.entries(page.storage)
    assert not bad and len(entries) == 1
    e = entries[0]
    assert (e.game, e.kind, e.opponent["level"], e.side, e.outcome, e.reason) == (
        "tsifrograd",
        "ai",
        "easy",
        0,
        "lost",
        "resignation",
    )
    assert e.record is not None and is_ending(e.record["moves"][-1])
    # the saved game remembers its history id: a reload that opens it again adds nothing
    again = Page(storage=page.storage, hash_="#/tsifrograd")
    assert again.state.session.kept == e.id and again.state.session.finished()
    assert kept(again.storage) == kept(page.storage)


@pytest.mark.parametrize("opponent", ["vs=ai&level=easy", "vs=ai&level=normal", "vs=ai&level=hard", "vs=human"])
@pytest.mark.parametrize("game", ["htt", "cardgo", "dumaraj", "sht", "tsifrograd"])
def test_every_game_against_every_opponent_lands(game, opponent):
    page = finished(f"#/{game}/play?{opponent}")
    (e,) = history.entries(page.storage)[0]
    level = opponent.partition("level=")[2]
    assert e.game == game and e.kind == ("ai" if level else "hotseat")
    assert e.opponent.get("level") == (level or None) and e.record is not None
    page.send({"type": "hash", "hash": "#/history"})
    assert f"data-opponent='{'ai:' + level if level else 'hotseat:'}'" in page.last["html"]


def test_two_games_played_alike_are_two_games():
    """The same shared position played twice (its saved game deleted in between) and resigned
    the same way: the same record, yet two games the player played."""
    start = Page(hash_="#/dumaraj/play?vs=human")
    link = start.send({"type": "cmd", "name": "copy-link"})["clipboard"].partition("#")[2]
    page = finished("#" + link, now=1000)
    for k in [k for k in page.storage if k.startswith(GAME_PREFIX)]:
        del page.storage[k]
    page = Page(storage=page.storage, hash_="#" + link, entropy=777)  # a later visit draws other numbers
    resign(page)
    found = history.entries(page.storage)[0]
    assert len(found) == 2 and found[0].record == found[1].record


def test_taking_moves_back_after_the_end_and_finishing_again_keeps_the_first_ending():
    page = Page(hash_="#/tsifrograd/play?vs=human")
    page.send({"type": "move", "code": page.cells()[0]})
    resign(page)
    first = kept(page.storage)
    assert len(first) == 1
    page.send({"type": "cmd", "name": "undo"})
    page.send({"type": "move", "code": page.cells()[0]})  # the game goes on from there: another game
    assert not page.state.session.finished()
    resign(page)
    assert page.state.session.finished() and kept(page.storage) == first


def test_a_hot_seat_game_is_kept_with_no_side_and_a_link_replay_is_not():
    page = finished("#/sht/play?vs=human")
    (e,) = history.entries(page.storage)[0]
    assert e.kind == "hotseat" and e.side is None and e.outcome == "1"
    # the finished game opened again from its share link is not a game played here
    link = historyflow.game_link(e)
    other = Page(hash_=link)
    assert other.state.session.finished() and not kept(other.storage)


def test_the_computer_against_itself_is_not_kept():
    page = Page(hash_="#/tsifrograd/new")
    page.send({"type": "form", "name": "new-game", "data": {"player0": "ai", "player1": "ai", "level": "easy"}})
    for _ in range(200):
        if page.state.session.finished():
            break
        page.send({"type": "ai"})
    assert page.state.session.finished() and not kept(page.storage)


def test_the_same_game_finished_in_two_tabs_lands_once():
    """Two tabs hold the same game; each resigns it the same way (the same record): one entry."""
    start = Page(hash_="#/tsifrograd/play?vs=human")
    start.send({"type": "move", "code": start.cells()[0]})
    a = Page(storage=start.storage, hash_="#/tsifrograd")
    b = Page(storage=start.storage, hash_="#/tsifrograd")
    answer = resign(a)
    for w in answer["writes"]:  # the storage events of a's writes reach b
        b.send({"type": "storage", "key": w["key"], "value": w["value"]})
        b.storage[w["key"]] = w["value"]
    resign(b)
    assert len(kept(b.storage)) == 1 and kept(a.storage) == kept(b.storage)


def test_another_tabs_game_is_not_lost_by_this_tabs():
    """Two tabs finish two games at once; each tab's storage event reaches the other: both stay."""
    start = Page()
    a = Page(storage=start.storage, hash_=VS_EASY, entropy=1)
    b = Page(storage=start.storage, hash_="#/htt/play?vs=ai&level=hard", entropy=2)
    wrote_a = resign(a)["writes"]
    wrote_b = resign(b)["writes"]
    for w in wrote_a:
        answer = b.send({"type": "storage", "key": w["key"], "value": w["value"]})
        if w["key"].startswith(history.HISTORY_PREFIX):
            assert answer.get("quiet") is True  # b shows a game: nothing to draw again
    for w in wrote_b:
        a.send({"type": "storage", "key": w["key"], "value": w["value"]})
    assert set(kept(a.app.state.store)) == set(kept(b.app.state.store))
    assert {e.game for e in history.entries(b.app.state.store)[0]} == {"tsifrograd", "htt"}
    # on the history page, another tab's game is drawn at once
    b.send({"type": "hash", "hash": "#/history"})
    more = finished("#/cardgo/play?vs=ai&level=normal", start.storage)
    (k,) = set(kept(more.storage))
    answer = b.send({"type": "storage", "key": k, "value": more.storage[k]})
    assert not answer["quiet"] and "Computer (normal)" in html.unescape(answer["html"])


# ---------------------------------------------------------------------- the cap
@pytest.fixture()
def small_cap(monkeypatch):
    monkeypatch.setattr(keeping, "CAP", 10)
    monkeypatch.setattr(keeping, "SUMMARY_CAP", 3)


def test_the_history_warns_from_nine_tenths_of_the_cap(small_cap):
    page = finished(stored=filled(7))
    assert not any("history of finished games" in n for n in page.state.notices)
    page = finished(stored=filled(8))  # the 9th game: 90%
    (notice,) = [n for n in page.state.notices if "history of finished games" in n]
    assert "90% full (9 of 10 games)" in notice and "Export it" in notice
    assert "new games will be kept as their results only" in notice
    assert "export-all" in page.last["html"]  # the notice offers the export, on the game screen
    page.send({"type": "hash", "hash": "#/history"})
    assert "90% full (9 of 10 games)" in html.unescape(page.last["html"])
    page.send({"type": "hash", "hash": "#/data"})
    assert "90% full (9 of 10 games)" in html.unescape(page.last["html"])


def test_a_full_history_keeps_a_new_game_as_its_result_and_says_so(small_cap):
    before = filled(10)
    page = finished(stored=before)
    new = set(kept(page.storage)) - set(before)
    (k,) = new
    e = history.entry(k, page.storage[k])
    assert e.summary and e.record is None and e.outcome == "lost"  # it still counts
    assert all(page.storage[old] == raw for old, raw in before.items())  # nothing older changed
    assert any("kept as its result only" in n for n in page.state.notices)
    # its full record is still the saved game's
    assert any(k.startswith("webtabletop:game:tsifrograd:") for k in page.storage)


def test_with_consent_the_oldest_game_makes_room_and_is_kept_as_its_result(small_cap):
    before = filled(10)
    page = Page(storage=before, hash_="#/history")
    page.send({"type": "cmd", "name": "history-trim", "arg": "on"})
    assert page.state.settings["history_trim"] is True
    page.send({"type": "hash", "hash": VS_EASY})
    resign(page)
    entries = {e.key: e for e in history.entries(page.storage)[0]}
    oldest = min(before)  # filled() numbers them oldest first
    assert entries[oldest].summary and not entries[oldest].record
    assert sum(1 for e in entries.values() if not e.summary) == 10
    (new,) = set(entries) - set(before)
    assert not entries[new].summary
    assert any("its oldest game is now kept as its result only, as you allowed" in n for n in page.state.notices)


def test_past_the_summaries_cap_a_game_is_not_kept_and_the_player_is_told(small_cap):
    stored = filled(10)
    for i in range(3):  # three summaries already: the summaries' cap
        summary = history.as_summary(history.document(entry_doc("sht", date=1.5e12 + i)))
        stored[history.key("sht", f"{i + 100:016x}")] = summary
    page = finished(stored=stored)
    assert kept(page.storage) == stored
    assert any("this game was not added" in n for n in page.state.notices)


def test_a_deleted_game_is_asked_first_and_makes_room():
    page = Page(storage=filled(2), hash_="#/history")
    k = min(filled(2))
    page.send({"type": "cmd", "name": "history-delete", "arg": k})
    assert "Delete this game from your history for good?" in html.unescape(page.last["html"])
    assert k in page.storage
    page.send({"type": "cmd", "name": "history-delete-no"})
    assert k in page.storage
    page.send({"type": "cmd", "name": "history-delete", "arg": k})
    page.send({"type": "cmd", "name": "history-delete-yes", "arg": k})
    assert k not in page.storage and len(kept(page.storage)) == 1


# ---------------------------------------------------------------------- documents
def test_a_damaged_document_is_kept_aside_never_deleted():
    stored = filled(2)
    broken = history.key("htt", "00000000000000ff")
    stored[broken] = '{"schema": "finished-game", "version": 1, "data": {"game": "htt"}}'
    misnamed = history.key("sht", "00000000000000fe")  # an htt game under an sht name
    stored[misnamed] = history.document(entry_doc())
    page = Page(storage=stored, hash_="#/history")
    assert broken not in page.storage and misnamed not in page.storage
    copies = {k: v for k, v in page.storage.items() if k.startswith(storage.ASIDE)}
    assert sorted(copies.values()) == sorted([stored[broken], stored[misnamed]])
    assert len(page.state.notices) == 2
    assert len(kept(page.storage)) == 2  # the readable games are untouched


def test_an_older_document_is_migrated_after_a_copy(monkeypatch):
    """Version 2 of the document (here: a made-up field) migrates version 1 only after a backup."""
    stored = filled(1)
    (k,) = stored

    def add_note(data):
        return {**data, "note": "v2"}

    def validate(data):
        note = data.get("note")
        out = history._validate(data)
        return {**out, "note": note} if note == "v2" else out

    monkeypatch.setattr(history, "FINISHED", attrs.evolve(history.FINISHED, version=2, validate=validate, migrations={1: add_note}))
    page = Page(storage=stored, hash_="#/history")
    backup = f"{storage.BACKUP}{storage.label(k)}:v1"
    assert page.storage[backup] == stored[k]
    doc = json.loads(page.storage[k])
    assert doc["version"] == 2 and doc["data"]["note"] == "v2"
    writes = [w["key"] for w in page.last["writes"]]
    assert writes.index(backup) < writes.index(k)  # the copy is written first


def test_a_newer_document_is_kept_aside():
    stored = filled(1)
    (k,) = stored
    stored[k] = stored[k].replace('"version":1', '"version":9')
    page = Page(storage=stored, hash_="#/history")
    assert k not in page.storage and stored[k] in page.storage.values()
    assert any("newer version" in n for n in page.state.notices)


@pytest.mark.parametrize(
    "change",
    [
        {"moves": 7},  # not the record's length
        {"opponent": {"kind": "ai", "level": "godlike"}},
        {"opponent": {"kind": "hotseat"}},  # hot-seat with a side
        {"result": {"winner": True, "reason": "x"}},
        {"date": float("inf")},
        {"game": "chess"},
        {"link": "https://elsewhere.example/"},
        {"check": "verified"},  # only a game with a friend has one
        {"summary": True},  # a summary with a record
    ],
)
def test_the_document_is_validated(change):
    with pytest.raises((ValueError, GameError)):
        history.document(entry_doc(**change))


# ---------------------------------------------------------------------- export, import, review
def test_the_export_is_a_file_your_data_imports_back():
    played = finished()
    played = finished("#/sht/play?vs=human", played.storage)
    page = Page(storage=played.storage, hash_="#/history")
    answer = page.send({"type": "cmd", "name": "history-export"})
    file = answer["download"]
    assert file["name"] == "webtabletop-history.json"
    fresh = Page(hash_="#/data")
    fresh.send({"type": "import", "name": file["name"], "text": file["text"]})
    assert fresh.state.import_report["ok"], fresh.state.import_report
    assert kept(fresh.storage) == kept(played.storage)
    fresh.send({"type": "hash", "hash": "#/history"})
    assert html.unescape(fresh.last["html"]) == html.unescape(
        Page(storage=played.storage, hash_="#/history").last["html"]
    )


def test_an_import_with_a_forged_game_imports_nothing():
    page = finished()
    (k,) = kept(page.storage)
    doc = json.loads(page.storage[k])
    doc["data"]["record"]["moves"] = ["zz9"] + doc["data"]["record"]["moves"]
    doc["data"]["moves"] += 1
    text = storage.export_all({k: json.dumps(doc)}, "test")
    fresh = Page(hash_="#/data")
    fresh.send({"type": "import", "name": "forged.json", "text": text})
    assert not fresh.state.import_report["ok"] and not kept(fresh.storage)
    assert "do not replay" in html.unescape(fresh.last["html"])


def test_a_kept_game_reopens_in_the_review_and_its_link_is_copied():
    page = finished("#/tsifrograd/play?vs=human")
    (e,) = history.entries(page.storage)[0]
    page.send({"type": "hash", "hash": "#/history"})
    assert f"#/tsifrograd/review?h={e.id}" in page.last["html"]
    page.send({"type": "hash", "hash": f"#/tsifrograd/review?h={e.id}&b=easy"})
    assert page.state.route[0] == "review" and page.hash.startswith("#/tsifrograd/review?r=")
    page.send({"type": "hash", "hash": "#/history"})
    answer = page.send({"type": "cmd", "name": "history-copy-link", "arg": e.key})
    assert answer["clipboard"] == "http://x/" + historyflow.game_link(e)
    missing = page.send({"type": "hash", "hash": "#/tsifrograd/review?h=0123456789abcdef"})
    assert page.state.route[0] == "error" and "not in this browser's history" in html.unescape(missing["html"])


# ---------------------------------------------------------------------- results by opponent
def _entry(**kw) -> history.Entry:
    base = dict(
        key="k", id="0" * 16, game="htt", date=1.0, opponent={"kind": "ai", "level": "easy"}, side=0, winner=0,
        reason="r", moves=1, record=None, link=None, check=None, timed=False, summary=False, size=1,
    )
    return history.Entry(**{**base, **kw})


def test_results_by_opponent_and_win_rates():
    rows = stats.by_opponent(
        [
            _entry(winner=0),
            _entry(winner=1),
            _entry(winner=None),
            _entry(opponent={"kind": "ai", "level": "hard"}, side=1, winner=1),
            _entry(opponent={"kind": "friend", "match": "a" * 16, "name": "Ann"}, winner=0),
            _entry(opponent={"kind": "friend", "match": "b" * 16, "name": "Ann"}, winner=1),
            _entry(opponent={"kind": "friend", "match": "c" * 16, "name": "Ann"}, winner=1, check="cheat-friend"),
            _entry(opponent={"kind": "friend", "match": "d" * 16}, winner=0),
            _entry(opponent={"kind": "hotseat"}, side=None, winner=1),
            _entry(opponent={"kind": "hotseat"}, side=None, winner=None),
        ]
    )
    by = {r.key: r for r in rows}
    assert [r.key for r in rows] == [("ai", "easy"), ("ai", "hard"), ("friend", "Ann"), ("friend", "d" * 16), ("hotseat", "")]
    easy = by[("ai", "easy")]
    assert (easy.games, easy.won, easy.drawn, easy.lost) == (3, 1, 1, 1) and easy.rate == pytest.approx(1 / 3)
    assert by[("ai", "hard")].rate == 1.0
    ann = by[("friend", "Ann")]
    assert (ann.games, ann.won, ann.lost, ann.uncounted, ann.rate) == (3, 1, 1, 1, 0.5)
    hot = by[("hotseat", "")]
    assert hot.rate is None and hot.sides == (0, 1) and hot.games == 2
    all_ = stats.total(rows)
    assert (all_.games, all_.won, all_.drawn, all_.lost, all_.uncounted) == (8, 4, 1, 2, 1)


def test_the_page_shows_results_per_game_and_overall():
    page = finished()
    page = finished("#/htt/play?vs=ai&level=hard", page.storage)
    page = finished("#/htt/play?vs=human", page.storage)
    page.send({"type": "hash", "hash": "#/history"})
    text = html.unescape(page.last["html"])
    for label in ("Computer (easy)", "Computer (hard)", "Hot-seat (both sides on this device)", "All opponents"):
        assert label in text
    assert "In hot-seat you play both sides: Blue won 0, Red won 1." in text
    page.send({"type": "hash", "hash": "#/history?game=htt"})
    text = html.unescape(page.last["html"])
    assert "Results by opponent in Hexagonal Triple Triad" in text and "Computer (easy)" not in text


def test_a_friend_is_named_and_the_name_counts_their_games_together():
    stored = {}
    for i, mid in enumerate(("1" * 16, "2" * 16)):
        doc = entry_doc("dumaraj", date=1.7e12 + i, opponent={"kind": "friend", "match": mid}, check="verified")
        doc.pop("record")
        doc["moves"] = 0
        stored[history.key("dumaraj", history.friend_id(mid))] = history.document(doc)
    page = Page(storage=stored, hash_="#/history")
    assert html.unescape(page.last["html"]).count("A friend (game of") == 4  # two rows, two list items
    for k in stored:
        page.send({"type": "form", "name": "friend-name", "data": {"key": k, "name": "  Ann \u0007 "}})
    text = html.unescape(page.last["html"])
    assert "Friend: Ann" in text and "A friend (game of" not in text
    assert [e.opponent.get("name") for e in history.entries(page.storage)[0]] == ["Ann", "Ann"]


# ---------------------------------------------------------------------- games with a friend
@pytest.mark.parametrize("game", ["dumaraj", "tsifrograd"])
def test_a_game_with_a_friend_lands_once_on_each_side(game):
    """Settled (over, link sent) here: the resigner's side when it makes its link, the other's when
    the link arrives; opening the link again adds nothing. DumaRaj (no dice, no hidden cards) keeps
    a record for the review; Tsifrograd's dice come from the links, so it keeps the link."""
    from tests.app.test_match_endings import started
    from tests.app.test_match_flow import open_link, shared_link

    a, b = started(game)
    waiting = b if a.state.match_open.match.my_link else a
    other = a if waiting is b else b
    waiting.send({"type": "cmd", "name": "match-resign"})
    waiting.send({"type": "cmd", "name": "match-resign-yes"})
    link = shared_link(waiting)
    open_link(other, link)
    (mine,) = history.entries(waiting.storage)[0]
    (theirs,) = history.entries(other.storage)[0]
    assert mine.id == theirs.id and mine.kind == theirs.kind == "friend"
    assert (mine.outcome, theirs.outcome, mine.check) == ("lost", "won", "verified")
    assert (mine.record is not None) == (game == "dumaraj") and mine.link is not None
    open_link(other, link)
    other.send({"type": "hash", "hash": "#/history"})
    assert len(kept(other.storage)) == 1
    text = html.unescape(other.last["html"])
    assert "A friend (game of" in text and ("Review" in text) == (game == "dumaraj")


def test_a_kept_game_that_ended_in_a_resignation_is_reviewed_to_its_end():
    """The review of a kept game analyses every move and says the resignation is no move to judge."""
    page = Page(hash_=VS_EASY)
    page.send({"type": "move", "code": page.cells()[0]})
    page.send({"type": "ai"})
    resign(page)
    (e,) = history.entries(page.storage)[0]
    answer = page.send({"type": "hash", "hash": f"#/tsifrograd/review?h={e.id}"})
    page.send({"type": "hash", "hash": answer["hash"]})
    for _ in range(20):
        answer = page.send({"type": "review-step"})
        assert "toast" not in answer or "not a legal move" not in answer["toast"]
    assert page.state.review.reviewer.done
    text = html.unescape(page.send({"type": "cmd", "name": "last"})["html"])
    assert "resigns: the game ends here. An ending is not a move on the board" in text
