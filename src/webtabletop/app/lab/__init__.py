"""The lab screen: batches of games between computer players, run on the page's pool of engine
workers, with their numbers and the games to review.
"""

from webtabletop.app.lab import flow
from webtabletop.app.model.screen import Screen

#: the screens this package draws, for the shell's table
SCREENS = {"lab": Screen(flow.render, {"form": flow.on_form, "lab_results": flow.on_results}, flow.COMMANDS)}
