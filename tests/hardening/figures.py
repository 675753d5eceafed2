"""Figures the hardening tests record for ``bench/hardening_report.py``.

A test calls :func:`record` with a section name and plain JSON values. Nothing is written unless
``MAGUYVA_HARDENING_FIGURES`` names a file, so the ordinary test run leaves no trace.
"""

from __future__ import annotations

import json
import os
from typing import Any

FIGURES_ENV = "MAGUYVA_HARDENING_FIGURES"
"""Environment variable naming the JSON-lines file that figures are appended to."""


def record(section: str, scale: str, **values: Any) -> None:
    """Append one row of figures for a section at a scale (``ci`` or ``full``)."""
    path = os.environ.get(FIGURES_ENV)
    if not path:
        return
    row = {"section": section, "scale": scale, **values}
    with open(path, "a", encoding="utf-8") as handle:
        handle.write(json.dumps(row, sort_keys=True) + "\n")
