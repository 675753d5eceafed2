"""Gitignore semantics as git reads them: nested ``.gitignore`` files, a ``.maguyvaignore``, the
repository's ``.git/info/exclude`` and the user's ``core.excludesFile``.

Each ignore file applies to the folder it sits in and everything below it; within a file the last
matching pattern decides, a deeper file overrides a shallower one, and ``!pattern`` re-includes.
As in git, a file cannot be re-included when one of its parent folders is excluded: the walker
never descends into an excluded folder, so a path is only ever matched against patterns itself.

Patterns are compiled by ``pathspec`` (its ``GitIgnoreSpecPattern`` follows git's edge cases),
after :mod:`maguyva_tui.core.ignore_syntax` has rewritten what pathspec reads differently from
git (bracket expressions above all), so that every verdict is git's.
"""

from __future__ import annotations

import os
import re
import stat
import warnings
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Final, Protocol

import re2

from maguyva_tui.core.git_excludes import IGNORE_FILE_NAMES, excludes_of, ignores_case, work_tree_top
from maguyva_tui.core.ignore_many import Block, blocks
from maguyva_tui.core.ignore_syntax import for_pathspec

IGNORE_FILES: tuple[str, ...] = IGNORE_FILE_NAMES
"""Ignore files read in every folder, in this order (the second overrides the first)."""

_MARK_OPTIONAL = "(?:(?P<ps_d>/)|$)"
_MARK = "(?P<ps_d>/)"
"""How pathspec ends a pattern's regex (its ``_DIR_MARK_OPT`` and ``_DIR_MARK_CG``): the path
itself, or a folder of it followed by anything below (it matches file lists); a directory-only
pattern ends with the folder's slash. We match each path alone, the walker handling folders."""

MAX_IGNORE_BYTES = 4 * 1024 * 1024
"""Larger ignore files are read only this far: a real one is a few KiB."""
LINEAR_FROM_REPEATS = 3
"""A pattern whose regex holds this many unbounded repeats or more is matched by ``re2`` (linear
time): Python's backtracking takes time exponential in the stars, and a line such as
``*a*a*a*a*a*b`` in a hostile repository's ``.gitignore`` stalled the walk for minutes on one long
file name. So does a pattern with two repeats that cross folders (``/**/a/**/b``: 48 ms a path
1,500 folders deep, for each folder on the way). Fewer repeats (``*.pyc``, ``build/``: nearly every
real pattern) keep Python's ``re``, several times faster per call on short paths."""
MANY_PATTERNS = 64
"""An ignore file with more patterns than this is matched block by block
(:mod:`maguyva_tui.core.ignore_many`), each pattern compiled when its block first matches: a
100,000-line ``.gitignore`` had cost a minute to compile and a minute per 1,000 files to match."""
LONE_SURROGATE = re.compile("[\ud800-\udfff]")
"""The bytes of a file name that is not UTF-8, which ``re2`` cannot encode (any of them is matched
as U+FFFD: only a wildcard matches either)."""


class Searcher(Protocol):
    """A compiled pattern: Python's ``re`` or ``re2``."""

    def search(self, text: str) -> object: ...


@dataclass(frozen=True, slots=True)
class Rule:
    """One pattern line of an ignore file, compiled."""

    regex: Searcher
    """Matches (``search``) the paths the pattern names themselves, not the files below them."""
    dirs_only: bool
    """A pattern ending in ``/``: it names folders only."""
    ignores: bool
    """True for an exclude pattern, False for a ``!`` re-include."""

    def matches(self, rel: str, is_dir: bool) -> bool:
        """Tell whether the pattern matches the path (relative to its ignore file's folder)."""
        if not is_dir and self.dirs_only:
            return False
        try:
            return self.regex.search(rel) is not None
        except UnicodeEncodeError:  # re2, on a name that is not UTF-8
            return self.regex.search(LONE_SURROGATE.sub("\ufffd", rel)) is not None


