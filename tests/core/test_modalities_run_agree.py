"""A search's ``modalities_run`` names every engine that ran, as its ``timings_ms`` does.

Found by an outside tester on simplejson 3.19.3: ``search --json "who calls py_scanstring"`` (nothing
calls it by name) had ``timings_ms`` with ``graph`` (the direct try that found nothing, before the
blend) and ``modalities_run`` without it; ``--explain`` said "graph not run" beside "graph 60.5 ms".
"""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import header_text
from tests.trees import indexed

FILES = {"a.py": "def leaf():\n    return 1\n\n\ndef used():\n    return leaf\n",
         "b.py": "from a import used\n\n\ndef run():\n    return used()\n"}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "ran", FILES)


def test_the_graph_that_found_nothing_before_the_blend_is_named_as_run(engine: Engine) -> None:
    result = engine.search("who calls leaf")
    assert result.fusion_strategy == "fused" and any("blending the engines instead" in n for n in result.notices)
    assert result.modalities_run[0] == "graph"  # it ran first
    assert list(result.modalities_run) == [m for m, _ in result.timings_ms]
    explained = header_text(result)
    assert "graph not run" not in explained and "graph " in explained.split("timings")[1]


def test_a_direct_answer_names_its_one_engine(engine: Engine) -> None:
    result = engine.search("who calls used")
    assert result.fusion_strategy == "direct"
    assert result.modalities_run == ("graph",) and [m for m, _ in result.timings_ms] == ["graph"]
