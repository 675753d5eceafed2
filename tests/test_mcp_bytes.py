"""A file name that is not UTF-8 reaches an agent as text the protocol can carry; the server keeps serving.

Python reads such a name with each stray byte as a lone surrogate (``caf\\udce9.py``). The SDK writes
its answers with pydantic, which refuses a lone surrogate: the answer naming that file failed in the
writer task, the server exited, and every later call was left unanswered. Each stray byte now reads
``\\xe9`` (Python's own escape for it), any other lone surrogate U+FFFD.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import pytest

pytest.importorskip("mcp")

from mcp.server.mcpserver.exceptions import ToolError  # noqa: E402

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.answers import AnswerError, definition_answer, references_answer, search_answer  # noqa: E402
from maguyva_tui.mcp.server import _answered  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402

pytestmark = pytest.mark.skipif(sys.platform == "darwin", reason="macOS refuses file names that are not UTF-8")


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    base = tmp_path_factory.mktemp("bytes")
    repo = base / "repo"
    repo.mkdir()
    (repo / "main.py").write_text("from caf import brewed\n\n\ndef serve():\n    return brewed()\n")
    with open(os.path.join(os.fsencode(repo), b"caf\xe9.py"), "wb") as f:
        f.write(b"def brewed():\n    return 'caf\xe9'\n")
    engine = Engine(repo, base / "ix", provider=FirstWordProvider(), static=False)
    engine.refresh()
    return engine


def _wire(answer: Any) -> dict[str, Any]:
    """The tool's result as the SDK writes it to the client (this raised for a lone surrogate)."""
    result = _answered(lambda: answer)
    result.model_dump_json(by_alias=True, exclude_unset=True)
    assert result.structured_content is not None
    return result.structured_content


def test_a_definition_in_a_file_named_in_latin1_is_answered_with_its_byte_escaped(engine: Engine) -> None:
    [found] = _wire(definition_answer(engine, "brewed", None, True, 5))["definitions"]
    assert found["path"] == "caf\\xe9.py" and found["source"].startswith("def brewed():")
    assert found["path_bytes"] == "Y2Fm6S5weQ=="  # the exact bytes, base64 (maguyva_tui.json_out)


def test_references_and_search_naming_that_file_are_written_too(engine: Engine) -> None:
    assert _wire(references_answer(engine, "brewed", None, 5))["definitions"][0]["path"] == "caf\\xe9.py"
    paths = [hit["path"] for hit in _wire(search_answer(engine, "brewed", limit=5))["results"]]
    assert "caf\\xe9.py" in paths


def test_an_error_naming_such_a_file_is_written_too() -> None:
    def refused() -> dict[str, Any]:
        raise AnswerError("no definition in caf\udce9.py or \ud800")

    with pytest.raises(ToolError) as raised:
        _answered(refused)
    assert str(raised.value) == "no definition in caf\\xe9.py or \ufffd"
    str(raised.value).encode("utf-8")
