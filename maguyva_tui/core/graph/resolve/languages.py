"""Language name to its resolution rules, and the tables derived from them."""

from __future__ import annotations

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve.base import Language
from maguyva_tui.core.graph.resolve.clike import CLike
from maguyva_tui.core.graph.resolve.ecmascript import EcmaScript
from maguyva_tui.core.graph.resolve.go import Go
from maguyva_tui.core.graph.resolve.java import Java
from maguyva_tui.core.graph.resolve.php import PHP
from maguyva_tui.core.graph.resolve.python import Python
from maguyva_tui.core.graph.resolve.ruby import Ruby
from maguyva_tui.core.graph.resolve.rust import Rust

NEUTRAL = Language()
"""The rules of a language the resolver knows nothing particular about."""

LANGUAGES: dict[str | None, Language] = {
    "python": Python(),
    **dict.fromkeys(sorted(mod.JS_FAMILY), EcmaScript()),
    "go": Go(),
    "rust": Rust(),
    "java": Java(),
    "c": CLike(cpp=False),
    "cpp": CLike(cpp=True),
    "php": PHP(),
    "ruby": Ruby(),
}
"""Every language with rules of its own."""

PACKAGE_TARGETS: dict[str, Language] = {lang.target_prefix: lang for lang in LANGUAGES.values() if lang.target_prefix}
"""Prefix of a package target (``gopkg:``, ``jpkg:``, ``cns:``) to the language that makes it."""


def rules(language: str | None) -> Language:
    """Return a language's resolution rules."""
    return LANGUAGES.get(language, NEUTRAL)
