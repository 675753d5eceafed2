"""A lookup that failed is said, not hidden under a full page (issue 20.2): a symbol nothing defines,
a string no line holds in the case asked. The related results stay; the answer says what they are."""

from __future__ import annotations

import json
import zlib
from types import SimpleNamespace

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.lookup import as_shown
from maguyva_tui.core.types import LookupFailure
from tests.fakes import FakeProvider


class FirstWordProvider(FakeProvider):
    """Vectors seeded by a text's first word."""

    id = "test:firstword:64"

    def seed(self, text: str) -> int:
        return zlib.crc32((text.lower().split()[0] if text.split() else "").encode())


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repo")
    (root / "app").mkdir()
    (root / "app" / "config.py").write_text(
        "def parse_config(text):\n    return dict(line.split('=') for line in text.splitlines())\n\n\n"
        "class ConfigLoader:\n    def load(self, path):\n        raise OSError('ECONNREFUSED while loading')\n"
    )
    (root / "app" / "server.py").write_text(
        "from app.config import parse_config\n\n\ndef serve(text):\n    return parse_config(text)\n"
    )
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    e.embed_pending()
    return e


@pytest.mark.parametrize("question", [
    "zebra_unicorn_helper",
    "def zebra_unicorn_helper",
    "where is zebra_unicorn_helper defined",
    "who calls zebra_unicorn_helper",
    "what breaks if I change zebra_unicorn_helper",
])
def test_a_symbol_nothing_defines_is_said_and_the_related_results_stay(engine: Engine, question: str) -> None:
    result = engine.search(question)
    failed = result.lookup_failed
    assert failed is not None and failed.kind == "symbol" and failed.target == "zebra_unicorn_helper"
    assert failed.message.startswith("no symbol named zebra_unicorn_helper; showing related code")
    assert failed.message in result.notices


def test_a_name_nothing_defines_is_answered_by_the_blend_its_near_name_first(engine: Engine) -> None:
    """"showing related code" is the engines' blend, the nearest name first: before, a definition
    question whose target no symbol has listed only the names the structural engine found near it
    (one name, "def parse_confg": the rest of the page was empty)."""
    result = engine.search("def parse_confg")
    assert result.fusion_strategy == "fused" and "semantic" in result.modalities_run
    assert result.results[0].symbol == "parse_config" and len(result.results) > 1
    assert not any("alone found nothing" in n for n in result.notices)


def test_a_name_a_letter_off_is_offered_the_close_names(engine: Engine) -> None:
    failed = engine.search("who calls parse_confg").lookup_failed
    assert failed is not None and failed.suggestions[0] == "parse_config"
    assert "close names: parse_config" in failed.message
    assert engine.search("def parse_confg").lookup_failed.suggestions[0] == "parse_config"  # type: ignore[union-attr]
    respelled = engine.search("def parseConfig")  # case and underscores aside, the one function so named
    assert respelled.lookup_failed is None and respelled.results[0].symbol == "parse_config"
    assert "read parseConfig as parse_config: the one function name it spells, case and underscores aside" in respelled.notices


@pytest.mark.parametrize(("question", "first"), [
    ("who calls Config_loader.load", "ConfigLoader.load"),  # the owner with other separators (in another case
    # alone it is read as that owner's: tests/core/test_owner_in_other_case.py)
    ("what does ConfigLoadr.load call", "ConfigLoader.load"),  # the owner a letter off
    ("who calls ConfigLoader.loads", "ConfigLoader.load"),  # the member a letter off
    ("Config_loader->load", "ConfigLoader->load"),  # written with the separator asked
])
def test_a_qualified_name_nothing_defines_offers_the_member_of_the_owner_spelled_like_it(
        engine: Engine, question: str, first: str) -> None:
    # hcl's "what does Decoder.decode call" had offered "Decode, decoder, decodeInt" (the type is
    # Go's lowercase decoder), and "Decoder.decodeStruct" no close name at all
    failed = engine.search(question).lookup_failed
    assert failed is not None and failed.suggestions[0] == first and f"close names: {first}" in failed.message


