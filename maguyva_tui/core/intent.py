"""Classify a question's intent with the seed's ordered heuristics, and weigh the four engines for it.

The rules run in order and the first match wins (SPEC, "Intent classification"):

=====  ====================  ==========================================================  ==========
order  rule                  matches                                                     confidence
=====  ====================  ==========================================================  ==========
00     location              places: ``src/app.py``, ``a.rs:10:5``, a Python trace's       0.95 def
                             ``File "x.py", line 3`` (the index must hold one: else the
                             question is read again without this rule)
0      code_snippet          a pasted multi-line code snippet (not an error trace)       0.80 similar
1      definition_keyword    ``def parse``, ``class Foo(``, ``fn main``, ``import os``   0.95 def
2      callees_phrase        "what does X call", "callees of X", "called by X"           0.90 refs
2      references_phrase     "who calls X", "usages of X", "where is X used"             0.90 refs
                             ("subclasses of X", "what implements X": its subtypes)
3      impact_phrase         "impact of X", "blast radius", "what depends on X"          0.90 impact
3a     similar_phrase        "similar to X", "code like X", "duplicates of X"            0.80 similar
3b     definition_phrase     "where is X defined", "definition of X", "go to X"          0.90 def
3c     error_message         one line of error output, ``Name: message``: the message      0.85 exact
                             (no line holds it: read again, ``error_token``'s name)
4      identifier            a Go method or a PHP name as printed: ``(*Mux).ServeHTTP``,  0.80 def
                             ``GuzzleHttp\\Client``
4      grep_command          ``grep WORD``, ``rg WORD``: the word, every line holding it  0.90 exact
4      code_fragment         a short line of code, not a name: ``echo(``, ``a[0]``, ``->``  0.85 exact
                             (and ``raise X``, ``throw new X``, ``new X()``, ``public
                             static final T``, and what holds no letter or digit: ``#``,
                             ``?``, ``//``)
4      quoted_literal        ``"literal"``, ``'literal'``, a backticked non-identifier   0.90 exact
4      comment_marker        a lone ``TODO``, ``FIXME``, ``XXX``, ``HACK``, ``BUG`` (``TODO:``) 0.90 exact
4      error_token           ``ValueError``, ``ECONNREFUSED``, ``panic:``, ``Traceback`` 0.85 exact
                             (pasted error output is tried before its quotes)
5      identifier            a lone CamelCase / snake_case / qualified identifier        0.80 def
5      identifier_in_phrase  such an identifier inside a short (0.70) or long (0.60)     0.60-0.70
                             phrase that is not a question
6      question              "how", "why", "explain", "architecture", "what does"        0.75 understand
7      fallback              nothing matched (``empty`` for a blank query)               0.40 understand
=====  ====================  ==========================================================  ==========

A question about meaning (rules 6 and 7) that reads like the docstring of one function, a verb and
its object ("Return the value for a key", "Creates a directory") or a named callable ("helper to
quote a URL"), keeps its intent and confidence under the rule ``function_description``
(:func:`describes_one_function`): the plan then ranks functions rather than files.

Deliberate readings of the seed: a question about an identifier ("how does parse_config work") is
rule 6 with the identifier as its target, not rule 5, because a question wants meaning; a
definition keyword that is also an English word (``class``, ``type``, ``interface``) fires only
when a code-shaped name or code punctuation follows, so "type of x" or "class hierarchy" fall
through to an honest low-confidence answer instead of a confidently wrong one. Likewise "impact"
counts as a noun about change ("impact of X", "impact on", "impacted", a query opening with it),
not inside "how is the impact score computed".
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Final

from maguyva_tui.core.lazy_pattern import lazy
from maguyva_tui.core.locations import LOCATION_RULE, READ_CHARS, is_file_name
from maguyva_tui.core.locations import parse as parse_places
from maguyva_tui.core.names import (
    NAME_START,
    OPERATOR_SYMBOL,
    QUALIFIED_NAME,
    QUESTION_NAME,
    is_operator_method,
    spelled,
)
from maguyva_tui.core.path_names import QUESTION_TARGET, outside_file, outside_path, path_in
from maguyva_tui.core.path_names import first_in as named_in_file
from maguyva_tui.core.path_names import joined as joined_in_file
from maguyva_tui.core.path_names import split as split_in_file
from maguyva_tui.core.stopwords import ENGLISH, TARGET_FILLERS
from maguyva_tui.core.types import INTENTS, MODALITIES

# Confidences: the seed's, or a choice inside the seed's range with the reason beside it.
CONF_DEFINITION_KEYWORD: Final = 0.95  # seed rule 1
CONF_REFERENCES: Final = 0.90  # seed rule 2
CONF_IMPACT: Final = 0.90  # seed rule 3
CONF_SIMILAR: Final = 0.80  # no seed rule; below the direct threshold so the blend always runs
CONF_DEFINITION_PHRASE: Final = 0.90  # explicit wording ("where is X defined"): as sure as rule 2
CONF_QUOTED: Final = 0.90  # seed rule 4 top: the user spelled out the literal
CONF_ERROR_TOKEN: Final = 0.85  # seed rule 4 bottom: an error name may also be a class to define
CONF_FRAGMENT: Final = 0.85  # rule 4: typed code is a string to find, as sure as an error name
CONF_LONE_IDENTIFIER: Final = 0.80  # seed rule 5 top: nothing but a symbol name
CONF_IDENTIFIER_SHORT: Final = 0.70  # seed rule 5: a symbol with a word or two around it
CONF_IDENTIFIER_LONG: Final = 0.60  # seed rule 5 bottom: a symbol lost in a sentence
CONF_QUESTION: Final = 0.75  # seed rule 6
CONF_FALLBACK: Final = 0.40  # seed rule 7: low on purpose, so the semantic-leaning blend runs
CONF_LOCATION: Final = 0.95  # no seed rule: a path and line are as explicit as a definition keyword

PROSE_WORDS: Final = 7  # longer than this and no search verb: a sentence about code, not a search
SHORT_PHRASE_WORDS: Final = 3
"""A phrase of at most this many words around an identifier counts as short (rule 5)."""

MAX_CLASSIFY_CHARS: Final = READ_CHARS
"""Only the query's first 4 KiB is examined: longer input is a pasted snippet, and the bound keeps
every regex's time bounded whatever the input."""


@dataclass(frozen=True, slots=True)
class Intent:
    """What a query asks for, how sure the classifier is, and which rule decided."""

    name: str
    """One of :data:`INTENTS`."""
    confidence: float
    target: str | None = None
    """The symbol or literal the query is about (``parse_config``, ``ECONNREFUSED``), if any."""
    rule: str = "fallback"
    """The name of the rule that fired (``"references_phrase"``), or ``"override"``."""

    def __str__(self) -> str:
        target = f" target={self.target!r}" if self.target else ""
        return f"{self.name} {self.confidence:.2f}{target} [{self.rule}]"

    def to_dict(self) -> dict[str, object]:
        """Return the query half of the JSON explanation."""
        return {
            "intent": self.name,
            "confidence": self.confidence,
            "target": self.target,
            "rule": self.rule,
        }


@dataclass(frozen=True, slots=True)
class Weights:
    """One intent's weight for each modality."""

    semantic: float
    text: float
    structural: float
    graph: float

    def get(self, modality: str) -> float:
        """Return the weight of one modality (0 for a name that is not a modality)."""
        return float(getattr(self, modality)) if modality in MODALITIES else 0.0

    def as_dict(self) -> dict[str, float]:
        """Return the weights keyed by modality, in display order."""
        return {m: self.get(m) for m in MODALITIES}

    def dominant(self) -> str:
        """Return the modality with the largest weight (the first in display order on a tie)."""
        return max(MODALITIES, key=lambda m: (self.get(m), -MODALITIES.index(m)))

    def __str__(self) -> str:
        return " ".join(f"{m}={self.get(m):g}" for m in MODALITIES)


# fmt: off
WEIGHTS: Final[Mapping[str, Weights]] = MappingProxyType({
    #                             semantic       text       structural       graph
    "find_definition": Weights(semantic=0.2, text=0.1, structural=0.6, graph=0.1),
    "find_references": Weights(semantic=0.1, text=0.2, structural=0.2, graph=0.5),
    "understand_code": Weights(semantic=0.5, text=0.2, structural=0.2, graph=0.1),
    "find_similar":    Weights(semantic=0.4, text=0.3, structural=0.2, graph=0.1),
    "impact_analysis": Weights(semantic=0.1, text=0.1, structural=0.1, graph=0.7),
    "exact_match":     Weights(semantic=0.0, text=0.9, structural=0.1, graph=0.0),
})
# fmt: on
"""The seed's weight profiles, exactly (SPEC, "Weight profiles")."""


def weights_for(intent: str) -> Weights:
    """Return the weight profile of an intent; raise ``ValueError`` naming the valid intents."""
    try:
        return WEIGHTS[intent]
    except KeyError:
        raise ValueError(f"unknown intent {intent!r}; choose one of {', '.join(INTENTS)}") from None


def override(intent: Intent, name: str) -> Intent:
    """Return the user's chosen intent, keeping the extracted target, at full confidence."""
    weights_for(name)
    return Intent(name, 1.0, intent.target, "override")


# ---------------------------------------------------------------------------------------------
# Building blocks. Every pattern is linear: repetitions are over disjoint character classes or
# explicitly bounded, and a run of blanks is never shared by two repetitions (possessive where it
# could be), so a long query cannot make them backtrack (tests/core/test_robust_intent.py).

_TOKEN = lazy(QUESTION_NAME + r"(?:\(\))?")
_PLAIN_TOKEN = lazy(QUALIFIED_NAME + r"(?:\(\))?")
"""A name as :data:`_TOKEN` reads it, less a C++ operator's symbol: typed alone, ``operator<<`` is a
line of code to find, every line holding it (its symbol is punctuation)."""
_FILE_EXTENSIONS: Final = frozenset(
    "py pyi js jsx mjs ts tsx go rs java c h cc cpp hpp cs rb php md txt json yaml yml toml cfg "
    "ini html css sh lock com org net".split()
)
"""A dotted token ending in one of these is a file or host name, not a qualified symbol."""


def is_identifier(token: str) -> bool:
    """Tell whether a token is shaped like a code symbol: camelCase, snake_case, qualified, ``f()``."""
    word = token.removesuffix("()")
    if not any(c.isalpha() for c in word):
        return False
    if token.endswith("()") or "$" in word or "::" in word or "->" in word or "#" in word:
        return True
    if "." in word:
        parts = word.split(".")
        return parts[-1].lower() not in _FILE_EXTENSIONS and all(len(p) > 1 for p in parts)
    if "_" in word.strip("_") or (word.startswith("_") and word.strip("_")):
        return True
    return any(c.islower() for c in word) and any(c.isupper() for c in word[1:])


OWN_RECEIVER = lazy(r"^(?:self|this|cls|\$this|static|parent)(?:\.|->|::)(?=[^\W\d]|\$)")
"""A member named through the object's own receiver (``self.parse_args``, ``this.render``,
``$this->save``, ``static::make``): no symbol's qualified name holds the receiver."""


