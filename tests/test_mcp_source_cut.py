"""A definition's source cut at 60 lines says which lines it shows and which to read for the rest.

``find_definition`` with ``with_source`` on wtforms' 148-line ``BaseForm`` gave its first 60 lines and
``"source_truncated": true``: an agent had to count the lines to know where to read on.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402

BODY = "".join(f"    x{i} = {i}\n" for i in range(1, 80))
"""79 lines under the ``def`` line: 80 in all, past the 60 the source shows."""


@pytest.fixture(scope="module")
def call(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    base = tmp_path_factory.mktemp("source_cut")
    (base / "repo" / "pkg").mkdir(parents=True)
    (base / "repo" / "pkg" / "long.py").write_text("import os\n\n\ndef long_one():\n" + BODY + "\n\ndef short_one():\n    return 1\n")
    service = RepoService(Engine(base / "repo", base / "ix", provider=FirstWordProvider(), static=False), embed=False)
    server = build_server(service)
    service.start()

    def call_tool(tool: str, **arguments: Any) -> dict[str, Any]:
        result = anyio.run(server.call_tool, tool, arguments)
        assert json.loads(result.content[0].text) == result.structured_content
        return dict(result.structured_content)

    yield call_tool
    service.close()


def test_a_cut_source_says_the_lines_shown_and_the_lines_left(call: Any) -> None:
    found = call("find_definition", name="long_one", with_source=True)["definitions"][0]
    assert found["lines"] == "4-83"
    assert len(found["source"].splitlines()) == 60
    assert found["source"].splitlines()[-1] == "    x59 = 59"
    assert found["source_truncated"] == "showing lines 4-63 of 4-83; read pkg/long.py lines 64-83 for the rest"


def test_a_whole_source_says_nothing_of_a_cut(call: Any) -> None:
    found = call("find_definition", name="short_one", with_source=True)["definitions"][0]
    assert found["source"] == "def short_one():\n    return 1"
    assert "source_truncated" not in found
