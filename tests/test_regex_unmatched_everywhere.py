"""A regex no line matches is said so wherever a search runs, as ``maguyva search --regex`` says it
(found by an outside tester on asteval 1.0.6 with minimist 1.2.8): ``maguyva search --regex
'zzqqxx[0-9]+' --repo A --repo B`` printed only "0 results from 2 repositories", and the MCP
``search`` tool (one repository or a workspace) answered ``{"results": []}`` with no notice and no
``lookup_failed``."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("mcp")

from maguyva_tui.core.engine import Engine  # noqa: E402
from maguyva_tui.mcp.answers import search_answer  # noqa: E402
from tests.conftest import Runner  # noqa: E402
from tests.core.test_failed_lookup import FirstWordProvider  # noqa: E402
from tests.test_cli_workspace import Workspace, ws  # noqa: E402, F401 (the module's fixture, indexed once)

SAID = 'no line matches the regex "zzq+x{3}y"'


def test_a_workspace_search_says_no_line_matches_a_regex(ws: Workspace, here: Runner) -> None:  # noqa: F811
    repos = ("--repo", str(ws.service), "--repo", str(ws.frontend))
    human = ws.search("zzq+x{3}y", "--regex", *repos, runner=here)
    assert human.returncode == 0 and "0 results from 2 repositories" in human.stdout
    assert human.stderr.splitlines() == [f"maguyva: {SAID}"]
    answer = json.loads(ws.search("zzq+x{3}y", "--regex", *repos, "--json", runner=here).stdout)
    assert answer["lookup_failed"]["message"] == SAID and SAID in answer["notices"]
    found = json.loads(ws.search(r"def \w+", "--regex", *repos, "--json", runner=here).stdout)
    assert found["results"] and found["lookup_failed"] is None  # a regex that matches: nothing said


@pytest.fixture(scope="module")
def engine(ws: Workspace) -> Engine:  # noqa: F811
    engine = Engine(ws.service, ws.indexes, provider=FirstWordProvider(), static=False)
    engine.refresh()
    return engine


def test_the_mcp_search_says_no_line_matches_a_regex(engine: Engine) -> None:
    answer = search_answer(engine, "zzq+x{3}y", limit=10, regex=True)
    assert answer["results"] == [] and answer["notices"] == [SAID]
    assert answer["lookup_failed"]["kind"] == "literal" and answer["lookup_failed"]["message"] == SAID
    assert "lookup_failed" not in search_answer(engine, r"def \w+", limit=10, regex=True)
