"""MCP search hits say why a result was demoted (``demoted_as``: ``vendored``, ``secondary``), as the
CLI's ``--json`` and its workspace say it (``Ranked.to_json``): the MCP hit had carried neither the
factor nor its kinds, so an agent could not tell a test ranked below the code it asked for from a
weaker match (helper-240)."""

from __future__ import annotations

from pathlib import Path

import anyio
import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.core.types import Ranked, Vote  # noqa: E402
from maguyva_tui.mcp.answers import _search_hit  # noqa: E402
from maguyva_tui.mcp.server import build_server  # noqa: E402
from maguyva_tui.mcp.service import RepoService  # noqa: E402
from tests.core.test_demoted_as import FILES  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402


def _hit(path: str, demoted_as: tuple[str, ...]) -> dict[str, object]:
    vote = Vote(0, 1.0, 0.5, 0.0122, "")
    ranked = Ranked(path, 1, 2, "f", "function", "python", 0.006, "def f(): ...", (("text", vote),),
                    demotion=0.5 if demoted_as else 1.0, demoted_as=demoted_as)
    return _search_hit(ranked, lambda path, start, end: [])


def test_a_demoted_hit_names_its_kinds_and_only_a_demoted_one() -> None:
    assert _hit("tests/test_a.py", ("secondary",))["demoted_as"] == ["secondary"]
    assert _hit("vendor/x/t_test.py", ("vendored", "secondary"))["demoted_as"] == ["vendored", "secondary"]
    assert "demoted_as" not in _hit("a.py", ())


@pytest.mark.slow
def test_the_search_tool_carries_it_and_its_description_names_it(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    for name, text in FILES.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text)
    service = RepoService(Engine(repo, tmp_path / "ix", provider=FirstWordProvider(), static=False), embed=False)
    server = build_server(service)
    service.start()
    try:
        answer = anyio.run(server.call_tool, "search", {"query": "who calls parse_level"}).structured_content
        search = next(t for t in anyio.run(server.list_tools) if t.name == "search")
    finally:
        service.close()
    kinds = {hit["path"]: hit.get("demoted_as") for hit in answer["results"]}
    assert kinds == {"pkg.py": None, "tests/test_pkg.py": ["secondary"], "vendor/dep/use.py": ["vendored"]}, answer
    from maguyva_tui.core.fusion import DEMOTION_KINDS

    assert "demoted_as" in (search.description or "")
    assert [kind for kind in DEMOTION_KINDS if f'"{kind}"' not in (search.description or "")] == []
