"""Which repository ``maguyva search`` and ``graph`` answer from when given no ``--repo``: the
working folder, unless a folder above it (up to the git repository's top, never the home folder)
has an index. A search from ``repo/src/pkg`` had indexed ``src/pkg`` alone (ck's users asked for
the same: BeaconBay/ck#108)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from maguyva_tui import cli, locations, roots
from maguyva_tui.core.store.format import repo_dir
from maguyva_tui.resident import place
from maguyva_tui.resident.server import Server
from tests.conftest import Runner


def _indexed(base: Path, root: Path, live: bool = True) -> None:
    """Make ``root``'s index folder under ``base`` as the store names it (``CURRENT`` when live)."""
    folder = repo_dir(base, root.resolve())
    folder.mkdir(parents=True)
    if live:
        (folder / "CURRENT").write_text("g-1")


def test_the_nearest_indexed_folder_up_to_the_git_top_answers(tmp_path: Path) -> None:
    home, base = tmp_path / "home", tmp_path / "indexes"
    repo = home / "outer" / "repo"
    pkg = repo / "src" / "pkg"
    pkg.mkdir(parents=True)
    (repo / ".git").mkdir()
    base.mkdir()

    def root_of(cwd: Path) -> str:
        return roots.enclosing_root(str(cwd), str(base), str(home))

    assert root_of(pkg) == str(pkg)  # no index anywhere: the working folder, as before
    _indexed(base, home)
    _indexed(base, home / "outer")
    assert root_of(pkg) == str(pkg)  # above the git top, or the home folder: never
    _indexed(base, repo / "src", live=False)
    assert root_of(pkg) == str(pkg)  # a folder without CURRENT holds no index
    _indexed(base, repo)
    assert root_of(pkg) == str(repo) and root_of(repo / "src") == str(repo)
    assert root_of(repo) == str(repo)
    _indexed(base, pkg)
    assert root_of(pkg) == str(pkg)  # a folder with its own index is its own repository
    loose = home / "notes" / "deep"  # no git: up to the home folder, not to it
    loose.mkdir(parents=True)
    _indexed(base, home / "notes")
    assert root_of(loose) == str(home / "notes") and root_of(home) == str(home)
    assert roots.enclosing_root("/", str(base), str(home)) == "/"


def test_a_folder_the_repositorys_index_leaves_out_is_searched_alone(tmp_path: Path) -> None:
    """``node_modules/left-pad`` or an ignored ``vendor/x``: the repository's index holds none of
    its files, so a search there indexes it alone, as before (an answer from above had no line of it)."""
    repo, base = tmp_path / "repo", tmp_path / "indexes"
    for folder in ("vendor/x", ".git/hooks", "src/pkg"):
        (repo / folder).mkdir(parents=True)
    (repo / ".gitignore").write_text("vendor/\n")
    _indexed(base, repo)
    for folder in ("vendor/x", ".git/hooks"):
        assert cli.implied_repo(None, str(base), str((repo / folder).resolve())) == (["."], None)
    assert cli.implied_repo(None, str(base), str((repo / "src/pkg").resolve())) == (
        [str(repo.resolve())], os.path.join("src", "pkg"))


@pytest.mark.parametrize("cache", [None, "/x/cache", "relative/cache"])
def test_the_clients_default_index_folder_is_platformdirs_one(monkeypatch: pytest.MonkeyPatch,
                                                               cache: str | None) -> None:
    monkeypatch.delenv(locations.INDEX_DIR_ENV)
    if cache is None:
        monkeypatch.delenv("XDG_CACHE_HOME", raising=False)
    else:
        monkeypatch.setenv("XDG_CACHE_HOME", cache)
    assert place.default_index_base(os.environ) == str(locations.default_index_base())


def test_a_search_from_a_subfolder_answers_from_the_repositorys_index(
        indexed_polyglot: Path, here: Runner, monkeypatch: pytest.MonkeyPatch) -> None:
    base = Path(os.environ[locations.INDEX_DIR_ENV])
    indexes = sorted(base.iterdir())
    monkeypatch.chdir(indexed_polyglot / "app")
    proc = here("search", "def parse_config", "--json", "--modality", "structural")
    result = json.loads(proc.stdout)
    assert proc.returncode == 0 and "rust/lib.rs" in {r["path"] for r in result["results"]}  # the whole repository's
    notice = cli.scope_notice(str(indexed_polyglot.resolve()), "app")
    assert notice in result["notices"]
    human = here("graph", "callers", "parse_config")
    assert "app/server.py:47" in human.stdout and f"maguyva: {notice}" in human.stderr
    batch = here("search", "--batch", "-", stdin='{"query": "parse_config", "modality": "structural"}\n')
    assert notice in json.loads(batch.stdout)["notices"]
    assert sorted(base.iterdir()) == indexes  # no second index, of app/ alone
    assert cli.implied_repo(["."], str(base), "") == (["."], None)  # --repo, even ., always wins


