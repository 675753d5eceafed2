"""Shared values: chunks, symbols, graph facts, hits and queries.

Every value is a frozen, slotted dataclass so that it is hashable and cheap to keep by the
hundred thousand. Paths are relative to the repository root with ``/`` separators; lines are
1-based and inclusive.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import MISSING, dataclass, field, fields
from operator import attrgetter
from types import MappingProxyType
from typing import Any, Final, Protocol, TypeVar

MODALITIES: tuple[str, ...] = ("semantic", "text", "structural", "graph")
"""The four retrieval engines, in display order."""

INTENTS: tuple[str, ...] = (
    "find_definition",
    "find_references",
    "understand_code",
    "find_similar",
    "impact_analysis",
    "exact_match",
)
"""The six intents, in the SPEC's weight-table order."""

PRESET_NAMES: tuple[str, ...] = ("quick", "default", "thorough")
"""The presets, in the order the explorer's ``p`` key cycles them."""

PRESET_ENGINES: Mapping[str, tuple[str, ...]] = MappingProxyType({
    "quick": ("semantic",),
    "default": ("semantic", "text", "structural"),
    "thorough": MODALITIES,
})
"""The engines each preset blends (a confident question runs its one engine whatever the preset): a
what-if weight of an engine its preset leaves out changes nothing."""

CASE_MODES: tuple[str, ...] = ("sensitive", "insensitive", "smart")
"""How letters' case counts in a literal or a regex."""

SNIPPET_LINES = 4
"""Lines of code shown per result, by every front end: enough for a signature and the start of a body."""

SYMBOL_KINDS: tuple[str, ...] = (
    "function",
    "method",
    "class",
    "struct",
    "interface",
    "trait",
    "enum",
    "type",
    "variable",
    "constant",
    "import",
    "module",
)
"""Every kind a symbol may have."""

KIND_RANK: dict[str, int] = {"module": 1, "variable": 2, "constant": 2, "import": 3}
"""The order of a name's definitions by kind: types and functions (rank 0, every kind not listed)
before modules, then variables and constants, then imports."""

MACRO_NOTE: Final = ", a macro"
"""Ends the structural engine's reason for a C or C++ function-like macro (``#define f(x) ...``),
which it ranks after the functions of its tier: a name defined both ways is a function with a body
and a stand-in for it (a platform's stub under ``#else``, a shim around the call)."""

DECLARATION_NOTE: Final = ", a declaration without a body"
"""Ends the structural engine's reason for a function or method declared without a body
(``Symbol.declaration``: a Go interface's ``Render(io.Writer) error``, a Java interface's method, a
Rust trait's, a TypeScript signature, a C++ pure virtual): it ranks after the definitions of its
name that have one, as a macro after the functions. A lone name asks for the code that runs (universal-ctags
counts the interface's line a ``methodSpec``, no ``func``)."""

_Type = TypeVar("_Type", bound=type)


def pickled_by_fields(cls: _Type) -> _Type:
    """Pickle a frozen, slotted dataclass as its field values, made again by
    :func:`fast_constructor`'s function (a class decorator, above ``@dataclass``). A dataclass's
    own ``__setstate__`` asks ``dataclasses.fields`` for every object it unpickles: a shard's
    lists crossing to a cluster's coordinator (a few hundred hits a question, each in a
    :class:`~maguyva_tui.core.workspace.shard.Found`) spent a third of their unpickling there."""
    names = tuple(f.name for f in fields(cls))
    read = attrgetter(*names) if len(names) > 1 else (lambda value: (getattr(value, names[0]),))

    def __reduce__(self: Any) -> tuple[Callable[..., Any], tuple[Any, ...]]:
        return _rebuilt, (cls, read(self))

    setattr(cls, "__reduce__", __reduce__)  # noqa: B010 - a method given to the class
    return cls


_REBUILDERS: dict[type, Callable[..., Any]] = {}