def _clean(token: str) -> str:
    """Strip call parentheses, wrapping punctuation and an own receiver (``self.``, ``this.``) from
    an extracted target: ``self.parse_args()`` names the method ``parse_args``."""
    operator = _OPERATOR_NAME.search(token)
    if operator is not None:  # ``operator()``, ``operator<<``: the punctuation is the name's
        return OWN_RECEIVER.sub("", token[: operator.start()].lstrip("`'\"“”([{<> ") + operator.group())
    return OWN_RECEIVER.sub("", token.strip("`'\"“”.,;:!?()[]{}<> ").removesuffix("()"))


_OPERATOR_NAME: Final = lazy(rf"\boperator{OPERATOR_SYMBOL}")
"""A C++ operator's name at a token's end (a backtick or a call's parentheses may follow)."""


def _identifier_in(text: str) -> str | None:
    """Return the first identifier-shaped token of a text (backticked ones first), or ``None``."""
    for match in _BACKTICKED.finditer(text):
        if _TOKEN.fullmatch(match.group(1).strip()):
            return _clean(match.group(1))
    for match in _TOKEN.finditer(text):
        if is_identifier(match.group(0)):
            return _clean(match.group(0))
    return None


def _target_after(text: str) -> str | None:
    """Return the subject of the words after a trigger: an identifier, else the first content word."""
    found = _identifier_in(text)
    if found:
        return found
    for match in _TOKEN.finditer(text):
        word = _clean(match.group(0))
        if word and word.lower() not in TARGET_FILLERS:
            return word
    return None


# ---------------------------------------------------------------------------------------------
# Prose quoting: reStructuredText roles and double back-ticks, read as a writer of docs means them.

_ROLE = lazy(
    r":(?:[A-Za-z][\w+.-]{0,30}:)?(?P<role>[A-Za-z][\w+.-]{0,30}):`(?P<x>[^`\n]{1,200})`"
)
"""A role, optionally in a domain: ``:rfc:`2822```, ``:func:`parse```, ``:py:class:`~pkg.Foo```."""
_CODE_ROLES: Final = frozenset(
    "func function meth method class attr attribute obj data mod module exc exception const var "
    "type member struct macro enum enumerator union property prop interface".split()
)
"""Roles whose content names a symbol; the others (``rfc``, ``pep``, ``ref``, ``doc``, ``term``)
hold words."""
_DOUBLE_TICKS = lazy(r"``(?P<x>[^`\n]{1,1000})``")
_ROLE_TITLE = lazy(r"(?P<title>[^<]{0,200}?)\s*<(?P<target>[^<>]{1,200})>\s*$")


def plain_quoting(text: str) -> str:
    """Rewrite prose quoting the way it is meant: a code role as the backticked name it refers to
    (``:class:`~pkg.Foo``` -> ```pkg.Foo```), any other role as words (``:rfc:`2822``` ->
    ``rfc 2822``), double back-ticks as one pair (````x```` -> ```x```), so that no rule pairs the
    closing ticks of one span with the opening ticks of the next."""
    return _ROLE.sub(_role_text, _DOUBLE_TICKS.sub(r"`\g<x>`", text))


_QUOTED_SPAN = lazy(r"`[^`\n]{1,200}`__?(?!\w)|`(?P<tick>[^`\n]{1,200})`|(?<![*\w])\*(?P<em>[A-Za-z_]\w{0,100})\*(?![*\w])")
"""A back-ticked span, or one identifier in single asterisks (reStructuredText's and Markdown's
emphasis, which docstrings give a parameter: boltons' "to a given *offset*"). A back-ticked span
closed by one or two underscores is a reStructuredText hyperlink reference (```exponential
backoff`_``, ```the docs`__``): a link's title, matched first so that its ticks pair with nothing
else, and no name."""
_QUOTED_NAME = lazy(rf"{NAME_START}[\w$]*(?:\.{NAME_START}[\w$]*)*")
QUOTED_NAMES_MAX: Final = 8
"""At most this many quoted names are read from one question."""


def quoted_names(text: str) -> tuple[str, ...]:
    """The names a sentence quotes as code, in order, once each: the identifiers inside its
    back-ticks (after :func:`plain_quoting`: a code role's name, double back-ticks), a dotted
    name's last part (``marshmallow.Schema.load``: ``load``), and an identifier in single
    asterisks ("the *src* iterable"). A writer marks these because the code spells them."""
    names: list[str] = []
    for match in _QUOTED_SPAN.finditer(plain_quoting(text)):
        span = match.group("tick") or match.group("em")
        if span is None:  # a hyperlink reference (`exponential backoff`_): a link's words, no code
            continue
        names += (dotted.rsplit(".", 1)[-1] for dotted in _QUOTED_NAME.findall(span))
    return tuple(dict.fromkeys(names))[:QUOTED_NAMES_MAX]


def _role_text(match: re.Match[str]) -> str:
    """One role's reading: the symbol it names, backticked, or its words."""
    role, content = match.group("role").lower(), match.group("x").strip()
    titled = _ROLE_TITLE.match(content)
    if role not in _CODE_ROLES:
        return f"{role} {titled.group('title') if titled and titled.group('title') else content}"
    name = (titled.group("target") if titled else content).lstrip("~!.").removesuffix("()")
    return f"`{name}`" if name else " "


# ---------------------------------------------------------------------------------------------
# Rule 0: a pasted code snippet.

_TRACE = lazy(
    r"Traceback \(most recent call last\)|^[ \t]*File \"[^\"\n]{0,400}\", line \d|^[ \t]*panic:"
    r"|^Exception in thread|^[ \t]+at [\w$.<>]{1,200}\(|^goroutine \d|^[ \t]*(?:fatal )?error(?:\[\w+\])?:",
    re.M | re.I,
)
_CODE_LINE = lazy(r"[(){}\[\];=:<>]|^\s+\S")


def _code_snippet(text: str) -> Intent | None:
    """Match a multi-line snippet whose lines are mostly code and that is not an error trace."""
    lines = [line for line in text.splitlines() if line.strip()]
    if len(lines) < 2 or _TRACE.search(text) or _error_head(lines):
        return None
    code_lines = sum(1 for line in lines if _CODE_LINE.search(line))
    if code_lines * 2 < len(lines):
        return None
    return Intent("find_similar", CONF_SIMILAR, None, "code_snippet")


# ---------------------------------------------------------------------------------------------
# Rule 1: a definition keyword of any supported language.

_CODE_KEYWORDS = r"def|func|fn|fun|impl|typedef|\#\s*include|\#\s*define|macro_rules!"
"""Keywords that are not English words: any name after them is a symbol."""
_WORD_KEYWORDS = (
    r"class|struct|interface|trait|enum|type|function|const|let|var|import|from|module|mod"
    r"|namespace|union|record|protocol|object|package|extension"
)
"""Keywords that are also English words: the name must look like code, or code must follow."""
_MODIFIERS = (
    r"(?:(?:pub(?:\([a-z]{1,10}\))?|export|default|async|static|public|private|protected|abstract"
    r"|final|sealed|data|inline|unsafe|extern|virtual|override|internal|open|partial)\s+){0,4}"
)
_DEFINITION = lazy(
    rf"\s*{_MODIFIERS}(?P<kw>{_CODE_KEYWORDS}|{_WORD_KEYWORDS})\s+(?:(?:struct|enum|union)\s+)?"
    rf"(?:\([^)\n]{{0,200}}\)\s*)?"
    rf"[<\"]?(?P<name>{QUESTION_NAME})[>\"]?(?P<rest>[^\n]*)",
    re.I,
)
_CODE_REST = lazy(
    r"\s*(?:$|[(:{<\[=;,*&!?]|(?:extends|implements|as|for|struct|interface|import|where|with)\b)",
    re.I,
)
_FROM_IMPORT = lazy(rf"\s+import\s+(?P<name>{QUESTION_NAME})", re.I)


_KEYWORD_AND_WORD = lazy(rf"\s*{_MODIFIERS}(?:{_WORD_KEYWORDS})\s++(?P<name>{NAME_START}[\w$]{{0,200}})\s*", re.I)


def named_after_keyword(text: str) -> str | None:
    """The plain word after a definition keyword that is also English (``class echo``, ``type
    token``), which rule 1 leaves alone ("class hierarchy" is English): the index may confirm it
    names a symbol (:func:`maguyva_tui.core.search.grounding_word`)."""
    match = _KEYWORD_AND_WORD.fullmatch(text)
    return match.group("name") if match else None


_KEYWORD_AND_NAME = lazy(
    rf"\s*{_MODIFIERS}(?P<kw>{_CODE_KEYWORDS}|{_WORD_KEYWORDS})\s++(?P<name>{NAME_START}[\w$]{{0,200}})\s*", re.I
)


def keyword_and_name(text: str) -> tuple[str, str, int] | None:
    """The definition keyword (lowercased), the one bare name after it and where the name starts,
    when that is the whole question (``class sortedkeylist``, ``fn new``, ``pub struct point``);
    ``None`` for anything more (``class Foo(Base)``, ``def a.b``, "class hierarchy of X")."""
    match = _KEYWORD_AND_NAME.fullmatch(text)
    if match is None:
        return None
    return re.sub(r"\s+", "", match.group("kw")).lower(), match.group("name"), match.start("name")


_CALLABLE = ("function", "method", "constructor", "property")
_TYPES = ("class", "struct", "interface", "trait", "enum", "type", "object")
KEYWORD_KINDS: dict[str, tuple[str, ...]] = {
    **dict.fromkeys(("def", "fn", "func", "fun", "function"), _CALLABLE),
    "class": ("class", "struct", "object"),
    "struct": ("struct", "class"),
    **dict.fromkeys(("interface", "trait"), ("interface", "trait")),
    "enum": ("enum",),
    **dict.fromkeys(("type", "typedef"), _TYPES),
    **dict.fromkeys(("module", "mod", "namespace", "package"), ("module", "namespace", "package")),
    **dict.fromkeys(("const", "let", "var"), ("constant", "variable")),
}
"""The symbol kinds a definition keyword asks for, in every language that writes it (a C++ ``class``
may be declared ``struct``; ``def`` covers methods and properties)."""


_KIND_NOUNS = {"method": _CALLABLE, "function": _CALLABLE, "class": KEYWORD_KINDS["class"],
               "struct": KEYWORD_KINDS["struct"], "interface": KEYWORD_KINDS["interface"],
               "trait": KEYWORD_KINDS["trait"], "enum": KEYWORD_KINDS["enum"], "module": KEYWORD_KINDS["module"]}
"""Nouns that say a kind in a phrase ("find the method name", "where is the class Config defined")."""


_KIND_NOUN_BEFORE = lazy(rf"\b({'|'.join(_KIND_NOUNS)})\s+[`'\"]?", re.I)


