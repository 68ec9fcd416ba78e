"""The review of a finished or shared game: the computer's marks, the analysis board and its
variations, and "Learn from your mistakes".
"""

from webtabletop.app.model.screen import Screen, ignore
from webtabletop.app.review import board, flow, screen

#: the screens this package draws, for the shell's table
SCREENS = {
    "review": Screen(
        screen.render,
        {
            "review-step": flow.on_step,
            "import": flow.on_import,
            # the analysis board's moves, or the tries of "Learn from your mistakes"
            "move": board.on_move,
            "pick": board.on_pick,
            "hover": board.on_hover,
            "drop": board.on_drop,
            "cancel": board.on_cancel,
            **dict.fromkeys(("premove", "change", "ai"), ignore),
        },
        flow.COMMANDS,
    ),
}
