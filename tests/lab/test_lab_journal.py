"""``lab --journal FILE``: a stopped run goes on from its journal and gives the same JSON as one
that never stopped; a journal of another set-up, or a file that is no journal, is refused and
left as it was."""

import json

import pytest

from webtabletop.cli import main
from webtabletop.lab import run as lab_run
from webtabletop.lab.batch import Batch
from webtabletop.lab.journal import Journal

pytestmark = pytest.mark.xdist_group("lab")

SETUP = ["tsifrograd", "--games", "4", "--players", "random,easy", "--eval", "easy", "--seed", "9"]


def lab(capsys, *extra):
    code = main(["lab", *SETUP, "--json", "--quiet", "--workers", "1", *extra])
    out, err = capsys.readouterr()
    return code, (json.loads(out.strip().splitlines()[-1]) if code == 0 else None), err


def test_a_run_stopped_halfway_goes_on_from_its_journal_to_the_same_json(capsys, tmp_path, monkeypatch):
    _, whole, _ = lab(capsys)
    journal = tmp_path / "tsifrograd.jsonl"
    assert lab(capsys, "--journal", str(journal))[1] == whole
    lines = journal.read_text().splitlines()
    assert json.loads(lines[0])["setup"]["games"] == 4 and len(lines) == 5  # set-up + one line a game
    # the run "stopped" after two games, in the middle of writing the third
    journal.write_text("\n".join(lines[:3]) + "\n" + lines[3][: len(lines[3]) // 2])
    played = []
    real = lab_run.play_task
    monkeypatch.setattr(lab_run, "play_task", lambda task: played.append(task[2]) or real(task))
    assert lab(capsys, "--journal", str(journal))[1] == whole
    assert played == [2, 3]  # only the games not yet written down
    results = [json.loads(x) for x in journal.read_text().splitlines()[1:] if x.endswith("}")]
    assert sorted(r["index"] for r in results if "variant" in r) == [0, 1, 2, 3]


def test_a_journal_of_another_setup_or_no_journal_is_refused_and_kept(capsys, tmp_path):
    journal = tmp_path / "run.jsonl"
    Journal(journal).load(Batch("tsifrograd", games=2, seed=9))
    before = journal.read_bytes()
    code, _, err = lab(capsys, "--journal", str(journal))
    assert code == 1 and "journal of another set-up" in err and "Traceback" not in err
    assert journal.read_bytes() == before
    other = tmp_path / "notes.txt"
    other.write_text("my notes\n")
    code, _, err = lab(capsys, "--journal", str(other))
    assert code == 1 and "not a lab journal" in err
    assert other.read_text() == "my notes\n"
