"""What the HTT page tests share: a starter deck, a tiny picture, collections in storage, the
new-game form (tests/games/htt/ui/pages/test_htt_pages.py, test_htt_set_files.py)."""

from __future__ import annotations

import json

from tests.app.harness import Page
from webtabletop.core.storage import encode_doc
from webtabletop.games.htt.collection.model import Collection
from webtabletop.games.htt.ui.pages.extension import KEY, SCHEMA

DECK = ["emb-1a", "emb-3a", "emb-5a", "emb-7a", "emb-9a"]
PNG = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg=="


def stored(c: Collection) -> dict[str, str]:
    return {KEY: encode_doc(SCHEMA, c.to_json())}


def with_cards(*ids, **fields) -> Collection:
    c = Collection(**fields)
    for cid in ids:
        c.add_card(cid)
    return c


def collection(page: Page) -> Collection:
    return Collection.from_json(json.loads(page.storage[KEY])["data"])


def new_game(page: Page, **fields):
    page.send({"type": "hash", "hash": "#/htt/new"})
    data = {"player0": "human", "player1": "ai", "level": "easy", "clock": "none", "seed": "7"}
    data.update(fields)
    return page.send({"type": "form", "name": "new-game", "data": data})


def create_set(page: Page, name: str, theme: str = "", per_level: str = "6", names: str = "") -> dict:
    """The set editor's Create form (``names``: the card names, one per line)."""
    data = {"name": name, "theme": theme, "per_level": per_level, "level11": "3", "names": names}
    return page.send({"type": "form", "name": "create-set", "data": data})
