"""The structural retriever: match tiers, their order, kind filters and lookups."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import language_for, parse
from maguyva_tui.core.retrievers.structural import (
    TIERS,
    StructuralRetriever,
    is_sentence,
    query_terms,
    sentence_stems,
)
from maguyva_tui.core.types import Hit, Query, Symbol

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "polyglot"


def fixture_symbols() -> list[Symbol]:
    """Every symbol of the polyglot fixture."""
    symbols: list[Symbol] = []
    for path in sorted(FIXTURE.rglob("*")):
        language = language_for(path.name)
        if language:
            source = path.read_bytes()
            relative = path.relative_to(FIXTURE).as_posix()
            symbols += extract_definitions(parse(language, source), source, language, relative)[1]
    return symbols


@pytest.fixture(scope="module")
def polyglot() -> StructuralRetriever:
    return StructuralRetriever(fixture_symbols())


def sym(name: str, kind: str = "function", path: str = "m.py", qualname: str | None = None) -> Symbol:
    return Symbol(name, qualname or name, kind, path, 1, 2, "python", f"def {name}():", 1)


def found(hits: list[Hit]) -> list[tuple[str | None, str]]:
    return [(h.symbol, h.reason) for h in hits]


def test_exact_name_first_then_other_spellings(polyglot: StructuralRetriever) -> None:
    hits = polyglot.search(Query("where is parse_config defined"), 6)
    assert [(h.path, h.symbol, h.reason) for h in hits[:3]] == [
        ("app/config.py", "parse_config", "exact name"),
        ("c/config.c", "parse_config", "exact name"),
        ("rust/lib.rs", "parse_config", "exact name"),
    ]
    assert {(h.symbol, h.reason) for h in hits[3:]} == {
        ("ParseConfig", "same words parse+config"),
        ("parseConfig", "same words parse+config"),
        ("ConfigService.parseConfig", "same words parse+config"),
    }


def test_hits_carry_span_kind_language_and_decreasing_scores(polyglot: StructuralRetriever) -> None:
    hits = polyglot.search(Query("config"), 50)
    first = polyglot.search(Query("parse_config"), 1)[0]
    assert (first.path, first.start_line, first.end_line, first.kind, first.language) == (
        "app/config.py", 12, 21, "function", "python")
    scores = [h.score for h in hits]
    assert scores == sorted(scores, reverse=True) and len(set(scores)) == len(scores)
    assert len({(h.path, h.start_line, h.symbol) for h in hits}) == len(hits)  # no duplicates


def test_multi_word_query_finds_every_spelling(polyglot: StructuralRetriever) -> None:
    hits = polyglot.search(Query("parse config"), 10)
    symbols = {h.symbol for h in hits}
    assert {"parse_config", "parseConfig", "ParseConfig", "ConfigService.parseConfig"} <= symbols
    assert all(h.reason == "same words parse+config" for h in hits[:6])


def test_target_is_looked_up_before_the_text(polyglot: StructuralRetriever) -> None:
    hits = polyglot.search(Query("who calls it", target="ConfigLoader"), 3)
    assert found(hits)[0] == ("ConfigLoader", "exact name")
    fallback = polyglot.search(Query("ConfigStore", target="ECONNREFUSED"), 3)
    assert found(fallback)[0] == ("ConfigStore", "exact name")


def test_qualified_names(polyglot: StructuralRetriever) -> None:
    assert found(polyglot.search(Query("ConfigLoader.load"), 1)) == [("ConfigLoader.load", "exact qualname")]
    cpp = polyglot.search(Query("geometry::Circle::area"), 1)
    assert found(cpp) == [("geometry.Circle.area", "exact qualname")]


def test_kind_filter(polyglot: StructuralRetriever) -> None:
    hits = polyglot.search(Query("Server", kinds=("struct",)), 10)
    assert {(h.path, h.kind) for h in hits} == {("go/server.go", "struct"), ("rust/lib.rs", "struct")}
    classes = polyglot.search(Query("Server", kinds=("class",)), 10)
    assert [(h.path, h.symbol) for h in classes] == [("app/server.py", "Server")]


def test_limit_and_empty_queries(polyglot: StructuralRetriever) -> None:
    assert len(polyglot.search(Query("config"), 2)) == 2
    assert polyglot.search(Query("config"), 0) == []
    assert polyglot.search(Query(""), 10) == []
    assert polyglot.search(Query("?!"), 10) == []
    assert polyglot.search(Query("xyzzyqux"), 10) == []


TIERED = [
    sym("parseConfig"),
    sym("parse_config", path="a.py"),
    sym("PARSE_CONFIG", "constant"),
    sym("ParseConfigError", "class"),
    sym("parseconfiguration"),
    sym("process_config_file"),
    sym("pretty_compiler"),
    sym("ConfigLoader", "class"),
    sym("load", "method", qualname="ConfigLoader.load"),
]


def test_tiers_rank_in_order() -> None:
    retriever = StructuralRetriever(TIERED)
    assert found(retriever.search(Query("parse_config"), 20)) == [
        ("parse_config", "exact name"),
        ("parseConfig", "same words parse+config"),
        ("PARSE_CONFIG", "case-insensitive name"),  # constants after functions in a tier
        ("ParseConfigError", "subtokens parse+config"),
        ("parseconfiguration", "prefix parseconfig"),
    ]
    assert found(retriever.search(Query("pars_conf"), 20)) == [
        ("parseConfig", "camel-hump pars_conf"),
        ("parse_config", "camel-hump pars_conf"),
        ("ParseConfigError", "camel-hump pars_conf"),
        ("PARSE_CONFIG", "camel-hump pars_conf"),  # a constant after every function and class
        ("parseconfiguration", "fuzzy parsconf"),
    ]


def test_each_tier_by_itself() -> None:
    retriever = StructuralRetriever(TIERED)
    assert found(retriever.search(Query("CONFIGLOADER"), 1)) == [("ConfigLoader", "case-insensitive name")]
    assert found(retriever.search(Query("ParseConfigErr"), 1)) == [("ParseConfigError", "prefix parseconfigerr")]
    humps = found(retriever.search(Query("pCoF"), 5))
    assert humps[0] == ("process_config_file", "camel-hump pCoF")
    assert all(reason == "fuzzy pcof" for _, reason in humps[1:])
    assert found(retriever.search(Query("cfgldr"), 5)) == [("ConfigLoader", "fuzzy cfgldr")]
    assert ("parseConfig", "camel-hump pC") in found(retriever.search(Query("pC"), 20))
    assert ("ConfigLoader", "camel-hump CL") in found(retriever.search(Query("CL"), 20))
    assert ("ConfigLoader", "camel-hump cl") in found(retriever.search(Query("cl"), 20))


REASON_TIERS = {"exact name": 0, "exact qualname": 1, "case-insensitive": 2, "same words": 2,
                "subtokens": 3, "prefix": 4, "camel-hump": 5, "fuzzy": 6}


@pytest.mark.parametrize("text", ["parse_config", "pars_conf", "pC", "config"])
def test_score_falls_in_the_band_of_its_tier(text: str) -> None:
    for hit in StructuralRetriever(TIERED).search(Query(text), 20):
        tier = next(t for reason, t in REASON_TIERS.items() if hit.reason.startswith(reason))
        assert len(TIERS) - tier < hit.score <= len(TIERS) - tier + 0.5


def test_definitions_before_variables_then_shorter_then_shallower_then_path() -> None:
    symbols = [
        sym("config", "variable", "a.py"),
        sym("config", "method", "b.py", "Settings.config"),
        sym("config", "function", "z.py"),
        sym("config", "class", "c.py"),
    ]
    hits = StructuralRetriever(symbols).search(Query("config"), 10)
    assert [(h.path, h.kind) for h in hits] == [
        ("c.py", "class"), ("z.py", "function"), ("b.py", "method"), ("a.py", "variable"),
    ]


def test_own_code_before_its_built_or_vendored_copies() -> None:
    symbols = [
        sym("Observable", "class", "dist/esm/internal/Observable.js"),
        sym("Observable", "class", "vendor/rx/Observable.ts"),
        sym("Observable", "class", "src/internal/Observable.ts"),
        sym("Observable", "type", "src/types.ts"),
    ]
    hits = StructuralRetriever(symbols).search(Query("Observable"), 10)
    assert [h.path for h in hits] == [
        "src/internal/Observable.ts", "src/types.ts", "dist/esm/internal/Observable.js", "vendor/rx/Observable.ts",
    ]


def test_order_does_not_depend_on_input_order() -> None:
    symbols = fixture_symbols()
    expected = StructuralRetriever(symbols).search(Query("config"), 40)
    for seed in range(3):
        shuffled = symbols[:]
        random.Random(seed).shuffle(shuffled)
        assert StructuralRetriever(shuffled).search(Query("config"), 40) == expected


def test_lookup_returns_exact_definitions(polyglot: StructuralRetriever) -> None:
    assert [(s.path, s.kind) for s in polyglot.lookup("parse_config")] == [
        ("app/config.py", "function"), ("c/config.c", "function"), ("rust/lib.rs", "function"),
    ]
    assert [s.qualname for s in polyglot.lookup("ConfigLoader.load")] == ["ConfigLoader.load"]
    assert [s.path for s in polyglot.lookup("Server", kinds=("struct",))] == ["go/server.go", "rust/lib.rs"]
    assert polyglot.lookup("parseconfig") == []
    assert polyglot.name == "structural" and len(polyglot) == len(fixture_symbols())


@pytest.mark.parametrize(
    ("text", "terms"),
    [
        ("where is parse_config defined", ["parse_config"]),
        ("def parse_config", ["parse_config"]),
        ("how does authentication work", ["authentication"]),
        ("the class ConfigLoader.load", ["ConfigLoader.load"]),
        ("where is the", ["where", "is", "the"]),  # only stop words: keep them
        ("parse config parse", ["parse", "config"]),
    ],
)
def test_query_terms(text: str, terms: list[str]) -> None:
    assert query_terms(text) == terms


def test_empty_index_and_unknown_kinds() -> None:
    empty = StructuralRetriever([])
    assert empty.search(Query("parse_config"), 10) == [] and empty.lookup("x") == []
    retriever = StructuralRetriever(TIERED)
    assert retriever.search(Query("parse_config", kinds=("trait",)), 10) == []
    assert [h.kind for h in retriever.search(Query("parse_config", kinds=("class",)), 10)] == ["class"]


def test_kind_filter_applies_before_the_limit() -> None:
    symbols = [sym(f"config{i}", "variable") for i in range(50)] + [sym("config_zz", "class")]
    hits = StructuralRetriever(symbols).search(Query("config", kinds=("class",)), 1)
    assert [(h.symbol, h.reason) for h in hits] == [("config_zz", "subtokens config")]


def test_module_qualified_names(polyglot: StructuralRetriever) -> None:
    assert found(polyglot.search(Query("config.parse_config"), 1)) == [
        ("parse_config", "module path config.parse_config")]
    hits = polyglot.search(Query("app.config.ConfigLoader.load"), 1)
    assert [(h.path, h.symbol) for h in hits] == [("app/config.py", "ConfigLoader.load")]
    assert [s.path for s in polyglot.lookup("lib.parse_config")] == ["rust/lib.rs"]
    assert [s.path for s in polyglot.lookup("app.__all__")] == ["app/__init__.py"]


JAR = [
    sym("RequestsCookieJar", "class", "cookies.py"),
    sym("list_domains", "method", "cookies.py", "RequestsCookieJar.list_domains"),
    sym("list_paths", "method", "cookies.py", "RequestsCookieJar.list_paths"),
    sym("multiple_domains", "method", "cookies.py", "RequestsCookieJar.multiple_domains"),
    sym("get_dict", "method", "cookies.py", "RequestsCookieJar.get_dict"),
    sym("domains", "variable", "cookies.py"),
    sym("extract_cookies_to_jar", "function", "cookies.py"),
    sym("CookieJar", "class", "jar.py"),
    sym("prepare", "method", "models.py", "PreparedRequest.prepare"),
    sym("prepare_method", "method", "models.py", "PreparedRequest.prepare_method"),
    sym("prepare_body", "method", "models.py", "PreparedRequest.prepare_body"),
]


def test_a_sentence_ranks_the_function_whose_name_its_words_make() -> None:
    retriever = StructuralRetriever(JAR)
    hits = retriever.search(Query("Utility method to list all the domains in the jar."), 10)
    assert found(hits) == [("RequestsCookieJar.list_domains", "name words list+domain")]  # only the best
    method = retriever.search(Query("Prepares the given HTTP method."), 10)
    assert found(method)[0] == ("PreparedRequest.prepare_method", "name words prepar+method")
    body = retriever.search(Query("Prepares the given HTTP body data."), 10)
    assert found(body)[0] == ("PreparedRequest.prepare_body", "name words prepar+bodi")
    assert all(h.score > 0 for h in hits + method + body)


def test_a_sentence_votes_only_for_definitions_that_own_a_chunk() -> None:
    # The variable ``domains`` matches best by name but has no chunk: its vote would land elsewhere.
    hits = StructuralRetriever(JAR).search(Query("the domains known to this jar of cookies"), 10)
    assert "domains" not in [h.symbol for h in hits]
    classes = StructuralRetriever(JAR).search(Query("the domains kept in a jar of cookies", kinds=("class",)), 10)
    assert {h.kind for h in classes} == {"class"} and "domains" not in [h.symbol for h in classes]
    assert classes[0].symbol == "CookieJar"  # both words of its name said; RequestsCookieJar's "requests" is not


def test_identifiers_a_sentence_mentions_do_not_vote() -> None:
    # "CookieJar" names what the function works with; its own name is made of the plain words.
    hits = StructuralRetriever(JAR).search(Query("Extract the cookies from the response into a CookieJar."), 10)
    assert found(hits)[0] == ("extract_cookies_to_jar", "name words extract+cooki")
    assert "CookieJar" not in [h.symbol for h in hits]
    assert sentence_stems("Extract the cookies into a CookieJar") == ("extract", "cooki")


@pytest.mark.parametrize(
    ("text", "target"),
    [
        ("what breaks if I change parse_config", "parse_config"),
        ("is it safe to rename ConfigLoader", "ConfigLoader"),
        ("find all references to parse_config", "parse_config"),
        ("where is the function parse_config defined", "parse_config"),
        ("parse config", None),
    ],
)
def test_questions_about_a_name_are_not_sentences(text: str, target: str | None) -> None:
    assert not is_sentence(text, target)
    retriever = StructuralRetriever(TIERED)
    if target == "parse_config":
        assert found(retriever.search(Query(text, target=target), 1)) == [("parse_config", "exact name")]


def test_a_short_plain_question_no_name_spells_still_finds_the_name_its_words_make() -> None:
    retriever = StructuralRetriever([*JAR, sym("resolve_redirects", "method", "sessions.py", "Mixin.resolve_redirects")])
    hits = retriever.search(Query("how are redirects resolved"), 10)
    assert found(hits) == [("Mixin.resolve_redirects", "name words resolv+redirect")]
    assert found(retriever.search(Query("list domains"), 10))[0][0] == "RequestsCookieJar.list_domains"  # tiers first
    assert retriever.search(Query("who calls nothing_here", target="nothing_here"), 10) == []  # a target: no guess


# -- over a stored generation: only the symbols a question can match are made ------------------

MAPPED_QUESTIONS = [
    "parse_config", "where is parse_config defined", "ParseConfig", "parseconfig", "parse config",
    "ConfigLoader.load", "config.parse_config", "app.config.parse_config", "Config", "conf", "pc", "cfgld",
    "prsconf", "load", "how does the config loader read files", "the server that handles requests",
    "how are config values parsed from a file", "code similar to parse_config", "similar to ConfigLoader",
    "what breaks if I change parse_config", "handle", "zzzq", "λ", "aaa", "where is ttlr defined",
    pytest.param("a" * 100_000, id="a*100000"),
]
"""Each tier (exact, qualified, module path, case or separators, subtokens, prefix, camel humps,
fuzzy, fuzzy with a target: ``aaa`` is ``total_area``), sentences, "similar to", a miss, a name no
ASCII pattern can narrow, a name longer than any (no pattern is made for it: a fuzzy pattern of
100,000 steps took minutes to compile)."""


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[StructuralRetriever, StructuralRetriever]:
    """The eager engine over every symbol of the indexed fixture, and the mapped one."""
    import shutil

    from maguyva_tui.core.indexer import update_index

    root = tmp_path_factory.mktemp("mapped") / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    snapshot, _ = update_index(root, tmp_path_factory.mktemp("index"))
    from maguyva_tui.core.store.snapshot import Snapshot

    opened = Snapshot.load(snapshot.folder)  # as a search opens it: the facts stored and mapped
    return StructuralRetriever(opened.symbols), StructuralRetriever.of(opened)


@pytest.mark.parametrize("text", MAPPED_QUESTIONS)
def test_the_mapped_engine_answers_as_the_one_over_every_symbol(
    stored: tuple[StructuralRetriever, StructuralRetriever], text: str
) -> None:
    from maguyva_tui.core.intent import classify
    from maguyva_tui.core.retrievers.structural import MappedStructural

    eager, mapped = stored
    assert isinstance(mapped, MappedStructural)
    intent = classify(text)
    for kinds in ((), ("function", "method")):
        query = Query(text, target=intent.target, intent=intent.name, kinds=kinds)
        assert mapped.search(query, 20) == eager.search(query, 20)
        assert mapped.search(query, 3) == eager.search(query, 3)
    for name in (text, intent.target or text):
        assert mapped.lookup(name) == eager.lookup(name)
    assert len(mapped) == len(eager)


def test_the_name_word_counts_are_kept_and_a_damaged_copy_is_counted_again(tmp_path: Path) -> None:
    import shutil

    from maguyva_tui.core.indexer import update_index
    from maguyva_tui.core.retrievers.structural import NAME_STATS
    from maguyva_tui.core.store.snapshot import Snapshot

    root = tmp_path / "polyglot"
    shutil.copytree(FIXTURE, root, symlinks=True)
    snapshot, _ = update_index(root, tmp_path / "index")
    question = Query("how are config values parsed from a file")
    expected = StructuralRetriever(Snapshot.load(snapshot.folder).symbols).search(question, 10)
    assert expected  # the sentence ranks by name words
    assert StructuralRetriever.of(Snapshot.load(snapshot.folder)).search(question, 10) == expected
    assert snapshot.generation is not None
    kept = snapshot.generation / NAME_STATS
    assert kept.exists()
    assert StructuralRetriever.of(Snapshot.load(snapshot.folder)).search(question, 10) == expected  # read back
    for damage in (b"", b"not an archive", kept.read_bytes()[: kept.stat().st_size // 2]):
        kept.write_bytes(damage)
        assert StructuralRetriever.of(Snapshot.load(snapshot.folder)).search(question, 10) == expected
