# The Pyodide worker: rules, views and AI run here, off the page's main thread.
# It exports one function, dispatch(json) -> json; web/main.py (MicroPython, main thread)
# sends it the player's actions and applies the answers. No DOM access here.
import json
import sys
import traceback

sys.path.insert(0, "./lib")

from webtabletop.app.shell import App  # noqa: E402

app = App()  # games load when first opened: a link to one game does not wait for the other four


def dispatch(payload):
    try:
        action = json.loads(str(payload))
        response = app.handle(action)
    except Exception as exc:  # never crash the page; say what happened
        detail = "".join(traceback.format_exception(exc))
        print(detail)
        response = {
            "writes": [],
            "toast": f"Something went wrong inside the app ({type(exc).__name__}: {exc}). Your saved data is untouched.",
        }
    return json.dumps(response)


__export__ = ["dispatch"]
