"""The app shell: routes, screens and the session logic, as pure Python (runs in the worker).

The page (web/main.py) is a thin layer: it forwards DOM events as actions to
:meth:`webtabletop.app.shell.App.handle` and applies the response (HTML, storage writes, URL,
clipboard, download). Everything here is tested in CPython.
"""
