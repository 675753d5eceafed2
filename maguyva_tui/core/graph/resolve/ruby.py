"""Ruby: a constant is looked up through the modules around it, in any file of the repository.

Ruby has no imports that bind names: ``require`` loads a file, and every class and module it
defines joins one global tree of constants. ``Base`` written inside ``module Kramdown; module
Converter`` is ``Kramdown::Converter::Base`` if any file defines it, else ``Kramdown::Base``, else
the top-level ``Base``: the enclosing modules of the scope are tried innermost first, as Ruby
does. A class or module is reopened by many files (``module Kramdown`` opens every file of
kramdown); of its definitions, the one in the file its name gives by convention
(``Kramdown::Parser::Kramdown`` in ``kramdown/parser/kramdown.rb``) is the class, and a method or
constant defined in another file that reopens it is still its member (:meth:`Ruby.method_elsewhere`).
"""

from __future__ import annotations

import re

from maguyva_tui.core.graph.resolve.base import Language, Lookup, unique
from maguyva_tui.core.graph.tables import FileIndex, split_id

FAMILY = "ruby"

_WORD_BREAK = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")
"""Where a constant's words meet (``HashAST`` -> ``hash_ast``, ``RemoveHtmlTags`` -> ``remove_html_tags``)."""


class Ruby(Language):
    """Resolution rules of Ruby."""

    lexical_constants = True

    def package(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> str | None:
        """Resolve a constant defined by another file: under the scope's enclosing modules and
        classes, innermost first, then at the top level."""
        if not name[:1].isupper():
            return None
        r.deps.add("glob:" + FAMILY)
        qualnames = r.names().qualnames.get(FAMILY, {})
        prefix = scope or ""
        while True:
            qualname = f"{prefix}.{name}" if prefix else name
            nodes = qualnames.get(qualname)
            if nodes:
                return _definition(r, qualname, nodes)
            if not prefix:
                return None
            prefix = prefix.rpartition(".")[0]

    def method_elsewhere(self, r: Lookup, index: FileIndex, qualname: str) -> str | None:
        """Find a method or constant of a class or module defined in another file that reopens it."""
        r.deps.add("glob:" + FAMILY)
        nodes = r.names().qualnames.get(FAMILY, {}).get(qualname)
        return _definition(r, qualname, nodes) if nodes else None


def _definition(r: Lookup, qualname: str, nodes: list[str]) -> str | None:
    """Choose among the definitions of one qualified name: the one, or of a class or module several
    files open, the one in the file its name gives (``AMBIGUOUS`` when none or several are). An
    acronym's words may be written together in its file's name (``HTTParty`` in ``httparty.rb``,
    not ``http_party.rb``; ``JSONParser`` in ``jsonparser.rb``): a file so named is its home where
    none is named word by word (httparty's 24 files opening ``module HTTParty`` had left every
    ``include HTTParty`` and ``HTTParty::Request`` outside the module unresolved). A module no file
    is named after is one namespace however many files open it: the shallowest file's opening
    stands for it, its members found in the others (:meth:`Ruby.method_elsewhere`); tty-prompt's
    ``module TTY``, opened by 40 files and named by no ``tty.rb``, had left every ``TTY::Prompt::Choice``
    of its specs unresolved."""
    found = list(dict.fromkeys(nodes))
    if len(found) > 1:
        home = "/".join(_snake(part) for part in qualname.split(".")) + ".rb"
        at_home = [t for t in found if ("/" + split_id(t)[0]).endswith("/" + home)]
        if not at_home:
            joined = home.replace("_", "")
            at_home = [t for t in found if ("/" + split_id(t)[0].replace("_", "").lower()).endswith("/" + joined)]
        if not at_home and all(r.kind(t) == "module" for t in found):
            at_home = [min(found, key=lambda t: (split_id(t)[0].count("/"), split_id(t)[0]))]
        found = at_home or found
    return unique(found)


def _snake(constant: str) -> str:
    """Return the file name Ruby's convention gives a constant (``HashAST`` -> ``hash_ast``)."""
    return _WORD_BREAK.sub("_", constant).lower()
