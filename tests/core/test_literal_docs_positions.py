"""A literal's documents are its files' positions where the index numbers them in path order (issue
19: a frequent literal's thousands of documents had each been bisected into a position); an index
whose documents are numbered otherwise (a file added by an update) still finds them by bisection,
and every line holding the literal is listed either way."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_engine import CountingProvider

NAME = "quillwort_total"


def _lines(engine: Engine) -> set[tuple[str, int]]:
    result = engine.search(NAME, modality="text", limit=1000)
    return {(r.path, r.start_line) for r in result.results}


def _truth(root: Path) -> set[tuple[str, int]]:
    out = set()
    for path in sorted(root.rglob("*.py")):
        for i, line in enumerate(path.read_text().split("\n")):
            if NAME in line:
                out.add((path.relative_to(root).as_posix(), i + 1))
    return out


def test_documents_in_path_order_are_positions_and_others_are_found(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for name in ("a.py", "m.py", "z.py"):
        (root / name).write_text(f"x = 1\n{NAME} = 2\nprint({NAME})\n")
    engine = Engine(root, tmp_path / "index", provider=CountingProvider())
    try:
        engine.refresh(semantic=False)
        files = engine.generation.text._files()
        assert files._docs_are_positions  # a whole build numbers its documents in path order
        assert files.at_docs(np.array([2, 0, 3, 1], np.uint32)).tolist() == [2, 0, -1, 1]  # 3: no such file
        assert files.at_docs(np.zeros(0, np.int64)).tolist() == []
        assert _lines(engine) == _truth(root)
        (root / "b.py").write_text(f"{NAME}()\n\n\ny = {NAME}\n")  # sorts before m.py and z.py
        engine.refresh(semantic=False)
        files = engine.generation.text._files()
        if not files._docs_are_positions:  # numbered after the others: bisected
            assert files.at_docs(files.docs[::-1]).tolist() == list(range(len(files)))[::-1]
        assert _lines(engine) == _truth(root)
        assert ("b.py", 4) in _lines(engine)
    finally:
        engine.close()


@pytest.mark.parametrize("docs", [[0, 1, 2], [2, 0, 1]])
def test_at_docs_answers_alike_either_way(tmp_path: Path, docs: list[int]) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for name in ("a.py", "b.py", "c.py"):
        (root / name).write_text(f"{NAME} = 1\n")
    engine = Engine(root, tmp_path / "index", provider=CountingProvider())
    try:
        engine.refresh(semantic=False)
        files = engine.generation.text._files()
        files.docs = np.array(docs, np.int64)  # as another numbering would be read
        order = np.argsort(files.docs, kind="stable")
        files._docs, files._doc_positions = files.docs[order], order.astype(np.int64)
        files._docs_are_positions = docs == [0, 1, 2]
        asked = np.array([1, 7, 0, 2], np.int64)
        expected = [docs.index(d) if d in docs else -1 for d in asked.tolist()]
        assert files.at_docs(asked).tolist() == expected
    finally:
        engine.close()
