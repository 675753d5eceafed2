"""How the blend turns the engines' lists into a page: a file's other chunks credit it, copies of
the same code fold together, and the limit cuts the list without changing it."""

from __future__ import annotations

import math
import shutil
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from maguyva_tui.core.duplicates import COPY_SIMILARITY, fold_copies, signature, similarity
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import result_text
from maguyva_tui.core.fusion import FILE_DECAY, fuse
from maguyva_tui.core.plan import MAX_PREFIX_LIMIT, MIN_FETCH, PROBE, fetch_for
from maguyva_tui.core.types import Hit, SearchResult
from tests.conftest import FIXTURE
from tests.core.test_engine import CountingProvider


def hit(path: str, start: int, end: int) -> Hit:
    return Hit(path, start, end, 1.0)


# ---------------------------------------------------------------------------------------------
# A file's other chunks.


def test_a_file_with_several_matching_chunks_outranks_one_lucky_chunk() -> None:
    # b.py's best chunk ranks above a.py's, but three of a.py's functions match.
    lists = {"semantic": [hit("b.py", 1, 9), hit("a.py", 1, 9), hit("a.py", 20, 29), hit("a.py", 40, 49)]}
    ranked = fuse(lists, {"semantic": 0.5}, k=40, siblings=math.inf)
    assert [i.key for i in ranked] == [("a.py", 1, 9), ("b.py", 1, 9)]
    (credit,) = ranked[0].credits
    assert credit == ("semantic", 0.5 / 43 * FILE_DECAY + 0.5 / 44 * FILE_DECAY**2)
    assert ranked[0].folded == 2 and ranked[1].credits == () and ranked[1].file_credit == 0.0
    assert fuse(lists, {"semantic": 0.5}, k=40, file_decay=0.0)[0].key == ("b.py", 1, 9)


def test_one_engines_many_windows_add_at_most_a_share_of_its_best() -> None:
    windows = [hit("big.py", 10 * i + 1, 10 * i + 10) for i in range(200)]
    item = fuse({"text": windows}, {"text": 1.0}, k=40)[0]
    best_other = 1.0 / 42
    assert item.file_credit < best_other * FILE_DECAY / (1 - FILE_DECAY)
    assert item.score == item.rederived_score() == 1.0 / 41 + item.file_credit


def test_credits_are_per_engine_and_add_up_in_the_explanation() -> None:
    lists = {
        "semantic": [hit("a.py", 1, 9), hit("a.py", 20, 29)],
        "text": [hit("a.py", 40, 49), hit("a.py", 20, 29)],
        "structural": [],
    }
    item = fuse(lists, {"semantic": 0.5, "text": 0.2, "structural": 0.2}, k=40)[0]
    assert item.key == ("a.py", 20, 29)  # both engines found it: the chunk shown
    assert item.credits == (("semantic", 0.5 / 41 * FILE_DECAY), ("text", 0.2 / 41 * FILE_DECAY))
    assert item.file_credit == sum(c for _, c in item.credits)
    explained = item.to_dict()
    assert explained["file_credits"] == dict(item.credits)
    total = sum(c["contribution"] for c in explained["modalities"].values() if c is not None)
    assert (total + explained["file_credit"]) * explained["demotion"] == explained["score"]


# ---------------------------------------------------------------------------------------------
# Copies of the same code.

FUNCTION = """def merge_settings(request_setting, session_setting, dict_class=OrderedDict):
    if session_setting is None:
        return request_setting
    if request_setting is None:
        return session_setting
    merged_setting = dict_class(to_key_val_list(session_setting))
    merged_setting.update(to_key_val_list(request_setting))
    none_keys = [k for (k, v) in merged_setting.items() if v is None]
    for key in none_keys:
        del merged_setting[key]
    return merged_setting
"""

SIBLING = """def merge_hooks(request_hooks, session_hooks, dict_class=OrderedDict):
    if session_hooks is None or session_hooks.get("response") == []:
        return request_hooks
    if request_hooks is None or request_hooks.get("response") == []:
        return session_hooks
    return merge_setting(request_hooks, session_hooks, dict_class)
"""