def keyword_kinds(text: str, target: str | None = None) -> tuple[str, ...]:
    """The kinds the definition keyword opening ``text`` asks for (``class Option``: classes, not the
    method ``option``), or a kind's noun just before ``target`` ("go to the method name"); empty
    when there is none, or the keyword names no kind (``import``)."""
    match = _DEFINITION.match(text)
    keyword = match.group("kw") if match else None
    if keyword is None and _KEYWORD_AND_WORD.fullmatch(text):
        keyword = text.split()[-2]
    if keyword:
        return KEYWORD_KINDS.get(re.sub(r"\s+", "", keyword).lower(), ())
    if target:
        return _noun_kinds(text, target)
    return ()


def _noun_kinds(text: str, target: str) -> tuple[str, ...]:
    """A kind's noun just before ``target`` ("the method name"): one pattern for every target, the
    target compared after it (a pattern made per target cost 0.4 ms a question)."""
    if not target.isascii():  # case folding beyond ASCII: as the regular expression folds it
        noun = re.search(rf"\b({'|'.join(_KIND_NOUNS)})\s+[`'\"]?{re.escape(target)}(?![\w.])", text, re.I)
        return _KIND_NOUNS[noun.group(1).lower()] if noun else ()
    wanted = target.lower()
    for noun in _KIND_NOUN_BEFORE.finditer(text):
        end = noun.end() + len(target)
        after = text[end : end + 1]
        if text[noun.end() : end].lower() == wanted and not (after == "." or after.isalnum() or after == "_"):
            return _KIND_NOUNS[noun.group(1).lower()]
    return ()


def _definition_keyword(text: str) -> Intent | None:
    """Match ``def parse``, ``class Foo(Base)``, ``func (r *R) Load``, ``import numpy as np``."""
    match = _DEFINITION.match(text)
    if not match:
        return None
    keyword, name, rest = match.group("kw").lower(), match.group("name"), match.group("rest")
    code_keyword = re.fullmatch(_CODE_KEYWORDS, keyword) is not None
    if not code_keyword and not _CODE_REST.match(rest):
        return None
    code_name = is_identifier(name) or name[0].isupper() or keyword in ("import", "from")
    if not (code_keyword or code_name or rest.strip()):
        return None  # "class hierarchy", "type hints": English words, not code
    if keyword == "from":
        imported = _FROM_IMPORT.match(rest)
        if not imported:
            return None
        name = imported.group("name")
    return Intent("find_definition", CONF_DEFINITION_KEYWORD, _clean(name), "definition_keyword")


# ---------------------------------------------------------------------------------------------
# Rules 2, 3, 3a and 3b: phrasings. Each trigger's text after the match holds the target.

_VERBS_USE = (
    r"calls?|uses?|imports?|references?|invokes?|instantiates?|constructs?|inherits?\s+from|extends?"
    r"|implements?|includes?|subclasses|overrides?"
)
_REFERENCES = (
    lazy(rf"\b(?:who|what|which\s+\w+)\s+(?:{_VERBS_USE})\b", re.I),
    lazy(
        r"\b(?:usages?|uses|references|refs|callers|callsites|call[\s-]+sites|calls|invocations|instantiations|constructions"
        r"|importers|consumers|subclasses|implementations|implementers|users|overrides)\s+(?:of|to|for)\b",
        re.I,
    ),
    lazy(r"\bfind\s+(?:all\s+)?(?:the\s+)?(?:usages|references|refs|callers|call\s+sites)\b", re.I),
    lazy(r"\b(?:is|are)\s+(?:called|used|referenced|invoked|imported)\s+(?:by|from)\b", re.I),
)
_THAT_CALLS = lazy(
    r"\b(?:that|which|who)\s+(?:calls?|uses?|imports?|invokes?|references?|instantiates?|constructs?|(?P<v>inherits?\s+from"
    r"|derives?\s+from|extends?|implements?|includes?|subclasses))\s+"
    rf"(?:the\s+)?(?P<x>`[^`\n]{{1,200}}`|{QUESTION_TARGET}(?:\(\))?)",
    re.I,
)
_SUBJECT = r"(?P<x>\S[^\n]{0,119}?)(?<=\S)\s++"
r"""What a "where is X used/defined" phrase asks about: up to 120 characters from a non-blank to a
non-blank, then the blanks before the verb taken once (possessive). The old ``\s+X\s+`` let
the blanks go to either side: "where is" and 4,000 spaces took minutes (issue 18.3)."""
_END = r"\s*+(?:\?\s*+)?$"
r"""An optional question mark among trailing blanks, each run taken once (``\s*\??\s*`` split
a run of blanks both ways: quadratic)."""
_WHERE_USED = lazy(
    rf"\bwhere(?:\s+(?:is|are|does|do)|'s)\s+{_SUBJECT}(?:being\s++)?"
    r"(?:used|called|referenced|invoked|imported|instantiated|constructed)\b",
    re.I,
)

_IMPACT = (
    lazy(
        r"^\s*impact\b|\bimpact\s+(?:of|on|analysis)\b|\b(?:change\s+)impact\b|\bimpact(?:s|ed)\b"
        r"|\bblast\s+radius\b|\bripple\s+effects?\b",
        re.I,
    ),
    lazy(r"\b(?:what|who|which\s+\w+)\s+(?:depends|rely|relies)\s+on\b|\bdependents\s+of\b", re.I),
    lazy(
        r"\bwhat\s+(?:breaks|(?:would|will|could|might)\s+break|is\s+affected|gets\s+affected"
        r"|(?:would|will)\s+be\s+affected)\b|\baffected\s+by\b",
        re.I,
    ),
    lazy(r"\bif\s+(?:i|we)\s+(?:change|modify|remove|delete|rename|refactor|touch)\b", re.I),
    lazy(r"\bsafe\s+to\s+(?:change|modify|remove|delete|rename)\b", re.I),
)

_SIMILAR = (
    lazy(r"\bsimilar\s+(?:to|code|functions?|methods?|classes|implementations?)\b", re.I),
    lazy(
        r"\b(?:code|functions?|methods?|classes|implementations?|something|anything|snippets?)"
        r"\s+(?:like|resembling|similar\s+to)\b",
        re.I,
    ),
    lazy(r"\b(?:duplicates?|clones?|copies|near[\s-]duplicates?)\s+of\b|\bresembl(?:es|ing)\b", re.I),
    lazy(r"\bduplicated?\s+code\b|\bcode\s+duplication\b", re.I),
)

_DEFINED_WORDS = r"class|function|method|struct|interface|trait|enum|type|def|definition|constructor"
_VERB = r"(?:find|show|open|locate|get)\s+(?:me\s+)?"
_SHOW = rf"(?:{_VERB})?(?:the\s+)?"
_DEFINITION_NOUN = r"(?:definition|declaration|implementation|source\s+code)"
_OF = r"(?:\s+(?:of|for))?"
_NOT_ENDING = rf"(?!(?:of|for|defined|declared|implemented|located){_END})"
"""A phrase's last word that ends the phrase, not a name: "where is defined", "find the definition
of" name nothing (they had asked for ``defined`` and ``of``); a backticked `` `of` `` is a name."""
_DEFINITION_PHRASES = (
    lazy(
        rf"\bwhere(?:\s+(?:is|are)|'s)\s+{_SUBJECT}"
        r"(?:defined|declared|implemented|created|located)\b",
        re.I,
    ),
    lazy(rf"\bwhere\s+(?:does|do)\s+{_SUBJECT}(?:live|come\s+from)\b", re.I),
    lazy(
        r"\b(?:definition|declaration|implementation|source\s+code)\s+(?:of|for)\s+(?:(?:the|an?)\s+)?"
        rf"(?:(?:{_DEFINED_WORDS})\s+)?`?(?!(?:the|an?)\s)(?P<x>{QUESTION_NAME})(?![\w$]*['\u2019]s\b)",
        re.I,
    ),
    lazy(r"^\s*(?:go|jump|goto|navigate|take\s+me)\s+to\b", re.I),
    lazy(
        rf"^\s*(?:where(?:\s+is|'s)\s+(?:(?:defined|declared|implemented|located)|(?:the\s+)?{_DEFINITION_NOUN}{_OF})"
        rf"|(?:the\s+)?{_DEFINITION_NOUN}\s+(?:of|for)|{_VERB}(?:the\s+)?(?:{_DEFINED_WORDS}|source\s+code){_OF}){_END}",
        re.I,
    ),
    lazy(
        rf"^\s*{_VERB}(?:the\s+)?(?:{_DEFINED_WORDS})\s+{_NOT_ENDING}`?(?P<x>{QUESTION_NAME})(?:\(\))?`?{_END}",
        re.I,
    ),
    lazy(rf"^\s*{_SHOW}`?(?P<x>{QUESTION_NAME})(?:\(\))?`?\s+(?:{_DEFINED_WORDS}){_END}", re.I),
    lazy(
        rf"^\s*where(?:\s+is|'s)\s+(?:the\s+)?{_NOT_ENDING}`?(?!(?:{_DEFINED_WORDS})\s)(?P<x>{QUESTION_NAME})(?:\(\))?`?"
        rf"(?:\s++(?:{_DEFINED_WORDS}))?{_END}",
        re.I,
    ),
)
"""The phrases that ask where a symbol is defined (the fifth: such a phrase with no name at all,
"where is defined", "find the definition of", read as one asking for none, which the search says
in one line). "where is the Logger struct", "where is the
Marked class" name the kind after the name, as "the Engine class" does alone (they had been
questions about meaning, no target, or with an error's name, ``RetryError``, its every mention);
a kind's word is never the name itself ("where is the type definition" stays a question)."""


def _phrase_target(match: re.Match[str], text: str, paths: bool = False) -> str | None:
    """Take the target from a named group ``x`` when the pattern has one, else from what follows;
    a name written through its file (``cli.py::locate_app``) is kept whole, its path with it; with
    ``paths``, a file or folder's path is the target (:func:`_path_target`)."""
    if "x" in match.re.groupindex and match.group("x"):
        subject = match.group("x")
        if (outside := _outside(subject) or _subject_path(subject, paths)) is not None:
            return outside
        if paths and named_in_file(subject) is None and (path := path_in(subject)) is not None:
            return _path_target(path, subject)
        return named_in_file(subject) or _target_after(subject) or _subject_word(subject)
    after = text[match.end() :]
    if (outside := _outside(after) or _subject_path(after, paths)) is not None:
        return outside
    if paths and named_in_file(after) is None and (path := path_in(after)) is not None:
        return _path_target(path, after)
    return (named_in_file(after) or _identifier_in(after) or _identifier_in(text) or _target_after(after)
            or _lone_word(after) or _framed_word(after))


def _outside(words: str) -> str | None:
    """The path outside the root that a phrase's subject is, or names a name through, as written:
    ``where is /etc/passwd::f defined`` had asked for ``passwd::f``, ``where is /etc/passwd
    defined`` for ``etc``, ``go to ~/a.py::f`` for ``a.py::f`` (the search says no indexed file
    or folder is the path, as ``who calls /etc/passwd::f`` does)."""
    first = next(iter(words.split()), "").strip("`")
    return outside_file(first) or outside_path(first)


