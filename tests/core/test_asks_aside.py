"""A word of tests, examples or docs asks for them unless it is a word of the name of the package's
own code the question is about: faraday's "test adapter" is ``lib/faraday/adapter/test.rb``, and
its examples and changelog stay after the library's code."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.search import asks_aside
from maguyva_tui.core.types import Query

FILES = {
    "lib/faraday/adapter/test.rb": "module Faraday\n  class Adapter\n    class Test\n"
                                   "      # Stubs a request: the response the test adapter gives for it.\n"
                                   "      def stub_request(path, body)\n        @stubs[path] = body\n      end\n"
                                   "    end\n  end\nend\n",
    "lib/faraday/sample_rate.rb": "module Faraday\n  def self.sample_rate\n    0.5\n  end\nend\n",
    "examples/client_test.rb": "class ClientTest\n  # the test adapter stubs the requests of this test\n"
                               "  def test_stub_requests\n    stubs.get('/ebi') { [200, {}, 'shrimp'] }\n  end\nend\n",
    "CHANGELOG.md": "# Changelog\n\n- The test adapter stubs requests with a body.\n- Stubs requests by path.\n",
}


@dataclass
class _Generation:
    """The two things :func:`asks_aside` reads of a generation: definers, and the files."""

    defined: dict[str, set[str]]
    files: dict[str, None] = field(default_factory=lambda: dict.fromkeys(FILES))

    @property
    def snapshot(self) -> _Generation:
        return self

    def definers(self, name: str) -> set[str]:
        return self.defined.get(name, set())


GENERATION = _Generation({"Test": {"lib/faraday/adapter/test.rb"}, "sample_rate": {"lib/faraday/sample_rate.rb"},
                          "ClientTest": {"examples/client_test.rb"}})


@pytest.mark.parametrize(("question", "target", "asked"), [
    ("how does the test adapter stub requests", None, False),  # lib/faraday/adapter/test.rb
    ("how does the adapter test stub requests", None, False),
    ("what does Test do", "Test", False),  # the library's class Faraday::Adapter::Test
    ("how is the sample rate chosen", None, False),  # sample_rate, the library's own
    ("how are the adapter tests written", None, True),  # tests, plural: no name spells it
    ("where are the tests of the adapter", None, True),
    ("how does the test adapter stub requests in the examples", None, True),
    ("how is the client test written", None, True),  # ClientTest: defined in the examples only
    ("how does the adapter stub requests", None, False),  # no word of tests at all
])
def test_a_word_of_tests_asks_for_them_unless_it_names_own_code(question: str, target: str | None, asked: bool) -> None:
    assert asks_aside(GENERATION, Query(question, target=target)) is asked  # type: ignore[arg-type]


@pytest.mark.slow
def test_the_test_adapter_lists_the_library_before_its_examples_and_changelog(tmp_path: Path) -> None:
    root = tmp_path / "faraday"
    for path, text in FILES.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    engine = Engine(root, tmp_path / "index")
    try:
        found = engine.search("how does the test adapter stub requests", limit=10).results
        paths = [r.path for r in found]
        assert paths[0] == "lib/faraday/adapter/test.rb", paths
        aside = [r for r in found if r.path in {"examples/client_test.rb", "CHANGELOG.md"}]
        assert all("secondary" in r.demoted_as for r in aside), aside
    finally:
        engine.close()
