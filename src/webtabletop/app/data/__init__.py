"""The "Your data" screen: saved games and documents listed, exported and imported, set-aside
copies, and changes made by another tab.
"""

from webtabletop.app.data import flow
from webtabletop.app.model.screen import Screen

#: the screens this package draws, for the shell's table
SCREENS = {"data": Screen(flow.render, commands=flow.DATA_COMMANDS)}