def test_the_resident_server_answers_a_subfolder_of_its_repository(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    pkg = repo / "src"
    pkg.mkdir(parents=True)
    (repo / ".git").mkdir()
    _indexed(Path(os.environ[locations.INDEX_DIR_ENV]), repo)
    server = Server(str(repo), os.environ[locations.INDEX_DIR_ENV])
    request = {"argv": ["search", "q"], "cwd": str(pkg.resolve()), "env": server.env,
               "index_dir_env": os.environ[locations.INDEX_DIR_ENV]}
    why, args = server._checked(request)
    assert why is None and args is not None and args.scope == "src"
    assert server.not_mine({**request, "argv": ["search", "q", "--repo", "."]}) == "another repository"
    why, args = server._checked({**request, "argv": ["search", "../x.py:3", "--repo", ".."]})
    assert why is None and args is not None and cli.typed_in(args) == "src"  # read from where it was typed


def _ignored_build(tmp_path: Path) -> tuple[Path, Path]:
    """A git repository with an index and an ignored ``build/gen``; its real path and the index folder."""
    repo, base = (tmp_path / "repo").resolve(), Path(os.environ[locations.INDEX_DIR_ENV])
    for folder in (".git", "build/gen", "src"):
        (repo / folder).mkdir(parents=True)
    (repo / ".gitignore").write_text("build/\n")
    _indexed(base, repo)
    return repo, base


def test_a_search_from_an_ignored_folder_starts_no_server_of_the_repository(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """From ``build/gen``, which the repository's index leaves out, a search at a terminal started the
    repository's server, which declined the search and lingered idle for 15 minutes; it starts the
    folder's own, which answers the next searches from there (as in process: that folder alone)."""
    from maguyva_tui.resident import client

    repo, _ = _ignored_build(tmp_path)
    started: list[str] = []
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.setattr(client, "_at_terminal", lambda: True)
    monkeypatch.setattr(client, "start_and_connect", lambda folder, path, root, spec: started.append(root))
    for cwd in (repo / "build" / "gen", repo / "src"):
        monkeypatch.chdir(cwd)
        client._reach(["search", "q"], (None, None), os.environ)
    assert started == [str(repo / "build" / "gen"), str(repo)]
    monkeypatch.chdir(tmp_path)
    assert roots.implied_root(str(repo / "build" / "gen"), os.environ[locations.INDEX_DIR_ENV], "/home") == str(
        repo / "build" / "gen")  # and `maguyva server start` from there starts the folder's


def test_a_server_of_the_repository_declining_an_ignored_folder_hands_it_to_the_folders_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from maguyva_tui.resident import client

    repo, _ = _ignored_build(tmp_path)
    monkeypatch.delenv("MAGUYVA_NO_SERVER")
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path / "run"))
    monkeypatch.chdir(repo / "build" / "gen")
    asked: list[str] = []
    monkeypatch.setattr(client, "connect", lambda folder, path: asked.append(path) or path)
    replies = iter([{"handled": False, "why": "another repository"}, {"handled": False, "why": "busy"}])
    monkeypatch.setattr(client, "exchange", lambda sock, request, path="": next(replies))
    assert client.answer(["search", "q"]) is None  # both declined: in process
    env, spec = place.relevant_env(os.environ), os.environ[locations.INDEX_DIR_ENV]
    assert asked == [place.socket_path(str(tmp_path / "run" / "maguyva"), place.identity(where, spec, env))
                     for where in (str(repo), str(repo / "build" / "gen"))]


class _Ran(Exception):
    """What the stand-in explorer raises instead of drawing."""


