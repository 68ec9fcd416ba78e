"""Fuzz tests of every decoder (hypothesis; seeded, derandomized in CI)."""
