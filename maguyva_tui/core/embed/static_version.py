"""The static tier's version, alone: what a search compares with the one its store recorded
(``semantic_index.recorded_static_store``), read without importing the model's code
(``static.py`` and the transformer it derives from: 8-15 ms of every search process on an index
with a static tier, which a literal never embeds with)."""

from __future__ import annotations

STATIC_VERSION = 10
"""Bump when the tokenisation, the weighting, the fit or how the vectors are stored changes: stored
vectors and fits of another version are not used (the provider id names it). 9: stored as int8;
10: a method's own text, without the doc comment above its code (``own_text``)."""
