"""A small static HTTP server for dist/ (what GitHub Pages serves), with correct MIME types.

Two modes. The default (``./scripts/dev serve``, the tests) sends ``Cache-Control: no-cache`` and
no compression. ``pages=True`` sends what GitHub Pages sends, so that benchmarks and the
first-visit tests see a real first visit: ``Cache-Control: max-age=600``, an ``ETag`` (a
conditional request gets ``304``), and gzip for the types Pages compresses (text, JavaScript,
JSON, SVG, WebAssembly; not ``.zip``, ``.whl``, ``.gz``, ``.mo`` or images, which it sends as
they are); ``pages=True, compress=False`` the same without compression (a host that sends files
as they are). Either mode can keep a log of every request (:attr:`Server.requested` for the paths,
:attr:`Server.log` for URL, status, the bytes of the body on the wire and when, by the clock, it was asked for).
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import hashlib
import http.server
import os
import socketserver
import threading
import time
from pathlib import Path

MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".py": "text/plain",
    ".mo": "application/octet-stream",
    ".gz": "application/gzip",
    ".whl": "application/zip",
}
#: what GitHub Pages gzips (by type; it offers no brotli)
COMPRESSED = (
    "text/",
    "application/javascript",
    "application/json",
    "application/manifest+json",
    "image/svg+xml",
    "application/wasm",
)


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}
    server: Server  # the only server this handler is made for (make_server)

    def log_message(self, format, *args):  # noqa: A002 - quiet by default
        if self.server.verbose:
            super().log_message(format, *args)

    def do_GET(self):  # noqa: N802 - http.server's naming
        log = getattr(self.server, "requested", None)
        if log is not None:  # tests read which files the page asked for
            log.append(self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/"))
        if getattr(self.server, "pages", False):
            self.pages_get()
        else:
            super().do_GET()

    def end_headers(self):
        if not getattr(self.server, "pages", False):
            self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    # --- GitHub Pages' headers ---
    def record(self, status: int, body: int, encoding: str = "") -> None:
        log = getattr(self.server, "log", None)
        if log is not None:
            log.append(
                {
                    "url": self.path,
                    "status": status,
                    "bytes": body,
                    "encoding": encoding,
                    "t": time.time(),
                }
            )

    def pages_get(self) -> None:
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            path = os.path.join(path, "index.html")
        if not os.path.isfile(path):
            self.record(404, 0)
            self.send_error(404)
            return
        ctype = self.guess_type(path)
        body, etag = self.server.content(path, self.server.compress and ctype.startswith(COMPRESSED))
        encoding = "gzip" if body is not None and "gzip" in self.headers.get("Accept-Encoding", "") else ""
        if not encoding:
            body = Path(path).read_bytes()
        if self.headers.get("If-None-Match") == etag:
            self.record(304, 0)
            self.send_response(304)
            self.send_header("ETag", etag)
            self.send_header("Cache-Control", "max-age=600")
            self.end_headers()
            return
        self.record(200, len(body), encoding)
        self.send_response(200)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "max-age=600")
        self.send_header("ETag", etag)
        self.send_header("Vary", "Accept-Encoding")
        if encoding:
            self.send_header("Content-Encoding", encoding)
        self.end_headers()
        with contextlib.suppress(ConnectionResetError, BrokenPipeError):
            self.wfile.write(body)


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    requested: list[str] | None = None  # set to a list to record every GET path
    log: list[dict] | None = None  # set to a list to record every GET (pages mode): url, status, bytes
    pages = False
    compress = True  # pages mode: gzip what GitHub Pages gzips
    verbose = False  # log every request to stderr

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._gzipped: dict[tuple[str, float], tuple[bytes | None, str]] = {}
        self._lock = threading.Lock()

    def content(self, path: str, compress: bool) -> tuple[bytes | None, str]:
        """(the gzipped body or None, the ETag) of a file, computed once per version of it."""
        key = (path, os.stat(path).st_mtime)
        with self._lock:
            if key not in self._gzipped:
                raw = Path(path).read_bytes()
                etag = '"' + hashlib.sha1(raw).hexdigest()[:16] + '"'
                self._gzipped[key] = (gzip.compress(raw, 6, mtime=0) if compress else None, etag)
            return self._gzipped[key]

    def handle_error(self, request, client_address):
        import sys

        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return  # a browser closed a page mid-download (tests and benchmarks do): not an error
        super().handle_error(request, client_address)


def make_server(
    root: Path,
    host: str = "127.0.0.1",
    port: int = 8000,
    verbose: bool = False,
    pages: bool = False,
    compress: bool = True,
) -> Server:
    server = Server((host, port), functools.partial(Handler, directory=str(root)))
    server.verbose = verbose
    server.pages = pages
    server.compress = compress
    return server


def serve_in_thread(
    root: Path, host: str = "127.0.0.1", port: int = 0, pages: bool = False, compress: bool = True
) -> tuple[Server, str]:
    server = make_server(root, host, port, pages=pages, compress=compress)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"