def _rebuilt(cls: type[_Value], values: tuple[Any, ...]) -> _Value:
    """A value of ``cls`` from its fields' values, as :func:`pickled_by_fields` pickled it."""
    try:
        make = _REBUILDERS[cls]
    except KeyError:
        make = _REBUILDERS.setdefault(cls, fast_constructor(cls))
    return make(*values)  # type: ignore[no-any-return]


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Chunk:
    """A span of a file that a result can point at: a definition or a window of lines."""

    path: str
    start_line: int
    end_line: int
    kind: str
    """A symbol kind for a definition chunk, ``"window"`` for a line window."""
    symbol: str | None = None
    """The qualified name of the definition (``Class.method``), ``None`` for a window."""
    language: str | None = None


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Symbol:
    """A definition found in a syntax tree."""

    name: str
    """The bare name as written (``parse_config``)."""
    qualname: str
    """The name qualified by its enclosing definitions (``Config.parse``)."""
    kind: str
    path: str
    start_line: int
    end_line: int
    language: str
    signature: str = ""
    """The first line of the definition, stripped (``def parse(self, text: str) -> Config:``)."""
    name_line: int = 0
    """The line where the name itself is written (0 when unknown)."""
    template: bool = False
    """Written in a macro's template (a Rust ``macro_rules!`` transcriber, read as code where the
    macro stands): a definition the macro makes where it is invoked, not one of its own place."""
    declaration: bool = False
    """A function or method declared without a body (a Java or PHP interface's or abstract method, a
    TypeScript signature, a Rust trait's method, a C++ pure virtual, a Go interface's method): a
    stand-in for the definitions with one, which a bare name lists first."""
    file_local: bool = False
    """Seen only where its file is compiled or included: a C/C++ ``static`` function or global, one
    in an anonymous namespace, a ``#define``. Another source file's is never what a name means."""


TEMPLATE_FLAG: Final = 1
DECLARATION_FLAG: Final = 2
FILE_LOCAL_FLAG: Final = 4
"""The bits of the stored symbols' last column (:func:`symbol_flags`): a macro template's
definition, a declaration without a body, a file-local definition. One column holds them all: the
index grows by no byte."""


def symbol_flags(symbol: Symbol) -> int:
    """A symbol's stored flags (:data:`TEMPLATE_FLAG`, :data:`DECLARATION_FLAG`, :data:`FILE_LOCAL_FLAG`)."""
    return TEMPLATE_FLAG * symbol.template | DECLARATION_FLAG * symbol.declaration | FILE_LOCAL_FLAG * symbol.file_local


def stored_symbol(path: str, row: Sequence[Any]) -> Symbol:
    """A symbol from its stored row (name, qualname, kind, start, end, language, signature, name
    line, flags) and its file's path."""
    flags = row[8]
    return Symbol(row[0], row[1], row[2], path, row[3], row[4], row[5], row[6], row[7],
                  bool(flags & TEMPLATE_FLAG), bool(flags & DECLARATION_FLAG), bool(flags & FILE_LOCAL_FLAG))


@dataclass(frozen=True, slots=True)
class Reference:
    """A use of a name found in a syntax tree: a call, an import, a base class, a type use."""

    kind: str
    """``"call"``, ``"import"``, ``"inherit"``, ``"new"`` (an instantiation: ``new Foo()``,
    ``Foo.new``) or ``"ref"`` (a type use: an annotation, a parameter's type, ...)."""
    name: str
    """The name as written at the site, dotted when qualified (``self.load``, ``os.path.join``)."""
    path: str
    line: int
    scope: str | None = None
    """The qualname of the innermost enclosing definition, ``None`` at module level."""


