"""Fair dice for correspondence play: the random seed of each link, from both players' chains.

The schedule (links are numbered 1, 2, 3, ...; seat 0 made the match and sends the odd links):

=====  ======  ===================================================================
link   sender  carries
=====  ======  ===================================================================
1      seat 0  seat 0's :class:`~webtabletop.fairplay.chain.Commitment` (no value)
2      seat 1  seat 1's commitment and its value ``v_1``
m >= 3 either  the sender's next value: seat 0 reveals ``v_{(m-1)/2}``, seat 1 ``v_{m/2}``
=====  ======  ===================================================================

Let ``r_m`` be the value revealed in link ``m``. The randomness of link ``m`` (``m >= 3``) is::

    seed_m = SHA-256("webtabletop/event" || game id || m || stream || r_{m-1} || r_m)

and its first 8 bytes are the state of a :class:`webtabletop.core.rng.Rng`, so a game draws from
it exactly as it draws from its seeded generator today. ``stream`` names independent draws within
one link (e.g. ``"dice"`` and ``"first player"``).

Who knows what, when (X sends link ``m``, Y sent link ``m - 1``):

* ``r_m`` is X's own chain value, fixed when X published its head (link 1 or 2, before Y revealed
  anything used with it); X knows it all along, Y learns it only from link ``m``.
* ``r_{m-1}`` is Y's value, fixed by Y's head; X learns it from link ``m - 1``, after every choice
  Y made in that link was already fixed.
* So X knows ``seed_m`` as soon as link ``m - 1`` arrives, at the start of X's turn (X rolls the
  dice of its own turn); Y learns it only from link ``m``. Neither could steer it: each half was
  committed before the other half was known. Y's choices in link ``m - 1`` and X's in link
  ``m - 2`` were made without knowing it.
* The first fair seed is ``seed_3``: in link 2 seat 1 already knows its own value, and seat 0 has
  revealed nothing a seed could use without letting seat 1 choose its head after seeing it.

The rule for games: **randomness that X's decision in link m may depend on uses seed_m;
randomness that follows a decision of X in link m uses seed_{m+1}** (it is resolved when Y's reply
arrives, and Y learns it first, after X's decision is fixed in link m). What a cheater can still
do is stop answering once it knows an outcome it dislikes (it always learns ``seed_m`` one link
before the other player): that aborts the game, it does not change the outcome.
"""

from __future__ import annotations

import attrs

from webtabletop.core.rng import Rng
from webtabletop.fairplay.chain import ChainVerifier, Commitment, HashChain
from webtabletop.fairplay.errors import ChainRefused
from webtabletop.fairplay.kdf import digest
from webtabletop.i18n import _

#: the link whose seed is the first one both players contributed to fairly
FIRST_EVENT_LINK = 3
#: the first seed a match uses once link 1 is bound (link formats 5 and 6): link 3's seed is fair
#: to either player, but a creator who collects several answers to link 1 sees one link-3 seed per
#: answer and keeps the answer it likes; link 4's needs the joiner's value of link 4, revealed only
#: after the creator committed to one answer in link 3
BOUND_FIRST_EVENT = 4


def sender(link: int) -> int:
    """The seat that sends link ``link``: seat 0 the odd links, seat 1 the even ones."""
    if link < 1:
        raise ValueError("links are numbered from 1")
    return (link + 1) % 2


def reveal_index(link: int) -> int:
    """The chain index the sender of ``link`` reveals in it (0: none, only the commitment)."""
    return (link - 1) // 2 if sender(link) == 0 else link // 2


def chain_length(seat: int, max_links: int) -> int:
    """How many values seat ``seat`` must commit to for a match of at most ``max_links`` links."""
    last = max_links if sender(max_links) == seat else max_links - 1
    return max(1, reveal_index(last)) if last >= 1 else 1


def event_seed(game_id: bytes, link: int, earlier: bytes, later: bytes, stream: str = "") -> bytes:
    """``seed_link`` from ``r_{link-1}`` (``earlier``) and ``r_link`` (``later``), see the module text."""
    return digest("event", bytes(game_id), link, stream, earlier, later)


