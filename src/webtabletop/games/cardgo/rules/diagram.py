"""Text diagrams of CardGO positions (tests, examples, the CLI): :func:`position` reads one,
:meth:`CardgoState.diagram` writes one."""

from __future__ import annotations

import attrs

from webtabletop.core.rng import Rng
from webtabletop.games.cardgo.rules.effects import card_from_code
from webtabletop.games.cardgo.rules.options import CardgoOptions
from webtabletop.games.cardgo.rules.state import EMPTY, CardgoState
from webtabletop.games.cardgo.rules.terrain import LETTERS, NONE


def position(
    diagram: str,
    options: CardgoOptions | None = None,
    player: int = 0,
    hands: tuple[str, str] = ("", ""),
    time: tuple[int, int] | None = None,
    turn: int = 10,
    seed: int = 0,
) -> CardgoState:
    """A position from a text diagram, for tests, examples and the CLI.

    One line per row, tokens separated by spaces: ``.`` empty, ``G3`` green stone of value 3,
    ``R5`` red 5; an optional ``:X`` adds effect letter X (``G3:J`` = Joy) and ``/t`` a terrain
    letter (``./s`` = stone terrain, ``R4/t`` = red 4 on tall grass). The board side comes from
    the diagram. ``hands`` are card codes separated by spaces (``"4 2J"``).
    """
    rows = [line.split() for line in diagram.strip().splitlines() if line.strip()]
    side = len(rows)
    if any(len(r) != side for r in rows):
        raise ValueError("the diagram must be square")
    options = attrs.evolve(options or CardgoOptions(terrain=False), size=side)
    terrain, owners, values, effects = [], [], [], []
    for row in rows:
        for tok in row:
            stone, _, ter = tok.partition("/")
            stone, _, eff = stone.partition(":")
            terrain.append(LETTERS[ter] if ter else NONE)
            if stone == ".":
                owners.append(EMPTY)
                values.append(0)
                effects.append(0)
            else:
                owners.append("GR".index(stone[0]))
                values.append(int(stone[1:]))
                effects.append(card_from_code("1" + eff).effect)
    return CardgoState(
        options=options,
        terrain=tuple(terrain),
        owners=tuple(owners),
        values=tuple(values),
        effects=tuple(effects),
        hands=(
            tuple(card_from_code(c) for c in hands[0].split()),
            tuple(card_from_code(c) for c in hands[1].split()),
        ),
        time=time or (options.start_time, options.start_time),
        player=player,
        rng_state=Rng.from_seed(seed).state,
        turn=turn,
        hand_peak=max(len(hands[0].split()), len(hands[1].split())),
    )
