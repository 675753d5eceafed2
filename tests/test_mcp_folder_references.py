"""find_references of a folder lists the lines importing any of its files from outside it, as impact
of a folder lists what depends on it (found by an outside tester on httplib2 and ky: ``python3/httplib2``
and ``tests/`` had been "unknown symbol ... nothing of that name is defined", with close names)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import AnswerError, references_answer
from tests.trees import indexed

FILES = {
    "source/errors/KyError.ts": "export class KyError extends Error {}\n",
    "source/errors/HTTPError.ts": "import {KyError} from './KyError.js';\n\nexport class HTTPError extends KyError {}\n",
    "source/core/Ky.ts": "import {HTTPError} from '../errors/HTTPError.js';\n\nexport const fail = () => new HTTPError();\n",
    "pkg/sub/__init__.py": "from pkg.sub.mod import thing\n",
    "pkg/sub/mod.py": "def thing():\n    return 1\n",
    "app.py": "from pkg.sub import thing\n\nthing()\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "folders", FILES)


@pytest.mark.parametrize("folder", ["source/errors", "source/errors/", "./source/errors"])
def test_a_folder_lists_the_lines_importing_its_files_from_outside_it(engine: Engine, folder: str) -> None:
    found = references_answer(engine, folder, None, 50)
    assert [(r["path"], r["line"]) for r in found["references"]] == [("source/core/Ky.ts", 1)]
    assert {d["path"] for d in found["definitions"]} == {"source/errors/KyError.ts", "source/errors/HTTPError.ts"}
    assert found["notes"] == [f"{folder} is a folder of 2 files; the lines importing them from outside it are listed"]


def test_a_python_package_folder_is_its_files(engine: Engine) -> None:
    found = references_answer(engine, "pkg/sub", None, 50)
    assert [(r["path"], r["line"]) for r in found["references"]] == [("app.py", 1)]


def test_a_folder_nothing_outside_imports_says_so_and_a_missing_one_is_an_error(engine: Engine) -> None:
    nothing = references_answer(engine, "source/core", None, 50)
    assert nothing["references"] == [] and nothing["notes"] == ["no line of the repository imports source/core from outside it"]
    with pytest.raises(AnswerError):
        references_answer(engine, "source/nowhere/", None, 50)


def test_what_a_listing_leaves_out_is_said_under_one_key(engine: Engine) -> None:
    """references and impact say it in ``notes``, as their descriptions say: a lone ``note`` had stood
    beside ``notes`` (no resolved use, a module's files), described in no tool's description."""
    for answer in (references_answer(engine, "source/errors", None, 50), references_answer(engine, "source/core", None, 50),
                   references_answer(engine, "fail", None, 50)):
        assert "note" not in answer and answer["notes"] and all(isinstance(n, str) for n in answer["notes"]), answer
    assert references_answer(engine, "fail", None, 50)["notes"][0].startswith("no resolved uses")
