"""One file in, its facts out: a single tree-sitter parse feeds chunks, symbols and graph facts.

The language is the path's, except that a ``.h`` header showing C++ syntax is read as C++
(``languages.c_or_cpp``) and a file without a suffix by the interpreter its ``#!`` line runs
(``languages.script_language``), and a file of no language that C/C++ code ``#include``s is read
as its includer's (``c_includes``); the stored row carries that language, which the index keeps.
"""

from __future__ import annotations

from maguyva_tui.core.parsing.c_includes import included_language
from maguyva_tui.core.parsing.definitions import extract_definitions, window_chunks
from maguyva_tui.core.parsing.facts import extract_facts, extract_rows
from maguyva_tui.core.parsing.facts.cargo import CARGO_TOML, cargo_imports
from maguyva_tui.core.parsing.facts.composer import COMPOSER_JSON, composer_imports
from maguyva_tui.core.parsing.facts.imports import GO_MOD, GO_MODULE_LOCAL, go_module_line
from maguyva_tui.core.parsing.facts.js_config import config_imports
from maguyva_tui.core.parsing.languages import c_or_cpp, language_for, parse, script_language
from maguyva_tui.core.parsing.spelling import spelled_definitions, spelled_imports, spelled_references, spelled_rows
from maguyva_tui.core.store.facts import RefColumns, Row, encode
from maguyva_tui.core.types import FileFacts, Import


def analyze(path: str, text: str) -> FileFacts:
    """Parse a file once and extract everything the engines need from that one tree."""
    language = language_for(path) or script_language(path, text)
    if language is None:
        return FileFacts(path, None, tuple(window_chunks(path, text)), imports=_module_imports(path, text))
    source = text.encode("utf-8", errors="surrogatepass")
    language = c_or_cpp(path, source) if language == "c" else language
    templates: list[tuple[int, int]] = []
    tree = parse(language, source, templates)
    chunks, symbols = extract_definitions(tree, source, language, path, templates)
    references, imports = extract_facts(tree, source, language, path, symbols)
    if not text.isascii():  # names as the language reads them (spelling.py); an ASCII file has no other spelling
        chunks, symbols = spelled_definitions(chunks, symbols, language)
        references, imports = spelled_references(references, language), spelled_imports(imports, language)
    return FileFacts(path, language, tuple(chunks), tuple(symbols), tuple(references), tuple(imports))


def analyze_row(path: str, text: str, included_as: str | None = None) -> Row:
    """Like ``analyze``, as the plain row the index stores: cheap to ship from a worker process,
    no object made per reference. ``included_as``: the language of the C/C++ files that
    ``#include`` this one, which it is read in when it has none of its own (``c_includes``)."""
    language = language_for(path) or script_language(path, text)
    if language is None and included_as is None:
        return encode(FileFacts(path, None, tuple(window_chunks(path, text)), imports=_module_imports(path, text)))
    source = text.encode("utf-8", errors="surrogatepass")
    if language is None:
        language = included_language(included_as or "c", source)
    elif language == "c":
        language = c_or_cpp(path, source)
    templates: list[tuple[int, int]] = []
    tree = parse(language, source, templates)
    try:
        chunks, symbols = extract_definitions(tree, source, language, path, templates)
    except RecursionError:  # a tree nested past Python's stack: the file is still searched as text
        return encode(FileFacts(path, None, tuple(window_chunks(path, text))))
    try:
        references, imports = extract_rows(tree, source, language, path, symbols)
    except RecursionError:  # its definitions stand; the graph reads nothing from it
        references, imports = [], []
    if not text.isascii():  # names as the language reads them (spelling.py); an ASCII file has no other spelling
        chunks, symbols = spelled_definitions(chunks, symbols, language)
        references, imports = spelled_rows(references, imports, language)
    head = encode(FileFacts(path, language, tuple(chunks), tuple(symbols)))
    return head[:3] + (RefColumns.of(references), tuple(imports))


def _module_imports(path: str, text: str) -> tuple[Import, ...]:
    """A ``go.mod``'s module path, stored as one import row (its bound name ``module``) for the
    graph to read, a ``Cargo.toml``'s crate name and root (``cargo.py``), a ``composer.json``'s
    PSR-4 folders (``composer.py``), and what a ``package.json`` or ``tsconfig.json`` maps import
    names to (``js_config.py``): the only files of no language that carry facts."""
    base = path.rpartition("/")[2]
    if base == CARGO_TOML:
        return cargo_imports(path, text)
    if base == COMPOSER_JSON:
        return composer_imports(path, text)
    if base != GO_MOD:
        return config_imports(path, text)
    found = go_module_line(text)
    return () if found is None else (Import(path, GO_MODULE_LOCAL, found[0], None, found[1]),)
