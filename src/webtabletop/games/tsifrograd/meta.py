"""What the home page shows of this game, importable without loading the game itself."""

ID = "tsifrograd"
TITLE = "Tsifrograd"
SUMMARY = "Roll two dice, write the sum on a hex grid and cross out enemy numbers your pair outweighs. With Tsifroshturm (the quick variant) and Proximity (the classic it descends from)."
