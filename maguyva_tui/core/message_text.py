"""The fixed texts of a message printed at run time: what a line of code that raises it holds.

A program prints its message with values put in (``member 'b' not found in {'a': 1}`` of
jsonpointer's ``"member '%s' not found in %s" % (part, doc)``), so no line holds the message as
printed. The values a message shows (a quoted word, a number, an object's ``<repr>``, a dict or list)
cut it into the texts its format string spells out; those of a few words are what to look for, the
longest first, then their clauses (a message whose string is split over lines by implicit
concatenation holds each clause on one line).
"""

from __future__ import annotations

from typing import Final

from maguyva_tui.core.lazy_pattern import lazy

RUNTIME_VALUE: Final = lazy(
    r"<[^<>\n]{1,200}>"  # an object's repr: <class 'int'>, <built-in function eval>
    r"|\{[^{}\n]{0,200}\}|\[[^\[\]\n]{0,200}\]"  # a dict's or a list's
    r"|(?<![\w])b(?P<b>['\"])[^'\"\n]{0,200}(?P=b)"  # a bytes repr: b'AB'
    r"|(?<!\w)(?P<q>['\"`])[^'\"`\n]{1,200}(?P=q)(?!\w)"  # a quoted value: 'x', "FOO" (not can't ... 'b')
    r"|(?<![\w.])-?(?:0[xX][0-9a-fA-F]+|\d+(?:\.\d+)?)(?![\w.])"  # a number: 4, -5, 0x1f, 1.5
)
"""A value a message shows, put in at run time."""

FIXED_WORDS: Final = 3
"""Words a fixed text must hold to be looked for: fewer (``key '``) would be a word of any line."""

FIXED_TEXTS: Final = 8
"""Fixed texts of one message looked for at most (each is one lookup of the text index)."""

_CLAUSE_BREAK: Final = lazy(r"(?<=[,.;:!?])\s+|(?<!\s)\s++(?=\()")
"""Where a message's text may be cut between two string literals: after a clause's mark, before a
parenthesis. A run of spaces is tried from its start alone, read once: tried from each of its
spaces, a message of 4,000 spaces had taken 0.47 s, 16,000 spaces 8.8 s."""


_CODE_QUOTED: Final = lazy(r"(`+)[^`\n]*\1")
"""Code a sentence quotes in back-ticks (a docstring's ``Settings``, Markdown's `key`)."""


def has_runtime_value(message: str, backticks: bool = True) -> bool:
    """Tell whether a message shows a value put in at run time; with ``backticks`` false, what a
    sentence quotes in back-ticks is code it names, no value (a docstring's ``Settings``)."""
    return RUNTIME_VALUE.search(message if backticks else _CODE_QUOTED.sub(" ", message)) is not None


def fixed_texts(message: str) -> list[str]:
    """The texts of ``message`` between the values it shows, each quote around a value kept beside
    it (``' is not defined for expression '`` of ``'x' is not defined for expression 'x + 1'``):
    whole texts longest first, then their clauses longest first, each of :data:`FIXED_WORDS` words
    or more, at most :data:`FIXED_TEXTS`."""
    pieces: list[str] = []
    at = 0
    for match in RUNTIME_VALUE.finditer(message):
        quote = match.group("q") or ""
        pieces.append(message[at: match.start()] + quote)
        at = match.end() - len(quote)
    pieces.append(message[at:])
    whole = [_trimmed(p) for p in pieces]
    clauses = [_trimmed(c) for p in whole for c in _CLAUSE_BREAK.split(p)]
    kept: list[str] = []
    for text in sorted(whole, key=_words, reverse=True) + sorted(clauses, key=_words, reverse=True):
        if _words(text) >= FIXED_WORDS and text not in kept and text != message.strip():
            kept.append(text)
            if len(kept) == FIXED_TEXTS:
                break
    return kept


PLACEHOLDER_ENDS: Final = ("}", "%s", "%v", "%d", "%q", "%r", ")s")
"""How a format string's placeholder ends, written just before the text that follows the value:
``{0}``, ``{}``, ``{name}``, ``${x}``, ``#{x}``, ``{x!r}``, ``{:?}``, ``{{#label}}``; printf's and
Go's verbs; Python's ``%(name)s``. A literal lookup each."""

PLACEHOLDER_STARTS: Final = ("{", "%s", "%v", "%d", "%q", "%r", "%(")
"""How a placeholder starts, written just after the text that comes before the value."""

ANCHORED_WORDS: Final = 2
"""Words a text beside a placeholder must hold to be looked for: the placeholder anchors it
(``} is required`` of joi's ``{{#label}} is required``, ``} was expected``)."""


ANCHORED_PIECES: Final = 2
"""Texts of one message looked for beside placeholders, the longest: each is a lookup per
placeholder spelling."""


