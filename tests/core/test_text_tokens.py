"""The token index: which files hold each whole identifier, and the pages read from it (issue 19.1).

A literal that is one identifier is answered from the files that hold it whole, read in their
order until the page is full; the answer must be the exhaustive list's first ``limit`` lines and
the same as the engine's without the index, whatever the literal, the limit or the demotion."""

from __future__ import annotations

import copy
import random
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from maguyva_tui.core.indexer import index_folder, update_index
from maguyva_tui.core.results import file_newlines
from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.format import current_generation
from maguyva_tui.core.store.snapshot import Snapshot
from maguyva_tui.core.store.tokens import MAX_TOKEN_BYTES, TokenBuilder, TokenIndex, file_tokens, is_token

IDENT = re.compile(rb"[A-Za-z0-9_$]+")
WORDS = ["widget", "widgets", "rewidget", "widget_count", "Widget", "WIDGET", "$widget", "widget$", "w1dget",
         "draw", "redraw", "drawer", "x", "self", "itself", "self_", "_self", "add", "address", "Add", "add2"]
"""The repository's vocabulary: identifiers, the same inside longer names, at either edge, in another case."""


def _tokens_by_path(snapshot: Snapshot) -> dict[bytes, set[str]]:
    """Every token of a snapshot's index with the paths of the files holding it."""
    tokens = snapshot.tokens
    assert tokens is not None
    path_of = {entry.doc_id: path for path, entry in snapshot.files.items()}
    return {tokens.name(t): {path_of[int(d)] for d in tokens.docs[tokens.starts[t] : tokens.starts[t + 1]]}
            for t in range(len(tokens))}


def _truth(snapshot: Snapshot) -> dict[bytes, set[str]]:
    """The same, read from the stored texts with a regular expression."""
    out: dict[bytes, set[str]] = {}
    for path in snapshot.files:
        for token in set(IDENT.findall(snapshot.raw(path))):
            if len(token) <= MAX_TOKEN_BYTES:
                out.setdefault(token, set()).add(path)
    return out


def _write_repo(root: Path, seed: int, files: int = 40) -> None:
    """A repository of short Python files built from :data:`WORDS`: calls, definitions, comments."""
    rng = random.Random(seed)
    for i in range(files):
        lines = []
        for _ in range(rng.randint(0, 14)):
            a, b = rng.choice(WORDS), rng.choice(WORDS)
            lines.append(rng.choice([
                f"def {a.lstrip('$').rstrip('$') or 'f'}(x):", f"    return {a}({b})", f"{a}.{b} = 1",
                f"# {a} and {b}", f"class {b.strip('$') or 'C'}:", f"{a}{b} + {a}", "", f"s = '{a}-{b}'",
            ]))
        folder = ("tests/" if i % 7 == 0 else "") + ("pkg/" if i % 3 else "")
        (root / folder).mkdir(parents=True, exist_ok=True)
        (root / folder / f"m{i:03d}.py").write_text("\n".join(lines) + ("\n" if i % 5 else ""))


@pytest.fixture(scope="module", params=[7, 11])
def repo(tmp_path_factory: pytest.TempPathFactory, request: pytest.FixtureRequest) -> tuple[TextRetriever, TextRetriever]:
    """The engine over a generated repository, with its token index and without it."""
    root = tmp_path_factory.mktemp("repo")
    _write_repo(root, request.param)
    snapshot = Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)
    bare = copy.copy(snapshot)
    bare.tokens = None
    return TextRetriever(snapshot), TextRetriever(bare)


@pytest.fixture(scope="module", autouse=True)
def _every_search_asks_the_tokens() -> Iterator[None]:
    """The generated repository is small: its literals are read by the token index all the same."""
    shipped = text_module.TOKEN_INDEX_FROM
    text_module.TOKEN_INDEX_FROM = 0
    yield
    text_module.TOKEN_INDEX_FROM = shipped


def _tests_last(path: str) -> float:
    return 0.5 if path.startswith("tests/") else 1.0


def _page(text: TextRetriever, literal: str, limit: int | None,
          demote: Callable[[str], float] | None = None) -> list[tuple[str, int, str, bool]]:
    return [(m.path, m.line, m.match_type, m.definition) for m in text.literal_lines(literal, "sensitive", limit,
                                                                                     demote=demote)]


