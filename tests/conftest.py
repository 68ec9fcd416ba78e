"""Shared test settings: hypothesis profiles.

Every run, in CI and on a fresh clone, draws the same examples (profile ``ci``), so
``./scripts/dev test`` passes or fails the same way each time. To explore new examples while
working on a rule, run ``HYPOTHESIS_PROFILE=dev ./scripts/dev test tests/games``.
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "ci", max_examples=40, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("dev", max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def pytest_addoption(parser):
    parser.addoption(
        "--site-url",
        default=None,
        help="the published site the `deployed` browser tests drive (e.g. https://owner.github.io/repo/); "
        "default: dist/ served locally under /<repo>/ (tests/e2e/test_deployed_e2e.py)",
    )


#: test files whose tests each take tens of seconds (two browsers playing a match by links, a
#: cheater's whole game): run early, beside the long statistical tests
HEAVY_FILES = ("test_match_", "test_sht_cheater.py", "test_cheater.py", "test_deal_cheater.py")


def pytest_collection_modifyitems(items):
    """The long tests first (``slow``, then HEAVY_FILES), the rest in their usual order.

    pytest-xdist hands tests to its workers in this order as each asks for more: a two-minute
    test collected last leaves the other worker idle for two minutes at the end of the run,
    while one handed out first runs beside everything else. A stable sort: each group keeps its
    collection order, so a run is the same every time. ``WTT_REVERSE=1`` runs them in reverse
    order, to find a test that needs what an earlier test left (a module's shared page)."""

    def rank(item):
        if item.get_closest_marker("slow"):
            return 0
        return 1 if item.path.name.startswith(HEAVY_FILES) else 2

    items.sort(key=rank)
    if os.environ.get("WTT_REVERSE"):  # every test in reverse order: one that needs an earlier one fails
        items.reverse()
