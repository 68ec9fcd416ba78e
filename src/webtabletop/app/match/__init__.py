"""Games with a friend by link or live channel: the match screen and its moves, the list of
games with friends, the parts of a long link, the stored matches, their checks and endings, the
words of a link, and the rules of playing by link.
"""
