"""Text contrast as a player sees it: every piece of text on screen against what is drawn behind it.

:func:`measure` lists every visible text on the page (HTML text, the shown value of selects and
text fields, SVG ``<text>``: board coordinates, numbers on cells and cards), with its colour (its
CSS ``color``, or an SVG text's ``fill``) and the opacity of everything around it. It then hides
all text, photographs the page one screen at a time, and takes the most frequent colour under each
text as its background (so a cell's fill, a card's face, a pattern or a translucent layer counts as
drawn, whatever HTML or SVG drew it). An SVG text with a halo (a stroke painted under its fill) is
measured against its halo. The ratio is WCAG 2's contrast ratio of the text's colour, blended over
that background by its opacity, against the background.

Left out, as WCAG leaves them out: disabled controls, text hidden from sight (``visibility``,
``display``, zero size, ``.visually-hidden``, a closed ``<details>``, off the screen sideways), an
SVG ``<title>``.
"""

from __future__ import annotations

import io
from collections import Counter
from dataclasses import dataclass

from PIL import Image

#: WCAG 2 AA for text (1.4.3), used here for every text whatever its size
MINIMUM = 4.5

_COLLECT = r"""
() => {
  const out = [];
  const skipTags = new Set(["SCRIPT", "STYLE", "NOSCRIPT", "TITLE", "DESC", "OPTION", "TEXTAREA", "SELECT"]);
  const parseColour = (s) => {
    const m = /rgba?\(([^)]+)\)/.exec(s || "");
    if (!m) return null;
    const p = m[1].split(/[\s,/]+/).filter(Boolean).map(Number);
    return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1];
  };
  const opacity = (el) => {
    let o = 1;
    for (let e = el; e && e.nodeType === 1; e = e.parentElement) o *= Number(getComputedStyle(e).opacity);
    return o;
  };
  // the content of a closed <details> is not drawn (its summary is)
  const folded = (el) => {
    for (let d = el.closest("details:not([open])"); d; d = d.parentElement && d.parentElement.closest("details:not([open])")) {
      const summary = d.querySelector(":scope > summary");
      if (!summary || !summary.contains(el)) return true;
    }
    return false;
  };
  const hidden = (el) =>
    !!el.closest(".visually-hidden, [hidden], [disabled], [aria-disabled='true'], fieldset:disabled") ||
    folded(el) || getComputedStyle(el).visibility !== "visible";
  const path = (el) => {
    const parts = [];
    for (let e = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const cls = typeof e.className === "string" ? e.className : e.className.baseVal || "";
      parts.unshift(e.tagName.toLowerCase() + (cls ? "." + cls.trim().split(/\s+/).join(".") : ""));
    }
    return parts.join(" > ");
  };
  const add = (el, rect, text, colour, halo) => {
    if (!rect || rect.width < 1 || rect.height < 1 || !colour || colour[3] === 0) return;
    if (rect.right <= 0 || rect.left >= innerWidth) return; // moved off the screen sideways (a skip link)
    const x = rect.left + scrollX, y = rect.top + scrollY;
    out.push({ text: text.slice(0, 40), where: path(el), x, y, w: rect.width, h: rect.height, colour,
               opacity: opacity(el), halo });
  };
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest("title, desc, style, script, noscript, option, select, textarea")) continue;
    if (skipTags.has(el.tagName.toUpperCase()) || hidden(el)) continue;
    const s = getComputedStyle(el);
    if (el instanceof SVGElement) {
      const box = el.getBoundingClientRect();
      const fill = parseColour(s.fill);
      if (!fill) continue; // fill: none or a pattern: nothing to read as a colour
      fill[3] *= Number(s.fillOpacity);
      const stroke = parseColour(s.stroke);
      const halo = stroke && stroke[3] > 0 && parseFloat(s.strokeWidth) >= 1.5 && /^stroke/.test(s.paintOrder)
        ? stroke : null;
      add(el, box, text, fill, halo);
    } else {
      const range = document.createRange();
      range.selectNodeContents(n);
      add(el, range.getBoundingClientRect(), text, parseColour(s.color), null);
    }
  }
  // what a select or a text field shows is not a text node of the page
  for (const el of document.querySelectorAll("select, input[type=text], input[type=number], input[type=url], input:not([type]), textarea")) {
    if (hidden(el)) continue;
    const text = el.tagName === "SELECT" ? (el.selectedOptions[0] || {}).textContent || "" : el.value;
    if (!text.trim()) continue;
    const s = getComputedStyle(el), r = el.getBoundingClientRect();
    const pad = (p) => parseFloat(s[p]) + parseFloat(s[p.replace("padding", "border") + "Width"] || 0);
    const inner = new DOMRect(r.left + pad("paddingLeft"), r.top + pad("paddingTop"),
      Math.max(0, r.width - pad("paddingLeft") - pad("paddingRight") - (el.tagName === "SELECT" ? 16 : 0)),
      Math.max(0, r.height - pad("paddingTop") - pad("paddingBottom")));
    add(el, inner, text.trim(), parseColour(s.color), null);
  }
  return { items: out, width: innerWidth, height: innerHeight, full: document.documentElement.scrollHeight, dpr: devicePixelRatio };
}
"""

