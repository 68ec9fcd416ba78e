"""The CardGO rules page: rules 1-3, the effects table (with the badge a stone wears, in the
reader's language) and the terrain table, switches, the decisions taken where the source is silent
(:data:`DECISIONS`) and what a record reveals; the corrections under "Rules history"
(:func:`history_html`)."""

from __future__ import annotations

from webtabletop.core.view import esc
from webtabletop.games.cardgo.meta import TITLE
from webtabletop.games.cardgo.rules.effects import EFFECTS, EXTRA_PLAY, badge
from webtabletop.games.cardgo.rules.terrain import TERRAINS
from webtabletop.i18n import N_, _
from webtabletop.i18n.text import join_list

#: what this implementation decided where the digest/source is silent (shown on the rules page)
DECISIONS: tuple[str, ...] = (
    N_(
        "Both players reaching 0 time in the same turn is a draw; Green skips the draw on the very first "
        "turn."
    ),
    N_(
        "A player with no legal cell passes; two passes in a row end the game: more time wins, equal is a"
        " draw. As a safety net (crypts and Evil could stall a game) the game also ends this way after 4 "
        "× cells turns; that bounds a game to 2 × (4 × cells) + 2 × hand size moves, and the game ends "
        "there too."
    ),
    N_(
        "Card effects and terrain are on by default; with them off every card is plain and every cell is "
        "plain."
    ),
    N_(
        "Effects read the card's printed value (Sorrow, Pain, Kindness and the extra-play matching); "
        "terrain changes only the stone's value on the board, which is what takes effect and deals "
        "damage."
    ),
    N_(
        "Extra plays (Indulgence, Pride, Excitement) are offered after the placement's rules 1–3 have "
        "resolved; the extra card is a full placement (its own effects, including further extra plays, "
        "apply) without a draw."
    ),
    N_(
        "Brave converts for good and never picks a Loneliness stone; Evil may destroy a stone of either "
        "colour."
    ),
    N_(
        "Only enemy groups touching the new stone are checked for breathlessness (as in Go). In the "
        "opponent's view the placer's breathless stones count only when they touch a real enemy stone's "
        "group."
    ),
    N_(
        "Loneliness stones are never converted: not by rule 2, not in the opponent's view of rule 3, not "
        "by Brave."
    ),
    N_(
        "Suppression is checked on the board as it stands before the removals, for stones of either "
        "colour, converted or not; a suppressed stone on fire does not burn and stays as a normal stone."
    ),
    N_(
        "A stone that takes effect in both views of rule 3 deals its damage in both (the digest's example 4)."
    ),
    N_(
        "Shrub and flowers weigh 2 and ice 0 in the connectivity count X = (sum of weights) − 1 (full "
        "speed: the sum); the placed stone's own weight counts like any other."
    ),
    N_(
        "A tree is a member (weight 1) of every group touching it, of either colour, and connects them; "
        "it is not a liberty and does not link to other trees. Stone terrain is like the edge; water only"
        " cuts connections."
    ),
    N_(
        "A crypt swallows the stone and its card effect. Fire burns the stone at once (half value, "
        "rounded down, to the opponent) after its on-play effect; rules 1–3 are not evaluated for it."
    ),
    N_(
        "Swamp never lowers a value below 0; a 0 stone takes effect whenever its group is evaluated, for "
        "0 damage."
    ),
    N_(
        "Tall grass hides a stone's value from the player who does not own it (also in the log and the "
        "preview)."
    ),
    N_(
        "Time may rise above the starting time (Kindness) and never drops below 0; all damage of one "
        "placement is applied together."
    ),
)


#: the switches list of the rules page (one msgid per item)
SWITCHES: tuple[str, ...] = (
    N_("Custom mode: starting time, board size, hand size, card value range (1–10)."),
    N_("Preview (on): show what a placement would do before you drop the card."),
    N_("Full-speed connectivity (off): X counts the stone itself, so a lone 1 takes effect at once."),
    N_("Adjacent placement (off): a card must go next to (8 directions) a stone already on the board."),
    N_("Card effects and terrain (on): dealt cards get a random effect; the board gets random terrain."),
)


