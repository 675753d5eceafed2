""""Similar to X": which definitions are X itself, and which are its siblings by name and shape.

A question such as "similar to parse_options_header" (the ``find_similar`` intent with a target)
is about a definition the index holds. Every engine then answers from X rather than from the
sentence, lists definitions of X's kind of thing (:data:`KIND_FAMILIES`), and none lists X itself
nor what lies inside it (a class's methods):

- the semantic engine ranks by X's own code (its stored vector, else its source embedded);
- the structural engine lists X's *siblings*: definitions whose names are X's name with a part
  changed (``parse_options_header`` -> ``parse_dict_header``, ``to_key_val_list`` ->
  ``from_key_val_list``), then by a similar signature and size;
- the text engine scores chunks by the rarer words of X's body (BM25), not by X's call sites
  (:mod:`~maguyva_tui.core.retrievers.like`);
- the graph engine lists what shares X's neighbours (what it calls, what calls it).

The answer keeps one result per definition, not per file (X's siblings often share its file), and
says what it left out (:func:`notice`). A target the index does not define, and a pasted snippet
(no target), are answered as before.
This module holds what the engines share: the question's target, whether a definition is X,
and the sibling score::

    name  = (parts in place + SCATTERED_PART x parts elsewhere) / parts of the longer name
    shape = (parameters alike + size alike) / 2          (each in [0, 1])
    score = name + SHAPE_WEIGHT x shape                  (name at least MIN_NAME_SIMILARITY)

"In place" counts the parts of a common prefix and a common suffix (``parse``, ``header``). A name
that holds X's whole name and more (``test_parse_options_header``, ``parse_options_header_impl``)
is about X rather than like it: its parts count as scattered, so it ranks below a true sibling; the
semantic and text engines list what is named after X (``TestToKeyValList.test_valid``) after
the rest of their likes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import replace
from functools import lru_cache
from pathlib import PurePosixPath
from typing import Final

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.names import qualifier_parts, split_identifier
from maguyva_tui.core.types import Hit, Query, Symbol, echo

SIMILAR_INTENT = "find_similar"
"""The intent whose target is a definition to find the like of."""

SCATTERED_PART = 0.5
"""What a shared name part counts for when it is not in the same place (prefix or suffix) as in
X's name: ``header`` in ``header_parse`` says less than in ``parse_dict_header``."""

MIN_NAME_SIMILARITY = 0.3
"""Names scoring less are no siblings: one part of a three-part name in place (0.33) is the least
kept; one part of four (``get`` in ``get_all_header_names`` for ``get``: 0.25) is left out."""

SHAPE_WEIGHT = 0.25
"""What a perfectly alike shape adds to a sibling's score: enough to order siblings of one name
score, never enough to lift a name sharing fewer parts above one sharing more (a part of a
four-part name is worth 0.25)."""

MAX_SOURCES = 8
"""Definitions of X whose code the semantic and text engines read at most (a name defined in
many classes, ``__init__``, is excluded everywhere but described by its first few)."""

KIND_FAMILIES: dict[str, str] = {
    "function": "callable",
    "method": "callable",
    "class": "type",
    "struct": "type",
    "interface": "type",
    "trait": "type",
    "enum": "type",
    "type": "type",
    "variable": "value",
    "constant": "value",
}
"""Kinds that are the same kind of thing for a sibling (a method is a function's sibling); a kind
outside the table (imports, modules) has no siblings."""

_PARAMETER = lazy(r"[A-Za-z_$][\w$]*")
_IMPLICIT = frozenset({"self", "cls", "this"})


def similar_target(query: Query) -> str | None:
    """The name a "similar to X" question is about; ``None`` for any other question or a snippet."""
    if query.intent != SIMILAR_INTENT or query.regex or not query.target:
        return None
    target = query.target.strip().strip("`").removesuffix("()")
    return target or None


_PACKAGE_FILES: Final = {".py": "__init__", ".rs": "mod", ".js": "index", ".mjs": "index", ".cjs": "index",
                          ".ts": "index", ".tsx": "index", ".jsx": "index"}
"""A folder's own file, which is the folder's module: Python's ``__init__.py``, Rust's ``mod.rs``,
the ``index.js`` that ``require('./router')`` loads."""
_CRATE_ROOTS: Final = ("lib", "main")
"""A Rust crate's own file under ``src/``: the crate itself (``serde_core::Serialize``)."""


