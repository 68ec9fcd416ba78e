"""Small helpers for e2e tests: reading the board, clicking, waiting for the next render."""

from __future__ import annotations


def renders(page) -> int:
    return int(page.get_attribute("body", "data-renders") or 0)


def act(page, locator, timeout=30_000):
    """Click ``locator`` and wait for the app's next render (every action re-renders #app)."""
    before = renders(page)
    locator.click()
    page.wait_for_function(f"Number(document.body.dataset.renders || 0) > {before}", timeout=timeout)


def board_labels(page) -> list[str]:
    return page.eval_on_selector_all(
        ".board [aria-label]", "els => els.map(e => e.getAttribute('aria-label'))"
    )


def log_count(page) -> int:
    return page.locator(".log li").count()