def test_a_copy_is_alike_and_a_sibling_written_alike_is_not() -> None:
    original = signature(FUNCTION)
    reindented = signature("class Old:\n" + "".join("    " + line + "\n" for line in FUNCTION.splitlines()))
    edited = signature(FUNCTION.replace("none_keys", "empty_keys"))
    sibling = signature(SIBLING)
    assert original is not None and reindented is not None and edited is not None and sibling is not None
    assert similarity(original, signature(FUNCTION)) == 1.0  # the same in every call (and process)
    assert similarity(original, reindented) >= 0.9 and similarity(original, edited) >= 0.6
    assert similarity(original, sibling) < COPY_SIMILARITY / 2
    assert signature("def f(x):\n    return x\n") is None  # too small to call a copy


def test_copies_fold_under_the_best_ranked_one_and_the_list_closes_up() -> None:
    lists = {"semantic": [hit("v2/sessions.py", 1, 11), hit("v1/sessions.py", 1, 11),
                          hit("deprecated/old.py", 5, 15), hit("hooks.py", 1, 6)]}
    texts = {"v2/sessions.py": FUNCTION, "v1/sessions.py": FUNCTION,
             "deprecated/old.py": "# Kept for the old API.\n" + FUNCTION.replace("del merged_setting", "merged_setting.pop"),
             "hooks.py": SIBLING}
    fused = fuse(lists, {"semantic": 0.5}, k=40)
    folded = fold_copies(fused, lambda item: texts[item.key[0]])
    assert [i.key[0] for i in folded] == ["v2/sessions.py", "hooks.py"]
    assert folded[0].copies == (("v1/sessions.py", 1, 11), ("deprecated/old.py", 5, 15))
    assert folded[0].score == fused[0].score and folded[1] == fused[3]
    assert fold_copies(fused, lambda item: texts[item.key[0]], threshold=1.1) == fused  # above 1: nothing folds


def test_a_definition_and_the_one_around_it_are_no_copies_of_each_other() -> None:
    """Ruby's ``module Faraday`` around ``module FlatParamsEncoder``, its only definition, is nearly
    all the same code: the inner module had been folded under the wrapper as "a near copy" (faraday's
    "flat params encoder" listed ``Faraday (module)`` and hid ``Faraday.FlatParamsEncoder``); a
    copy in another file still folds."""
    wrapped = "module Outer\n" + "".join("  " + line + "\n" for line in FUNCTION.splitlines()) + "end\n"
    lists = {"semantic": [hit("lib/merge.rb", 1, 12), hit("lib/merge.rb", 2, 11), hit("old/merge.rb", 1, 12)]}
    texts = {("lib/merge.rb", 1): wrapped, ("lib/merge.rb", 2): FUNCTION, ("old/merge.rb", 1): wrapped}
    fused = fuse(lists, {"semantic": 0.5}, k=40, dedup_per_file=False)
    folded = fold_copies(fused, lambda item: texts[item.key[0], item.key[1]])
    assert [i.key for i in folded] == [("lib/merge.rb", 1, 12), ("lib/merge.rb", 2, 11)]
    assert folded[0].copies == (("old/merge.rb", 1, 12),) and folded[1].copies == ()


LICENCE = "".join(f"# Copyright line {i}: permission is hereby granted, free of charge, to any person.\n"
                  for i in range(12))