#: the rules page's headings and paragraphs (one msgid each; markup inside is kept simple)
PAGE: dict[str, str] = {
    "t0": N_(
        "Cards, elimination and Go. Green and Red each have <b>time</b> (life, 100 by default) and a hand of cards (5). A card has a time value (1–6 by default) and, with effects on, an effect. Once placed it is a <b>card-stone</b> showing its value. A player whose time reaches 0 loses."
    ),
    "t1": N_("A turn"),
    "t2": N_(
        "Place one hand card on any empty cell: drag it onto the board, or pick the card and then the cell (keyboard: Tab to a card, Enter, Tab to a cell, Enter). With the preview on, hovering or focusing a cell shows translucently which stones would take effect and the damage to each side."
    ),
    "t3": N_("Groups"),
    "t4": N_(
        "A <b>group</b> is a 4-connected (up, down, left, right) set of stones of one colour. Its <b>liberties</b> are its empty neighbouring cells (the edge is not a liberty). A group without liberties is <b>breathless</b>."
    ),
    "t5": N_("Rule 1 — taking effect"),
    "t6": N_(
        "After you place a stone, let G be your group containing it and X = |G| − 1 (with full-speed connectivity X = |G|). Every stone of G with value ≤ X <b>takes effect</b>: it leaves the board and your opponent loses that much time. Example: a 2 joins a row 3-4-4: X = 3, the 3 and the 2 take effect (5 damage), the 4s stay."
    ),
    "t7": N_("Rule 2 — breathless enemies are converted"),
    "t8": N_(
        "Enemy groups next to your new stone that are now breathless count as yours for this evaluation: they join G and add to X. Converted stones with value ≤ X take effect against their owner; the others revert."
    ),
    "t9": N_("Rule 3 — both sides breathless"),
    "t10": N_(
        "If your own group containing the new stone is breathless too, both sides are evaluated at once on the same board: your view (rule 2), and your opponent's view, where your breathless stones count as theirs and join their neighbouring groups; stones with value ≤ X there take effect and damage you. All removals happen together; converted stones that did not take effect revert. Example: Red's 6 fills a hole among green 4, 5, 6 and a green 3 that red 1, 5, 3 enclose: Red deals 1 + 3 + 3 = 7, Green deals 3 + 4 = 7."
    ),
    "t11": N_("End"),
    "t12": N_(
        "Time 0 loses (both at 0 in the same turn: draw). A player who cannot place passes; two passes in a row end the game and the higher time wins (equal: draw)."
    ),
    "t13": N_("Card effects"),
    "t14": N_(
        "On-play effects resolve right after the placement, before rules 1–3. The extra plays ({extra}) are optional: after the placement you may play one matching card as a normal placement, or skip."
    ),
    "t15": N_("Badge"),
    "t16": N_("Effect"),
    "t17": N_("What it does"),
    "t18": N_("Terrain"),
    "t19": N_(
        "Every terrain has a colour and a symbol. Tap or hover a stone to see how the terrain changed its value, for example “5 +1 Highland = 6”."
    ),
    "t20": N_("Look"),
    "t21": N_("Terrain"),
    "t22": N_("What it does"),
    "t23": N_("Switches and custom mode"),
    "t24": N_("Decisions (where the original rules are silent)"),
    "t26": N_(
        "<b>Fire.</b> The original text says «火焰 N 放置的棋子立即生效,但是时间值减半»: a stone placed on fire takes effect at once, but with half its time value. To take effect (生效) is what rule 1 does to a stone: it leaves the board and deals its value as damage. So the app burns the stone for half its value (rounded down, our decision) and the fire cell is empty again. Nothing in the text uses a fire cell up, so every turn either player may burn another card there: a sure hit that the opponent can neither block nor capture, while a group takes several turns to build and can be captured. The computer found this at once: in one game against random play it put 34 of its about 50 cards on the same fire cell and won without building a group. The text gives no terrain frequencies; the app makes about one cell in 25 fire, so almost every board has some."
    ),
    "t28": N_(
        "<b>Checked against the text.</b> The reading is the designer's, not ours: the text uses 生效 (take effect) for exactly this elsewhere, for a stone that leaves the board and deals its value (rule 1; Happy «该卡棋生效所需的连通数-1»; full-speed mode «放置数值为1的卡牌,将会直接生效»), and it says nothing that puts a fire cell out. Measured with every computer level (terrain and effects on, two boards each): easy put 55 of its 92 cards on fire (60%), normal 54 of 88 (61%), random play 4 of 175; each level won every such game against random play. So fire decides most games, whatever the level: a finding about the game's balance."
    ),
    "t27": N_(
        "The app plays the rule as written. If fire should be a bonus rather than the whole game, a fire cell that goes out after it has burned one stone, or a burned stone that leaves ash on which nothing can be placed, would keep it one."
    ),
}


