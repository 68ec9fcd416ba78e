"""The seven DumaRaj mobs, each described by one line of Betza-like notation.

A tiny Betza parser turns a description into :class:`Component` values (a set of vectors, seen
from the first player's side, forward = +rank), which the engine turns into move tables.

Grammar (a subset of Betza's, as used by Fairy-Stockfish's ``variants.ini``)::

    description := token (" "? token)*
    token       := modifiers atom atom?        (a doubled atom is a rider: WW = R)
    modifiers   := [mc]* [fbsvlr]*             (m: flep only, c: frag only;
                                                f forward, b backward, s sideways,
                                                v vertical, l left, r right)
    atom        := W F D N A H C Z G | K Q R B (shorthands: K=WF, R=WW, B=FF, Q=WWFF)

Riders slide along free bits; leapers jump (only the final bit matters).
"""

from __future__ import annotations

import attrs

#: leaper atoms: (a, b) offsets, all 8 (or 4) symmetric images are meant
ATOMS: dict[str, tuple[int, int]] = {
    "W": (1, 0),
    "F": (1, 1),
    "D": (2, 0),
    "N": (2, 1),
    "A": (2, 2),
    "H": (3, 0),
    "C": (3, 1),
    "Z": (3, 2),
    "G": (3, 3),
}
SHORTHANDS = {"K": "WF", "R": "WW", "B": "FF", "Q": "WWFF"}
MODE_MODS = "mc"
DIR_MODS = "fbsvlr"


class BetzaError(ValueError):
    """A description the parser does not understand."""


@attrs.frozen
class Component:
    """One part of a mob's movement: vectors (first player's view), rider or leaper, modes."""

    vectors: tuple[tuple[int, int], ...]
    rider: bool
    move: bool  # may flep (to an empty bit)
    capture: bool  # may frag (onto an enemy mob)


def _images(a: int, b: int) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for x, y in ((a, b), (b, a)):
        for sx in (1, -1):
            for sy in (1, -1):
                v = (x * sx, y * sy)
                if v not in out:
                    out.append(v)
    return out


def _keep(v: tuple[int, int], dirs: str) -> bool:
    if not dirs:
        return True
    dx, dy = v
    tests = {"f": dy > 0, "b": dy < 0, "s": dy == 0, "v": dx == 0, "l": dx < 0, "r": dx > 0}
    return any(tests[d] for d in dirs)


def parse_betza(text: str) -> tuple[Component, ...]:
    """Parse a description like ``"mfsW mfsD cfF"`` into components."""
    src = text.replace(" ", "")
    comps: list[Component] = []
    i = 0
    if not src:
        raise BetzaError("empty mob description")
    while i < len(src):
        mods = ""
        while i < len(src) and src[i].islower():
            mods += src[i]
            i += 1
        if i >= len(src):
            raise BetzaError(f"{text!r}: modifiers {mods!r} without an atom")
        letter = src[i]
        i += 1
        if letter in SHORTHANDS:
            expanded = SHORTHANDS[letter]
            # K = W + F (leapers); R/B/Q = riders
            parts: list[str] = []
            j = 0
            while j < len(expanded):
                if expanded[j : j + 2] in ("WW", "FF"):
                    parts.append(expanded[j : j + 2])
                    j += 2
                else:
                    parts.append(expanded[j])
                    j += 1
        elif letter in ATOMS:
            if i < len(src) and src[i] == letter:
                parts = [letter * 2]
                i += 1
            else:
                parts = [letter]
        else:
            raise BetzaError(f"{text!r}: unknown atom {letter!r}")
        bad = [m for m in mods if m not in MODE_MODS + DIR_MODS]
        if bad:
            raise BetzaError(f"{text!r}: unknown modifier {bad[0]!r}")
        mode = "".join(m for m in mods if m in MODE_MODS)
        dirs = "".join(m for m in mods if m in DIR_MODS)
        move = not mode or "m" in mode
        capture = not mode or "c" in mode
        for part in parts:
            a, b = ATOMS[part[0]]
            vecs = tuple(v for v in _images(a, b) if _keep(v, dirs))
            if not vecs:
                raise BetzaError(f"{text!r}: {mods}{part} allows no direction")
            comps.append(Component(vecs, len(part) == 2, move, capture))
    return tuple(comps)


# --- the mobs ---------------------------------------------------------------------------------

RAJ, FEJ, LOD, SLOD, GON, TRIGON, PIXA = range(1, 8)
#: warp kinds (which borders a mob may cross when Warp is agreed)
WARP_NONE, WARP_FLANK, WARP_FLANK_FRONT = 0, 1, 3


@attrs.frozen
class Mob:
    kind: int
    letter: str  # FEN letter (upper case = first player)
    name: str
    betza: str  # movement; Trigon' has one per degree (see TRIGON_DEGREES)
    value: int  # centipawn-like worth for the AI (Raj: 0, it is never traded)
    warp: int = WARP_NONE


TRIGON_DEGREES = {1: "C", 2: "NC", 3: "NCZ"}

MOBS: dict[int, Mob] = {
    m.kind: m
    for m in (
        Mob(RAJ, "K", "Raj", "K", 0),
        Mob(FEJ, "Q", "Fej", "Q", 950),
        Mob(LOD, "R", "Lod'", "R", 500),
        Mob(SLOD, "B", "Slod'", "B", 330),
        Mob(GON, "N", "Gon'", "N", 320, WARP_FLANK),
        Mob(TRIGON, "T", "Trigon'", "NC", 560),
        Mob(PIXA, "P", "Pixa", "mfsW mfsD cfF", 100, WARP_FLANK_FRONT),
    )
}
TRIGON_VALUES = {1: 300, 2: 560, 3: 760}
LETTERS = {m.letter: k for k, m in MOBS.items()}
#: rursus choices, in the order moves are listed
PROMOTIONS = (FEJ, LOD, SLOD, GON, TRIGON)


def betza_of(kind: int, degree: int = 2) -> str:
    """The movement description of a mob (Trigon' depends on the agreed degree)."""
    if kind == TRIGON:
        return TRIGON_DEGREES[degree]
    return MOBS[kind].betza


def value_of(kind: int, degree: int = 2) -> int:
    if kind == TRIGON:
        return TRIGON_VALUES[degree]
    return MOBS[kind].value
