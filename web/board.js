// The board module (docs/board.md): pointer input, drag ghost, drop highlight, premove,
// FLIP animation, move animations and sounds for every game (the floating copies, animations
// and sounds: web/board-motion.js; the keyboard: web/board-keys.js; the explanation cards:
// web/board-info.js). Plain JavaScript on the main
// thread: per-frame work never goes through MicroPython. web/main.py hands it the engine's
// answers (wttBoard.swap) and it sends actions through window.wttSend(json, t0). A swap and a
// hover waiting for its throttle keep the page's idle signal off (web/boot.js: wttBoot.idle).
(() => {
  const APP = document.getElementById("app");
  const HOVER_MS = 120; // the hover preview round trip, at most this often
  const LIFT = 12; // CSS px between a finger and the bottom of the thing it drags
  const reduced = matchMedia("(prefers-reduced-motion: reduce)");
  const W = (window.wttBoard = { stats: { animations: 0, sounds: 0 }, feel: { motion: true, sounds: false } });
  const B = window.wttBoot;
  const send = (action, t0) => {
    // before the engine has started, a drop on a pre-rendered board is kept with the clicks
    // (web/boot.js) and replayed in order; a hover or a cancel has nothing to show yet
    if (!B.live) return action.type === "drop" && B.keep(action, dropTarget(action.drop));
    return window.wttSend && window.wttSend(JSON.stringify(action), t0 === undefined ? null : t0);
  };
  const thinking = () => document.body.getAttribute("data-ai") === "thinking";
  const motion = () => W.feel.motion && !reduced.matches;
  const inApp = (el) => el && APP.contains(el);
  // floating copies, animations and sounds (web/board-motion.js, loaded after this file and
  // used only once the page runs: by a swap or a drag)
  const A = new Proxy({}, { get: (_t, name) => W.anim[name] });

  // --- the page's state that survives re-renders (menu open, game-over window aside) ---
  const ui = { menu: false, peek: false, dx: 0, dy: 0 };
  function restore() {
    if (APP.querySelector(".ending-dialog")) ui.menu = false; // a question (resign, draw) folds the menu
    const t = APP.querySelector("[data-menu]");
    if (t) {
      t.setAttribute("aria-expanded", String(ui.menu));
      APP.querySelector(".game-menu")?.classList.toggle("open", ui.menu);
    }
    const d = APP.querySelector(".result-dialog");
    if (d) {
      d.classList.toggle("peek", ui.peek);
      d.querySelector("[data-peek]")?.setAttribute("aria-pressed", String(ui.peek));
      d.style.translate = `${ui.dx}px ${ui.dy}px`;
    } else {
      Object.assign(ui, { peek: false, dx: 0, dy: 0 });
    }
  }

  // --- the board fills the screen's height below its own top (wide screens; phones: app.css) ---
  // A lesson on a phone puts its goal above the board and the hand (the panel) below it: there the
  // board takes what is left, so the goal, the board and the hand are on one screen.
  const wide = matchMedia("(min-width: 861px)");
  let room = null;
  function fit() {
    // one read (the layout the new frame needs anyway); a write only when the room changed
    const wrap = APP.querySelector(".board-wrap");
    if (!wrap) return;
    const top = wrap.getBoundingClientRect().top + scrollY;
    // a line of words under the drawing (CardGO's) takes its room from the board's
    const foot = wrap.querySelector(".board-foot");
    const under = foot ? foot.getBoundingClientRect().height : 0;
    let next = "";
    if (wide.matches) next = `${Math.max(320, Math.floor(innerHeight - top - under - 28))}px`;
    else if (APP.querySelector("section.game.lesson")) {
      const panel = APP.querySelector("section.game.lesson .side > .panel");
      const below = panel ? panel.getBoundingClientRect().height : 0;
      next = `${Math.max(200, Math.floor(innerHeight - top - below - under - 16))}px`;
    }
    if (next !== room) document.documentElement.style.setProperty("--board-room", (room = next));
  }
  addEventListener("resize", fit);

  // called by web/main.py with the engine's answer; returns after the new HTML is in place
  W.swap = (html, metaText) => {
    const meta = JSON.parse(metaText || "{}");
    if (meta.feel) {
      W.feel = meta.feel;
      if (meta.feel.theme) B.theme(meta.feel.theme); // web/boot-head.js: <html data-theme>
    }
    document.body.setAttribute("data-motion", W.feel.motion ? "on" : "off");
    const animate = meta.moved && motion();
    let before = null;
    let old = null;
    // the fallback (a pulse where the text changed) is for views that mark nothing: read the old
    // texts only when the new board carries no contract attribute (every game's board does)
    const contract = /data-(?:piece|anim|changed)[=\s>]/.test(html);
    if (animate) {
      before = A.rects();
      if (!contract) old = A.keyed();
      for (const v of before.values()) v.copy = null;
    }
    const marks = new Set(); // keys whose leaving is drawn by the view itself (none yet)
    if (animate && before.size) {
      // copies of what may vanish, made while it is still on the page
      // (a key that a new element names in data-from flew there: it does not fade out)
      const next = new Set([...html.matchAll(/data-(?:piece|from)="([^"]*)"/g)].map((m) => m[1]));
      for (const [key, v] of before) if (!next.has(key)) v.copy = A.float(v.el);
      for (const v of before.values()) if (v.copy) v.copy.box.remove();
    }
    const focused = W.keys && W.keys.memo(); // web/board-keys.js: the focus stays on the board
    APP.innerHTML = html;
    B.idle.busy(); // a new render: the render count must stay the same over two checks
    restore();
    fit();
    if (focused) W.keys.refocus(focused); // before any animation moves what it measures
    if (drag) reattach(); // a hover preview re-rendered the board under a drag in progress
    if (animate) {
      A.flip(before, marks);
      A.kinds();
      if (old) A.fallback(old);
    }
    if (meta.moved && meta.sound) A.play(meta.sound);
  };

  // called by web/main.py with an answer that changes one part of the screen (the lab's live
  // results): only that element is replaced; the rest, its focus and its form fields stay
  W.part = (id, html) => {
    const el = document.getElementById(id);
    if (!inApp(el)) return;
    el.innerHTML = html;
    B.idle.busy(); // a new render, as a swap
  };

  // benchmarks: the time from the click to the first frame that shows the new position
  W.frame = (t0) => requestAnimationFrame(() => window.wttLatencies && window.wttLatencies.push(performance.now() - t0));

  // --- pointer input: click-click stays in web/main.py; drags and premoves are here ---
  let drag = null; // {token, x, y, el, ghost, over, dx, dy, raf}
  let premove = null; // {drag, drop}
  // what a click outside the game-over window may act on (web/board.js leaves such a click alone)
  const ACTS = "a[href], button, input, select, textarea, label, summary, [data-cmd], [data-move], [data-change]";
  let suppress = null; // {until, x, y}: swallow the click that ends a drag there (only that one)
  const swallow = (ev, ms) => (suppress = { until: performance.now() + ms, x: ev.clientX, y: ev.clientY });
  let hoverAt = 0;
  let hoverTimer = 0;
  let pendingHover;
  const premoveMode = () => thinking() && APP.querySelector(".game[data-premove]");
  B.idle.also(() => !pendingHover); // a hover waiting for its throttle is work not yet sent

  function hover(token, dragToken) {
    // the preview round trip, throttled: the latest target is sent at most every HOVER_MS
    pendingHover = { type: "hover", token, drag: dragToken };
    B.idle.busy();
    const wait = hoverAt + HOVER_MS - performance.now();
    if (wait <= 0) return flushHover();
    clearTimeout(hoverTimer);
    hoverTimer = setTimeout(flushHover, wait);
  }
  function flushHover() {
    clearTimeout(hoverTimer);
    if (!pendingHover) return;
    hoverAt = performance.now();
    if (!thinking()) send(pendingHover);
    pendingHover = null;
  }
  const dropTarget = (token) => [...APP.querySelectorAll("[data-drop]")].find((e) => e.getAttribute("data-drop") === token) || null;
  function dropUnder(x, y) {
    const el = document.elementFromPoint(x, y);
    const t = el && el.closest("[data-drop]");
    return inApp(t) ? t : null;
  }
  function setOver(el) {
    if (drag.over === el) return;
    drag.over?.classList.remove("drop-over");
    drag.over = el;
    el?.classList.add("drop-over");
    if (!premoveMode()) hover(el ? el.getAttribute("data-drop") : null, drag.token);
  }

  function reattach() {
    const find = (attr, token) => [...APP.querySelectorAll(`[${attr}]`)].find((e) => e.getAttribute(attr) === token) || null;
    const src = find("data-drag", drag.token);
    if (src) drag.el = src;
    if (drag.ghost) drag.el.classList.add("drag-source");
    const over = drag.over && find("data-drop", drag.over.getAttribute("data-drop"));
    drag.over = over;
    over?.classList.add("drop-over");
  }

  document.addEventListener("pointerdown", (ev) => {
    if (ev.button > 0) return;
    const el = ev.target.closest && ev.target.closest("[data-drag]");
    const dialog = APP.querySelector(".result-dialog");
    if (dialog && !dialog.contains(ev.target) && inApp(ev.target) && !ev.target.closest(ACTS)) {
      // a click outside the game-over window on nothing that acts closes it (and does nothing
      // else); a click on a button, a link or a field does what it says, the window left as it
      // is: closing it first would redraw the page under the click and lose it
      swallow(ev, 800);
      send({ type: "cmd", name: "dismiss-result" });
      return;
    }
    if (dialog && ev.target.closest("[data-handle]") && !ev.target.closest("button")) return moveDialog(ev, dialog);
    if (!inApp(el) || (thinking() && !premoveMode())) return;
    drag = { token: el.getAttribute("data-drag"), x: ev.clientX, y: ev.clientY, el, ghost: null, over: null };
  });
  document.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    if (!drag.ghost) {
      if (Math.abs(ev.clientX - drag.x) + Math.abs(ev.clientY - drag.y) < 6) return;
      const f = A.float(drag.el);
      drag.ghost = f.box;
      drag.ghost.classList.add("drag-ghost");
      drag.el.classList.add("drag-source");
      // the ghost's centre goes to the pointer (as chessground centres the dragged piece); on a
      // touch screen it is lifted above the finger, so the finger never hides it
      drag.cx = f.r.left + f.r.width / 2;
      drag.cy = f.r.top + f.r.height / 2;
      drag.lift = ev.pointerType === "touch" ? f.r.height / 2 + LIFT : 0;
      document.body.classList.add("dragging");
      // starting a drag selects the dragged thing, whatever was selected (chessground's
      // drag.start selects the square): its targets show and become the drop targets
      if (!premoveMode()) send({ type: "lift", drag: drag.token });
    }
    drag.dx = ev.clientX - drag.cx;
    drag.dy = ev.clientY - drag.lift - drag.cy;
    if (!drag.raf) {
      drag.raf = requestAnimationFrame(() => {
        if (!drag || !drag.ghost) return;
        drag.raf = 0;
        drag.ghost.style.translate = `${drag.dx}px ${drag.dy}px`;
      });
    }
    setOver(dropUnder(ev.clientX, ev.clientY));
  });
  function endDrag(ev, cancelled) {
    const d = drag;
    drag = null;
    if (!d || !d.ghost) return;
    d.ghost.remove();
    d.el.classList.remove("drag-source");
    d.over?.classList.remove("drop-over");
    document.body.classList.remove("dragging");
    swallow(ev, 800);
    const target = cancelled ? null : dropUnder(ev.clientX, ev.clientY);
    clearTimeout(hoverTimer);
    pendingHover = null;
    if (premoveMode()) {
      if (target) setPremove(d.el, target, d.token, target.getAttribute("data-drop"));
      return;
    }
    if (target) send({ type: "drop", drag: d.token, drop: target.getAttribute("data-drop") }, performance.now());
    else send({ type: "cancel" }); // dropped outside a target: no move, no selection, no preview
  }
  // web/board-info.js: a finger held still on a thing shows its explanation card and drags nothing
  W.cancelDrag = () => {
    if (drag && !drag.ghost) drag = null;
  };
  document.addEventListener("pointerup", (ev) => endDrag(ev, false));
  document.addEventListener("pointercancel", (ev) => endDrag(ev, true));
  document.addEventListener("dragstart", (ev) => ev.target.closest && ev.target.closest("[data-drag]") && ev.preventDefault());

  // --- premove: one move queued while the computer thinks (views with premove = True) ---
  let premoveFrom = null;
  function setPremove(fromEl, toEl, from, to) {
    premove = { drag: from, drop: to };
    for (const el of APP.querySelectorAll(".premove")) el.classList.remove("premove");
    fromEl.classList.add("premove");
    toEl.classList.add("premove");
    premoveFrom = null;
  }
  function clearPremove() {
    premove = null;
    premoveFrom = null;
    for (const el of APP.querySelectorAll(".premove")) el.classList.remove("premove");
  }
  W.aiDone = () => {
    // web/main.py: the computer's answer is on the page; the queued move goes now (the shell
    // ignores it silently if it is no longer legal)
    const p = premove;
    clearPremove();
    if (p && !thinking()) send({ type: "premove", drag: p.drag, drop: p.drop }, performance.now());
  };

  window.addEventListener(
    "click",
    (ev) => {
      const s = suppress;
      suppress = null;
      if (s && performance.now() < s.until && Math.abs(ev.clientX - s.x) + Math.abs(ev.clientY - s.y) < 12) {
        ev.stopPropagation();
        ev.preventDefault();
        return;
      }
      const t = ev.target;
      if (t.closest && t.closest("[data-menu]")) {
        ui.menu = !ui.menu;
        return restore();
      }
      if (t.closest && t.closest("[data-peek]")) {
        ui.peek = !ui.peek;
        return restore();
      }
      if (!premoveMode()) return;
      // click-click premove: the viewer's own piece (data-drag), then a target (data-drop; a
      // square holding another own piece is a target too, a flex is a move)
      const dragEl = t.closest && t.closest("[data-drag]");
      const dropEl = t.closest && t.closest("[data-drop]");
      const el = dragEl || dropEl;
      if (!inApp(el) || !el.closest(".board-wrap")) {
        clearPremove(); // a click elsewhere cancels the queued move
        return;
      }
      ev.stopPropagation();
      if (premoveFrom && dropEl && !dropEl.contains(premoveFrom.el)) {
        setPremove(premoveFrom.el, dropEl, premoveFrom.token, dropEl.getAttribute("data-drop"));
      } else if (dragEl && !(premoveFrom && premoveFrom.el === dragEl)) {
        clearPremove();
        premoveFrom = { el: dragEl, token: dragEl.getAttribute("data-drag") };
        dragEl.classList.add("premove");
      } else {
        clearPremove(); // the queued piece again: nothing queued
      }
    },
    true,
  );

  // --- the game-over window: Esc closes it (the shell's "deselect" does), its bar moves it ---
  function moveDialog(ev, dialog) {
    ev.preventDefault();
    const x0 = ev.clientX - ui.dx;
    const y0 = ev.clientY - ui.dy;
    const move = (e) => {
      ui.dx = e.clientX - x0;
      ui.dy = e.clientY - y0;
      dialog.style.translate = `${ui.dx}px ${ui.dy}px`;
    };
    const up = () => {
      removeEventListener("pointermove", move);
      removeEventListener("pointerup", up);
    };
    addEventListener("pointermove", move);
    addEventListener("pointerup", up);
  }
  document.addEventListener(
    "keydown",
    (ev) => {
      if (ev.key !== "Escape") return;
      if (premove || premoveFrom) {
        clearPremove();
        ev.stopPropagation();
      } else if (ui.menu && !document.querySelector("dialog[open]")) {
        // (an open window is closed first: the menu under it stays, with the button that opened it)
        ui.menu = false;
        restore();
        ev.stopPropagation();
      }
    },
    true,
  );
})();
