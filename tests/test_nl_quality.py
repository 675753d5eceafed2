"""The plain-English benchmark (``python -m bench.nl_quality``): scoring, paths, halves, dropping.

The scores are checked on cases computed by hand from semble's definition: relevant and secondary
targets both grade 1, a file counts at its first rank only, the ideal DCG is over
``min(10, targets the index holds)``. Nothing here downloads, except the one ``slow`` test.
"""

from __future__ import annotations

import hashlib
import io
import json
import math
import random
import tarfile
from pathlib import Path

import pytest

from bench.nl import halves as nl_halves
from bench.nl import labels, modes, repos, scoring, sources
from bench.nl.labels import Target, Task
from bench.nl.prepare import joined

LOG3 = math.log2(3)  # the discount at rank 2


def task(*relevant: str | Target, secondary: tuple[str | Target, ...] = (), category: str = "semantic") -> Task:
    def as_target(t: str | Target) -> Target:
        return t if isinstance(t, Target) else Target(t)

    return Task("r", "python", "q", tuple(map(as_target, relevant)), tuple(map(as_target, secondary)), category)


# -- semble's NDCG@10 --------------------------------------------------------------------------


def test_ndcg_one_target_at_rank_one_and_two() -> None:
    assert scoring.ndcg_at_k([1], 1) == 1.0
    assert scoring.ndcg_at_k([2], 1) == pytest.approx(1 / LOG3)  # 0.631


def test_ndcg_two_targets_at_ranks_one_and_three() -> None:
    dcg = 1 + 1 / math.log2(4)  # 1.5
    ideal = 1 + 1 / LOG3  # 1.631
    assert scoring.ndcg_at_k([1, 3], 2) == pytest.approx(dcg / ideal)  # 0.920


def test_ndcg_nothing_findable_or_found_beyond_the_cut_scores_zero() -> None:
    assert scoring.ndcg_at_k([], 0) == 0.0
    assert scoring.ndcg_at_k([1], 0) == 0.0
    assert scoring.ndcg_at_k([11], 1) == 0.0


def test_ideal_dcg_is_over_min_of_ten_and_the_targets() -> None:
    """Twelve targets, ten found at ranks 1..10: perfect, since the ideal stops at ten."""
    assert scoring.ndcg_at_k(list(range(1, 11)), 12) == pytest.approx(1.0)
    # three targets, one found at rank 1: 1 / (1 + 1/log2(3) + 1/log2(4))
    assert scoring.ndcg_at_k([1], 3) == pytest.approx(1 / (1 + 1 / LOG3 + 0.5))


def test_a_file_counts_at_its_first_rank_only() -> None:
    """Two chunks of the one relevant file: the second earns nothing, so the first at rank 2 gives 0.631."""
    results = [("b.py", 1, 9), ("a.py", 1, 9), ("a.py", 10, 20)]
    score, ranks = scoring.semble_ndcg(results, task("a.py"), n_relevant=1)
    assert ranks == [2]
    assert score == pytest.approx(1 / LOG3)


def test_relevant_and_secondary_both_grade_one() -> None:
    results = [("b.py", 1, 5), ("a.py", 1, 5)]
    primary_first = scoring.semble_ndcg(results, task("b.py", secondary=("a.py",)), 2)[0]
    secondary_first = scoring.semble_ndcg(results, task("a.py", secondary=("b.py",)), 2)[0]
    assert primary_first == secondary_first == pytest.approx(1.0)


def test_one_chunk_covering_two_targets_counts_once_while_both_count_in_the_ideal() -> None:
    """A file listed as relevant and secondary (semble keeps the duplicate): 1 / (1 + 1/log2(3))."""
    t = task("a.py", secondary=("a.py",))
    chunks = {"a.py": [(1, 30)]}
    n = scoring.indexed_targets(chunks, t.all_relevant)
    assert n == 2
    score, ranks = scoring.semble_ndcg([("a.py", 1, 30)], t, n)
    assert ranks == [1, 1]
    assert score == pytest.approx(1 / (1 + 1 / LOG3))


def test_only_the_top_ten_results_are_read() -> None:
    results = [(f"x{i}.py", 1, 2) for i in range(10)] + [("a.py", 1, 2)]
    assert scoring.semble_ndcg(results, task("a.py"), 1) == (0.0, [])


