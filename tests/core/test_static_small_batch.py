"""A few texts embed with numpy alone (``StaticModel.small_counts``, ``StaticProvider._weigh_small``),
bit for bit as scipy's sparse product embeds them, so that an update's few changed chunks do not pay
scipy.sparse's import (0.135 s of CPU, most of a small update's embedding)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from maguyva_tui.core.embed import static
from maguyva_tui.core.embed.provider import ProviderError
from maguyva_tui.core.embed.static import StaticModel, StaticProvider

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "polyglot"
REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def model() -> StaticModel:
    try:
        model = StaticModel.load()
    except ProviderError as error:
        pytest.skip(str(error))
    model.counts(["load the tokenizer and scipy once"])
    return model


def _texts() -> list[str]:
    """Chunk-like texts of every kind: a symbol's (its name, a method's class), a window's (its path
    alone on the first line), a bare body, one without words, an empty one, a long one."""
    texts: list[str] = []
    for path in sorted(p for p in FIXTURE.rglob("*") if p.is_file() and p.suffix != ".png"):
        rel = path.relative_to(FIXTURE).as_posix()
        lines = path.read_text("utf-8", "replace").splitlines()
        for start in range(0, len(lines), 7):
            body = "\n".join(lines[start : start + 7])
            texts += [f"{rel} function {path.stem}_{start}\n{body}", f"{rel} method Box.{path.stem}\n{body}",
                      f"{rel}\n{body}", body]
    return texts + ["", "{}()[];", "\n".join(texts[:40]), "x x x x Ünïcode naïve 日本語 x"]


def _same(model: StaticModel, provider: StaticProvider, texts: list[str], size: int) -> None:
    for start in range(0, len(texts), size):
        block = texts[start : start + size]
        counts, small = model.counts(block), model.small_counts(block)
        assert (small.indptr.tolist(), small.indices.tolist()) == (counts.indptr.tolist(), counts.indices.tolist())
        assert small.data.tobytes() == counts.data.tobytes(), block
        by_scipy = provider._weigh(counts)
        assert provider._weigh_small(small).tobytes() == by_scipy.tobytes(), block  # the zeros' signs too


def test_numpy_alone_embeds_a_few_texts_as_scipy_does_bit_for_bit(model: StaticModel) -> None:
    texts = _texts()
    _same(model, model.provider(), texts[::7], 3)
    _same(model, model.provider(), texts, len(texts))


def test_the_documents_embedded_are_the_same_either_way(model: StaticModel, monkeypatch: pytest.MonkeyPatch) -> None:
    texts = _texts()[::3]
    provider = model.provider(model.fit(texts))  # with the crowding dimension
    monkeypatch.setattr(static, "SMALL_BATCH", len(texts))
    by_numpy = provider.embed_documents(texts)
    monkeypatch.setattr(static, "SMALL_BATCH", 0)
    assert "scipy.sparse" in sys.modules  # the fit imported it: the product is scipy's
    by_scipy = provider.embed_documents(texts)
    assert by_numpy.tobytes() == by_scipy.tobytes()


@pytest.mark.slow
def test_real_chunks_embed_the_same_either_way(model: StaticModel, requests_repo: Path, tmp_path: Path) -> None:
    """The requests sdist's real chunks (947), one at a time, a few at a time and all at once, with
    the fixed weights and with the repository's fit."""
    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.semantic_index import embedding_items

    texts = [item.text for item in embedding_items(update_index(requests_repo, base=tmp_path)[0])]
    assert len(texts) > 500
    for provider in (model.provider(), model.provider(model.fit(texts))):
        for size in (1, 9, len(texts)):
            _same(model, provider, texts, size)


@pytest.mark.slow
def test_a_search_after_a_small_edit_does_not_import_scipy(polyglot: Path, tmp_path: Path) -> None:
    """The update embeds the edited file's chunks with numpy alone (scipy.sparse: 0.135 s of CPU), and
    its table of definitions is made without ``np.unique`` (its first call imports numpy.ma: 27 ms)."""
    env = {**os.environ, "MAGUYVA_NO_SERVER": "1", "MAGUYVA_INDEX_DIR": str(tmp_path / "indexes")}
    subprocess.run([sys.executable, "-m", "maguyva_tui", "index", str(polyglot)], capture_output=True, text=True,
                   timeout=300, check=True, cwd=REPO, env=env)
    server = polyglot / "go" / "server.go"
    server.write_text(server.read_text() + "\n// Reindexed marks the file changed.\nfunc Reindexed() int { return 1 }\n")
    asked = ("import sys; from maguyva_tui.cli import main; main(['search', 'Reindexed', '--repo', sys.argv[1]]); "
             "print([m for m in ('scipy.sparse', 'numpy.ma') if m in sys.modules])")
    out = subprocess.run([sys.executable, "-c", asked, str(polyglot)], capture_output=True, text=True,
                         timeout=300, check=True, cwd=REPO, env=env)
    assert "server.go" in out.stdout  # the edit was indexed and found
    assert out.stdout.strip().splitlines()[-1] == "[]"
