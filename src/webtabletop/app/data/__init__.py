"""The "Your data" screen: saved games and documents listed, exported and imported, set-aside
copies, and changes made by another tab.
"""
