"""The text engine is exact: for literals it finds the same (file, line) pairs as ``rg -F``, for
regexes the same as ``rg``, which applies a pattern to each line on its own."""

from __future__ import annotations

import json
import shutil
import subprocess
import sysconfig
from pathlib import Path

import pytest

from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever


def _find_rg() -> str | None:
    """Find ripgrep on PATH or beside this Python (the test extra installs it there)."""
    beside = Path(sysconfig.get_path("scripts")) / "rg"
    return shutil.which("rg") or (str(beside) if beside.exists() else None)


RG = _find_rg()
LITERALS = [
    "def ", "self.", "import os", "Session", "session", "raise ValueError", "HTTPAdapter", "utf-8",
    "__init__", "), ", "  #", "get(", "requests.exceptions", "Timeout", "e", "if not", "https://",
    "r.status_code", "é", "'", '"""', "\\", "cookie", "lambda", "pass\n",
]


def _rg(root: Path, literal: str, ignore_case: bool) -> set[tuple[str, int]]:
    cmd = [RG, "--json", "-F", "--hidden", "--no-require-git", "--no-ignore-parent", "--max-filesize", "1M", "--no-config"]
    if ignore_case:
        cmd.append("-i")
    out = subprocess.run([*cmd, "--", literal, "."], cwd=root, capture_output=True, text=True).stdout
    found = set()
    for line in out.splitlines():
        event = json.loads(line)
        if event["type"] == "match":
            path = event["data"]["path"]["text"].removeprefix("./")
            found.add((path, event["data"]["line_number"]))
    return found


@pytest.mark.skipif(RG is None, reason="ripgrep (rg) is not installed")
@pytest.mark.parametrize("ignore_case", [False, pytest.param(True, marks=pytest.mark.slow)])
def test_literals_match_ripgrep_exactly(requests_repo: Path, ignore_case: bool) -> None:
    snapshot, _ = update_index(requests_repo)
    engine = TextRetriever(snapshot)
    for literal in LITERALS:
        if "\n" in literal:
            continue  # rg reads lines; a literal spanning lines is not a grep question
        case = "insensitive" if ignore_case else "sensitive"
        ours = {(m.path, m.line) for m in engine.literal_lines(literal, case)}
        theirs = _rg(requests_repo, literal, ignore_case)
        assert ours == theirs, f"{literal!r}: only ours {sorted(ours - theirs)[:5]}, only rg {sorted(theirs - ours)[:5]}"


@pytest.mark.skipif(RG is None, reason="ripgrep (rg) is not installed")
def test_regexes_match_ripgrep(requests_repo: Path) -> None:
    snapshot, _ = update_index(requests_repo)
    engine = TextRetriever(snapshot)
    for pattern in [r"def \w+_request\(", r"^class \w+\(", r"(Session|Adapter)\b", r"\d{3}", r"raise \w+Error$"]:
        ours = {(m.path, m.line) for m in engine.regex_lines(pattern)}
        cmd = [RG, "--json", "--hidden", "--no-require-git", "--no-ignore-parent", "--max-filesize", "1M", "--no-config", "--", pattern, "."]
        out = subprocess.run(cmd, cwd=requests_repo, capture_output=True, text=True).stdout
        theirs = {(json.loads(r)["data"]["path"]["text"].removeprefix("./"), json.loads(r)["data"]["line_number"])
                  for r in out.splitlines() if json.loads(r)["type"] == "match"}
        assert ours == theirs, pattern


LINES = "foo\nbar baz\nfoo bar\n\tindented;\ntrailing   \n\nGREEK \u03b1\u03b2\u03b3 end\nlast line no newline"
"""Planted beside the fixture: a word at the start of line 2, a pair split by a line break."""

PER_LINE_PATTERNS = [
    r"foo\sbar", r"\Abar", r"baz\z", r"\Aimport ", r"(?s)foo.bar", r"foo[^a]bar", r"\s+$", r"^\s*$", r"^$",
    r"\bparse_config\b", r"(?i)CONFIG", r"fn \w+\(", r"class\s+\w+", r'"[^"]*"', r"\d+", r"^\S", r"x*", r";$",
    r"\t", r"[[:upper:]]{3,}", r"\p{Greek}+", r"[\s\S]", r"[[:punct:]]{2}", r"(?m)^}$", r"(?i)\Apackage\b",
]
"""Twenty-five patterns, the first two from issue 18.15: a class or an anchor must not see past a line.
(``\\b`` stays on ASCII text: RE2's is ASCII, rg's Unicode; the classes are Unicode to both.)"""


def _rg_lines(root: Path, pattern: str) -> set[tuple[str, int]]:
    cmd = [RG, "--json", "--hidden", "--no-require-git", "--no-ignore-parent", "--max-filesize", "1M", "--no-config"]
    proc = subprocess.run([*cmd, "--", pattern, "."], cwd=root, capture_output=True, text=True)
    assert proc.returncode in (0, 1), proc.stderr
    events = [json.loads(line) for line in proc.stdout.splitlines()]
    return {(e["data"]["path"]["text"].removeprefix("./"), e["data"]["line_number"]) for e in events if e["type"] == "match"}


