"""The placement preview: what would happen if hand card ``hand_index`` went on ``cell``.

Computed by the very :func:`~webtabletop.games.cardgo.rules.state.resolve` the game uses, on a copy of
the board, with two differences that keep hidden things hidden:
- random on-play outcomes (Brave's stone, Evil's target, Sorrow's amount) are not drawn: they are
  named in ``notes`` (Sorrow adds 0..value to the damage range) and ``random`` is set;
- stones whose value the viewer cannot see (the opponent's stones on tall grass) are never assumed:
  they are listed in ``maybe`` and widen the damage range.
"""

from __future__ import annotations

import attrs

from webtabletop.games.cardgo.rules.effects import EFFECTS, HiddenChance
from webtabletop.games.cardgo.rules.state import CardgoState, Work, resolve
from webtabletop.i18n import _
from webtabletop.i18n.text import join_clauses, join_list, join_sentences


@attrs.frozen
class Preview:
    """``damage[p]`` = (least, most) time player p would lose; ``heal[p]`` = time p would gain."""

    player: int
    hand_index: int
    cell: int
    legal: bool
    reason: str = ""
    stone_value: int = 0
    takes: tuple[int, ...] = ()  # stones that would certainly take effect
    maybe: tuple[int, ...] = ()  # stones that may take effect (value hidden from the viewer)
    converted: tuple[int, ...] = ()  # temporarily converted stones
    reverts: tuple[int, ...] = ()  # converted stones that would revert
    suppressed: tuple[int, ...] = ()
    damage: tuple[tuple[int, int], tuple[int, int]] = ((0, 0), (0, 0))
    heal: tuple[int, int] = (0, 0)
    vanished: bool = False
    burned: bool = False
    random: bool = False
    extra_value: int = 0
    notes: tuple[str, ...] = ()

    def expected_gain(self) -> float:
        """Mid-range time swing for the placing player (what the AI orders by)."""
        me, other = self.player, 1 - self.player
        dealt = sum(self.damage[other]) / 2
        taken = sum(self.damage[me]) / 2
        return dealt - taken + self.heal[me] - self.heal[other]


def preview(state: CardgoState, hand_index: int, cell: int, viewer: int | None = None) -> Preview:
    """The preview of placing the mover's hand card ``hand_index`` on ``cell`` as ``viewer`` (default:
    the mover) may know it. Never changes ``state``; never draws from the game's generator."""
    player = state.player
    viewer = player if viewer is None else viewer
    why = state.why_illegal(hand_index, cell)
    if why is not None:
        return Preview(player, hand_index, cell, False, why)
    card = state.hands[player][hand_index]
    lo, hi = state.options.min_value, state.options.max_value
    hidden = {i: (lo, hi) for i in state.hidden_cells(viewer)}
    work = Work(list(state.owners), list(state.values), list(state.effects))
    res = resolve(state.geo, state.options, work, player, cell, card, HiddenChance(), hidden)
    takes = tuple(sorted({t[0] for t in res.takes}))
    maybe = tuple(sorted({m[0] for m in res.maybe}))
    converted = tuple(sorted(set(res.converted)))
    notes = list(res.unknown)
    if res.vanished:
        notes.append(_("the crypt swallows the card: nothing happens"))
    if res.burned:
        notes.append(_("fire: the stone burns at once for {n}").format(n=res.stone_value // 2))
    if res.draw:
        notes.append(_("draw one extra card"))
    if res.extra_value:
        notes.append(
            _("then you may play a card of value {value} ({effect})").format(
                value=res.extra_value, effect=_(EFFECTS[card.effect].name)
            )
        )
    if res.suppressed:
        notes.append(_("suppressed stones cannot take effect"))
    return Preview(
        player,
        hand_index,
        cell,
        True,
        "",
        stone_value=res.stone_value,
        takes=takes,
        maybe=maybe,
        converted=converted,
        reverts=tuple(c for c in converted if c not in takes and c not in maybe),
        suppressed=tuple(res.suppressed),
        damage=((res.loss_lo[0], res.loss_hi[0]), (res.loss_lo[1], res.loss_hi[1])),
        heal=(res.gain[0], res.gain[1]),
        vanished=res.vanished,
        burned=res.burned,
        random=bool(res.unknown),
        extra_value=res.extra_value,
        notes=tuple(notes),
    )


def describe(state: CardgoState, p: Preview) -> str:
    """One line for the prompt / screen readers, in the reader's language."""
    if not p.legal:
        return p.reason
    names = state.grid.names

    def rng(r):
        return str(r[0]) if r[0] == r[1] else f"{r[0]}–{r[1]}"

    parts = [_("{cell}:").format(cell=names[p.cell])]
    if p.takes:
        parts.append(_("takes effect: {cells};").format(cells=join_list(names[c] for c in p.takes)))
    if p.maybe:
        parts.append(_("maybe: {cells};").format(cells=join_list(names[c] for c in p.maybe)))
    if p.reverts:
        parts.append(_("reverts: {cells};").format(cells=join_list(names[c] for c in p.reverts)))
    parts.append(
        _("{green} −{a}, {red} −{b}").format(
            green=_("Green"), red=_("Red"), a=rng(p.damage[0]), b=rng(p.damage[1])
        )
    )
    if any(p.heal):
        parts.append(_("(heal +{a}/+{b})").format(a=p.heal[0], b=p.heal[1]))
    if p.notes:
        parts.append("· " + join_clauses(p.notes))
    return join_sentences(parts)  # each piece ends in its own punctuation: no space in CJK
