"""find_references asked for one kind of use that the name has none of, where it has uses of other
kinds, says so and how to list them (found by an outside tester on radon 6.0.1: ``ComplexityVisitor``
with ``kind: "inherit"`` answered "no resolved uses; dynamic calls ... are not tracked", where it has
2 calls and 3 imports, and an agent reads "nothing uses it" before changing it). A name with no
resolved use of any kind keeps that note."""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.mcp.answers import NO_RESOLVED_USES, references_answer
from tests.trees import indexed

FILES = {
    "pkg/visitors.py": "class Visitor:\n    pass\n\n\ndef lonely():\n    return 1\n",
    "pkg/use.py": "from pkg.visitors import Visitor\n\n\ndef run():\n    return Visitor()\n\n\ndef again():\n    return Visitor()\n",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "kind-empty", FILES)


def test_a_kind_the_name_has_no_use_of_says_its_other_uses(engine: Engine) -> None:
    everything = references_answer(engine, "Visitor", None, 10)
    assert everything["counts"] == {"call": 2, "import": 1}
    inherited = references_answer(engine, "Visitor", "inherit", 10)
    assert inherited["total"] == 0 and inherited["references"] == []
    assert inherited["notes"][0] == ("no inherit use of Visitor; it has 3 resolved uses of other kinds (call 2, "
                                     "import 1): leave kind out to list them")
    assert NO_RESOLVED_USES not in inherited["notes"]


def test_a_name_with_no_resolved_use_keeps_its_note(engine: Engine) -> None:
    assert references_answer(engine, "lonely", "inherit", 10)["notes"][0] == NO_RESOLVED_USES
    assert references_answer(engine, "lonely", None, 10)["notes"][0] == NO_RESOLVED_USES


@pytest.mark.slow
def test_over_a_workspace_the_other_kinds_are_summed(tmp_path: Path) -> None:
    pytest.importorskip("mcp")
    from maguyva_tui.mcp.service import RepoService
    from maguyva_tui.mcp.workspace import WorkspaceService
    from tests.test_mcp_workspace import FirstWord

    services = {}
    for label in ("one", "two"):
        root = tmp_path / label
        for path, body in FILES.items():
            (root / path).parent.mkdir(parents=True, exist_ok=True)
            (root / path).write_text(body)
        services[label] = RepoService(Engine(root, tmp_path / "ix", provider=FirstWord(), static=False), embed=False)
    for repo in services.values():
        repo.start().join(300)
    workspace = WorkspaceService(services, ready_wait_s=0.05)
    try:
        inherited = workspace.references("Visitor", "inherit", 10)
        assert inherited["total"] == 0
        assert inherited["notes"][0] == ("no inherit use of Visitor; it has 6 resolved uses of other kinds (call 4, "
                                         "import 2): leave kind out to list them")
        assert workspace.references("lonely", "inherit", 10)["notes"][0].startswith("no resolved uses;")
    finally:
        workspace.close()
