"""A chain of thousands of attribute reads or calls on one line (``x.a.a.a...``, a builder's
``x.b().b()...``), as a generated or crafted file writes it, is read in memory that grows with the
line, not with its square: every prefix of the chain had been copied whole to be named, and kept
(a 40 KB line: 29 s and 1.6 GB of a build)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from maguyva_tui.core.parsing.analyze import analyze

MEASURED = """\
import resource, sys
from maguyva_tui.core.parsing.analyze import analyze
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
facts = analyze("chain.py", "x" + sys.argv[1] * 8000 + "\\n")
assert facts.references
print((resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before) // 1024)
"""


@pytest.mark.slow
@pytest.mark.parametrize("link", [".a", ".b()"])
def test_a_long_chain_is_read_in_memory_linear_in_its_length(link: str) -> None:
    grown = subprocess.run([sys.executable, "-c", MEASURED, link], capture_output=True, text=True, check=True)
    assert int(grown.stdout) < 40, grown.stdout  # MiB: 64 (reads) and 129 (calls) before, 6 and 8 after, for 16-32 KB of text


def test_a_short_chain_is_named_as_written() -> None:
    facts = analyze("chain.py", "import os\nos.path.join('a', 'b').upper()\nconn.size.bit_length()\n")
    names = {(r.kind, r.name) for r in facts.references}
    assert {("call", "os.path.join"), ("call", "os.path.join().upper"), ("read", "conn.size")} <= names
