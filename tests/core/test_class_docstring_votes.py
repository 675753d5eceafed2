"""A class holding methods is voted for by the text engine with its docstring's words alone (issue
16): its docstring is often the only text saying what it is for, while its header and fields
share their words with its methods. cachecontrol 0.14.1's ``SeparateBodyBaseCache`` ("the body is
not stored mixed in with the metadata") had no vote, and ``Serializer.dumps`` (a comment "if body
is stored separately") came first for "how is the body stored separately from the metadata"."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.bm25 import question_stems
from maguyva_tui.core.chunk_words import docstring, open_index
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.types import Query

CACHES = '''\
class SeparateBodyBaseCache:
    """
    In this variant, the body is not stored mixed in with the metadata, but is
    passed in (as a bytes-like object) in a separate call to ``set_body()``.
    """

    def set_body(self, key, body):
        raise NotImplementedError()


class Serializer:
    def dumps(self, request, response, body=None):
        # if body is stored separately, the metadata holds none of it
        data = {"response": {"headers": dict(response.headers)}}
        return data


class StoredCache:
    stored_body = None
    metadata = None

    def get(self, key):
        return self.stored_body
'''


def _sentence(root: Path, text: str) -> list[str | None]:
    return [h.symbol for h in TextRetriever(update_index(root)[0]).search(Query(text, word_votes=True), 10)]


def test_a_class_docstring_is_a_text_vote(tmp_path: Path) -> None:
    (tmp_path / "caches.py").write_text(CACHES)
    found = _sentence(tmp_path, "how is the body stored separately from the metadata")
    assert found[:2] == ["Serializer.dumps", "SeparateBodyBaseCache"]  # "separately" is the comment's alone
    assert "StoredCache" not in found  # its fields' names hold the words, but fields are no docstring


def test_the_docstring_of_a_class_header() -> None:
    assert docstring('@dataclass\nclass A(\n    Base,\n):  # note\n\n    r"""Stored apart."""\n    x = 1\n') == "Stored apart."
    assert docstring("class A:\n    'one line'\n") == "one line"
    assert docstring('class A:\n    x = 1\n    """not first"""\n') == ""
    assert docstring("type Engine struct {\n\t// a field\n\ttrees int\n") == ""


def test_a_class_without_docstring_keeps_its_words_and_no_vote(tmp_path: Path) -> None:
    (tmp_path / "caches.py").write_text(CACHES)
    index = open_index(update_index(tmp_path)[0])
    stems, held = index.frequencies()  # type: ignore[misc]
    # "metadata": the docstring, the comment and StoredCache's field: a stem's rarity is counted as before
    assert int(held[list(stems).index("metadata")]) == 3
    assert "StoredCache" not in [m.chunk.symbol for m in index.search(question_stems("stored body metadata"), 10)]
