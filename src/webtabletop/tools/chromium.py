"""Where the browser tests and benchmarks find Chromium, and how they start it.

Playwright cannot download its own browser here, so the system's Chromium is used (Debian's
``chromium``), or ``WTT_CHROMIUM``. The flags keep a headless run from reaching for Google's
services on a machine with no network but localhost.
"""

from __future__ import annotations

import os
import shutil

CHROMIUM = os.environ.get("WTT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
#: the browser tests' Chromium: Debian's ``chromium-headless-shell`` (the same engine without the
#: browser's own UI) when it is installed, else :data:`CHROMIUM`; ``WTT_CHROMIUM`` chooses for both.
#: Each test opens a fresh context and starts the engine in it: measured on 2 cores, six such
#: page starts cost 16-17 s of CPU in the shell against 29 s in the full browser, which makes
#: the shell the difference between a 40-minute and a 30-minute test run. Benchmarks keep
#: :data:`CHROMIUM`, what players run.
TEST_CHROMIUM = (
    os.environ.get("WTT_CHROMIUM") or shutil.which("chromium-headless-shell") or CHROMIUM
)
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
