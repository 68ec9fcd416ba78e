"""Games with a friend by link or live channel: the match screen and its moves, the list of
games with friends, the parts of a long link, the stored matches, their checks and endings, the
words of a link, and the rules of playing by link.
"""

from webtabletop.app.match import flow, livescreen, pages, parts
from webtabletop.app.model.screen import Screen, ignore

#: the screens this package draws, for the shell's table
SCREENS = {
    "match": Screen(
        pages.render,
        {
            "move": flow.on_move,
            "pick": flow.on_pick,
            "hover": flow.on_hover,
            "drop": flow.on_drop,
            "lift": flow.on_lift,
            "cancel": flow.on_cancel,
            "premove": ignore,
            "form": parts.on_form,
        },
        flow.COMMANDS,
    ),
    "parts": Screen(parts.render, {"form": parts.on_form}),
    "live": Screen(livescreen.render_settings, {"form": livescreen.on_settings_form}),
}