@lru_cache(maxsize=65536)
def module_names(path: str) -> tuple[str, ...]:
    """The names a file's module goes by: every dotted tail of its path, from its stem
    (``helpers``, ``flask.helpers``, ``src.flask.helpers``): a package under ``src/``, ``lib/`` or
    a monorepo's folders is imported by a tail, not by the path from the repository's root; a
    folder's own file (``__init__.py``, ``mod.rs``, ``index.js``) is the folder; a Rust file under
    a crate's ``src/`` also goes by its crate path (``serde_core/src/de/mod.rs`` is
    ``serde_core::de`` and ``crate::de``; ``src/lib.rs`` is the crate). Asked once per symbol, so
    kept per path."""
    pure = PurePosixPath(path)
    parts = list(pure.with_suffix("").parts) or [path]
    if parts[-1] == _PACKAGE_FILES.get(pure.suffix) and len(parts) > 1:
        parts = parts[:-1]  # a package's __init__ is the package itself
    names = [".".join(parts[i:]) for i in range(len(parts) - 1, -1, -1)]
    if pure.suffix == ".rs" and "src" in parts[:-1]:
        at = len(parts) - 1 - parts[::-1].index("src")
        inside = parts[at + 1:]
        if inside in ([root] for root in _CRATE_ROOTS):
            inside = []
        crate = parts[at - 1: at] or ["crate"]
        names += [".".join(crate + inside), ".".join(["crate", *inside])]
    return tuple(dict.fromkeys(names))


def bare_name(written: str) -> str:
    """The last part of a name as written (``Session.request`` -> ``request``)."""
    parts = qualifier_parts(written)
    return parts[-1] if parts else written


def defines(written: str, qualname: str, path: str) -> bool:
    """Whether a definition (its qualified name and file) is what a written name names: the same
    bare name, else the same qualified name, else the module's name and the qualified name."""
    dotted = ".".join(qualifier_parts(written))
    if "." not in dotted:
        return bare_name(qualname) == dotted
    if dotted == qualname:
        return True
    return any(dotted == f"{module}.{qualname}" for module in module_names(path))


def definitions(found: Iterable[Symbol]) -> list[Symbol]:
    """The symbols that define something with siblings (functions, types, values), in the order
    given: an import of X elsewhere binds the name but is not X's code."""
    return [s for s in found if s.kind in KIND_FAMILIES]


def source_spans(definitions: Iterable[Symbol]) -> Spans:
    """The spans of X's definitions: what no engine lists, nor anything inside them."""
    return Spans((s.path, s.start_line, s.end_line) for s in definitions)


class Spans:
    """X's spans grouped by file: tells whether a span is one of them or lies within one (a method
    of a class X is X too) by looking at the spans of its own file only."""

    __slots__ = ("_by_path",)

    def __init__(self, spans: Iterable[tuple[str, int, int]]) -> None:
        by_path: dict[str, list[tuple[int, int]]] = {}
        for path, start, end in spans:
            by_path.setdefault(path, []).append((start, end))
        self._by_path = by_path

    def holds(self, path: str, start: int, end: int) -> bool:
        """Whether the span is one of these or lies within one."""
        return any(s <= start and end <= e for s, e in self._by_path.get(path, ()))

    def paths(self) -> tuple[str, ...]:
        """The files the spans are in."""
        return tuple(self._by_path)


def name_parts(name: str) -> tuple[str, ...]:
    """A name's parts, lowercased (``parse_options_header`` -> parse, options, header)."""
    return split_identifier(name)


def name_similarity(source: Sequence[str], other: Sequence[str]) -> float:
    """How much of two names' parts agree, in [0, 1]: the parts of a common prefix and a common
    suffix fully, other shared parts by :data:`SCATTERED_PART`, over the longer name's parts."""
    longest = max(len(source), len(other))
    if not longest:
        return 0.0
    prefix = _common_prefix(source, other)
    suffix = min(_common_prefix(source[::-1], other[::-1]), min(len(source), len(other)) - prefix)
    placed = prefix + suffix
    shared = len(set(source) & set(other))
    if len(source) > 1 and len(other) > len(source) and shared == len(set(source)):
        placed = 0  # X's whole name and more (test_X, X_impl): about X, not a sibling of it
    return (placed + SCATTERED_PART * max(shared - placed, 0)) / longest


