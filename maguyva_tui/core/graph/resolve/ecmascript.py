"""JavaScript and TypeScript: relative specifiers name files, bare ones name packages."""

from __future__ import annotations

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve.base import EXTERNAL, UNRESOLVED, Language, Lookup
from maguyva_tui.core.graph.tables import FileIndex


class EcmaScript(Language):
    """Resolution rules of JavaScript, TypeScript and TSX."""

    constructor_method = "constructor"

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """Resolve a relative specifier to a file (``""``: the file itself); bare ones are packages."""
        if not written:
            return index.path
        if not written.startswith("."):
            return EXTERNAL
        for candidate in mod.js_candidates(written, index.path):
            if r.touch("file:" + candidate):
                return candidate
        return UNRESOLVED
