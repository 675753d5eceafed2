"""Identifier helpers: split names into subtokens, camel humps, identifiers in free text.

Every engine that compares a query with a name goes through these, so ``parseConfig``,
``parse_config`` and ``ParseConfig`` agree everywhere::

    split_identifier("parseHTTP2Config")  ->  ("parse", "http", "2", "config")
    normalize("Parse_Config")             ->  "parseconfig"
    hump_initials("ConfigLoader")         ->  "cl"
    hump_segments("pCo")                  ->  ("p", "co")
    word_stem("Prepares")                 ->  "prepar"   (so do "prepare" and "prepared")
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Final, Literal

from maguyva_tui.core.lazy_pattern import lazy

_WORD = lazy(r"[^\W_]+")
"""Runs of letters and digits: underscores and punctuation separate words."""

_PART = lazy(r"[A-Z]+(?=[A-Z][^\W\d_A-Z])|[A-Z]?[^\W\d_A-Z]+|[A-Z]+|\d+")
"""Inside a word: an acronym before a capitalised word, a (capitalised) word, an acronym, digits."""

ASCII_PART_PATTERN: Final = r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+"
""":data:`_PART` over ASCII text (the same parts, its classes spelled out: a quarter faster), for a
pattern that splits many names at once (none of its parts spans an underscore, so over names
joined by a separator it finds each name's parts in turn)."""

_SEGMENT = lazy(r"[A-Z][^\W_A-Z]*|[^\W_A-Z]+")
"""A camel-hump query segment: starts at a capital or after a separator."""

OPERATOR_SYMBOL: Final = r"(?:->\*?|\(\)|\[\]|<=>|<<=?|>>=?|&&|\|\||\+\+|--|[-+*/%^&|~!=<>]=?|,)"
"""The symbol after ``operator`` in a C++ operator's name (``operator<<``, ``operator->``), longest first."""

OPERATOR_METHOD: Final = lazy(r"\[\]=?|[-+~!]@|\*\*|<=>|===?|!=|[=!]~|<<|>>|<=|>=|[-+*/%<>&|^~!`]")
"""A method named by an operator's symbol alone, as Ruby defines them (``def ~``, ``def []=``,
``def <=>``, ``def -@``): a name no identifier pattern reads, looked up as written."""


def is_operator_method(word: str) -> bool:
    """Whether a word is wholly an operator's symbol that a method may be named by (``**``, ``[]=``)."""
    return OPERATOR_METHOD.fullmatch(word) is not None


_IDENTIFIER = lazy(r"(?:[^\W\d]|\$)[\w$]*(?:(?:\.|::|->)(?:[^\W\d]|\$)[\w$]*)*"
                   rf"(?:(?<=\boperator){OPERATOR_SYMBOL})?")
"""An identifier in prose, qualified ones (``a.b``, ``a::b``, ``a->b``) kept whole, and so is a C++
operator's symbol (``Foo::operator==``)."""

_QUALIFIER = lazy(r"::|(?<!\boperator)(?<!\boperator )->|\.")
"""A qualifier's separator; the arrow of C++'s ``operator->`` (``operator->*``) is the name's."""

ASCII_NAME: Final = lazy(r"[A-Za-z_][A-Za-z0-9_]*")
"""One plain ASCII name, unqualified: the words the text engine takes from a question or a chunk,
the same words its index's ASCII word boundaries delimit."""

NAME_START: Final = r"(?:[^\W\d]|\$)"
"""The first character of a name: a letter of any script, ``_`` or ``$`` (``計算する``, ``Привет``,
``Ünïcode`` start with theirs; an ASCII-only class had read ``who calls 計算する`` as naming no symbol
and ``Ünïcode.größe`` as ``nïcode.größe``)."""

QUALIFIED_NAME: Final = rf"{NAME_START}[\w$]*(?:(?:\.|::|->|#){NAME_START}[\w$]*){{0,8}}"
"""A name, qualified by ``.``, ``::``, ``->`` or Java's ``#`` (at most nine parts), without an operator's symbol."""

QUESTION_NAME: Final = QUALIFIED_NAME + rf"(?:(?<=\boperator){OPERATOR_SYMBOL})?"
"""A symbol named in a question, as a pattern the intent classifier's rules are built from:
qualified by ``.``, ``::``, ``->`` or Java's ``#``, at most nine parts, so that no rule backtracks
over a long query; a C++ operator keeps its symbol ("where is operator== defined", "who calls
Foo::operator->": they had asked for a symbol named ``operator``)."""

NAME_FORMS: Final[dict[str, Literal["NFC", "NFKC"]]] = {"python": "NFKC"}
"""The Unicode normal form a language reads its identifiers in, where it is not NFC: Python
reads a name NFKC-normalised (PEP 3131), so a decomposed ``def café`` defines ``café``."""


def unhidden(text: str) -> str:
    """Return text without the whitespace and the invisible format characters (Unicode's ``Cf``: a
    byte order mark, a zero-width space or joiner, a direction mark) at either end, as a name copied
    from a web page, a chat or a file saved with a BOM carries them; the text as it is when that
    leaves nothing (a search for the invisible character itself). ``parse_config`` after a BOM had been
    no name at all ("unknown symbol", or a question about meaning). Characters inside are kept."""
    if text.isascii():
        return text.strip()
    start, end = 0, len(text)
    while start < end and (text[start].isspace() or unicodedata.category(text[start]) == "Cf"):
        start += 1
    while end > start and (text[end - 1].isspace() or unicodedata.category(text[end - 1]) == "Cf"):
        end -= 1
    return text[start:end] if start < end else text.strip()


def spelled(name: str, language: str | None = None) -> str:
    """Return a name in the normal form its language reads it in (NFC, NFKC for Python), so that
    ``café`` written composed (NFC) or decomposed (NFD, as macOS pastes it) is one name; an
    ASCII name as it is, at no cost."""
    if name.isascii():
        return name
    return unicodedata.normalize(NAME_FORMS.get(language or "", "NFC"), name)


_SPLIT_CACHE = 1 << 16  # names repeat a lot across a repository; 64k distinct ones is plenty


@lru_cache(maxsize=_SPLIT_CACHE)
def split_identifier(name: str) -> tuple[str, ...]:
    """Split a name into lowercased subtokens at separators, camel humps, acronyms and digits."""
    if name.isascii():
        words = name.split("_")
        if all((word.isalpha() and word.islower()) or word.isdigit() for word in words if word):
            return tuple(word for word in words if word)  # snake_case (helper_12), the common case, without regexes
    return tuple(part.lower() for word in _WORD.findall(name) for part in _PART.findall(word))


def normalize(name: str) -> str:
    """Return the name lowercased without separators, so spellings of one name compare equal."""
    if _PLAIN.fullmatch(name):  # every letter and digit of an ASCII name is in one of its parts
        return name.replace("_", "").lower()
    return "".join(split_identifier(name))


_PLAIN = lazy(r"[A-Za-z0-9_]*")
"""An ASCII name of letters, digits and underscores: normalized without splitting it."""


def hump_initials(name: str) -> str:
    """Return the first letter of each subtoken (``parseConfig`` -> ``pc``)."""
    return "".join(part[0] for part in split_identifier(name))


def hump_segments(query: str) -> tuple[str, ...]:
    """Split a camel-hump query into lowercased segments, each starting at a capital (``pCo``)."""
    return tuple(seg.lower() for seg in _SEGMENT.findall(query))


def matches_humps(segments: tuple[str, ...], subtokens: tuple[str, ...]) -> bool:
    """Whether each segment starts a subtoken, in order, the first segment the first subtoken."""
    if not segments or not subtokens or not subtokens[0].startswith(segments[0]):
        return False
    position = 1
    for segment in segments[1:]:
        while position < len(subtokens) and not subtokens[position].startswith(segment):
            position += 1
        if position == len(subtokens):
            return False
        position += 1
    return True


def identifiers_in(text: str) -> list[str]:
    """Return the identifier-like words of free text, in order, qualified names kept whole."""
    return _IDENTIFIER.findall(text)


def qualifier_parts(name: str) -> list[str]:
    """Split a qualified name at ``.``, ``::`` and ``->`` (empty parts dropped): ``Foo::operator->``
    is ``Foo`` and ``operator->`` (the method had been named ``operator``)."""
    return [part for part in _QUALIFIER.split(name) if part]


def is_code_like(word: str) -> bool:
    """Whether a word reads as code rather than prose: ``snake_case``, ``camelCase``, ``a.b``, ``x2``."""
    if "_" in word.strip("_") or _QUALIFIER.search(word):
        return True
    return len(split_identifier(word)) > 1


CODE_ABBREVIATIONS: Final[dict[str, str]] = {
    "addr": "address", "alloc": "allocate", "arg": "argument", "args": "arguments", "attr": "attribute",
    "attrs": "attributes", "btn": "button", "buf": "buffer", "calc": "calculate", "cfg": "config",
    "char": "character", "chars": "characters", "cmd": "command", "cnt": "count", "col": "column",
    "cols": "columns", "conf": "config", "configuration": "config", "conn": "connection", "ctx": "context",
    "cur": "current", "db": "database", "del": "delete", "dest": "destination", "dict": "dictionary",
    "dir": "directory", "dirs": "directories", "doc": "document", "docs": "documents", "dst": "destination",
    "elem": "element", "env": "environment", "err": "error", "exc": "exception", "expr": "expression",
    "ext": "extension", "fmt": "format", "fn": "function", "func": "function", "funcs": "functions",
    "hdr": "header", "idx": "index", "img": "image", "impl": "implementation", "info": "information",
    "init": "initialize", "int": "integer", "lang": "language", "len": "length", "lib": "library",
    "max": "maximum", "mem": "memory", "min": "minimum", "msg": "message", "msgs": "messages", "num": "number",
    "obj": "object", "objs": "objects", "opt": "option", "opts": "options", "param": "parameter",
    "params": "parameters", "pkg": "package", "pos": "position", "prev": "previous", "proc": "process",
    "prop": "property", "props": "properties", "ptr": "pointer", "pwd": "password", "recv": "receive",
    "ref": "reference", "refs": "references", "repo": "repository", "req": "request", "resp": "response",
    "sep": "separator", "seq": "sequence", "src": "source", "stmt": "statement", "sys": "system",
    "tmp": "temporary", "temp": "temporary", "usr": "user", "util": "utility", "utils": "utilities",
    "val": "value", "vals": "values", "var": "variable", "vars": "variables", "ver": "version",
}
"""Abbreviations that code spells and prose does not, each read as the word it stands for (both
sides of a comparison go through :func:`word_stem`, so ``mkdir``'s ``dir`` meets "directory" and
``ctx`` meets "context"). Only the unambiguous ones: ``res`` (result, response, resource), ``gen``
and ``desc`` are left as they are."""


def word_stem(word: str) -> str:
    """Reduce an English word or subtoken to a crude stem, so a question's ``prepares``,
    ``cookies`` and ``headers`` meet a name's ``prepare``, ``cookie`` and ``header``.

    Lowercase; a plural (``-ies``, ``-sses``, ``-es`` after a sibilant, ``-s``), then ``-ing`` or
    ``-ed``, then a final ``e`` dropped and a final ``y`` read as ``i``. Not a linguist's stemmer:
    both sides of a comparison go through it, so it needs only to be consistent.
    """
    w = word.lower()
    w = CODE_ABBREVIATIONS.get(w, w)
    if len(w) > 4 and w.endswith("ies"):
        w = w[:-3] + "i"
    elif w.endswith("sses") or (len(w) > 4 and w.endswith("es") and (w[-3] in "sxz" or w[-4:-2] in ("ch", "sh"))):
        w = w[:-2]
    elif len(w) > 3 and w.endswith("s") and not w.endswith(("ss", "us", "is")):
        w = w[:-1]
    if len(w) > 5 and w.endswith("ing"):
        w = w[:-3]
    elif len(w) > 4 and w.endswith("ed"):
        w = w[:-2]
    if len(w) >= 3 and w.endswith("e"):
        w = w[:-1]
    elif len(w) > 3 and w.endswith("y"):
        w = w[:-1] + "i"
    return w
