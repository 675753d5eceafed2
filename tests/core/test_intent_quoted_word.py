"""A question that is one ASCII word in straight quotes (``"expand_trig"``, the literal search's
usual question) is read at once, without the classifier's rules, and read the same: the 17 rules
before the quoted literal's compiled 40 patterns on a process's first question (10.5 ms of CPU)."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from maguyva_tui.core import intent
from tests.core.test_intent_lone_word import _vocabulary

REPO = Path(__file__).resolve().parents[2]


def _readings(words: list[str], skip: frozenset[str] = frozenset()) -> list[intent.Intent]:
    return [intent.classify(q + w + q, skip=skip) for q in ('"', "'") for w in words]


def _same_readings(words: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """Each quoted word classified with the shortcut and with every rule gives the same intent."""
    skips = (frozenset(), frozenset(intent.LITERAL_RULES))
    short = [found for skip in skips for found in _readings(words, skip)]
    monkeypatch.setattr(intent, "_QUOTED_WORD", re.compile(r"(?!)"))
    assert [found for skip in skips for found in _readings(words, skip)] == short
    assert {"quoted_literal", "impact_phrase", "similar_phrase"} <= {found.rule for found in short}


def test_a_quoted_trigger_word_reads_as_every_rule_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    words = [w for w in _vocabulary(names=False) if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", w)]
    assert len(words) > 1000
    _same_readings(words, monkeypatch)


@pytest.mark.slow
def test_a_quoted_name_reads_as_every_rule_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    words = [w for w in _vocabulary() if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_]*", w)]
    assert len(words) > 3000
    _same_readings(words, monkeypatch)


def test_a_quoted_word_compiles_one_pattern_in_a_fresh_process() -> None:
    """The first classification of ``"expand_trig"`` in a process compiles one of the classifier's
    patterns, where it compiled 40 (an answer as before: the exact string, as written)."""
    code = ("import json, sys, re._compiler as c\n"
            "mine = []\n"
            "real = c.compile\n"
            "def counting(p, flags=0):\n"
            "    mine.append(p)\n"
            "    return real(p, flags)\n"
            "import maguyva_tui.core.intent as intent\n"
            "c.compile = counting\n"
            "found = [intent.classify(q) for q in ('\"expand_trig\"', \"'Matrix'\")]\n"
            "words = len(mine)\n"
            "found.append(intent.classify('\"impacted\"'))\n"
            "print(json.dumps([words, [(f.name, f.target, f.rule) for f in found]]))\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=REPO, env={**os.environ, "PYTHONPATH": str(REPO)},
                          capture_output=True, text=True, timeout=60, check=True)
    compiled, found = json.loads(done.stdout)
    assert found[:2] == [["exact_match", "expand_trig", "quoted_literal"], ["exact_match", "Matrix", "quoted_literal"]]
    assert found[2][2] == "impact_phrase"  # read by the rules, as before
    assert compiled <= 3  # the lone word's and the quoted word's patterns
