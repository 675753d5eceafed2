"""A member named in English through its owner: "the Open method of the fenced code block parser".

The classifier reads a question without the index, so such a phrase had lost its member: "Open
method of the fenced code block parser" fell to the fallback rule (goldmark's
``fencedCodeBlockParser.Open`` not among the first 30), and "Open method of fencedCodeBlockParser"
was a phrase about the struct. :func:`member_named` finds the phrase, looks the member's bare name
up in the index and keeps the definitions whose owner is named by the words after "of" (its name's
words, case aside: ``fencedCodeBlockParser`` is "fenced code block parser"; a trailing kind noun,
"the Retry class", is no word of the name). Exactly one qualified name so found is written in the
phrase's place, and the question is read again: "what does the Open method of X do" asks what
``X.Open`` does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Final, Protocol

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.names import qualifier_parts
from maguyva_tui.core.types import Symbol, echo

MEMBER_NOUNS: Final = ("method", "function", "func", "field", "property", "attribute", "member", "constructor",
                       "getter", "setter")
"""Nouns that say a phrase's name is a member of what follows "of"."""
OWNER_NOUNS: Final = frozenset({"class", "struct", "type", "interface", "trait", "module", "object", "enum"})
"""Kind nouns that may close the owner's words ("of the Retry class") without being a word of its name."""
QUESTION_CHARS: Final = 300
"""A longer text, or one of several lines, is a paste, not a question naming a member."""
OWNER_WORDS: Final = 6
"""An owner named in more words than this is a sentence, not a name."""

_PHRASE: Final = lazy(
    rf"\b(?:the\s+)?(?P<member>[A-Za-z_$][\w$]*)(?:\(\))?\s+(?:{'|'.join(MEMBER_NOUNS)})\s+of\s+(?:the\s+|an?\s+)?"
    rf"(?P<owner>[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*(?:\s+[A-Za-z_$][\w$]*){{0,{OWNER_WORDS}}})",
    re.I,
)
_NOUN_FIRST: Final = lazy(
    rf"\b(?:the\s+)?(?P<quoted>(?:{'|'.join(MEMBER_NOUNS)})\s+(?P<member>[A-Za-z_$][\w$]*)(?:\(\))?)\s+of\s+(?:the\s+|an?\s+)?"
    rf"(?P<owner>[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*(?:\s+[A-Za-z_$][\w$]*){{0,{OWNER_WORDS}}})",
    re.I,
)
"""The same phrase written noun first: "method __str__ of WrongTypeError" (it had read as an error's name)."""
_NAME_WORD: Final = lazy(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")
"""A word of a name as written: ``fenced``, ``Code``, ``Block``, ``Parser`` of ``fencedCodeBlockParser``."""


class Symbols(Protocol):
    """What :func:`member_named` reads of the index: the definitions of a bare name."""

    def lookup(self, name: str, kinds: Sequence[str] = ()) -> list[Symbol]: ...


def member_named(text: str, symbols: Callable[[], Symbols]) -> tuple[str, str] | None:
    """The question with its "M method of OWNER" phrase written as the one qualified name
    ``OWNER.M`` the index defines, and the notice that says so; ``None`` where no such phrase is,
    or the index defines no member or several (which one is the person's to say)."""
    if len(text) > QUESTION_CHARS or "\n" in text:
        return None
    for phrase in (_PHRASE, _NOUN_FIRST):
        match = phrase.search(text)
        if match is not None and (read := _read(text, match, symbols)) is not None:
            return read
    return None


def _read(text: str, match: re.Match[str], symbols: Callable[[], Symbols]) -> tuple[str, str] | None:
    """:func:`member_named` of one phrase found in the question."""
    member, owner = match.group("member"), match.group("owner").split()
    for cut in range(len(owner), 0, -1):  # the owner's words up to where the question goes on ("... do")
        words = owner[:cut]
        if cut > 1 and words[-1].lower() in OWNER_NOUNS:
            words = words[:-1]
        found = _qualified(member, _words(" ".join(words)), symbols())
        if len(found) == 1:
            name = found.pop()
            end = _end_of(match, cut)
            quoted = match.start("quoted") if "quoted" in match.groupdict() else match.start("member")
            said = (f"read '{echo(text[quoted:end])}' as {echo(name)}: the one {echo(member)} "
                    f"defined under a name of those words")
            return text[: match.start()] + name + text[end:], said
        if found:
            return None
    return None


def _end_of(match: re.Match[str], words: int) -> int:
    """Where the first ``words`` words of the match's owner end in the question."""
    at = match.start("owner")
    spans = [m.end() for m in re.finditer(r"\S+", match.string[at : match.end("owner")])]
    return at + spans[words - 1]


def _qualified(member: str, owner: list[str], symbols: Symbols) -> set[str]:
    """The qualified names of the definitions of ``member`` (as written, else case aside) whose
    owner, or its last parts, is named by the words ``owner``."""
    if not owner:
        return set()
    defined = symbols.lookup(member)
    if not defined and member != member.lower():  # "the Parse method" of parse: a sentence's capital
        defined = symbols.lookup(member.lower())
    found = set()
    for symbol in defined:
        parts = qualifier_parts(symbol.qualname)[:-1]
        if any(_words(".".join(parts[n:])) == owner for n in range(len(parts))):
            found.add(symbol.qualname)
    return found


def _words(name: str) -> list[str]:
    """A name's words, lower case: ``fencedCodeBlockParser`` and "fenced code block parser" alike."""
    return [word.lower() for word in _NAME_WORD.findall(name)]