def _subject_path(words: str, paths: bool) -> str | None:
    """The file or folder path a definition phrase's subject opens with, as :func:`path_in` reads
    it (``where is ./link/passwd defined``, ``go to src/nothere.py``), a path the search says no
    indexed file or folder is where none is: its first folder had been the name asked for ("no
    symbol named link; close names: Link"). ``None`` with ``paths`` (:func:`_path_target` reads
    those) and for a name written through its file (``a.py::f``)."""
    first = next(iter(words.split()), "").strip("`")
    if paths or "/" not in first or named_in_file(first) is not None:
        return None
    return path_in(first)


def _path_target(path: str, words: str) -> str:
    """The target of an impact or references question that names a path: the path itself ("what
    breaks if I change src/urllib3/util/retry.py", where the first folder, ``src``, had been the
    target), or a name the other words hold, in that file (``who calls parse in src/a.py``:
    ``src/a.py::parse``) or alone (a folder's): shaped as code, or a plain word the place follows
    (``paginate in``, ``load from``: tty-prompt's "who calls paginate in lib/tty/prompt/list.rb" had
    asked who imports list.rb)."""
    rest = " ".join(w for w in words.split() if "/" not in w and "\\" not in w)
    name = _identifier_in(rest)
    if name is None and (word := _WORD_IN_PLACE.match(rest)) is not None and word.group("x").lower() not in _NO_SUBJECT:
        name = word.group("x")
    if name is None:
        return path
    return joined_in_file(path, name) if is_file_name(path) else name


_WORD_IN_PLACE = lazy(r"^\s*(?P<x>[^\W\d][\w$]{0,200}[!?]?)\s++(?:in|from|inside|within|under)\s*+$", re.I)
"""A plain word then the preposition before a place (``paginate in`` of "who calls paginate in
lib/list.rb"): the name asked about there."""

_FILLERS: Final = frozenset("the a an this that these those my our its it everything anything something".split())
"""Articles and pronouns: no symbol's name stands for one in a question, whatever the index defines."""

_NO_SUBJECT: Final = _FILLERS | frozenset("symbol variable constant".split()) | frozenset(_DEFINED_WORDS.split("|"))
"""The words of a phrase's subject that cannot be the name it asks about: an article, a pronoun, a
kind ("where is it defined" has no target; a kind's word may be, where the index defines it:
:func:`unnamed_subject`)."""


def _subject_word(subject: str) -> str | None:
    """The name a phrase's subject holds when every word of it is a filler: "where is remove
    defined", "where is the is function defined", "where is ALL defined" ask for ``remove``, ``is``
    and ``ALL`` (a name that is also a verb or a quantifier had read as no target, and the page
    as a sentence's related code)."""
    words = [_clean(m.group(0)) for m in _TOKEN.finditer(subject)]
    named = [w for w in words if w and w.lower() not in _NO_SUBJECT]
    return named[0] if len(named) == 1 else None


_JOINING: Final = frozenset("of on to for by at in into with about".split())
"""Prepositions that join a question's frame to its subject ("impact of", "usages of"): never the
subject itself."""


def _lone_word(after: str) -> str | None:
    """The only word after a trigger when it is a filler that can still be a name ("who calls
    delete", Ruby's "who calls from"), not a preposition joining the trigger to a subject left out
    ("impact of" names none)."""
    word = _subject_word(after)
    return None if word is None or word.lower() in _JOINING else word


_FRAME_WORDS: Final = ENGLISH | frozenset(
    "i analysis change changing modify modifying remove removing delete deleting rename renaming refactor "
    "refactoring touch touching edit editing".split()
)
"""The words that frame an impact question's subject ("if I change", "impact of")."""


def _framed_word(after: str) -> str | None:
    """The name an impact or references question ends with when the words before it only frame
    it: "impact of remove", "what breaks if I change delete" ask for ``remove`` and ``delete``
    (names that are also verbs, every word a filler: they had read as no target, and the page as a
    sentence's related code); "what breaks if I change it" and "what breaks if I change" name none."""
    words = [w for w in (_clean(m.group(0)) for m in _TOKEN.finditer(after)) if w]
    last = words[-1].lower() if words else "i"
    if last in _NO_SUBJECT or last in ENGLISH or last in ("i", "analysis"):
        return None
    if last in _FRAME_WORDS and (len(words) < 2 or words[-2].lower() in ("i", "we")):
        return None  # "what breaks if I change": the frame's verb, its subject left out
    if any(w.lower() not in _FRAME_WORDS and w.lower() not in _NO_SUBJECT for w in words[:-1]):
        return None
    return words[-1]


_UNNAMED_SUBJECT = lazy(
    rf"^\s*where(?:\s+(?:is|are)|'s)\s+(?:(?P<the>the|an?)\s+)?(?P<q>`?)(?P<x>[^\s`]{{1,40}})(?P=q)"
    rf"(?:\s++(?P<kind>{'|'.join(_KIND_NOUNS)}))?\s++(?:defined|declared|implemented){_END}",
    re.I,
)


def unnamed_subject(text: str) -> str | None:
    """The word a definition question asks about that the rules take for no name: a kind's word
    ("where is function defined", "where is the Function class defined") or an operator's symbol
    ("where is ~ defined", Ruby's ``def ~``), as written; the index, which may define a symbol so
    spelled, decides. After an article only a word spelled as code (capitalised or backticked):
    "where is the function defined" speaks of some function."""
    match = _UNNAMED_SUBJECT.match(text)
    if match is None:
        return None
    word = match.group("x")
    if is_operator_method(word):
        return word
    if word.lower() not in _NO_SUBJECT or word.lower() in _FILLERS:
        return None
    return word if not match.group("the") or match.group("q") or not word.islower() else None


def _phrase_rule(
    patterns: tuple[re.Pattern[str], ...], name: str, confidence: float, rule: str, paths: bool = False
) -> Callable[[str], Intent | None]:
    """Build a rule that fires when any of its patterns occurs in the query (``paths``: a path it
    names is its target, :func:`_phrase_target`)."""

    def rule_fn(text: str) -> Intent | None:
        for pattern in patterns:
            match = pattern.search(text)
            if match:
                return Intent(name, confidence, _phrase_target(match, text, paths), rule)
        return None

    rule_fn.__name__ = f"_{rule}"
    return rule_fn


_references_phrase = _phrase_rule(
    (*_REFERENCES, _WHERE_USED), "find_references", CONF_REFERENCES, "references_phrase", paths=True
)

_NAME_THEN_USES = lazy(
    rf"^\s*+(?P<q>`?)(?P<x>{QUESTION_NAME})(?:\(\))?(?P=q)(?P<s>['\u2019]s)?\s++"
    r"(?:usages?|uses|references|refs|callers|call[\s-]sites|callsites|subclasses|sub-?types|implementations"
    r"|implementers|overrides|(?:(?:is|are)\s++)?(?:used|called|referenced)(?:\s++where)?)\s*+\??\s*+$",
    re.I,
)


def _name_then_uses(text: str) -> Intent | None:
    """Match a references question written name first, as typed into a search box: "is_optional
    usages", "DaciteError's subclasses", "FrozenDict used", "from_dict is used where". The name must
    be code-shaped (backticked, ``snake_case``, ``CamelCase``, qualified, ``f()``) or a capitalised
    owner ("Config's subclasses"): "memory usages" stays English."""
    match = _NAME_THEN_USES.match(text)
    if match is None:
        return None
    name = match.group("x")
    written = text[match.start("x") : match.end("x") + 2]
    if not (match.group("q") or is_identifier(name) or written.endswith("()")
            or (match.group("s") and name[:1].isupper())):
        return None
    return Intent("find_references", CONF_REFERENCES, _clean(name), "references_phrase")


_CALLEES = (
    lazy(rf"\bwhat\s+(?:does|do|did|will)\s+`?(?P<x>{QUESTION_TARGET})(?:\(\))?`?\s+call\b", re.I),
    lazy(r"\b(?:callees|calls\s+made|outgoing\s+calls)\s+(?:of|by|from|in)\b", re.I),
    lazy(r"\b(?:what|which\s+\w+|functions|methods)\s+(?:(?:is|are|gets?)\s+)?called\s+(?:by|from)\b", re.I),
)
"""A references question turned round: what its target calls ("what does dispatch_request call",
"callees of X", "functions called by X"), not who calls it. Tried before the references rule, which
read "what is called by X" as X's callers."""


def asks_callees(text: str) -> bool:
    """Tell whether a references question asks what its target calls (the graph engine then lists
    the definitions it calls, in the order of their first call) rather than who calls it."""
    head = text[:MAX_CLASSIFY_CHARS]
    return any(p.search(head) for p in _CALLEES)


_callees_phrase = _phrase_rule(_CALLEES, "find_references", CONF_REFERENCES, "callees_phrase")

_SUBTYPES = lazy(
    r"\b(?:sub-?class(?:es|ed|ing)?|sub-?types?|implementations|implement(?:s|ed|ing|ers|ors)?"
    r"|inherit(?:s|ed|ing|ors)?|extend(?:s|ed|ing)?|deriv(?:e|es|ed|ing)|descendants?"
    r"|includ(?:es?|ed|ing)\b(?![^\n]*\.(?:h|hh|hpp|hxx|inc|ipp|tcc)\b)|child\s+(?:classes|types))\b",
    re.I,
)
"""The words of a references question that asks for the types built on its target, not its call
sites: "subclasses of Scaffold", "what implements Visitor", "classes that inherit from App", "what
includes Enumerable" (a Ruby module mixed in; a C header's includers are its importers, the lines
that name it: "which files include config.h")."""


_OVERRIDES = lazy(r"\boverrid(?:e|es|den|ing)\b", re.I)
"""A references question about a method that asks for the methods replacing it in subclasses."""


def asks_overrides(text: str) -> bool:
    """Tell whether a references question asks for the methods overriding its target ("who
    overrides dispatch_request", "overrides of View.dispatch_request")."""
    return _OVERRIDES.search(text[:MAX_CLASSIFY_CHARS]) is not None


def asks_subtypes(text: str) -> bool:
    """Tell whether a references question asks for the classes that extend or implement its target
    (the graph engine then lists them, nearest first, instead of call sites)."""
    return _SUBTYPES.search(text[:MAX_CLASSIFY_CHARS]) is not None


_IMPORT_VERB = (r"(?:imports?|importing|includes?|including|requires?|requiring"
                r"|uses?\s+(?:the\s+)?(?:module|file|header|package)"
                r"|uses?(?=\s+[\"'`<]?\S*(?:/|\.(?:h|hh|hpp|hxx|c|cc|cpp|py|pyi|js|mjs|cjs|jsx|ts|tsx|go|rs|java|php|rb)\b)))")