#: paints every text transparent (backgrounds, borders and shapes stay)
_HIDE = (
    "*, *::before, *::after { color: transparent !important; -webkit-text-fill-color: transparent !important;"
    " text-shadow: none !important; caret-color: transparent !important; transition: none !important; }"
    " svg text, svg tspan { fill: transparent !important; stroke: transparent !important; }"
)


@dataclass
class Reading:
    text: str
    where: str
    colour: tuple[int, int, int]
    background: tuple[int, int, int]
    ratio: float

    def __str__(self) -> str:
        hexes = "#{:02x}{:02x}{:02x} on #{:02x}{:02x}{:02x}".format(*self.colour, *self.background)
        return f"{self.ratio:.2f}:1 {self.text!r} ({hexes}) at {self.where}"


def luminance(rgb) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(a, b) -> float:
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def blend(top, alpha: float, bottom) -> tuple[int, int, int]:
    return tuple(round(t * alpha + u * (1 - alpha)) for t, u in zip(top[:3], bottom[:3], strict=True))


def _background(image: Image.Image, box: tuple[int, int, int, int]) -> tuple[int, int, int] | None:
    crop = image.crop(box)
    if crop.width == 0 or crop.height == 0:
        return None
    pixels = crop.get_flattened_data() if hasattr(crop, "get_flattened_data") else crop.getdata()
    counts = Counter(pixels)
    return counts.most_common(1)[0][0][:3]


def measure(page) -> list[Reading]:
    """Every visible text on the page (all of it, screen by screen) with its contrast ratio."""
    found = page.evaluate(_COLLECT)
    dpr, view_h, full = found["dpr"], found["height"], found["full"]
    style = page.add_style_tag(content=_HIDE)
    shots: list[tuple[float, Image.Image]] = []
    try:
        top = 0.0
        while True:
            # scrolled, then two frames drawn: the screenshot shows painted tiles (a phone's
            # long page is otherwise partly black where the compositor has not rasterised yet)
            at = page.evaluate(
                "(y) => new Promise((done) => { window.scrollTo(0, y);"
                " requestAnimationFrame(() => requestAnimationFrame(() => done(scrollY))); })",
                top,
            )
            shots.append((at, Image.open(io.BytesIO(page.screenshot(animations="disabled"))).convert("RGB")))
            if at + view_h >= full - 1 or top > at:  # the bottom is on screen (or scrolling stopped)
                break
            top = at + view_h
    finally:
        style.evaluate("(s) => s.remove()")
        page.evaluate("window.scrollTo(0, 0)")
    out = []
    for item in found["items"]:
        y0 = item["y"]
        shot = next(((at, img) for at, img in shots if at <= y0 and y0 + item["h"] <= at + view_h + 1), None)
        if shot is None:
            continue  # taller than a screen or under a fixed element's strip: not read here
        at, img = shot
        colour = item["colour"]
        if item["halo"]:
            bg = tuple(item["halo"][:3])
        else:
            box = (
                round(item["x"] * dpr),
                round((y0 - at) * dpr),
                round((item["x"] + item["w"]) * dpr),
                round((y0 - at + item["h"]) * dpr),
            )
            bg = _background(img, box)
            if bg is None:
                continue
        shown = blend(colour, colour[3] * item["opacity"], bg)
        out.append(Reading(item["text"], item["where"], shown, bg, ratio(shown, bg)))
    return out


def low(page, minimum: float = MINIMUM) -> list[Reading]:
    """The texts under ``minimum``:1, worst first."""
    return sorted((r for r in measure(page) if r.ratio < minimum), key=lambda r: r.ratio)
