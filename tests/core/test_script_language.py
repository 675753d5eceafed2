"""A file without a suffix is read in the language its ``#!`` line runs (strsim-rs' ``./dev``)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.parsing.analyze import analyze, analyze_row
from maguyva_tui.core.parsing.languages import language_of, script_language

DEV = '#!/usr/bin/env python3\n# ./dev --help\n\nimport argparse\n\n\ndef sh(cmd):\n    return cmd\n'


@pytest.mark.parametrize(
    ("path", "text", "language"),
    [
        ("dev", "#!/usr/bin/env python3\n", "python"),
        ("bin/rails", "#!/usr/bin/env ruby\n", "ruby"),
        ("bin/cli", "#!/usr/bin/env -S node --no-warnings\n", "javascript"),
        ("tools/run", "#! /usr/bin/python2.7\n", "python"),
        ("tools/run", b"#!/usr/bin/env PYTHONPATH=. python3\n", "python"),
        ("configure", "#!/bin/sh\n", None),
        ("build.sh", "#!/usr/bin/env python3\n", None),  # a suffix says what the file is
        ("README", "import os\n", None),
        ("empty", "", None),
    ],
)
def test_script_language_reads_the_interpreter(path: str, text: str | bytes, language: str | None) -> None:
    assert script_language(path, text) == language
    assert language_of(path, text) == language


def test_a_python_script_without_a_suffix_defines_its_functions() -> None:
    facts = analyze("dev", DEV)
    assert facts.language == "python"
    assert [(s.name, s.kind, s.start_line) for s in facts.symbols] == [("sh", "function", 7)]
    assert analyze_row("dev", DEV)[0] == "python"  # the row the indexer stores