def test_a_files_tokens_are_its_identifier_runs() -> None:
    data = "déf widget_1(x$y): return rewidget+ω+widget\n# Widget\n".encode() + b"a" * (MAX_TOKEN_BYTES + 1)
    assert sorted(file_tokens(data)) == sorted({b"d", b"f", b"widget_1", b"x$y", b"return", b"rewidget", b"widget",
                                                b"Widget"})
    assert file_tokens(b"") == [] and file_tokens(b" \n\t(") == []
    assert is_token(b"widget_1") and is_token(b"$x") and not is_token(b"a.b") and not is_token(b"")
    assert not is_token(b"a" * (MAX_TOKEN_BYTES + 1)) and not is_token("é".encode())


def test_the_index_lists_every_token_with_exactly_the_files_holding_it(repo: tuple[TextRetriever, TextRetriever]) -> None:
    snapshot = repo[0].snapshot
    assert _tokens_by_path(snapshot) == _truth(snapshot)
    tokens = snapshot.tokens
    assert tokens is not None and tokens.find(b"no_such_token") is None and not len(tokens.documents(b"zz"))


def test_what_holds_an_identifier_and_how(repo: tuple[TextRetriever, TextRetriever]) -> None:
    snapshot = repo[0].snapshot
    tokens = snapshot.tokens
    assert tokens is not None
    path_of = {entry.doc_id: path for path, entry in snapshot.files.items()}
    for needle in (b"widget", b"self", b"add", b"idge", b"x", b"nothing_here"):
        expected: dict[str, int] = {}
        for token, paths in _truth(snapshot).items():
            if needle in token:
                tier = 3 if token == needle else 2 if token.startswith(needle) or token.endswith(needle) else 1
                for path in paths:
                    expected[path] = max(expected.get(path, 0), tier)
        found = tokens.containing(needle, 1 << 20)
        assert found is not None
        assert {path_of[int(d)]: int(t) for d, t in zip(*found)} == expected, needle
    assert tokens.containing(b"x", 0) is None  # more tokens hold it than asked for: the trigrams answer


def test_an_update_carries_unchanged_files_and_reads_the_others(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=12)
    update_index(root, tmp_path / "index")
    (root / "pkg" / "m001.py").write_text("def brand_new_name():\n    return widget\n")
    (root / "m003.py").unlink()
    (root / "added.py").write_text("added_token = self\n")
    updated, _ = update_index(root, tmp_path / "index")
    cold, _ = update_index(root, tmp_path / "cold")
    assert _tokens_by_path(updated) == _tokens_by_path(cold) == _truth(cold)
    assert b"brand_new_name" in _tokens_by_path(updated)
    assert _tokens_by_path(Snapshot.load(updated.folder)) == _truth(cold)


def test_a_builder_keeps_what_it_is_told_and_adds_the_rest() -> None:
    texts = {0: b"alpha beta", 1: b"beta gamma\nbeta", 2: b"", 3: b"delta alpha"}
    whole = TokenBuilder()
    for doc, text in texts.items():
        whole.add(doc, text)
    first = whole.finish()
    half = TokenBuilder()
    half.keep(first, [0, 2])
    half.add(1, texts[1])
    half.add(3, texts[3])
    again = half.finish()
    assert bytes(again._blob) == bytes(first._blob)
    assert np.array_equal(again.docs, first.docs) and np.array_equal(again.starts, first.starts)
    assert [first.name(t) for t in range(len(first))] == [b"alpha", b"beta", b"delta", b"gamma"]
    assert first.documents(b"beta").tolist() == [0, 1] and TokenBuilder().finish().find(b"a") is None
    torn = TokenIndex(b"al\0a\0beta\0", np.array([0, 5, 10]), np.array([0, 1, 2]), np.array([0, 1], np.uint32))
    assert torn.names() == [b"al\0a", b"beta"]  # a NUL inside a name (damage) does not shift the others


@pytest.mark.parametrize("part", ["tokens_docs.npy", "tokens_starts.npy", "tokens_names.bin", "tokens_names_offsets.npy"])
def test_a_damaged_token_index_is_rebuilt_with_a_notice(tmp_path: Path, part: str) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 5, files=6)
    update_index(root, tmp_path / "index")
    path = current_generation(index_folder(root, tmp_path / "index")) / part
    path.write_bytes(path.read_bytes()[:-3] if part.endswith(".npy") else path.read_bytes() + b"extra")
    snapshot, summary = update_index(root, tmp_path / "index")
    assert summary.rebuilt_because and "corrupt" in summary.rebuilt_because
    assert _tokens_by_path(snapshot) == _truth(snapshot)