def test_targets_no_chunk_covers_do_not_count_in_the_ideal() -> None:
    t = task("a.py", "gone.py", Target("b.py", 40, 50))
    chunks = {"a.py": [(1, 10)], "b.py": [(1, 30)]}
    assert scoring.indexed_targets(chunks, t.all_relevant) == 1  # b.py's lines 40-50 are in no chunk


def test_span_targets_need_overlapping_lines() -> None:
    span = Target("a.py", 10, 20)
    assert labels.target_matches("a.py", 18, 30, span)
    assert labels.target_matches("a.py", 1, 10, span)
    assert not labels.target_matches("a.py", 21, 30, span)
    assert labels.target_matches("a.py", 500, 600, Target("a.py"))


def test_hit_at_1_reads_the_first_result_only() -> None:
    t = task("a.py", secondary=("b.py",))
    assert scoring.hit_at_1([("b.py", 1, 2), ("c.py", 1, 2)], t) == 1.0
    assert scoring.hit_at_1([("c.py", 1, 2), ("a.py", 1, 2)], t) == 0.0
    assert scoring.hit_at_1([], t) == 0.0


def test_path_matching_is_semble_s_suffix_rule() -> None:
    assert labels.path_matches("src/flask/app.py", "src/flask/app.py")
    assert labels.path_matches("src/flask/app.py", "app.py")
    assert labels.path_matches("src\\flask\\app.py", "flask/app.py")
    assert not labels.path_matches("src/flask/xapp.py", "app.py")
    assert not labels.path_matches("src/flask/sansio/app.py", "flask/app.py")
    assert not labels.path_matches("app.py", "src/flask/app.py")


# -- docstring questions -----------------------------------------------------------------------


def test_docstring_answer_is_a_result_in_its_file_overlapping_its_lines() -> None:
    answer = ("pkg/m.py", 10, 20)
    results = [("pkg/other.py", 10, 20), ("pkg/m.py", 30, 40), ("pkg/m.py", 1, 10)]
    assert scoring.answer_rank(results, answer) == 3
    assert scoring.answer_rank(results[:2], answer) is None
    assert scoring.answer_rank([("pkg/other.py", 1, 2)] * 10 + [answer], answer) is None  # beyond 10
    assert scoring.reciprocal(3) == pytest.approx(1 / 3)
    assert scoring.reciprocal(None) == 0.0


# -- labels, paths and the questions kept ------------------------------------------------------


def test_a_missing_category_is_inferred_as_semble_does() -> None:
    path = repos.DATA / "flask.json"
    found = {t.query: t.category for t in labels.load_tasks(path, "flask", "python")}
    assert found["Blueprint"] == "symbol"
    assert found["how are routes registered"] == "architecture"
    assert found["session management"] == "semantic"
    assert found["how Blueprint inherits routing behaviour from its sansio base class"] == "architecture"


def test_questions_are_dropped_for_a_missing_file_or_a_line_span() -> None:
    files = ["lib/a.rb", "lib/sub/b.rb"]
    ok = task("lib/a.rb", secondary=("sub/b.rb",))
    missing = task("lib/a.rb", secondary=("lib/c.rb",))
    spanned = task(Target("lib/a.rb", 3, 9))
    kept, dropped = labels.keep([ok, missing, spanned], files)
    assert kept == [ok]
    assert [(d.task, d.reason) for d in dropped] == [(missing, "missing lib/c.rb"), (spanned, labels.SPAN_DROPPED)]


