"""``maguyva graph callers NAME`` labels each call with the definition it calls when NAME has several.

Found by an outside tester on fp-ts 2.16.9 (``flow`` defined in ``es6/function.js``,
``lib/function.js`` and both ``.d.ts``): the note said "flow has 4 definitions (...): each call is
labelled with the one it calls", yet every line read ``(calls flow)``, in the JSON too; ``maguyva
search "who calls flow"`` had the label (``-> calls es6/function.js:179``).
"""

from __future__ import annotations

import json

import pytest

from maguyva_tui import cli

FILES = {
    "es6/function.js": "export function flow(a) {\n  return a;\n}\n",
    "lib/function.js": "function flow(a) {\n  return a;\n}\nexports.flow = flow;\n",
    "es6/use.js": "import { flow } from './function';\nexport function right(x) {\n  return flow(x);\n}\n",
    "lib/use.js": "var function_1 = require('./function');\nfunction left(x) {\n  return function_1.flow(x);\n}\n",
}


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, str]:
    root = tmp_path_factory.mktemp("labelled")
    for path, text in FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    index = str(tmp_path_factory.mktemp("ix"))
    assert cli.main(["index", str(root), "--index-dir", index, "--no-semantic", "--json"]) == 0
    return str(root), index


def test_each_call_says_which_definition_it_calls(repo: tuple[str, str], capsys: pytest.CaptureFixture[str]) -> None:
    root, index = repo
    capsys.readouterr()
    assert cli.main(["graph", "callers", "flow", "--repo", root, "--index-dir", index, "--json"]) == 0
    answer = json.loads(capsys.readouterr().out)
    reasons = {(r["path"], r["modalities"]["graph"]["reason"]) for r in answer["results"]}
    assert reasons == {("es6/use.js", "calls flow of es6/function.js:1"), ("lib/use.js", "calls flow of lib/function.js:1")}
    assert any("each call is labelled with the one it calls" in note for note in answer["notes"])
    assert cli.main(["graph", "callers", "flow", "--repo", root, "--index-dir", index]) == 0
    out = capsys.readouterr().out
    assert "es6/use.js:3  right  (calls flow of es6/function.js:1)" in out
