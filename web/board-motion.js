// The board's floating copies (the drag ghost, leaving pieces), FLIP and kind animations and
// synthesised sounds (docs/board.md), beside web/board.js, which calls them through
// wttBoard.anim once the page runs (a swap, a drag). Plain JavaScript on the main thread.
(() => {
  const APP = document.getElementById("app");
  const MS = 200; // every animation <= 250 ms
  const W = window.wttBoard;

  // --- floating copies (the drag ghost, leaving pieces): HTML or SVG, at the same scale ---
  const STRIP = ["id", "data-key", "data-drag", "data-drop", "data-pick", "data-move", "data-piece", "data-from", "data-anim", "tabindex", "role", "aria-label", "aria-current"];
  const SVG_STYLE = ["fill", "stroke", "stroke-width", "stroke-dasharray", "opacity", "fill-opacity", "stroke-opacity", "font-size", "font-weight", "font-family", "text-anchor", "dominant-baseline", "visibility"];
  const HTML_STYLE = ["background-color", "background-image", "color", "border", "border-radius", "font", "padding", "box-sizing", "box-shadow", "text-align", "display", "align-items", "justify-content", "gap"];
  function strip(node) {
    if (node.nodeType !== 1) return;
    for (const a of STRIP) node.removeAttribute(a);
    for (const c of node.children) strip(c);
  }
  function inline(src, dst, props) {
    const cs = getComputedStyle(src);
    for (const p of props) dst.style.setProperty(p, cs.getPropertyValue(p));
    for (let i = 0; i < src.children.length && i < 60; i++) inline(src.children[i], dst.children[i], props);
  }
  function float(el) {
    const r = el.getBoundingClientRect();
    let box;
    if (el instanceof SVGElement && el.ownerSVGElement) {
      // anything drawn inside an SVG board, a nested <svg> picture included (a DumaRaj mob): a
      // fixed <svg> in CSS px; a <g> with the parent's screen matrix keeps the exact size
      const m = el.parentNode.getScreenCTM();
      box = document.createElementNS("http://www.w3.org/2000/svg", "svg");
      box.setAttribute("class", "wtt-float");
      box.setAttribute("width", innerWidth);
      box.setAttribute("height", innerHeight);
      const g = document.createElementNS("http://www.w3.org/2000/svg", "g");
      g.setAttribute("transform", `matrix(${m.a} ${m.b} ${m.c} ${m.d} ${m.e} ${m.f})`);
      const copy = el.cloneNode(true);
      inline(el, copy, SVG_STYLE);
      strip(copy);
      g.appendChild(copy);
      box.appendChild(g);
      box.style.cssText = "position:fixed;left:0;top:0;pointer-events:none;z-index:30;overflow:visible";
    } else {
      box = el.cloneNode(true);
      inline(el, box, HTML_STYLE);
      strip(box);
      box.classList.add("wtt-float");
      box.style.cssText += `;position:fixed;left:${r.left}px;top:${r.top}px;width:${r.width}px;height:${r.height}px;margin:0;pointer-events:none;z-index:30`;
    }
    box.setAttribute("aria-hidden", "true");
    document.body.appendChild(box);
    return { box, r };
  }

  // --- animation (FLIP by data-piece key; data-anim kinds; leaving pieces) ---
  function rects() {
    const out = new Map();
    for (const el of APP.querySelectorAll("[data-piece]")) out.set(el.getAttribute("data-piece"), { el, r: el.getBoundingClientRect() });
    return out;
  }
  // what a player reads on a board element (its drawn words, not its <title> description)
  function sig(el) {
    if (!(el instanceof SVGElement)) return el.textContent;
    let s = "";
    for (const t of el.querySelectorAll("text")) s += t.textContent + "|";
    return s;
  }
  function keyed() {
    // without any contract attribute, what a move changed is found by its markup (data-key)
    const out = new Map();
    for (const el of APP.querySelectorAll(".board-wrap [data-key]")) out.set(el.getAttribute("data-key"), sig(el));
    return out;
  }
  function run(el, frames, opts) {
    W.stats.animations++;
    return el.animate(frames, { duration: MS, easing: "cubic-bezier(.2,.7,.3,1)", ...opts });
  }
  // a screen-space vector in the user units of el's parent (SVG) or as it is (HTML)
  function local(el, dx, dy) {
    if (!(el instanceof SVGElement) || el instanceof SVGSVGElement) return [dx, dy];
    const m = el.parentNode.getScreenCTM();
    if (!m) return [dx, dy];
    const i = m.inverse();
    return [i.a * dx + i.c * dy, i.b * dx + i.d * dy];
  }
  function prepare(el) {
    if (el instanceof SVGElement) {
      el.style.transformBox = "fill-box";
      el.style.transformOrigin = "center";
    }
  }
  function flip(before, marks) {
    const seen = new Set();
    for (const el of APP.querySelectorAll("[data-piece]")) {
      const key = el.getAttribute("data-piece");
      seen.add(key);
      const from = before.get(el.getAttribute("data-from") || key);
      const r = el.getBoundingClientRect();
      if (from) {
        const dx = from.r.left + from.r.width / 2 - (r.left + r.width / 2);
        const dy = from.r.top + from.r.height / 2 - (r.top + r.height / 2);
        if (Math.abs(dx) + Math.abs(dy) < 1) continue;
        const [lx, ly] = local(el, dx, dy);
        run(el, [{ translate: `${lx}px ${ly}px` }, { translate: "0px 0px" }]);
      } else if (!el.hasAttribute("data-anim")) {
        prepare(el);
        run(el, [{ opacity: 0, scale: 0.6 }, { opacity: 1, scale: 1 }]);
      }
    }
    for (const [key, old] of before) {
      if (seen.has(key) || marks.has(key) || !old.copy) continue;
      // vanished: its copy (made before the swap) fades out where it was
      const f = old.copy;
      if (!f) continue;
      document.body.appendChild(f.box);
      run(f.box, [{ opacity: 1 }, { opacity: 0, scale: 0.7 }]).finished.then(() => f.box.remove(), () => f.box.remove());
    }
  }
  function kinds() {
    for (const el of APP.querySelectorAll("[data-anim]")) {
      const kind = el.getAttribute("data-anim");
      if (!/^(place|flip|turn|capture|cross|fire|roll|check)$/.test(kind)) continue;
      prepare(el);
      el.classList.add(`anim-${kind}`);
      W.stats.animations++;
      setTimeout(() => el.classList.remove(`anim-${kind}`), MS + 50);
    }
  }
  function fallback(old) {
    // a view that marks nothing yet: a short pulse on every board element whose text changed
    for (const el of APP.querySelectorAll(".board-wrap [data-key]")) {
      const was = old.get(el.getAttribute("data-key"));
      if (was === undefined || was === sig(el)) continue;
      prepare(el);
      run(el, [{ opacity: 0.35 }, { opacity: 1 }]);
    }
  }

  // --- sounds: synthesised (Web Audio), nothing fetched; off unless the player turns them on ---
  let audio = null;
  const TONES = {
    move: [[520, 0, 0.06, "triangle"]],
    capture: [[300, 0, 0.09, "square"], [180, 0.05, 0.1, "triangle"]],
    check: [[880, 0, 0.08, "sine"], [660, 0.09, 0.1, "sine"]],
    end: [[523, 0, 0.12, "sine"], [659, 0.12, 0.12, "sine"], [784, 0.24, 0.22, "sine"]],
  };
  function play(kind) {
    const notes = TONES[kind];
    if (!notes || !W.feel.sounds) return;
    try {
      audio = audio || new (window.AudioContext || window.webkitAudioContext)();
      const t = audio.currentTime + 0.01;
      for (const [hz, at, len, type] of notes) {
        const o = audio.createOscillator();
        const g = audio.createGain();
        o.type = type;
        o.frequency.value = hz;
        g.gain.setValueAtTime(0.0001, t + at);
        g.gain.exponentialRampToValueAtTime(0.18, t + at + 0.01);
        g.gain.exponentialRampToValueAtTime(0.0001, t + at + len);
        o.connect(g).connect(audio.destination);
        o.start(t + at);
        o.stop(t + at + len + 0.02);
      }
      W.stats.sounds++;
    } catch (e) {
      /* no audio here: the game goes on silently */
    }
  }

  W.anim = { float, rects, keyed, flip, kinds, fallback, play };
})();
