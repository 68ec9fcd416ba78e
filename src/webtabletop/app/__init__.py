"""The app shell: routes, screens and the session logic, as pure Python (runs in the worker).

The page (web/main.py) is a thin layer: it forwards DOM events as actions to
:meth:`webtabletop.app.shell.app.App.handle` and applies the answer (HTML, storage writes, URL,
clipboard, download: :mod:`~webtabletop.app.model.effects`). The app's state is one plain object (:mod:`~webtabletop.app.model.state`);
modules of functions answer the actions and draw the screens, and :mod:`~webtabletop.app.shell.app`'s table wires
them (docs/shell.md; docs/development.md, "Adding a screen"). Everything here is tested in CPython.
"""