@dataclass(frozen=True, slots=True)
class Import:
    """A name bound by an import statement in one file."""

    path: str
    local: str
    """The name bound in the importing file (the alias when there is one)."""
    module: str
    """The module as written (``pkg.sub``, ``./util``, ``fmt``)."""
    name: str | None
    """The imported member (``from m import name``), ``None`` when the module itself is bound."""
    line: int


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Hit:
    """One entry in one retriever's ranked list."""

    path: str
    start_line: int
    end_line: int
    score: float
    symbol: str | None = None
    kind: str | None = None
    language: str | None = None
    reason: str = ""
    """The engine's own reason, shown in the explain view (``"whole identifier"``, ``"hamming 41"``)."""
    depth: int | None = None
    """Graph distance from the query's target, for impact results."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Query:
    """What a user asked, as a small typed value."""

    text: str
    regex: bool = False
    case: str = "sensitive"
    """``"sensitive"``, ``"insensitive"`` or ``"smart"``."""
    target: str | None = None
    """The symbol or literal the question is about, when the classifier extracted one."""
    kinds: tuple[str, ...] = field(default=())
    """Restrict structural results to these symbol kinds (empty: all)."""
    intent: str | None = None
    """The intent the question was read as: the graph engine answers references and impact directly."""
    depth: int | None = None
    """How many hops an impact question follows (the engine's default when ``None``)."""
    max_files: int | None = None
    """Files the text engine verifies at most; ``None``: every candidate, an exhaustive list."""
    code_words_only: bool = False
    """Keep plain English words out of the text engine's term votes (the semantic engine answers for
    meaning); a sentence then votes by chunk."""
    literal_first: bool = True
    """List the target literal's lines first even inside a sentence (an exact-match question)."""
    word_votes: bool = False
    """Let the text engine vote with the question's words when no line holds it literally; only in
    a blend (alone, it lists exactly the lines holding the literal, as rg does)."""
    demote: tuple[str, ...] = ()
    """What the text engine alone lists after the package's own code, as the direct path ranks:
    ``"vendored"`` (vendored, built, generated, minified) and ``"secondary"`` (examples, tests,
    docs); empty: lines in path order whatever their file."""

    def __str__(self) -> str:
        parts = ["regex" if self.regex else "text", repr(self.text)]
        if self.case != "sensitive":
            parts.append(f"case={self.case}")
        if self.target:
            parts.append(f"target={self.target!r}")
        if self.kinds:
            parts.append("kinds=" + ",".join(self.kinds))
        return "(" + " ".join(parts) + ")"


class Retriever(Protocol):
    """What all four modalities implement: a query in, a ranked list of hits out.

    Everything that differs between engines (intent, target, depth, file budget, flags) travels
    on the :class:`Query`; an engine reads what concerns it and ignores the rest.
    """

    name: str

    def search(self, query: Query, limit: int) -> list[Hit]:
        """Return at most ``limit`` hits, best first."""
        ...


class QueryError(ValueError):
    """A query that cannot be run (empty, invalid pattern); the message is shown to the user as is."""


ECHO_CHARS = 80
"""Characters of a question's text a notice repeats at most (then an ellipsis and the length)."""


def echo(text: str) -> str:
    """``text`` as a notice repeats it: whole when short, else its head, an ellipsis and how long it
    was. A notice names what it could not find (``no symbol named X``, ``no line holds "X"``); a
    pasted 3,000-character line made each a 3,000-character line on the terminal. The answer's JSON
    keeps the whole target (``lookup_failed.target``); only the sentence for a person is cut."""
    if len(text) <= ECHO_CHARS:
        return text
    return f"{text[: ECHO_CHARS - 1]}… ({len(text):,} characters)"


def echo_path(path: str) -> str:
    """A folder's path as a notice repeats it: whole when short, else an ellipsis and its tail, the
    folders that tell it apart (:func:`echo` had kept the head, ``/tmp/pytest-of-root/…`` of a home
    folder refused as a workspace, its ``home/user`` cut away)."""
    return path if len(path) <= ECHO_CHARS else f"…{path[-(ECHO_CHARS - 1):]}"


def sought(result: SearchResult) -> str | None:
    """What a long line of a result is cut around, and the explorer's preview scrolls sideways to:
    the question's target, else the question itself when it is one token (``UNIQUEMARK``, a word no
    symbol has: a minified file's match had been left past the cut)."""
    if result.target:
        return result.target
    return lone_token(result.query)


def lone_token(text: str) -> str | None:
    """The question when it is one token of at most 256 characters, else ``None``."""
    word = text.strip()
    return word if word and len(word) <= 256 and not any(c.isspace() for c in word) else None


class UnreadableRepository(OSError):
    """The repository's root folder cannot be listed (no permission, gone): never indexed as empty;
    the message is shown to the user as is."""


STALE_INDEX = "the index could not be updated"
"""How the notice begins that says answers come from the index as it was (a read-only folder, a
full disk): said with every answer, a failed lookup's too, since lines written since are not in it."""


class IndexNotWritable(OSError):
    """The index cannot be written (read-only, another user's, a full disk) and there is no live
    one to answer from; the message is shown to the user as is."""


class MissingPackage(RuntimeError):
    """A package that maguyva needs is not installed (the local embedding model's, say); the
    message names it and how to install it, and is shown to the user as is."""


@dataclass(frozen=True, slots=True)
class FileFacts:
    """Everything one parse of one file yields; stored per file so unchanged files are never re-read."""

    path: str
    language: str | None
    chunks: tuple[Chunk, ...]
    symbols: tuple[Symbol, ...] = ()
    references: tuple[Reference, ...] = ()
    imports: tuple[Import, ...] = ()


# ---------------------------------------------------------------------------------------------
# The answer to a question: typed inside, JSON at the edges (``to_json``), exactly as documented.


@dataclass(frozen=True, slots=True)
class Vote:
    """One engine's part in one result: where it ranked it and what that added to the score."""

    rank: int
    """0-based position in that engine's own list."""
    score: float
    """The engine's own score for its hit."""
    weight: float
    contribution: float
    """``weight / (k + rank + 1) * boost``: the boost is already inside."""
    reason: str | None = None
    """The engine's own reason (``"whole identifier"``, ``"hamming 41"``)."""
    depth: int | None = None
    """Graph distance from the target, for impact answers."""

    def to_json(self) -> dict[str, Any]:
        """Return ``{"rank", "score", "weight", "contribution"}`` and the reason and depth when known."""
        out: dict[str, Any] = {
            "rank": self.rank,
            "score": self.score,
            "weight": self.weight,
            "contribution": self.contribution,
        }
        if self.reason is not None:
            out["reason"] = self.reason
        if self.depth is not None:
            out["depth"] = self.depth
        return out


CALLS_ONE_OF = " of "
"""Between a callee's name and its place in the reason of a call to one of several definitions."""


def calls_one_of(name: str, path: str, line: int) -> str:
    """The graph's reason for a call to one of a name's several definitions: ``calls helper of
    pkg/a.py:1`` (one definition: ``calls helper``)."""
    return f"calls {name}{CALLS_ONE_OF}{path}:{line}"


def called_definition(ranked: Ranked) -> str | None:
    """The place of the definition a call site calls, as the graph labelled it (a name with several
    definitions: ``pkg/a.py:1``); ``None`` for any other result."""
    reason = next((vote.reason for name, vote in ranked.votes if name == "graph" and vote is not None), None)
    if not reason or not reason.startswith("calls ") or CALLS_ONE_OF not in reason:
        return None
    place = reason.partition(CALLS_ONE_OF)[2]
    return place if place.rpartition(":")[2].isdigit() else None


@dataclass(frozen=True, slots=True)
class Ranked:
    """One result of a search with every number that ranked it."""

    path: str
    start_line: int
    end_line: int
    symbol: str | None
    kind: str | None
    language: str | None
    score: float
    """The number the list is sorted by: the sum of the votes' contributions, plus the file
    credit, times the demotion (and the lift)."""
    snippet: str
    votes: tuple[tuple[str, Vote | None], ...]
    """Per engine that ran, in display order; ``None`` where it did not find this result."""
    centrality: float = 0.0
    boost: float = 1.0
    demotion: float = 1.0
    folded: int = 0
    """How many other chunks of the same file were folded into this one."""
    match_lines: tuple[int, ...] = ()
    """The lines the engines matched on (a text hit, a call site)."""
    depth: int | None = None
    """Graph distance from the target, for impact answers."""
    file_credit: float = 0.0
    """What the file's other matching chunks add to the score (the sum of ``file_credits``)."""
    file_credits: tuple[tuple[str, float], ...] = ()
    """Per engine that found other chunks of this file, in display order: its share of ``file_credit``."""
    copies: tuple[tuple[str, int, int], ...] = ()
    """Near-copies of this code elsewhere (``path, start_line, end_line``), folded into this result."""
    lift: float = 1.0
    """The factor of a confident first answer (the leading engine's first hit stood clearly apart), else 1."""
    name_lift: float = 1.0
    """The factor of a file whose name says some of a plain question's words (``fusion.NAME_LIFT``), else 1."""
    name_words: tuple[str, ...] = ()
    """The question's words (stemmed) the file's name says."""
    quoted_lift: float = 1.0
    """The factor of a chunk whose code spells some of the names a question quotes as code (``fusion.QUOTED_LIFT``), else 1."""
    quoted_names: tuple[str, ...] = ()
    """The quoted names this chunk's code spells."""
    demoted_as: tuple[str, ...] = ()
    """Why ``demotion`` is below 1: the path's kinds (``fusion.DEMOTION_KINDS``: ``"vendored"``,
    ``"secondary"``), named where the result is made; the explanation words them."""
    signature: float = 0.0
    """The signature vote's term, added to the score after its factors (``fusion.signature_vote``: a
    question describing one function, the blend's first results ranked again by the cosine of the
    question with each one's kind, name and first line); 0 without one."""
    signature_rank: int = -1
    """The result's 0-based rank by that cosine among the blend's first ``fusion.SIGNATURE_TOP``; -1 without a vote."""
    signature_cosine: float = 0.0
    """The cosine of the question with the result's signature, by the semantic engine's transformer model."""

    def vote(self, modality: str) -> Vote | None:
        """Return one engine's vote, ``None`` when it did not find this result or did not run."""
        return dict(self.votes).get(modality)

    def to_json(self) -> dict[str, Any]:
        """Return the result in the documented JSON shape."""
        out: dict[str, Any] = {
            "path": self.path,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "symbol": self.symbol,
            "kind": self.kind,
            "language": self.language,
            "score": self.score,
            "snippet": self.snippet,
            "modalities": {m: (v.to_json() if v else None) for m, v in self.votes},
        }
        if self.depth is not None:
            out["depth"] = self.depth
        out.update(centrality=self.centrality, boost=self.boost, demotion=self.demotion, folded=self.folded)
        if self.demoted_as:
            out["demoted_as"] = list(self.demoted_as)
        out.update(file_credit=self.file_credit, file_credits=dict(self.file_credits),
                   copies=[{"path": p, "start_line": s, "end_line": e} for p, s, e in self.copies])
        if self.lift != 1.0:
            out["lift"] = self.lift
        if self.name_lift != 1.0:
            out["name_lift"] = self.name_lift
            out["name_words"] = list(self.name_words)
        if self.quoted_lift != 1.0:
            out["quoted_lift"] = self.quoted_lift
            out["quoted_names"] = list(self.quoted_names)
        if self.signature:
            out["signature"] = {"rank": self.signature_rank, "cosine": self.signature_cosine,
                                "contribution": self.signature}
        out["match_lines"] = list(self.match_lines)
        return out


LOOKUP_KINDS: tuple[str, ...] = ("symbol", "literal", "place")
"""What a question's target may be looked up as: a symbol's name, or a string in the code."""


@dataclass(frozen=True, slots=True)
class LookupFailure:
    """The question's target was looked up and not found as asked: the results are something else
    (related code, or the string in another case), and this says so."""

    target: str
    """The name or string looked up."""
    kind: str
    """``"symbol"`` (no symbol of that name: the command line exits 2), ``"literal"`` (no line
    holds the string in the case asked) or ``"place"`` (no indexed file is the path the question
    names: the results are for its words)."""
    message: str
    """One line for the user: ``no symbol named X; showing related code``."""
    suggestions: tuple[str, ...] = ()
    """Close names the index knows, best first (for a symbol)."""
    other_case: bool = False
    """The string is in the code with another case; the results are those lines."""

    def to_json(self) -> dict[str, Any]:
        """Return ``{"target", "kind", "message", "suggestions", "other_case"}``."""
        return {
            "target": self.target,
            "kind": self.kind,
            "message": self.message,
            "suggestions": list(self.suggestions),
            "other_case": self.other_case,
        }


@dataclass(frozen=True, slots=True)
class IndexUpdate:
    """What a search did to the index before it searched (a search's ``elapsed_ms`` leaves it out)."""

    files: int
    """Files parsed anew or removed (of a first build or a rebuild: every file)."""
    ms: float
    """Wall milliseconds from the question to the index brought up to date: the walk, the update,
    and an answer read meanwhile and dropped because the walk found a change."""
    built: bool = False
    """Whether every file was indexed (a first build, a rebuild), not only those that changed."""
    waited: bool = False
    """Whether the time went to waiting for another process's build of the index, which kept the
    update out (``files`` 0: the answer is the index's as it was, its notices say so); the count
    line had said "after updating the index: 3.5 s" of a wait that updated nothing."""

    def to_json(self) -> dict[str, Any]:
        """Return the update as plain JSON values."""
        return {"files": self.files, "ms": self.ms, "built": self.built, "waited": self.waited}


LISTING_STRATEGIES = ("direct", "single")
"""The fusion strategies that list one engine's answer whole (:attr:`SearchResult.lists_whole`)."""


@dataclass(frozen=True, slots=True)
class SearchResult:
    """A question read back, what ran and how long it took, and the ranked results."""

    query: str
    parsed: str
    """The question as a typed :class:`Query` prints."""
    intent: str
    confidence: float
    target: str | None
    rule: str
    """The classifier rule that fired (``"references_phrase"``), or ``"override"``."""
    weights: tuple[tuple[str, float], ...]
    """The effective weight of each engine, in display order: they chose what ran and ranked it."""
    fusion_strategy: str
    """``"direct"``, ``"single"``, ``"fused"`` or ``"semantic_only"``."""
    preset: str
    k: int
    modalities_run: tuple[str, ...]
    timings_ms: tuple[tuple[str, float], ...]
    semantic_coverage: float
    """The fraction of the repository's chunks the semantic engine can rank."""
    notices: tuple[str, ...]
    results: tuple[Ranked, ...]
    elapsed_ms: float
    """Milliseconds the search took on the index as it stood: not what a search did to bring the
    index up to date first (``index_update``)."""
    semantic_tiers: tuple[tuple[str, float], ...] = ()
    """The fraction of the chunks each semantic tier can rank: ``static`` (every chunk once the
    index is built) and ``transformer`` (filled in by centrality); the engine sets it."""
    lookup_failed: LookupFailure | None = None
    """Set when the question's symbol or string is not in the index as asked (its message is also
    one of ``notices``); ``None`` when it was found or the question names none."""
    index_update: IndexUpdate | None = None
    """Set when the search brought the index up to date before searching (files had changed, or
    it built the index): that work, which ``elapsed_ms`` leaves out; ``None`` when it had none."""
    faded: tuple[tuple[str, float, str], ...] = ()
    """The engines whose weight the blend multiplied for this question, each with the factor and
    why (``("text", 0.5, "its first answer ...")``, :func:`~maguyva_tui.core.fusion.text_dissent`):
    each of their votes shows the weight used, and the explanation says why it is not the plan's."""

    @property
    def lists_whole(self) -> bool:
        """Whether the results are one engine's whole list (every line a pattern matches, every
        definition, every caller), not a blend: a page the limit cut says so (``truncated``), where a
        blend always has more related code below its page."""
        return self.fusion_strategy in LISTING_STRATEGIES

    def weight(self, modality: str) -> float:
        """Return one engine's effective weight (0 for a name that is not an engine)."""
        return dict(self.weights).get(modality, 0.0)

    def to_json(self) -> dict[str, Any]:
        """Return the result object exactly as documented (the contract tests hold it)."""
        return {
            "query": self.query,
            "parsed": self.parsed,
            "intent": self.intent,
            "confidence": self.confidence,
            "target": self.target,
            "rule": self.rule,
            "weights": dict(self.weights),
            "fusion_strategy": self.fusion_strategy,
            "preset": self.preset,
            "k": self.k,
            "modalities_run": list(self.modalities_run),
            "timings_ms": dict(self.timings_ms),
            "semantic_coverage": self.semantic_coverage,
            "semantic_tiers": dict(self.semantic_tiers),
            "notices": list(self.notices),
            "lookup_failed": self.lookup_failed.to_json() if self.lookup_failed else None,
            "results": [r.to_json() for r in self.results],
            "elapsed_ms": self.elapsed_ms,
            "index_update": self.index_update.to_json() if self.index_update else None,
            "faded": {name: {"factor": factor, "why": why} for name, factor, why in self.faded},
        }


_Value = TypeVar("_Value")


def fast_constructor(cls: type[_Value], change_class: bool = True) -> Callable[..., _Value]:
    """Return a function that makes ``cls(...)``'s value, for a frozen, slotted dataclass made by the
    hundred per question (a page's hits, items and results), without its ``__init__``: that one sets
    each field through ``object.__setattr__``, looked up and called per field (4.2 µs for a 19-field
    :class:`Ranked`). The function is written from ``dataclasses.fields(cls)`` (the same parameters,
    order and defaults, so a field added later is in it): it fills a plain slotted twin of ``cls``
    by ordinary attribute stores, then gives the object ``cls`` as its class (0.9 µs). A class with
    a ``__post_init__`` or a default factory is refused; where the interpreter will not change the
    class (another layout), or without ``change_class``, each slot is set through its descriptor
    instead (2.8 µs).
    ``tests/core/test_fast_constructor.py`` checks the values equal the constructor's."""
    every = fields(cls)  # type: ignore[arg-type]
    names = [f.name for f in every]
    if hasattr(cls, "__post_init__") or any(f.default_factory is not MISSING for f in every):
        raise TypeError(f"{cls.__name__}: a __post_init__ or a default factory needs the real constructor")
    if set(getattr(cls, "__slots__", ())) != set(names) or not all(f.init for f in every):
        raise TypeError(f"{cls.__name__}: not a slotted dataclass whose every field is a parameter")
    params = ", ".join(n if f.default is MISSING else f"{n}=_d_{n}" for n, f in zip(names, every))
    scope: dict[str, Any] = {f"_d_{f.name}": f.default for f in every if f.default is not MISSING}
    draft = type(f"_{cls.__name__}Draft", (), {"__slots__": cls.__slots__})  # type: ignore[attr-defined]
    scope.update(_new=object.__new__, _cls=cls, _draft=draft)
    stores = "".join(f"    self.{n} = {n}\n" for n in names)
    source = f"def make({params}):\n    self = _new(_draft)\n{stores}    self.__class__ = _cls\n    return self\n"
    try:
        if not change_class:
            raise TypeError("asked to set the slots")
        _probe(source, scope)(*[object() for _ in names])
    except TypeError:  # the interpreter refused the class change: set each slot through its descriptor
        scope.update({f"_set_{n}": getattr(cls, n).__set__ for n in names})
        stores = "".join(f"    _set_{n}(self, {n})\n" for n in names)
        source = f"def make({params}):\n    self = _new(_cls)\n{stores}    return self\n"
    made = _probe(source, scope)
    made.__name__ = made.__qualname__ = f"new_{cls.__name__}"
    made.__doc__ = f"``{cls.__name__}(...)``, made without its ``__init__`` (see :func:`fast_constructor`)."
    return made


def fast_replacer(cls: type[_Value]) -> Callable[..., _Value]:
    """Return a function that makes ``dataclasses.replace(value, **changes)``'s value of a frozen,
    slotted dataclass without its ``__init__`` (:func:`fast_constructor`): ``replace`` reads the
    class's fields and sets each one through ``object.__setattr__`` (10 µs for a 13-field
    :class:`Query`, made three times a question; this: 1.5 µs). Its keywords are the fields, so an
    unknown one is refused as ``replace`` refuses it."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    params = ", ".join(f"{n}=_same" for n in names)
    values = ", ".join(f"value.{n} if {n} is _same else {n}" for n in names)
    scope: dict[str, Any] = {"_same": object(), "_make": fast_constructor(cls)}
    source = f"def make(value, *, {params}):\n    return _make({values})\n"
    made = _probe(source, scope)
    made.__name__ = made.__qualname__ = f"replace_{cls.__name__}"
    made.__doc__ = f"``dataclasses.replace`` of a ``{cls.__name__}``, made without its ``__init__`` (see :func:`fast_replacer`)."
    return made


def _probe(source: str, scope: dict[str, Any]) -> Callable[..., Any]:
    """The function ``make`` that ``source`` defines, compiled in ``scope``."""
    namespace = dict(scope)
    exec(compile(source, "<fast_constructor>", "exec"), namespace)  # noqa: S102 - our own source, from field names
    return namespace["make"]  # type: ignore[no-any-return]


_STAGE_CHECK: ContextVar[Callable[[], None] | None] = ContextVar("maguyva_stage_check", default=None)
"""The running search's checkpoint inside an engine's stage (set by :func:`checked_by`)."""


@contextmanager
def checked_by(checkpoint: Callable[[], None] | None) -> Iterator[None]:
    """Run an engine's stage with its search's checkpoint, which :func:`check_stage` calls from
    inside (in the thread that runs the stage: a context variable, each pool thread its own)."""
    token = _STAGE_CHECK.set(checkpoint)
    try:
        yield
    finally:
        _STAGE_CHECK.reset(token)


def check_stage() -> None:
    """Inside a long engine stage (the structural engine's rounds on a partial word): call the
    search's checkpoint, which raises to give the search up once its caller says so (a newer
    keystroke); nothing when no checkpoint is set. It never changes an answer that completes."""
    checkpoint = _STAGE_CHECK.get()
    if checkpoint is not None:
        checkpoint()


def share(fraction: float) -> str:
    """A share as a percentage that reads 100% only when whole: 99.6% of chunks is 99%, where '100%
    of chunks so far; the static tier ranks the rest' had contradicted itself (every front end
    prints a tier's coverage with it)."""
    return f"{min(int(fraction * 100), 99) if fraction < 1.0 else 100}%"
