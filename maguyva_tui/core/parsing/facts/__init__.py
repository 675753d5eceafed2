"""Graph facts read at parse time: the references, imports and local bindings of one parsed file.

``extract.py`` runs one tree-sitter query per language (``patterns.py``) over the tree the indexer
already parsed and turns its captures into reference rows: dotted callee and type names
(``names.py``), import rows (``imports.py``), local bindings and their types (``bindings.py``) and,
in Python, pytest fixtures and properties (``fixtures.py``). Nothing here resolves a name: that is
``core.graph``'s work, which reads these rows and never the other way round, and the marks they
are written with (``marks.py``) without importing tree-sitter: ``extract`` is imported where it is
first asked for, not with the package.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from maguyva_tui.core.parsing.facts.extract import extract_facts, extract_rows

__all__ = ["extract_facts", "extract_rows"]


def __getattr__(name: str) -> Any:
    """``extract_facts`` and ``extract_rows``, the parsers' rules imported when first asked."""
    if name in __all__:
        from maguyva_tui.core.parsing.facts import extract

        return getattr(extract, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
