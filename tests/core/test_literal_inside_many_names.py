"""A literal held inside the names of many files (``helpe`` in helper_0 ... helper_97999 of a
100,000-file repository) is read from the first files that settle its page, not from every file:
a file the token index does not list as holding it whole can hold no whole-identifier line. The
page is the exhaustive list's first lines (issue 19: 98,000 files read for a page of 20)."""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers import text as text_module
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.store.snapshot import Snapshot
from tests.core.test_literal_holding_files import _page

FILES = 60


def _write(root: Path) -> None:
    """Modules defining helper_N and calling the next; a few hold ``helpe`` whole, one defines it,
    one holds it at a word boundary only (``helpe_x``), late in path order."""
    for n in range(FILES):
        lines = [f"def helper_{n}(key):", f"    return helper_{n + 1}(key) + xhelpey_{n}", ""]
        if n in (41, 53):
            lines += ["value = helpe + 1", ""]
        if n == 47:
            lines += ["def helpe(key):", "    return key", ""]
        if n == 57:
            lines += ["helpe_x = 2", ""]
        (root / f"m{n:03d}.py").write_text("\n".join(lines))


@pytest.fixture(scope="module")
def engines(tmp_path_factory: pytest.TempPathFactory) -> tuple[TextRetriever, TextRetriever]:
    """The engine over the modules, with its token index and without it (every candidate read)."""
    root = tmp_path_factory.mktemp("repo")
    _write(root)
    snapshot = Snapshot.load(update_index(root, tmp_path_factory.mktemp("index"))[0].folder)
    bare = copy.copy(snapshot)
    bare.tokens = None
    return TextRetriever(snapshot), TextRetriever(bare)


@pytest.mark.parametrize("literal", ["helpe", "helper", "help", "xhelpey"])
@pytest.mark.parametrize("limit", [1, 3, 10, 25])
def test_a_literal_inside_many_names_reads_few_files(engines: tuple[TextRetriever, TextRetriever], literal: str,
                                                     limit: int, monkeypatch: pytest.MonkeyPatch) -> None:
    with_tokens, bare = engines
    expected = _page(bare, literal, None)[:limit]  # every line, ranked
    monkeypatch.setattr(text_module, "MAX_TOKENS_HOLDING", 4)  # too many names hold it for their tiers
    read: list[int] = []
    rows = TextRetriever._literal_rows
    monkeypatch.setattr(TextRetriever, "_literal_rows",
                        lambda self, files, chosen, *rest: read.append(len(chosen)) or rows(self, files, chosen, *rest))
    assert _page(with_tokens, literal, limit) == expected
    if literal in ("helpe", "help") and limit <= 10:  # settled by the first files' definitions
        assert sum(read) < FILES // 2, read
