"""SHT's rules: the deck and cards, moves, defences, the state and its turns, what each player may see, public facts of a position, the dealt deck of a game by link (pure: no view, no AI)."""
