"""HTT's own styles, scoped to HTT (``.htt-…`` and ``[data-game='htt']`` selectors):
they ship with HTT's HTML, so the shared stylesheet needs no HTT rules. Every target in them is at
least 44×44 CSS px on a phone.

HTT has no menu of its own: its pages (collection, packs, decks, …) are links in the shared
game menu (``app/widgets/pages.py``: ``folding_menu``), folded behind "Menu" on a phone like every game's.
"""

from __future__ import annotations

HTT_CSS = """<style>
.htt-hand-card.selected polygon:first-of-type{filter:drop-shadow(0 0 3px #0c8f7a)}
.htt-cell.legal{cursor:pointer}
.htt-panel .btn{min-height:44px}
.htt-panel .htt-take{min-width:44px;min-height:44px}
@media (max-width:640px){
 [data-game='htt'] .game-head .variant{display:none}
 [data-game='htt'] .game-head h1{font-size:1.15rem;margin:0}
 .htt-board.htt-tall{max-height:calc(100svh - 210px);width:auto;max-width:100%;margin:0 auto}
 .htt-filters select,.htt-page .btn,.htt-page select,.htt-page input[type=file]+*{min-height:44px}
 .htt-page .btn.small{min-height:44px;padding-top:0;padding-bottom:0;display:inline-flex;align-items:center}
 .htt-card{min-height:44px}
}
</style>"""

