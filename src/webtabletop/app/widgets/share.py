"""The Share window: the position's link, a button to copy it, the system's share sheet, and a
QR code of the link drawn by the app.

The QR code is made here, in the worker, by segno (pure Python, PyPI; pinned in web/wheels.txt)
and drawn as inline SVG:

- dark modules on an explicit light square, whatever the page's colours (a camera needs dark
  on light); a quiet zone of 4 modules, as ISO/IEC 18004 asks;
- error correction: level L at least, raised by segno to the highest level that fits the same
  version (``boost_error``). The code is read from a screen (no dirt, no creases), so the
  smallest version (the largest modules) helps a camera most; measured versions are in
  docs/share.md;
- sized by its viewBox: the page scales it to the window (at most 320 CSS px);
- ``role="img"`` and a translated ``aria-label``.

A link longer than the largest QR code holds (version 40) gets no code: the window says why in
one translated sentence and still offers the link.

segno is imported on first use, not in the engine's start-up snapshot: importing it there made
every start about 0.1 s slower, while importing it on first use takes about 1.7 s in Pyodide (it
pulls in ``urllib.request``). So the first time, the window opens at once with the link and a
"drawing" line, and the answer asks the page for a follow-up action (``then``) that imports
segno and draws the code (docs/share.md has the measurements).
"""

from __future__ import annotations

import sys

from webtabletop.core.view import esc
from webtabletop.i18n import _, ngettext

#: the quiet zone around the code, in modules (ISO/IEC 18004: at least 4)
QUIET_ZONE = 4
#: the lowest error-correction level; segno raises it when the same version has room
ERROR_LEVEL = "l"

_cache: dict[str, tuple[str, int, str] | None] = {}


def loaded() -> bool:
    """segno is imported: a code can be drawn without the first import's wait."""
    return "segno" in sys.modules


def load() -> None:
    import segno  # noqa: F401 - the import is the point (see the module's docstring)


def qr_code(text: str) -> tuple[str, int, str] | None:
    """``(svg path data, size in modules including the quiet zone, "version-level")`` of a QR code
    holding ``text``, or None when no QR code version can hold it. The last answer is cached (the
    window re-renders with the game screen)."""
    if text in _cache:
        return _cache[text]
    import segno  # first use only: see the module's docstring
    from segno import DataOverflowError

    try:
        qr = segno.make(text, error=ERROR_LEVEL, micro=False, boost_error=True)
    except DataOverflowError:
        result = None
    else:
        svg = qr.svg_inline(border=QUIET_ZONE, dark="#000", light=None, omitsize=True)
        start = svg.index(' d="') + 4
        path = svg[start : svg.index('"', start)]
        result = (path, int(qr.symbol_size(border=QUIET_ZONE)[0]), qr.designator)
    _cache.clear()
    _cache[text] = result
    return result


def qr_svg(text: str, label: str) -> str | None:
    """The QR code of ``text`` as an accessible inline SVG (``label`` is its accessible name), or
    None when the text is too long for any QR code."""
    code = qr_code(text)
    if code is None:
        return None
    path, size, designator = code
    return (
        f'<svg class="qr" viewBox="0 0 {size} {size}" role="img" aria-label="{esc(label)}" '
        f'data-qr="{esc(designator)}" shape-rendering="crispEdges" xmlns="http://www.w3.org/2000/svg">'
        f'<rect width="{size}" height="{size}" fill="#fff"/>'
        f'<path stroke="#000" d="{esc(path)}"/></svg>'
    )


