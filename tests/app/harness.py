"""A stand-in for web/main.py in CPython: drives :class:`App` with actions like the page does."""

import json

from webtabletop.app.shell.app import App


class Page:
    """A stand-in for web/main.py: applies writes and hash changes like the browser does."""

    def __init__(self, storage=None, hash_="", apply_removes=True, entropy=12345):
        """``entropy``: the page's start-up random number (another browser draws other packs)."""
        self.storage = dict(storage or {})
        self.apply_removes = apply_removes
        self.hash = hash_
        self.app = App()
        self.last = self.send(
            {
                "type": "start",
                "hash": hash_,
                "storage": dict(self.storage),
                "entropy": entropy,
                "base": "http://x/",
            }
        )

    @property
    def state(self):
        """The app's state (webtabletop.app.model.state.AppState)."""
        return self.app.state

    def send(self, action):
        action.setdefault("now", 1000)
        resp = self.app.handle(action)
        json.dumps(resp)
        for w in resp["writes"]:
            self.storage[w["key"]] = w["value"]
        for r in resp.get("removes", []) if self.apply_removes else ():
            # like web/main.py: remove only once the copy it names exists with the same content
            if r["kept_as"] is None or self.storage.get(r["kept_as"]) == self.storage.get(r["key"]):
                self.storage.pop(r["key"], None)
        if "hash" in resp:
            self.hash = resp["hash"]
        self.last = resp
        return resp

    def cells(self):
        s = self.state.session.state
        return [m.code for m in s.legal_moves()]
