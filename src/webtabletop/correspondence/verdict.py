"""The end-of-game check's answer: a sentence to show, and which seat broke the protocol.

A match with hidden cards is checked once both secrets are out (``Match.verdict``). When a check
fails, it can usually tell whose part failed: a secret that does not open its owner's commitment,
a card that does not open its owner's commitment, a hand that is not the one dealt, a deck message
that the sender's secret does not make, a move that breaks the rules with the true cards (its
mover). Then ``cheater`` is that seat (0: the player who created the match, 1: the one who joined),
so the app can say "Cheating detected" and name who, instead of a plain result.
"""

from __future__ import annotations

import attrs

from webtabletop.i18n import N_, _


@attrs.frozen
class Verdict:
    ok: bool
    text: str
    cheater: int | None = None

    @classmethod
    def verified(cls) -> Verdict:
        return cls(True, _("Verified: no card was swapped."))

    @classmethod
    def failed(cls, problem: str, cheater: int | None = None, named: bool = False) -> Verdict:
        """``problem``: one sentence saying what failed (shown after "Not verified:"). With
        ``cheater`` the sentence names that seat (a spectator reads who), unless ``problem``
        already does (``named``: deal v3's refusals name it themselves)."""
        if cheater is None or named:
            text = _("Not verified: {problem}").format(problem=problem)
        else:
            text = _(_CHEATED[cheater]).format(problem=problem)
        return cls(False, text, cheater)


#: the verdict naming the seat that broke the protocol ({problem}: one sentence, what failed)
_CHEATED = {
    0: N_("Not verified: {problem} The player who started the match cheated."),
    1: N_("Not verified: {problem} The player who joined the match cheated."),
}


def secret_mismatch() -> str:
    return _("a secret revealed at the end does not match the commitment its player made at the start.")


def move_breaks_rules(problem: str) -> str:
    return _("with the cards revealed at the end, a move breaks the rules ({problem}).").format(
        problem=problem
    )


def ends_differently() -> str:
    return _("with the cards revealed at the end, the game ends differently.")
