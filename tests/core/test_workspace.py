"""Workspace search: several repositories, each its own index, answered as one.

The contract (issue 21.1-2): a workspace of one repository answers exactly as the repository alone
(same paths, order, scores, votes); the answer never depends on the order the repositories are
listed in; results carry their repository; a missing repository is named, the others answer; a
shard's work is capped by a deadline and a file budget, and a capped answer says so.
"""

from __future__ import annotations

import shutil
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.retrievers.text import body_stems
from maguyva_tui.core.types import Hit, Query, QueryError
from maguyva_tui.core.workspace import Coordinator, SearchRequest, Shard, open_workspace
from maguyva_tui.core.workspace.cluster import _within
from maguyva_tui.core.workspace.coordinator import qualify, split
from maguyva_tui.core.workspace.listing import labels_for, read_workspace
from maguyva_tui.core.workspace.merge import merge_lists
from maguyva_tui.core.workspace.shard import Ask, Found, Want
from tests.conftest import FIXTURE
from tests.fakes import FakeProvider


class WordProvider(FakeProvider):
    """Vectors seeded by a text's first word: deterministic, no model to load."""

    id = "test:workspace:64"

    def seed(self, text: str) -> int:
        return zlib.crc32((text.lower().split()[0] if text.split() else "").encode())


QUESTIONS = [
    "how does the config loader read files",
    "parse config",
    "ConfigLoader",
    "parse_config",
    "where is parse_config defined",
    '"ECONNREFUSED"',
    "who calls parse_config",
    "what breaks if I change parse_config",
    "code similar to parse_config",
    "server",
    "extract the settings from the text into a dictionary",
    "app/config.py:3",
    "config.py",
    'File "/home/someone/poly/app/server.py", line 2, in serve',
    "nowhere/missing.py:4",
    "parse_config('a=1') -> {'a': '1'}",
    '"extract the settings into a dictionary"',
    "subclasses of Shape",
    "what does serve call",
    "Shape::area",
]