LITERALS = ["widget", "Widget", "self", "add", "Add", "draw", "x", "$widget", "widget$", "idge", "widgets", "w1dget",
            "add2", "elf", "nothing_here", "widget_count", "itself"]


@pytest.mark.parametrize("literal", LITERALS)
@pytest.mark.parametrize("demote", [None, _tests_last])
def test_every_page_is_the_exhaustive_lists_first_lines_and_the_same_without_the_index(
    repo: tuple[TextRetriever, TextRetriever], literal: str, demote: Callable[[str], float] | None
) -> None:
    indexed, bare = repo
    every = _page(bare, literal, None, demote)
    assert _page(indexed, literal, None, demote) == every
    for limit in (1, 2, 3, 7, 20, 50, 100, len(every), len(every) + 1, 10**7):
        assert _page(indexed, literal, limit, demote) == every[:limit], (literal, limit)


@pytest.mark.parametrize("literal", ["idge", "widget", "add", "elf", "x"])
def test_pages_of_a_name_with_few_files_are_read_without_the_tokens_alike(
    repo: tuple[TextRetriever, TextRetriever], monkeypatch: pytest.MonkeyPatch, literal: str
) -> None:
    indexed, bare = repo
    monkeypatch.setattr(text_module, "TOKEN_INDEX_FROM", 1 << 30)  # as a rare name is read: no token index
    for demote in (None, _tests_last):
        every = _page(bare, literal, None, demote)
        for limit in (1, 4, 9, 30, 80, len(every) + 1):
            assert _page(indexed, literal, limit, demote) == every[:limit], (literal, limit)


@settings(max_examples=60, deadline=None)
@given(literal=st.sampled_from(LITERALS), limit=st.integers(min_value=1, max_value=150), demoted=st.booleans())
def test_any_limit_gives_the_same_prefix(repo: tuple[TextRetriever, TextRetriever], literal: str, limit: int,
                                         demoted: bool) -> None:
    indexed, bare = repo
    demote = _tests_last if demoted else None
    assert _page(indexed, literal, limit, demote) == _page(bare, literal, None, demote)[:limit]


def test_a_frequent_identifiers_page_reads_only_the_files_holding_it_whole(
    repo: tuple[TextRetriever, TextRetriever], monkeypatch: pytest.MonkeyPatch
) -> None:
    indexed = _without_places(repo[0])  # with them, no file is read at all (test_literal_token_places.py)
    read: list[bytes] = []
    first_whole = text_module._first_whole

    def spy(blob: bytes, lo: int, hi: int, needle: bytes) -> int:
        read.append(bytes(blob[lo:hi]))
        return first_whole(blob, lo, hi, needle)

    def no_scan(*args: object, **kwargs: object) -> None:
        raise AssertionError("the whole file list was read")

    monkeypatch.setattr(text_module, "_first_whole", spy)
    monkeypatch.setattr(TextRetriever, "_literal_rows", no_scan)
    page = _page(indexed, "widget", 5)
    assert len(page) == 5 and all(t == "whole identifier" for _, _, t, _ in page)
    holding = [t for t in map(indexed.snapshot.raw, indexed.snapshot.files) if re.search(rb"(?<![\w$])widget(?![\w$])", t)]
    assert read and all(any(data in text for text in holding) for data in read)  # its texts, or lines of them
    assert len({data for data in read if data in holding}) < len(holding)  # a page of 5 stops early


def _without_places(text: TextRetriever) -> TextRetriever:
    """The engine over the same snapshot, its token index read as one written without places."""
    snapshot = copy.copy(text.snapshot)
    snapshot.tokens = copy.copy(snapshot.tokens)
    snapshot.tokens.places = None  # type: ignore[union-attr]
    return TextRetriever(snapshot)