def test_a_vendored_copy_folds_under_the_original_and_a_shared_licence_does_not(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    for folder in ("v2", "v1"):
        (root / folder).mkdir(parents=True)
        (root / folder / "merge.py").write_text(LICENCE + "\n\n" + FUNCTION)
    for name, body in (("hooks", SIBLING), ("settings", "def settings_for(request):\n    return request.settings\n")):
        (root / f"{name}.py").write_text(LICENCE + "\n\n" + body)
    engine = _engine(root, tmp_path / "index")
    try:
        result = engine.search("how are the request settings merged with the session settings", limit=20)
    finally:
        engine.close()
    assert result.fusion_strategy == "fused"
    paths = [r.path for r in result.results]
    merged = [r for r in result.results if r.path.endswith("merge.py") and r.symbol is not None]
    assert len(merged) == 1 and merged[0].symbol == "merge_settings", paths  # the licence windows are listed too
    (copy,) = merged[0].copies
    assert copy[0] != merged[0].path and copy[0].endswith("merge.py")
    assert {"hooks.py", "settings.py"} <= set(paths)  # the licence windows alike are no copies
    assert merged[0].to_json()["copies"] == [{"path": copy[0], "start_line": copy[1], "end_line": copy[2]}]
    assert f"also in    {copy[0]}:{copy[1]}-{copy[2]}" in result_text(0, merged[0], result.k)


MANUAL = "".join(f"* smoothing option {i}: exponential moving average factor for the speed estimates, from 0 "
                 f"(the average speed) to 1 (the current speed), default {i / 10}.\n" for i in range(14))


def test_a_file_copied_whole_shows_its_lines_once(tmp_path: Path) -> None:
    """``PKG-INFO`` and ``pkg.egg-info/PKG-INFO`` are the same text: their windows, no definitions,
    were both listed (tqdm's sdist: the same manual twice on a page); a window is folded under its
    twin's only when the whole files are the same, so a header two files share still is not."""
    root = tmp_path / "repo"
    (root / "pkg.egg-info").mkdir(parents=True)
    (root / "PKG-INFO").write_text(MANUAL)
    (root / "pkg.egg-info" / "PKG-INFO").write_text(MANUAL)
    (root / "NOTES.txt").write_text(MANUAL.replace("default", "by default"))  # alike, not the same file
    (root / "rate.py").write_text("def smoothed(rate, last, factor):\n    return factor * rate + (1 - factor) * last\n")
    engine = _engine(root, tmp_path / "index")
    try:
        result = engine.search("exponential moving average smoothing of the speed estimate", limit=20)
    finally:
        engine.close()
    assert result.fusion_strategy == "fused"
    paths = [r.path for r in result.results]
    manuals = [r for r in result.results if r.path.endswith("PKG-INFO")]
    assert len(manuals) == 1, paths
    assert [copy[0] for copy in manuals[0].copies] == [
        "pkg.egg-info/PKG-INFO" if manuals[0].path == "PKG-INFO" else "PKG-INFO"]
    assert "NOTES.txt" in paths


# ---------------------------------------------------------------------------------------------
# The limit cuts the list; it never ranks it.


def test_every_limit_up_to_the_longest_page_asks_the_engines_for_the_same() -> None:
    # the front ends ask one more than the page (was the list cut?): 51 for a page of 50
    assert {fetch_for(limit) for limit in range(1, MAX_PREFIX_LIMIT + PROBE + 1)} == {
        (MAX_PREFIX_LIMIT + PROBE, MIN_FETCH)}
    alone, blend = fetch_for(200)
    assert alone >= 200 and blend >= 200


def _engine(root: Path, index: Path) -> Engine:
    engine = Engine(root, index, provider=CountingProvider())
    engine.refresh()
    engine.embed_pending()
    return engine


@pytest.fixture(scope="module")
def polyglot_engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    root = tmp_path_factory.mktemp("prefix") / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    engine = _engine(root, tmp_path_factory.mktemp("prefix-index"))
    yield engine
    engine.close()


@pytest.fixture(scope="module")
def requests_engine(requests_repo: Path, requests_index: Path) -> Iterator[Engine]:
    engine = _engine(requests_repo, requests_index)
    yield engine
    engine.close()


POLYGLOT_QUESTIONS = {
    "direct": ["where is parse_config defined", "parse_config", '"ECONNREFUSED"', "who calls parse_config"],
    "fused": ["how does the config loader read files", "server", "parse config", "code similar to parse_config"],
    "fallback blend": ["where is frobnicate defined", "who calls frobnicate"],
}
REQUESTS_QUESTIONS = {
    "direct": ["where is merge_setting defined", "Session", "who calls get_netrc_auth", '"Content-Length"'],
    "fused": ["merge request settings with session settings", "how are cookies extracted from a response",
              "retry a connection when the proxy fails", "redirect handling"],
    "fallback blend": ["where is frobnicate_the_widget defined"],
}

limits = st.tuples(st.integers(1, MAX_PREFIX_LIMIT), st.integers(1, MAX_PREFIX_LIMIT)).map(sorted)


def _page(result: SearchResult) -> list[dict[str, object]]:
    return [r.to_json() for r in result.results]


def _check_prefix(engine: Engine, question: str, path: str, short: int, long: int) -> None:
    a, b = engine.search(question, limit=short), engine.search(question, limit=long)
    if path == "fallback blend":
        assert a.fusion_strategy == "fused" and any("alone found nothing" in n for n in a.notices)
    else:
        assert (a.fusion_strategy == "direct") == (path == "direct"), a.fusion_strategy
    assert _page(a) == _page(b)[:short]
    assert len(a.results) == min(short, len(b.results))


@pytest.mark.parametrize("path", list(POLYGLOT_QUESTIONS))
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), pair=limits)
def test_the_page_for_a_limit_is_the_first_part_of_a_longer_page_polyglot(
    polyglot_engine: Engine, path: str, data: st.DataObject, pair: list[int]
) -> None:
    question = data.draw(st.sampled_from(POLYGLOT_QUESTIONS[path]))
    _check_prefix(polyglot_engine, question, path, *pair)


