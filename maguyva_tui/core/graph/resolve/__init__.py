"""Name resolution that prefers honesty to guessing.

A name written at a site (``parse_config``, ``self.load``, ``cfg.ConfigLoader``) is looked up in
this order: the receiver (``self``/``this``/``cls``/``Self``/``super``: the enclosing class and its
bases), a local binding (a local of unknown type makes the site *unresolved*, never a global of
the same name), a definition nested in an enclosing scope, a top-level definition of the same file,
an imported name (aliases, re-exports followed), a wildcard import, then per language: the same
package (Go and Java: the same directory), the crate's modules (Rust), a unique definition among
the linked C/C++ files. Built-ins and names bound by imports from outside the repository are
*external*. Several candidates make a site *ambiguous*. Every other site is *unresolved*. In
Python, a parameter pytest fills is the value of the fixture of its name (``parsing/facts/fixtures.py``), and a
property read on the way (``style.color.get_truecolor``) is what its getter returns.

A target is a symbol id (``path::qualname``), a file path (a module), ``gopkg:dir``/``jpkg:a.b``
(a package), or one of the sentinels below. Every table the resolver reads is recorded as a key
in ``deps`` so an update knows which files to resolve again.

What does not depend on the file asking (a module's member, what calling a function returns, a
module as one file imports it, the modules a file's wildcard imports reach and a name looked up
through them) is memoized for the resolver's lifetime with the keys it read, so a hit records them
too; and with how deep it went, so a hit is only taken where computing it again could not have run
into ``MAX_DEPTH`` (the answer is always the one a fresh lookup gives).

Layout: ``resolver.py`` is the language-neutral lookup (scopes, locals, imports, wildcards,
members, bases); ``memo.py`` its bookkeeping (keys read, depth, the memo); ``base.py`` the
sentinels and the hooks a language may override;
``python.py``, ``ecmascript.py``, ``go.py``, ``rust.py``, ``java.py`` and ``clike.py`` each
language's own rules (mirroring ``core/parsing/rules/``), registered by name in ``languages.py``.
"""


from __future__ import annotations

from maguyva_tui.core.graph.resolve.base import AMBIGUOUS, EXTERNAL, FUNCTION_VALUE, SENTINELS, UNRESOLVED
from maguyva_tui.core.graph.resolve.languages import rules
from maguyva_tui.core.graph.resolve.resolver import Resolver

__all__ = ["AMBIGUOUS", "EXTERNAL", "FUNCTION_VALUE", "SENTINELS", "UNRESOLVED", "Resolver", "rules"]
