"""Text for a person's terminal: control characters shown as escapes, never obeyed.

File names, symbols and snippets come from the repository; printed raw, an escape sequence in a
file name would clear the screen or recolour it, a bidirectional override would reorder what is
read, and a name that is not UTF-8 (a lone surrogate here) would fail to print at all.
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import sys
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, NoReturn

if TYPE_CHECKING:
    from maguyva_tui.core.types import IndexUpdate

CONTROLS = ((0x00, 0x1F), (0x7F, 0x9F), (0x061C, 0x061C), (0x200B, 0x200B), (0x200E, 0x200F), (0x2028, 0x202E),
            (0x2060, 0x2064), (0x2066, 0x2069), (0xD800, 0xDFFF), (0xFEFF, 0xFEFF), (0x180E, 0x180E),
            (0xE0000, 0xE007F), (0x00AD, 0x00AD), (0x034F, 0x034F), (0x115F, 0x1160), (0x17B4, 0x17B5),
            (0x3164, 0x3164), (0xFFA0, 0xFFA0), (0xFFF9, 0xFFFB), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A))
"""Inclusive ranges of the code points a terminal may act on or that hide what is read (below); the
line and paragraph separators U+2028 and U+2029 among them: tmux, for one, moves to the next row at
one, and a preview line holding it pushed every row below it down. The zero-width space, word joiner,
invisible operators, byte order mark, Mongolian vowel separator and tag characters (U+E0000 to
U+E007F: each an ASCII letter that draws nothing, ``readme`` then ``ignore this`` in tags read
``readme``) draw nothing: a search for one had said ``no line holds ""``, and a name holding one
(``is``, U+200B, ``Admin``) read as the name without it. So do the soft hyphen (U+00AD, drawn only
where a line breaks at it), the combining grapheme joiner, the Hangul fillers (U+115F, U+1160,
U+3164, U+FFA0: letters to Unicode, blank to the eye), the Khmer inherent vowels, the interlinear
annotation marks and the other invisible format characters (shorthand overlaps, musical beams):
``evil\u3164.py`` had been printed as ``evil.py`` plus a blank."""

UNPRINTABLE = re.compile("[" + "".join(f"{chr(a)}-{chr(b)}" for a, b in CONTROLS) + "]")
"""C0 and C1 controls (escape, carriage return, newline...), line and paragraph separators,
bidirectional marks and overrides, zero-width characters that draw nothing, and lone surrogates
(the bytes of a file name that is not UTF-8)."""


BLANK_LETTERS = "".join(chr(c) for a, b in CONTROLS for c in range(a, b + 1) if chr(c).isprintable())
"""The characters of :data:`CONTROLS` that ``str.isprintable`` passes (letters and marks to Unicode
that draw nothing: the Hangul fillers, the combining grapheme joiner, the Khmer inherent vowels)."""


def shown_as_is(text: str) -> bool:
    """Tell whether text holds none of :data:`CONTROLS` (:func:`printable` and :func:`visible`
    return it as it is): ``str.isprintable``, a tenth of the pattern's scan, and for text beyond
    ASCII a look for each of the few :data:`BLANK_LETTERS` it passes."""
    return text.isprintable() and (text.isascii() or not any(c in text for c in BLANK_LETTERS))


def printable(text: str) -> str:
    """Return one line of text with every control character written as a Python escape (``\\x1b``).
    Text :func:`shown_as_is` passes holds none and is returned as it is: twice per result of a
    printed page."""
    return text if shown_as_is(text) else UNPRINTABLE.sub(_escape, text)


_PICTURES = {code: 0xFFFD for a, b in CONTROLS for code in range(a, b + 1)}
_PICTURES |= {code: 0x2400 + code for code in range(0x20)} | {0x7F: 0x2421}  # ␀…␟, ␡
del _PICTURES[0x09]  # a tab stays a tab


def visible(text: str) -> str:
    """Return text with every control character but the tab shown as one visible character in its
    place (ESC as ``␛``, a C1 control, bidirectional mark or lone surrogate as ``�``): the same
    length, so offsets into it (a match, a highlight) stay right. For what a widget draws."""
    return text if shown_as_is(text) else text.translate(_PICTURES)


_PICTURES_LINES = {code: to for code, to in _PICTURES.items() if code != 0x0A}


def visible_lines(text: str) -> str:
    """``visible`` for text of several lines: its newlines (and tabs) kept."""
    return text.translate(_PICTURES_LINES)


def printable_lines(text: str) -> str:
    """Return text of several lines with the control characters of each escaped, its newlines kept."""
    return "\n".join(printable(line) for line in text.split("\n"))


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    if 0xDC80 <= code <= 0xDCFF:  # a file name's byte that is not UTF-8: the byte, as the JSON writes it
        return f"\\x{code - 0xDC00:02x}"
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


class ArgumentParser(argparse.ArgumentParser):
    """argparse's parser, whose error line shows control characters escaped: it quotes most values
    with ``repr`` but lists unrecognized arguments as they are (``maguyva search x "$NAME"``, a
    file name of escape sequences, rewrote the terminal). Its subcommands' parsers are
    :class:`CommandParser`. An option is named in full: an abbreviation (``--lim 3``) is refused,
    as scripts drive these commands and an abbreviation changes meaning, or stops working, the
    day an option sharing its start is added. A usage error is its one line and where to read
    more, without argparse's usage above it (5 to 10 lines of options that buried the line
    saying what was wrong: ``maguyva search --limit``)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("allow_abbrev", False)
        super().__init__(*args, **kwargs)

    def add_subparsers(self, **kwargs: Any) -> argparse._SubParsersAction[Any]:
        """Subcommands whose parsers are :class:`CommandParser`."""
        kwargs.setdefault("parser_class", CommandParser)
        return super().add_subparsers(**kwargs)

    def error(self, message: str) -> NoReturn:
        unknown = message.removeprefix("unrecognized arguments: ") if message.startswith("unrecognized") else ""
        if unknown and (told := self._with_its_value(unknown.split(" "))) is not None:
            unknown = " ".join(told)
            message = f"unrecognized arguments: {unknown}"
        if unknown.startswith("-") and not unknown.startswith("--") and " " not in unknown:  # search -rf: options?
            message += f" (a query or name starting with a dash goes after --: maguyva search -- {unknown})"
        elif full := self._full_names(unknown.split(" ")[0]):
            message += f" (options are named in full: {' or '.join(full)})"
        elif meant := self._misspelt(unknown.split(" ")[0]):
            message += f" (did you mean {' or '.join(meant)}?)"
        elif unknown and not unknown.startswith("-") and self.prog.endswith(" search"):  # search who calls get
            message += ' (a question of several words goes in quotes: maguyva search "who calls get")'
        elif chosen := _INVALID_CHOICE.search(message):
            choices = re.findall(r"'([^']*)'", chosen["choices"]) or [c.strip() for c in chosen["choices"].split(",")]
            close = _closest(chosen["given"], choices)
            message += f"; did you mean {' or '.join(close)}?" if close else ""
        self._refused_in_json(message)
        self.exit(2, f"{self.prog}: error: {printable(message)}\nsee {self.prog} --help\n")

    def _refused_in_json(self, message: str) -> None:
        """Say the refusal on stdout too where the command line asks for JSON (a command's parser)."""

    def _with_its_value(self, unknown: list[str]) -> list[str] | None:
        """The unrecognized arguments as typed when the first abbreviates options that take a value
        and argparse read that value as a positional (``search --lim 3 foo``: 3 the query, ``foo``
        unrecognized): the abbreviation with its value, less the positional it put out of place
        (``--lim 3``, where the line had said ``--lim foo``); ``None`` when there is nothing to mend."""
        word, typed = unknown[0], _TYPED.get()
        full = self._full_names(word) or self._misspelt(word)
        if not full or "=" in word or typed is None or word not in typed[: typed.index("--") if "--" in typed else None]:
            return None
        if not all(self._option_string_actions[o].nargs is None for o in full):  # --i: --ignore-case or --intent
            return None
        at = typed.index(word)
        value = typed[at + 1] if at + 1 < len(typed) else None
        if value is None or value == "--" or (value.startswith("-") and not _NUMBER.fullmatch(value)) \
                or unknown[1:2] == [value]:  # none, an option, or listed after it already (search foo --lim 3)
            return None
        rest = unknown[1:]
        displaced = next((i for i, a in enumerate(rest) if not a.startswith("-")), None)
        return [word, value, *(rest if displaced is None else rest[:displaced] + rest[displaced + 1:])]

    def _misspelt(self, word: str) -> list[str]:
        """The long options that ``word`` (``--limt``, ``--Json``, ``--limt=3``) may be a misspelling of,
        closest first: its case changed, else a letter or two off."""
        start = word.split("=", 1)[0]
        if not start.startswith("--") or len(start) < 4:
            return []
        names = sorted(o for o in self._option_string_actions if o.startswith("--") and o != "--help")
        same = [o for o in names if o.lower() == start.lower()]
        return same or difflib.get_close_matches(start, names, 2, 0.75)

    def _full_names(self, word: str) -> list[str]:
        """The long options that ``word`` (``--lim``, ``--lim=3``) abbreviates."""
        start = word.split("=", 1)[0]
        if not start.startswith("--") or len(start) < 3:
            return []
        return sorted(o for o in self._option_string_actions if o.startswith(start) and o != start)

    def parse_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                   namespace: argparse.Namespace | None = None) -> argparse.Namespace:
        """Parse, the arguments kept for the error line that argparse writes once they are read."""
        token = _TYPED.set(dash_literals_last(list(sys.argv[1:] if args is None else args), value_options(self)))
        try:
            return super().parse_args(args, namespace)
        finally:
            _TYPED.reset(token)

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        """Parse, a query that starts with a dash but names no option read as the query
        (:func:`dash_literals_last`)."""
        if args is None:
            args = sys.argv[1:]
        typed = dash_literals_last(list(args), value_options(self))
        token = _TYPED.set(typed)  # what an error line reads (:meth:`_with_its_value`); a subcommand's own words inside
        try:
            return super().parse_known_args(typed, namespace)
        finally:
            _TYPED.reset(token)