@dataclass(frozen=True, slots=True)
class IgnoreFile:
    """The rules of one ignore file and the folder (relative, ``/``-separated) they apply under."""

    base: str
    rules: tuple[Rule, ...]
    above: str = ""
    """For a file outside the walked tree (git's excludes, a ``.gitignore`` above the root): the
    root's path relative to the folder its patterns apply under, put before every path matched."""
    fold: bool = False
    """Its patterns match without regard to case (``core.ignorecase``); the first file of a stack
    says so for the folders below (:func:`rules_below`)."""
    blocks: tuple[Block, ...] = ()
    """For a file of many patterns, its rules in blocks, each matched first as one regex (none for a
    file of a few: each rule is tried)."""

    def verdict(self, rel: str, is_dir: bool) -> bool | None:
        """Return True (ignored), False (re-included) or None (no rule matched)."""
        if self.above:
            rel = f"{self.above}/{rel}"
        if self.base:
            if not rel.startswith(self.base + "/"):
                return None
            rel = rel[len(self.base) + 1 :]
        if self.blocks:
            return self._verdict_in_blocks(rel, is_dir)
        for rule in reversed(self.rules):
            if rule.matches(rel, is_dir):
                return rule.ignores
        return None

    def _verdict_in_blocks(self, rel: str, is_dir: bool) -> bool | None:
        """The last matching rule's verdict, trying only the rules of blocks that match."""
        for block in reversed(self.blocks):
            if not block.may_match(rel):
                continue
            for index in range(block.stop - 1, block.start - 1, -1):
                rule = self.rules[index]
                if rule.matches(rel, is_dir):
                    return rule.ignores
        return None


def parse_ignore_file(text: str, base: str, fold: bool = False) -> IgnoreFile:
    """Compile the lines of an ignore file that applies under ``base``; lines git skips are skipped."""
    specs = [spec for raw in text.removeprefix("\ufeff").split("\n") for spec in _specs(raw.removesuffix("\r"))]
    if len(specs) <= MANY_PATTERNS:
        return IgnoreFile(base, tuple(rule for spec in specs if (rule := _rule(*spec, fold)) is not None), fold=fold)
    lazy = [_LazyRule(*spec, fold) for spec in specs]
    rules = tuple(Rule(searcher, searcher.dirs_only, searcher.ignores) for searcher in lazy)
    return IgnoreFile(base, rules, fold=fold, blocks=blocks([searcher.prefilter() for searcher in lazy], fold))


def load_ignore_files(folder: Path, base: str, fold: bool = False) -> list[IgnoreFile]:
    """Read the ignore files present in a folder; unreadable ones are skipped."""
    found = (_read(folder / name, base, follow=False, fold=fold) for name in IGNORE_FILES)
    return [ignore_file for ignore_file in found if ignore_file is not None]


def root_ignore_files(root: Path) -> list[IgnoreFile]:
    """Everything that applies at the repository root, weakest first: ``core.excludesFile``,
    ``.git/info/exclude``, the ignore files of the folders above it up to its work tree's top, then
    the root's own ignore files. A root that those rules leave out of its work tree (a corpus
    unpacked in an ignored ``bench/.cache/``, an ignored ``node_modules/left-pad``) is walked alone,
    as a tree of its own: only ``core.excludesFile`` and its own ignore files apply to it."""
    top = Path(os.path.abspath(work_tree_top(root) or root))
    inside = _relative(Path(os.path.abspath(root)), top)
    fold = ignores_case(top)
    found: list[tuple[str, IgnoreFile]] = []
    for exclude in excludes_of(root):
        ignore_file = _read(exclude.path, _relative(exclude.folder, top), exclude.kind != "above", fold)
        if ignore_file is not None:
            found.append((exclude.kind, ignore_file))
    if inside and _leaves_out([ignore_file for _, ignore_file in found], inside):
        found = [(kind, ignore_file) for kind, ignore_file in found if kind == "user"]
        inside = ""
    outer = [replace(ignore_file, above=inside) if inside else ignore_file for _, ignore_file in found]
    return _case_mark(fold) + outer + load_ignore_files(root, "", fold)


def _case_mark(fold: bool) -> list[IgnoreFile]:
    """An empty first file of a stack that says its patterns ignore case (none when they do not)."""
    return [IgnoreFile("", (), fold=True)] if fold else []


def _relative(path: Path, top: Path) -> str:
    """``path`` relative to ``top``, ``/``-separated (``""`` for the top itself)."""
    rel = os.path.relpath(path, top).replace(os.sep, "/")
    return "" if rel == "." else rel


def _leaves_out(stack: list[IgnoreFile], inside: str) -> bool:
    """Whether the rules leave a folder of the work tree (``inside``, from its top) out: it or a
    folder on the way to it is ignored."""
    parts = inside.split("/")
    return any(is_ignored(stack, "/".join(parts[: i + 1]), True) for i in range(len(parts)))