@pytest.mark.skipif(RG is None, reason="ripgrep (rg) is not installed")
def test_regexes_apply_line_by_line_as_in_ripgrep(polyglot: Path) -> None:
    (polyglot / "notes").mkdir()
    (polyglot / "notes" / "lines.txt").write_text(LINES)
    engine = TextRetriever(update_index(polyglot)[0])
    for pattern in PER_LINE_PATTERNS:
        ours = {(m.path, m.line) for m in engine.regex_lines(pattern)}
        theirs = _rg_lines(polyglot, pattern)
        assert theirs, pattern  # every pattern finds something, so agreeing means something
        assert ours == theirs, f"{pattern!r}: only ours {sorted(ours - theirs)[:5]}, only rg {sorted(theirs - ours)[:5]}"


@pytest.mark.parametrize(
    ("pattern", "named"),
    [("foo(?=bar)", "lookahead"), ("foo(?!bar)", "lookahead"), ("(?<=a)b", "lookbehind"), ("(?<!a)b", "lookbehind"),
     (r"(a)\1", "backreference"), (r"(?P<n>a)(?P=n)", "backreference"), (r"\k<n>", "backreference"),
     ("(?>a)", "atomic group"), ("a++", "possessive")],
)
def test_perl_only_syntax_is_named_not_quoted(polyglot: Path, pattern: str, named: str) -> None:
    """RE2 refuses lookarounds and backreferences; the message says so in one line (issue 18, Also)."""
    from maguyva_tui.core.types import QueryError

    engine = TextRetriever(update_index(polyglot)[0])
    with pytest.raises(QueryError) as raised:
        engine.regex_lines(pattern)
    message = str(raised.value)
    assert named in message and "not supported (RE2 syntax)" in message and "\n" not in message, message


UNICODE_LINES = ("def 計算する(値):\n    return 値 * 2\nclass Ünïcode:\n    größe = 1\nимя_файла = 'x'\n"
                 "café\u0301 = 3\n\u00a0\u3000\n٣٤ digits\nⓐⓑ circled\nzero\u200dwidth\nsnake‿case\n\x0b\n"
                 "plain ascii_name = 42\n")
"""Planted beside the fixture: letters of other scripts, a combining mark, Unicode spaces (no-break,
ideographic, vertical tab), Arabic-Indic digits, circled letters (alphabetic symbols), a joiner
and an undertie (connector punctuation): each is a word, digit or space character to rg."""

UNICODE_PATTERNS = [
    r"\w+する", r"^\w+\s*=", r"^\s+$", r"^\S+$", r"\d\d", r"^\D+$", r"^\W+$", r"^[\w\s]+$", r"[^\W\d_]{4}",
    r"^[\W]+$", r"^\w+ circled", r"zero\wwidth", r"snake\wcase", r"caf\w\w", r"[\s\d]{3}", r"(?i)ÜNÏ\w+",
    r"[^\S\n]{2}", r"\w{3}_\w{3}", r"^[\D\s]+$",
]
"""rg reads ``\\w``, ``\\d``, ``\\s`` and their negations as Unicode classes (RE2 as ASCII)."""


@pytest.mark.slow
@pytest.mark.skipif(RG is None, reason="ripgrep (rg) is not installed")
def test_perl_classes_read_unicode_as_in_ripgrep(polyglot: Path) -> None:
    (polyglot / "notes").mkdir()
    (polyglot / "notes" / "unicode.py").write_text(UNICODE_LINES, encoding="utf-8")
    engine = TextRetriever(update_index(polyglot)[0])
    for pattern in UNICODE_PATTERNS:
        ours = {(m.path, m.line) for m in engine.regex_lines(pattern)}
        theirs = _rg_lines(polyglot, pattern)
        assert theirs, pattern
        assert ours == theirs, f"{pattern!r}: only ours {sorted(ours - theirs)[:5]}, only rg {sorted(theirs - ours)[:5]}"


def test_a_word_class_takes_letters_of_any_script(polyglot: Path) -> None:
    """``\\w+する`` found nothing (RE2's ``\\w`` is ASCII); rg finds the line, as the engine now does."""
    (polyglot / "notes").mkdir()
    (polyglot / "notes" / "unicode.py").write_text(UNICODE_LINES, encoding="utf-8")
    engine = TextRetriever(update_index(polyglot)[0])
    assert [(m.path, m.line) for m in engine.regex_lines(r"\w+する")] == [("notes/unicode.py", 1)]
    assert [m.line for m in engine.regex_lines(r"^[^\W\d_]+ = ", "insensitive") if m.path == "notes/unicode.py"] == [6]