def rules_html() -> str:
    """The in-app rules page: rules 1-3, effects and terrain tables, switches and decisions."""
    draw_text = _(
        "Draw one card (Green skips this on the very first turn). There is no hand limit: every new turn "
        "draws, also after a pass, and a Love card draws one more card on top, so playing it leaves you "
        "one card richer."
    )
    record_text = _(
        "A saved game, a record file and a share link hold the game's seed and every move. The seed "
        "decides the terrain, both starting hands and every card either player will draw, so whoever "
        "decodes a record can work out both hands, the values hidden in tall grass and all future draws. "
        "Share an unfinished game only with someone you would show your cards to, or after the game."
    )
    eff_rows = "".join(
        f"<tr><td>{e.id}</td><td>{esc(badge(e.id) or '—')}</td><td>{esc(_(e.name))}</td><td>{esc(_(e.text))}</td></tr>"
        for e in EFFECTS
    )
    ter_rows = "".join(
        f'<tr><td>{t.id}</td><td><span style="display:inline-block;width:14px;height:14px;background:{t.colour};border:1px solid #888"></span> {esc(t.icon)}</td>'
        f"<td>{esc(_(t.name))}</td><td>{esc(_(t.text))}</td></tr>"
        for t in TERRAINS
    )
    decisions = "".join(f"<li>{esc(_(d))}</li>" for d in DECISIONS)
    extra = join_list(_(EFFECTS[e].name) for e in EXTRA_PLAY)
    switches = "".join(f"<li>{_(item)}</li>" for item in SWITCHES)
    T = {k: _(v) for k, v in PAGE.items()}
    saved = _("Saved games, records and share links")
    return f"""
<h2>{esc(_(TITLE))}</h2>
<p>{T["t0"]}</p>
<h3>{T["t1"]}</h3>
<p>{esc(draw_text)}</p>
<p>{T["t2"]}</p>
<h3>{T["t3"]}</h3>
<p>{T["t4"]}</p>
<h3>{T["t5"]}</h3>
<p>{T["t6"]}</p>
<h3>{T["t7"]}</h3>
<p>{T["t8"]}</p>
<h3>{T["t9"]}</h3>
<p>{T["t10"]}</p>
<h3>{T["t11"]}</h3>
<p>{T["t12"]}</p>
<h3>{T["t13"]}</h3>
<p>{T["t14"].format(extra=esc(extra))}</p>
<table class="cg-table"><thead><tr><th>#</th><th>{T["t15"]}</th><th>{T["t16"]}</th><th>{T["t17"]}</th></tr></thead><tbody>{eff_rows}</tbody></table>
<h3>{T["t18"]}</h3>
<p>{T["t19"]}</p>
<table class="cg-table"><thead><tr><th>#</th><th>{T["t20"]}</th><th>{T["t21"]}</th><th>{T["t22"]}</th></tr></thead><tbody>{ter_rows}</tbody></table>
<h3>{T["t23"]}</h3>
<ul>{switches}</ul>
<h3>{T["t24"]}</h3>
<ul>{decisions}</ul>
<h3>{esc(saved)}</h3>
<p>{esc(record_text)}</p>
"""


def designer_html() -> str:
    """CardGO's part of "For the designer": the fire cell, read from the designer's text and
    measured."""
    return "".join(f"<p>{_(PAGE[k])}</p>" for k in ("t26", "t28", "t27"))


def history_html() -> str:
    """The rules page's "Rules history": the correction of rules version 2 and the original words
    it rests on."""
    correction_text = _(
        "Rules version 2 (November 2026) removed a hand limit that earlier versions of this app had added: "
        "they skipped every draw while a hand held hand size + 1 cards, which cancelled Love's extra card. "
        "A game recorded under the earlier rules replays unchanged up to the first draw that limit would "
        "have skipped; from there its moves would mean other cards, so it opens at that point with a "
        "message and the whole original is kept."
    )
    source_text = _(
        "This rests on the original rules: «玩家开始时具有卡牌5张,每回合可以使用一张,新的回合获取一张» (each "
        "player starts with 5 cards, may use one per turn and gets one each new turn) and Love «打出时,额外抽取"
        "一张卡牌» (on play, draw one extra card)."
    )
    return f"<h3>{esc(_('Corrections'))}</h3><p>{esc(correction_text)}</p><p class='source'>{esc(source_text)}</p>"
