"""Fair play for correspondence games: fair dice and secret cards with no server, links only.

Each player draws one 32-byte secret per match (the app takes it from ``secrets``; nothing here
touches a clock, the network or global randomness) and every private value is derived from it:

* :mod:`~webtabletop.fairplay.chain` — a SHA-256 hash chain; its head is the player's commitment;
* :mod:`~webtabletop.fairplay.beacon` — each link reveals the sender's next chain value; the seed
  of link ``m`` combines the values of links ``m - 1`` and ``m`` and feeds a ``core.rng.Rng``;
* :mod:`~webtabletop.fairplay.deal` and :mod:`~webtabletop.fairplay.opening` — mental poker,
  deal v3: each player shuffles and locks the deck with one key and proves it
  (:mod:`~webtabletop.fairplay.shuffleproof`, Terelius–Wikström); cards open to their owner by
  shares and become public by claims, each batch with one Chaum–Pedersen proof
  (:mod:`~webtabletop.fairplay.dleq`); built on the full points of
  :mod:`~webtabletop.fairplay.points` (arithmetic in :mod:`~webtabletop.fairplay.ecmath`,
  Fiat–Shamir in :mod:`~webtabletop.fairplay.transcript`);
* :mod:`~webtabletop.fairplay.deck` — mental poker, deal v2 (legacy, SRA over the x-only elliptic
  curve group of :mod:`~webtabletop.fairplay.group`): kept for matches dealt before deal v3;
* :mod:`~webtabletop.fairplay.draw` — private draws from an endless source;
* :mod:`~webtabletop.fairplay.commit` — salted commitments to cards a player chose itself;
* :mod:`~webtabletop.fairplay.errors` — the refusals (``GameError`` subclasses).

The protocol, its threat model and the link sizes are in ``docs/fair-play.md``.
"""