def test_a_member_under_an_owner_spelled_unlike_the_one_asked_is_not_offered(engine: Engine) -> None:
    failed = engine.search("who calls Unrelated.load").lookup_failed
    assert failed is not None and not any(name.endswith(".load") for name in failed.suggestions)


@pytest.mark.parametrize("question", ["parse_config", "def parse_config", "who calls parse_config",
                                      "ConfigLoader.load", '"ECONNREFUSED"', "how does parsing work"])
def test_a_question_whose_target_exists_or_names_none_has_no_failure(engine: Engine, question: str) -> None:
    result = engine.search(question)
    assert result.lookup_failed is None
    assert not any(n.startswith(("no symbol", "no line")) for n in result.notices)


def test_an_import_statement_no_line_imports_is_no_failed_lookup_but_said(engine: Engine) -> None:
    # "import os" asks where os is imported (6f77756): no line does here, which it says in one line
    result = engine.search("import os")
    assert result.lookup_failed is None
    assert [n for n in result.notices if n.startswith(("no symbol", "no line"))] == [
        "no line imports os (no module or file of this repository is named so, nor is a library imported by that name); "
        "showing related code instead"]


def test_a_string_in_another_case_shows_only_lines_that_hold_it_and_says_so(engine: Engine) -> None:
    result = engine.search('"econnrefused"')
    failed = result.lookup_failed
    assert failed is not None and failed.kind == "literal" and failed.other_case
    assert "in another case" in failed.message
    assert result.results and all("econnrefused" in r.snippet.lower() for r in result.results)
    assert [r.path for r in result.results] == ["app/config.py"]


def test_a_string_no_line_holds_is_said(engine: Engine) -> None:
    result = engine.search('"zebra unicorn stampede"')
    failed = result.lookup_failed
    assert failed is not None and failed.kind == "literal" and not failed.other_case
    assert failed.message == 'no line holds "zebra unicorn stampede"; showing related code, none of which holds it'
    assert failed.message in result.notices and result.results  # rows near the words, none a match: said so


def test_a_quoted_name_no_line_holds_and_nothing_defines_says_both(engine: Engine) -> None:
    """``"ZEBRA_UNICORN"`` is looked for as a string, then as a name: the answer had said only
    "no symbol named ZEBRA_UNICORN", as if the string had not been looked for."""
    result = engine.search('"ZEBRA_UNICORN"')
    failed = result.lookup_failed
    assert failed is not None and failed.kind == "symbol" and failed.target == "ZEBRA_UNICORN"
    assert failed.message.startswith('no line holds "ZEBRA_UNICORN" and no symbol is named ZEBRA_UNICORN; showing '
                                     "related code")
    assert failed.message in result.notices
    assert not any(notice.startswith("no symbol named") for notice in result.notices)


@pytest.mark.parametrize("question", ["parse_config('a=1') -> {'a': '1'}", '"parse the config lines into a mapping"'])
def test_code_or_a_quote_no_line_holds_is_answered_by_meaning(engine: Engine, question: str) -> None:
    """A doctest's line or a quoted phrase that is nowhere in the code: the related code is the
    code it means (the function it names leads; a phrase is a question for the semantic engine),
    not the lines sharing its characters; the answer still says no line holds it."""
    result = engine.search(question)
    failed = result.lookup_failed
    assert failed is not None and failed.kind == "literal" and not failed.other_case
    assert failed.message in result.notices
    assert result.intent != "exact_match"
    assert "def parse_config" in result.results[0].snippet
    if question.startswith('"'):
        assert result.intent == "understand_code" and "semantic" in result.modalities_run


def test_a_quoted_string_after_a_verb_is_the_string_to_find(engine: Engine) -> None:
    """``find "x"`` with code punctuation in x read first as a line of code (which no line holds),
    then as the string it quotes, which is found: the answer is that string's lines, no failure."""
    result = engine.search('find "ECONNREFUSED while"')
    assert (result.intent, result.target, result.lookup_failed) == ("exact_match", "ECONNREFUSED while", None)
    assert [r.path for r in result.results] == ["app/config.py"]
    result = engine.search('grep "line.split(\'=\')"')
    assert (result.intent, result.target, result.lookup_failed) == ("exact_match", "line.split('=')", None)


