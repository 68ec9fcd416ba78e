"""The game screen: playing a game against the computer or hot-seat, its commands and switches,
its endings (resign, draw, game over), the new-game dialog, the position editor, a game's own
pages, and the newcomer's first game.
"""

from webtabletop.app.game import commands, editor, newgame, ownpages, play, render
from webtabletop.app.model.screen import Screen

#: the screens this package draws, for the shell's table (the game screen's board actions are
#: the shell's ACTIONS: with no game open they do nothing)
SCREENS = {
    "game": Screen(render.render, {"form": play.on_form}, commands.COMMANDS),
    "new": Screen(newgame.render, {"form": newgame.on_form}),
    "editor": Screen(editor.render, {"pick": editor.on_pick, "form": editor.on_form}, editor.COMMANDS),
    "page": Screen(ownpages.render, dict.fromkeys(ownpages.ACTIONS, ownpages.on_action), ownpages.commands),
}
