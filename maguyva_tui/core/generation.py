"""One generation of the index with the engines built on it: what one question reads, start to end.

A refresh publishes a new generation; a question that started on the old one finishes on it, so a
result's line, snippet and explanation always come from one version of the repository. Engines
are built on first use per generation (a literal search never loads the embeddings, nor the graph).

A first build publishes generations before every engine is ready (the text and structural
indexes first, then the graph, then the static semantic tier): an engine not ready yet returns
nothing, and every answer on such a generation says which engines are still missing.
"""

from __future__ import annotations

import threading
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeAlias, cast

import numpy as np

from maguyva_tui.core.code_tests import (
    TEST_LANGUAGES,
    Declaration,
    declarations,
    declaring_files,
    holds,
    module_files,
    spans_of_tests,
)
from maguyva_tui.core.names import qualifier_parts
from maguyva_tui.core.parsing.chunks import ChunkMap, smallest_chunk_at
from maguyva_tui.core.parsing.extensions import language_for
from maguyva_tui.core.store.arrays import PathIndex, Strings, unique, unique_inverse
from maguyva_tui.core.store.facts_files import StoredRows
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.types import MODALITIES, TEMPLATE_FLAG, Chunk, Hit, Query, QueryError, Retriever, fast_constructor

if TYPE_CHECKING:
    from maguyva_tui.core.retrievers.structural import StructuralRetriever
    from maguyva_tui.core.retrievers.text import TextRetriever
    from maguyva_tui.core.semantic_index import EmbeddingItem

ChunkKey: TypeAlias = tuple[str, int, int]
"""``(path, start_line, end_line)``: the chunk a hit stands for."""

JOIN_ORDER = ("text", "structural", "graph", "semantic")
"""The engines in the order a first build makes them ready (how front ends list them)."""

CHUNKS_AT_KEPT = 4096
"""Lines whose chunk a generation remembers: a page's hundred results, each asked three times
(listed by the text engine, scored by its centrality, shown)."""

CHUNK_MAP_AFTER = 16
"""Lines of one file whose chunk is looked for by scanning its chunks before every line of the file
is painted with its chunk (:class:`ChunkMap`), to be answered at once from then on: painting costs
about as much as 14 scans of a file's chunks (sympy, every file: 45 ms against 3.2 ms; its
``core/expr.py``, 162 chunks: 326 µs against 9 µs), so a file asked about rarely is never painted
and one asked about often costs at most about twice the better of the two."""

CHUNK_MAPS_KEPT_LINES = 1 << 20
"""Lines of painted files a generation keeps, 8 bytes a line (sympy's ``sympy/`` has 700,000): the
least recently asked files are dropped past it."""

ASKED_FILES_KEPT = 1 << 16
"""Files whose lookups a generation counts towards :data:`CHUNK_MAP_AFTER` (forgotten all at once
past it: a repository of 100,000 files would otherwise keep a count for each)."""

CHUNK_CELLS = 1 << 17
"""Lines times chunks compared in one step of :meth:`ChunkColumns.find` (a bound on its temporary
arrays: a page of lines in large files is compared a part at a time)."""

FEW_CELLS = 256
"""Lines times chunks up to which :meth:`ChunkColumns.find` compares a page's lines with their files'
chunks row by row in Python: the lines a literal's page finds in files not painted yet are few (1-8
of its hundred on sympy, the others painted), and the array comparison's two dozen numpy steps cost
35 µs whatever their size (70-140 µs in a search), Python about 0.3 µs a line and chunk (sympy's
pages: even at 100-150)."""

FEW_PLACES = 16
"""Lines up to which :meth:`ChunkColumns.find` compares a page's lines past :data:`FEW_CELLS` file
by file, only the rows holding each line keyed (a rare literal's page: a few lines in a large
file): 29-63 µs for 2-16 lines in 2-3 of sympy's files, where the array comparison of every line
and chunk costs 61-78 µs."""

ROW_KEYS_KEPT = 1 << 15
"""Chunk rows whose keys :meth:`ChunkColumns.find` keeps, by file, for the Python comparison
(forgotten all at once past it): a literal's page comes back to its files' chunks."""

CHUNKS_MADE_KEPT = 1 << 16
"""Chunks made from the stored columns that a generation keeps (forgotten all at once past it)."""

_ROW_BITS, _LINE_BITS = 20, 21
"""The widths of a chunk's row in its file, its start line and its span in :meth:`ChunkColumns.find`'s
keys (one bit more for a definition: 63 bits); a file past them is scanned as before."""

_new_chunk = fast_constructor(Chunk)

_UNKNOWN = object()
"""No answer remembered for a line."""

_NO_ROWS: list[int] = []
"""No painted rows: the file of a place is not painted from the columns."""


TEMPLATE_FIELD = 8
"""The column of the stored symbols whose :data:`~maguyva_tui.core.types.TEMPLATE_FLAG` says a definition
is a macro template's (``Symbol.template``)."""


def shadowed_templates(snapshot: Snapshot) -> frozenset[ChunkKey]:
    """:meth:`Generation.shadowed_templates` of a snapshot: its template definitions' names looked up
    once (each name's every definition), those whose qualified name some other one, no template,
    also has."""
    columns = snapshot.stored_symbols()
    if columns is None:  # a build's first generation, its facts in memory
        symbols = snapshot.symbols
        names = {s.name for s in symbols if s.template}
        if not names:
            return frozenset()
        named = [s for s in symbols if s.name in names]
    else:
        rows = np.flatnonzero(np.asarray(columns.column(TEMPLATE_FIELD)) & TEMPLATE_FLAG)
        if not len(rows):
            return frozenset()
        named = columns.named(np.unique(np.asarray(columns.column(0))[rows]))
    real = {s.qualname for s in named if not s.template}
    return frozenset((s.path, s.start_line, s.end_line) for s in named if s.template and s.qualname in real)


