"""A question that names a file or folder by its path asks about that path, not its first folder."""

from __future__ import annotations

from textwrap import dedent

import pytest

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import folder_files, impact
from maguyva_tui.core.intent import classify
from maguyva_tui.core.missing_paths import close_paths, holds
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.path_names import path_in


@pytest.mark.parametrize(("question", "intent", "target"), [
    ("what breaks if I change src/urllib3/util/retry.py", "impact_analysis", "src/urllib3/util/retry.py"),
    ("impact of ./src/urllib3/util/retry.py", "impact_analysis", "src/urllib3/util/retry.py"),
    ("what breaks if I change src\\urllib3\\util\\retry.py?", "impact_analysis", "src/urllib3/util/retry.py"),
    ('what breaks if I change "my dir/a.py"', "impact_analysis", "my dir/a.py"),
    ("what depends on pkg/sub", "impact_analysis", "pkg/sub"),
    ("what breaks if I change english/", "impact_analysis", "english/"),
    ("who uses src/hono.ts", "find_references", "src/hono.ts"),
    ("references to humanize/bytes.go", "find_references", "humanize/bytes.go"),
    ("where is src/hono.ts used", "find_references", "src/hono.ts"),
    ("who calls parse_config in src/app/config.py", "find_references", "src/app/config.py::parse_config"),
    ("who calls src/flask/cli.py::locate_app", "find_references", "src/flask/cli.py::locate_app"),
    ("what breaks if I change FunctionWrapper", "impact_analysis", "FunctionWrapper"),
])
def test_a_path_in_an_impact_or_references_question_is_its_target(question: str, intent: str, target: str) -> None:
    """The path had been cut at its first folder: "src/urllib3/util/retry.py" asked about ``src``."""
    found = classify(question)
    assert (found.name, found.target) == (intent, target)


@pytest.mark.parametrize(("text", "path"), [
    ("App\\Models\\User", None),  # PHP's namespace
    ("I/O and 1/2", None),
    ("https://example.com/a/b.py", None),
    ("see ./utils", "./utils"),
    ("(pkg/sub/x.go).", "pkg/sub/x.go"),
    ("../outside/x.py", "../outside/x.py"),  # outside the root: said to be no indexed file, not read as "outside"
    ("who imports /etc/passwd?", "/etc/passwd"),
    ("~/src/a.py", "~/src/a.py"),
    ("pkg/../..", "pkg/../.."),  # its closing ".." no full stop
    (".\\pkg\\a.py", "pkg/a.py"),
    ("/", None),
    ("/1/2 and /s", None),
])
def test_path_in_reads_paths_not_words(text: str, path: str | None) -> None:
    assert path_in(text) == path


def test_the_impact_of_a_folder_is_what_depends_on_any_of_its_files() -> None:
    files = {
        "pkg/sub/a.py": "def f():\n    pass\n",
        "pkg/sub/b.py": "from pkg.sub.a import f\n\ndef g():\n    f()\n",
        "app.py": "from pkg.sub.b import g\n\ndef main():\n    g()\n",
    }
    graph = CodeGraph.build({path: analyze(path, dedent(text)) for path, text in files.items()})
    assert folder_files(graph.languages, "./pkg/sub/") == ("pkg/sub/a.py", "pkg/sub/b.py")
    assert folder_files(graph.languages, "sub") == ("pkg/sub/a.py", "pkg/sub/b.py")
    assert folder_files(graph.languages, "pk") == ()
    found = impact(graph, "pkg/sub", max_depth=2)
    assert {(d.path, d.qualname) for d in found.dependents} == {("app.py", "main"), ("app.py", None)}


def test_close_paths_offer_the_file_or_folder_a_letter_off() -> None:
    paths = ["src/wrapt/decorators.py", "src/wrapt/wrappers.py", "tests/test_decorators.py"]
    assert close_paths(paths, "src/wrapt/decoraters.py")[0] == "src/wrapt/decorators.py"
    assert close_paths(paths, "src/wrap") == ("src/wrapt",)
    assert close_paths(["src/router.ts", "src/utils/url.ts"], "src/utils/nothere.ts") == ()  # .ts alone is not close
    assert close_paths(["app/config.py", "c/config.c"], "app/confg.py") == ("app/config.py",)
    assert holds(paths, "wrapt/") and holds(paths, "./src/wrapt/wrappers.py") and not holds(paths, "src/wrap")


