"""A repository inside another of the workspace is answered as its own: the outer repository's
notes about the inner one's files (its graph holds them too) are not said again under the outer's
name. Found by an outside tester (mri 1.2.0 vendored at myapp/vendor/mri, both in the workspace):
"who calls toArr" said "mri: toArr has 2 definitions (lib/index.js:1, lib/index.mjs:1) ..." and
"myapp: toArr has 2 definitions (vendor/mri/lib/index.js:1, vendor/mri/lib/index.mjs:1) ...; ask
"who calls vendor/mri/lib/index.js::toArr" for one", a question about files answered as mri's."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.workspace import SearchRequest, open_workspace
from tests.core.test_workspace import WordProvider
from tests.trees import write_tree

INNER = {"a.js": "function toArr(x) {\n  return [x];\n}\nmodule.exports = toArr(1);\n",
         "b.mjs": "function toArr(x) {\n  return [x];\n}\nexport default toArr(2);\n"}
OUTER = {"main.py": "def run():\n    return 1\n"}


def test_the_outer_repository_says_nothing_of_the_inner_one_s_files(tmp_path: Path) -> None:
    outer = write_tree(tmp_path / "app", OUTER)
    inner = write_tree(outer / "vendor" / "mri", INNER)
    coordinator = open_workspace([outer, inner], tmp_path / "index", provider=WordProvider(), static=False)
    try:
        answer = coordinator.search(SearchRequest("who calls toArr", 10))
        assert {repo for repo in answer.repos} == {"mri"}
        about = [n for n in answer.result.notices if "2 definitions" in n]
        assert len(about) == 1 and about[0].startswith("mri: toArr has 2 definitions (a.js:1, b.mjs:1)"), about
    finally:
        coordinator.close()


def test_the_mcp_server_s_notes_say_it_once_too(tmp_path: Path) -> None:
    from maguyva_tui.core.engine import Engine
    from maguyva_tui.mcp.service import RepoService
    from maguyva_tui.mcp.workspace import WorkspaceService

    outer = write_tree(tmp_path / "app", OUTER)
    inner = write_tree(outer / "vendor" / "mri", INNER)
    services = {label: RepoService(Engine(root, tmp_path / "ix", provider=WordProvider(), static=False), embed=False)
                for label, root in (("app", outer), ("mri", inner))}
    for service in services.values():
        service.start().join(60)
    workspace = WorkspaceService(services, ready_wait_s=0.05)
    try:
        for notes in (workspace.references("toArr", None, 10)["notes"], workspace.impact("toArr", 2, 10)["notes"]):
            assert not [n for n in notes if n.startswith("app: ") and "vendor/mri/" in n], notes
    finally:
        workspace.close()
