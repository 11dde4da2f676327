"""Saboteur rules engine: pure Python, standard library only."""
