"""The text engine alone is literal, exactly rg's lines (issue 18.19): ``--modality text`` with
an unquoted sentence returns the lines that contain it, not lines voted for by its words. Word
votes belong to the blend, where the engine is told so (``Query.word_votes``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.types import Query
from tests.core.test_engine import CountingProvider

SENTENCE = "Show this message and exit."

CLI = '''\
def help_option(ctx):
    """Show this message and exit."""
    message = "show the help message"
    ctx.exit(message)


def version_option(ctx):
    help = "Show this message and exit."
    ctx.show(help)


def exit_message(ctx):
    """Print a message, then exit: show it first."""
    this = ctx.message
    return this
'''


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    root.mkdir()
    (root / "cli.py").write_text(CLI)
    (root / "other.py").write_text("def show_message(this):\n    return this\n")
    return root


def test_text_engine_alone_lists_exactly_the_lines_holding_the_literal(repo: Path) -> None:
    engine = TextRetriever(update_index(repo)[0])
    hits = engine.search(Query(SENTENCE), 50)
    assert sorted((h.path, h.start_line) for h in hits) == [("cli.py", 2), ("cli.py", 8)]
    voted = engine.search(Query(SENTENCE, word_votes=True), 50)  # in a blend: the words vote too
    assert {("cli.py", 2), ("cli.py", 8)} < {(h.path, h.start_line) for h in voted}


def test_modality_text_gives_rg_lines(repo: Path) -> None:
    engine = Engine(repo, provider=CountingProvider())
    engine.refresh()
    result = engine.search(SENTENCE, modality="text", limit=50)
    assert sorted((r.path, r.start_line) for r in result.results) == [("cli.py", 2), ("cli.py", 8)]
    words = engine.search("message exit show this", modality="text", limit=50)
    assert not words.results or all("message exit show this" in r.snippet for r in words.results)
