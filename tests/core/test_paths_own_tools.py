"""What a language's own tools treat as tests or leave out of the build is listed after the package's
code, as ``tests/`` is (``paths.is_secondary``): Go's ``_``- and ``.``-prefixed folders and
``testdata`` (goldmark's ``_tools/gen-unicode-case-folding-map.go`` had come first for "unicode case
folding for link labels"), RSpec's ``spec/`` and ``*_spec.rb`` (faraday's specs were judged the
library's own code; helper-249)."""

from __future__ import annotations

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.explain import demotion_why
from maguyva_tui.core.paths import is_secondary


@pytest.mark.parametrize("path", [
    "_tools/gen-unicode-case-folding-map.go", "internal/.gen/x.go", "testdata/extra.go", "parser/testdata/in.txt",
    "spec/faraday/adapter/test_spec.rb", "spec/support/shared_examples/adapter.rb", "lib/faraday/options_spec.rb",
])
def test_what_the_languages_tools_set_aside_is_a_test_example_or_doc(path: str) -> None:
    assert is_secondary(path)
    assert demotion_why(path, fusion.SECONDARY_DEMOTION) == "a test, example or doc"


@pytest.mark.parametrize("path", [
    "parser/link.go", "extension/ast/strikethrough.go", "lib/faraday/connection.rb", "lib/faraday/spec.rb",
    "src/_internal/helpers.py", "jsonschema/spec/draft7.py", "pkg/_vendor/x.py", "lib/_private.go",
])
def test_a_folders_prefix_or_spec_name_sets_aside_only_the_language_whose_tools_read_it_so(path: str) -> None:
    assert not is_secondary(path)
