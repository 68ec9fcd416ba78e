"""Browser tests against the built site (dist/), served over local HTTP like GitHub Pages.

Chromium comes from the system (Debian's ``chromium-headless-shell``, else ``chromium``; see
webtabletop/tools/chromium.py); Playwright cannot download its own here. Set WTT_CHROMIUM to use
another binary. The site must be built first (``python -m webtabletop
build``; ./scripts/dev test does it).
"""

from __future__ import annotations

import contextlib
import os
import sys
from pathlib import Path

import pytest

from tests.e2e.helpers import ENGINE_HOOKS, JITTER, idle
from webtabletop.tools.chromium import ARGS as CHROMIUM_ARGS
from webtabletop.tools.chromium import TEST_CHROMIUM
from webtabletop.tools.serve import serve_in_thread

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
READY_TIMEOUT = 90_000


def pytest_collection_modifyitems(items):
    for item in items:
        if "/e2e/" in str(item.fspath):
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": TEST_CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser(browser):
    """pytest-playwright's browser; with WTT_E2E_JITTER=ms (tests/e2e/stress.py --jitter) every
    context it opens delays each engine answer by a random 0..ms (a slow, loaded machine)."""
    jitter = int(os.environ.get("WTT_E2E_JITTER") or 0)
    if jitter > 0:
        new_context = browser.new_context

        def jittery(*args, **kwargs):
            ctx = new_context(*args, **kwargs)
            ctx.add_init_script(ENGINE_HOOKS)
            ctx.add_init_script(JITTER % jitter)
            return ctx

        browser.new_context = jittery
    return browser


@pytest.fixture(autouse=True)
def _every_context_keeps_its_artifacts(request, pytestconfig):
    """With --tracing or --screenshot (CI: the artifacts of failed tests), the contexts a test opens
    itself through ``browser.new_context`` (a phone, a friend's browser) go through
    pytest-playwright's ``new_context`` factory too, so their traces and screenshots are kept like
    the ``page`` fixture's. Off by default: nothing changes for a normal or a stress run."""
    wanted = any(pytestconfig.getoption(o, default="off") != "off" for o in ("--tracing", "--screenshot"))
    if not wanted or "browser" not in request.fixturenames:
        yield
        return
    browser = request.getfixturevalue("browser")
    factory = request.getfixturevalue("new_context")
    direct = browser.new_context

    def recorded(*args, **kwargs):
        if args or sys._getframe(1).f_code.co_name == "_new_context":
            return direct(*args, **kwargs)  # the factory's own call (or an unusual one): as it was
        return factory(**kwargs)

    browser.new_context = recorded
    yield
    browser.new_context = direct


@pytest.fixture(scope="session")
def site():
    """Serve dist/ on a free localhost port for the whole session; yields the base URL."""
    if not (DIST / "index.html").exists():
        pytest.fail("dist/ is not built: run `python -m webtabletop build` first")
    server, url = serve_in_thread(DIST)
    yield url
    server.shutdown()


@pytest.fixture()
def server_control():
    """A separate server for tests that stop it (offline test)."""
    server, url = serve_in_thread(DIST)
    yield server, url
    with contextlib.suppress(Exception):
        server.shutdown()


def wait_ready(page, timeout=READY_TIMEOUT):
    """Wait until the page has started (the engine answered, kept clicks replayed) and is idle."""
    idle(page, timeout)


def open_app(page, base, fragment=""):
    page.goto(base + fragment)
    wait_ready(page)


@pytest.fixture()
def phone(browser):
    """A 390×844 touch phone (tests/e2e/helpers.py: PHONE)."""
    from tests.e2e.helpers import PHONE

    ctx = browser.new_context(**PHONE)
    page = ctx.new_page()
    yield page
    ctx.close()
