"""A small static HTTP server for dist/ (what GitHub Pages serves), with correct MIME types."""

from __future__ import annotations

import functools
import http.server
import socketserver
import threading
from pathlib import Path

MIME = {
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".wasm": "application/wasm",
    ".webmanifest": "application/manifest+json",
    ".toml": "text/plain",
    ".py": "text/plain",
}


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME}

    def log_message(self, format, *args):  # noqa: A002 - quiet by default
        if getattr(self.server, "verbose", False):
            super().log_message(format, *args)

    def do_GET(self):  # noqa: N802 - http.server's naming
        log = getattr(self.server, "requested", None)
        if log is not None:  # tests read which files the page asked for
            log.append(self.path.split("?", 1)[0].split("#", 1)[0].lstrip("/"))
        super().do_GET()

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    requested: list[str] | None = None  # set to a list to record every GET path

    def handle_error(self, request, client_address):
        import sys

        if isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            return  # a browser closed a page mid-download (tests and benchmarks do): not an error
        super().handle_error(request, client_address)


def make_server(root: Path, host: str = "127.0.0.1", port: int = 8000, verbose: bool = False) -> Server:
    server = Server((host, port), functools.partial(Handler, directory=str(root)))
    server.verbose = verbose
    return server


def serve_in_thread(root: Path, host: str = "127.0.0.1", port: int = 0) -> tuple[Server, str]:
    server = make_server(root, host, port)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"