_IMPORTERS = lazy(
    r"^\s*(?:(?:list|show|find)\s+)?(?:"
    rf"(?:who|what|which(?:\s+(?:files?|modules?|code))?|(?:the\s+)?(?:files?|modules?|code))\s+"
    rf"(?:that\s+|do(?:es)?\s+|else\s+)?{_IMPORT_VERB}\s+(?P<a>\S+)"
    r"|(?:the\s+)?(?:importers|includers|dependents)\s+of\s+(?:the\s+)?(?:module\s+|file\s+|header\s+|package\s+)?(?P<b>\S+)"
    r"|where\s+(?:is|are)\s+(?P<c>\S+)\s+(?:imported|included|required)(?:\s+from)?"
    r")\s*\??\s*$",
    re.I,
)
"""A question about the files that import a module or include a file: "who imports pkg.mod",
"which files include config.h", "importers of ./utils", "what uses module pkg.mod", "where is
<lib/x.h> included"; its one word after the verb is the module as written."""
_IMPORT_STATEMENT = lazy(r"^\s*import\s++(?P<m>[A-Za-z_][\w]{0,200}(?:\.[A-Za-z_][\w]{0,200}){0,20})"
                         r"(?:\s++as\s++[A-Za-z_]\w{0,200})?\s*+;?\s*+$")
"""A question that is one plain import statement, ``import yaml``, ``import pkg.mod as m``: it asks
where that module is imported (dacite's "import yaml" had listed the test functions fuzzily named
like ``yaml``). Seed rule 1 still classifies it as a definition keyword; the search answers it
with the import lines. ``from m import name`` asks for ``name``'s definition, as before."""
_MODULE_WORD = lazy(r"^(?:module|file|header|package)$", re.I)
_WRAPPERS = "\"'`<>"


def asks_importers(text: str) -> str | None:
    """The module or file a question asks the importers of, as written (quotes, backticks and
    ``<>`` taken off: ``"config.h"``, ``<lib/x.h>``), or ``None`` when it asks no such thing. Only
    the shape of the question: the graph says whether the word names a module of the repository."""
    match = _IMPORTERS.match(text[:MAX_CLASSIFY_CHARS])
    if match is None:
        statement = _IMPORT_STATEMENT.match(text[:MAX_CLASSIFY_CHARS])
        return statement.group("m") if statement is not None else None
    written = next(g for g in match.groups() if g is not None)
    if _MODULE_WORD.match(written):
        return None  # "who imports module" names none
    written = written.strip(_WRAPPERS).rstrip("?,;:").strip(_WRAPPERS)
    if "\\" in written and (path := path_in(written)) is not None:
        return path  # Windows' backoff\_sync.py, as its / form reads (it had named no module)
    return written or None


def _calls_symbol(text: str) -> Intent | None:
    """Match "functions that call X" when X is shaped like a symbol ("that uses a cache" is not),
    and "classes that extend X" when X is capitalized as a type is."""
    match = _THAT_CALLS.search(text)
    if not match:
        return None
    x = match.group("x")  # a type a class extends is capitalized ("classes that extend Scaffold"), near the end
    typed = match.group("v") and x[:1].isupper() and not x.isupper() and len(text[match.end():].split()) <= 2
    if not (x.startswith("`") or is_identifier(x) or typed):
        return None
    return Intent("find_references", CONF_REFERENCES, named_in_file(x) or _clean(x), "references_phrase")


_impact_phrase = _phrase_rule(_IMPACT, "impact_analysis", CONF_IMPACT, "impact_phrase", paths=True)
_similar_phrase = _phrase_rule(_SIMILAR, "find_similar", CONF_SIMILAR, "similar_phrase")
_definition_phrase = _phrase_rule(
    _DEFINITION_PHRASES, "find_definition", CONF_DEFINITION_PHRASE, "definition_phrase"
)


# ---------------------------------------------------------------------------------------------
# Rule 4: a quoted literal or an error token.

_QUOTED = lazy(
    r"\"(?P<d>[^\"\n]{1,1000})\"|`(?P<b>[^`\n]{1,1000})`"
    "|\u201c(?P<s>[^\u201c\u201d\n]{1,1000})\u201d|\u2018(?P<t>[^\u2018\u2019\n]{1,1000})\u2019"  # typographic
    r"|(?:^|(?<=[\s(=:,\[]))'(?P<q>[^'\n]{1,1000})'(?=$|[\s).,;:?!\]])"
)
_BACKTICKED = lazy(r"`([^`\n]{1,200})`")
_ESCAPING_QUOTED = lazy(r'"((?:[^"\\\n]|\\[^\n]){1,1000}+)"')
"""A double-quoted literal whose inner quotes are escaped as a string literal writes them
(``"\\"name\\""``): possessive, so a run of backslashes is read once."""


def _prose(text: str, words_at_most: int = PROSE_WORDS) -> bool:
    """A sentence rather than a search: long, and without a search verb that governs it. A quote,
    an error name or an identifier inside prose is what the sentence is about, not a string to
    grep for; a quoted single word ("the 'werkzeug' version") is one of its words. A search verb
    counts where it commands the sentence (among its first :data:`SEARCH_VERB_LEAD` words: "find
    where ValueError is raised ...") or stands beside what it searches for (within
    :data:`SEARCH_VERB_REACH` words of a quote or an error name: "... the literal 'TODO' ...",
    "... ValueError is raised"); a docstring's nouns and verbs ("return a string of the
    characters", "the exception to be raised") are words of the sentence."""
    words = _WORD.findall(_QUOTED.sub(_quoted_word, text))  # a quoted phrase is a needle, not words of the sentence
    plain = [w for w in words if w != _QUOTE_MARK]
    if len(plain) <= words_at_most:
        return False
    if _SEARCH_COMMAND.search(" ".join(plain[:SEARCH_VERB_LEAD])):
        return False
    needles = [i for i, w in enumerate(words) if w == _QUOTE_MARK or _ERROR_NAME.search(w)]
    return not any(
        _SEARCH_VERB.search(" ".join(w for w in words[max(i - SEARCH_VERB_REACH, 0) : i + SEARCH_VERB_REACH + 1]
                                     if w != _QUOTE_MARK))
        for i in needles
    )


SEARCH_VERB_LEAD: Final = 3
"""Words at the head of a long query where a command makes it a search ("find", "search for")."""
SEARCH_VERB_REACH: Final = 2
"""Words on either side of a quote or an error name where a search verb makes it what is searched for."""
_QUOTE_MARK: Final = "\x00"
"""Where a quote stood in a sentence's words (a search verb beside it searches for it)."""


def _quoted_word(match: re.Match[str]) -> str:
    """A quote's mark, with its text when it is a single word (then one of the sentence's words)."""
    quoted = next((group for group in match.groups() if group is not None), "")
    word = quoted if quoted and len(_WORD.findall(quoted)) == 1 else ""
    return f" {_QUOTE_MARK} {word} "


_GREP_COMMAND = lazy(r"\s*(?:grep|rg|ripgrep)\s+(?P<x>[^\s\-'\"`][^\s'\"`]*)\s*")
"""A grep command line typed as the question (``grep isObject``, ``rg TODO``): its one word is the
literal to list, every line holding it, as the command would (a quoted one is rule 4's)."""


IN_FILE_RULE: Final = "name_in_file"
"""The rule of a question that is one name written through its file (``pkg/b.py::helper``,
``b.py:helper``): where that file defines it (its path had read as a file's, or the whole as words)."""

URL_RULE: Final = "url"
"""The rule of a question that is one URL and names no file of a forge's link (those are places:
:func:`~maguyva_tui.core.locations.link_place`): the string, every line holding it as written, and
nothing else (its words are a host and a path, not a meaning to search for)."""
_URL: Final = lazy(r"[A-Za-z][A-Za-z0-9+.-]{0,30}://[^\s\"'`<>]{1,2000}")


def _url(text: str) -> Intent | None:
    """Match a question that is one URL (``https://flask.palletsprojects.com/en/3.0.x/api/``):
    the literal, where it had been a question about meaning over the URL's fragments."""
    url = text.strip().strip("<>\"'`")
    return Intent("exact_match", CONF_QUOTED, url, URL_RULE) if _URL.fullmatch(url) else None


def _grep_command(text: str) -> Intent | None:
    """Match ``grep WORD``: the word is the literal asked for (it was read as a name in a phrase,
    its definition first)."""
    match = _GREP_COMMAND.fullmatch(text)
    return Intent("exact_match", CONF_QUOTED, match.group("x"), "grep_command") if match else None


def _escaped_end(quoted: str) -> bool:
    """Whether a quoted text's closing quote is escaped: it ends in an odd run of backslashes
    (``"\\"name\\""`` had read as the one backslash before ``name``, every line holding one)."""
    return (len(quoted) - len(quoted.rstrip("\\"))) % 2 == 1


_QUOTE_PAIRS: Final = (('"', '"'), ("'", "'"), ("\u201c", "\u201d"), ("\u2018", "\u2019"))
"""The quotes that make a question one string to find as written when they enclose it whole."""


def _wholly_quoted(raw: str) -> bool:
    """Whether a question is one quoted string (``"./calc.py"``, ``'src/a.py:10'``): a literal to
    find as written, never a place (a quoted path had listed every file so named: ``"./calc.py"``
    typed in ply 3.11's ``example/calc``, every ``calc.py`` of the repository, where no line holds
    the text). A backticked path stays a place, as Markdown writes a file's name."""
    inside = raw[1:-1]
    return len(raw) > 2 and any(raw[0] == opening and raw[-1] == closing and opening not in inside
                                and closing not in inside for opening, closing in _QUOTE_PAIRS)


def _quoted_literal(text: str, words_at_most: int = PROSE_WORDS) -> Intent | None:
    """Match the first quoted literal; a backticked lone identifier is a symbol, left to rule 5."""
    if _prose(text, words_at_most):
        return None
    for match in _QUOTED.finditer(text):
        literal = match.group("d") or match.group("s") or match.group("t") or match.group("q")
        if match.group("d") and _escaped_end(match.group("d")):
            escaping = _ESCAPING_QUOTED.match(text, match.start())
            literal = escaping.group(1) if escaping else literal
        if literal is None:
            code = match.group("b") or ""
            if _TOKEN.fullmatch(code.strip()):
                continue
            literal = code
        if literal.strip():
            return Intent("exact_match", CONF_QUOTED, literal, "quoted_literal")
    return None