def seed_rng(seed: bytes) -> Rng:
    """The seeded generator that a game draws from: its state is the seed's first 8 bytes."""
    return Rng(int.from_bytes(seed[:8], "big"))


@attrs.frozen
class Beacon:
    """Both players' public randomness after ``links`` links: commitments and accepted values.

    Immutable; :meth:`add_link` returns the next beacon. Invariants: ``verifiers[s]`` exists once
    seat ``s`` has sent a link, and has accepted exactly ``reveal_index`` of that seat's last link.
    """

    game_id: bytes
    links: int = 0
    verifiers: tuple[ChainVerifier | None, ChainVerifier | None] = (None, None)

    def add_link(self, link: int, commitment: Commitment | None = None, value: bytes | None = None) -> Beacon:
        """Accept link ``link``: the commitment it must carry (links 1 and 2) and the value (from 2)."""
        if link <= self.links:
            raise ChainRefused(
                _("Link {link} was already played: an older link cannot be played again.").format(link=link)
            )
        if link != self.links + 1:
            raise ChainRefused(
                _("Link {link} cannot follow link {last}: a link is missing in between.").format(
                    link=link, last=self.links
                )
            )
        seat = sender(link)
        verifiers = list(self.verifiers)
        if link <= 2:
            if commitment is None:
                raise ChainRefused(_("A player's commitment is missing from link {link}.").format(link=link))
            verifiers[seat] = ChainVerifier(commitment)
        elif commitment is not None:
            raise ChainRefused(_("Link {link} tries to replace a player's commitment.").format(link=link))
        index = reveal_index(link)
        if index:
            if value is None:
                raise ChainRefused(_("The random value of link {link} is missing.").format(link=link))
            verifier = verifiers[seat]
            assert verifier is not None, "links 1 and 2 set both verifiers, and links come in order"
            verifiers[seat] = verifier.accept(index, value)
        elif value is not None:
            raise ChainRefused(_("Link {link} reveals a random value too early.").format(link=link))
        return attrs.evolve(self, links=link, verifiers=(verifiers[0], verifiers[1]))

    @classmethod
    def restore(
        cls,
        game_id: bytes,
        links: int,
        commitments: tuple[Commitment, Commitment],
        latest: tuple[bytes, bytes],
    ) -> Beacon:
        """The beacon after ``links`` links from what the latest link carries: both commitments and
        each seat's latest value, each checked against its head in as many steps as it lies ahead."""
        if links < 2:
            raise ValueError("restore needs both commitments (links >= 2)")
        verifiers = []
        for seat in (0, 1):
            last = links if sender(links) == seat else links - 1
            v = ChainVerifier(commitments[seat])
            index = reveal_index(last)
            verifiers.append(v.accept(index, latest[seat]) if index else v)
        return cls(bytes(game_id), links, (verifiers[0], verifiers[1]))

    def value(self, link: int) -> bytes:
        """``r_link``, the value revealed in an accepted link (``2 <= link <= links``)."""
        if not 2 <= link <= self.links:
            raise IndexError("that link's value is not known")
        verifier = self.verifiers[sender(link)]
        assert verifier is not None, "a beacon past link 2 has both verifiers"
        return verifier.value_at(reveal_index(link))

    def seed(self, link: int, stream: str = "", own: HashChain | None = None) -> bytes:
        """``seed_link``. A player passes its ``own`` chain to compute the seed of the link it is
        about to send (its half is its own next value); otherwise both values must be public."""
        if link < FIRST_EVENT_LINK:
            raise ValueError(f"the first fair seed is that of link {FIRST_EVENT_LINK}")
        if link == self.links + 1 and own is not None:
            mine = self.verifiers[sender(link)]
            if mine is None or mine.commitment != own.commitment:
                raise ValueError("that chain is not the sender's")
            later = own.value(reveal_index(link))
        else:
            later = self.value(link)
        return event_seed(self.game_id, link, self.value(link - 1), later, stream)

    def rng(self, link: int, stream: str = "", own: HashChain | None = None) -> Rng:
        """The :class:`Rng` a game draws the randomness of ``link`` from (see :meth:`seed`)."""
        return seed_rng(self.seed(link, stream, own))
