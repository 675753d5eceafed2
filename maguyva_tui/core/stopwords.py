"""Words of a question that name nothing, in one place: which words each step leaves out, and why.

The lists differ on purpose, because each step looks for something else in the same question:

- :data:`ENGLISH` (function words) keeps the code words ``type``, ``method``, ``find``: names are made
  of them (``prepare_method``), so a sentence's content words keep them;
- :data:`SYMBOL_QUESTION` adds the words a request for a definition wraps a name in ("where is the
  function ``parse_config`` defined"), language keywords included;
- :data:`TEXT_QUESTION` are the words that would match nearly every file: common English words of
  three letters or more and the words a question about code uses (``function``, ``file``, ``handle``);
- :data:`GRAPH_QUESTION` is :data:`TEXT_QUESTION` plus the words of a question about calls and
  impact ("who calls X", "what breaks if I change X"), which would otherwise seed every caller;
- :data:`TARGET_FILLERS` are skipped when the intent classifier takes a target from the words after
  a trigger phrase ("find all usages of the ``Config`` class").

Every list is lowercase; callers compare lowercased words.
"""

from __future__ import annotations

from typing import Final

ENGLISH: Final = frozenset({
    "a", "about", "all", "also", "an", "and", "any", "are", "as", "at", "be", "been", "being", "both",
    "but", "by", "can", "could", "did", "do", "does", "each", "either", "for", "from", "given", "had",
    "has", "have", "how", "if", "in", "into", "is", "it", "its", "may", "me", "more", "most", "must",
    "no", "nor", "not", "of", "on", "only", "or", "other", "our", "should", "so", "some", "such",
    "than", "that", "the", "their", "them", "then", "there", "these", "they", "this", "those", "to",
    "too", "us", "very", "was", "we", "were", "what", "when", "where", "whether", "which", "while",
    "who", "whom", "whose", "why", "will", "with", "would", "you", "your",
})
"""English function words: they describe no name. Code words (``type``, ``method``, ``find``) stay,
names are made of them (``prepare_method``)."""

SYMBOL_QUESTION: Final = frozenset({
    "a", "all", "an", "and", "are", "class", "code", "const", "declaration", "declared", "def",
    "define", "defined", "definition", "do", "does", "enum", "explain", "find", "fn", "for",
    "from", "func", "function", "functions", "how", "impl", "import", "in", "interface", "is",
    "it", "let", "located", "me", "method", "methods", "of", "or", "show", "struct", "the",
    "this", "to", "trait", "type", "var", "what", "when", "where", "which", "why", "with", "work",
    "works",
})
"""Words of a question that name no symbol ("where is the function parse_config defined")."""

TEXT_QUESTION: Final = frozenset(
    "the and for with how does what why where which who when this that from into are was were "
    "can could should would will use used using code function functions method class file files "
    "work works find show explain implemented implement handle handled handles about there their".split()
)
"""Question words that would match nearly every file."""

GRAPH_QUESTION: Final = TEXT_QUESTION | frozenset(
    "calls call callers called impact depends depend change changes break breaks get set new".split()
)
"""Question words that would seed half the repository: :data:`TEXT_QUESTION`, and the words of a
question about calls and impact (``get``, ``set`` and ``new`` name too many methods to seed from)."""

TARGET_FILLERS: Final = frozenset(
    "the a an of on to for in at by from this that these those my our its it function functions "
    "method methods class classes symbol variable constant module type struct interface trait enum def "
    "all every any if i we change changing modify modifying remove removing delete deleting "
    "rename renaming refactor refactoring touch touching edit editing me show find is are "
    "does do did was be being been what which who where everything anything something code "
    "places callers usages references".split()
)
"""Words skipped when a target is taken from the words after a trigger phrase."""