def _closest(given: str, choices: list[str]) -> list[str]:
    """The choices ``given`` may be a misspelling of: those it begins (``stat``: ``status``), else the
    closest and any nearly as close (``calers``: ``callers``, not ``callees``)."""
    begun = [c for c in choices if c.startswith(given)] if given else []
    if begun:
        return begun
    ratios = sorted(((difflib.SequenceMatcher(None, given, c).ratio(), c) for c in choices), reverse=True)
    return [c for ratio, c in ratios if ratio >= 0.6 and ratio >= ratios[0][0] - 0.1][:2] if ratios else []


_INVALID_CHOICE = re.compile(r"invalid choice: '?(?P<given>[^']*?)'? \(choose from (?P<choices>.*)\)$")
"""argparse's line for a value not among an argument's choices (``graph calers x``)."""
_TYPED: ContextVar[list[str] | None] = ContextVar("_TYPED", default=None)
"""The arguments the parser being run was given, as it reads them (a resident server parses several at once)."""
_NUMBER = re.compile(r"-\d[\d.]*")
"""A value that starts with a dash but is a number (``--dep -1``)."""


_ASKS_JSON: ContextVar[bool] = ContextVar("_ASKS_JSON", default=False)
"""Whether the command line being parsed asks for JSON, ``--json`` or ``--batch`` (a resident server parses several at once)."""


