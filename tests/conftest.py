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
