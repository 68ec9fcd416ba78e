"""Deal v3 is the same bytes in CPython and in Pyodide (under Node.js): keys, decks and proofs
are derived from the secrets alone, so both runtimes must make identical messages, shares and
claims, and each must accept the other's."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"

SCRIPT = """
import hashlib, json
from webtabletop.fairplay.deal import FIRST, SECOND, DealKeys, DealMessage, check_message2, make_message1, make_message2
from webtabletop.fairplay.group import Group
from webtabletop.fairplay.opening import DealTable

def run(size=8):
    g = Group.default()
    ka = DealKeys(g, hashlib.sha256(b"x-a").digest(), b"cross", FIRST, size)
    kb = DealKeys(g, hashlib.sha256(b"x-b").digest(), b"cross", SECOND, size)
    m1 = make_message1(ka)
    m2 = make_message2(kb, DealMessage.decode(g, m1.encode(g), size))
    check_message2(g, b"cross", size, m1, m2)
    a, b = DealTable(ka, m1, m2), DealTable(kb, m1, m2)
    shares = a.shares_for([5, 6], b"3")
    cards = b.receive_shares([5, 6], shares, b"3")
    claim = b.claim([6], b"5")
    return {
        "m1": m1.encode(g).hex(),
        "m2": m2.encode(g).hex(),
        "shares": shares.encode(g).hex(),
        "cards": cards,
        "claim": claim.encode(g).hex(),
    }
"""


@pytest.mark.skipif(shutil.which("node") is None, reason="needs Node.js")
def test_deal_v3_is_identical_in_pyodide():
    if not (DIST / "lib" / "webtabletop.zip").exists():
        pytest.fail("dist/ is not built: run `python -m webtabletop build` first")
    proc = subprocess.run(
        ["node", str(Path(__file__).with_name("pyodide_run.mjs")), str(DIST)],
        input=SCRIPT + "\nprint(json.dumps(run()))\n",
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    got = json.loads(proc.stdout.strip().splitlines()[-1])
    namespace: dict = {}
    exec(SCRIPT, namespace)  # noqa: S102 (our own script, the same text Pyodide ran)
    assert got == namespace["run"]()