_ERRNO = (
    "ECONNREFUSED ECONNRESET ECONNABORTED ENOENT EACCES EPERM EEXIST EISDIR ENOTDIR EINVAL EPIPE "
    "ETIMEDOUT EADDRINUSE EADDRNOTAVAIL EAGAIN EWOULDBLOCK EBADF EBUSY EMFILE ENFILE ENOMEM ENOSPC "
    "ENOTEMPTY EHOSTUNREACH ENETUNREACH EINTR EIO ENOTCONN ECANCELED EROFS ESRCH EDEADLK ENOTSUP "
    "EOPNOTSUPP ENOTSOCK EPROTO EXDEV ELOOP ENAMETOOLONG"
)
_ERROR_NAME = lazy(
    r"\b(?:[A-Z][A-Za-z0-9]{0,60}(?:Error|Exception|Warning)"
    rf"|{'|'.join(_ERRNO.split())}|SIG(?:SEGV|ABRT|KILL|TERM|BUS|FPE|ILL|PIPE|INT|HUP))\b(?!(?:::|\.)[A-Za-z_])"
)
"""An error's name, not one that opens a member's path (``TomlError::new``, ``ParseError::Incomplete``,
``KeyError.args``: a definition to find; they had listed the lines naming the error type)."""
_ERROR_MARKER = lazy(r"\b(?:panic|fatal(?:\s+error)?|error(?:\[\w{1,10}\])?|warning):(?!:)[^\n]*", re.I)
"""An error's marker (``error: ...``, ``panic: ...``), never a path of names (Rust's ``Error::msg``)."""
_ERROR_PHRASE = lazy(
    r"\b(?:traceback|segfault|segmentation\s+fault|core\s+dumped|no\s+such\s+file\s+or\s+directory"
    r"|permission\s+denied|connection\s+refused|undefined\s+reference|is\s+not\s+defined"
    r"|is\s+not\s+a\s+function|cannot\s+read\s+propert(?:y|ies)\s+of|index\s+out\s+of\s+range"
    r"|nil\s+pointer\s+dereference|unexpected\s+token|stack\s+overflow\s+error)\b",
    re.I,
)


_CODE_PUNCTUATION = lazy(r"[()\[\]{};=<>*&|^~@$\\]|!=|->|::|\.\.|\+\+|\+=|--")
"""Punctuation that only code has: brackets, operators, ``->``, ``::``, ``..``. Not what prose or
a name holds: a full stop, a comma, a question mark, an apostrophe, a hyphen, a slash ("read/write")."""
FRAGMENT_WORDS: Final = 4
"""A code fragment has at most this many words (``for i in range(10):``); longer, it is a sentence
or a snippet."""
_NUMBER_LITERAL = lazy(
    r"[-+]?(?:0[xX][0-9a-fA-F_]+|0[oObB][0-7_]+|(?:\d[\d_]*(?:\.\d[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?)"
    r"(?:[uUlLfFdDnij]{1,3}|_?[iuf](?:8|16|32|64|128|size))?"
)
"""A number as code writes it (``404``, ``0xFF``, ``3.14``, ``1e9``, ``0o755``, ``10L``, ``1u8``):
a magic number to find, every line holding it (it had been a question about meaning, ``0xFF``
the name ``xFF``)."""
_CODE_MARKS = lazy(r"(?<![\w%])%[-+ #0]?\d*(?:\.\d+)?[A-Za-z]|\s%=?\s|^#[A-Za-z]\w*$")
"""Marks only code holds that a name's letters would hide from :data:`_CODE_PUNCTUATION`: a
format verb (``%s``, ``%-10d``, ``%v``, not ``100%``), the modulo operator between spaces
(``x % 2``) and a lone preprocessor directive (``#define``, ``#pragma``)."""


_RAISE_STATEMENT = lazy(rf"(?:raise|throw(?:\s+new)?)\s+{NAME_START}[\w$]*(?:(?:\.|::|\\){NAME_START}[\w$]*)*")
"""A raise or throw statement as the code writes it (``raise MarkupError``, ``throw new Error``):
the places that raise it, every line holding the statement, not the class's definition first."""


_IMPL_HEADER = lazy(
    r"impl(?:<[^<>\n]{0,80}>)?\s+(?P<trait>[A-Za-z_][\w:]*)(?:<[^<>\n]{0,80}>)?\s+for\s+"
    r"(?P<type>[A-Za-z_][\w:]*)(?:<[^<>\n]{0,80}>)?\s*\{?"
)
"""A Rust implementation's header as the code writes it (``impl Display for Error``): the block
that implements the trait, every line holding it, not the trait's definition after ``impl``."""


def impl_pattern(header: str) -> str | None:
    """The regular expression of an ``impl Trait for Type`` header written without the generics the
    code puts between its words (``impl Serialize for IndexMap`` for ``impl<K, V, S> Serialize for
    IndexMap<K, V, S>``): the block's own line, whatever its parameters; ``None`` for anything
    else, or a header that writes generics (it says what it wants)."""
    match = _IMPL_HEADER.fullmatch(header.strip())
    if match is None or "<" in header:
        return None
    generics = r"(?:\s*<[^{;]*?>)?"
    return (rf"\bimpl{generics}\s+(?:[\w:]*::)?{re.escape(match['trait'])}{generics}\s+for\s+"
            rf"(?:[\w:]*::)?{re.escape(match['type'])}\b")


def _impl_header(text: str) -> Intent | None:
    """Match ``impl Trait for Type`` (a string to find, as ``rg -F`` would), before rule 1 reads
    ``impl`` as a definition keyword naming the trait."""
    line = text.strip()
    return Intent("exact_match", CONF_FRAGMENT, line, "code_fragment") if _IMPL_HEADER.fullmatch(line) else None


_DECLARATION_MODIFIERS: Final = frozenset(
    "public private protected internal static final abstract const readonly volatile synchronized transient "
    "native override virtual sealed export extern inline unsafe pub mut".split()
)
"""Declaration modifiers of C-family languages, Rust and TypeScript: two of them in a row
(``public static``, ``static final``) are a declaration as the code writes it, never prose.
``default`` is left out: "default export" is prose."""
_OPERATOR_KEYWORDS: Final = frozenset({"new", "return", "await", "yield", "typeof", "defer"})
"""Keywords written before an expression: with a name shaped as code after it (``new JSObject()``,
``await fetchData()``) they are a line of code, not a phrase about the name."""
_TYPE_KEYWORDS: Final = frozenset({"new", "extends", "implements", "instanceof"})
"""Keywords written before a type's name: with a capitalised name after them (``new Input``,
``new Error``, ``extends Node``, ``instanceof Container``) they are a line of code as well, where a
type named by one plain word had read as a question about meaning, the model's nearest chunks
(postcss: ``new Error`` listed ``Node.error`` and ``getAsyncError`` where ``rg -F`` finds 15 lines);
a lower-case word after them stays prose ("new features")."""


def _keywords_and_a_name(words: list[str]) -> bool:
    """Whether words are code keywords and a name as a line writes them: two modifiers or more
    then at most a type and a name (``public static final String``, ``private static final long
    serialVersionUID``), an operator keyword and a name shaped as code (``new JSObject()``,
    ``return buildPlan()``), or a type's keyword and a capitalised name (``new Error``, ``extends Node``). Both had been read as a phrase about the name (its definitions) or a
    question about meaning, where ``rg -F`` lists every line holding them."""
    leading = next((n for n, word in enumerate(words) if word not in _DECLARATION_MODIFIERS), len(words))
    names = words[leading:]
    if leading >= 2 and len(names) <= 2 and all(_PLAIN_TOKEN.fullmatch(name) for name in names):
        return True
    if len(words) != 2 or _PLAIN_TOKEN.fullmatch(words[1]) is None:
        return False
    return ((words[0] in _OPERATOR_KEYWORDS and is_identifier(words[1]))
            or (words[0] in _TYPE_KEYWORDS and "A" <= words[1][0] <= "Z"))


def _code_fragment(text: str) -> Intent | None:
    """Match a short line of code that is not a name (``echo(``, ``a[0]``, ``x == 1``, ``->``,
    ``*args``): typed as it reads in the code, it is a string to find, every occurrence of it, as
    ``rg -F`` would. A name (``load()``, ``Config.load``), a quoted or back-ticked string (prose
    quotes code that way: "Alias for `get(key)`."), a question and a sentence are left to their
    rules. A question with no letter or digit (``#``, ``?``, ``%``, an emoji) has nothing else to be
    read as: it had been a question about meaning, the model's nearest chunks whatever they held;
    nor has a number (``404``, ``0xFF``), a format verb (``%s``) or a directive (``#define``)."""
    line = text.strip()
    if _RAISE_STATEMENT.fullmatch(line):
        return Intent("exact_match", CONF_FRAGMENT, line, "code_fragment")
    words = _WORD.findall(line)
    if "\n" not in line and _keywords_and_a_name(words) and not _QUESTION.search(line):
        return Intent("exact_match", CONF_FRAGMENT, line, "code_fragment")
    if "\n" in line or "`" in line or len(words) > FRAGMENT_WORDS or _QUOTED.fullmatch(line):
        return None
    if not any(c.isalnum() for c in line):  # no letter or digit ("#", "?", '"', "//", "$", an emoji): nothing else to read
        return Intent("exact_match", CONF_FRAGMENT, line, "code_fragment")
    if _PLAIN_TOKEN.fullmatch(line):
        return None
    if _NUMBER_LITERAL.fullmatch(line):
        return Intent("exact_match", CONF_FRAGMENT, line, "code_fragment")
    unnamed = _PLAIN_TOKEN.sub(lambda m: " " if is_identifier(m.group(0)) else m.group(0), line)  # std::vector is a name
    if not (_CODE_PUNCTUATION.search(unnamed) or _CODE_MARKS.search(line)) or _QUESTION.search(line):
        return None
    if sum(1 for word in words if len(word) >= 3 and word.isalpha()) >= FRAGMENT_WORDS - 1:
        return None  # "std::filesystem path formatting support": a phrase about a name
    return Intent("exact_match", CONF_FRAGMENT, line, "code_fragment")


COMMENT_MARKERS: Final = frozenset({"TODO", "FIXME", "XXX", "HACK", "BUG", "OPTIMIZE", "TBD"})
"""The tags programmers leave in comments: typed alone, they ask for every comment that holds one
(before, ``TODO`` was a word about meaning and listed code resembling it)."""


def _comment_marker(text: str) -> Intent | None:
    """Match a lone comment tag (``TODO``, ``FIXME:``) in capitals, as comments write it."""
    word = text.strip().rstrip(":")
    return Intent("exact_match", CONF_QUOTED, word, "comment_marker") if word in COMMENT_MARKERS else None


ERROR_MESSAGE_RULE: Final = "error_message"
"""The rule of one pasted line of error output, ``Name: message``: the message, as the line that
raises it holds it (when none does, the search reads the line again without this rule: its
error's name, or the whole line)."""
_ERROR_LINE = lazy(
    r"[ \t]*+(?:\\?(?:[A-Za-z_$][\w$]{0,100}(?:\.|::|\\)){0,10}"
    r"(?:[A-Z][A-Za-z0-9]{0,60}(?:Error|Exception|Warning)|Error|Exception)"
    r"|(?-i:(?:[a-z_][\w]{0,100}\.){1,10}[A-Z][A-Za-z0-9_]{1,60})"
    r"|panic|fatal(?:[ \t]+error)?|error(?:\[\w{1,10}\])?|warning):(?!:)[ \t]++(?P<m>[^\n]{3,})",
    re.I,
)
"""One line of error output as a program prints it: an error's name (``RuntimeError``,
``java.lang.IllegalStateException``, PHP's ``DI\\NotFoundException``, Ruby's
``Roda::RodaError``, JavaScript's ``Error``), a Python exception as its traceback names it, in
its module, whatever its name ends in (``jsonpatch.InvalidJsonPatch``, ``simpleeval.NameNotDefined``),
or a marker (``panic``, ``error``), a colon, the message."""


