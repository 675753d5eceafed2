"""``maguyva mcp`` started in a subfolder of an indexed repository serves the repository and says
so once: in its instructions, and among the first answer's notices (an agent may not read the
instructions); the answers after it say nothing of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402

SAID = "serving /r, the nearest indexed folder above src: results come from the whole repository"


def test_the_repository_found_above_is_said_in_the_instructions_and_the_first_answer(tmp_path: Path) -> None:
    (tmp_path / "repo").mkdir()
    (tmp_path / "repo" / "a.py").write_text("def split(text):\n    return text.split()\n")
    service = RepoService(Engine(tmp_path / "repo", tmp_path / "ix", provider=FirstWordProvider(), static=False),
                          embed=False)
    server = build_server(service, SAID)
    assert server.instructions is not None and server.instructions.endswith(f"\n\n{SAID}.")
    service.start()
    try:
        def notices(tool: str, **arguments: Any) -> list[str]:
            result = anyio.run(server.call_tool, tool, arguments)
            return list(result.structured_content.get("notices", []))

        with pytest.raises(Exception, match="no definition of"):  # an error answer leaves it for the next
            notices("find_definition", name="no_such_name_here")
        assert notices("find_definition", name="split") == [SAID]
        assert notices("search", query="split") == [] and notices("find_definition", name="split") == []
    finally:
        service.close()
    assert "nearest" not in (build_server(RepoService(Engine(tmp_path / "repo", tmp_path / "ix"))).instructions or "")