def test_a_string_asked_as_exact_stays_exact(engine: Engine) -> None:
    result = engine.search("parse_config('a=1')", intent="exact_match")
    assert result.intent == "exact_match" and "semantic" not in result.modalities_run
    assert result.lookup_failed is not None and result.lookup_failed.kind == "literal"


def test_the_json_carries_the_failure(engine: Engine) -> None:
    data = json.loads(json.dumps(engine.search("who calls zebra_unicorn_helper").to_json()))
    assert data["lookup_failed"]["kind"] == "symbol" and data["lookup_failed"]["target"] == "zebra_unicorn_helper"
    assert data["lookup_failed"]["message"] in data["notices"]
    assert json.loads(json.dumps(engine.search("def parse_config").to_json()))["lookup_failed"] is None


def test_a_regex_is_a_failed_lookup_only_where_no_line_matches_it(engine: Engine) -> None:
    """Said as a string no line holds is, by every front end (the command line alone had said it)."""
    failed = engine.search("zebra_[a-z]+", regex=True).lookup_failed
    assert failed is not None and failed.kind == "literal" and failed.message == 'no line matches the regex "zebra_[a-z]+"'
    assert engine.search(r"def \w+", regex=True).lookup_failed is None


def test_the_mcp_answer_carries_the_failure(engine: Engine) -> None:
    from maguyva_tui.mcp.answers import search_answer

    answer = search_answer(engine, "def zebra_unicorn_helper")
    assert answer["lookup_failed"]["message"].startswith("no symbol named zebra_unicorn_helper")
    assert "lookup_failed" not in search_answer(engine, "def parse_config")