def anchored_texts(message: str) -> list[str]:
    """The texts between the values ``message`` shows, each written beside the placeholder that
    would have printed its value (``} is required``, ``%s is required``; ``must be one of {``): the
    line of the format string, where the text alone is a phrase of any line (jsonschema's ``1 was
    expected`` is ``f"{const!r} was expected"``; ``"value" must be a string`` is joi's
    ``'{{#label}} must be a string'``, not ``'Template source must be a string'``). Of the longest
    :data:`ANCHORED_PIECES` texts; a text quoted beside its value has its quote for anchor."""
    pieces: list[tuple[str, str | None, str | None]] = []  # a text, the values' first marks beside it
    at, last = 0, None
    for match in RUNTIME_VALUE.finditer(message):
        pieces.append((message[at: match.start()], last, match.group()[:1]))
        at, last = match.end(), match.group()[-1:]
    pieces.append((message[at:], last, None))
    kept = [p for p in pieces if len(_WORD.findall(p[0])) >= ANCHORED_WORDS]
    out: list[str] = []
    for raw, after_value, before_value in sorted(kept, key=lambda p: len(_WORD.findall(p[0])), reverse=True)[:ANCHORED_PIECES]:
        text = _trimmed(raw)
        if after_value is not None and raw[:1] == " " and text[:1] not in _QUOTES:
            ends = PLACEHOLDER_ENDS + ((after_value,) if after_value in _QUOTES else ())
            out += [f"{end} {text}" for end in ends]
        if before_value is not None and raw[-1:] == " " and text[-1:] not in _QUOTES:  # "Invalid locale '"
            starts = PLACEHOLDER_STARTS + ((before_value,) if before_value in _QUOTES else ())
            out += [f"{text} {start}" for start in starts]
    return list(dict.fromkeys(out))


_WORD: Final = lazy(r"\w+")
_QUOTES: Final = "'\"`"


_LEAD_NAME: Final = lazy(
    r"[A-Z][A-Za-z0-9_]*(?:\.[A-Za-z_]\w*)*(?= (?:is|must|cannot|can|should|has|does|contains|was|are|may) )")
"""A capitalized name opening a message before its verb, which may be a value put in unquoted: a
field's name (go-playground/validator's ``Email is a required field`` is ``{0} is a required
field``; ``Missing required argument`` opens with no value)."""
_TAIL_VALUE: Final = lazy(r"(?<=\w): \S{1,200}$")
"""One token closing a message after a colon, which may be a value put in unquoted (yargs'
``Missing required argument: r`` is ``Missing required argument: %s``)."""


def bare_value_texts(message: str) -> list[str]:
    """The texts of ``message`` beside its placeholders (:func:`anchored_texts`) when a value it shows
    unquoted is its opening name or its closing token after a colon: no quote or number marks such a
    value, so the message reads as a sentence, and only a test asserting it holds it whole."""
    if len(_WORD.findall(message)) > BARE_VALUE_WORDS:
        return []
    out: list[str] = []
    suffixed = _WHERE_SUFFIX.search(message)
    if suffixed is not None and len(_WORD.findall(message[: suffixed.start()])) >= ANCHORED_WORDS:
        head = message[: suffixed.start()]  # tomli's "Invalid value" (at line 1, column 5): the whole literal
        out += [f'"{head}"', f"'{head}'"]
    tail = _TAIL_VALUE.search(message)
    if tail is not None:
        head = message[: tail.start()]
        message = head + ": 'v'"
        out += anchored_texts(message)
        if len(_WORD.findall(head)) >= FIXED_WORDS:  # Java's "Unexpected Quote value: " + policy
            out.append(head + ": ")
    lead = _LEAD_NAME.match(message)
    if lead is not None:
        out += anchored_texts("'v'" + message[lead.end():])
    return list(dict.fromkeys(out))


_WHERE_SUFFIX: Final = lazy(r" \((?:at|in|on|near) [^()\n]{1,100}\)$")
"""Where a parser says it failed, put after its message by another function (tomli's ``Invalid
value (at line 1, column 5)``, ``(at end of document)``)."""

BARE_VALUE_WORDS: Final = 16
"""Words a message with an unquoted value holds at most (a longer text is prose)."""


def with_unquoted(texts: list[str]) -> list[str]:
    """Each fixed text, then the same without the quotes at its ends (of :data:`FIXED_WORDS` words or
    more): a value's quotes may be its repr's, printed with it (Python's ``{name!r}`` and ``%r``,
    Rust's ``{:?}``, Go's ``%q``, joi's ``{{#label}}``), no part of the line raising the message
    (``' is a required property`` of ``'email' is a required property`` is ``f"{property!r} is a
    required property"``: ``is a required property``)."""
    out: list[str] = []
    for text in texts:
        bare = text.strip("'\"`").strip()
        out += [text] if bare == text or _words(bare) < FIXED_WORDS else [text, bare]
    return list(dict.fromkeys(out))


def _trimmed(text: str) -> str:
    """A fixed text without the spaces around it, nor the half of a bracket a value left open at
    its ends (``YAML(1) not a mapping``: ``) not a mapping``)."""
    return text.strip().lstrip(")]}>").rstrip("([{<").strip()


def _words(text: str) -> int:
    return len(text.strip("'\"`").split())