class Pending:
    """An engine not ready yet on a generation: it finds nothing (the answer's notice says why)."""

    def __init__(self, name: str) -> None:
        self.name = name

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Return no hits: this engine's index is still being built."""
        return []


def missing_notice(missing: Iterable[str]) -> str | None:
    """One line for an answer on a generation that lacks engines; ``None`` when none is missing."""
    names = [m for m in JOIN_ORDER if m in set(missing)]
    if not names:
        return None
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    engines = "engine is" if len(names) == 1 else "engines are"
    return f"still indexing: the {listed} {engines} not ready yet; results refresh as they join"


class Generation:
    """A snapshot and its retrievers; the semantic one comes from the engine (its model and vectors)."""

    def __init__(
        self,
        snapshot: Snapshot,
        semantic: Callable[[Generation], Retriever],
        ready: Iterable[str] = MODALITIES,
    ) -> None:
        self.snapshot = snapshot
        self._semantic = semantic
        self._ready = frozenset(ready)
        self._built: dict[str, Retriever] = {}
        self._text: TextRetriever | None = None
        self._structural: StructuralRetriever | None = None
        self._items: list[EmbeddingItem] | None = None
        self._test_spans: dict[str, tuple[tuple[int, int], ...]] = {}
        """Each file's test code asked so far (:meth:`in_test_code`)."""
        self._declared: dict[str, tuple[Declaration, ...]] = {}
        """Each Rust file's modules declared on their own lines, read so far (:meth:`_declared_as_test`)."""
        self._pathed: dict[str, list[tuple[str, Declaration]]] | None = None
        """Per file a ``#[path]`` attribute names, the files declaring it so (read once, when first asked)."""
        self._lock = threading.RLock()
        self._chunks = ChunkLocator(snapshot)
        self._templates: frozenset[ChunkKey] | None = None

    @property
    def ready(self) -> tuple[str, ...]:
        """The engines that answer on this generation, in the order they join (all, once complete)."""
        return tuple(m for m in JOIN_ORDER if m in self._ready)

    @property
    def missing(self) -> tuple[str, ...]:
        """The engines still being built for this generation (none, once complete)."""
        return tuple(m for m in JOIN_ORDER if m not in self._ready)

    def join(self, *names: str) -> None:
        """Let engines answer from now on (their index was just built)."""
        with self._lock:
            self._ready |= frozenset(names)

    def inherit(self, earlier: Generation) -> None:
        """Take over the structural engine of an earlier step of the same build (the same facts:
        on sympy its symbol table takes seconds to make, and would be made again)."""
        if earlier.snapshot.facts is self.snapshot.facts:
            with self._lock:
                self._structural = self._structural or earlier._structural

    def retriever(self, name: str) -> Retriever:
        """Return (building once) the retriever of a modality on this generation; one that is not
        ready yet finds nothing (and is not kept: it answers once it joins)."""
        with self._lock:
            if name in MODALITIES and name not in self._ready:
                return Pending(name)
            found = self._built.get(name)
            if found is None:
                found = self._built[name] = self._build(name)
            return found

    def forget(self, name: str) -> None:
        """Drop a built retriever so that the next question builds it afresh (new vectors, new model)."""
        with self._lock:
            self._built.pop(name, None)

    def _build(self, name: str) -> Retriever:
        if name == "text":
            return self.text
        if name == "structural":
            return self.structural
        if name == "graph":
            from maguyva_tui.core.retrievers.graph import GraphRetriever  # the graph's modules load with it

            return GraphRetriever(self.snapshot.graph, self.snapshot.raw)
        if name == "semantic":
            return self._semantic(self)
        raise QueryError(f"unknown modality {name!r} (choose from {', '.join(MODALITIES)})")

    @property
    def text(self) -> TextRetriever:
        """The text engine of this generation."""
        with self._lock:
            if self._text is None:
                from maguyva_tui.core.retrievers.text import TextRetriever  # under the lock: one thread imports it

                # the locator's methods, not this generation's: a cycle through it would keep an
                # old generation (and its folder on disk, ``holds.py``) until a full collection
                self._text = TextRetriever(self.snapshot, self._chunks.at, self._chunks.at_many)
            return self._text

    @property
    def structural(self) -> StructuralRetriever:
        """The structural engine of this generation (also the symbol table a lone word is checked in)."""
        with self._lock:
            if self._structural is None:
                from maguyva_tui.core.retrievers.structural import StructuralRetriever

                self._structural = StructuralRetriever.of(self.snapshot)
            return self._structural

    def embedding_items(self) -> list[EmbeddingItem]:
        """Every chunk with the text it embeds as and that text's key, most central first."""
        with self._lock:
            if self._items is None:
                from maguyva_tui.core.semantic_index import embedding_items

                snapshot = self.snapshot

                def importance(chunk: Chunk) -> float:
                    return snapshot.centrality.at(chunk.path, chunk.start_line, chunk.end_line)

                self._items = embedding_items(snapshot, importance)
                from maguyva_tui.core.semantic_index import write_chunk_table

                write_chunk_table(snapshot, self._items)
            return self._items

    def semantic_chunks(self) -> Sequence[tuple[Chunk, str]]:
        """Every chunk with its embedding key, most central first (as :meth:`embedding_items`
        orders them): from the table a previous command recorded beside the vectors, without
        making a single embedding text; else from :meth:`embedding_items` (which records it)."""
        from maguyva_tui.core.semantic_index import read_chunk_table

        with self._lock:
            items = self._items
        if items is None:
            found = read_chunk_table(self.snapshot)
            if found is not None:
                return found
            items = self.embedding_items()
        return [(item.chunk, item.key) for item in items]

    def knows_symbol(self, name: str) -> bool:
        """Tell whether a name is exactly a symbol's name in this generation."""
        return bool(self.definers(name))

    def definers(self, name: str) -> set[str]:
        """The files defining a name as written: a bare name read from the text engine's table of
        defined names (no symbol table built: a lone word or a direct answer asks first thing, and
        sympy's 43,000 symbols take a second to sort), a qualified one from the structural engine."""
        found = self.text.definers(name)
        if found or len(qualifier_parts(name)) < 2:
            return found
        return {symbol.path for symbol in self.structural.lookup(name)}

    def shadowed_templates(self) -> frozenset[ChunkKey]:
        """The chunks of the definitions a macro's template writes (``Symbol.template``) whose
        qualified name is also defined outside any template: serde's hidden ``__private_serialize!``
        writes ``trait Serialize``, which had ranked above ``ser/mod.rs``'s real one. Found once a
        generation, from the stored symbols' template column (none: nothing more is read)."""
        if self._templates is None:
            self._templates = shadowed_templates(self.snapshot)
        return self._templates

    @property
    def chunk_locator(self) -> ChunkLocator:
        """What finds the chunk holding a line (:meth:`chunk_at`), for an engine to keep: not
        this generation, which keeps the engine."""
        return self._chunks

    def chunk_at(self, path: str, line: int) -> Chunk | None:
        """The smallest definition holding a line, else its window (:class:`ChunkLocator`)."""
        return self._chunks.at(path, line)

    def in_test_code(self, key: ChunkKey) -> bool:
        """Whether a chunk lies in test code its own code marks, in a file its path does not say is
        a test (:mod:`~maguyva_tui.core.code_tests`: regex-syntax's ``fn parse`` in ``#[cfg(test)] mod
        tests`` of ``src/hir/translate.rs`` had been listed first for ``parse``, above ``Parser.parse``).
        Each file is read once a generation, and only in the languages that mark tests so."""
        spans = self.test_code_spans(key[0])
        return bool(spans) and holds(spans, key[1], key[2])

    def test_code_spans(self, path: str, seen: frozenset[str] = frozenset()) -> tuple[tuple[int, int], ...]:
        """:func:`~maguyva_tui.core.code_tests.spans_of_tests` of a stored file, remembered; the
        whole file when a module declared test code has its code there (:meth:`_declared_as_test`);
        none in another language. ``seen``: the files whose declarations are being read (a cycle)."""
        spans = self._test_spans.get(path)
        if spans is None:
            spans = self._test_spans[path] = self._read_test_spans(path, seen)
        return spans

    def _read_test_spans(self, path: str, seen: frozenset[str] = frozenset()) -> tuple[tuple[int, int], ...]:
        """The test code of a stored file, read from its text (:meth:`test_code_spans`)."""
        if language_for(path) not in TEST_LANGUAGES or path not in self.snapshot.files:
            return ()
        if self._declared_as_test(path, seen | {path}):
            return ((1, self.snapshot.line_count(path)),)
        source = self.snapshot.raw(path)
        if b"test" not in source and b"bench" not in source:
            return ()
        return spans_of_tests(source, self.snapshot.line_count(path), lambda line: self.chunk_at(path, line))

    def _declared_as_test(self, path: str, seen: frozenset[str]) -> bool:
        """Whether a Rust file holds the code of a module declared on its own line as test code
        (``#[cfg(test)] mod tests;`` of ``src/lib.rs``: ``src/tests.rs``), or declared inside test
        code (a file whole test code declaring ``mod helpers;``), by Rust's module path rules
        (:func:`~maguyva_tui.core.code_tests.module_files`); its declaring file says so, not it."""
        files = self.snapshot.files
        for declaring in declaring_files(path):
            if declaring in seen or declaring not in files:
                continue
            for declared in self._declarations(declaring):
                if declared.path is None and path in module_files(declaring, declared) and \
                        self._declares_test(declaring, declared, seen):
                    return True
        return any(self._declares_test(declaring, declared, seen)
                   for declaring, declared in self._path_declarations().get(path, ()) if declaring not in seen)

    def _declares_test(self, declaring: str, declared: Declaration, seen: frozenset[str]) -> bool:
        """Whether a module declared outside any inline module (its symbol's qualified name is its
        name alone) is test code: its attributes say so, or its declaring file is test code there."""
        if not any(s.path == declaring and s.name_line == declared.line and s.qualname == declared.name
                   for s in self.structural.lookup(declared.name)):
            return False  # inside an inline module (its folder is that module's) or a function: not read
        return declared.test or holds(self.test_code_spans(declaring, seen | {declaring}), declared.line, declared.line)

    def _declarations(self, path: str) -> tuple[Declaration, ...]:
        """:func:`~maguyva_tui.core.code_tests.declarations` of a stored Rust file, remembered."""
        found = self._declared.get(path)
        if found is None:
            source = self.snapshot.raw(path)
            found = self._declared[path] = declarations(source) if b"mod" in source else ()
        return found

    def _path_declarations(self) -> dict[str, list[tuple[str, Declaration]]]:
        """Per file a ``#[path = "..."]`` declaration has its module's code in, the declaring file
        and declaration: the Rust files holding ``#[path`` (the text engine's candidates, else each
        read), read once a generation."""
        if self._pathed is not None:
            return self._pathed
        rust = [p for p in self.snapshot.files if language_for(p) in TEST_LANGUAGES]
        if "text" not in self.missing:
            from maguyva_tui.core.trigram.plan import literal_plan

            rust = [p for p in self.text.candidates(literal_plan("#[path")) if language_for(p) in TEST_LANGUAGES]
        found: dict[str, list[tuple[str, Declaration]]] = {}
        for declaring in rust:
            if b"#[path" not in self.snapshot.raw(declaring):
                continue
            for declared in self._declarations(declaring):
                for target in module_files(declaring, declared) if declared.path is not None else ():
                    found.setdefault(target, []).append((declaring, declared))
        self._pathed = found
        return found

    def locate(self, hit: Hit) -> ChunkKey:
        """Map a hit to the chunk that holds it, so line hits merge with definitions."""
        if hit.start_line != hit.end_line:
            return (hit.path, hit.start_line, hit.end_line)
        chunk = self.chunk_at(hit.path, hit.start_line)
        if chunk is None:
            return (hit.path, hit.start_line, hit.end_line)
        return (chunk.path, chunk.start_line, chunk.end_line)

    def centrality(self, hit: Hit) -> float:
        """The graph centrality of the symbol (else the file) a hit points at (:meth:`locate`'s
        chunk, its steps written out: asked for each of a page's results); 0 without a graph."""
        line = hit.start_line
        if line != hit.end_line:
            return self.snapshot.centrality.at(hit.path, line, hit.end_line)
        chunk = self._chunks.at(hit.path, line)
        if chunk is None:
            return self.snapshot.centrality.at(hit.path, line, line)
        return self.snapshot.centrality.at(chunk.path, chunk.start_line, chunk.end_line)

    def chunks_at(self, places: Sequence[tuple[str, int]]) -> list[Chunk | None]:
        """:meth:`chunk_at` of each ``(path, line)``, found together (:meth:`ChunkLocator.at_many`)."""
        return self._chunks.at_many(list(places))

    def located(self, hits: Sequence[Hit]) -> list[tuple[ChunkKey, float]]:
        """:meth:`locate` of each hit with its chunk's centrality, the lines' chunks found together
        (:meth:`ChunkLocator.at_many`): what a workspace's shard says of every hit of its lists
        (a frequent literal's 150 lines, one by one, were most of a cluster shard's answer)."""
        central = self.snapshot.centrality.at
        chunks = self._chunks.at_many([(hit.path, hit.start_line) for hit in hits])
        seen: dict[int, tuple[ChunkKey, float]] = {}
        out: list[tuple[ChunkKey, float]] = []
        for hit, chunk in zip(hits, chunks):
            if hit.start_line != hit.end_line or chunk is None:
                key = (hit.path, hit.start_line, hit.end_line)
                out.append((key, central(*key)))
                continue
            known = seen.get(id(chunk))  # the chunks are held in ``chunks`` meanwhile: no id is reused
            if known is None:
                key = (chunk.path, chunk.start_line, chunk.end_line)
                known = seen[id(chunk)] = (key, central(*key))
            out.append(known)
        return out

    def centralities(self, hits: Sequence[Hit]) -> list[float]:
        """:meth:`centrality` of each of a page's hits: their lines' chunks found together
        (:meth:`located`'s, no key made: the text engine has just found them), each chunk's
        centrality looked up once (a frequent literal's lines share their functions)."""
        central = self.snapshot.centrality.at
        chunks = self._chunks.at_many([(hit.path, hit.start_line) for hit in hits])
        seen: dict[int, float] = {}
        out: list[float] = []
        for hit, chunk in zip(hits, chunks):
            if chunk is None or hit.start_line != hit.end_line:
                out.append(central(hit.path, hit.start_line, hit.end_line))
                continue
            value = seen.get(id(chunk))  # the chunks are held in ``chunks`` meanwhile: no id is reused
            if value is None:
                value = seen[id(chunk)] = central(chunk.path, chunk.start_line, chunk.end_line)
            out.append(value)
        return out


