"""Calls that name a symbol but that the graph could not tie to its definition: the answer to "who
calls X" says how many there are and where the first is, instead of a page that reads as complete."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.graph import queries

LIB = '''class Engine:
    def serve(self, request):
        return request


def handle(server, request):
    return server.serve(request)


def main():
    engine = Engine()
    return engine.serve("ping")


def emit(text):
    return text


def run():
    return emit("x")


class Logger:
    def emit(self, record):
        return record


class Handler:
    def close(self):
        return None


def shutdown(connection):
    return connection.close()
'''

TESTS = '''from pkg.lib import Engine


def test_serve(unknown):
    assert unknown.serve(1) == 1
    print("done")
'''


CLIENT_PHP = """<?php
class Client
{
    public function fetch(string $url): string
    {
        return $url;
    }
}

class Cache
{
    public function fetch(string $key): string
    {
        return $key;
    }
}

function load($client)
{
    $own = new Client();
    return $client->fetch('/a') . $client->fetch('/b') . $own->fetch('/c');
}
"""

JOB_RB = """class Job
  def perform
    1
  end
end

class Mailer
  def perform
    2
  end
end

def work(job)
  job.perform
  job.perform if job
  Job.new.perform
end

class Sender
  def deliver
    3
  end
end

module Fast
  def quick
    deliver
  end
end

class Broom
  def sweep
    1
  end

  def tidy
    sweep
  end
end

class Mop < Floor
  def sweep
    super
  end
end
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("untied")
    (root / "pkg").mkdir()
    (root / "tests").mkdir()
    (root / "client.php").write_text(CLIENT_PHP)
    (root / "job.rb").write_text(JOB_RB)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "lib.py").write_text(LIB)
    (root / "tests" / "test_lib.py").write_text(TESTS)
    index = tmp_path_factory.mktemp("index")
    built = Engine(root, index, static=False)
    built.refresh()
    built.close()
    e = Engine(root, index, static=False)  # the graph opened from its stored columns, as a new process opens it
    e.refresh()
    return e


def test_calls_on_a_receiver_of_unknown_type_are_counted_and_the_code_s_first_is_named(engine: Engine) -> None:
    answer = engine.search("who calls serve").to_json()
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("pkg/lib.py", 12)]
    said = [n for n in answer["notices"] if "could not tie" in n]
    assert len(said) == 1
    assert said[0].startswith("2 more calls name serve") and "first pkg/lib.py:7" in said[0]  # the code before the test
    assert 'search ".serve(" lists every line' in said[0]


def test_a_name_every_call_of_which_is_tied_says_nothing_more(engine: Engine) -> None:
    answer = engine.search("who calls emit").to_json()
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("pkg/lib.py", 20)]
    assert not [n for n in answer["notices"] if "could not tie" in n]


def test_a_method_s_untied_calls_are_on_a_receiver_a_builtin_of_its_name_is_not_one(engine: Engine) -> None:
    graph = engine.generation.retriever("graph").graph
    assert queries.untied_calls(graph, "Engine.serve", members_only=True) == [
        ("pkg/lib.py", 7), ("tests/test_lib.py", 5)]
    assert ("tests/test_lib.py", 6) in queries.untied_calls(graph, "print")  # the builtin, untied
    assert ("tests/test_lib.py", 6) not in queries.untied_calls(graph, "print", members_only=True)


