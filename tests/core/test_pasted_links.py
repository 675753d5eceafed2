"""A URL pasted as the question: a forge's file link is that file (and line); any other URL is the
string, every line holding it, and nothing else (it had been a question about meaning over the
URL's fragments: code sharing the words ``github``, ``blob``, ``main``)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.intent import URL_RULE, classify
from maguyva_tui.core.locations import Place, link_place

DOCS = "https://example.org/docs/config#loading"


@pytest.mark.parametrize(("link", "place"), [
    ("https://github.com/pallets/flask/blob/main/src/flask/app.py", Place("src/flask/app.py")),
    ("https://github.com/pallets/flask/blob/3.0.3/src/flask/app.py#L1491-L1500", Place("src/flask/app.py", 1491, 1500)),
    ("https://gitlab.com/group/sub/proj/-/blob/v1.0/lib/x.rb#L5", Place("lib/x.rb", 5)),
    ("https://bitbucket.org/o/r/src/abc123/a/b.py#lines-7", Place("a/b.py", 7)),
    ("https://codeberg.org/o/r/src/branch/main/cmd/x.go", Place("cmd/x.go")),
    ("https://raw.githubusercontent.com/pallets/flask/main/src/flask/app.py", Place("src/flask/app.py")),
    ("https://github.com/pallets/flask", None),  # the repository's front page: no file
    (DOCS, None),
])
def test_a_forge_s_file_link_names_the_file_and_line(link: str, place: Place | None) -> None:
    assert link_place(link) == place


def test_any_other_url_alone_is_the_string_to_find() -> None:
    intent = classify(DOCS)
    assert (intent.name, intent.target, intent.rule) == ("exact_match", DOCS, URL_RULE)


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("links")
    (root / "src").mkdir()
    (root / "src" / "app.py").write_text(
        f'DOCS = "{DOCS}"\n\n\ndef load_config(path):\n    """Load the configuration file."""\n'
        "    return open(path).read()\n"
    )
    (root / "src" / "github_blob.py").write_text("def main_blob():\n    return 'github'\n")  # the link's words
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


def test_a_pasted_file_link_opens_that_file_at_its_line(engine: Engine) -> None:
    result = engine.search("https://github.com/acme/app/blob/main/src/app.py#L5")
    assert [(r.path, r.symbol) for r in result.results] == [("src/app.py", "load_config")]


def test_a_url_alone_lists_the_lines_that_hold_it(engine: Engine) -> None:
    result = engine.search(DOCS)
    assert [(r.path, r.start_line) for r in result.results] == [("src/app.py", 1)]
    assert "semantic" not in result.modalities_run


@pytest.mark.parametrize(("url", "said"), [
    ("https://nothere.example/zz", 'no line holds "https://nothere.example/zz"'),
    ("https://github.com/acme/app/blob/main/src/gone.py",
     "no indexed file is the one the link names (a tail of main/src/gone.py: its revision, then the file's path), "
     'and no line holds "https://github.com/acme/app/blob/main/src/gone.py"'),
])
def test_a_url_no_line_holds_is_said_and_nothing_else_is_searched(engine: Engine, url: str, said: str) -> None:
    result = engine.search(url)
    assert result.results == () and "semantic" not in result.modalities_run
    assert result.lookup_failed is not None and result.lookup_failed.message == said


@pytest.mark.parametrize("link", [
    "https://github.com/acme/app/blob/feature/x/src/app.py#L5",  # a branch named feature/x
    "https://gitlab.com/acme/app/-/blob/release/2.0/hotfix/src/app.py#L5",
    "https://raw.githubusercontent.com/acme/app/feature/x/src/app.py",
])
def test_a_link_on_a_branch_whose_name_holds_a_slash_opens_the_file(engine: Engine, link: str) -> None:
    # one segment is dropped as the branch (x/src/app.py); the place resolves as its longest indexed tail
    result = engine.search(link)
    assert [r.path for r in result.results][:1] == ["src/app.py"]
    assert result.lookup_failed is None and result.rule == "location"


@pytest.mark.parametrize(("link", "path"), [
    ("https://github.com/o/r/blob/feature/x/src/nothere.py#L3", "feature/x/src/nothere.py"),
    ("https://codeberg.org/o/r/src/branch/release/2.0/nothere.py", "release/2.0/nothere.py"),
    ("https://raw.githubusercontent.com/o/r/feature/x/src/nothere.py", "feature/x/src/nothere.py"),
])
def test_a_link_to_a_file_the_index_lacks_names_its_path_with_the_revision_not_a_guess(
        engine: Engine, link: str, path: str) -> None:
    # the branch's first segment had been dropped as the branch and the rest said as the file:
    # "no indexed file is x/src/nothere.py", a path neither the link nor the repository has
    said = f"no indexed file is the one the link names (a tail of {path}: its revision, then the file's path)"
    result = engine.search(link)
    assert result.lookup_failed is not None and result.lookup_failed.message.startswith(said), result.lookup_failed
    assert not any("x/src/nothere.py," in n or "2.0/nothere.py," in n for n in result.notices)
