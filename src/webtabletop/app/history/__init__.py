"""The history of finished games: results by opponent with win rates, every kept game with its
review and link, the export, and what happens when the history is full (the documents and the
rules of keeping them are in :mod:`webtabletop.app.model.history` and
:mod:`webtabletop.app.model.keeping`).
"""

from webtabletop.app.history import flow
from webtabletop.app.model.screen import Screen

#: the screens this package draws, for the shell's table
SCREENS = {"history": Screen(flow.render, {"form": flow.on_form}, flow.COMMANDS)}
