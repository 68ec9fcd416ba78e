"""webtabletop: five two-player games whose rules are pure Python, played in the browser.

The rules packages (``webtabletop.games.*``) have no I/O, no clock and no global randomness:
every random number comes from :class:`webtabletop.core.rng.Rng`, carried in the game state.
"""

__version__ = "0.1.0"