class ChunkLocator:
    """The chunk holding a line of one generation's files (what :func:`smallest_chunk_at` says),
    remembered for the last :data:`CHUNKS_AT_KEPT` lines asked (the text engine asks for each line
    it lists, fusion again for its centrality, and a result once more to be shown). A page's lines
    (:meth:`at_many`) are found in the stored columns (:class:`ChunkColumns`: all of them at once,
    a :class:`Chunk` made only for a chunk found; a frequent literal's page made every chunk of each
    new file it showed, 60-110 µs a file on sympy, and scanned them line by line). Otherwise the
    first lines asked of a file are found by scanning its chunks. Either way a file asked about
    more than :data:`CHUNK_MAP_AFTER` times has each of its lines painted with its chunk once
    (:class:`ColumnMap` from the columns, else :class:`ChunkMap`) and is answered at once from
    then on (a scan of sympy's ``core/expr.py`` costs 9 µs)."""

    def __init__(self, snapshot: Snapshot) -> None:
        self._snapshot = snapshot
        self._answers: dict[tuple[str, int], Chunk | None] = {}
        self._asked: dict[str, int] = {}
        self._maps: OrderedDict[str, tuple[ChunkMap | ColumnMap, int]] = OrderedDict()
        """Painted files, each with its number of lines."""
        self._lines = 0
        self._columns: tuple[ChunkColumns | None] | None = None
        """The stored chunk columns, once asked for (``(None,)``: rows in memory)."""
        self._lock = threading.Lock()
        self._last: tuple[list[tuple[str, int]], tuple[Chunk | None, ...]] | None = None
        """The last lines :meth:`at_many` was asked and their chunks: fusion asks again for the
        first lines the text engine just asked (a page's centralities), answered from them."""

    def at(self, path: str, line: int) -> Chunk | None:
        """The smallest definition holding a line of a file, else its smallest window, else ``None``."""
        painted = self._maps.get(path)
        if painted is not None and line >= 1:
            try:
                self._maps.move_to_end(path)
            except KeyError:  # another thread dropped it meanwhile: its answer is still good
                pass
            return painted[0].at(line)
        key = (path, line)
        try:
            return self._answers[key]
        except KeyError:
            pass
        return self._scanned(path, line)

    def at_many(self, places: list[tuple[str, int]]) -> list[Chunk | None]:
        """:meth:`at` of each ``(path, line)``: a painted file's lines read off its map, the others
        not remembered found together in the stored columns (:class:`ChunkColumns`: one comparison
        for a page), a file asked about more than :data:`CHUNK_MAP_AFTER` times painted from them
        (a frequent literal's pages come back to the same large files); the first lines of the
        last call's, asked again, from its answer (no look-up)."""
        last = self._last
        if last is not None and len(places) <= len(last[0]) and last[0][: len(places)] == places:
            return list(last[1][: len(places)])
        found = self._located(places)
        # a listing of every line is asked once: not kept (a resident server had held 542,925 chunks)
        self._last = (list(places), tuple(found)) if len(places) <= CHUNKS_AT_KEPT else None
        return found

    def _located(self, places: list[tuple[str, int]]) -> list[Chunk | None]:
        """:meth:`at_many`, asked of the maps, the answers kept and the columns."""
        columns = self._stored()
        if columns is None:
            at = self.at
            return [at(path, line) for path, line in places]
        out: list[Chunk | None] = [None] * len(places)
        answers, maps, made = self._answers, self._maps, columns._made
        missing: list[int] = []
        later: dict[int, tuple[int, str]] = {}  # the chunks of painted lines not made yet: made together
        path: str | None = None
        state, by_line, size = 0, _NO_ROWS, 0  # the map of the file of the place before (a page's lines come by file)
        for k, place in enumerate(places):
            if place[0] != path:  # its map looked up once for its lines that follow
                path = place[0]
                painted = maps.get(path)
                mapped = None if painted is None else painted[0]
                state = 0 if mapped is None else 1 if isinstance(mapped, ColumnMap) and mapped.columns is columns else 2
                by_line = mapped._by_line if state == 1 else _NO_ROWS  # type: ignore[union-attr]
                size = len(by_line)
            if state and place[1] >= 1:
                if state == 2:
                    missing.append(k)  # read off its map below
                    continue
                line = place[1]  # ColumnMap.row and ChunkColumns.made, written out: most of a page's lines
                row = by_line[line] if line < size else -1
                if row >= 0:
                    chunk = made.get(row)
                    if chunk is None:
                        later[k] = (row, place[0])
                    out[k] = chunk
                continue
            found = answers.get(place, _UNKNOWN)
            if found is _UNKNOWN:
                missing.append(k)
            else:
                out[k] = cast("Chunk | None", found)
        if not missing and not later:
            return out
        self._paint_often(columns, Counter(places[k][0] for k in missing if places[k][0] not in maps))
        rest = [k for k in missing if not self._read_painted(places, k, out, later)]
        if later:
            made = columns.make({row: path for row, path in later.values()})
            for k, (row, _) in later.items():
                out[k] = made[row]
        found = columns.find([places[k] for k in rest]) if rest else []
        if found is None:  # rows the columns cannot compare: scanned
            at = self.at
            for k in rest:
                out[k] = at(*places[k])
            return out
        if len(rest) > CHUNKS_AT_KEPT:  # a listing of every line: answered, not remembered
            for k, chunk in zip(rest, found):
                out[k] = chunk
            return out
        if len(answers) + len(rest) > CHUNKS_AT_KEPT:
            answers.clear()  # forgotten all at once: a page's lines are asked together
        for k, chunk in zip(rest, found):
            answers[places[k]] = out[k] = chunk
        return out

    def _read_painted(self, places: list[tuple[str, int]], k: int, out: list[Chunk | None],
                      later: dict[int, tuple[int, str]]) -> bool:
        """Read place ``k`` off its file's map into ``out``, or, for a chunk of the columns not made
        yet, its row into ``later``; ``False`` where its file is not painted."""
        path, line = places[k]
        painted = self._maps.get(path)
        if painted is None or line < 1:
            return False
        found = painted[0]
        if isinstance(found, ColumnMap):
            row = found.row(line)
            chunk = found.columns.made(row) if row >= 0 else None
            if chunk is None and row >= 0:
                later[k] = (row, path)
            out[k] = chunk
        else:
            out[k] = found.at(line)
        return True

    def _paint_often(self, columns: ChunkColumns, counts: Counter[str]) -> set[str]:
        """Count the lines asked of each file; paint those asked about more than
        :data:`CHUNK_MAP_AFTER` times from the columns (not those whose rows it cannot paint)."""
        asked, painted = self._asked, set()
        for path, count in counts.items():
            total = asked.get(path, 0) + count
            if len(asked) >= ASKED_FILES_KEPT:
                asked.clear()
            asked[path] = total
            if total > CHUNK_MAP_AFTER:
                found = columns.paint(path)
                if found is not None:
                    self._keep(path, found, found.size)
                    painted.add(path)
        return painted

    def _stored(self) -> ChunkColumns | None:
        """The stored chunk columns of this generation's files (``None`` for rows in memory)."""
        found = self._columns
        if found is None:
            rows = getattr(self._snapshot.facts, "rows", None)
            found = self._columns = (ChunkColumns(*rows.chunk_columns()) if isinstance(rows, StoredRows) else None,)
        return found[0]

    def _scanned(self, path: str, line: int) -> Chunk | None:
        """:meth:`at` from a file's chunks: scanned, or painted once it is asked about often."""
        chunks = self._snapshot.facts.chunks(path)
        asked = self._asked.get(path, 0) + 1
        if asked > CHUNK_MAP_AFTER and line >= 1 and all(chunk.start_line >= 1 for chunk in chunks):
            return self._paint(path, chunks).at(line)  # a chunk starting before line 1 is never painted
        if len(self._asked) >= ASKED_FILES_KEPT:
            self._asked.clear()
        self._asked[path] = asked
        found = smallest_chunk_at(chunks, line)
        if len(self._answers) >= CHUNKS_AT_KEPT:
            self._answers.clear()  # forgotten all at once: a page's lines are asked together
        self._answers[(path, line)] = found
        return found

    def _paint(self, path: str, chunks: Sequence[Chunk]) -> ChunkMap:
        """Paint a file's lines with their chunks, kept among the last files painted."""
        painted = ChunkMap(chunks)
        self._keep(path, painted, max((chunk.end_line for chunk in chunks), default=0) + 1)
        return painted

    def _keep(self, path: str, painted: ChunkMap | ColumnMap, size: int) -> None:
        """Keep a painted file of ``size`` lines among the last files painted."""
        with self._lock:
            if path not in self._maps:
                self._maps[path] = (painted, size)
                self._lines += size
                while self._lines > CHUNK_MAPS_KEPT_LINES and len(self._maps) > 1:
                    _, (_, dropped) = self._maps.popitem(last=False)
                    self._lines -= dropped