def test_the_stored_columns_and_the_blocks_give_the_same_calls(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    graph = engine.generation.retriever("graph").graph
    stored = queries.untied_calls(graph, "serve")
    assert graph.origin is not None and stored
    monkeypatch.setattr(graph, "origin", None)  # read every file's block, one by one
    assert queries.untied_calls(graph, "serve") == stored


def test_graph_callers_and_the_mcp_references_tool_say_it_too(engine: Engine) -> None:
    from maguyva_tui.graph_command import graph_answer
    from maguyva_tui.mcp.answers import NO_RESOLVED_USES, references_answer

    said = graph_answer(engine, "callers", "serve", None, 10)["notes"]
    assert len(said) == 1 and said[0].startswith("2 more calls name serve")
    assert graph_answer(engine, "callees", "run", None, 10)["notes"] == []
    assert references_answer(engine, "serve", None, 10)["notes"] == said
    assert references_answer(engine, "run", None, 10)["notes"] == [NO_RESOLVED_USES]  # no untied call to add


def test_a_bare_name_read_as_its_top_level_definition_names_the_others_sharing_it(engine: Engine) -> None:
    notes = engine.search("who calls emit").to_json()["notices"]
    assert ('emit is read as the top-level emit of pkg/lib.py; 1 other definition shares the name (Logger.emit): '
            'ask "who calls Logger.emit" for one of them') in notes
    assert not [n for n in engine.search("who calls Logger.emit").to_json()["notices"] if "share the name" in n]


def test_the_command_line_prints_the_notes_for_a_person_on_stderr(engine: Engine) -> None:
    import subprocess
    import sys

    proc = subprocess.run([sys.executable, "-m", "maguyva_tui", "search", "who calls serve", "--repo",
                           str(engine.root), "--index-dir", str(engine.index_base)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "pkg/lib.py:12" in proc.stdout
    assert "maguyva: 2 more calls name serve but the graph could not tie them" in proc.stderr


def test_when_the_graph_ties_no_call_the_calls_naming_it_are_the_answer(engine: Engine) -> None:
    # koa: every call of ctx.onerror is on a parameter of unknown type; the page was related code
    answer = engine.search("who calls close").to_json()
    assert (answer["intent"], answer["fusion_strategy"], answer["modalities_run"]) == (
        "find_references", "direct", ["graph"])
    assert [(r["path"], r["start_line"], r["symbol"]) for r in answer["results"]] == [("pkg/lib.py", 34, "shutdown")]
    assert "could not tie" in answer["results"][0]["modalities"]["graph"]["reason"]
    said = [n for n in answer["notices"] if "tied no call" in n]
    assert len(said) == 1 and said[0].startswith("the graph tied no call to close; listing the call that names it")
    assert not [n for n in answer["notices"] if "more call" in n or "blending" in n]


PLUGINS = '''from host.api import Plugin


class Audio(Plugin):
    def play(self):
        return 1


class Video(Plugin):
    def play(self):
        return 2
'''


@pytest.fixture(scope="module")
def plugins(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("plugins")
    (root / "plugins.py").write_text(PLUGINS)
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    return e


@pytest.mark.parametrize("text", ["subclasses of Plugin", "who implements Plugin", "what extends Plugin"])
def test_the_subtypes_of_a_base_defined_elsewhere_are_the_classes_naming_it(plugins: Engine, text: str) -> None:
    # PSR-7's "who implements StreamInterface": before, "no symbol named ..." and files' first lines
    answer = plugins.search(text).to_json()
    assert (answer["intent"], answer["modalities_run"]) == ("find_references", ["graph"])
    assert [(r["path"], r["start_line"], r["symbol"]) for r in answer["results"]] == [
        ("plugins.py", 4, "Audio"), ("plugins.py", 9, "Video")]
    assert answer["lookup_failed"]["message"] == "no symbol named Plugin is defined here; listing what names it as a base"
    assert any("listing the 2 definitions that name it as a base" in n for n in answer["notices"])


def test_a_base_named_inside_a_larger_definition_is_shown_by_its_own_line(tmp_path_factory: pytest.TempPathFactory) -> None:
    # anyhow: `impl Display for Backtrace` inside `mod capture { ... }` showed the whole module;
    # the impl block is a chunk of its own since d0d18c7: it is shown, not the module around it
    root = tmp_path_factory.mktemp("impls")
    (root / "lib.rs").write_text("mod capture {\n    use std::fmt;\n    pub struct Backtrace;\n\n"
                                 "    impl fmt::Display for Backtrace {\n        fn fmt(&self, f: &mut fmt::Formatter) "
                                 "-> fmt::Result {\n            Ok(())\n        }\n    }\n}\n")
    e = Engine(root, tmp_path_factory.mktemp("index"), static=False)
    e.refresh()
    answer = e.search("who implements Display").to_json()
    assert [(r["path"], r["start_line"], r["end_line"]) for r in answer["results"]] == [("lib.rs", 5, 9)]


def test_a_c_function_each_platform_defines_is_said_to_be_defined_in_several_files(
        tmp_path_factory: pytest.TempPathFactory) -> None:
    # libuv: uv__io_poll is defined once per platform (linux.c, kqueue.c, ...); core.c's call names
    # none in particular, and the answer spoke of "a receiver it could not resolve", which C has not
    root = tmp_path_factory.mktemp("uv")
    (root / "core.c").write_text("int uv_run(void *loop) {\n  uv__io_poll(loop, 0);\n  return 0;\n}\n")
    for platform in ("linux", "kqueue"):
        (root / f"{platform}.c").write_text(f"void uv__io_poll(void *loop, int timeout) {{\n  /* {platform} */\n}}\n")
    e = Engine(root, tmp_path_factory.mktemp("uv-index"), static=False)
    e.refresh()
    answer = e.search("who calls uv__io_poll").to_json()
    assert [(r["path"], r["start_line"]) for r in answer["results"]] == [("core.c", 2)]
    said = [n for n in answer["notices"] if "tied no call" in n]
    assert said == ["the graph tied no call to uv__io_poll: 2 files define it (kqueue.c:1, linux.c:1) and a call "
                    "does not say which; listing the call that names it"]


@pytest.mark.parametrize(("question", "search"), [("who calls fetch", "->fetch("), ("who calls perform", "grep .perform"),
                                                  ("what breaks if I change Client.fetch", "->fetch(")])
def test_the_search_said_is_spelled_as_the_untied_calls_are(engine: Engine, question: str, search: str) -> None:
    """PHP calls a method with ``->`` and Ruby without brackets: the search said had been ".fetch(" and
    ".perform(", which list none of these lines (PHP-DI's ``$container->get(``, httparty's 127
    ``.perform``); searched as said, it lists each."""
    said = [n for n in engine.search(question).to_json()["notices"] if "could not tie" in n]
    assert len(said) == 1 and said[0].endswith(f'search "{search}" lists every line')
    lines = {(r["path"], r["start_line"]) for r in engine.search(search, limit=50).to_json()["results"]}
    assert {("client.php", 21), ("job.rb", 14), ("job.rb", 15)} & lines == (
        {("client.php", 21)} if "fetch" in search else {("job.rb", 14), ("job.rb", 15)})


def test_a_ruby_bare_call_is_a_method_s_untied_call(engine: Engine, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bare call in Ruby calls the object's own method: roda's plugins call ``_match_string(s)``
    of the class they are mixed into, and those calls had been neither listed nor counted (a
    Python builtin's bare ``print`` is still no method's)."""
    graph = engine.generation.retriever("graph").graph
    assert queries.untied_calls(graph, "Mailer.deliver", members_only=True) == [("job.rb", 27)]
    monkeypatch.setattr(graph, "origin", None)  # read every file's block, one by one
    assert queries.untied_calls(graph, "Mailer.deliver", members_only=True) == [("job.rb", 27)]
    assert ("tests/test_lib.py", 6) not in queries.untied_calls(graph, "print", members_only=True)


def test_an_untied_super_call_is_said_without_a_search_that_lists_none(engine: Engine) -> None:
    """roda's ``def empty_path?; super || ...``: its one untied call is ``super``, and the answer
    had said to search ".empty_path?(", which lists no line of it."""
    said = [n for n in engine.search("who calls sweep").to_json()["notices"] if "could not tie" in n]
    assert len(said) == 1 and said[0].endswith(
        "first job.rb:43 (its line does not spell sweep: a super call, or a call written over several lines)"), said