def test_the_mcp_tools_say_a_missing_path_in_one_line() -> None:
    """impact("src/x.py") of no such file had said "unknown symbol" and offered symbols' names."""
    from types import SimpleNamespace

    from maguyva_tui.core.answers import GraphAnswer
    from maguyva_tui.mcp.answers import AnswerError, _known

    said = "no indexed file or folder is app/confg.py; close paths: app/config.py"
    answer: GraphAnswer[object] = GraphAnswer("app/confg.py", (), (), 0, suggestions=("app/config.py",), missing=said)
    with pytest.raises(AnswerError) as raised:
        _known(SimpleNamespace(root="/repo"), answer)  # type: ignore[arg-type]
    assert str(raised.value) == f"in /repo, {said}."  # "close paths: app/config.py in /repo." read as if in it


@pytest.mark.parametrize(("question", "target"), [
    ("where is Hono defined in src/preset", "src/preset::Hono"),
    ("find FunctionWrapper in src/wrapt", "src/wrapt::FunctionWrapper"),
    ("where is Attrs defined in the folder impl/src?", "impl/src::Attrs"),
    ("where is parse_config defined in app/config.py", "app/config.py::parse_config"),
    ("where is parse_config defined", "parse_config"),
    ("where is parse_config defined in production", "parse_config"),  # a word, no path
])
def test_a_definition_question_closing_on_a_path_keeps_the_name_to_it(question: str, target: str) -> None:
    """"where is Hono defined in src/preset" had listed src/hono-base.ts's Hono first."""
    assert classify(question).target == target


def test_in_path_reads_a_file_or_a_folder() -> None:
    from maguyva_tui.core.path_names import in_path

    assert in_path("src/preset/tiny.ts", "src/preset") and in_path("src/preset/tiny.ts", "preset")
    assert in_path("src/preset/tiny.ts", "preset/tiny.ts") and not in_path("src/preset/tiny.ts", "tiny")
    assert not in_path("src/presets/tiny.ts", "src/preset") and not in_path("src/hono.ts", "src/hono")


def test_a_folder_from_the_root_is_that_folder_not_every_folder_ending_so() -> None:
    """pyasn1 0.6.1's ``pyasn1/type`` had been "a folder of 73 files": its 17 and the 56 .rst files of
    ``docs/source/pyasn1/type``; a tail no folder of the root is still finds the folders ending so."""
    paths = ["pkg/sub/a.py", "pkg/sub/b.py", "docs/pkg/sub/a.rst", "other/sub/c.py"]
    assert folder_files(paths, "pkg/sub") == ("pkg/sub/a.py", "pkg/sub/b.py")
    assert folder_files(paths, "./pkg/sub/") == ("pkg/sub/a.py", "pkg/sub/b.py")
    assert folder_files(paths, "sub") == ("docs/pkg/sub/a.rst", "other/sub/c.py", "pkg/sub/a.py", "pkg/sub/b.py")


def test_a_search_for_what_depends_on_a_file_says_the_file_as_written() -> None:
    """pyasn1 0.6.1's "what breaks if I change pyasn1/codec/ber/decoder.py" had each result's reason
    read "depends on py (inherit, depth 1)": the path cut at its last dot, as a symbol's qualifier is."""
    from maguyva_tui.core.retrievers.graph import GraphRetriever

    files = {"pkg/dec.py": "class Decoder:\n    pass\n", "app.py": "from pkg.dec import Decoder\n\nclass Mine(Decoder):\n    pass\n"}
    graph = CodeGraph.build({path: analyze(path, text) for path, text in files.items()})
    retriever = GraphRetriever(graph)
    for written in ("pkg/dec.py", "pkg.dec", "pkg"):
        reasons = {h.reason.partition(" (")[0] for h in retriever.impact_hits(written, 2, 10)}
        assert reasons == {f"depends on {written}"}, written
    assert {h.reason.partition(" (")[0] for h in retriever.impact_hits("Decoder", 2, 10)} == {"depends on Decoder"}