def share_window(
    link: str,
    draw: bool = True,
    title: str | None = None,
    intro: str | None = None,
    label: str | None = None,
    caption: str | None = None,
) -> str:
    """The Share window (a modal ``<dialog>``, opened by web/main.py with ``showModal``): closes
    with ×, Esc or a click outside; focus then returns to the button that opened it. Without
    ``draw``, a line saying the code is being drawn stands in for it. ``title``, ``intro`` and
    ``label``, ``caption`` (translated) replace the position's words (a match link says "Send your move")."""
    close = _("Close")
    title = title or _("Share this position")
    intro = intro or _("Whoever opens this link sees this exact position and can play on from it.")
    label = label or _("Link to this position")
    picture = qr_svg(link, _("QR code of the share link")) if draw else ""
    if not draw:
        qr = f'<p class="qr-wait" role="status" data-key="qr-wait">{esc(_("Drawing the QR code…"))}</p>'
    elif picture is None:
        qr = f'<p class="qr-missing" data-key="qr-missing">{esc(_("This link is too long for a QR code: copy it or share it instead."))}</p>'
    else:
        caption = caption or _("Scan the code with a phone’s camera to open this position there.")
        qr = f'<figure class="qr-figure">{picture}<figcaption>{esc(caption)}</figcaption></figure>'
    return (
        '<dialog class="share-dialog" aria-labelledby="share-title" data-key="share-dialog">'
        '<div class="share-box">'
        f'<div class="share-bar"><h2 id="share-title">{esc(title)}</h2>'
        f'<button type="button" class="btn icon close" data-cmd="close-share" data-key="share-close" '
        f'aria-label="{esc(close)}" title="{esc(close)}">×</button></div>'
        f'<p class="share-intro">{esc(intro)}</p>'
        f'<label class="share-label" for="share-link">{esc(label)}</label>'
        f'<input id="share-link" class="share-link" type="text" readonly autofocus spellcheck="false" '
        f'value="{esc(link)}" data-key="share-link">'
        '<div class="actions">'
        f'<button type="button" class="btn primary" data-cmd="copy-link" data-key="share-copy">{esc(_("Copy link"))}</button>'
        f'<button type="button" class="btn" data-native-share="1" data-key="share-native" hidden>{esc(_("Share…"))}</button>'
        f"</div>{qr}</div></dialog>"
    )


def parts_window(base: str, texts: list[str], title: str) -> str:
    """The Share window of a match link too long for one message (``correspondence.parts``): each
    part with its own Copy button, and "Copy all links" for one message holding them all (the
    friend may open the parts in any order, or paste them all at once). The parts are too long
    for QR codes a phone can read from a screen, so none is drawn; the window says so. ``title``
    (translated) says what the link holds (``matchpages.link_words``: a dealing link, a move…)."""
    close = _("Close")
    n = len(texts)
    rows = "".join(
        f'<div class="share-part"><label class="share-label" for="share-part-{i}">'
        f"{esc(_('Link {number} of {count}').format(number=i + 1, count=n))}</label>"
        f'<input id="share-part-{i}" class="share-link share-part-link" type="text" readonly spellcheck="false" '
        f'value="{esc(base + t)}" data-key="share-part-{i}">'
        f'<button type="button" class="btn" data-cmd="copy-part" data-arg="{i}" data-key="share-copy-{i}">'
        f"{esc(_('Copy link {number}').format(number=i + 1))}</button></div>"
        for i, t in enumerate(texts)
    )
    everything = "\n".join(base + t for t in texts)
    intro = ngettext(
        "This link is too long for one message, so it goes as {count} links. Send your friend all of them, in one message or one by one: they open each (in any order), or paste them all at once.",
        "This link is too long for one message, so it goes as {count} links. Send your friend all of them, in one message or one by one: they open each (in any order), or paste them all at once.",
        n,
    ).format(count=n)
    return (
        '<dialog class="share-dialog share-parts" aria-labelledby="share-title" data-key="share-dialog">'
        '<div class="share-box">'
        f'<div class="share-bar"><h2 id="share-title">{esc(title)}</h2>'
        f'<button type="button" class="btn icon close" data-cmd="close-share" data-key="share-close" '
        f'aria-label="{esc(close)}" title="{esc(close)}">×</button></div>'
        f'<p class="share-intro">{esc(intro)}</p>'
        f'<textarea id="share-link" class="share-link share-all" readonly autofocus spellcheck="false" rows="3" '
        f'aria-label="{esc(_("All the links, one per line"))}" data-share-text="1" data-key="share-link">{esc(everything)}</textarea>'
        '<div class="actions">'
        f'<button type="button" class="btn primary" data-cmd="copy-link" data-key="share-copy">'
        f"{esc(ngettext('Copy all {count} links', 'Copy all {count} links', n).format(count=n))}</button>"
        f'<button type="button" class="btn" data-native-share="1" data-key="share-native" hidden>{esc(_("Share…"))}</button>'
        f"</div>{rows}"
        f'<p class="qr-missing" data-key="qr-missing">{esc(_("These links are too long for QR codes: copy them or share them instead."))}</p>'
        "</div></dialog>"
    )
