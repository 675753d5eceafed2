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


def test_a_choice_between_two_functions_hands_on_both(tmp_path_factory: pytest.TempPathFactory) -> None:
    """simplejson 3.19.3's ``scanstring = c_scanstring or py_scanstring``: py_scanstring's note had
    named three other lines and not this one, the one that makes decoder's scanstring it."""
    engine = indexed(tmp_path_factory, {
        "dec.py": "def c_scan(s):\n    return 1\n\n\ndef py_scan(s):\n    return 2\n\n\nscan = c_scan or py_scan\n",
        "pick.js": "function fast(s) {\n  return 1;\n}\nfunction slow(s) {\n  return 2;\n}\n"
                   "const a = window.x || slow;\nconst b = window.y ? fast : slow;\n",
    })
    for name, lines in (("py_scan", "1 line hands it on as a value (dec.py:9)"), ("c_scan", "1 line hands it on as a value (dec.py:9)"),
                        ("slow", "2 lines hand it on as a value (pick.js:7, pick.js:8)"), ("fast", "1 line hands it on as a value (pick.js:8)")):
        notes = graph_answer(engine, "callers", name, None, 10)["notes"]
        assert any(f"nothing calls {name} by name; {lines}" in n for n in notes), (name, notes)
