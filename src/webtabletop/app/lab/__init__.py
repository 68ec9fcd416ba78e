"""The lab screen: batches of games between computer players, run on the page's pool of engine
workers, with their numbers and the games to review.
"""
