"""A function nothing calls by name, handed on as a value (jsonschema's keyword functions, which
its validators' tables hold: ``"additionalProperties": _keywords.additionalProperties``): "who
calls" says which lines hand it on, where it had said "0 results" and not a word more."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.graph_command import graph_answer
from tests.core.small_repo import indexed


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, {
        "keywords.py": 'def required(validator, instance):\n    """required, then the rest."""\n    return instance\n\n\n'
                       "def called(x):\n    return x\n",
        "table.py": 'import keywords\n\n# keywords.required is listed below\nTABLE = {\n    "required": keywords.required,\n}\n'
                    "HANDLERS = [keywords.called]\n\n\ndef run():\n    return keywords.called(1)\n",
        "notes.md": "keywords.required is called by the table\n",
        "src/lib.rs": "pub use crate::ext::{concat, join};\n\npub fn flat(parts: Parts) -> u8 {\n    let n = parts.concat;\n    n\n}\n",
        "src/ext.rs": "pub fn concat(x: u8) -> u8 {\n    x\n}\n\npub fn join(x: u8) -> u8 {\n    x\n}\n",
    })


def test_a_function_handed_on_as_a_value_says_where(engine: Engine) -> None:
    answer = graph_answer(engine, "callers", "required", None, 10)
    assert answer["results"] == []
    assert answer["notes"] == ["nothing calls required by name; 1 line hands it on as a value (table.py:5): "
                               "whatever calls that may call it"]  # no docstring, comment, key or prose


def test_a_function_something_calls_says_nothing_of_it(engine: Engine) -> None:
    answer = graph_answer(engine, "callers", "called", None, 10)
    assert len(answer["results"]) == 1 and not any("as a value" in n for n in answer["notes"])


def test_a_rust_re_export_and_a_field_of_its_name_hand_nothing_on(engine: Engine) -> None:
    """bstr's ``pub use crate::ext_vec::{concat, join}`` and ``(fn.concat.html)`` had been said to
    hand ``concat`` on: a Rust function is handed on by its path, never after a dot."""
    assert not any("as a value" in n for n in graph_answer(engine, "callers", "concat", None, 10)["notes"])
