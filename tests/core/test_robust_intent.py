"""The classifier's time is linear in the query (issue 18.3): adversarial 4 KB queries (long runs
of blanks, newlines, identifier characters, dots, ``::``, quotes, backticks) each classify in
milliseconds. Before, "where is" and 4,000 spaces took minutes and 4,000 newlines over a second."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from maguyva_tui.core.intent import MAX_CLASSIFY_CHARS

N = MAX_CLASSIFY_CHARS


def _fill(head: str, unit: str, tail: str = "") -> str:
    """A query of about 4 KB: a trigger, a long run of one unit, a tail that makes rules fail."""
    return head + unit * ((N - len(head) - len(tail)) // len(unit)) + tail


ADVERSARIAL = {
    "where is, spaces": _fill("where is", " ", "x"),
    "where is, tabs, verb": _fill("where is ", "\t", "defined"),
    "where does, spaces": _fill("where does", " ", "live!"),
    "where is, words": _fill("where is ", "x ", "!"),
    "where is, nbsp": _fill("where is ", "\u00a0", "` x"),
    "newlines": _fill("a", "\n", "a"),
    "indented lines": _fill("a", "\n ", "a"),
    "typographic double quotes": _fill("", "\u201c"),
    "typographic single quotes": _fill("", "\u2018"),
    "trailing blanks after a name": _fill("find class foo", " ", "!"),
    "trailing blanks and a question mark": _fill("show me foo", " ", "?x"),
    "identifier run": _fill("", "a"),
    "dotted run": _fill("", "a."),
    "qualified run": _fill("", "a::"),
    "arrows": _fill("", "a->"),
    "backticks": _fill("", "`"),
    "quotes": _fill("", '"'),
    "apostrophes": _fill("", " 'a"),
    "words": _fill("x ", "a "),
    "calls": _fill("who calls ", "a.b("),
    "definition keyword and blanks": _fill("def", " ", "!"),
    "from import and blanks": _fill("from a", " ", "x"),
}

SCRIPT = """
import json, sys, time
from maguyva_tui.core.intent import classify
took = {}
for name, query in json.load(sys.stdin).items():
    start = time.process_time()
    classify(query)
    took[name] = time.process_time() - start
print(json.dumps(took))
"""


def test_adversarial_queries_classify_in_linear_time() -> None:
    """Run in a child process: a regex stuck backtracking cannot be interrupted in-process."""
    try:
        proc = subprocess.run([sys.executable, "-c", SCRIPT], input=json.dumps(ADVERSARIAL), capture_output=True,
                              text=True, timeout=60)
    except subprocess.TimeoutExpired:
        pytest.fail("classifying the adversarial queries took over a minute")
    assert proc.returncode == 0, proc.stderr
    took = json.loads(proc.stdout)
    slow = {name: round(t, 3) for name, t in took.items() if t > 0.25}
    assert not slow, slow  # each takes a few milliseconds; 0.25 s of CPU leaves room for a slow machine
