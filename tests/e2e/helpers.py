"""Small helpers for e2e tests: the page's idle signal, acting and waiting, reading the board.

Every wait is for the page's idle signal or for the exact state a test checks, never for a flag or
a count that an earlier screen could have set (tests/e2e/test_waits.py keeps it so). The signal
(web/boot.js, docs/board.md "The idle signal"): ``body[data-idle="1"]`` once the start is over, no
action waits for the engine, no computer move is under way, no hover waits for its throttle, every
URL change has been seen, no window is closing, no animation runs and nothing re-rendered between
two checks. Whatever starts work removes it in the same task (the click's own handler), and tests
read it through ``wttBoot.idle.ready()``, which checks again as it reads (a URL changed by hand
fires its hashchange a task later), so waiting for it right after an action waits for that
action's answer.
"""

from __future__ import annotations

import json
import os

import pytest

#: the page's idle signal, checked again at the moment it is read (web/boot.js: idle.ready)
IDLE = "() => !!(window.wttBoot && wttBoot.idle && wttBoot.idle.ready())"
#: long enough for the engine's start on a loaded machine and the computer's slowest move
IDLE_TIMEOUT = 90_000


def idle(page, timeout=IDLE_TIMEOUT):
    """Wait until the page is idle (its answers applied, the computer's move too, animations over)."""
    page.wait_for_function(IDLE, timeout=timeout)


def act(page, locator, timeout=IDLE_TIMEOUT):
    """Click ``locator``, then wait until the page is idle again: the click's answer is on screen
    (and the computer's reply, if the click gave it the move)."""
    locator.click()
    idle(page, timeout)


def press(page, key, timeout=IDLE_TIMEOUT):
    """Press ``key`` (on the focused element), then wait until the page is idle again."""
    page.keyboard.press(key)
    idle(page, timeout)


def go(page, fragment, timeout=IDLE_TIMEOUT):
    """Change the URL fragment in the page (no reload), then wait until the screen it names is shown."""
    page.evaluate("(f) => { location.hash = f; }", fragment)
    idle(page, timeout)


# --- holding the engine's answers: a computer that thinks exactly as long as a test needs ---
#: an init script (runs before the page's own scripts): each function pushed on
#: window.wttEngineHooks may wrap the engine's dispatch when web/boot-head.js sets window.wttEngine
ENGINE_HOOKS = """
(() => {
  if (window.wttEngineHooks) return;
  const hooks = (window.wttEngineHooks = []);
  let engine;
  Object.defineProperty(window, "wttEngine", {
    configurable: true,
    get: () => engine,
    set: (e) => {
      for (const hook of hooks) hook(e);
      engine = e;
    },
  });
})();
"""
HOLD = """
(() => {
  const held = [];
  const kinds = new Set();
  window.wttTestHold = {
    hold: (kind) => kinds.add(kind),
    held: () => held.length,
    release: () => {
      kinds.clear();
      for (const resume of held.splice(0)) resume();
    },
  };
  window.wttEngineHooks.push((e) => {
    const dispatch = e.dispatch;
    e.dispatch = (payload) => {
      const answer = dispatch(payload);
      if (!kinds.has(JSON.parse(payload).type)) return answer;
      return answer.then((a) => new Promise((resolve) => held.push(() => resolve(a))));
    };
  });
})();
"""
#: every engine answer arrives a random 0..ms later (tests/e2e/stress.py --jitter)
JITTER = """
((ms) => window.wttEngineHooks.push((e) => {
  const dispatch = e.dispatch;
  e.dispatch = (payload) => dispatch(payload).then((a) => new Promise((r) => setTimeout(() => r(a), Math.random() * ms)));
}))(%d);
"""


def can_hold(page, *kinds: str) -> None:
    """Let this page (from its next load on) hold the engine's answers: see :func:`hold`.
    ``kinds`` are held from the load on (an answer the page asks for as it opens, such as a
    review's first search, which a later :func:`hold` could miss)."""
    page.add_init_script(ENGINE_HOOKS)
    page.add_init_script(HOLD)
    for kind in kinds:
        page.add_init_script(f"wttTestHold.hold({json.dumps(kind)})")


def hold(page, kind: str) -> None:
    """Hold the engine's answers to actions of type ``kind`` (e.g. ``"ai"``: the computer thinks
    until :func:`release`), so a test can act while they are under way, however fast the machine."""
    page.evaluate("(k) => wttTestHold.hold(k)", kind)


def release(page) -> None:
    """Let the held answers through (in order) and hold no more; the caller waits for idle."""
    page.wait_for_function("wttTestHold.held() > 0")
    page.evaluate("wttTestHold.release()")


def board_labels(page) -> list[str]:
    return page.eval_on_selector_all(
        ".board [aria-label]", "els => els.map(e => e.getAttribute('aria-label'))"
    )


def log_count(page) -> int:
    return page.locator(".log li").count()


#: a test that only makes docs/screens pictures of screens other tests already drive at the same
#: size: run with WTT_SCREENS=docs/screens (skipped otherwise, to keep CI's time for what it checks)
docs_screens_only = pytest.mark.skipif(
    not os.environ.get("WTT_SCREENS"), reason="makes docs/screens pictures: WTT_SCREENS=docs/screens"
)


# --- phones: a 390×844 touch screen (reused by every game's e2e tests) ---
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "device_scale_factor": 2}
#: the smallest touch target (CSS px); board cells may be smaller only at the largest board that fits
MIN_TARGET = 44
INTERACTIVE = "a[href], button, summary, select, input, textarea, [data-move], [data-pick], [data-cmd], [data-drag], [role=button]"


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
            page.wait_for_timeout(16)  # a finger's pace between moves
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
    """Open the Share window (app/widgets/share.py) from ``opener``, read its link, close it with Esc."""
    act(page, page.locator(opener).first)
    link = page.locator("dialog.share-dialog[open] .share-link").input_value()
    press(page, "Escape")
    assert page.locator("dialog.share-dialog").count() == 0
    return link
