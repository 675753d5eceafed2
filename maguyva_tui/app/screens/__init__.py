"""Screens pushed over the explorer: help and the fuzzy jump."""