def rules_below(rules: list[IgnoreFile], folder: Path, rel: str) -> list[IgnoreFile]:
    """The rules that apply below a folder the walk descends into (``rel`` from the root): those
    above it and its own ignore files; a repository nested there (a ``.git`` in it: a submodule, a
    clone) has only its own, as git reads it: an outer ``*.js`` or ``build/`` had left a
    submodule's sources out."""
    if os.path.lexists(folder / ".git"):
        return nested_repository_files(folder, rel)
    return rules + load_ignore_files(folder, rel, bool(rules) and rules[0].fold)


def nested_repository_files(folder: Path, rel: str) -> list[IgnoreFile]:
    """The rules of a repository nested at ``rel``: ``core.excludesFile``, its ``info/exclude``,
    then its own ignore files."""
    fold = ignores_case(folder)
    found = (_read(exclude.path, rel, True, fold) for exclude in excludes_of(folder) if exclude.kind != "above")
    own = [ignore_file for ignore_file in found if ignore_file is not None]
    return _case_mark(fold) + own + load_ignore_files(folder, rel, fold)


def is_ignored(stack: list[IgnoreFile], rel: str, is_dir: bool) -> bool:
    """Decide a path against every ignore file that applies, deepest last so it wins."""
    for ignore_file in reversed(stack):
        verdict = ignore_file.verdict(rel, is_dir)
        if verdict is not None:
            return verdict
    return False


def compile_line(line: str, fold: bool = False) -> list[Rule]:
    """Compile one gitignore line: no rule for blanks, comments and patterns that match nothing,
    two where one git pattern needs two of pathspec's."""
    return [rule for spec in _specs(line) if (rule := _rule(*spec, fold)) is not None]


def _specs(line: str) -> list[tuple[str, bool, bool]]:
    """pathspec's regex of each pattern of one gitignore line, whether it names folders only and
    whether it ignores (or re-includes); none for blanks, comments and what git cannot read."""
    from pathspec.patterns.gitignore import GitIgnorePatternError  # here: a search on an unchanged
    from pathspec.patterns.gitignore.spec import GitIgnoreSpecPattern  # repository compiles none (9 ms)

    specs = []
    for text, dirs_only in for_pathspec(line):
        try:
            regex, include = GitIgnoreSpecPattern.pattern_to_regex(text)
        except (GitIgnorePatternError, ValueError, re.error):
            continue  # git skips what it cannot read (a lone trailing backslash)
        if include is not None and regex is not None:
            specs.append((regex, dirs_only, include))
    return specs


def _rule(source: str, dirs_only: bool, ignores: bool, fold: bool = False) -> Rule | None:
    """Turn pathspec's regex (a path or anything below it) into one for the path alone; ``None``
    for a regex Python cannot compile (git skips the pattern)."""
    body, anchored, dirs_only = _path_alone(source, dirs_only)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # a literal "[" in a class: Python's nested-set warning
            re.compile(source)  # as pathspec compiles it: a file of a few patterns skips what it skips
        return Rule(_compile(body, anchored, fold), dirs_only, ignores)
    except re.error:
        return None


def _path_alone(source: str, dirs_only: bool) -> tuple[str, bool, bool]:
    """pathspec's regex without its ending for the files below a folder: the body, whether it is
    anchored at the path's end, and whether it names folders only."""
    dirs_only = dirs_only or (source.endswith(_MARK) and not source.endswith(_MARK_OPTIONAL))
    for mark in (_MARK_OPTIONAL, _MARK):
        if source.endswith(mark):
            return source[: -len(mark)], True, dirs_only
    return source, False, dirs_only


class _LazyRule:
    """A pattern of a file of many, compiled when first searched (most never are: their block's
    regex rules them out); one Python cannot compile matches nothing, as git skips it."""

    __slots__ = ("_anchored", "_body", "_compiled", "_fold", "dirs_only", "ignores")

    def __init__(self, source: str, dirs_only: bool, ignores: bool, fold: bool) -> None:
        self._body, self._anchored, self.dirs_only = _path_alone(source, dirs_only)
        self.ignores, self._fold = ignores, fold
        self._compiled: Searcher | None = None

    def prefilter(self) -> str:
        """This pattern's part of its block's regex (the folder mark's group unnamed: a name may
        appear once in a regex)."""
        return "(?:" + self._body.replace("(?P<ps_d>", "(?:") + ("\\z" if self._anchored else "") + ")"

    def search(self, text: str) -> object:
        """Search the path, compiling the pattern the first time."""
        if self._compiled is None:
            try:
                self._compiled = _compile(self._body, self._anchored, self._fold)
            except re.error:
                self._compiled = _NOTHING
        return self._compiled.search(text)


