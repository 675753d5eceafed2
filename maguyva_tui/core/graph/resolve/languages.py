"""Language name to its resolution rules, and the tables derived from them.

Each language's rules are imported at its first use, so a repository of Go alone never imports
Rust's (2-19 ms of a search after a one-line edit, with ``tomllib`` through ``cargo.py``) or the
others'. One instance per rule set, shared by the names it serves (the JavaScript family's).
"""

from __future__ import annotations

from importlib import import_module

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve.base import Language

NEUTRAL = Language()
"""The rules of a language the resolver knows nothing particular about."""

RULE_SETS: dict[str, tuple[str, str, tuple[bool, ...]]] = {
    "python": ("python", "Python", ()),
    "ecmascript": ("ecmascript", "EcmaScript", ()),
    "go": ("go", "Go", ()),
    "rust": ("rust", "Rust", ()),
    "java": ("java", "Java", ()),
    "c": ("clike", "CLike", (False,)),
    "cpp": ("clike", "CLike", (True,)),
    "php": ("php", "PHP", ()),
    "ruby": ("ruby", "Ruby", ()),
}
"""Every rule set of a language with rules of its own: its module under ``graph/resolve/``, its
class and the arguments it is made with."""

LANGUAGE_RULES: dict[str, str] = {**{name: name for name in RULE_SETS if name != "ecmascript"},
                                  **dict.fromkeys(sorted(mod.JS_FAMILY), "ecmascript")}
"""Every language with rules of its own, to its rule set."""

PACKAGE_TARGETS: dict[str, str] = {"gopkg:": "go", "jpkg:": "java", "cns:": "cpp", "phpns:": "php"}
"""Prefix of a package target (each class's ``target_prefix``) to the language whose rules look up
its members (``cns:``, C's and C++'s namespaces alike: C++'s, as before)."""

_MADE: dict[str | None, Language] = {}
"""Each language's rules once made (``NEUTRAL`` for a language of none)."""
_SETS: dict[str, Language] = {}
"""Each rule set once made."""


def rules(language: str | None) -> Language:
    """Return a language's resolution rules."""
    found = _MADE.get(language)
    if found is None:
        found = _MADE[language] = _make(language)
    return found


def package_rules(prefix: str) -> Language | None:
    """Return the rules of the language that makes package targets with this prefix (``gopkg:``),
    ``None`` for a prefix of none."""
    language = PACKAGE_TARGETS.get(prefix)
    return None if language is None else rules(language)


def _make(language: str | None) -> Language:
    """The rules of one language, imported and made (once per rule set)."""
    rule_set = LANGUAGE_RULES.get(language) if language is not None else None
    if rule_set is None:
        return NEUTRAL
    made = _SETS.get(rule_set)
    if made is None:
        module, name, args = RULE_SETS[rule_set]
        made = _SETS[rule_set] = getattr(import_module(f"{__package__}.{module}"), name)(*args)
    return made