def test_a_string_only_a_file_too_large_to_index_holds_says_that_file_was_not_read(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """``rg`` reads a 2 MiB file; the index leaves it out. "no line holds" would then be untrue: the
    answer says no *indexed* line holds it, and how many files were not read."""
    root = tmp_path_factory.mktemp("big")
    (root / "small.py").write_text("def helper():\n    return 1\n")
    (root / "generated.py").write_text("TABLE_ENTRY = 1\n" * 150_000)  # 2.3 MB
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    result = e.search('"TABLE_ENTRY = 1"')
    failed = result.lookup_failed
    assert failed is not None and failed.kind == "literal"
    clause = "showing related code, none of which holds it" if result.results else "nothing related was found either"
    assert failed.message == (f'no indexed line holds "TABLE_ENTRY = 1" (1 file over 1 MiB not indexed); '
                              f'generated.py holds it, not indexed (over 1 MiB); {clause}')  # which file, since
    assert e.search('"zebra unicorn stampede"').lookup_failed.message.startswith(  # type: ignore[union-attr]
        'no indexed line holds "zebra unicorn stampede" (1 file')
    e.close()


@pytest.mark.parametrize(("question", "modality"), [("zebraunicorn", "graph"), ("zebraunicorn", "structural")])
def test_a_failure_over_an_empty_page_does_not_say_it_shows_related_code(
    engine: Engine, question: str, modality: str | None
) -> None:
    """Nothing found at all (one engine asked for, or an emoji no model reads): the notice says so,
    where it had said "showing related code" over "0 results"."""
    result = engine.search(question, modality=modality)
    failed = result.lookup_failed
    assert result.results == () and failed is not None
    assert failed.message.endswith("; nothing related was found either")
    assert failed.message in result.notices and "showing related code" not in " ".join(result.notices)


def test_a_failure_over_a_manifest_of_no_file_says_how_many_were_skipped_and_why() -> None:
    failed = LookupFailure("foo", "literal", 'no line holds "foo"; showing related code, none of which holds it')
    manifest = SimpleNamespace(files=[], skipped={"binary": 2, "too_large": 0})
    empty = SimpleNamespace(snapshot=SimpleNamespace(manifest=manifest))
    assert as_shown(failed, [], empty).message == 'no line holds "foo"; the index holds no file: 2 skipped (binary)'  # type: ignore[arg-type]
    manifest.skipped = {}
    assert as_shown(failed, [], empty).message.endswith("; the index holds no file (an empty folder?)")  # type: ignore[arg-type]
    manifest.files = [object()]
    assert as_shown(failed, [], empty).message.endswith("; nothing related was found either")  # type: ignore[arg-type]


@pytest.mark.slow
def test_a_failure_over_an_index_of_no_file_says_how_many_were_skipped_and_why(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A folder whose one file is binary: "nothing related was found either" had read as if code had
    been searched; the index holds no file, and the answer says why."""
    root = tmp_path_factory.mktemp("binary")
    (root / "blob.bin").write_bytes(b"\x00\x01\x02" * 100)
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    for question, said in [("foo", 'no line holds "foo"'), ("def foo", "no symbol named foo")]:
        failed = e.search(question).lookup_failed
        assert failed is not None and failed.message == f"{said}; the index holds no file: 1 skipped (binary)"
    e.close()


@pytest.mark.slow  # three builds: about 1 s on 2 cores
def test_a_file_too_large_to_index_added_after_the_build_is_said_not_read(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    """A 2 MiB file added after the first build (the explorer's watcher refreshes): the refresh
    found the indexed files unchanged and kept the generation, whose manifest still counted no file
    too large, so the answer said "no line holds" a string that ``rg`` finds in it."""
    root = tmp_path_factory.mktemp("grown")
    (root / "small.py").write_text("def helper():\n    return 1\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    (root / "generated.py").write_text("TABLE_ENTRY = 1\n" * 150_000)  # 2.3 MB
    e.refresh()
    failed = e.search('"TABLE_ENTRY = 1"').lookup_failed
    assert failed is not None and failed.message.startswith(
        'no indexed line holds "TABLE_ENTRY = 1" (1 file over 1 MiB not indexed)')
    (root / "generated.py").unlink()
    e.refresh()
    assert e.search('"TABLE_ENTRY = 1"').lookup_failed.message.startswith('no line holds')  # type: ignore[union-attr]
    e.close()


@pytest.mark.parametrize("question", [
    "what breaks if I change app/config.py",
    "what breaks if I change ./app/config.py",
    "what breaks if I change app\\config.py",
    "impact of config.py",
    "impact of ./app/",
])
def test_the_impact_of_a_file_or_folder_named_by_its_path_lists_what_depends_on_it(engine: Engine, question: str) -> None:
    """The path had been cut at its first folder (``app``: no symbol, related code) and a bare
    file's name had been an unknown symbol: what depends on the file is listed, no failure said."""
    result = engine.search(question)
    assert result.lookup_failed is None, result.lookup_failed
    assert result.intent == "impact_analysis" and result.target in ("app/config.py", "config.py", "./app")
    assert ("app/server.py", "serve") in {(r.path, r.symbol) for r in result.results}


def test_a_path_no_indexed_file_is_is_said_in_one_line_with_the_close_paths(engine: Engine) -> None:
    result = engine.search("what breaks if I change app/confg.py")
    failed = result.lookup_failed
    assert failed is not None and failed.kind == "place" and failed.target == "app/confg.py"
    assert failed.message == "no indexed file or folder is app/confg.py; showing related code; close paths: app/config.py"
    assert engine.search("who uses app/nothere/x.py").lookup_failed is not None


@pytest.mark.parametrize(("question", "written"), [
    ("who imports /etc/passwd", "/etc/passwd"),
    ("who imports ../outside/secret.py", "../outside/secret.py"),
    ("who imports ..\\outside\\secret.py", "../outside/secret.py"),
    ("what breaks if I change /tmp/outside/secret.py?", "/tmp/outside/secret.py"),
    ("impact of ~/.bashrc", "~/.bashrc"),
    ("who uses app/../..", "app/../.."),
    ("who calls /etc/passwd::f", "/etc/passwd"),  # had read as the name passwd::f
    ("who calls /tmp/outside/x.py::serve", "/tmp/outside/x.py"),  # had read as x.py::serve
    ("who calls ../outside/x.py:serve", "../outside/x.py"),  # "nothing in the graph calls" it, exit 0
    ("what breaks if I change ~/x.py::serve?", "~/x.py"),
])
def test_a_path_outside_the_repository_is_said_to_be_no_indexed_file(engine: Engine, question: str, written: str) -> None:
    """"who imports /etc/passwd" had said "no symbol named etc" (its first folder read as the name),
    ``../outside/secret.py`` "no symbol named outside": the path is said as the MCP tools say it."""
    failed = engine.search(question).lookup_failed
    assert failed is not None and (failed.kind, failed.target) == ("place", written)
    assert failed.message.startswith(f"no indexed file or folder is {written}; showing related code")


@pytest.mark.parametrize("question", ["who imports app\\config.py", "who imports .\\app\\config.py", "who imports ./app/config.py"])
def test_an_importers_question_reads_a_windows_or_dotted_path_as_its_slashed_one(engine: Engine, question: str) -> None:
    """"who imports backoff\\_sync.py" had named no module (the graph alone, nothing found) where
    "who imports backoff/_sync.py" listed its import line."""
    result = engine.search(question)
    assert result.lookup_failed is None
    assert [(r.path, r.start_line) for r in result.results] == [("app/server.py", 1)]


def test_references_to_a_file_named_by_its_path_are_its_import_lines(engine: Engine) -> None:
    result = engine.search("references to app/config.py")
    assert result.lookup_failed is None
    assert [(r.path, r.start_line) for r in result.results] == [("app/server.py", 1)]


def test_a_string_no_line_holds_names_the_unreadable_paths_the_index_could_not_read() -> None:
    """``rg`` says "Permission denied" of a file its user may not read; the index leaves it out, so
    "no line holds" would be untrue: the answer says no *indexed* line holds it and why."""
    from maguyva_tui.core.lookup import missing_literal, unread

    manifest = SimpleNamespace(files=[object()], skipped={"unreadable": 1, "binary": 3})
    told = unread(SimpleNamespace(snapshot=SimpleNamespace(manifest=manifest)))  # type: ignore[arg-type]
    assert told == (0, 1)
    assert missing_literal("Zqx", False, told).message == (
        'no indexed line holds "Zqx" (1 unreadable path not indexed); showing related code, none of which holds it')
    assert missing_literal("Zqx", True, (2, 3)).message.startswith(
        'no indexed line holds "Zqx" in this case (2 files over 1 MiB and 3 unreadable paths not indexed);')
    assert missing_literal("Zqx", False).message == 'no line holds "Zqx"; showing related code, none of which holds it'


@pytest.mark.slow  # three builds: about 1 s on 2 cores
def test_a_file_made_unreadable_after_the_build_is_said_not_read(
        tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """``chmod 000`` on an indexed file (or a new file its user may not read): the refresh left it
    out and the answer said "no line holds" a string ``rg`` reports it cannot read; a new
    unreadable file beside unchanged ones had kept the generation whose manifest counted none."""
    from maguyva_tui.core import walk

    root = tmp_path_factory.mktemp("locked")
    (root / "small.py").write_text("def helper():\n    return 1\n")
    (root / "secret.py").write_text("class ZqxLocked:\n    pass\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=FirstWordProvider(), static=False)
    e.refresh()
    opened = walk._open_walked
    locked = {"secret.py"}

    def denied(candidate: walk.Candidate, max_bytes: int) -> tuple[bytes, object] | None:
        if candidate.path in locked:  # chmod 000 does not stop root: the open fails as it would
            raise PermissionError(13, "Permission denied", candidate.path)
        return opened(candidate, max_bytes)

    monkeypatch.setattr(walk, "_open_walked", denied)
    (root / "secret.py").chmod(0)
    e.refresh()
    failed = e.search('"ZqxLocked"').lookup_failed
    assert failed is not None and failed.message.startswith('no indexed line holds "ZqxLocked" (1 unreadable path not indexed)')
    (root / "secret.py").chmod(0o644)
    locked.clear()
    e.refresh()
    assert e.search('"ZqxLocked"').lookup_failed is None
    (root / "later.py").write_text("ZQX_LATER = 1\n")
    locked.add("later.py")
    e.refresh()
    failed = e.search('"ZQX_LATER"').lookup_failed
    assert failed is not None and failed.message.startswith('no indexed line holds "ZQX_LATER" (1 unreadable path not indexed)')
    e.close()
