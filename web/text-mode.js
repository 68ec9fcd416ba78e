// Text mode and the page's live regions (docs/accessibility.md), beside web/board.js.
//
// - wttAnnounce(json): the one way anything is read out after a change: web/main.py hands it
//   the answer's "announce" sentences (every move: the player's, the computer's, a friend's by
//   link or live; a roll, a card drawn, the end). They go into one polite live region outside
//   #app, which no render replaces, so each is read once.
// - The text board (app/widgets/textmode.py): an ARIA grid with a roving tabindex (arrows, Home,
//   End, Ctrl+Home/End), Enter or Space on a cell is a click on it, and the keys that read the
//   position (L, M, S, C, T, D), move the focus (B, H, I) and list themselves (?). Every sentence
//   they read is in the page already, translated by the engine: this file only reads attributes.
// - The move box plays a typed code (Enter) through window.wttSend, like any click.
(() => {
  const APP = document.getElementById("app");
  const W = window.wttBoard;

  // --- live regions: changes (announce) and the keys' answers (said), outside #app ---
  function region(id, role) {
    const el = document.createElement("div");
    el.id = id;
    el.className = "visually-hidden";
    el.setAttribute("role", role); // a log of changes; the status the last key asked for
    el.setAttribute("aria-live", "polite");
    el.setAttribute("aria-relevant", "additions text");
    document.body.appendChild(el);
    return el;
  }
  const NEWS = region("wtt-announce", "log");
  const SAID = region("wtt-said", "status");
  function speak(where, text) {
    // a new paragraph each time: the same sentence twice is read twice; a few are kept
    if (!text) return;
    const p = document.createElement("p");
    p.textContent = text;
    where.appendChild(p);
    while (where.childElementCount > 4) where.firstElementChild.remove();
  }
  window.wttAnnounce = (json) => {
    let lines = [];
    try {
      lines = JSON.parse(json);
    } catch (_e) {
      return;
    }
    if (Array.isArray(lines) && lines.length) speak(NEWS, lines.join(" "));
  };

  // --- the text board ---
  const root = () => APP.querySelector("[data-tm-root]");
  const grid = () => APP.querySelector("[data-tm-grid]");
  const words = () => {
    try {
      return JSON.parse(root()?.getAttribute("data-tm-words") || "{}");
    } catch (_e) {
      return {};
    }
  };
  const rows = () => [...(grid()?.querySelectorAll("tbody tr") || [])].map((r) => [...r.querySelectorAll("[role=gridcell]")]);
  let current = null; // the data-key of the grid's cell in the tab order
  function rove(cell) {
    const g = grid();
    if (!g) return null;
    const cells = [...g.querySelectorAll("[role=gridcell]")];
    const chosen = cell || cells.find((c) => c.dataset.key === current) || cells.find((c) => c.classList.contains("legal")) || cells[0];
    for (const c of cells) c.setAttribute("tabindex", c === chosen ? "0" : "-1");
    if (chosen) current = chosen.dataset.key;
    return chosen;
  }
  function focusGrid() {
    const cell = rove(null);
    if (cell) cell.focus();
    return cell;
  }
  function place(cell) {
    for (const [r, row] of rows().entries()) {
      const c = row.indexOf(cell);
      if (c >= 0) return [r, c];
    }
    return null;
  }
  function step(cell, key, ctrl) {
    const all = rows();
    const at = place(cell);
    if (!at) return null;
    let [r, c] = at;
    if (key === "ArrowRight") c += 1;
    else if (key === "ArrowLeft") c -= 1;
    else if (key === "ArrowDown") r += 1;
    else if (key === "ArrowUp") r -= 1;
    else if (key === "Home") [r, c] = ctrl ? [0, 0] : [r, 0];
    else if (key === "End") [r, c] = ctrl ? [all.length - 1, Infinity] : [r, Infinity];
    if (r < 0 || r >= all.length || c < 0) return null;
    const row = all[r];
    if (c >= row.length) {
      if (key === "ArrowRight") return null; // the row's end: stay
      c = row.length - 1; // a shorter row (a hexagon's): its last cell
    }
    return row[c] || null;
  }
  const GRID_KEYS = new Set(["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End"]);

  function say(text) {
    speak(SAID, text);
  }
  function readFact(name) {
    const el = root()?.querySelector(`[data-tm="${name}"]`);
    say(el ? el.textContent.trim() : "");
  }
  function readClocks() {
    const clocks = [...APP.querySelectorAll(".clock[role=timer]")];
    if (!clocks.length) return say(words().noClock || "");
    say(clocks.map((c) => `${c.getAttribute("aria-label")}: ${c.textContent.trim()}`).join(", "));
  }
  function itemOf(el) {
    return el && el.closest && el.closest("[data-tm-root] [data-key]");
  }
  function readDetail(el) {
    const item = itemOf(el);
    const text = item && (item.getAttribute("data-tm-detail") || item.textContent.trim());
    say(text || words().noDetail || "");
  }
  function readMoves(el) {
    const item = itemOf(el);
    const here = item && item.getAttribute("data-tm-moves");
    say(here || root()?.getAttribute("data-tm-all") || "");
  }
  function toLists() {
    const el = root()?.querySelector(".tm-lists button, .tm-lists [data-tm-list]");
    if (!el) return;
    if (!el.matches("button")) el.setAttribute("tabindex", "-1");
    el.focus();
  }
  function toBox() {
    const box = root()?.querySelector("#tm-typed");
    if (box) box.focus();
    else readMoves(null);
  }

  // --- the keys' help (a modal window outside #app: the idle signal counts only #app's) ---
  let helpFrom = null;
  function help() {
    const tpl = document.getElementById("tm-help");
    if (!tpl) return;
    let d = document.getElementById("tm-help-dialog");
    if (!d) {
      d = document.createElement("dialog");
      d.id = "tm-help-dialog";
      d.className = "tm-help-dialog";
      d.setAttribute("aria-labelledby", "tm-help-title");
      d.addEventListener("close", () => helpFrom && helpFrom.isConnected && helpFrom.focus());
      document.body.appendChild(d);
    }
    d.innerHTML = "";
    d.appendChild(tpl.content.cloneNode(true));
    const close = document.createElement("button");
    close.type = "button";
    close.className = "btn";
    close.textContent = words().close || "×";
    close.addEventListener("click", () => d.close());
    d.appendChild(close);
    helpFrom = document.activeElement;
    d.showModal();
    close.focus();
  }

  const TYPING = "input, select, textarea, [contenteditable]";
  document.addEventListener(
    "keydown",
    (ev) => {
      if (!root() || ev.altKey || ev.metaKey) return;
      const t = ev.target;
      if (ev.key === "Escape" && t.matches && t.matches("[data-tm-box] input")) {
        ev.preventDefault(); // from the move box back to the board
        ev.stopPropagation();
        focusGrid();
        return;
      }
      if (t.closest && (t.closest("dialog") || t.matches(TYPING))) return;
      const cell = t.matches && t.matches("[data-tm-grid] [role=gridcell]") ? t : null;
      if (cell && GRID_KEYS.has(ev.key)) {
        // the grid's own keys (and never ← → stepping through the moves, main.py's)
        ev.preventDefault();
        ev.stopPropagation();
        const next = step(cell, ev.key, ev.ctrlKey);
        if (next) {
          rove(next);
          next.focus();
        }
        return;
      }
      if (cell && (ev.key === "Enter" || ev.key === " ")) {
        ev.preventDefault();
        ev.stopPropagation();
        if (cell.hasAttribute("data-move") || cell.hasAttribute("data-pick")) cell.click();
        else readDetail(cell);
        return;
      }
      if (ev.ctrlKey) return;
      const key = ev.key.length === 1 ? ev.key.toLowerCase() : ev.key;
      const act = {
        "?": help,
        l: () => readFact("last"),
        s: () => readFact("score"),
        t: () => readFact("turn"),
        c: readClocks,
        d: () => readDetail(t),
        m: () => readMoves(t),
        b: focusGrid,
        h: toLists,
        i: toBox,
      }[key];
      if (!act) return;
      ev.preventDefault();
      ev.stopPropagation();
      act();
    },
    true,
  );
  document.addEventListener("focusin", (ev) => {
    const t = ev.target;
    if (t.matches && t.matches("[data-tm-grid] [role=gridcell]")) rove(t);
  });

  // the skip link: to the grid now, or (text mode being turned on) once it is drawn
  let jump = false;
  document.addEventListener("click", (ev) => {
    const el = ev.target.closest && ev.target.closest("[data-tm-jump]");
    if (!el) return;
    if (grid()) {
      ev.preventDefault();
      ev.stopImmediatePropagation(); // text mode is on already: no command to send
      focusGrid();
    } else jump = true;
  }, true);

  // the move box: a typed code is a move (sent as a click on it would be); anything else is said
  document.addEventListener("submit", (ev) => {
    const form = ev.target;
    if (!form.matches || !form.matches("[data-tm-box]")) return;
    ev.preventDefault();
    const input = form.querySelector("input");
    const text = input.value.trim();
    const key = text.toLowerCase().replace(/[\s\-–—]/g, "");
    let codes = {};
    try {
      codes = JSON.parse(form.getAttribute("data-tm-codes") || "{}");
    } catch (_e) {
      codes = {};
    }
    const code = key === "-" ? codes["-"] : codes[key];
    if (!text) return;
    if (code === undefined) return say((words().notAMove || "").replace("{text}", text.slice(0, 32)));
    input.value = "";
    window.wttSend && window.wttSend(JSON.stringify({ type: "move", code }), performance.now());
  });

  // --- after each render: the roving cell, the moves list left open, the focus kept in the board ---
  const swap = W.swap;
  W.swap = (html, meta) => {
    const active = document.activeElement;
    const inBoard = !!(active && active.closest && active.closest("[data-tm-root]"));
    const was = active && active.dataset ? active.dataset.key : null;
    const open = !!APP.querySelector("[data-tm-moves-list][open]");
    const out = swap(html, meta);
    if (root()) {
      const w = words(); // the live regions' names, in the reader's language
      if (w.news) NEWS.setAttribute("aria-label", w.news);
      if (w.said) SAID.setAttribute("aria-label", w.said);
      rove(null);
      if (open) APP.querySelector("[data-tm-moves-list]")?.setAttribute("open", "");
      const kept = was && APP.querySelector(`[data-key="${CSS.escape(was)}"]`);
      if (jump) {
        jump = false;
        focusGrid();
      } else if (inBoard && !kept) focusGrid(); // the move button just played is gone: back to the board
    }
    return out;
  };
})();
