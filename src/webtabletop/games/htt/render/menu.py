"""HTT's own menu and styles for phones (issue 11: "HTT's sub-pages go into one menu", "the
navigation shows the current page").

On wide screens the shell's row of page buttons stays (the current page is marked there with
``aria-current``). At most 640 CSS px wide, that row is hidden and this one menu takes its place: a
``<details>`` whose summary names the current page (a plain disclosure: it works without scripts
and by keyboard), listing Play, every HTT page and the rules, the current one marked.

``HTT_CSS`` is scoped to HTT (``.htt-…`` and ``[data-game='htt']`` selectors) and ships with HTT's
own HTML, so the shared stylesheet needs no HTT rules for it. Every target in it is at least 44×44
CSS px.
"""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.htt import meta
from webtabletop.i18n import _

HTT_CSS = """<style>
.htt-menu{display:none}
.htt-hand-card.selected polygon:first-of-type{filter:drop-shadow(0 0 3px #0c8f7a)}
.htt-cell.legal{cursor:pointer}
.htt-panel .btn{min-height:44px}
.htt-panel .htt-take{min-width:44px;min-height:44px}
@media (max-width:640px){
 [data-game='htt'] .game-nav{display:none}
 [data-game='htt'] .game-head .variant{display:none}
 [data-game='htt'] .game-head h1{font-size:1.15rem;margin:0}
 .htt-menu{display:block;margin:2px 0 4px;position:relative}
 .htt-menu summary{min-height:44px;display:flex;align-items:center;gap:8px;padding:0 12px;border:1px solid #c9c2b3;border-radius:8px;background:#fff;cursor:pointer;font-weight:600;list-style:none}
 .htt-menu summary::-webkit-details-marker{display:none}
 .htt-menu summary::after{content:"\\25BE";margin-left:auto}
 .htt-menu ul{list-style:none;margin:4px 0 0;padding:0;display:grid;grid-template-columns:1fr 1fr;gap:4px}
 .htt-menu a{display:flex;align-items:center;min-height:44px;padding:0 10px;border:1px solid #c9c2b3;border-radius:8px;background:#fff;text-decoration:none;color:inherit}
 .htt-menu a[aria-current]{background:#e3f3ef;border-color:#0c8f7a;font-weight:700}
 .htt-board.htt-tall{max-height:calc(100svh - 210px);width:auto;max-width:100%;margin:0 auto}
 .htt-filters select,.htt-page .btn,.htt-page select,.htt-page input[type=file]+*{min-height:44px}
 .htt-page .btn.small{min-height:44px;padding-top:0;padding-bottom:0;display:inline-flex;align-items:center}
 .htt-card{min-height:44px}
}
</style>"""


def menu_html(current: str) -> str:
    """The phone menu; ``current`` is "" (the game), a page id of :data:`meta.NAV`, or "rules"."""
    items = [("", _("Play"), "#/htt")]
    items += [(page, _(title), f"#/htt/{page}") for page, title in meta.NAV]
    items.append(("rules", _("Rules"), "#/htt/rules"))
    here = next((title for page, title, _href in items if page == current), items[0][1])
    mark = ' aria-current="page"'
    links = "".join(
        f'<li><a href="{esc(href)}"{mark if page == current else ""}>{esc(title)}</a></li>'
        for page, title, href in items
    )
    label = _("Pages of Hexagonal Triple Triad")
    return (
        f'<details class="htt-menu"><summary aria-label="{esc(label)}: {esc(here)}">{esc(here)}</summary>'
        f'<nav aria-label="{esc(label)}"><ul>{links}</ul></nav></details>'
    )
