"""A question that is one word is read by the rules that can read one word, and read the same."""

import re
from pathlib import Path

import pytest

from maguyva_tui.core import intent

_SOURCE = Path(intent.__file__).read_text(encoding="utf-8")


def _vocabulary(names: bool = True) -> list[str]:
    """Every word the rules' patterns and sets are written with (a trigger: ``impacts``,
    ``traceback``, ``TODO``, ``Error``), in four cases; with ``names``, those words with the endings
    the patterns add, and every name of the classifier's own source (identifiers of each shape)."""
    words: set[str] = set()
    for value in vars(intent).values():
        patterns = value if isinstance(value, tuple) else (value,)
        for pattern in patterns:
            if isinstance(pattern, re.Pattern):
                words.update(re.findall(r"[A-Za-z]{2,}", pattern.pattern))
            elif isinstance(pattern, (str, frozenset)) and not callable(pattern):
                written = " ".join(pattern) if isinstance(pattern, frozenset) else pattern
                words.update(re.findall(r"[A-Za-z]{2,}", written))
    forms = {f for w in words for f in (w, w.lower(), w.upper(), w.capitalize())}
    if names:
        forms |= {w.lower() + end for w in words for end in ("s", "es", "ed", "ing", "_x")}
        forms |= {w + "Error" for w in words}
        forms |= set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", _SOURCE))
    forms |= {"_", "__", "___", "_1", "a", "A", "x1", "ENOENT", "SIGSEGV", "ValueError", "FIXME"}
    forms |= {"impacts", "impacted", "resembles", "resembling"}
    return sorted(forms)


def _same_readings(words: list[str], monkeypatch: pytest.MonkeyPatch, skips: tuple[frozenset[str], ...]) -> None:
    """Each word classified with the shortcut and with every rule (with each of ``skips``: the
    literal rules skipped, as a search asks again) gives the same intent."""
    assert all(intent._LONE_WORD.fullmatch(w) for w in words)
    short = [intent.classify(w, skip=skip) for skip in skips for w in words]
    monkeypatch.setattr(intent, "_LONE_WORD", re.compile(r"(?!)"))
    assert [intent.classify(w, skip=skip) for skip in skips for w in words] == short
    rules = {i.rule for i in short}
    assert {"identifier", "fallback", "question", "impact_phrase", "similar_phrase", "code_fragment",
            "comment_marker", "error_token"} <= rules


def test_a_trigger_word_reads_as_every_rule_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shortcut changes no reading of a word any rule's pattern is written with."""
    words = _vocabulary(names=False)
    assert len(words) > 1000
    _same_readings(words, monkeypatch, (frozenset(),))


@pytest.mark.slow
def test_a_lone_name_reads_as_every_rule_reads_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shortcut changes no reading of a trigger word nor of a name of the classifier's source."""
    words = _vocabulary()
    assert len(words) > 3000
    _same_readings(words, monkeypatch, (frozenset(), frozenset(intent.LITERAL_RULES)))


def test_a_lone_identifier_skips_the_rules_that_need_a_blank_or_a_mark(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dmp_diff_in`` asks the 6 rules that can read one word, up to the identifier's, not the 15
    that need a blank, a mark or a second line (~20 µs of a literal search's 1.3 ms on sympy)."""
    asked: list[str] = []

    def spied(rule):  # noqa: ANN001, ANN202
        def asking(text: str, *args, **kwargs):  # noqa: ANN002, ANN003, ANN202
            asked.append(rule.__name__)
            return rule(text, *args, **kwargs)

        return asking

    monkeypatch.setattr(intent, "RULES", tuple(spied(rule) for rule in intent.RULES))
    monkeypatch.setattr(intent, "_LONE_WORD_RULES", tuple(spied(rule) for rule in intent._LONE_WORD_RULES))
    found = intent.classify("dmp_diff_in")
    assert (found.name, found.target, found.rule) == ("find_definition", "dmp_diff_in", "identifier")
    assert "_definition_phrase" not in asked and "_url" not in asked
    assert asked == [
        "_impact_phrase", "_similar_phrase", "_code_fragment", "_comment_marker", "_error_token", "_identifier"
    ]
    asked.clear()
    intent.classify("who calls dmp_diff_in")
    assert asked[:2] == ["_url", "_code_snippet"] and asked[-1] == "_references_phrase"  # a phrase: every rule
