"""Gitignore semantics: nested ``.gitignore`` files and a ``.maguyvaignore``, as git reads them.

Each ignore file applies to the folder it sits in and everything below it; a later pattern
overrides an earlier one, a deeper file overrides a shallower one, and ``!pattern`` re-includes.
As in git, a file cannot be re-included when one of its parent folders is excluded: the walker
never descends into an excluded folder.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

IGNORE_FILES: tuple[str, ...] = (".gitignore", ".maguyvaignore")
"""Ignore files read in every folder, in this order (the second overrides the first)."""


@dataclass(frozen=True, slots=True)
class Rule:
    """One pattern line of an ignore file, compiled."""

    regex: re.Pattern[str]
    negated: bool
    dir_only: bool


@dataclass(frozen=True, slots=True)
class IgnoreFile:
    """The rules of one ignore file and the folder (relative, ``/``-separated) they apply under."""

    base: str
    rules: tuple[Rule, ...]

    def verdict(self, rel: str, is_dir: bool) -> bool | None:
        """Return True (ignored), False (re-included) or None (no rule matched)."""
        if self.base:
            if not rel.startswith(self.base + "/"):
                return None
            rel = rel[len(self.base) + 1 :]
        result: bool | None = None
        for rule in self.rules:
            if rule.dir_only and not is_dir:
                continue
            if rule.regex.fullmatch(rel):
                result = not rule.negated
        return result


def parse_ignore_file(text: str, base: str) -> IgnoreFile:
    """Compile the lines of an ignore file that applies under ``base``."""
    rules = []
    for raw in text.splitlines():
        rule = _compile_line(raw)
        if rule is not None:
            rules.append(rule)
    return IgnoreFile(base, tuple(rules))


def load_ignore_files(folder: Path, base: str) -> list[IgnoreFile]:
    """Read the ignore files present in a folder; unreadable ones are skipped."""
    found = []
    for name in IGNORE_FILES:
        path = folder / name
        try:
            text = path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            continue
        found.append(parse_ignore_file(text, base))
    return found


def is_ignored(stack: list[IgnoreFile], rel: str, is_dir: bool) -> bool:
    """Decide a path against every ignore file that applies, deepest last so it wins."""
    ignored = False
    for ignore_file in stack:
        verdict = ignore_file.verdict(rel, is_dir)
        if verdict is not None:
            ignored = verdict
    return ignored


def _compile_line(raw: str) -> Rule | None:
    """Translate one gitignore line into a rule, or None for blanks and comments."""
    line = raw.rstrip("\n\r")
    if not line.strip() or line.startswith("#"):
        return None
    line = _strip_trailing_spaces(line)
    negated = line.startswith("!")
    if negated:
        line = line[1:]
    elif line.startswith("\\!") or line.startswith("\\#"):
        line = line[1:]
    dir_only = line.endswith("/")
    line = line.rstrip("/")
    if not line:
        return None
    anchored = "/" in line
    line = line.lstrip("/")
    body = _glob_to_regex(line)
    prefix = "" if anchored else "(?:.*/)?"
    return Rule(re.compile(prefix + body, re.DOTALL), negated, dir_only)


def _strip_trailing_spaces(line: str) -> str:
    """Drop trailing spaces unless escaped with a backslash, as git does."""
    stripped = line.rstrip(" ")
    if stripped.endswith("\\") and len(stripped) < len(line):
        return stripped[:-1] + " "
    return stripped


def _glob_to_regex(glob: str) -> str:
    """Translate a gitignore glob (``*``, ``?``, ``[...]``, ``**``) into a regex body."""
    out: list[str] = []
    i, n = 0, len(glob)
    while i < n:
        c = glob[i]
        if glob.startswith("**/", i):
            out.append("(?:.*/)?")
            i += 3
        elif glob.startswith("/**", i) and i + 3 == n:
            out.append("/.*")
            i += 3
        elif glob.startswith("**", i):
            out.append(".*")
            i += 2
        elif c == "*":
            out.append("[^/]*")
            i += 1
        elif c == "?":
            out.append("[^/]")
            i += 1
        elif c == "[":
            end = glob.find("]", i + 2 if glob.startswith("[!", i) or glob.startswith("[^", i) else i + 1)
            if end == -1:
                out.append(re.escape(c))
                i += 1
                continue
            inner = glob[i + 1 : end]
            if inner[:1] in "!^":
                inner = "^" + inner[1:]
            out.append("[" + inner.replace("\\", "\\\\") + "]")
            i = end + 1
        elif c == "\\" and i + 1 < n:
            out.append(re.escape(glob[i + 1]))
            i += 2
        else:
            out.append(re.escape(c))
            i += 1
    return "".join(out)
