"""JavaScript's constructor functions: ``function Foo() {...}`` with methods set on its prototype
(``Foo.prototype.bar = function``, ``Foo.prototype = { bar() {...} }``) is a class in all but
keyword, and ``this`` in its methods and in its own body is the object it builds.

The graph's tables file an attribute set on ``this`` there (``this.source = new CodeGen()``) under
``Foo``, typed only where every binding of it that says something agrees (:func:`agree`): one
method may set it from a parameter, another to what a call gives back.
"""

from __future__ import annotations

from maguyva_tui.core.parsing.facts.marks import NULL, UNTYPED


def constructor_of(defs: dict[str, str], scope: str | None) -> str | None:
    """Return the constructor function whose object ``this`` is in a scope: the function owning
    the innermost method around it (``Foo`` for ``Foo.bar``), or the innermost function itself
    where it has methods; ``None`` in a plain function, a class or at the top."""
    while scope and scope not in defs:
        scope = scope.rpartition(".")[0]
    if not scope:
        return None
    kind = defs[scope]
    if kind == "method":
        owner = scope.rpartition(".")[0]
        return owner if defs.get(owner) == "function" else None
    return scope if kind == "function" and has_methods(defs, scope) else None


def has_methods(defs: dict[str, str], qualname: str) -> bool:
    """Tell whether a definition has methods (``Foo.bar``, kind ``method``)."""
    start = qualname + "."
    return any(kind == "method" and name.startswith(start) and "." not in name[len(start):]
               for name, kind in defs.items())


def agree(fields: dict[str, str], name: str, typed: str) -> None:
    """Type a constructor function's attribute by a binding where the others agree: one to no
    value gives way, one of another type or of none known (``UNTYPED``) leaves it untyped for good."""
    old = fields.get(name, NULL)
    if typed == NULL:
        fields[name] = old
    elif old == NULL:
        fields[name] = typed
    elif old != typed:
        fields[name] = UNTYPED
