"""Where the browser tests and benchmarks find Chromium, and how they start it.

Playwright cannot download its own browser here, so the system's Chromium is used (Debian's
``chromium``), or ``WTT_CHROMIUM``. The flags keep a headless run from reaching for Google's
services on a machine with no network but localhost.
"""

from __future__ import annotations

import os
import shutil

CHROMIUM = os.environ.get("WTT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