def _compile(body: str, anchored: bool, fold: bool = False) -> Searcher:
    """Compile a rule's regex (``anchored``: it ends at the path's end): with ``re2`` when
    backtracking could take super-linear time and ``re2`` reads it, else with Python's ``re``."""
    repeats = sum(body.count(c) for c in "*+{")  # an escaped one counts too: re2 is safe
    crossing = body.count(".+") + body.count(".*")  # repeats that cross folders: quadratic in a deep path
    if repeats >= LINEAR_FROM_REPEATS or crossing >= 2:
        try:
            return re2.compile(("(?is)" if fold else "(?s)") + body + ("\\z" if anchored else ""), _re2_options())  # type: ignore[no-any-return]
        except Exception:  # noqa: BLE001 - re2 refuses a construct (its error types vary): read as bytes
            return _ByteSearcher.of(body, anchored, fold)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a literal "[" in a class: Python's nested-set warning
        fold_flags = re.IGNORECASE | re.ASCII if fold else 0  # git folds ASCII letters alone
        return re.compile(body + ("\\Z" if anchored else ""), re.DOTALL | fold_flags)


class _ByteSearcher:
    """A pattern ``re2`` cannot read as text (a byte of a name that is not UTF-8 in it, as a lone
    surrogate), matched by ``re2`` over the UTF-8 bytes of the path, as git's wildmatch matches bytes
    (a ``?`` is one byte). It had fallen back to Python's ``re``: ``*a`` 25 times then ``b`` and a
    Latin-1 byte took 26 s on a name of 30 a's, and one such ``.gitignore`` line hung the walk."""

    __slots__ = ("_regex",)

    def __init__(self, regex: Any) -> None:
        self._regex = regex

    @classmethod
    def of(cls, body: str, anchored: bool, fold: bool = False) -> Searcher:
        """Compile ``body`` over bytes; a pattern ``re2`` refuses even so (larger than its memory
        allows) matches nothing: backtracking over it could take forever on one name."""
        options = _re2_options()
        options.encoding = re2.Options.Encoding.LATIN1
        source = (("(?is)" if fold else "(?s)") + body + ("\\z" if anchored else "")).encode("utf-8", "surrogateescape")
        try:
            return cls(re2.compile(source, options))
        except Exception:  # noqa: BLE001 - refused again (its error types vary)
            return _NOTHING

    def search(self, text: str) -> object:
        """Search the path's bytes (a name that is not UTF-8 as it is on disk)."""
        return self._regex.search(text.encode("utf-8", "surrogateescape"))


_NOTHING: Final = re.compile(r"(?!)")
"""The pattern that matches no path."""


def _re2_options() -> re2.Options:
    options = re2.Options()
    options.log_errors = False  # a refused construct falls back to Python's re, without a word on stderr
    return options


def _read(path: Path, base: str, follow: bool = True, fold: bool = False) -> IgnoreFile | None:
    """Read an ignore file if it is a regular file (a FIFO there must not block the walk); with
    ``follow`` False, not through a symlink: git (2.32 on) does not follow a ``.gitignore`` that is
    a link, and one pointing out of the repository must not be read at all."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
    if not follow:
        flags |= getattr(os, "O_NOFOLLOW", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        try:
            data = handle.read(MAX_IGNORE_BYTES)
            if len(data) == MAX_IGNORE_BYTES and handle.read(1):  # its last line, cut, is no rule (``*.log`` as ``*``)
                data = data[: data.rfind(b"\n") + 1]
        except OSError:  # a regular file that refuses reading (core.excludesFile = /proc/self/mem, EIO)
            return None  # skipped, as git skips it: it had ended every index in "could not write the output"
    # bytes that are not UTF-8 decode as file names do (os.fsdecode), so a Latin-1 pattern matches
    # the Latin-1 name git ignores by it (decoded with replacement, it matched nothing)
    return parse_ignore_file(data.decode("utf-8", errors="surrogateescape"), base, fold)
