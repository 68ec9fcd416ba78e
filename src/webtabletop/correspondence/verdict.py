"""The end-of-game check's answer: a sentence to show, and which seat broke the protocol.

A match with hidden cards is checked once both secrets are out (``Match.verdict``). When a check
fails, it can usually tell whose part failed: a secret that does not open its owner's commitment,
a card that does not open its owner's commitment, a hand that is not the one dealt, a deck message
that the sender's secret does not make, a move that breaks the rules with the true cards (its
mover). Then ``cheater`` is that seat (0: the player who created the match, 1: the one who joined),
so the app can say "Cheating detected" and name who, instead of a plain result.

Only a player can say so: its browser checked the tag of every link the check used, so it knows
they came from its friend. A spectator holds no key, so a link changed on its way would look the
same to it: its verdict (:meth:`Verdict.unproven`) says what failed and names nobody.
"""

from __future__ import annotations

import attrs

from webtabletop.i18n import N_, _


@attrs.frozen
class Verdict:
    ok: bool
    text: str
    cheater: int | None = None
    #: what failed, as a sentence that names nobody (None when verified)
    problem: str | None = None

    @classmethod
    def verified(cls) -> Verdict:
        return cls(True, _("Verified: no card was swapped."))

    @classmethod
    def failed(
        cls, problem: str, cheater: int | None = None, named: bool = False, unnamed: str | None = None
    ) -> Verdict:
        """``problem``: one sentence saying what failed (shown after "Not verified:"). With
        ``cheater`` the sentence names that seat, unless ``problem`` already does (``named``:
        deal v3's refusals name it themselves; ``unnamed``: the same failure naming nobody)."""
        if cheater is None or named:
            text = _("Not verified: {problem}").format(problem=problem)
        else:
            text = _(_CHEATED[cheater]).format(problem=problem)
        return cls(False, text, cheater, unnamed if named else problem)

    def unproven(self) -> Verdict:
        """This verdict for a reader who cannot check who sent the links (a spectator): what
        failed, and no seat."""
        if self.ok or self.cheater is None:
            return self
        problem = self.problem or _("a check of the cards failed.")
        text = _(
            "Not verified: {problem} This browser holds no key of the match, so it cannot tell a player who cheated from a link changed on its way."
        ).format(problem=problem)
        return Verdict(False, text, None, problem)


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
