"""Lessons and puzzles: their lists, a lesson or puzzle on screen and its tries, and the stars
earned, kept in this browser's storage.
"""
