"""The words DumaRaj shows to players, translated at the moment they are shown.

Mob names and the game's own terms come from the designer's Russian text (``Радж``, ``Фэдж``,
``Лодь``, ``Слодь``, ``Гонь``, ``Тригонь``, ``Пикса``; ``флекс``, ``пиКСбумм``, ``Редактор``,
``Варп``); the English source strings use the digest's names. Short terms carry the context
``"DumaRaj"`` so that they never share a catalog entry with another game's word.

:func:`describe_move` names what a move changed in one sentence (the status line after every
move, the AI's included); :func:`move_sound` says which sound fits it.
"""

from __future__ import annotations

from webtabletop.games.dumaraj.rules import engine as E
from webtabletop.games.dumaraj.rules import notation as N
from webtabletop.games.dumaraj.rules.pieces import FEJ, GON, LOD, PIXA, RAJ, SLOD, TRIGON
from webtabletop.i18n import N_, _, ngettext, pgettext
from webtabletop.i18n.sides import side_gettext

#: outcome reasons (kept in English in the rules and records; translated where shown)
REASONS = (N_("mate"), N_("stalemate"), N_("threefold repetition"))

#: How each mob moves, one or two sentences: the one table its lesson (learn/lessons.py) and its
#: explanation card on the board (ui/explain.py) both say. The Trigon' depends on the agreed
#: degree: :data:`TRIGON_MOVES`.
MOB_MOVES = {
    RAJ: N_("The Raj steps one bit in any of the 8 directions."),
    FEJ: N_("The Fej slides any distance along a line or a diagonal, while the bits on its way are free."),
    LOD: N_("The Lod' slides any distance along a line (up, down or sideways), never diagonally."),
    SLOD: N_("The Slod' slides any distance along a diagonal, so it always stays on bits of one colour."),
    GON: N_(
        "The Gon' leaps one bit along a line and then two at a right angle, like a chess knight. "
        "It leaps: the mobs between do not stop it."
    ),
    PIXA: N_(
        "The Pixa fleps one bit forward or sideways, or leaps two; it never goes back. Unlike every "
        "other mob it frags differently: one bit diagonally forward."
    ),
}

#: The Trigon's leaps by the agreed degree (1 to 3).
TRIGON_MOVES = {
    1: N_(
        "The Trigon' of the 1st degree leaps as a camel: one bit diagonally, then two more diagonally "
        "after a turn (three bits one way and one across). The mobs between do not stop it."
    ),
    2: N_(
        "The Trigon' of the 2nd degree leaps as a Gon' (two bits one way and one across) or as a "
        "camel (three one way and one across). The mobs between do not stop it."
    ),
    3: N_(
        "The Trigon' of the 3rd degree leaps as a Gon' (two and one), a camel (three and one) or a "
        "zebra (three and two). The mobs between do not stop it."
    ),
}

#: Rursus, what a Pixa on its finist line becomes (its lesson, the Pixa's card).
RURSUS = N_(
    "A Pixa that reaches its finist line (the farthest rank) becomes, at once, a Fej, Lod', Slod', "
    "Gon' or Trigon' of your choice."
)

#: Arbitrary moves in one sentence, by option name: the new-game dialog's help (ui/panel.py) and
#: the cards of the mobs that make them, when they are agreed.
AGREED_MOVES = {
    "raj_flex": N_("Raj flex: the Raj swaps bits with its own Lod’ or Slod’ (like castling)."),
    "pair_flex": N_("Pair flex: an own Lod’ and Slod’ on neighbouring bits swap."),
    "picsbumm": N_(
        "Annihilation (like en passant): when a Pixa leaps two bits past a bit an enemy Pixa "
        "attacks, that Pixa may strike at once, and both Pixas (or three) leave the location."
    ),
}


def mob_name(kind: int) -> str:
    """The translated name of a mob kind."""
    return {
        RAJ: pgettext("DumaRaj", "Raj"),
        FEJ: pgettext("DumaRaj", "Fej"),
        LOD: pgettext("DumaRaj", "Lod'"),
        SLOD: pgettext("DumaRaj", "Slod'"),
        GON: pgettext("DumaRaj", "Gon'"),
        TRIGON: pgettext("DumaRaj", "Trigon'"),
        PIXA: pgettext("DumaRaj", "Pixa"),
    }[kind]


def player_name(side: int) -> str:
    return pgettext("DumaRaj", "White") if side == 0 else pgettext("DumaRaj", "Black")


def side_mob(p: int) -> str:
    """``"White Lod'"``: a mob of a side, as a screen reader says it."""
    if p >> 3 == 0:
        return _("White {mob}").format(mob=mob_name(p & 7))
    return _("Black {mob}").format(mob=mob_name(p & 7))


def line_label(line: int) -> str:
    name = N.line_name(line)
    return _("file {name}").format(name=name) if line >= E.FILE_LINE else _("rank {name}").format(name=name)


def reason_text(reason: str) -> str:
    """An outcome reason in the reader's language (the rules keep English keys)."""
    return _(reason)


