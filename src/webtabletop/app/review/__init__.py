"""The review of a finished or shared game: the computer's marks, the analysis board and its
variations, and "Learn from your mistakes".
"""
