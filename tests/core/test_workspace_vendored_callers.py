"""Two repositories vendoring one library: "who calls X" of a name only the vendored copies define
lists each repository's callers as that repository alone lists them.

The graph engine lists a name's callers in the repository's own code before those in vendored
copies, then by centrality (``queries.ranked_callers``), and the direct path then orders them by
centrality alone, a vendored definition being the one there is (``search._direct_demotion``). The
workspace's merge had read each shard's list as ordered by score: a repository whose own caller
(low centrality) headed its list waited behind every more central caller of the other repository,
and the merged list, cut at the engine's fetch, held none of its hits. Helper-274, simplejson 3.19.3
vendored twice (``app/vendor/simplejson``, ``tool/third_party/simplejson``): ``who calls loads
--limit 8`` listed 8 of tool's callers and none of app's, whose own ``read_config`` app alone lists
4th; at ``--limit 200`` read_config was 103rd.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.types import Hit
from maguyva_tui.core.workspace import SearchRequest, open_workspace
from maguyva_tui.core.workspace.merge import merge_lists
from tests.core.test_test_modules import NameProvider

USES = 60
"""Vendored callers of ``loads``, each called once: more central than a caller nothing calls, and
more of them than the engine's fetch for a page of 5."""
LIB = {
    "core.py": "def loads(text):\n    return text\n\n\ndef load(fp):\n    return loads(fp.read())\n",
    "users.py": "from .core import loads\n\n\ndef hub(x):\n    return loads(x)\n\n\n"
                + "".join(f"def use_{k}(x):\n    return loads(x)\n\n\n" for k in range(USES))
                + "def every_use():\n" + "".join(f"    use_{k}(1)\n    hub({k})\n" for k in range(USES)),
}
"""``hub``, called 60 times, is the most central caller in each copy: a page of 5 lists both."""
APP = "from vendor.lib.core import loads\n\n\ndef read_config(text):\n    return loads(text)\n"


def _write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[Path], Path]:
    base = tmp_path_factory.mktemp("vendored_callers")
    app = _write(base / "app", {"app.py": APP, **{f"vendor/lib/{n}": t for n, t in LIB.items()},
                                "vendor/lib/__init__.py": ""})
    tool = _write(base / "tool", {"tool.py": "print(1)\n", **{f"third_party/lib/{n}": t for n, t in LIB.items()},
                                  "third_party/lib/__init__.py": ""})
    index = base / "index"
    for root in (app, tool):
        engine = Engine(root, index, provider=NameProvider(), static=False)
        engine.refresh()
        engine.close()
    return [app, tool], index


def _alone(root: Path, index: Path, question: str, limit: int) -> list[tuple[str, int]]:
    engine = Engine(root, index, provider=NameProvider(), static=False)
    try:
        return [(r.path, r.start_line) for r in engine.search(question, limit=limit).results]
    finally:
        engine.close()


@pytest.mark.slow
def test_each_repository_vendoring_the_name_lists_its_callers_as_alone(workspace: tuple[list[Path], Path]) -> None:
    roots, index = workspace
    coordinator = open_workspace(roots, index, provider=NameProvider(), static=False)
    try:
        for limit in (5, 200):
            answer = coordinator.search(SearchRequest("who calls loads", limit))
            rows = list(zip(answer.repos, ((r.path, r.start_line) for r in answer.result.results)))
            app = [row for repo, row in rows if repo == "app"]
            alone = _alone(roots[0], index, "who calls loads", limit)
            assert app and app == alone[:len(app)], (limit, rows[:10])
            assert app[0] == ("vendor/lib/users.py", 5) and ("tool", ("third_party/lib/users.py", 5)) in rows[:2]
        assert ("app.py", 5) in app  # at 200: every caller of both
    finally:
        coordinator.close()


def _hit(path: str, score: float) -> tuple[Hit, int]:
    return Hit(path, 1, 1, score, reason="calls loads"), 0


def test_a_list_grouped_before_its_scores_merges_by_its_groups() -> None:
    """A shard's list ordered by groups (own code, then vendored) is merged by them: its own
    code's low head does not wait behind another shard's vendored hits."""
    app = [_hit("app.py", 0.5), _hit("vendor/lib/users.py", 1.7), _hit("vendor/lib/core.py", 1.4)]
    tool = [_hit("third_party/lib/users.py", 1.71), _hit("third_party/lib/core.py", 1.41),
            _hit("third_party/lib/more.py", 1.2)]
    grouped = merge_lists("graph", [("app", app), ("tool", tool)], 3, group=lambda path: (path.startswith(("vendor", "third")),))
    assert [(label, hit.path) for label, hit, _ in grouped] == [
        ("app", "app.py"), ("tool", "third_party/lib/users.py"), ("app", "vendor/lib/users.py")]
    # no grouping: by score, as before
    plain = merge_lists("graph", [("app", app[1:]), ("tool", tool)], 2)
    assert [hit.path for _, hit, _ in plain] == ["third_party/lib/users.py", "vendor/lib/users.py"]
