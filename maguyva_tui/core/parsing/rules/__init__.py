"""Per-language definition rules for the walker, keyed by language name."""

from __future__ import annotations

from maguyva_tui.core.parsing.rules import clike, ecmascript, go, java, php, python, ruby, rust
from maguyva_tui.core.parsing.walker import Rules

RULES: dict[str, Rules] = {
    "python": python.RULES,
    "javascript": ecmascript.RULES,
    "typescript": ecmascript.RULES,
    "tsx": ecmascript.RULES,
    "go": go.RULES,
    "rust": rust.RULES,
    "java": java.RULES,
    "c": clike.C_RULES,
    "cpp": clike.CPP_RULES,
    "php": php.RULES,
    "ruby": ruby.RULES,
}
"""Every language with structural support."""