def test_layout_maps_package_folders_onto_repository_paths(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    base = Path(str(tmp_path))
    monkeypatch.setattr(sources, "UNPACKED", base)
    package = sources.Package("debian", "librust-tokio-dev", "1.24.2-1", "0" * 64)
    crate = base / sources.stem(package) / "usr/share/cargo/registry/tokio-1.24.2"
    (crate / "src/sync").mkdir(parents=True)
    (crate / "src/sync/mutex.rs").write_text("pub struct Mutex;")
    (crate / "Cargo.toml").write_text("[package]")
    (base / sources.stem(package) / ".complete").touch()
    layout = sources.Layout((package,), (("tokio/", f"{sources.stem(package)}/usr/share/cargo/registry/tokio-1.24.2"),))
    found = dict(sources.repository_files(layout))
    assert set(found) == {"tokio/Cargo.toml", "tokio/src/sync/mutex.rs"}
    assert found["tokio/src/sync/mutex.rs"] == crate / "src/sync/mutex.rs"
    # indexed from semble's benchmark_root, and back to the label's repository path
    inside = {sources.relative(p, "tokio/src") for p in found} - {None}
    assert inside == {"sync/mutex.rs"}
    assert joined("tokio/src", "sync/mutex.rs") == "tokio/src/sync/mutex.rs"
    assert labels.path_matches(joined("tokio/src", "sync/mutex.rs"), "tokio/src/sync/mutex.rs")
    assert joined(None, "gin.go") == "gin.go" and sources.relative("gin.go", None) == "gin.go"


def test_package_stems_are_plain_folder_names() -> None:
    assert sources.stem(sources.Package("npm", "@trpc/server", "11.25.2", "")) == "npm-trpc-server-11.25.2"
    railties = sources.Package("debian", "ruby-railties", "2:6.1.7.10+dfsg-1~deb12u4", "")
    assert sources.stem(railties) == "debian-ruby-railties-2-6.1.7.10+dfsg-1-deb12u4"


def _orig_tarball(folder: Path, package: sources.Package, files: dict[str, str]) -> Path:
    """A source package's upstream tarball, named as ``apt-get source`` names it, holding ``files``."""
    data = io.BytesIO()
    with tarfile.open(fileobj=data, mode="w:xz") as tf:
        for name, text in files.items():
            body = text.encode()
            info = tarfile.TarInfo(name)
            info.size = len(body)
            tf.addfile(info, io.BytesIO(body))
    folder.mkdir(parents=True, exist_ok=True)
    archive = folder / f"{package.name}_{sources.upstream_version(package.version)}.orig.tar.xz"
    archive.write_bytes(data.getvalue())
    return archive


def test_a_debian_source_package_is_its_orig_tarball_pinned_by_sha256(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sources, "ARCHIVES", tmp_path / "archives")
    monkeypatch.setattr(sources, "UNPACKED", tmp_path / "unpacked")
    monkeypatch.setattr(sources.subprocess, "run", lambda *a, **k: pytest.fail(f"no download expected: {a}"))
    pinned = sources.Package("debian-source", "libfoo-java", "1:3.12.0-2+deb12u1", "")
    folder = tmp_path / "archives" / "debian-source"
    # apt-get source also saves the .dsc and Debian's own tarball: only the upstream one is the package
    for other in ("libfoo-java_3.12.0-2+deb12u1.dsc", "libfoo-java_3.12.0-2+deb12u1.debian.tar.xz",
                  "libfoo-java_3.12.0.orig.tar.xz.asc"):
        (folder / other).parent.mkdir(parents=True, exist_ok=True)
        (folder / other).write_text("not it")
    archive = _orig_tarball(folder, pinned, {"foo-rel-3.12.0/src/main/java/org/foo/Text.java": "class Text {}"})
    good = sources.Package("debian-source", "libfoo-java", "1:3.12.0-2+deb12u1",
                           hashlib.sha256(archive.read_bytes()).hexdigest())
    with pytest.raises(sources.FetchError, match="sha256"):
        sources.fetch(sources.Package("debian-source", "libfoo-java", "1:3.12.0-2+deb12u1", "0" * 64))
    unpacked = sources.fetch(good)
    assert unpacked.name == "debian-source-libfoo-java-1-3.12.0-2+deb12u1"
    assert (unpacked / "foo-rel-3.12.0/src/main/java/org/foo/Text.java").read_text() == "class Text {}"
    # fetched through a private deb-src list, never the machine's own apt lists
    update, download = sources._commands(good, folder)
    assert download[-3:] == ["source", "--download-only", "libfoo-java=1:3.12.0-2+deb12u1"] and update[-1] == "update"
    assert (folder / "apt/sources.list").read_text() == sources.DEB_SRC + "\n"
    assert f"Dir::Etc::SourceList={folder / 'apt/sources.list'}" in download and "Dir::Etc::SourceParts=/dev/null" in download


def test_jackson_2_sources_are_laid_out_as_semble_s_jackson_3_and_span_labels_dropped(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from bench.nl import prepare

    monkeypatch.setattr(sources, "UNPACKED", tmp_path / "unpacked")
    monkeypatch.setattr(prepare, "WORK", tmp_path / "work")
    repo = repos.semble_repositories()["jackson-databind"]
    (package,) = repo.layout.packages
    assert package.registry == "debian-source" and len(package.sha256) == 64
    top = tmp_path / "unpacked" / sources.stem(package) / "jackson-databind-jackson-databind-2.14.0"
    labelled = {t.path for item in labels.load_tasks(repos.DATA / "jackson-databind.json", "x", "java")
                for t in item.all_relevant}
    for path in labelled:
        java = top / path.replace("tools/jackson/", "com/fasterxml/jackson/")
        java.parent.mkdir(parents=True, exist_ok=True)
        java.write_text("package com.fasterxml.jackson.databind;")
    (top / "src/test/java/Skipped.java").parent.mkdir(parents=True)
    (top / "src/test/java/Skipped.java").write_text("class Skipped {}")
    (top.parent / ".complete").touch()
    tree = prepare.semble_tree(repo)
    assert set(tree.files) == labelled and (tree.root / "ObjectMapper.java").is_file()
    assert tree.repo_path("ObjectMapper.java") == "src/main/java/tools/jackson/databind/ObjectMapper.java"
    assert len(tree.kept) == 17 and {d.task.query for d in tree.dropped} == {"ObjectMapper", "JsonMapper", "ObjectNode"}
    assert {d.reason for d in tree.dropped} == {labels.SPAN_DROPPED}


def test_every_place_of_every_layout_names_one_of_its_packages() -> None:
    for name, layout in repos.LAYOUTS.items():
        stems = {sources.stem(p) for p in layout.packages}
        assert layout.packages and all(len(p.sha256) == 64 for p in layout.packages), name
        for _, folder in layout.places:
            assert folder.split("/")[0] in stems, (name, folder)


# -- the vendored data and what is held out ----------------------------------------------------


def test_vendored_annotations_cover_every_repository_and_nothing_held_out() -> None:
    found = repos.semble_repositories()
    assert set(found) == set(repos.LAYOUTS)
    annotated = {p.stem for p in repos.DATA.glob("*.json")} - {"repos"}
    assert annotated == set(found)
    assert not (annotated | set(found)) & repos.HELD_OUT
    listed = {item["name"] for item in json.loads((repos.DATA / "repos.json").read_text())}
    assert not listed & repos.HELD_OUT
    questions = sum(len(json.loads((repos.DATA / f"{n}.json").read_text())) for n in found)
    assert questions >= 420 and len({r.language for r in found.values()}) >= 6
    assert (repos.DATA / "NOTICE").read_text().count("MIT License") == 1


def test_docstring_repositories_are_new_to_the_project() -> None:
    used = {"requests", "flask", "click", "attrs", "rich", "sympy", "httpx", "werkzeug", "starlette", "aiohttp"}
    assert len(repos.DOC_REPOSITORIES) >= 6
    assert not set(repos.DOC_REPOSITORIES) & (used | repos.HELD_OUT)


def test_the_command_line_refuses_held_out_repositories() -> None:
    from bench.nl_quality import selected

    with pytest.raises(SystemExit, match="held out"):
        selected("express,fastapi", None)
    with pytest.raises(SystemExit, match="held out"):
        selected("pydantic", None)


@pytest.mark.parametrize("tokens", ["999", "1", "many"])
def test_a_bad_minilm_length_is_one_line_not_a_traceback(tokens: str, capsys: pytest.CaptureFixture[str]) -> None:
    from bench.nl_quality import main

    with pytest.raises(SystemExit) as stopped:
        main(["--minilm-tokens", tokens, "--repos", "express"])
    assert stopped.value.code == 2
    message = capsys.readouterr().err.strip().splitlines()[-1]
    assert "--minilm-tokens" in message and "Traceback" not in message


# -- the halves --------------------------------------------------------------------------------


def test_halves_are_balanced_by_language_deterministic_and_exclude_held_out() -> None:
    repositories = [("semble", lang, f"{lang}{i}") for lang, n in (("go", 3), ("python", 6), ("rust", 2), ("c", 1))
                    for i in range(n)] + [("semble", "python", "fastapi"), ("semble", "python", "pydantic")]
    found = nl_halves.split(repositories)
    assert "fastapi" not in found and "pydantic" not in found
    shuffled = list(repositories)
    random.Random(1).shuffle(shuffled)
    assert nl_halves.split(shuffled) == found
    for language in ("go", "python", "rust", "c"):
        counts = [sum(1 for (_, lang, name) in repositories if lang == language and found.get(name) == h)
                  for h in nl_halves.HALVES]
        assert abs(counts[0] - counts[1]) <= 1, language
    totals = [list(found.values()).count(h) for h in nl_halves.HALVES]
    assert abs(totals[0] - totals[1]) <= 1


def test_the_real_halves_cover_every_repository_once() -> None:
    from bench.nl_quality import halves

    found = halves()
    assert set(found) == set(repos.semble_repositories()) | set(repos.DOC_REPOSITORIES)
    assert set(found.values()) == set(nl_halves.GROUPS)
    assert abs(list(found.values()).count("A") - list(found.values()).count("B")) <= 1
    assert {name for name, group in found.items() if group == "C"} == repos.GROUP_C


def test_group_c_is_dealt_to_neither_half_so_a_and_b_stay_as_they_were() -> None:
    from bench.nl_quality import halves, selected

    everything = [("semble", r.language, r.name) for r in repos.semble_repositories().values()]
    before = nl_halves.split([r for r in everything if r[2] not in repos.GROUP_C])
    found = nl_halves.split(everything)
    assert {n: h for n, h in found.items() if h != "C"} == before
    assert {r.language for r in repos.semble_repositories().values() if r.name in repos.GROUP_C} == {"java"}
    assert set(selected(None, "C")) == repos.GROUP_C and not set(selected(None, "A")) & repos.GROUP_C
    assert halves()["commons-lang"] == "C"


def test_the_tables_show_group_c_only_where_a_run_asked_it() -> None:
    from bench.nl.report import targets

    def record(half: str, repo: str) -> dict[str, object]:
        return {"bench": "semble", "repo": repo, "language": "java", "half": half, "category": "semantic",
                "query": "q", "mode": "default", "ndcg10": 0.5, "hit1": 0.0}

    only_a = targets([record("A", "chi")])
    assert "group C" not in only_a[0] and only_a[0].count("half ") == 2
    with_c = targets([record("A", "chi"), record("C", "commons-lang")])
    assert with_c[0].endswith("| half A | half B | group C |")
    from bench.nl.report import by_half, table

    rows = table([record("C", "commons-lang")], by_half(), "ndcg10", ["default"])
    assert [line.split(" | ")[0] for line in rows[2:]] == ["| group C", "| all"]


# -- the modes ---------------------------------------------------------------------------------


def test_modes_name_a_known_engine_build_and_no_semantic_drops_those_needing_embeddings() -> None:
    assert all(m.engine in modes.ENGINES for m in modes.MODES)
    assert {"default", "quick", "thorough", "text", "structural", "semantic"} <= set(modes.BY_NAME)
    plain = modes.chosen(None, semantic=False)
    assert plain and all(not m.semantic for m in plain)
    assert [m.name for m in modes.chosen("text,default", semantic=True)] == ["text", "default"]
    with pytest.raises(SystemExit):
        modes.chosen("nope", semantic=True)


# -- one real download (slow; skipped without the network) --------------------------------------


@pytest.mark.slow
@pytest.mark.network
def test_a_pinned_package_downloads_with_its_sha256_and_holds_the_labelled_files() -> None:
    from bench.nl.prepare import semble_tree

    try:
        tree = semble_tree(repos.semble_repositories()["express"])
    except sources.FetchError as error:
        pytest.skip(f"no registry: {error}")
    assert "lib/application.js" in tree.files
    assert len(tree.kept) == 9 and not tree.dropped


# -- issue 15's targets: the semantic engine's tiers -------------------------------------------------


def tier_records(bench: str, metric: str, scores: dict[str, list[float]], half: str = "A") -> list[dict[str, object]]:
    """One record per (mode, question) with the given scores, questions q0, q1... of one repository."""
    return [{"bench": bench, "repo": "r", "half": half, "query": f"q{i}", "mode": mode, metric: value}
            for mode, values in scores.items() for i, value in enumerate(values)]


def test_issue_15_targets_are_ratios_of_the_tier_modes_read_per_half_and_over_all() -> None:
    from bench.nl.report import tier_targets

    records = tier_records("semble", "ndcg10", {"static tier": [0.4, 0.5], "model tier": [0.5, 0.5],
                                                "semantic": [0.6, 0.6]})
    records += tier_records("docstring", "rr", {"static tier": [0.2, 0.2], "model tier": [0.5, 0.5],
                                                "semantic": [0.4, 0.5]}, half="B")
    rows = {(line.split(" | ")[0].lstrip("| "), line.split(" | ")[1]): line.split(" | ")[2:]
            for line in tier_targets(records)[2:]}
    static_semble = rows[("static tier alone >= 0.9 x MiniLM alone", "semble NDCG@10")]
    assert static_semble[0].startswith("met: 0.450 / 0.500 = 0.900")
    assert static_semble[1] == "not measured"  # no semble question in half B
    both_docs = rows[("both tiers together >= MiniLM alone", "docstring MRR@10")]
    assert both_docs[1].startswith("not met: 0.450 / 0.500 = 0.900")
    assert rows[("static tier alone >= 0.9 x MiniLM alone", "docstring MRR@10")][2].startswith("not met: 0.200 / 0.500")


def test_tier_ratios_pair_the_questions_both_modes_answered() -> None:
    from bench.nl.report import paired, ratio_interval

    records = tier_records("semble", "ndcg10", {"static tier": [0.2, 0.4, 1.0], "model tier": [0.4, 0.8]})
    assert paired(records, "static tier", "model tier", "ndcg10") == ([0.2, 0.4], [0.4, 0.8])
    low, high = ratio_interval([0.2, 0.4, 0.3], [0.4, 0.8, 0.6])
    assert low == pytest.approx(0.5) and high == pytest.approx(0.5)  # every question halves: no spread
    low, high = ratio_interval([0.1, 0.9, 0.5, 0.2], [0.5, 0.5, 0.5, 0.5])
    assert low < 0.85 < high


@pytest.mark.slow
def test_the_tier_builds_search_by_one_tier_each(polyglot: object, tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    monkeypatch.setattr(modes, "INDEX", Path(str(tmp_path)) / "index")
    root = Path(str(polyglot))
    for name, tiers, says, never in (
        ("static tier", {"static": 1.0, "transformer": 0.0}, "static cosine", "transformer"),
        ("model tier", {"static": 0.0, "transformer": 1.0}, "transformer cosine", "static"),
        ("both tiers", {"static": 1.0, "transformer": 1.0}, "transformer cosine", "no static vector"),
    ):
        engine = modes.ENGINES[name](root, True, lambda _: None, 128)
        try:
            assert engine.semantic_tiers() == tiers, name
            found = engine.search("parse the configuration file", limit=5, modality="semantic")
            reasons = [r.to_json()["modalities"]["semantic"]["reason"] for r in found.results]
            assert reasons and all(says in reason and never not in reason for reason in reasons), (name, reasons)
        finally:
            engine.close()


def test_a_diagnose_variant_reads_engine_constants_and_refuses_unknown_ones() -> None:
    from bench.nl.diagnose import parse_variant
    from maguyva_tui.core.retrievers import structural

    ((module, name, value),) = parse_variant("structural.MIN_NAME_STEMS=1")
    assert (module, name, value, type(value)) == (structural, "MIN_NAME_STEMS", 1, int)  # a count stays a count
    with pytest.raises(SystemExit, match="unknown constant"):
        parse_variant("structural.NO_SUCH_CONSTANT=1")


def test_a_diagnose_variant_of_an_engine_constant_runs_the_engines_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from types import SimpleNamespace

    from bench.nl import diagnose
    from maguyva_tui.core import search as search_module

    calls: list[int] = []

    def engines(parts: object, the_plan: object, query: object, checkpoint: object = None) -> object:
        calls.append(diagnose.structural.MIN_NAME_STEMS)
        return search_module._Run({"structural": []}, {}, [])

    monkeypatch.setattr(search_module, "_run_engines", engines)
    parts, the_plan = SimpleNamespace(generation=object()), SimpleNamespace(modalities=("structural",), fetch=150)
    with diagnose.engines_once({}):
        search_module._run_engines(parts, the_plan, "q")
        search_module._run_engines(parts, the_plan, "q")  # memoised
        with diagnose.applied(diagnose.parse_variant("structural.MIN_NAME_STEMS=1")):
            search_module._run_engines(parts, the_plan, "q")
    assert calls == [diagnose.structural.MIN_NAME_STEMS, 1]


def test_an_index_built_by_other_code_is_parsed_anew_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """An index is reused while its files and format stay the same: a cached trpc index built before
    some of a session's definitions had been read as that session's figure."""
    core = tmp_path / "core"
    core.mkdir()
    (core / "a.py").write_text("x = 1\n")
    monkeypatch.setattr(modes, "CORE", core)
    monkeypatch.setattr(modes, "INDEX", tmp_path / "index")
    asked: list[bool] = []

    class Engine:
        def refresh(self, semantic: bool, rebuild: bool) -> None:
            asked.append(rebuild)

    root = tmp_path / "repo"
    root.mkdir()
    for _ in range(2):
        modes.refreshed(Engine(), root, True)
    (core / "a.py").write_text("x = 2\n")
    modes.refreshed(Engine(), root, True)
    assert asked == [True, False, True]