def test_a_literal_held_only_inside_longer_names_reads_no_file_that_lacks_it(
    repo: tuple[TextRetriever, TextRetriever], monkeypatch: pytest.MonkeyPatch
) -> None:
    indexed, bare = repo
    expected = _page(bare, "idge", None)[:3]
    read: list[int] = []
    rows = TextRetriever._literal_rows

    def spy(self: TextRetriever, files: object, chosen: np.ndarray, *args: object) -> tuple[np.ndarray, ...]:
        read.extend(chosen.tolist())
        return rows(self, files, chosen, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(TextRetriever, "_literal_rows", spy)
    assert _page(indexed, "idge", 3) == expected
    paths = indexed._files().paths
    assert read and all(b"idge" in indexed.snapshot.raw(paths[i]) for i in read)


def test_a_snapshot_without_a_token_index_answers_alike(repo: tuple[TextRetriever, TextRetriever]) -> None:
    indexed, bare = repo
    assert bare.snapshot.tokens is None and isinstance(indexed.snapshot.tokens, TokenIndex)
    for literal in ("widget", "widget.draw", "(x)", "draw("):
        assert _page(indexed, literal, 4) == _page(bare, literal, 4)


def test_a_name_held_whole_only_in_demoted_files_lists_the_own_codes_longer_names_first(tmp_path: Path) -> None:
    """The files holding a literal whole are read first only when one of them is of the first
    factor: here only tests hold ``gizmo`` whole, the package holds it inside longer names, and
    the package's lines come first."""
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "pkg" / "core.py").write_text("regizmo = 1\ngizmo_count = 2\n")
    for i in range(4):
        (root / "tests" / f"test_{i}.py").write_text("gizmo()\nx = gizmo\n")
    indexed = TextRetriever(Snapshot.load(update_index(root, tmp_path / "index")[0].folder))
    every = _page(indexed, "gizmo", None, _tests_last)
    assert [path for path, *_ in every[:2]] == ["pkg/core.py", "pkg/core.py"]
    for limit in (1, 2, 3, 5, 20):
        assert _page(indexed, "gizmo", limit, _tests_last) == every[:limit], limit


def test_a_page_of_partial_matches_does_not_import_numpy_masked_arrays(tmp_path: Path) -> None:
    """The tokens holding a literal are told apart without ``np.unique`` (its first call imports
    ``numpy.ma``: 35 ms of the first question of a process that reaches them)."""
    root = tmp_path / "repo"
    root.mkdir()
    _write_repo(root, 3, files=12)
    update_index(root, tmp_path / "index")
    asked = ("import sys; from pathlib import Path; from maguyva_tui.core.indexer import update_index; "
             "from maguyva_tui.core.retrievers import text; from maguyva_tui.core.store.snapshot import Snapshot; "
             "text.TOKEN_INDEX_FROM = 0; s = Snapshot.load(update_index(Path(sys.argv[1]), Path(sys.argv[2]))[0].folder); "
             "assert 'numpy.ma' not in sys.modules; "
             "assert text.TextRetriever(s).literal_lines('idge', 'sensitive', 3); print('numpy.ma' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", asked, str(root), str(tmp_path / "index")], capture_output=True,
                         text=True, timeout=300, check=True, cwd=Path(__file__).resolve().parents[2])
    assert out.stdout.strip().splitlines()[-1] == "False"


@pytest.mark.parametrize("limit", [1, 5, 30, None])
def test_pages_are_the_same_once_every_files_newlines_are_kept(repo: tuple[TextRetriever, TextRetriever],
                                                               limit: int | None) -> None:
    """A page numbers its lines from the newlines kept for snippets when a page has shown the file
    (results.file_newlines), else from the file's own up to its last match: the same lines."""
    indexed, bare = repo
    kept = file_newlines(indexed.snapshot)
    assert kept is not None
    for path in indexed.snapshot.files:
        kept.offsets(path)
    for literal in LITERALS:
        for demote in (None, _tests_last):
            assert _page(indexed, literal, limit, demote) == _page(bare, literal, None, demote)[:limit], literal


def test_the_definers_of_a_name_are_remembered_and_never_shared(repo: tuple[TextRetriever, TextRetriever],
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    indexed, _ = repo
    table = indexed._definition_table()
    first = indexed.definers("widget")
    assert first and first == table.paths_defining("widget")
    first.add("elsewhere.py")  # a caller's own set: the next question's answer is untouched
    monkeypatch.setattr(type(table), "paths_defining", lambda *args: pytest.fail("asked again"))
    assert indexed.definers("widget") == first - {"elsewhere.py"}


def test_a_literals_few_matches_rank_the_same_in_python(repo: tuple[TextRetriever, TextRetriever],
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """A literal's few matches are ranked into rows in Python (``FEW_SPANS``): the lines numpy's
    path gives, in order, with their tiers and definitions."""
    def pages() -> list[object]:
        return [[(m.path, m.line, m.match_type, m.definition, m.score) for m in
                 repo[0].literal_lines(literal, "sensitive", limit, demote=_tests_last)]
                for literal in [*WORDS, "idge", "elf", "dget_c", "raw"] for limit in (None, 3)]

    few = pages()
    monkeypatch.setattr(text_module, "FEW_SPANS", 0)
    assert pages() == few and any(few)