def parameters(signature: str) -> tuple[str, ...]:
    """The parameter names of a signature's first parenthesised list (``self``, ``cls`` left out)."""
    opened = signature.find("(")
    if opened < 0:
        return ()
    depth, names, start = 0, [], opened + 1
    for at in range(opened, len(signature)):
        char = signature[at]
        if char in "([{<":
            depth += 1
        elif char in ")]}>":
            depth -= 1
            if depth == 0:
                names.append(signature[start:at])
                break
        elif char == "," and depth == 1:
            names.append(signature[start:at])
            start = at + 1
    found = (_PARAMETER.search(part.lstrip("*&. ")) for part in names)
    return tuple(m.group(0) for m in found if m and m.group(0) not in _IMPLICIT)


def shape_similarity(source: Symbol, other: Symbol) -> float:
    """How alike two definitions are in shape, in [0, 1]: their parameters (the same count, the
    same names) and their length in lines, halves each."""
    mine, theirs = parameters(source.signature), parameters(other.signature)
    count = 1.0 - abs(len(mine) - len(theirs)) / max(len(mine), len(theirs), 1)
    union = set(mine) | set(theirs)
    named = len(set(mine) & set(theirs)) / len(union) if union else 1.0
    lines = _lines(source), _lines(other)
    return 0.5 * (count + named) / 2 + 0.5 * min(lines) / max(lines)


def same_family(kind: str, other: str) -> bool:
    """Whether two kinds are the same kind of thing (:data:`KIND_FAMILIES`)."""
    family = KIND_FAMILIES.get(kind)
    return family is not None and family == KIND_FAMILIES.get(other)


def sibling_score(source: Symbol, other: Symbol, parts: Sequence[str] | None = None) -> float | None:
    """How much of a sibling of ``source`` another definition is (``None``: none at all): the
    name's parts first, the shape after (see the module's formula)."""
    if not same_family(source.kind, other.kind):
        return None
    named = name_similarity(parts if parts is not None else name_parts(source.name), name_parts(other.name))
    if named < MIN_NAME_SIMILARITY:
        return None
    return named + SHAPE_WEIGHT * shape_similarity(source, other)


def named_after(source: Sequence[str], qualname: str | None) -> bool:
    """Whether a definition is named after X rather than like it: its qualified name holds every
    part of X's name, of two parts or more, and others (``TestToKeyValList.test_valid``,
    ``test_get_debug_flag``, ``parse_options_header_impl``): a test or a wrapper of X."""
    if len(source) < 2 or not qualname:
        return False
    parts = name_parts(qualname)
    return len(parts) > len(source) and set(source) <= set(parts)


def named_after_last(hits: Sequence[Hit], target: str) -> list[Hit]:
    """The hits with those named after X (:func:`named_after`) moved after the others, in order,
    their reasons saying so: an engine's likes of X first, what is about X after them."""
    source = name_parts(bare_name(target))
    after = [named_after(source, h.symbol) for h in hits]
    first = [h for h, late in zip(hits, after) if not late]
    return first + [replace(h, reason=h.reason + f"; named after {target}: listed after")
                    for h, late in zip(hits, after) if late]


def pattern(source: Sequence[str], other: Sequence[str]) -> str:
    """X's name with the parts a sibling changes starred (``parse_*_header``), for a reason."""
    prefix = _common_prefix(source, other)
    suffix = min(_common_prefix(source[::-1], other[::-1]), min(len(source), len(other)) - prefix)
    middle = len(source) - prefix - suffix
    return "_".join([*source[:prefix], *(["*"] if middle or len(other) > prefix + suffix else []),
                     *source[len(source) - suffix :]])


def notice(target: str, definitions: Sequence[Symbol]) -> str:
    """What a "similar to X" answer says about X: which definitions it leaves out, or that X is
    no symbol and the words are searched instead."""
    if not definitions:
        return f"no symbol named {echo(target)}; showing code similar to the words instead"
    first = definitions[0]
    where = f"{first.path}:{first.start_line}"
    more = f" and {len(definitions) - 1} more definition{'s' if len(definitions) > 2 else ''}" if len(definitions) > 1 else ""
    return f"excluding {target} itself ({where}{more}); ranked by its code, its name's parts and its shape"


def _common_prefix(a: Sequence[str], b: Sequence[str]) -> int:
    n = 0
    for x, y in zip(a, b):
        if x != y:
            break
        n += 1
    return n


def _lines(symbol: Symbol) -> int:
    return max(symbol.end_line - symbol.start_line + 1, 1)
