"""What one engine run alone (``--modality``) says when it lists nothing: one line on why.

The page had been ``0 results`` and no word where the engine alone could not answer the question
as it was put: ply 3.11's ``Grammar.set_precedence --modality text`` (no line holds the qualified
name as written, though ``ply/yacc.py`` defines it), zstd's ``ZSTD_ --modality graph`` (a name's
start names no symbol, and its word ``zstd`` is in too many names to rank from).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from maguyva_tui.core.generation import Generation
from maguyva_tui.core.lookup import lines_said, unread
from maguyva_tui.core.names import qualifier_parts
from maguyva_tui.core.similar import bare_name, definitions
from maguyva_tui.core.types import Query, echo

AS_TYPED: Final = "--modality text finds the question as typed, as rg -F does"
"""Why the text engine alone lists no line of a question the index answers otherwise."""


def alone_empty(generation: Generation, modality: str, typed: str, target: str | None, query: Query,
                coverage: Callable[[], float], graph_held: Callable[[], str | None]) -> str | None:
    """The line an empty page of ``modality`` run alone gets (``typed``: the question as asked,
    ``target``: the name the classifier read in it, ``query``: what the engine was asked;
    ``coverage``: the share of chunks the semantic engine ranks; ``graph_held``: what the graph's
    empty list says of a symbol it follows, for a references or impact question with a target);
    ``None`` while that engine is still being built, or the semantic engine ranks no chunk (its
    tier's notice says why: ``only 0% of chunks can be ranked by meaning``)."""
    if modality in generation.missing or modality == "semantic" and not coverage():
        return None
    if modality == "text":
        return _text_empty(generation, typed, target)
    if modality == "graph":
        held = graph_held()
        if held is not None:
            return held
        why = getattr(generation.retriever("graph"), "unseeded", None)
        said = why(query) if callable(why) else None
        if isinstance(said, str):
            return f"{said}; leave --modality graph out to blend the engines, or name one symbol"
    return f'the {modality} engine alone found nothing for "{echo(typed.strip())}"; leave --modality {modality} out to blend the engines'


def _text_empty(generation: Generation, typed: str, target: str | None) -> str:
    """No line holds the question as typed: said so, with the definition a qualified name names
    (``Grammar.set_precedence is defined at ply/yacc.py:1526``) and what to ask instead."""
    written = typed.strip()
    lines, unread_clause = lines_said(unread(generation))
    said = f'{lines} holds "{echo(written)}" as written{unread_clause} ({AS_TYPED})'
    if target and len(qualifier_parts(target)) > 1:
        found = definitions(generation.structural.lookup(target))
        bare = echo(bare_name(target))
        if found:
            first = found[0]
            more = f" and {len(found) - 1} more" if len(found) > 1 else ""
            return (f"{said}: {echo(target)} is defined at {first.path}:{first.start_line}{more}; leave --modality text "
                    f"out to find it, or search {bare} for the lines naming it")
        return f"{said}; leave --modality text out, or search {bare}"
    if target and target != written:
        return f"{said}; leave --modality text out, or search {echo(target)}"
    return f"{said}; leave --modality text out to search by meaning"