def outcome_text(out) -> str:
    reason = reason_text(out.reason)
    if out.winner is None:
        return _("Draw: {reason}.").format(reason=reason)
    return side_gettext(True, "{player} wins: {reason}.").format(player=player_name(out.winner), reason=reason)


def move_label(cells, w: int, m: int) -> str:
    """A short translated name of move ``m`` (move list, panel buttons), e.g. ``Gon' b1–c3``."""
    kind = E.m_kind(m)
    if kind == E.SKIP:
        return _("Editor: keep the location")
    if kind == E.CUT:
        return _("Editor: remove {line}").format(line=line_label(E.m_from(m)))
    frm, to = E.m_from(m), E.m_to(m)
    a, z = N.square_name(frm, w), N.square_name(to, w)
    p, q = cells[frm], cells[to]
    if kind == E.RAJFLEX:
        return _("Raj flex {a}↔{z} ({mob})").format(a=a, z=z, mob=mob_name(q & 7))
    if kind == E.PAIRFLEX:
        return _("Pair flex {mob} {a}↔{other} {z}").format(
            mob=mob_name(p & 7), a=a, other=mob_name(q & 7), z=z
        )
    if kind == E.BUMM:
        n = 3 if cells[to] == PIXA | ((p >> 3) ^ 1) << 3 else 2
        return ngettext("piCSbumm {a}×{z} ({n} mob)", "piCSbumm {a}×{z} ({n} mobs)", n).format(a=a, z=z, n=n)
    sep = "×" if q else "–"
    text = f"{mob_name(p & 7)} {a}{sep}{z}"
    if kind == E.PROMO:
        text += f"={mob_name(E.m_promo(m))}"
    return text


def describe_move(before, after, code: str) -> str:
    """One sentence naming what ``code`` changed from ``before`` to ``after`` (plus one naming a
    Raj under flag, when the move put one there)."""
    try:
        mv = before.move_from_code(code)
    except Exception:  # noqa: BLE001 - an unknown code is named as it is
        return code
    w, cells = before.width, before.cells
    kind, frm, to = mv.kind, E.m_from(mv.m), E.m_to(mv.m)
    who = player_name(before.side)
    if kind == E.SKIP:
        return _("Editor: {player} keeps the location.").format(player=who)
    if kind == E.CUT:
        return _("Editor: {player} removes {line}.").format(player=who, line=line_label(frm))
    a, z = N.square_name(frm, w), N.square_name(to, w)
    p, q = cells[frm], cells[to]
    mob = mob_name(p & 7)
    if kind == E.RAJFLEX:
        text = _("Raj flex: {player}'s Raj {a} swaps with the {other} {z}.").format(
            player=who, a=a, other=mob_name(q & 7), z=z
        )
    elif kind == E.PAIRFLEX:
        text = _("Pair flex: {player}'s {mob} {a} swaps with the {other} {z}.").format(
            player=who, mob=mob, a=a, other=mob_name(q & 7), z=z
        )
    elif kind == E.BUMM:
        gone = sum(1 for s in range(len(cells)) if cells[s] and not after.cells[s])
        text = ngettext(
            "piCSbumm: the Pixa {a} strikes the Pixa that leapt over {z}; {n} mob leaves the location.",
            "piCSbumm: the Pixa {a} strikes the Pixa that leapt over {z}; {n} mobs leave the location.",
            gone,
        ).format(a=a, z=z, n=gone)
    elif kind == E.PROMO:
        new = mob_name(E.m_promo(mv.m))
        if q:
            text = _("Rursus: Pixa {a} takes {victim} {z} and becomes a {new}.").format(
                a=a, victim=mob_name(q & 7), z=z, new=new
            )
        else:
            text = _("Rursus: Pixa {a} moves to {z} and becomes a {new}.").format(a=a, z=z, new=new)
    elif q:
        text = _("{mob} {a} takes {victim} {z}.").format(mob=mob, a=a, victim=mob_name(q & 7), z=z)
    else:
        text = _("{mob} {a} moves to {z}.").format(mob=mob, a=a, z=z)
    if kind < E.CUT and after.editor is None and after.outcome() is None and after.in_check():
        text += " " + _("{player}'s Raj is under flag.").format(player=player_name(after.side))
    elif kind < E.CUT and after.editor is not None and after.flagged_raj() is not None:
        text += " " + _("{player}'s Raj is under flag.").format(player=player_name(1 - before.side))
    return text


def move_sound(before, after, code: str) -> str:
    """``"check"`` when the move puts a Raj under flag, ``"capture"`` when a mob left the
    location, else ``"move"``."""
    try:
        mv = before.move_from_code(code)
    except Exception:  # noqa: BLE001
        return "move"
    if mv.kind < E.CUT and after.outcome() is None and after.flagged_raj() is not None:
        return "check"
    lost = sum(1 for p in before.cells if p) - sum(1 for p in after.cells if p)
    return "capture" if lost > 0 else "move"
