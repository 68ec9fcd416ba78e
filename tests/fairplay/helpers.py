"""Simulated players for the fair-play tests: secrets from a fixed-seed source, so runs repeat."""

from __future__ import annotations

import hashlib

from webtabletop.fairplay.beacon import Beacon, chain_length
from webtabletop.fairplay.chain import HashChain


def entropy(tag: str, i: int = 0) -> bytes:
    """Deterministic stand-in for ``secrets.token_bytes(32)`` (tests must not flake)."""
    return hashlib.sha256(f"test-entropy/{tag}/{i}".encode()).digest()


class Player:
    """One browser: its own secret and chain, and the public beacon it has accepted."""

    def __init__(self, seat: int, secret: bytes, max_links: int, game_id: bytes) -> None:
        self.seat = seat
        self.secret = secret
        self.chain = HashChain(secret, chain_length(seat, max_links))
        self.beacon = Beacon(game_id)

    def message(self, link: int) -> dict:
        """What this player puts in link ``link`` (only public values)."""
        msg: dict = {"link": link}
        if link <= 2:
            msg["commitment"] = self.chain.commitment
        idx = (link - 1) // 2 if self.seat == 0 else link // 2
        if idx:
            msg["value"] = self.chain.value(idx)
        return msg

    def accept(self, msg: dict) -> None:
        self.beacon = self.beacon.add_link(msg["link"], msg.get("commitment"), msg.get("value"))

    def send(self, link: int) -> dict:
        """Send link ``link`` and record it in this player's own beacon too."""
        msg = self.message(link)
        self.accept(msg)
        return msg


def play_links(
    game_id: bytes, secrets: tuple[bytes, bytes], links: int, max_links: int = 40
) -> tuple[Player, Player]:
    """Two players exchanging ``links`` links (seat 0 sends the odd ones), chains for ``max_links``."""
    players = (Player(0, secrets[0], max_links, game_id), Player(1, secrets[1], max_links, game_id))
    for m in range(1, links + 1):
        s = (m + 1) % 2
        players[1 - s].accept(players[s].send(m))
    return players
