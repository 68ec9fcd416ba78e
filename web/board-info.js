// Explanation cards (docs/board.md "Explanation cards"), beside web/board.js: an element with
// data-info names in its aria-describedby the view's hidden texts of what it is (a card's effect,
// a cell's terrain, a mob's moves; src/webtabletop/core/explain.py). Those texts are already its
// accessible description; this shows them on screen as a small card beside the element:
// - a mouse resting on it for HOVER_MS (a press hides it until the mouse leaves the element, so a
//   click or a drag never brings one up);
// - a finger or pen held on it for PRESS_MS without moving: the press then selects nothing and
//   starts no drag (its click is swallowed, a context menu too);
// - the I key on the focused element (again, or Esc, closes it; while it is open the arrows'
//   next cell shows its own card).
// A tap or click elsewhere, a scroll or a resize close it; a new render keeps it on the same
// element (found again by its data-key) or closes it. The card takes no pointer events and is
// hidden from screen readers (they read the description with the element). A hover or press
// waiting for its pause keeps the page's idle signal off (web/boot.js), so a test that hovers
// and waits for idle finds the card shown.
(() => {
  const APP = document.getElementById("app");
  const W = window.wttBoard;
  const B = window.wttBoot;
  const HOVER_MS = 450;
  const PRESS_MS = 500;
  const SLOP = 5; // CSS px a finger may move and still hold (web/board.js starts a drag at 6)
  const GAP = 8; // CSS px between the element and its card, and from the screen's edges
  let card = null;
  let shown = null; // {el, key, by: "hover" | "press" | "key"}
  let waiting = null; // {el, by, timer, x, y}: a hover or press before its pause is over
  let muted = null; // the element a press went to: no hover card on it until the pointer leaves
  let swallow = null; // {until, x, y}: the click that ends a long press there (only that one) is ignored
  B.idle.also(() => !waiting);

  const target = (node) => {
    const el = node && node.closest && node.closest("[data-info]");
    return el && APP.contains(el) ? el : null;
  };
  function texts(el) {
    const ids = (el.getAttribute("aria-describedby") || "").split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)).filter((p) => p && APP.contains(p));
  }
  function build(el) {
    if (!card) {
      card = document.createElement("div");
      card.id = "wtt-info-card";
      card.className = "info-card";
      card.setAttribute("aria-hidden", "true"); // read as the element's description already
      document.body.appendChild(card);
    }
    card.replaceChildren();
    const head = document.createElement("p");
    head.className = "info-head";
    head.textContent = el.getAttribute("aria-label") || "";
    card.appendChild(head);
    for (const p of texts(el)) {
      const row = document.createElement("p");
      row.className = "info-row";
      const mark = p.getAttribute("data-mark");
      if (mark) {
        const m = document.createElement("span");
        m.className = "info-mark";
        m.textContent = mark;
        row.appendChild(m);
      }
      const body = document.createElement("span");
      body.innerHTML = p.innerHTML; // the view's own markup: the name in bold, then its rule
      row.appendChild(body);
      card.appendChild(row);
    }
  }
  function place(el, by) {
    const r = el.getBoundingClientRect();
    const c = card.getBoundingClientRect();
    let left = Math.min(Math.max(GAP, r.left + r.width / 2 - c.width / 2), innerWidth - c.width - GAP);
    // below the element, else above it, else at the screen's bottom; a finger's card goes above
    // first (the hand holding the phone covers what is below the finger)
    const below = r.bottom + GAP;
    const above = r.top - GAP - c.height;
    let top = by === "press" && above >= GAP ? above : below;
    if (top + c.height > innerHeight - GAP) top = above;
    if (top < GAP) top = Math.max(GAP, innerHeight - c.height - GAP);
    card.style.left = `${Math.max(GAP, left)}px`;
    card.style.top = `${top}px`;
  }
  function show(el, by) {
    if (!texts(el).length) return hide();
    build(el);
    card.hidden = false;
    place(el, by);
    shown = { el, key: el.getAttribute("data-key"), by };
    B.idle.busy();
  }
  function hide() {
    if (card && !card.hidden) {
      card.hidden = true;
      B.idle.busy();
    }
    shown = null;
  }
  function wait(el, by, ms, ev) {
    cancel();
    waiting = { el, by, x: ev.clientX, y: ev.clientY, timer: setTimeout(() => fire(), ms) };
    B.idle.busy();
  }
  function fire() {
    const w = waiting;
    waiting = null;
    if (!w || !APP.contains(w.el)) return;
    show(w.el, w.by);
    if (w.by === "press") {
      // the browser may or may not send a click when the finger lifts; a new press clears this,
      // so the next tap is never the one swallowed
      swallow = { until: performance.now() + 1500, x: w.x, y: w.y };
      W.cancelDrag && W.cancelDrag(); // web/board.js: the held finger drags nothing
    }
  }
  function cancel() {
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting = null;
  }

  // --- mouse: a hover that rests ---
  document.addEventListener("pointerover", (ev) => {
    if (ev.pointerType !== "mouse" || ev.buttons) return;
    const el = target(ev.target);
    if (!el) return;
    if (el === muted || (shown && shown.el === el) || (waiting && waiting.el === el)) return;
    if (shown && shown.by === "hover") hide();
    wait(el, "hover", HOVER_MS, ev);
  });
  document.addEventListener("pointerout", (ev) => {
    if (ev.pointerType !== "mouse") return;
    const el = target(ev.target);
    if (!el || el.contains(ev.relatedTarget)) return;
    if (muted === el) muted = null;
    if (waiting && waiting.el === el) cancel();
    if (shown && shown.el === el && shown.by === "hover") hide();
  });

  // --- a press: a mouse's hides the card, a finger's or pen's held still shows it ---
  document.addEventListener(
    "pointerdown",
    (ev) => {
      const el = target(ev.target);
      swallow = null; // a new press: its click is its own
      cancel();
      if (shown && !(shown.by === "key" && shown.el === el)) hide();
      if (ev.pointerType === "mouse") {
        muted = el;
        return;
      }
      if (el && ev.isPrimary) wait(el, "press", PRESS_MS, ev);
    },
    true,
  );
  document.addEventListener("pointermove", (ev) => {
    if (waiting && waiting.by === "press" && Math.abs(ev.clientX - waiting.x) + Math.abs(ev.clientY - waiting.y) > SLOP) cancel();
  });
  const release = () => waiting && waiting.by === "press" && cancel();
  document.addEventListener("pointerup", release);
  document.addEventListener("pointercancel", release);
  window.addEventListener(
    "click",
    (ev) => {
      const s = swallow;
      swallow = null;
      if (s && performance.now() < s.until && Math.abs(ev.clientX - s.x) + Math.abs(ev.clientY - s.y) <= 2 * SLOP) {
        // the click that ends a long press: it selects nothing
        ev.stopPropagation();
        ev.preventDefault();
      }
    },
    true,
  );
  document.addEventListener("contextmenu", (ev) => {
    if (target(ev.target) && (ev.pointerType === "touch" || (shown && shown.by === "press") || waiting)) ev.preventDefault();
  });

  // --- keyboard: I on the focused element; Esc closes ---
  document.addEventListener(
    "keydown",
    (ev) => {
      if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
      if (ev.key === "Escape" && shown) {
        hide();
        ev.stopPropagation(); // the card only: the selection stays
        return;
      }
      if (ev.key !== "i" && ev.key !== "I") return;
      const el = target(ev.target);
      if (!el) return;
      ev.preventDefault();
      ev.stopPropagation();
      if (shown && shown.el === el) hide();
      else show(el, "key");
    },
    true,
  );
  document.addEventListener("focusin", (ev) => {
    if (!shown || shown.by !== "key" || shown.el === ev.target) return;
    const el = target(ev.target);
    if (el && ev.target === el) show(el, "key"); // the arrows' next cell: its own card
    else hide();
  });

  // --- what moves the page closes the card; a new render keeps it on the same element ---
  addEventListener("scroll", () => shown && hide(), { passive: true, capture: true });
  addEventListener("resize", () => shown && hide());
  const swap = W.swap;
  W.swap = (html, meta) => {
    cancel();
    swap(html, meta);
    if (!shown) return;
    const el = shown.key && APP.querySelector(`[data-key="${CSS.escape(shown.key)}"][data-info]`);
    if (el) show(el, shown.by);
    else hide();
  };
})();
