"""The shell: the app's one entry point (:class:`~webtabletop.app.shell.app.App`, and the
worker's :class:`~webtabletop.app.shell.dispatch.Dispatcher`), the table that says which function
answers which action on which screen, the routes (URL fragments to screens) and the answer's
rendering. It sits on top: it imports the features, and nothing in the app imports it.
"""
