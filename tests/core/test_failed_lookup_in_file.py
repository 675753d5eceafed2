"""A name written through its file that no file defines fails as a bare name nothing defines does
(found by outside testers on ecdsa and munch): ``who calls munch/__init__.py::nothere`` had said
"nothing in the graph calls munch/__init__.py::nothere; blending the engines instead", exit status
0 and no lookup_failed, and ``where is munch/__init__.py::nothere defined`` nothing at all, where
``who calls nothere`` says "no symbol named nothere" (exit status 2), and ``maguyva graph`` and
the MCP tools call it an unknown symbol."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import indexed

FILES = {
    "pkg/box.py": (
        "class Box(dict):\n    def to_dict(self):\n        return dict(self)\n\n\n"
        "class AutoBox(Box):\n    pass\n\n\n"
        "def boxify(x):\n    return Box(x)\n"
    ),
    "use.py": "from pkg.box import AutoBox, boxify\n\n\ndef run():\n    return boxify({}), AutoBox().to_dict()\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "boxes", FILES)


@pytest.mark.parametrize("question", [
    "who calls pkg/box.py::nothere", "where is pkg/box.py::nothere defined", "impact of pkg/box.py::Box.nothere",
    "who calls pkg/nothere.py::nothere",
])
def test_a_name_no_file_defines_written_through_a_file_is_a_failed_lookup(engine: Engine, question: str) -> None:
    target = question.split()[2]
    failed = engine.search(question, limit=3).lookup_failed
    bare = engine.search(question.replace(target, "nothere"), limit=3).lookup_failed
    assert failed is not None and bare is not None
    assert (failed.kind, failed.target, failed.message) == ("symbol", target, f"no symbol named {target}; showing related code")
    assert bare.kind == failed.kind


def test_a_misspelt_name_through_its_file_is_offered_the_names_spelled_like_it(engine: Engine) -> None:
    failed = engine.search("who calls pkg/box.py::boxfy", limit=3).lookup_failed
    assert failed is not None and failed.suggestions == ("boxify",)


@pytest.mark.parametrize("question", ["who calls pkg/box.py::boxify", "who calls pkg/box.py::AutoBox.to_dict",
                                      "who calls use.py::boxify", "who calls pkg/box.py::AutoBox.__init__"])
def test_a_name_some_file_defines_is_no_failed_lookup(engine: Engine, question: str) -> None:
    assert engine.search(question, limit=3).lookup_failed is None  # in another file, inherited: said otherwise
