"""The workspace commands as a user runs them: ``index A B C``, ``search --repo A --repo B``,
``search --workspace FILE``, on copies of the fixture repository (indexed once for the module, by
the ``index`` command under test, in a real process). A search of several repositories runs in a
real process too; the other questions call ``cli.main`` in this process (``here``)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from maguyva_tui.core.types import LookupFailure, SearchResult
from maguyva_tui.core.workspace import Missing, WorkspaceResult
from maguyva_tui.workspace_command import print_human
from tests.conftest import FIXTURE, Runner


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "maguyva_tui", *args], capture_output=True, text=True, timeout=300)


class Workspace:
    """Two small repositories (the fixture's Python app and its web folder), their index folder,
    and what ``index`` said when it indexed them with a missing folder between them."""

    def __init__(self, base: Path) -> None:
        self.base = base
        self.service, self.frontend, self.gone = base / "service", base / "frontend", base / "gone"
        shutil.copytree(FIXTURE / "app", self.service)
        shutil.copytree(FIXTURE / "web", self.frontend)
        self.indexes = base / "indexes"
        self.indexed = self.run("index", str(self.service), str(self.gone), str(self.frontend), "--json")

    def run(self, *args: str, runner: Runner | None = None) -> subprocess.CompletedProcess[str]:
        """Run ``maguyva ARGS`` on the module's index folder: in a real process, or with ``runner``."""
        return (runner or run)(*args, "--index-dir", str(self.indexes))

    def search(self, *args: str, runner: Runner | None = None) -> subprocess.CompletedProcess[str]:
        return self.run("search", *args, runner=runner)


@pytest.fixture(scope="module")
def ws(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return Workspace(tmp_path_factory.mktemp("cli-workspace"))


def test_index_several_repositories_each_its_own(ws: Workspace) -> None:
    assert ws.indexed.returncode == 2  # one could not be indexed; the others were
    service, gone, frontend = (json.loads(line) for line in ws.indexed.stdout.splitlines())  # in the order given
    assert service["files"] == 3 and frontend["files"] == len([p for p in ws.frontend.rglob("*") if p.is_file()])
    assert gone == {"path": str(ws.gone), "error": f"{ws.gone}: no such directory"}
    # each line names its repository, as the error's does (the summaries had no path: only their order told)
    assert (service["path"], frontend["path"]) == (str(ws.service), str(ws.frontend))
    assert (service["root"], frontend["root"]) == (str(ws.service.resolve()), str(ws.frontend.resolve()))
    said = [line for line in ws.indexed.stderr.splitlines()  # progress lines aside: a phase's per cent, or
            if "%" not in line and not line.endswith(" ...")]  # one with no count (static weights ..., past 1 s)
    assert said == [f"maguyva: error: {ws.gone}: no such directory"]


def test_search_several_repositories_as_one(ws: Workspace) -> None:
    proc = ws.search("config", "--repo", str(ws.service), "--repo", str(ws.frontend), "--repo", str(ws.gone), "--json")
    assert proc.returncode == 0, proc.stderr
    answer = json.loads(proc.stdout)
    assert {r["repo"] for r in answer["results"]} == {"service", "frontend"}
    assert all(r["modalities"] for r in answer["results"])  # the same explanation as for one repository
    assert answer["missing"] == [{"repo": "gone", "root": str(ws.gone), "reason": f"{ws.gone}: no such directory"}]
    assert answer["capped"] is False and answer["capped_because"] == []
    assert proc.stderr.strip().splitlines() == [f"maguyva: skipped gone: {ws.gone}: no such directory"]
    for r in answer["results"]:
        lines = ((ws.service if r["repo"] == "service" else ws.frontend) / r["path"]).read_text().splitlines()
        assert r["snippet"].splitlines()[0] == lines[r["start_line"] - 1][:240]


def test_people_read_repo_slash_path(ws: Workspace, here: Runner) -> None:
    human = ws.search("parse_config", "--repo", str(ws.service), "--repo", str(ws.frontend), runner=here)
    assert human.returncode == 0 and "service/config.py:" in human.stdout and "2 repositories" in human.stdout
    explained = ws.search("parse_config", "--repo", str(ws.service), "--repo", str(ws.frontend), "--explain",
                          runner=here)
    assert explained.returncode == 0 and "service/config.py:" in explained.stdout and "rank 0" in explained.stdout


def test_a_missing_repository_is_said_once_to_a_person(ws: Workspace, here: Runner) -> None:
    """The page's notice names it; a ``skipped`` line before it had said the same again."""
    human = ws.search("parse_config", "--repo", str(ws.service), "--repo", str(ws.gone), runner=here)
    assert [line for line in human.stderr.splitlines() if "gone" in line] == [
        f"maguyva: gone: not searched ({ws.gone}: no such directory)"]


def test_a_symbol_not_found_still_names_the_repositories_not_searched(capsys: pytest.CaptureFixture[str]) -> None:
    """The repository not searched may define it: "no symbol named X" alone had read as the
    whole workspace's answer (its notices were all left out with the page)."""
    failed = LookupFailure("parse_confg", "symbol", "no symbol named parse_confg; showing related code")
    said = "gone: not searched (/src/gone: no such directory)"
    result = SearchResult("who calls parse_confg", "(text)", "find_references", 0.9, "parse_confg", "references_phrase",
                          (), "direct", "default", 40, ("graph",), (), 1.0, (said, failed.message), (), 1.0,
                          lookup_failed=failed)
    answer = WorkspaceResult(result, (), (), (("service", "/src/service"),),
                             (Missing("gone", "/src/gone", "/src/gone: no such directory"),))
    print_human(answer)
    assert capsys.readouterr().err == f"maguyva: {said}\n"  # the lookup's own line follows (_lookup_status)


def test_json_says_a_cut_list_in_the_json_alone_as_for_one_repository(ws: Workspace, here: Runner) -> None:
    """``search --json`` over several repositories had said ``truncated`` on stderr too (one repository: the JSON alone)."""
    proc = ws.search("config", "--regex", "--limit", "1", "--repo", str(ws.service), "--repo", str(ws.frontend),
                     "--json", runner=here)
    cut = "showing the first 1; more match: raise --limit or narrow the query"
    assert proc.returncode == 0 and json.loads(proc.stdout)["truncated"] == cut and cut not in proc.stderr
    human = ws.search("config", "--regex", "--limit", "1", "--repo", str(ws.service), "--repo", str(ws.frontend),
                      runner=here)
    assert human.stderr.splitlines()[-1] == f"maguyva: {cut}"


def test_a_workspace_file_lists_repositories_relative_to_itself(ws: Workspace, here: Runner) -> None:
    (ws.base / "ws.txt").write_text("# the team's repositories\nservice\n\nfrontend\n")
    answer = json.loads(ws.search("parseConfig", "--workspace", str(ws.base / "ws.txt"), "--json", runner=here).stdout)
    assert [r["repo"] for r in answer["repos"]] == ["frontend", "service"]
    assert answer["results"][0]["repo"] == "frontend" and answer["results"][0]["symbol"] == "parseConfig"


def test_a_workspace_file_of_one_repository_answers_as_the_repository(ws: Workspace, here: Runner) -> None:
    (ws.base / "one.toml").write_text('repos = ["service"]\n')
    alone = json.loads(ws.search("where is parse_config defined", "--repo", str(ws.service), "--json",
                                 runner=here).stdout)
    together = json.loads(ws.search("where is parse_config defined", "--workspace", str(ws.base / "one.toml"),
                                    "--json", runner=here).stdout)
    assert [(r["path"], r["start_line"], r["score"]) for r in together["results"]] == \
        [(r["path"], r["start_line"], r["score"]) for r in alone["results"]]
    assert together["results"] and {r["repo"] for r in together["results"]} == {"service"}


@pytest.mark.parametrize(("content", "message"), [
    ("repos = [\n", "not valid TOML"),
    ('repos = "service"\n', 'expected repos = ["path", ...]'),
    ('repos = ["gone"]\n', "no repository of the workspace can be searched"),
])
def test_a_bad_workspace_file_gets_one_line(ws: Workspace, here: Runner, content: str, message: str) -> None:
    (ws.base / "bad.toml").write_text(content)
    proc = ws.search("config", "--workspace", str(ws.base / "bad.toml"), runner=here)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and message in proc.stderr and "Traceback" not in proc.stderr


def test_a_symbol_no_repository_defines_is_said_and_exits_2(ws: Workspace, here: Runner) -> None:
    proc = ws.search("who calls parse_confg", "--repo", str(ws.service), "--repo", str(ws.frontend), runner=here)
    assert proc.returncode == 2
    assert "maguyva: no symbol named parse_confg" in proc.stderr and "parse_config" in proc.stderr  # a close name


def _keyed(answer: dict[str, object]) -> list[tuple[object, ...]]:
    return [(r["repo"], r["path"], r["start_line"], r["score"], r["snippet"]) for r in answer["results"]]  # type: ignore[attr-defined,index]


@pytest.mark.slow
def test_worker_processes_answer_as_this_process(ws: Workspace) -> None:
    """``--workers 2`` (or ``MAGUYVA_WORKERS``): the repositories held by two worker processes give
    the same answer, the missing one said as before, through the installed launcher."""
    args = ["search", "config", "--repo", str(ws.service), "--repo", str(ws.frontend), "--repo", str(ws.gone), "--json",
            "--index-dir", str(ws.indexes)]
    here = run(*args)
    launcher = Path(__file__).resolve().parent.parent / "bin" / "maguyva"  # as installed: spawn runs it again
    there = subprocess.run([sys.executable, str(launcher), *args, "--workers", "2"], capture_output=True, text=True,
                           timeout=300)
    assert there.returncode == 0, there.stderr
    assert _keyed(json.loads(there.stdout)) == _keyed(json.loads(here.stdout)) != []
    assert json.loads(there.stdout)["missing"] == json.loads(here.stdout)["missing"]
    assert there.stderr.strip().splitlines() == [f"maguyva: skipped gone: {ws.gone}: no such directory"]


@pytest.mark.parametrize("value", ["two", "-1"])
def test_a_bad_worker_count_gets_one_line(ws: Workspace, here: Runner, monkeypatch: pytest.MonkeyPatch,
                                          value: str) -> None:
    monkeypatch.setenv("MAGUYVA_WORKERS", value)
    proc = ws.search("config", "--repo", str(ws.service), "--repo", str(ws.frontend), runner=here)
    assert proc.returncode == 2 and proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1 and "MAGUYVA_WORKERS must be" in proc.stderr  # what to change


def test_a_call_to_one_of_several_definitions_names_it_as_for_one_repository(tmp_path: Path, here: Runner) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    (one / "pkg").mkdir(parents=True)
    two.mkdir()
    for name in ("a", "b"):
        (one / "pkg" / f"{name}.py").write_text("def helper(x):\n    return x\n")
        (one / "pkg" / f"use_{name}.py").write_text(f"from pkg.{name} import helper\n\n\ndef run_{name}():\n"
                                                    "    return helper(1)\n")
    (two / "x.py").write_text("def other():\n    return 1\n")
    index = str(tmp_path / "indexes")
    assert here("index", str(one), str(two), "--index-dir", index).returncode == 0
    proc = here("search", "who calls helper", "--repo", str(one), "--repo", str(two), "--index-dir", index)
    assert proc.returncode == 0, proc.stderr
    lines = [line.strip() for line in proc.stdout.splitlines()]
    at = {line.split()[1]: i for i, line in enumerate(lines) if line[:1].isdigit()}
    assert lines[at["one/pkg/use_a.py:5"] + 2] == "-> calls one/pkg/a.py:1"  # under the line that calls it
    assert lines[at["one/pkg/use_b.py:5"] + 2] == "-> calls one/pkg/b.py:1"


def test_json_says_a_string_found_in_another_case_in_the_json_alone(ws: Workspace, here: Runner) -> None:
    """With ``--json`` every notice is in the JSON alone; stderr says only why a status is not 0 (the
    string in another case, exit 0, had been said on stderr too)."""
    proc = ws.search('"econnrefused"', "--repo", str(ws.service), "--repo", str(ws.frontend), "--json", runner=here)
    assert proc.returncode == 0 and proc.stderr == ""
    assert any("in another case" in notice for notice in json.loads(proc.stdout)["notices"])
    human = ws.search('"econnrefused"', "--repo", str(ws.service), "--repo", str(ws.frontend), runner=here)
    assert "in another case" in human.stderr


def test_a_path_written_from_the_working_folder_is_read_in_its_repository(ws: Workspace, here: Runner,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """An outside tester's ``cd service && maguyva search ./config.py:12 --repo . --repo ../frontend``
    searched the words of ``./config.py`` over both repositories (one repository had been fixed):
    a path typed from the working folder is the file of the repository holding it, written as the
    workspace writes its paths, and said so; a quoted string and a path in no repository stay."""
    monkeypatch.chdir(ws.service)
    repos = ("--repo", ".", "--repo", "../frontend", "--json")
    answer = json.loads(ws.search("./config.py:12", *repos, runner=here).stdout)
    assert [(r["repo"], r["path"], r["start_line"]) for r in answer["results"]] == [("service", "config.py", 12)]
    assert answer["notices"][0] == "read ./config.py as service/config.py: the working folder is the top of service"
    answer = json.loads(ws.search("../frontend/api.ts", *repos, runner=here).stdout)
    assert {(r["repo"], r["path"]) for r in answer["results"]} == {("frontend", "api.ts")}
    assert answer["notices"][0] == "read ../frontend/api.ts as frontend/api.ts: the working folder is the top of service"
    for kept in ("'./config.py'", "../../elsewhere/x.py"):
        answer = json.loads(ws.search(kept, *repos, runner=here).stdout)
        assert not any(n.startswith("read ") for n in answer["notices"])