def _error_message(text: str) -> Intent | None:
    """Match one pasted line of error output (``RuntimeError: __call__() called before outcome was
    set``, ``Error: extension name required``, ``panic: cannot create hook from nil logger``): its
    message is the string to find, every line raising it. It had been the error's name (every line
    naming RuntimeError, the message's own among them), or the whole line, which no line of code
    holds (``throw new Error('extension name required')``)."""
    head, _, rest = text.strip().partition("\n")
    match = _ERROR_LINE.fullmatch(head)
    if match is None:
        return None
    message = match.group("m").strip()
    if rest:
        more = None if _TRACE.search(text) else message_lines(rest)  # a trace's frames: its own rule
        if more is None:
            return None
        message = "\n".join((message, *more))
    if len(message.split()) < 2:  # KeyError: 'name', IllegalStateException: closed: a word of any line
        return None
    return Intent("exact_match", CONF_ERROR_TOKEN, message, ERROR_MESSAGE_RULE)


ERROR_LINES: Final = 12
"""Lines of pasted error output read as one error's message at most (a longer text is a log)."""


def message_lines(text: str) -> tuple[str, ...] | None:
    """The lines of an error's message printed after its first (construct's ``Error in path
    (building)`` then ``number 99 is out of range (min=0, max=7)``), without those indented under
    them (strictyaml's ``in "<unicode string>", line 1, column 1:`` and the source it quotes);
    ``None`` when the text is too long to be one message."""
    lines = text.splitlines()
    if len(lines) >= ERROR_LINES:
        return None
    return tuple(line.strip() for line in lines if line.strip() and not line[0].isspace())


def _error_head(lines: list[str]) -> bool:
    """Tell whether a text's first line is a line of error output (``construct.core.IntegerError:
    Error in path (building)``): the message printed over several lines, not a snippet of code."""
    return _ERROR_LINE.fullmatch(lines[0].strip()) is not None


def _error_line(text: str) -> Intent | None:
    """Match one pasted line of error output whose message no line holds: its error's name
    (``TypeError: Cannot read properties of undefined``, a runtime's own words, lists the lines
    naming TypeError), as :func:`_error_output` reads it. A sentence that long had been prose,
    a question about meaning without a word about the error."""
    return _error_match(text) if _ERROR_LINE.fullmatch(text.strip()) else None


def _error_output(text: str) -> Intent | None:
    """Match pasted error output (a trace, or a line opening with ``error:``) before its quotes."""
    if _TRACE.search(text) or _ERROR_MARKER.match(text):
        return _error_match(text)
    return None


def _error_token(text: str, words_at_most: int = PROSE_WORDS) -> Intent | None:
    """Match an error name (``ValueError``, ``ENOENT``, ``SIGSEGV``), marker (``panic:``) or phrase."""
    return None if _prose(text, words_at_most) else _error_match(text)


def _error_match(text: str) -> Intent | None:
    """The first error name, marker or phrase in a text."""
    for pattern in (_ERROR_NAME, _ERROR_MARKER, _ERROR_PHRASE):
        match = pattern.search(text)
        if match:
            return Intent("exact_match", CONF_ERROR_TOKEN, match.group(0).strip(), "error_token")
    return None


# ---------------------------------------------------------------------------------------------
# Rules 5 and 6: an identifier, a question.

_QUESTION = lazy(
    r"\b(?:how|why|explain|explains|explanation|architecture|overview|describe|understand"
    r"|walk\s+(?:me\s+)?through|what\s+(?:does|do|is|are|happens)|what's|purpose\s+of"
    r"|responsible\s+for|tell\s+me\s+about)\b",
    re.I,
)
_WORD = lazy(r"\S+")
_SEARCH_VERB = lazy(
    r"\b(?:find|grep|search|look\s+for|locate|occurrences?|string|literal|raised|thrown|throws|printed|logged|matches)\b",
    re.I,
)
"""Words that make a long query a search for what it quotes or names, beside it. Nouns a sentence
about code uses all the time ("where", "message", "text": "Return the text of the error message")
are not."""
_SEARCH_COMMAND = lazy(r"\b(?:find|grep|search|look\s+for|locate)\b", re.I)
"""The search verbs that command a query from its head ("find where ValueError is raised ...")."""


def _identifier(text: str, words_at_most: int = PROSE_WORDS) -> Intent | None:
    """Match a code-shaped identifier: alone (0.80) or in a phrase that is not a question, nor the
    description of a function that uses it ("Return a copy of this RequestsCookieJar" wants the
    method that copies, not the class: a question about meaning, with the identifier its target)."""
    target = _identifier_in(text)
    if target is None or _QUESTION.search(text) or _prose(text, words_at_most):
        return None
    words = len(_WORD.findall(text))
    if words > 1 and describes_one_function(text):
        return None
    if words == 1:
        return Intent("find_definition", CONF_LONE_IDENTIFIER, target, "identifier")
    confidence = CONF_IDENTIFIER_SHORT if words <= SHORT_PHRASE_WORDS else CONF_IDENTIFIER_LONG
    return Intent("find_definition", confidence, target, "identifier_in_phrase")


_GO_METHOD = lazy(r"(?:[\w.\-/]+\.)?\(\*?(?P<t>[A-Za-z_]\w{0,200})\)\.(?P<m>[A-Za-z_]\w{0,200})(?:\(\))?")
"""A Go method written as Go prints it, its receiver in brackets: ``(*Mux).ServeHTTP``, a panic's
``github.com/go-chi/chi/v5.(*Mux).ServeHTTP``; ``Mux.ServeHTTP`` is its name (before, it was a line
of code to grep for)."""


_PHP_NAME = lazy(r"\\?(?:[A-Za-z_]\w{0,200}\\)+(?P<x>[A-Za-z_]\w{0,200}(?:::[A-Za-z_]\w{0,200})?)(?:\(\))?")
"""A PHP name with its namespace, as ``use`` and error messages write it: ``GuzzleHttp\\Client``,
``\\GuzzleHttp\\Client::request``. A namespace is no file path (PSR-4 maps ``GuzzleHttp\\`` to
``src/``), so the name is the class (and member) after it."""


def written_name(text: str) -> str | None:
    """The symbol a Go method expression (``(*Mux).ServeHTTP``: ``Mux.ServeHTTP``) or a PHP name
    with its namespace (``\\GuzzleHttp\\Client::request``: ``Client::request``) names; ``None``
    for any other text."""
    line = text.strip()
    match = _GO_METHOD.fullmatch(line)
    if match is not None:
        return f"{match.group('t')}.{match.group('m')}"
    match = _PHP_NAME.fullmatch(line)
    return match.group("x") if match is not None else None


def _written_name(text: str) -> Intent | None:
    """Match a Go method expression alone (the definition of ``Type.Method``), or a PHP name with
    its namespace (the definition of the class or member after it)."""
    name = written_name(text)
    return None if name is None else Intent("find_definition", CONF_LONE_IDENTIFIER, name, "identifier")


def _question(text: str) -> Intent | None:
    """Match a question about meaning; its target is an identifier when it names one."""
    if not _QUESTION.search(text):
        return None
    return Intent("understand_code", CONF_QUESTION, _identifier_in(text), "question")


RULES: Final[tuple[Callable[[str], Intent | None], ...]] = (
    _url,
    _code_snippet,
    _impl_header,
    _definition_keyword,
    _callees_phrase,
    _references_phrase,
    _name_then_uses,
    _calls_symbol,
    _impact_phrase,
    _similar_phrase,
    _definition_phrase,
    _error_message,
    _error_line,
    _error_output,
    _written_name,
    _grep_command,
    _code_fragment,
    _quoted_literal,
    _comment_marker,
    _error_token,
    _identifier,
    _question,
)
"""The ordered rules; the first that returns an intent wins."""

_DOCUMENTATION_RULES: Final[tuple[Callable[[str], Intent | None], ...]] = tuple(
    functools.partial(rule, words_at_most=SHORT_PHRASE_WORDS) if rule in (_quoted_literal, _error_token, _identifier)
    else rule
    for rule in RULES
)
"""The rules for a sentence written in documentation markup (:func:`_documentation`): a prose
sentence from more than :data:`SHORT_PHRASE_WORDS` words, so that what it quotes is code it talks
about, not a literal to grep for, unless a search verb commands it or stands beside the quote, nor
the symbol it wants ("Shortcut for :meth:`route` with ``methods=["GET"]``" describes ``get``: a
role cross-references another symbol than the one documented)."""

_LONE_WORD: Final = lazy(r"[A-Za-z_][A-Za-z0-9_]*")
"""A question that is one ASCII word (``dmp_diff_in``, ``Matrix``, ``descents``): no blank, no mark."""
_LONE_WORD_RULES: Final[tuple[Callable[[str], Intent | None], ...]] = (
    _impact_phrase,
    _similar_phrase,
    _code_fragment,
    _comment_marker,
    _error_token,
    _identifier,
    _question,
)
"""The rules, in :data:`RULES`' order, that can read one word (``impacts``, ``resembling``, ``__``,
``TODO``, ``ValueError``, ``traceback``, a name, ``explain``): every other rule needs a blank
(``def x``, ``who calls x``), a mark (``a: b``, ``(*T).M``, ``"x"``, ``://``) or a second line, so
a lone word skips them (15 rules, ~20 µs of a literal's question); a word list compared with and
without this shortcut (tests/core/test_intent_lone_word.py) keeps the two readings the same."""


_DIRECTIVE: Final = lazy(r"\.\.\s+[a-z][\w-]{0,40}::(?:\s|$)")
"""A reStructuredText directive opening a text (``.. deprecated:: 3.0.0``, ``.. versionadded::``)."""


def _documentation(raw: str, plain: str) -> bool:
    """Tell a sentence written in reStructuredText, a docstring's markup: a role (``:class:`Each```,
    ``:rfc:`2822```) or double back-ticks (````list_all_matches=False````) that
    :func:`plain_quoting` rewrote, or a directive at its head (``.. deprecated:: 3.0.0 use ...``).
    Nobody types a role or a directive to grep for a string; a docstring pasted as a question
    ("Shortcut for :class:`set_results_name`, with ``list_all_matches=False``.") quotes the code
    it describes. A quoted search typed that way (````x == 1````, "find ````x == 1````") is still
    one: short, or commanded by a search verb (:func:`_prose`)."""
    return raw != plain or _DIRECTIVE.match(raw) is not None


# ---------------------------------------------------------------------------------------------
# A question about meaning that describes one function.

