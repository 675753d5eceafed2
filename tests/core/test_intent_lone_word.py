"""A question that is one word is read by the rules that can read one word, and read the same."""

import re
from pathlib import Path

import pytest

from maguyva_tui.core import intent
from maguyva_tui.core.lazy_pattern import _Lazy

_SOURCE = Path(intent.__file__).read_text(encoding="utf-8")


def _vocabulary(names: bool = True) -> list[str]:
    """Every word the rules' patterns and sets are written with (a trigger: ``impacts``,
    ``traceback``, ``TODO``, ``Error``), in four cases; with ``names``, those words with the endings
    the patterns add, and every name of the classifier's own source (identifiers of each shape)."""
    words: set[str] = set()
    for value in vars(intent).values():
        patterns = value if isinstance(value, tuple) else (value,)
        for pattern in patterns:
            if isinstance(pattern, (re.Pattern, _Lazy)):  # a pattern compiled on first use too (lazy_pattern)
                words.update(re.findall(r"[A-Za-z]{2,}", str(pattern.pattern)))
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


def test_a_lone_identifier_asks_no_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    """``dmp_diff_in`` is read at once (``intent._lone_name``: ~3 µs where the 6 rules that can read
    one word took ~15 of a literal search on sympy); a trigger word (``impacts``) asks those 6 rules
    up to its own, not the 15 that need a blank, a mark or a second line; a phrase asks every rule."""
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
    assert asked == []
    found = intent.classify("expand")
    assert (found.name, found.target, found.rule) == ("understand_code", None, "fallback") and asked == []
    assert intent.classify("traceback").rule == "error_token"
    assert asked == ["_impact_phrase", "_similar_phrase", "_code_fragment", "_comment_marker", "_error_token"]
    asked.clear()
    intent.classify("who calls dmp_diff_in")
    assert asked[:2] == ["_url", "_code_snippet"] and asked[-1] == "_references_phrase"  # a phrase: every rule


def test_a_lone_name_read_at_once_reads_as_every_rule_reads_it() -> None:
    """``_lone_name``, the reading of one ASCII word at once, gives what the classifier's every step
    gives (with places or without), for every trigger word and every name of the classifier's
    source it answers; it answers most of them, and leaves the others to the rules."""
    words = _vocabulary()
    assert len(words) > 3000
    at_once = [(word, found) for word in words if (found := intent._lone_name(word)) is not None]
    assert len(at_once) > len(words) // 2
    for word, found in at_once:
        assert found == intent.classified(word) == intent.classified(word, places=False), word
    assert {found.rule for _, found in at_once} == {"identifier", "fallback"}
    left = {intent.classified(word).rule for word in words if intent._lone_name(word) is None}
    assert {"question", "impact_phrase", "similar_phrase", "code_fragment", "comment_marker", "error_token"} <= left
    for text in (" dmp_diff_in", "dmp_diff_in ", "café", "a.py", "a b", "x" * (intent.MAX_CLASSIFY_CHARS + 1), ""):
        assert intent._lone_name(text) is None, text
        assert intent.classify(text) == intent.classified(text)


def test_a_lone_name_is_not_classified_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """A literal search's lone name is read without the classifier's steps; any other question, or a
    search asked again with a literal rule skipped, goes through them."""

    def refused(*args: object, **kwargs: object) -> intent.Intent:
        raise AssertionError("classified")

    monkeypatch.setattr(intent, "classified", refused)
    assert intent.classify("dmp_diff_in").rule == "identifier"
    assert intent.classify("Matrix").rule == "fallback"
    with pytest.raises(AssertionError):
        intent.classify("ValueError")
    with pytest.raises(AssertionError):
        intent.classify("dmp_diff_in", skip=frozenset({"code_fragment"}))
