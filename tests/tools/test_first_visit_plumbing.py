"""The build's precache revisions (the contract between the build, the page and workbox) and the
Pages-like server that the first-visit benchmark and test use."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import urllib.request
from pathlib import Path

import pytest

from webtabletop.tools.precache import SELF, digest
from webtabletop.tools.serve import serve_in_thread

DIST = Path(__file__).resolve().parents[2] / "dist"


def page_config() -> dict:
    text = (DIST / "index.html").read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="wtt-config">(.*?)</script>', text, re.S)
    return json.loads(found.group(1))


@pytest.mark.skipif(not (DIST / "sw.js").exists(), reason="dist/ is not built")
def test_the_page_and_the_service_worker_hold_the_same_revisions_of_the_files_as_they_are():
    page = page_config()["precache"]
    worker = dict(re.findall(r'url:"([^"]+)",revision:"([^"]+)"', (DIST / "sw.js").read_text()))
    assert page == worker and len(page) > 20
    for path, revision in page.items():
        if path != SELF:  # web/keep.mjs checks each file by its SHA-256
            assert hashlib.sha256((DIST / path).read_bytes()).hexdigest().startswith(revision), path
    # the page cannot hold its own hash: it holds its revision, which is the hash of the page
    # with a mark in its place (so it changes whenever anything in the page does)
    text = (DIST / "index.html").read_text(encoding="utf-8")
    assert f'"{SELF}":"{page[SELF]}"' in text
    assert digest(text.replace(page[SELF], "0" * 20, 1).encode()) == page[SELF]


def fetch(url: str, **headers) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers)) as r:
            return r.status, dict(r.headers), r.read()
    except urllib.error.HTTPError as e:
        return e.code, dict(e.headers), b""


def test_the_pages_server_sends_what_github_pages_sends(tmp_path):
    wasm = bytes(range(256)) * 400
    (tmp_path / "a.wasm").write_bytes(wasm)
    (tmp_path / "a.zip").write_bytes(wasm)
    (tmp_path / "a.js").write_text("let x = 1;\n" * 500)
    server, url = serve_in_thread(tmp_path, pages=True)
    server.log = []
    try:
        status, headers, body = fetch(url + "a.wasm", **{"Accept-Encoding": "gzip"})
        assert status == 200 and headers["Content-Encoding"] == "gzip" and gzip.decompress(body) == wasm
        assert headers["Cache-Control"] == "max-age=600" and headers["Content-Type"] == "application/wasm"
        status, headers, body = fetch(url + "a.zip", **{"Accept-Encoding": "gzip"})
        assert "Content-Encoding" not in headers and body == wasm  # already compressed types: as they are
        status, headers, _ = fetch(url + "a.js", **{"Accept-Encoding": "gzip"})
        assert headers["Content-Encoding"] == "gzip"
        etag = headers["ETag"]
        status, _, body = fetch(url + "a.js", **{"If-None-Match": etag})
        assert status == 304 and body == b""
        status, headers, body = fetch(url + "a.js")
        assert "Content-Encoding" not in headers and body.startswith(b"let x")  # no gzip unless asked
        assert [(e["url"], e["status"]) for e in server.log][-2:] == [("/a.js", 304), ("/a.js", 200)]
        assert server.log[0]["bytes"] < len(wasm) / 2  # bytes on the wire
    finally:
        server.shutdown()