@pytest.fixture(scope="module")
def repos(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Three repositories: the polyglot fixture, its Python app alone and its web folder alone."""
    base = tmp_path_factory.mktemp("workspace")
    shutil.copytree(FIXTURE, base / "poly")
    shutil.copytree(FIXTURE / "app", base / "app")
    shutil.copytree(FIXTURE / "web", base / "web")
    return {name: base / name for name in ("poly", "app", "web")}


@pytest.fixture(scope="module")
def index_base(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("indexes")


def _engine(root: Path, index_base: Path) -> Engine:
    engine = Engine(root, index_base, provider=WordProvider(), static=False)
    engine.refresh()
    engine.embed_pending()
    return engine


@pytest.fixture(scope="module")
def alone(repos: dict[str, Path], index_base: Path) -> Iterator[Engine]:
    engine = _engine(repos["poly"], index_base)
    yield engine
    engine.close()


@pytest.fixture(scope="module")
def shards(repos: dict[str, Path], index_base: Path) -> Iterator[list[Shard]]:
    labels = labels_for(list(repos.values()))
    out = [Shard(labels[root], _engine(root, index_base)) for root in repos.values()]
    yield out
    for shard in out:
        shard.close()


def _answer(coordinator: Coordinator, text: str, **options: Any) -> dict[str, Any]:
    """The JSON answer without what differs between two runs of one question (the clock)."""
    out = coordinator.search(SearchRequest(text, **options)).to_json()
    out.pop("elapsed_ms")
    out.pop("timings_ms")
    return out


def _ranking(results: list[dict[str, Any]]) -> list[tuple[Any, ...]]:
    return [(r["path"], r["start_line"], r["end_line"], r["score"], r["modalities"], r["boost"], r["folded"],
             r["snippet"]) for r in results]


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    text=st.sampled_from(QUESTIONS) | st.from_regex(r"[a-z][a-z_]{2,10}", fullmatch=True),
    preset=st.sampled_from(["quick", "default", "thorough"]),
    limit=st.integers(1, 60),
    modality=st.sampled_from([None, None, "text", "structural", "graph", "semantic"]),
    regex=st.sampled_from([False, False, False, True]),
    weights=st.none() | st.fixed_dictionaries({"text": st.sampled_from([0.0, 0.5, 1.0])}),
)
@pytest.mark.slow
@example(text="g_e", preset="quick", limit=1, modality=None, regex=False, weights=None)  # a substring
@example(text="how does the config loader read files", preset="quick", limit=1, modality="structural", regex=True,
         weights=None)  # refused alike
def test_a_workspace_of_one_repository_answers_as_the_repository(
    alone: Engine, repos: dict[str, Path], index_base: Path, text: str, preset: str, limit: int, modality: str | None,
    regex: bool, weights: dict[str, float] | None,
) -> None:
    coordinator = open_workspace([repos["poly"]], index_base, provider=WordProvider(), static=False)
    try:
        try:
            one = alone.search(text, limit=limit, preset=preset, modality=modality, regex=regex, weights=weights).to_json()
        except QueryError as refused:  # a regex for an engine that cannot read one: the workspace refuses it alike
            with pytest.raises(QueryError) as also:
                coordinator.search(SearchRequest(text, limit, modality, regex, preset=preset, weights=weights))
            assert str(also.value) == str(refused)
            return
        many = coordinator.search(SearchRequest(text, limit, modality, regex, preset=preset, weights=weights)).to_json()
    finally:
        coordinator.close()
    assert _ranking(many["results"]) == _ranking(one["results"])
    for key in ("intent", "confidence", "target", "rule", "weights", "fusion_strategy", "k", "modalities_run",
                "semantic_coverage", "semantic_tiers"):
        assert many[key] == one[key], key
    assert {r["repo"] for r in many["results"]} <= {"poly"}
    assert many["repos"] == [{"repo": "poly", "root": str(repos["poly"].resolve())}]


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(order=st.permutations([0, 1, 2]), text=st.sampled_from(QUESTIONS), preset=st.sampled_from(["default", "thorough"]))
def test_the_answer_never_depends_on_the_order_of_the_repositories(
    shards: list[Shard], repos: dict[str, Path], order: list[int], text: str, preset: str
) -> None:
    roots = list(repos.values())
    assert labels_for([roots[i] for i in order]) == labels_for(roots)
    listed = Coordinator([shards[i] for i in order])
    sorted_ = Coordinator(shards)
    try:
        assert _answer(listed, text, preset=preset) == _answer(sorted_, text, preset=preset)
    finally:
        listed.close(shards=False)
        sorted_.close(shards=False)


def test_results_carry_their_repository(shards: list[Shard]) -> None:
    coordinator = Coordinator(shards)
    try:
        answer = coordinator.search(SearchRequest("parse_config", limit=50))
    finally:
        coordinator.close(shards=False)
    pairs = {(repo, r.path) for repo, r in zip(answer.repos, answer.result.results)}
    assert ("poly", "app/config.py") in pairs and ("app", "config.py") in pairs  # the same code, two repositories
    assert answer.result.intent == "find_definition" and answer.result.rule == "known_symbol"
    for result in answer.result.results:
        assert "\x00" not in result.path and not result.path.startswith("/")
    shown = answer.display().results
    assert shown[0].path == f"{answer.repos[0]}/{answer.result.results[0].path}"


def test_a_lone_word_grounds_when_any_repository_defines_it(shards: list[Shard]) -> None:
    web_only = [s for s in shards if s.label == "web"]
    name = next(n for n in ("parseConfig", "loadConfig", "fetchJson") if web_only[0].engine.generation.knows_symbol(n))
    others = Coordinator([s for s in shards if s.label == "app"])
    together = Coordinator(shards)
    try:
        assert others.search(SearchRequest(name)).result.rule != "known_symbol"
        assert together.search(SearchRequest(name)).result.rule == "known_symbol"
    finally:
        others.close(shards=False)
        together.close(shards=False)


def test_bm25_reads_the_workspace_word_counts(shards: list[Shard], repos: dict[str, Path], index_base: Path,
                                              tmp_path: Path) -> None:
    """The summed chunk counts are those of one index holding every repository."""
    both = tmp_path / "both"
    for name in ("poly", "app", "web"):
        shutil.copytree(repos[name], both / name)
    combined = Engine(both, index_base, static=False)
    try:
        index = combined.generation.text.chunk_index()
        stems = ("config", "pars", "text", "server", "load", "nothing_at_all")
        total = None
        for shard in shards:
            token = shard.begin().token
            counts = shard.word_stats(token, stems)
            total = counts if total is None else total + counts
        assert total is not None and total.chunks == index.size
        for stem in stems:
            assert total.idf(stem) == pytest.approx(index.idf(stem)), stem
    finally:
        combined.close()


def test_a_question_starts_with_the_answers_it_will_ask_for(shards: list[Shard]) -> None:
    """What a shard answers at a question's start is what the later calls would answer."""
    stems = ("config", "pars", "nothing_at_all")
    for shard in shards:
        begun = shard.begin(Ask(("parse_config", "parseConfig", "no_such"), ("parse_config", "no_such"), stems))
        token = begun.token
        assert dict(begun.answers.known) == {w: shard.knows_symbol(token, w)
                                             for w in ("parse_config", "parseConfig", "no_such")}
        assert dict(begun.answers.symbols) == {n: tuple(shard.lookup(token, n)) for n in ("parse_config", "no_such")}
        assert begun.answers.stats == shard.word_stats(token, stems)
        assert dict(begun.answers.definers) == {n: shard.definers(token, n) for n in ("parse_config", "no_such")}
    assert any(dict(shard.begin(Ask(("parse_config",))).answers.known)["parse_config"] for shard in shards)


def test_a_shard_reads_definers_and_names_as_its_repository_does(shards: list[Shard]) -> None:
    """A shard's definers are its generation's (as one repository's search reads them), the same
    files as its symbols of the name; its names are its symbols' names, none of them made."""
    for shard in shards:
        token = shard.begin().token
        generation = shard.engine.generation
        for name in ("parse_config", "ConfigLoader", "load", "no_such", "config.parse_config"):
            assert shard.definers(token, name) == tuple(sorted(generation.definers(name)))
            assert set(shard.definers(token, name)) == {s.path for s in shard.lookup(token, name)}, name
        assert shard.names(token) == {s.name for s in shard.symbols(token)}
        assert shard.names(shard.begin().token) is shard.names(token)  # kept for the generation


def test_a_missed_name_reads_the_shards_names_not_their_symbols(shards: list[Shard],
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """A workspace question naming no symbol offers close names from every repository, and the
    names travel without any symbol made or sent."""
    made: list[str] = []
    monkeypatch.setattr(Shard, "symbols", lambda self, token: made.append(self.label) or [])
    coordinator = Coordinator(shards)
    try:
        answer = coordinator.search(SearchRequest("where is parse_confg defined")).result
        assert answer.lookup_failed is not None and "parse_config" in answer.lookup_failed.suggestions
        assert not made
    finally:
        coordinator.close(shards=False)


@pytest.mark.parametrize("name, text", [("text", '"parse_config"'), ("text", "config"),
                                        ("structural", "parse"), ("graph", "parse_config")])
def test_a_list_settled_later_is_the_list_settled_at_once(shards: list[Shard], name: str, text: str) -> None:
    """A shard in this process lists its hits first and locates only those the merge keeps
    (``settle``): each hit's chunk and centrality are then those the list would have carried."""
    listed = 0
    for shard in shards:
        token = shard.begin().token
        generation = shard.engine.generation  # the question's: nothing was refreshed since it began
        query = Query(text, target=text.strip('"'), intent="exact_match" if text.startswith('"') else None)
        at_once = shard.search(token, name, query, 50, 5.0, 5_000)
        later = shard.search(token, name, query, 50, 5.0, 5_000, None, False)
        assert at_once.settled and not later.settled
        hits = [f.hit for f in later.found]
        assert hits == [f.hit for f in at_once.found]
        expected = tuple(Found(h, generation.locate(h), generation.centrality(h)) for h in hits)
        assert at_once.found == expected
        assert shard.settle(token, hits[::-1]) == expected[::-1]  # any hits, in the order asked
        listed += len(hits)
    assert listed


def test_bm25_by_the_workspace_counts_reads_the_stems_once(shards: list[Shard]) -> None:
    """The text engine's BM25 list by the workspace's idf is the same whether it reads the stem ids
    the shard's word counts looked up for the question or looks them up itself."""
    sentence = "extract the settings from the text into a dictionary"
    query = Query(sentence, word_votes=True)
    stems = body_stems(sentence)
    counts = [shard.word_stats(shard.begin().token, stems) for shard in shards]
    total = sum(counts[1:], counts[0])
    for shard in shards:
        fresh = shard.begin().token  # no word counts asked on this one: each stem looked up by the engine
        looked_up = shard.begin().token
        shard.word_stats(looked_up, stems)
        alone = shard.search(fresh, "text", query, 30, 5.0, 5_000, total)
        reused = shard.search(looked_up, "text", query, 30, 5.0, 5_000, total)
        assert reused == alone
    assert any(shard.search(shard.begin().token, "text", query, 30, 5.0, 5_000, total).found for shard in shards)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.tuples(st.integers(-2, 80), st.integers(0, 80)), hit=st.integers(0, 80), whole=st.booleans(),
       asked=st.tuples(st.integers(-2, 90), st.integers(0, 90)))  # an end before line 1 is asked by no one
def test_lines_fetched_ahead_read_as_the_index_reads_them(shards: list[Shard], key: tuple[int, int], hit: int,
                                                          whole: bool, asked: tuple[int, int]) -> None:
    """Any lines a fetched excerpt holds are exactly the index's lines (past the end of a file too)."""
    shard = next(s for s in shards if s.label == "app")
    token = shard.begin().token
    path = "config.py"
    count = shard.line_count(token, path)
    (excerpt,) = shard.excerpts(token, [Want(path, key[0], key[1], hit, whole)])
    assert excerpt.path == path and excerpt.count == count
    for start, end, lines in excerpt.spans:
        assert list(lines) == shard.lines(token, path, start, end)
    held = _within(excerpt.spans, *asked)
    if held is not None:
        assert held == shard.lines(token, path, *asked), asked
    head = max(hit, 1)
    assert _within(excerpt.spans, head, head + 3) == shard.lines(token, path, head, head + 3)


def test_a_missing_repository_is_named_and_the_others_answer(repos: dict[str, Path], index_base: Path,
                                                             tmp_path: Path) -> None:
    gone = tmp_path / "gone"
    coordinator = open_workspace([repos["app"], gone], index_base, provider=WordProvider(), static=False)
    try:
        answer = coordinator.search(SearchRequest("parse_config")).to_json()
    finally:
        coordinator.close()
    assert answer["missing"] == [{"repo": "gone", "root": str(gone), "reason": f"{gone}: no such directory"}]
    assert answer["results"] and {r["repo"] for r in answer["results"]} == {"app"}
    assert any(n.startswith("gone: not searched") for n in answer["notices"])
    with pytest.raises(QueryError, match="no repository of the workspace can be searched"):
        open_workspace([gone], index_base)


def test_a_capped_shard_says_so(shards: list[Shard]) -> None:
    budget = Coordinator(shards, max_files=1)
    late = Coordinator(shards, deadline_s=0.0)
    unbounded = Coordinator(shards)
    try:
        answer = budget.search(SearchRequest('"parse_config"')).to_json()  # exact match: every occurrence
        assert answer["capped"] is True
        assert any("the text engine verified 1 of" in why for why in answer["capped_because"])
        assert answer["results"], "the files verified still answer"
        timed_out = late.search(SearchRequest("how does the config loader read files")).to_json()
        assert timed_out["capped"] is True and any("deadline" in n for n in timed_out["notices"])
        whole = unbounded.search(SearchRequest('"parse_config"')).to_json()
        assert whole["capped"] is False and whole["capped_because"] == []
        assert len(whole["results"]) > len(answer["results"])  # the budget left lines out
    finally:
        for coordinator in (budget, late, unbounded):
            coordinator.close(shards=False)


def _hit(path: str, score: float, reason: str = "whole identifier") -> tuple[Hit, None]:
    return (Hit(path, 1, 1, score, reason=reason), None)


def test_merge_keeps_each_shard_order_and_ties_go_to_the_first_label() -> None:
    b = [_hit("b1", 3.0), _hit("b2", 1.0), _hit("b3", 2.0)]  # an engine's own order, not sorted by score
    a = [_hit("a1", 3.0), _hit("a2", 2.0)]
    merged = [hit.path for _, hit, _ in merge_lists("structural", [("b", b), ("a", a)], 10)]
    assert merged == ["a1", "b1", "a2", "b2", "b3"]
    assert [h.path for _, h, _ in merge_lists("structural", [("b", b)], 10)] == ["b1", "b2", "b3"]
    assert len(merge_lists("structural", [("b", b), ("a", a)], 3)) == 3


def test_merge_puts_literal_lines_before_word_votes() -> None:
    a = [_hit("a-line", 1.0), _hit("a-words", 9.0, "body words config+pars")]
    b = [_hit("b-words", 12.0, "body words config")]
    merged = [hit.path for _, hit, _ in merge_lists("text", [("a", a), ("b", b)], 10)]
    assert merged == ["a-line", "b-words", "a-words"]


def test_qualified_paths_keep_every_component() -> None:
    path = qualify("org/tests", "src/vendor/x.py")
    assert path.split("/")[1:] == ["src", "vendor", "x.py"] and "tests" not in path.split("/")
    assert split(path) == ("org/tests", "src/vendor/x.py")


def test_labels_tell_same_named_folders_apart(tmp_path: Path) -> None:
    roots = [tmp_path / "a" / "lib", tmp_path / "b" / "lib", tmp_path / "tool"]
    assert labels_for(roots) == {roots[0]: "a/lib", roots[1]: "b/lib", roots[2]: "tool"}


def test_workspace_files(tmp_path: Path) -> None:
    (tmp_path / "ws.toml").write_text('repos = ["one", "/abs/two"]\n')
    (tmp_path / "ws.txt").write_text("# mine\none\n\n/abs/two\n")
    expected = [tmp_path / "one", Path("/abs/two")]
    assert read_workspace(tmp_path / "ws.toml") == expected
    assert read_workspace(tmp_path / "ws.txt") == expected
    (tmp_path / "bad.toml").write_text("repos = [\n")
    with pytest.raises(QueryError, match="not valid TOML"):
        read_workspace(tmp_path / "bad.toml")
    (tmp_path / "empty.txt").write_text("# nothing\n")
    with pytest.raises(QueryError, match="lists no repository"):
        read_workspace(tmp_path / "empty.txt")
    with pytest.raises(QueryError, match="cannot read the workspace file"):
        read_workspace(tmp_path / "absent.txt")


@pytest.fixture(scope="module")
def in_workers(repos: dict[str, Path], index_base: Path) -> Iterator[tuple[Coordinator, Coordinator]]:
    """The three repositories in this process, and held by two worker processes (one holds two)."""
    roots = [repos[name] for name in ("poly", "app", "web")]
    for root in roots:
        _engine(root, index_base).close()  # indexed and embedded, as the workers will read it
    here = open_workspace(roots, index_base, provider=WordProvider(), static=False)
    there = open_workspace(roots, index_base, provider=WordProvider(), static=False, workers=2)
    yield here, there
    here.close()
    there.close()


def _keyed(answer: Any) -> list[tuple[str, str, int, float, str]]:
    return [(repo, r.path, r.start_line, round(r.score, 12), r.snippet)
            for r, repo in zip(answer.result.results, answer.repos)]


@pytest.mark.slow
@pytest.mark.parametrize("question", QUESTIONS)
def test_worker_processes_give_the_list_of_one_process(in_workers: tuple[Coordinator, Coordinator],
                                                       question: str) -> None:
    here, there = in_workers
    hosts = {id(s.host) for s in there.shards}  # type: ignore[attr-defined]
    assert len(hosts) == 2 and len(there.shards) == 3
    expected = here.search(SearchRequest(question, 10))
    assert _keyed(there.search(SearchRequest(question, 10))) == _keyed(expected) != [], question


@pytest.mark.parametrize("question", ["where is parse_confg defined", "def ConfigLoadr", "ConfigLoader"])
def test_worker_processes_read_definers_and_close_names_as_one_process(in_workers: tuple[Coordinator, Coordinator],
                                                                       question: str) -> None:
    """A far shard's definers (the direct path's demotion) and names (a miss's close names) travel
    as names and paths: the same answer as in one process."""
    here, there = in_workers
    expected = here.search(SearchRequest(question, 10))
    answer = there.search(SearchRequest(question, 10))
    assert answer.result.lookup_failed == expected.result.lookup_failed
    assert _keyed(answer) == _keyed(expected)
    if expected.result.lookup_failed is not None:
        assert expected.result.lookup_failed.suggestions


@pytest.mark.slow
def test_a_killed_worker_is_named_missing_and_nothing_hangs(repos: dict[str, Path], index_base: Path) -> None:
    """A worker holding two repositories is killed between questions: both are named missing, the
    third answers, at once."""
    import os
    import signal
    import time

    roots = [repos[name] for name in ("poly", "app", "web")]
    for root in roots:
        _engine(root, index_base).close()
    there = open_workspace(roots, index_base, provider=WordProvider(), static=False, workers=2)
    try:
        hosts = {id(s.host): s.host for s in there.shards}  # type: ignore[attr-defined]
        pair = next(h for h in hosts.values() if sum(s.host is h for s in there.shards) == 2)  # type: ignore[attr-defined]
        held = sorted(s.label for s in there.shards if s.host is pair)  # type: ignore[attr-defined]
        os.kill(pair.actor.pid, signal.SIGKILL)
        started = time.perf_counter()
        answer = there.search(SearchRequest("parse the config file", 10))
        assert time.perf_counter() - started < 5
        assert [m.label for m in answer.missing] == held and "ended" in answer.missing[0].reason
        assert answer.repos and not set(answer.repos) & set(held)
    finally:
        there.close()


def test_a_trace_finds_its_frames_in_each_repository_that_holds_them(shards: list[Shard]) -> None:
    coordinator = Coordinator(shards)
    answer = _answer(coordinator, 'File "/home/someone/checkout/app/config.py", line 3, in parse_config')
    assert answer["rule"] == "location"
    assert {(r["repo"], r["path"]) for r in answer["results"]} == {("poly", "app/config.py"), ("app", "config.py")}
    elsewhere = _answer(coordinator, 'File "/usr/lib/python3.11/json/decoder.py", line 3, in x\nKeyError: 1')
    assert elsewhere["rule"] == "error_token"
