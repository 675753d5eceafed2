"""A question that describes one function ranks functions: a line window (code outside any
definition) ranks below them in the blend (``plan.ONE_FUNCTION_WINDOW``), and the explanation
says why it was lowered."""

from __future__ import annotations

import json
import re
import zlib
from pathlib import Path

import numpy as np
import pytest

from maguyva_tui.core import fusion, plan
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import explain_text
from maguyva_tui.core.intent import classify
from maguyva_tui.core.types import Hit
from tests.fakes import FakeProvider

DESCRIPTION = "Return the retry delay of an attempt, doubled after each failed attempt."
"""A docstring's sentence: one function's description (the classifier's ``function_description``)."""


class WordsProvider(FakeProvider):
    """A text's vector: its words hashed into the dimensions (the cosine counts shared words)."""

    id = "test:words:64"

    def _vector(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, np.float32)
        for word in re.findall(r"[a-z]{3,}", text.lower()):
            v[zlib.crc32(word.encode()) % self.dim] += 1.0
        norm = np.linalg.norm(v)
        return v / norm if norm else v


def _hit(start: int, end: int, kind: str, symbol: str | None) -> Hit:
    return Hit("pkg/retry.py", start, end, 1.0, symbol=symbol, kind=kind)


def test_the_blend_lowers_a_window_by_the_factor_asked_and_its_score_adds_up() -> None:
    window, function = _hit(1, 8, "window", None), _hit(10, 14, "function", "delay")
    lists = {"semantic": [window, function], "text": [window, function]}
    weights = {"semantic": 0.5, "text": 0.2}
    assert fusion.fuse(lists, weights, 40, file_decay=0.0, siblings=0.0)[0].hit is window  # as before
    items = fusion.fuse(lists, weights, 40, file_decay=0.0, siblings=0.0, windows=0.5)
    assert [i.hit for i in items] == [function, window]
    assert items[1].demotion == 0.5 and items[1].rederived_score() == pytest.approx(items[1].score)
    assert items[0].demotion == 1.0


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "defaults.py").write_text(  # module glue: a window, and a function of its own
        "# the retry delay of an attempt, doubled after each failed attempt\n"
        "RETRY_DELAY = 0.5\nATTEMPT_DELAYS = [RETRY_DELAY * 2 ** attempt for attempt in range(5)]\n"
        "FAILED_ATTEMPT_DELAY = ATTEMPT_DELAYS[-1]  # each failed attempt doubled\n\n\n"
        "def show(settings):\n    print(settings)\n")
    (root / "pkg" / "backoff.py").write_text("def wait_for(n):\n    return BASE * 2 ** n\n")
    return root


@pytest.mark.slow
def test_a_one_function_description_lists_the_function_above_the_module_s_lines(repo: Path, tmp_path: Path) -> None:
    assert classify(DESCRIPTION).rule == "function_description"
    engine = Engine(repo, tmp_path / "index", provider=WordsProvider(), static=False)
    try:
        engine.refresh()
        engine.embed_pending()
        result = engine.search(DESCRIPTION, limit=5)
        kinds = [r.kind for r in result.results]
        assert kinds.index("function") < kinds.index("window"), [(r.kind, r.score) for r in result.results]
        window = next(r for r in result.results if r.kind == "window")
        assert window.demotion == plan.ONE_FUNCTION_WINDOW and window.demoted_as == ("window",)
        assert json.loads(json.dumps(window.to_json()))["demoted_as"] == ["window"]
        assert "code outside any function, for a question describing one" in explain_text(result)
        assert window.path == "pkg/defaults.py" and result.results[0].kind == "function"
        topic = engine.search("retry delay of each failed attempt", limit=5)  # a topic: its lines as they rank
        assert topic.results[0].kind == "window" and all(r.demotion == 1.0 for r in topic.results)
    finally:
        engine.close()


def test_a_one_function_description_is_blended_with_the_steeper_k_and_says_so(repo: Path, tmp_path: Path) -> None:
    asked = plan.plan(classify(DESCRIPTION))
    assert asked.k == plan.ONE_FUNCTION_K < plan.DEFAULT_K
    assert plan.plan(classify("retry delay of each failed attempt")).k == plan.DEFAULT_K  # a topic: as before
    first, fourth = 1 / (plan.ONE_FUNCTION_K + 1), 1 / (plan.ONE_FUNCTION_K + 4)
    assert first / fourth > 1.1  # the semantic engine's 1st and 4th stand apart (7 % at the default 40)
    engine = Engine(repo, tmp_path / "index", static=False)
    try:
        assert f"k={plan.ONE_FUNCTION_K}" in explain_text(engine.search(DESCRIPTION, limit=5))
    finally:
        engine.close()
