"""The lines that name a function no call reaches as a value: what its callers may be.

jsonschema's keyword functions (``_keywords.additionalProperties``) are called by nobody by name:
the validators' tables hold them (``"additionalProperties": _keywords.additionalProperties``) and a
loop calls what the table gives. "who calls additionalProperties" had answered "0 results", not a
word of the nine lines that hand it on, and impact nothing at all.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Final

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.lazy_pattern import lazy

if TYPE_CHECKING:
    from maguyva_tui.core.graph.model import CodeGraph

MAX_FILES: Final = 200
"""Files read at most for one name (those the text index says hold it)."""
SHOWN: Final = 3
"""Lines a note names at most (then how many in all)."""
_NOT_A_USE: Final = lazy(r"\s*(?:#|//|\*|/\*|(?:pub(?:\([^)]*\))?\s+|export\s+)?(?:from|import|use|require)\b"
                         r"|(?:async\s+)?(?:def|fn|func|function)\s)")
"""A line whose word is no use as a value: a comment, an import, a definition."""


def value_uses_note(generation: Generation, graph: CodeGraph, defined: tuple[str, ...]) -> str | None:
    """Say which lines name a function as a value, when the graph ties no call to any
    of its definitions: ``nothing calls additionalProperties by name; 9 lines hand it on as a value
    (jsonschema/validators.py:609, ...), whatever calls those may call it``. ``None`` otherwise."""
    symbols = [graph.symbols.get(d) for d in defined]
    if not symbols or any(s is None or s.kind != "function" for s in symbols):  # a method's name: any receiver's
        return None
    if any(site.kind == "call" for d in defined for site in graph.sites_in.get(d, ())):
        return None
    name = symbols[0].name if symbols[0] is not None else ""
    if not name.isidentifier():
        return None
    languages = {s.language for s in symbols if s is not None}
    code = {p for p, language in graph.languages.items() if language in languages}  # no prose, no JSON
    rust = languages == {"rust"}  # x.concat is a method's or a field's there: a function is handed on by path
    found = _uses(generation, name, {(s.path, s.start_line) for s in symbols if s is not None}, code, rust)
    if not found:
        return None
    shown = ", ".join(f"{p}:{n}" for p, n in found[:SHOWN]) + (f", ... ({len(found)} in all)" if len(found) > SHOWN else "")
    lines = "1 line hands it on" if len(found) == 1 else f"{len(found)} lines hand it on"
    return f"nothing calls {name} by name; {lines} as a value ({shown}): whatever calls {'that' if len(found) == 1 else 'those'} may call it"


def _uses(generation: Generation, name: str, definitions: set[tuple[str, int]], code: set[str],
          no_dot: bool = False) -> list[tuple[str, int]]:
    """The lines of the ``code`` files spelling ``name`` as a whole word outside a string, a call,
    an import, a comment and its own definitions, by path and line."""
    from maguyva_tui.core.trigram.plan import literal_plan

    handing = "=(,\\[{:|&?" if no_dot else ".=(,\\[{:|&?"
    word = re.compile(rf"(?:[{handing}]\s*|\b(?:return|yield|or|else)\s+){re.escape(name)}(?![\w$'\"])(?!\s*\()")
    """After what hands a value on (``= f``, ``(f``, ``, f``, ``mod.f``, ``return f``, a choice's
    other side: ``c_scan or py_scan``, ``a || f``, ``c ? f : g``, ``g if c else f``, C's ``&f``): a
    word opening a line, as prose in a docstring does, is not taken for one. simplejson's
    ``scanstring = c_scanstring or py_scanstring`` had not been named among py_scanstring's."""
    snapshot = generation.snapshot
    out: list[tuple[str, int]] = []
    for path in sorted(p for p in generation.text.candidates(literal_plan(name)) if p in code)[:MAX_FILES]:
        try:
            text = snapshot.raw(path).decode("utf-8", "replace")
        except (OSError, KeyError, ValueError):
            continue
        for number, line in enumerate(text.split("\n"), 1):  # as the index counts lines: splitlines broke at \r, \f
            if name in line and (path, number) not in definitions and not _NOT_A_USE.match(line) and word.search(line):
                out.append((path, number))
    return out