FUNCTION_RULE: Final = "function_description"
"""The rule a question about meaning is relabelled with when it describes one function."""
_DETERMINER = r"(?:a|an|the|this|these|those|all|each|every|any|its|their|given|one|new|some|no)"
"""Words that open a verb's object; not "that", which after a noun opens a relative clause ("code
that uses a cache": a topic)."""
_ASKING = lazy(
    r"^\s*(?:how|what|whats|why|where|when|which|who|whose|is|are|does|do|can|could|should|explain|describe"
    r"|show|list|tell|walk|summari[sz]e|understand|document|find|search|locate|look|grep|give)\b",
    re.I,
)
"""A question or a request about code ("explain the router", "list all handlers", "find the
parser"): about a topic or a search, not one function's description."""
_VERB_OBJECT = lazy(rf"^\s*[A-Za-z]{{2,30}}(?<!ing)\s+{_DETERMINER}\b", re.I)
"""A verb and its object's determiner at the head: "Return the", "Creates a" (a gerund names an
activity, "training a classifier", a topic)."""
_NAMED_CALLABLE = lazy(
    r"^\s*(?:[A-Za-z-]{1,30}\s+){0,2}?(?:helper|function|method|decorator|hook|callback|wrapper|factory)"
    r"\s+(?:to|for|that|which)\b",
    re.I,
)
"""One callable named at the head and what it does: "Helper to ...", "internal factory method to
...", "Method for ..." (a plural, "utility functions for", is a topic)."""
_SIGNATURE_LINE = lazy(r"^\s*[A-Za-z_]\w{0,60}\([^()\n]{0,200}\)\s*->\s*[A-Za-z]{2,30}\s+\S")
"""A docstring's signature line and what the call does, as Python's own types write them
("union(*others) -> return a new set containing this set and others")."""
_STATEMENT_TAIL = ")]'\"` \t\r\n"
"""What may follow a statement's full stop: closing brackets and quotes, blanks."""


def _statement(text: str) -> bool:
    """A sentence of three words or more closed by a full stop, as a docstring or a comment is
    written ("Content of the response, in bytes.", "The endpoint that matched the request URL."):
    it describes one thing in the code, not a topic to browse; a question typed to search ("request
    logging middleware", "how are routes matched") has no full stop. Read in one pass (a pattern
    with nested repeats took 0.2 s on 4 KB of blanks)."""
    body = text.strip().rstrip(_STATEMENT_TAIL)
    if len(body) < 2 or body[-1] != "." or body[-2] in " .\t" or not body[0].isalpha() or body[0].isdigit():
        return False
    return not any(c in body for c in "?!\n") and len(body.split(maxsplit=2)) >= 3


def describes_one_function(text: str) -> bool:
    """Tell whether a question reads like the docstring of one function: its head is a verb and its
    object (an imperative or third-person "Return the ...", "Creates a ..."), one callable named
    with what it does ("Helper to ...") or a signature line and what the call does ("union(*others)
    -> return a new set ..."), or it is a statement closed by a full stop (a docstring's
    "Content of the response, in bytes."), and it does not open as a question or a request ("how",
    "explain", "find"). Such a question wants that function first, not the file with the most
    matching chunks (see :mod:`maguyva_tui.core.plan`); a topic ("request logging middleware",
    "how are routes matched") wants the files."""
    return not _ASKING.search(text) and bool(
        _VERB_OBJECT.search(text) or _NAMED_CALLABLE.search(text) or _SIGNATURE_LINE.search(text) or _statement(text)
    )


INDENTED_RULE: Final = "indented_literal"
"""The rule of a one-line question opening with a blank: the string it types, blanks included."""


def _indented(text: str) -> Intent | None:
    """Match one line opening with a space or tab (``    def __init__``, ``  Py_ssize_t``): an
    indent is code's, so it is a string to find as typed, its blanks at both ends kept, as ``rg
    -F`` reads it. The blanks had been dropped: ``'  Py_ssize_t'`` listed every line naming the
    type, bitarray's 266 where ``rg -F`` finds 127. A stray blank before a question no line holds
    is read again without it (:data:`LITERAL_RULES`)."""
    line = text.strip("\r\n")
    if line[:1] not in (" ", "\t") or "\n" in line or "\r" in line or not line.strip():
        return None
    return Intent("exact_match", CONF_FRAGMENT, line, INDENTED_RULE)


LITERAL_RULES: Final = ("code_fragment", "quoted_literal", "grep_command", ERROR_MESSAGE_RULE, INDENTED_RULE)
"""The rules that read a question as a string to find as typed: when no line holds it in any case,
the search asks again with that rule skipped (:func:`classify`'s ``skip``): ``find "a@b.org"``,
a line of code to the code-fragment rule, is then the quoted string; a string nothing holds is
then a question about meaning, for the code related to it."""


_IN_PATH: Final = lazy(
    r"\s(?:in|under|inside|within)\s+(?:the\s+)?(?:(?:folder|directory|dir|file|package|module)\s+)?(?P<p>\S{1,400})\s*\??\s*$",
    re.I,
)
"""A definition question's closing place: "where is Hono defined in src/preset", "find X in pkg/a.py"."""


def _scoped(target: str, text: str) -> str | None:
    """A definition question's name kept to the file or folder it closes on, as ``path::name``
    (``src/preset::Hono``): the definitions elsewhere had come first."""
    if "::" in target or "/" in target:
        return None
    match = _IN_PATH.search(text)
    path = path_in(match.group("p")) if match else None
    return None if path is None else joined_in_file(path, target)


def _lone_name(text: str) -> Intent | None:
    """The reading of a question that is one ASCII word, as :func:`classified` reads it, made
    without its steps (a literal search's question: ~3 µs of its ~15): a word is no place, no
    quoting, no indent and one word (no prose, no closing place, no sentence describing a function),
    so that, where no rule before the identifier's can read it, it is a name's definition, else (no
    name's shape: ``expand``) a question about meaning with no target. ``None`` for any other text,
    or a word an earlier rule or the question's may read (``impacts``, ``resembling``, ``__``,
    ``TODO``, ``ValueError``, ``traceback``, ``explain``): :func:`classified` reads it
    (tests/core/test_intent_lone_word.py compares the two over every word the rules are written
    with and every name of this module)."""
    if len(text) > MAX_CLASSIFY_CHARS or _LONE_WORD.fullmatch(text) is None or text in COMMENT_MARKERS:
        return None
    lower = text.lower()
    if "impact" in lower or "resembl" in lower or not text.strip("_") or _QUESTION.search(text) is not None \
            or _error_match(text) is not None:
        return None  # _impact_phrase, _similar_phrase, _code_fragment (no letter nor digit), _error_token, _question
    if is_identifier(text):  # _identifier_in: the word itself, the one token, nothing around it to clean
        return Intent("find_definition", CONF_LONE_IDENTIFIER, text, "identifier")
    return Intent("understand_code", CONF_FALLBACK, None, "fallback")


_QUOTED_WORD: Final = lazy(r"\"[A-Za-z_][A-Za-z0-9_]*\"|'[A-Za-z_][A-Za-z0-9_]*'")
"""A question that is one ASCII word in straight quotes (``"expand_trig"``, ``'Matrix'``)."""


def _quoted_name(text: str) -> Intent | None:
    """The reading of a question that is one ASCII word in straight quotes, a literal search's
    usual question, as :func:`classified` reads it, made without its steps: the 17 rules before
    the quoted literal's compiled 40 patterns on a process's first question (10.5 ms of CPU) and
    none of them reads such a question but the impact and similarity phrases (``"impacted"``,
    ``"resembling"``), left to :func:`classified` (tests/core/test_intent_quoted_word.py compares
    the two over every word the rules are written with and every name of this module)."""
    if len(text) > MAX_CLASSIFY_CHARS or _QUOTED_WORD.fullmatch(text) is None:
        return None
    lower = text.lower()
    if "impact" in lower or "resembl" in lower:
        return None  # _impact_phrase, _similar_phrase
    return Intent("exact_match", CONF_QUOTED, text[1:-1], "quoted_literal")


def classify(text: str, places: bool = True, skip: frozenset[str] = frozenset()) -> Intent:
    """Return the intent of a query (:func:`classified`), its names read in the normal form the
    index stores names in (NFC: ``café_order`` typed decomposed, as macOS pastes it, had been split
    at its combining accent, "no symbol named _order"), while a string it finds (a quoted literal, a
    grep's word, a pasted line: every exact search) stays as typed, byte for byte, as ``rg -F``
    reads it. A lone ASCII word, a literal search's usual question, is read at once (:func:`_lone_name`), and
    so is one in straight quotes (:func:`_quoted_name`)."""
    if not skip and ((lone := _lone_name(text)) is not None or (lone := _quoted_name(text)) is not None):
        return lone
    composed = spelled(text)
    if composed == text:  # ASCII, or typed composed already: one reading
        return classified(text, places, skip)
    intent = classified(composed, places, skip)
    if intent.name == "exact_match" or intent.rule in LITERAL_RULES:
        return classified(text, places, skip)
    return intent


def classified(text: str, places: bool = True, skip: frozenset[str] = frozenset()) -> Intent:
    """Return the intent of a query as typed: the first matching rule's, else an honest low-confidence guess;
    a question about meaning that describes one function is labelled :data:`FUNCTION_RULE`.
    A question that names places (a path, ``path:line``, a pasted trace's frames) is where those
    are, rule ``location`` (:mod:`~maguyva_tui.core.locations`), unless ``places`` is false: the
    search asks again so when the index holds none of them. The rules named in ``skip`` (of
    :data:`LITERAL_RULES`: a string no line holds) are passed over: ``unquote_to_bytes('abc%20def')
    -> b'abc def'``, a doctest's line, then wants the function it calls, not the lines resembling
    its characters."""
    typed = text[:MAX_CLASSIFY_CHARS]
    raw = typed.strip()
    text = plain_quoting(raw)
    if not text:
        return Intent("understand_code", CONF_FALLBACK, None, "empty")
    if (written := split_in_file(raw)) is not None:  # before places: pkg/b.py::helper is no path
        return Intent("find_definition", CONF_LOCATION, joined_in_file(*written), IN_FILE_RULE)
    if places and not _wholly_quoted(raw) and (named := parse_places(raw)):
        return Intent("find_definition", CONF_LOCATION, str(named[0]), LOCATION_RULE)
    if INDENTED_RULE not in skip and (indented := _indented(typed)) is not None:
        return indented
    if _LONE_WORD.fullmatch(raw):  # no role nor double ticks: text is raw
        rules = _LONE_WORD_RULES
    else:
        rules = _DOCUMENTATION_RULES if _documentation(raw, text) else RULES
    documented = rules is _DOCUMENTATION_RULES  # a docstring's markup: it describes one definition
    intent = next((found for rule in rules if (found := rule(text)) is not None and found.rule not in skip), None)
    if intent is None:
        intent = Intent("understand_code", CONF_FALLBACK, _identifier_in(text), "fallback")
    if intent.name == "find_definition" and intent.target and (scoped := _scoped(intent.target, text)) is not None:
        intent = Intent(intent.name, intent.confidence, scoped, intent.rule)
    if intent.rule in ("question", "fallback") and (documented or describes_one_function(text)):
        return Intent(intent.name, intent.confidence, intent.target, FUNCTION_RULE)
    return intent
