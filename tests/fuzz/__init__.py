"""Fuzz tests of every decoder (hypothesis; the same examples on every run)."""
