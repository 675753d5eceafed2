"""A search asking what depends on a module by its dotted name answers from the graph, as ``maguyva
graph impact`` and MCP's impact do. Found by an outside tester on pyasn1 0.6.1: "what breaks if I
change pyasn1.codec.ber.decoder" said "no symbol named pyasn1.codec.ber.decoder; showing related
code", where ``maguyva graph impact pyasn1.codec.ber.decoder`` listed its 242 direct dependents."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import indexed

pytestmark = pytest.mark.slow  # an index built and searched: seconds

FILES = {
    "pkg/__init__.py": "",
    "pkg/codec/__init__.py": "",
    "pkg/codec/decoder.py": "class Decoder:\n    pass\n",
    "pkg/user.py": "from pkg.codec import decoder\n\n\nclass Mine(decoder.Decoder):\n    pass\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "modimpact", FILES)


def test_what_depends_on_a_dotted_module_is_answered_from_the_graph(engine: Engine) -> None:
    result = engine.search("what breaks if I change pkg.codec.decoder")
    assert result.lookup_failed is None
    assert result.fusion_strategy == "direct"
    found = {(r.path, r.symbol) for r in result.results}
    assert ("pkg/user.py", "Mine") in found
    graph = {(e.path, e.symbol) for e in engine.impact("pkg.codec.decoder", 3, 50).entries}
    assert found == graph


def test_an_unknown_dotted_name_is_still_said_missing(engine: Engine) -> None:
    failed = engine.search("what breaks if I change pkg.codec.nothere").lookup_failed
    assert failed is not None and failed.message.startswith("no symbol named pkg.codec.nothere")
