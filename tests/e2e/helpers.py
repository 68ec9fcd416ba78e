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


# --- phones: a 390×844 touch screen (reused by every game's e2e tests) ---
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
#: the smallest touch target (CSS px); board cells may be smaller only at the largest board that fits
MIN_TARGET = 44
INTERACTIVE = "a[href], button, select, input, textarea, [data-move], [data-pick], [data-cmd], [data-drag], [role=button]"


def wait_render(page, before, timeout=30_000):
    page.wait_for_function(f"Number(document.body.dataset.renders || 0) > {before}", timeout=timeout)


def center(target):
    """The centre of a locator (or an (x, y) point) in CSS px."""
    if isinstance(target, tuple):
        return target
    # found and measured in one step in the page: a late answer (a drag's hover preview) may
    # replace the board's HTML between a locator's lookup and a separate measurement
    box = target.evaluate("e => { const r = e.getBoundingClientRect(); return r.width && r.height ? r.toJSON() : null; }")
    assert box is not None, "the element is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def touch_drag(page, source, target, steps=8):
    """A real one-finger touch drag (Chromium turns touch events into pointer events) from the
    centre of ``source`` to the centre of ``target`` (a locator or an (x, y) point)."""
    (ax, ay), (bx, by) = center(source), center(target)
    cdp = page.context.new_cdp_session(page)
    try:
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": ax, "y": ay}]})
        for i in range(1, steps + 1):
            x, y = ax + (bx - ax) * i / steps, ay + (by - ay) * i / steps
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
            page.wait_for_timeout(16)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    finally:
        cdp.detach()


#: what must be on screen without scrolling: the board, the prompt and the player's hand (the
#: panel's interactive things: hand cards, dice, choices; not a log further down the panel)
FIT_PARTS = (".board-wrap", ".side > .prompt", ".panel [data-drag]", ".panel [data-pick]", ".panel [data-move]")


def assert_fits(page, parts=FIT_PARTS):
    """The board, the player's hand and the prompt are inside the viewport (scrolled to the top),
    and nothing overflows sideways."""
    page.evaluate("window.scrollTo(0, 0)")
    size = page.viewport_size
    for selector in parts:
        for box in [el.bounding_box() for el in page.locator(selector).all()]:
            if box is None or box["height"] == 0:
                continue
            assert box["y"] >= -1 and box["y"] + box["height"] <= size["height"] + 1, (selector, box, size)
            assert box["x"] >= -1 and box["x"] + box["width"] <= size["width"] + 1, (selector, box, size)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"the page is {overflow} px wider than the screen"


def small_targets(page, minimum=MIN_TARGET):
    """Visible interactive elements smaller than ``minimum`` CSS px (board cells are measured
    against the board: a cell may be as small as the board's cells at the largest board that fits;
    a link inside a sentence may be as tall as the line it sits in)."""
    return page.evaluate(
        """([sel, min]) => [...document.querySelectorAll(sel)].filter((el) => {
            if (el.closest('.visually-hidden, .skip, [hidden], .wtt-float')) return false;
            const r = el.getBoundingClientRect();
            if (r.width === 0 || r.height === 0) return false;
            const s = getComputedStyle(el);
            if (s.visibility === 'hidden' || s.display === 'none') return false;
            if (el.closest('.board')) return false;  // cells: the board is as large as fits
            if (inline(el)) return false;
            const t = target(el).getBoundingClientRect();
            return t.width < min - 0.5 || t.height < min - 0.5;
        }).map((el) => `${el.tagName.toLowerCase()}.${el.className.baseVal ?? el.className} `
            + `${el.getAttribute('data-cmd') || el.getAttribute('data-key') || el.textContent.trim().slice(0, 20)} `
            + `${Math.round(target(el).getBoundingClientRect().width)}x${Math.round(target(el).getBoundingClientRect().height)}`);
        // a link inside a sentence is as tall as its line (WCAG 2.5.8's "inline" exception)
        function inline(el) {
            const block = el.matches('a') && el.closest('p, small, li');
            return !!block && block.textContent.trim().length > el.textContent.trim().length;
        }
        // a checkbox, a radio button or a file input is touched through its label
        // (the label around it, or the one that names it with for=)
        function target(el) {
            if (!el.matches('input[type=checkbox], input[type=radio], input[type=file]')) return el;
            return el.closest('label') || (el.id && document.querySelector(`label[for="${el.id}"]`)) || el;
        }""",
        [INTERACTIVE, minimum],
    )


def assert_targets(page, minimum=MIN_TARGET):
    """No interactive target outside the board is under ``minimum`` × ``minimum`` CSS px."""
    small = small_targets(page, minimum)
    assert not small, f"touch targets under {minimum} px: {small}"


def animations(page) -> int:
    """How many animations web/board.js has started so far."""
    return page.evaluate("window.wttBoard.stats.animations")


def share_link(page, opener="[data-cmd='share']") -> str:
    """Open the Share window (app/share.py) from ``opener``, read its link, close it with Esc."""
    act(page, page.locator(opener).first)
    field = page.locator("dialog.share-dialog[open] .share-link")
    field.wait_for()
    link = field.input_value()
    before = renders(page)
    page.keyboard.press("Escape")
    wait_render(page, before)
    page.locator("dialog.share-dialog").wait_for(state="detached")
    return link