class CommandParser(ArgumentParser):
    """A subcommand's parser, which refuses an argument it does not know itself, under its own
    usage and name: argparse hands a subcommand's unknown arguments back to the top parser, and
    ``maguyva search -C repo foo`` had printed the explorer's usage and "maguyva: error:", as if
    the option had been meant for ``maguyva`` alone."""

    json_refusal: Callable[[str], None] | None = None
    """Writes a refusal's JSON on stdout (the command's own error object), called before the usage
    when the command line asks for ``--json``: ``--limit abc`` had left a script's stdout empty."""

    def parse_known_args(self, args: Sequence[str] | None = None,  # type: ignore[override]
                         namespace: argparse.Namespace | None = None) -> tuple[argparse.Namespace, list[str]]:
        """Parse, an argument this subcommand does not know an error (exit status 2)."""
        options = list(args or ())
        typed = options[: options.index("--")] if "--" in options else options  # --batch answers in JSON lines too
        _ASKS_JSON.set(any(o in ("--json", "--batch") or o.startswith("--batch=") for o in typed))
        parsed, unknown = super().parse_known_args(args, namespace)
        if unknown:  # less the -- that dash_literals_last may have put before a literal (not typed)
            self.error("unrecognized arguments: " + " ".join(a for a in unknown if a != "--"))
        return parsed, unknown

    def _refused_in_json(self, message: str) -> None:
        if self.json_refusal is not None and _ASKS_JSON.get():
            self.json_refusal(message)