class ChunkColumns:
    """Every stored file's chunk rows as one table's columns (start line, end line, and kind, symbol
    and language ids; files in path order), a page's lines compared with their files' chunks all
    at once and a :class:`Chunk` made only for a chunk found: what :func:`smallest_chunk_at` says of
    the chunks a file's rows decode to (of those holding the line, one that is no window before a
    window, then the smallest, the latest starting, the last listed)."""

    def __init__(self, table: np.ndarray, begins: np.ndarray, strings: Strings, index: PathIndex) -> None:
        self._table, self._begins, self._strings, self._index = table, begins, strings, index
        self._windows: dict[int, bool] = {}
        """Kind ids read so far: whether each is ``"window"``."""
        self._made: dict[int, Chunk] = {}
        """Chunks made, by row."""
        self._row_keyed: dict[int, list[tuple[int, int, int]] | None] = {}
        """Files' rows keyed for the Python comparison (:meth:`_row_keys`), by their first row."""
        self._rows_keyed = 0
        self._checked: set[int] = set()
        """Files (by their first row) whose rows :meth:`_held_rows` found within the keys' widths."""

    def find(self, places: list[tuple[str, int]]) -> list[Chunk | None] | None:
        """The chunk of each ``(path, line)``, ``None`` where no chunk holds it; ``None`` for them
        all when a file's rows are past what the comparison's keys hold (a line number of 2^21,
        a span ending before it starts, 2^20 chunks in a file): they are scanned."""
        out: list[Chunk | None] = [None] * len(places)
        files = self._files_of(places)
        known = [k for k, f in enumerate(files) if f is not None]
        if not known:
            return out
        if len(known) <= max(FEW_CELLS // 8, FEW_PLACES):  # a few lines, or lines in files of few chunks
            begins, ids = self._begins, cast("list[int]", [files[k] for k in known])
            firsts = [int(begins[i]) for i in ids]
            counts_of = [int(begins[i + 1]) - first for i, first in zip(ids, firsts)]
            total = sum(counts_of)
            if total <= FEW_CELLS or (len(known) <= FEW_PLACES and total <= CHUNK_CELLS):
                lines = [places[k][1] for k in known]
                rows = (self._few_rows(lines, firsts, counts_of) if total <= FEW_CELLS
                        else self._held_rows(lines, firsts, counts_of))
                if rows is None:
                    return None
                made = self.make({row: places[k][0] for k, row in zip(known, rows) if row >= 0})
                for k, row in zip(known, rows):
                    out[k] = None if row < 0 else made[row]
                return out
        at = np.array([files[k] for k in known], np.int64)
        lo, counts = self._begins[at], self._begins[at + 1] - self._begins[at]
        cells = np.cumsum(counts)
        first = 0
        while first < len(known):  # a part of the places at a time, CHUNK_CELLS cells or one place
            before = int(cells[first - 1]) if first else 0
            last = max(int(np.searchsorted(cells, before + CHUNK_CELLS, "right")), first + 1)
            part = known[first:last]
            rows = self._rows([places[k][1] for k in part], lo[first:last], counts[first:last])
            if rows is None:
                return None
            made = self.make({row: places[k][0] for k, row in zip(part, rows) if row >= 0})
            for k, row in zip(part, rows):
                out[k] = None if row < 0 else made[row]
            first = last
        return out

    def _files_of(self, places: list[tuple[str, int]]) -> list[int | None]:
        """Each place's file (its position in the columns' paths, ``None`` for one not stored),
        looked up once for each run of places in one file (a page's lines come by file; each
        look-up bisects the paths until many are asked)."""
        get = self._index.get
        out: list[int | None] = []
        path: str | None = None
        found: int | None = None
        for place in places:
            if place[0] != path:
                path = place[0]
                found = get(path)
            out.append(found)
        return out

    def paint(self, path: str) -> ColumnMap | None:
        """A file's lines painted with their chunks' rows (:class:`ColumnMap`), ``None`` where a
        chunk starts before line 1 (never painted) or its rows are past the keys' widths."""
        i = self._index.get(path)
        if i is None:
            return None
        lo, hi = int(self._begins[i]), int(self._begins[i + 1])
        if lo == hi:
            return ColumnMap(self, path, [-1])
        chunks = self._table[lo:hi]
        starts, ends = chunks[:, 0].astype(np.int64), chunks[:, 1].astype(np.int64)
        keys = self._keys(starts, ends, chunks[:, 2], np.arange(hi - lo))
        if keys is None or int(starts.min()) < 1:
            return None
        by_line = [-1] * (int(ends.max()) + 1)
        order = np.argsort(keys)  # each line painted last by the chunk smallest_chunk_at keeps: the highest key
        for start, end, row in zip(starts[order].tolist(), ends[order].tolist(), (lo + order).tolist()):
            by_line[start : end + 1] = [row] * (end - start + 1)
        return ColumnMap(self, path, by_line)

    def chunk(self, path: str, row: int) -> Chunk:
        """The chunk of one row of a file."""
        found = self._made.get(row)
        return found if found is not None else self.make({row: path})[row]

    def made(self, row: int) -> Chunk | None:
        """The chunk of a row when it is made (and kept), else ``None``."""
        return self._made.get(row)

    def _keys(self, starts: np.ndarray, ends: np.ndarray, kinds: np.ndarray, local: np.ndarray) -> np.ndarray | None:
        """Each chunk's key: of two chunks holding a line, ``smallest_chunk_at`` keeps the one of the
        higher key (no window before a window, the smaller, the later starting, the later listed:
        ``local``, its row in its file); ``None`` when they are past the keys' widths."""
        size = ends - starts
        wide = 1 << _LINE_BITS
        if (int(starts.min()) < 0 or int(size.min()) < 0 or int(ends.max()) >= wide
                or int(local.max()) >= 1 << _ROW_BITS):
            return None  # NULL_INT is negative: a missing line number is scanned too
        definition = self._definitions(kinds).astype(np.int64)
        keys: np.ndarray = ((definition << (2 * _LINE_BITS + _ROW_BITS)) | ((wide - 1 - size) << (_LINE_BITS + _ROW_BITS))
                            | (starts << _ROW_BITS) | local)
        return keys

    def _rows(self, lines: list[int], lo: np.ndarray, counts: np.ndarray) -> list[int] | None:
        """Each line's chunk as a row of the table (-1: none), its file's rows ``lo`` on, ``counts``
        of them; ``None`` when a file's rows are past the keys' widths."""
        total = int(counts.sum())
        if not total:
            return [-1] * len(lines)
        held = counts > 0
        files, of_file = unique_inverse(np.where(held, lo, -1))  # each file's chunks read and keyed once
        sizes = np.zeros(len(files), np.int64)
        sizes[of_file] = counts  # files of no chunk share a first row with the next one: -1 above, none here
        first = np.cumsum(sizes) - sizes
        own = np.arange(int(sizes.sum())) - np.repeat(first, sizes)
        chunks = self._table[np.repeat(files, sizes) + own]
        file_starts, file_ends = chunks[:, 0].astype(np.int64), chunks[:, 1].astype(np.int64)
        file_keys = self._keys(file_starts, file_ends, chunks[:, 2], own)
        if file_keys is None:
            return None
        begin = np.cumsum(counts) - counts
        at = np.repeat(first[of_file] - begin, counts) + np.arange(total)  # each line's cells: its file's chunks
        starts, ends = file_starts[at], file_ends[at]
        asked = np.repeat(np.array(lines, np.int64), counts)
        keys = np.where((starts <= asked) & (asked <= ends), file_keys[at], -1)
        best = np.full(len(lines), -1, np.int64)
        best[held] = np.maximum.reduceat(keys, begin[held])
        rows: list[int] = np.where(best < 0, -1, lo + (best & ((1 << _ROW_BITS) - 1))).tolist()
        return rows

    def _few_rows(self, lines: list[int], firsts: list[int], counts: list[int]) -> list[int] | None:
        """:meth:`_rows` compared in Python, a file's rows keyed once and kept (:meth:`_row_keys`,
        :data:`ROW_KEYS_KEPT`): each line's chunk as a row (-1: none); ``None`` when a file's rows
        are past the keys' widths."""
        keyed = self._row_keyed
        out = []
        mask = (1 << _ROW_BITS) - 1
        for line, first, count in zip(lines, firsts, counts):
            if not count:
                out.append(-1)
                continue
            found = keyed.get(first, _UNKNOWN)
            if found is not _UNKNOWN:
                keys = cast("list[tuple[int, int, int]] | None", found)
            else:
                keys = self._row_keys(self._table[first : first + count].tolist())
                if self._rows_keyed + count > ROW_KEYS_KEPT:
                    keyed.clear()
                    self._rows_keyed = 0
                keyed[first] = keys
                self._rows_keyed += count
            if keys is None:
                return None
            best = -1
            for start, end, key in keys:
                if start <= line <= end and key > best:
                    best = key
            out.append(-1 if best < 0 else first + (best & mask))
        return out

    def _held_rows(self, lines: list[int], firsts: list[int], counts: list[int]) -> list[int] | None:
        """:meth:`_rows` of a few lines in files of many chunks: each file's start and end columns
        checked once (what :meth:`_keys` refuses), compared with all its lines asked at once, and
        only the rows holding a line keyed, in Python (a rare literal's few lines in a large file:
        the array comparison's two dozen steps cost 50-70 µs, keying every row in Python more);
        ``None`` when a file's rows are past the keys' widths."""
        wide = 1 << _LINE_BITS
        mask = (1 << _ROW_BITS) - 1
        out = [-1] * len(lines)
        checked = self._checked
        asked: dict[tuple[int, int], list[int]] = {}  # each file's lines (their places in ``lines``)
        for k, (first, count) in enumerate(zip(firsts, counts)):
            if count:
                asked.setdefault((first, count), []).append(k)
        for (first, count), ks in asked.items():
            chunks = self._table[first : first + count]
            starts, ends = chunks[:, 0], chunks[:, 1]
            if first not in checked:
                if (count > 1 << _ROW_BITS or int(starts.min()) < 0 or int(ends.max()) >= wide
                        or bool((ends < starts).any())):
                    return None  # what _keys refuses: a start before 0, a span ending before it starts
                checked.add(first)
            at = np.array([lines[k] for k in ks], np.int64)[:, None]
            which, held = np.nonzero((starts <= at) & (ends >= at))
            if not len(held):
                continue
            kinds = chunks[held, 2].tolist()
            windows = self._window_ids(set(kinds))
            best = [-1] * len(ks)
            for j, local, start, end, kind in zip(which.tolist(), held.tolist(), starts[held].tolist(),
                                                   ends[held].tolist(), kinds):
                key = (((0 if kind in windows else 1) << (2 * _LINE_BITS + _ROW_BITS))
                       | ((wide - 1 - (end - start)) << (_LINE_BITS + _ROW_BITS)) | (start << _ROW_BITS) | local)
                if key > best[j]:
                    best[j] = key
            for k, key in zip(ks, best):
                if key >= 0:
                    out[k] = first + (key & mask)
        return out

    def _row_keys(self, rows: list[list[int]]) -> list[tuple[int, int, int]] | None:
        """Each of a file's chunk rows' start, end and :meth:`_keys`'s key, as Python numbers;
        ``None`` when they are past the keys' widths."""
        wide = 1 << _LINE_BITS
        if len(rows) > 1 << _ROW_BITS:
            return None
        windows = self._window_ids({row[2] for row in rows})
        out = []
        for local, row in enumerate(rows):
            start, end = row[0], row[1]
            size = end - start
            if start < 0 or size < 0 or end >= wide:
                return None
            definition = 0 if row[2] in windows else 1
            out.append((start, end, (definition << (2 * _LINE_BITS + _ROW_BITS))
                        | ((wide - 1 - size) << (_LINE_BITS + _ROW_BITS)) | (start << _ROW_BITS) | local))
        return out

    def _window_ids(self, distinct: set[int]) -> list[int]:
        """The kind ids among ``distinct`` that read ``"window"``."""
        windows = self._windows
        new = [kind for kind in distinct if kind not in windows]
        if new:
            windows.update(zip(new, (name == "window" for name in self._strings.pick(np.array(new, np.int64)))))
        return [kind for kind in distinct if windows[kind]]

    def _definitions(self, kinds: np.ndarray) -> np.ndarray:
        """Whether each kind id is no window (a definition)."""
        window_ids = self._window_ids(set(unique(kinds).tolist()))
        if not window_ids:
            return np.ones(len(kinds), bool)
        return kinds != window_ids[0] if len(window_ids) == 1 else ~np.isin(kinds, window_ids)

    def make(self, rows: dict[int, str]) -> dict[int, Chunk]:
        """The chunks of some rows (each with its file's path), those not made yet made together
        (their strings read in one step: one by one cost 7 µs a chunk), and kept."""
        made = self._made
        new = [row for row in rows if row not in made]
        if len(new) > CHUNKS_MADE_KEPT:  # a listing of every line: made for it, not kept
            made = {row: made[row] for row in rows if row in made}
        elif new and len(made) + len(new) > CHUNKS_MADE_KEPT:
            made.clear()
            new = list(rows)
        if new:
            table = self._table[np.array(new, np.int64)]
            texts = self._strings.pick(table[:, 2:5].ravel())
            for j, (row, (start, end)) in enumerate(zip(new, table[:, :2].tolist())):
                made[row] = _new_chunk(rows[row], start, end, *texts[3 * j : 3 * j + 3])
        return made


class ColumnMap:
    """One file's lines painted with the rows of their chunks in the stored columns (what
    :class:`ChunkMap` answers, no chunk made before it is asked for)."""

    __slots__ = ("_by_line", "_path", "columns")

    def __init__(self, columns: ChunkColumns, path: str, by_line: list[int]) -> None:
        self.columns, self._path, self._by_line = columns, path, by_line

    @property
    def size(self) -> int:
        """The lines painted (the last chunk's end line, plus one)."""
        return len(self._by_line)

    def row(self, line: int) -> int:
        """The row of a line's chunk (-1 for none)."""
        return self._by_line[line] if 0 < line < len(self._by_line) else -1

    def at(self, line: int) -> Chunk | None:
        """Return what ``smallest_chunk_at`` returns for a line (1 or later)."""
        row = self._by_line[line] if 0 < line < len(self._by_line) else -1
        return self.columns.chunk(self._path, row) if row >= 0 else None
