// The board's keyboard (docs/board.md "Keyboard"), beside web/board.js: the focus stays on the
// board through every render (the same cell, or the cell now drawn where it was: the one a move
// was played on), arrow keys move between the cells of any grid, and the move box plays a typed
// code as soon as it names one legal move (Lichess's keyboard input). web/board.js calls
// wttBoard.keys.memo() before it replaces the board and wttBoard.keys.refocus() after.
(() => {
  const APP = document.getElementById("app");
  const W = window.wttBoard;
  // --- keyboard: the focus stays on the board through every render; arrows move between cells ---
  // a cell: anything a player can point at on the board (a square, a hex, a hand card, a stone,
  // a number) and the hand cards of the panel; non-interactive ones get tabindex="-1" when the
  // focus goes to them, so Tab still stops only where something can be done
  const CELLS = ".board-wrap [role=button], .board-wrap [role=img][aria-label], .panel [role=button][data-drag], .panel [role=button][data-pick]";
  const IDS = ["data-key", "data-pick", "data-drop", "data-drag", "data-move"];
  const isCell = (el) => !!(el && el.matches && el.matches(CELLS) && APP.contains(el));
  const centre = (el) => {
    const r = el.getBoundingClientRect();
    return [r.left + r.width / 2, r.top + r.height / 2, r.width * r.height];
  };
  const cells = () => [...APP.querySelectorAll(CELLS)].filter((el) => centre(el)[2] > 0);
  function focusCell(el) {
    if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "-1");
    el.focus({ preventScroll: true });
  }
  function focusMemo() {
    // only a keyboard's focus (a tap or a click also focuses what it touched: no ring stays there)
    const el = document.activeElement;
    if (!isCell(el) || !el.matches(":focus-visible")) return null;
    const id = IDS.find((a) => el.hasAttribute(a));
    const [x, y] = centre(el);
    return { attr: id, value: id && el.getAttribute(id), x, y };
  }
  function refocus(m) {
    // the same thing if it is still there (a selected piece, a square by its name), else the cell
    // now drawn where the focus was (the square a move was played on: its piece is there now)
    if (APP.contains(document.activeElement) && document.activeElement !== document.body) return;
    const all = cells();
    let el = m.attr && all.find((e) => e.getAttribute(m.attr) === m.value);
    if (!el) {
      let best = Infinity;
      for (const e of all) {
        const [x, y] = centre(e);
        const d = (x - m.x) ** 2 + (y - m.y) ** 2;
        if (d < best) [el, best] = [e, d];
      }
    }
    if (el) focusCell(el);
  }
  const DIRS = { ArrowRight: [1, 0], ArrowLeft: [-1, 0], ArrowDown: [0, 1], ArrowUp: [0, -1] };
  function neighbour(from, [ux, uy]) {
    // the nearest cell in that direction (any grid: squares, hexes, a hand): along the arrow
    // first, with a penalty for going sideways; nothing more than 63° off the arrow
    const [x0, y0] = centre(from);
    let best = null;
    let score = Infinity;
    for (const el of cells()) {
      if (el === from || el.contains(from) || from.contains(el)) continue;
      const [x, y] = centre(el);
      const along = (x - x0) * ux + (y - y0) * uy;
      const across = Math.abs((x - x0) * uy - (y - y0) * ux);
      if (along < 2 || across > along * 2) continue;
      const sc = along + 2 * across;
      if (sc < score) [best, score] = [el, sc];
    }
    return best;
  }
  document.addEventListener(
    "keydown",
    (ev) => {
      const dir = DIRS[ev.key];
      if (!dir || ev.altKey || ev.ctrlKey || ev.metaKey || !isCell(ev.target)) return;
      // on a cell the arrows move between cells (elsewhere ← → step through the moves)
      ev.preventDefault();
      ev.stopPropagation();
      const next = neighbour(ev.target, dir);
      if (next) focusCell(next);
    },
    true,
  );
  // the move box (a game with typed codes, app/game/screen.py): a text that names exactly one
  // legal move, and begins no other, plays at once, as Lichess's keyboard input does; Enter sends
  // anything else (the shell says why it is not a move)
  const typed = (text) => text.toLowerCase().replace(/[\s\-–—]/g, "");
  W.keys = { memo: focusMemo, refocus };
  document.addEventListener("input", (ev) => {
    const el = ev.target;
    if (!el.matches || !el.matches("input[data-typed]") || !el.form) return;
    const text = typed(el.value);
    const codes = (el.getAttribute("data-typed") || "").split(" ");
    if (text && codes.includes(text) && !codes.some((c) => c !== text && c.startsWith(text))) el.form.requestSubmit();
  });

})();