def value_options(parser: argparse.ArgumentParser) -> frozenset[str]:
    """The option strings that take one value (``--index-dir``, ``--repo``), the parser's and its
    subcommands' (the whole command line is read by the top parser first)."""
    found: set[str] = set()
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for sub in action.choices.values():
                found |= value_options(sub)
        elif action.option_strings and action.nargs is None:
            found.update(action.option_strings)
    return frozenset(found)


DASH_LITERAL = re.compile(r"-[^\w\s.-]\S*")
"""An argument that starts with a dash but can name no option: PHP's ``->get(``, ``->``, ``-=``.
argparse read it as an unknown option, and ``maguyva search "->get("`` (the search the answer to
"who calls get" suggests on PHP code) failed with "unrecognized arguments", as did ``--`` before
it when an option followed."""


def dash_literals_last(argv: list[str], options: frozenset[str] = frozenset()) -> list[str]:
    """Move the arguments that are dash-led literals (:data:`DASH_LITERAL`) after a ``--`` at the
    end, where argparse reads them as positional; unchanged when a ``--`` is there already or
    none is such. One that follows an option taking a value (``options``) is that option's value,
    joined to it (``--index-dir=->x``): moved, it had left the option without one ("expected one
    argument")."""
    argv = _values_joined(argv, options)
    if "--" in argv or not any(DASH_LITERAL.fullmatch(a) for a in argv):
        return argv
    literals = [a for a in argv if DASH_LITERAL.fullmatch(a)]
    return [a for a in argv if not DASH_LITERAL.fullmatch(a)] + ["--", *literals]


def _values_joined(argv: list[str], options: frozenset[str]) -> list[str]:
    """``argv`` with each dash-led literal that follows an option in ``options`` (before any
    ``--``) joined to it as its value: ``--opt=VALUE``, ``-oVALUE``."""
    out: list[str] = []
    at = 0
    while at < len(argv):
        word = argv[at]
        if word == "--":
            return out + argv[at:]
        if word in options and at + 1 < len(argv) and DASH_LITERAL.fullmatch(argv[at + 1]):
            out.append(f"{word}={argv[at + 1]}" if word.startswith("--") else word + argv[at + 1])
            at += 2
            continue
        out.append(word)
        at += 1
    return out


SCRIPTS_ASK = "a script or agent asks `maguyva search QUERY --repo PATH --json`"


def no_explorer_here() -> str | None:
    """Say why the explorer cannot be drawn here, or ``None`` when it can: Textual reads stdin and
    draws on stderr, so both must be a terminal, and one that draws (not ``TERM=dumb``, Emacs'
    shell). Without this, ``maguyva PATH`` from a script or a CI job wrote escape sequences into
    its log and waited for keys that never came, until killed."""
    if not (sys.stdin.isatty() and sys.__stderr__ is not None and sys.__stderr__.isatty()):
        return f"the explorer needs a terminal, and stdin or stderr is not one; {SCRIPTS_ASK}"
    if os.environ.get("TERM") == "dumb":
        return f"the explorer needs a terminal that draws, and TERM is dumb; {SCRIPTS_ASK}"
    return None


def after_update(update: IndexUpdate | None, stale: bool = False) -> str:
    """What a search did to the index before it searched, for its "N results in X ms" line, one
    repository's or a workspace's (" (after updating 2 files: 1.2 s)"): that figure is the
    search's alone, and a search after an edit had said "in 80 ms" of a command that took 1.3 s.
    ``stale``: the answer says the index could not be updated (a read-only or full disk), so a
    try that wrote no file is said as one, where it had read "after updating the index"."""
    if update is None:
        return ""
    took = f"{update.ms:.0f} ms" if update.ms < 1000 else f"{update.ms / 1000:.1f} s"
    if update.waited:  # kept out by another build: nothing was updated
        return f" (after waiting for another build of the index: {took})"
    if stale and not update.files:
        return f" (after trying to update the index: {took})"
    what = f"{update.files:,} file{'' if update.files == 1 else 's'}" if update.files else "the index"
    return f" (after {'indexing' if update.built else 'updating'} {what}: {took})"
