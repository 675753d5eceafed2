"""``impact`` and ``find_references`` read a place with a line as the definition holding it.

An agent holds places (``src/wtforms/validators.py:372``, from grep or its editor); the search read
"what breaks if I change src/a.py:120" as the definition holding the line, but the ``impact`` and
``find_references`` tools answered "no indexed file or folder is src/wtforms/validators.py:372".
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402

CHECKS = "import re\n\n\ndef check(value):\n    if not value:\n        raise ValueError(value)\n    return value\n"
FORMS = "from pkg.checks import check\n\n\ndef submit(form):\n    return check(form)\n\n\ndef other():\n    return submit(1)\n"


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, str]]:
    base = tmp_path_factory.mktemp("place_names")
    for folder in ("pkg", "lib"):
        (base / "repo" / folder).mkdir(parents=True)
    (base / "repo" / "pkg" / "checks.py").write_text(CHECKS)
    (base / "repo" / "pkg" / "forms.py").write_text(FORMS)
    (base / "repo" / "lib" / "forms.py").write_text("def helper():\n    return 1\n")
    service = RepoService(Engine(base / "repo", base / "ix", provider=FirstWordProvider(), static=False), embed=False)
    server = build_server(service)
    service.start()

    def call_tool(tool: str, **arguments: Any) -> dict[str, Any]:
        result = anyio.run(server.call_tool, tool, arguments)
        assert json.loads(result.content[0].text) == result.structured_content
        return dict(result.structured_content)

    yield call_tool, str((base / "repo").resolve())
    service.close()


def test_a_line_in_a_function_asks_about_that_function(served: tuple[Any, str]) -> None:
    call, root = served
    found = call("find_references", name="pkg/checks.py:6")
    assert found["symbol"] == "pkg/checks.py::check"
    assert [(r["path"], r["line"], r["in"]) for r in found["references"] if r["kind"] == "call"] == [("pkg/forms.py", 5, "submit")]
    assert found["notes"][0] == "pkg/checks.py:6 is in check (lines 4-7); asking about pkg/checks.py::check"
    hit = call("impact", name=f"{root}/pkg/forms.py:5")
    assert hit["symbol"] == "pkg/forms.py::submit"
    assert [(d["symbol"], d["depth"]) for d in hit["dependents"]] == [("other", 1)]
    assert hit["notes"][0] == "pkg/forms.py:5 is in submit (lines 4-5); asking about pkg/forms.py::submit"


def test_a_line_in_no_definition_asks_about_the_file(served: tuple[Any, str]) -> None:
    call, _ = served
    found = call("find_references", name="pkg/checks.py:2")
    assert found["module"] is True
    assert [(r["path"], r["line"]) for r in found["references"]] == [("pkg/forms.py", 1)]
    assert found["notes"][0] == "pkg/checks.py:2 is in no definition; asking about the file pkg/checks.py"


def test_a_place_of_several_files_or_past_the_end_is_refused_in_one_line(served: tuple[Any, str]) -> None:
    call, _ = served
    with pytest.raises(ToolError) as several:
        call("impact", name="forms.py:2")
    assert str(several.value) == "Error executing tool impact: forms.py:2 could be 2 indexed files (lib/forms.py, pkg/forms.py): write more of its path"
    with pytest.raises(ToolError) as past:
        call("find_references", name="pkg/checks.py:80")
    assert str(past.value) == "Error executing tool find_references: pkg/checks.py:80 is past the end of pkg/checks.py, which has 7 lines"


def test_a_name_through_its_file_is_read_as_before(served: tuple[Any, str]) -> None:
    call, _ = served
    found = call("find_references", name="pkg/checks.py::check")
    assert found["symbol"] == "pkg/checks.py::check" and "notes" not in found
    hit = call("impact", name="check")
    assert hit["symbol"] == "check" and "notes" not in hit and hit["by_depth"]["1"] == 2


def test_find_definition_of_a_place_shows_the_definition_holding_it(served: tuple[Any, str]) -> None:
    # an outside tester (iniconfig 2.0.0): find_definition had said "no indexed file or folder is
    # src/iniconfig/__init__.py:40" where find_references and impact read the place
    call, root = served
    found = call("find_definition", name=f"{root}/pkg/checks.py:6", with_source=True)
    assert [(d["path"], d["lines"], d["symbol"]) for d in found["definitions"]] == [("pkg/checks.py", "4-7", "check")]
    assert found["definitions"][0]["source"].startswith("def check(value):")
    assert found["notes"] == ["pkg/checks.py:6 is in check (lines 4-7); asking about pkg/checks.py::check"]
    with pytest.raises(ToolError) as outside:
        call("find_definition", name="pkg/checks.py:2")
    assert str(outside.value) == ("Error executing tool find_definition: pkg/checks.py:2 is in no definition of "
                                  "pkg/checks.py: read the file, or search it")