def test_the_explorer_and_the_mcp_server_open_the_repository_above_and_say_so(
        indexed_polyglot: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``maguyva`` and ``maguyva mcp`` from ``repo/app`` had opened ``app`` alone (a second index of
    files the repository's holds) where ``maguyva search`` answers from the repository's; a PATH wins."""
    import maguyva_tui.app
    import maguyva_tui.mcp.server

    opened: list[tuple[Path, list[str] | str | None]] = []

    class Explorer:
        available_themes: dict[str, object] = {}

        def __init__(self, engine: object, **kwargs: object) -> None:
            opened.append((engine.root, kwargs["notices"]))  # type: ignore[attr-defined]

        def run(self, loop: object) -> None:
            raise _Ran

    monkeypatch.setattr(maguyva_tui.app, "MaguyvaApp", Explorer)
    monkeypatch.setattr(cli, "no_explorer_here", lambda: None)
    monkeypatch.setattr(maguyva_tui.mcp.server, "serve", lambda engine, said=None: opened.append((engine.root, said)))
    monkeypatch.chdir(indexed_polyglot / "app")
    for argv in ([], ["."]):
        with pytest.raises(_Ran):
            cli._run_app(argv)
        cli._mcp(cli.build_parser().parse_args(["mcp", *argv]))
    root = str(indexed_polyglot.resolve())
    assert opened == [(Path(root), [cli.scope_notice(root, "app", "opened", "maguyva . opens")]),
                      (Path(root), cli.scope_notice(root, "app", "serving", "maguyva mcp . serves")),
                      (Path(root, "app"), []), (Path(root, "app"), None)]  # a PATH, even ., wins


def test_graph_json_from_a_subfolder_says_so_among_its_notes(indexed_polyglot: Path, here: Runner,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """``graph --json`` had said it only on stderr, outside the JSON a script reads (search --json: its notices)."""
    monkeypatch.chdir(indexed_polyglot / "app")
    proc = here("graph", "callers", "parse_config", "--json")
    notice = cli.scope_notice(str(indexed_polyglot.resolve()), "app")
    assert proc.returncode == 0 and notice in json.loads(proc.stdout)["notes"] and notice not in proc.stderr


def test_a_path_written_from_the_working_folder_is_read_from_the_top(indexed_polyglot: Path, here: Runner,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """Found on ply 3.11 from ``example/calc``: ``maguyva search ../calcdebug/calc.py:68`` (the shell's
    completion) said "no indexed file is ../calcdebug/calc.py; searching the question's words instead",
    and ``./calc.py`` listed every ``calc.py`` of the repository; now each is the file it names."""
    monkeypatch.chdir(indexed_polyglot / "app")
    answer = json.loads(here("search", "../c/config.c:15", "--json").stdout)
    assert answer["lookup_failed"] is None
    assert [(r["path"], r["start_line"], r["symbol"]) for r in answer["results"]] == [("c/config.c", 15, "parse_config")]
    assert "read ../c/config.c as c/config.c: the working folder is app/ of the repository" in answer["notices"]
    beside = here("search", "./config.py")
    assert beside.returncode == 0 and beside.stdout.split()[1] == "app/config.py:1"
    assert "maguyva: read ./config.py as app/config.py: the working folder is app/ of the repository" in beside.stderr
    graph = json.loads(here("graph", "importers", "./config.py", "--json").stdout)
    assert "app/server.py" in {r["path"] for r in graph["results"]}
    assert graph["notes"][0] == "read ./config.py as app/config.py: the working folder is app/ of the repository"
    out = json.loads(here("search", "../../elsewhere/x.py", "--json").stdout)  # out of the repository: as written
    assert not any(n.startswith("read ") for n in out["notices"])


def test_a_path_written_from_the_working_folder_is_read_so_with_a_repo_named(indexed_polyglot: Path, here: Runner,
                                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """An outside tester's ``cd repo/src && maguyva search --repo .. ../README.md:1`` said the file
    missing, where the same search without ``--repo`` found it: a ``--repo`` had left the working
    folder unread. A path is read from where it was typed whatever ``--repo`` says, inside the
    repository; no line says the repository was found above (it was named)."""
    monkeypatch.chdir(indexed_polyglot / "app")
    for repo in ("..", str(indexed_polyglot.resolve())):
        answer = json.loads(here("search", "--repo", repo, "../c/config.c:15", "--json").stdout)
        assert answer["lookup_failed"] is None
        assert [(r["path"], r["start_line"], r["symbol"]) for r in answer["results"]] == [
            ("c/config.c", 15, "parse_config")]
        assert "read ../c/config.c as c/config.c: the working folder is app/ of the repository" in answer["notices"]
        assert not any("nearest indexed folder" in n for n in answer["notices"])
    beside = here("search", "--repo", "..", "./config.py")
    assert beside.returncode == 0 and beside.stdout.split()[1] == "app/config.py:1"
    graph = json.loads(here("graph", "importers", "./config.py", "--repo", "..", "--json").stdout)
    assert "app/server.py" in {r["path"] for r in graph["results"]}
    assert graph["notes"][0] == "read ./config.py as app/config.py: the working folder is app/ of the repository"
    monkeypatch.chdir(indexed_polyglot.parent)  # outside the repository: as written
    out = json.loads(here("search", "--repo", str(indexed_polyglot), "./c/config.c", "--json").stdout)
    assert not any(n.startswith("read ") for n in out["notices"])
