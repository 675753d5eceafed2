"""Each generated question in several wordings, with the intent each wording should get.

The first phrasing of each intent is the canonical one: the one every method (the product, each
modality alone) is scored on. All phrasings are asked of the product too, so the report shows
what a change of wording does to the intent, the path taken and the answer.
"""

from __future__ import annotations

from dataclasses import dataclass

DEFINITION = ("where is {x} defined", "{x}", "{kw} {x}", "definition of {x}", "go to {x}",
              "find the {noun} {x}", "where does {x} live")
REFERENCES = ("who calls {x}", "usages of {x}", "where is {x} used", "find all references to {x}",
              "callers of {x}", "what calls {x}")
IMPACT = ("what breaks if I change {x}", "impact of changing {x}", "blast radius of {x}",
          "what depends on {x}", "what is affected if I modify {x}", "is it safe to rename {x}")
EXACT = ('"{x}"', "'{x}'", 'find "{x}"', 'where does the string "{x}" appear', 'grep "{x}"')
LANGUAGE = ("{s}", "how does the code {t}", "explain the code that {t}", "code that {t}")

TEMPLATES: dict[str, tuple[str, ...]] = {
    "find_definition": DEFINITION,
    "find_references": REFERENCES,
    "impact_analysis": IMPACT,
    "exact_match": EXACT,
    "understand_code": LANGUAGE,
}
"""Intent -> wordings; ``{x}`` is the symbol or literal, ``{s}`` the sentence, ``{t}`` its tail."""


@dataclass(frozen=True, slots=True)
class Phrasing:
    """One wording of a question."""

    template: str
    text: str
    intent: str
    """The intent a correct classifier gives it."""


def phrasings(intent: str, subject: str, kind: str = "function") -> list[Phrasing]:
    """Return every wording of a question about ``subject`` (a symbol, literal or sentence)."""
    fill = {"x": subject, "s": subject, "t": _tail(subject), "kw": "class" if kind == "class" else "def",
            "noun": "class" if kind == "class" else "method" if kind == "method" else "function"}
    out = []
    for template in TEMPLATES[intent]:
        if template.startswith("'") and "'" in subject:
            continue  # a single-quoted wording of a literal holding a quote is not a literal
        out.append(Phrasing(template, template.format(**fill), intent))
    return out


def _tail(sentence: str) -> str:
    """Turn a docstring sentence into the end of a question: first letter lowered, no final stop."""
    text = sentence.rstrip(" .")
    if text[:1].isupper() and not text[1:2].isupper():
        text = text[0].lower() + text[1:]
    return text