@pytest.mark.parametrize("path", list(REQUESTS_QUESTIONS))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data(), pair=limits)
def test_the_page_for_a_limit_is_the_first_part_of_a_longer_page_requests(
    requests_engine: Engine, path: str, data: st.DataObject, pair: list[int]
) -> None:
    question = data.draw(st.sampled_from(REQUESTS_QUESTIONS[path]))
    _check_prefix(requests_engine, question, path, *pair)


def test_the_command_lines_page_of_10_is_the_first_part_of_its_page_of_50(requests_engine: Engine) -> None:
    # maguyva search --json --limit 10 and --limit 50 (each asking one more, to say "truncated"):
    # the page of 50 had fetched 153 hits an engine, not 150, and ranked the blend otherwise
    from maguyva_tui.cli import _searched

    question = "retry a connection when the proxy fails"
    short, _ = _searched(requests_engine, question, limit=10)
    long, _ = _searched(requests_engine, question, limit=MAX_PREFIX_LIMIT)
    assert short.fusion_strategy == "fused"
    assert _page(short) == _page(long)[:10]


def test_the_explanation_adds_up_with_the_file_credit_and_names_the_copies(requests_engine: Engine) -> None:
    result = requests_engine.search("merge request settings with session settings", limit=MAX_PREFIX_LIMIT)
    credited = [r for r in result.results if r.file_credit > 0]
    assert credited, "some file is credited for its other chunks"
    for r in result.results:
        total = sum(v.contribution for _, v in r.votes if v is not None)
        lifted = (total + r.file_credit) * r.demotion * r.lift * r.name_lift * r.quoted_lift  # a confident first
        assert lifted + r.signature == r.score  # answer, the file's name, the names the question quotes, its signature
        assert sum(c for _, c in r.file_credits) == r.file_credit
    text = result_text(0, credited[0], result.k)
    assert "file " in text and f"{credited[0].file_credit:.6f}" in text and f"{credited[0].score:.6f}" in text
    lifted = replace(credited[0], lift=2.0, score=credited[0].score * 2.0)
    assert "lift" not in text and "× lift 2" in result_text(0, lifted, result.k)
    assert lifted.to_json()["lift"] == 2.0 and "lift" not in credited[0].to_json()
