"""A workspace ranks as each repository alone does, whichever way its shards run (in this process,
worker processes, a cluster's actors): a macro's template of a name its repository defines outside
any template too is demoted (``demoted_as: template``), and a word of tests, examples or docs that
is a word of a name in some repository's own code does not ask for them (``search.asks_aside``).

Over serde and faraday 1.1.0 (helper-263): ``Serialize`` had listed serde's hidden
``__private_serialize!`` ``trait Serialize`` (``private/doc.rs``) 2nd, which serde alone lists
200th, demoted as a template; "how does the test adapter stub requests" had listed faraday's
``examples/client_test.rb`` 2nd, undemoted, which faraday alone demotes 0.5 (3rd there), and
serde's ``#[test]`` functions undemoted.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.workspace import Coordinator, SearchRequest, open_workspace
from maguyva_tui.core.workspace.cluster import Host, RemoteShard, ShardHost
from tests.core.test_asks_aside import FILES as FARADAY
from tests.core.test_macro_templates import DOC, SER
from tests.core.test_test_modules import NameProvider
from tests.core.test_workspace_twin_files import _Actor, _Ray

SERDE = {
    "Cargo.toml": '[package]\nname = "serde"\nversion = "1.0.0"\n',
    "src/private/doc.rs": DOC,
    "src/ser/mod.rs": SER,
    "src/ser/impls.rs": "use super::Serialize;\n\npub fn stub_requests(count: u8) -> u8 {\n    count\n}\n\n"
                        "#[test]\nfn test_stub_requests_adapter() {\n    assert_eq!(stub_requests(2), 2);\n}\n",
}
QUESTIONS = ("Serialize", "how does the test adapter stub requests")
Row = tuple[str, "str | None", int]
Told = tuple[float, tuple[str, ...]]


def _repo(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    return root


@pytest.fixture(scope="module")
def roots(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    base = tmp_path_factory.mktemp("as_alone")
    return [_repo(base / "serde", SERDE), _repo(base / "faraday", FARADAY)]


@pytest.fixture(scope="module")
def index_base(roots: list[Path], tmp_path_factory: pytest.TempPathFactory) -> Path:
    base = tmp_path_factory.mktemp("as_alone_index")
    for root in roots:
        engine = Engine(root, base, provider=NameProvider(), static=False)
        engine.refresh()
        engine.embed_pending()
        engine.close()
    return base


def _alone(roots: list[Path], index_base: Path, question: str) -> dict[Row, Told]:
    rows = {}
    for root in roots:
        engine = Engine(root, index_base, provider=NameProvider(), static=False)
        try:
            for r in engine.search(question, limit=60).results:
                rows[(f"{root.name}/{r.path}", r.symbol, r.start_line)] = (r.demotion, r.demoted_as)
        finally:
            engine.close()
    return rows


def _together(coordinator: Coordinator, question: str) -> dict[Row, Told]:
    answer = coordinator.search(SearchRequest(question, 60))
    return {(f"{repo}/{r.path}", r.symbol, r.start_line): (r.demotion, r.demoted_as)
            for r, repo in zip(answer.result.results, answer.repos)}


def _check(coordinator: Coordinator, roots: list[Path], index_base: Path) -> None:
    for question in QUESTIONS:
        alone, together = _alone(roots, index_base, question), _together(coordinator, question)
        # the question is one: a word naming faraday's code asks for no repository's tests, serde's
        # neither, though serde alone (no test adapter there) reads it as asking for them
        shared = [row for row in together if row in alone and not row[1] == "test_stub_requests_adapter"]
        assert len(shared) > 3 and {row: together[row] for row in shared} == {row: alone[row] for row in shared}, question
        if question == "Serialize":
            assert together[("serde/src/private/doc.rs", "Serialize", 5)] == (fusion.DEMOTION, ("template",))
            rows = list(together)
            assert rows.index(("serde/src/ser/mod.rs", "Serialize", 2)) < rows.index(("serde/src/private/doc.rs", "Serialize", 5))
        else:
            aside = {row: told for row, told in together.items() if row[0].startswith(("faraday/examples/", "faraday/CHANGELOG"))}
            assert aside and all(told == (fusion.SECONDARY_DEMOTION, ("secondary",)) for told in aside.values())
            assert together[("serde/src/ser/impls.rs", "test_stub_requests_adapter", 7)][1] == ("secondary",)


@pytest.mark.slow
def test_a_workspace_in_this_process_ranks_as_each_repository_alone(roots: list[Path], index_base: Path) -> None:
    workspace = open_workspace(roots, index_base, provider=NameProvider(), static=False)
    try:
        _check(workspace, roots, index_base)
    finally:
        workspace.close()


@pytest.fixture
def remote(roots: list[Path], index_base: Path) -> Iterator[tuple[Coordinator, Counter[str]]]:
    calls: Counter[str] = Counter()
    held = tuple((root.name, str(root)) for root in roots)
    host = Host(_Actor(ShardHost(held, str(index_base), NameProvider(), False), calls), _Ray())
    coordinator = Coordinator([RemoteShard(label, root, host) for label, root in held])  # type: ignore[misc]
    try:
        assert len(coordinator.open()) == len(roots)
        yield coordinator, calls
    finally:
        coordinator.close()


@pytest.mark.slow
def test_remote_shards_tell_their_templates_and_aside_words_with_what_they_answer(
        remote: tuple[Coordinator, Counter[str]], roots: list[Path], index_base: Path) -> None:
    coordinator, calls = remote
    _check(coordinator, roots, index_base)
    # the aside words judged with the question's start, the templates told with the lists
    assert calls["own_aside_words"] == 0 and calls["shadowed_templates"] == 0, calls


@pytest.mark.slow
def test_worker_processes_rank_as_each_repository_alone(roots: list[Path], index_base: Path) -> None:
    workspace = open_workspace(roots, index_base, provider=NameProvider(), static=False, workers=2)
    try:
        _check(workspace, roots, index_base)
    finally:
        workspace.close()
