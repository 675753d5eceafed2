"""What every language's resolution shares: the sentinel targets, the lookups a language may ask
the resolver for (``Lookup``) and the hooks a language may override (``Language``).

A language module (``python.py``, ``ecmascript.py``, ``go.py``, ``rust.py``, ``java.py``,
``clike.py``, mirroring ``core/parsing/rules/``) subclasses ``Language`` and overrides only the
hooks where its rules differ; the defaults are those of a language without packages, modules or
implicit members.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from maguyva_tui.core.graph.tables import FileIndex

if TYPE_CHECKING:
    from maguyva_tui.core.graph.symbols import LinkNames

_T = TypeVar("_T")

EXTERNAL = "<external>"
"""Defined outside the repository (a built-in or an imported library)."""
UNRESOLVED = "<unresolved>"
"""No binding found, or a receiver whose type is unknown."""
AMBIGUOUS = "<ambiguous>"
"""Several definitions could be meant; none is picked."""
FUNCTION_VALUE = "<function value>"
"""A function held by a value, called through it (Go's ``f func(int) bool`` parameter, ``check :=
func() {...}``): no function of the repository nor an unknown, counted apart."""
SENTINELS = frozenset({EXTERNAL, UNRESOLVED, AMBIGUOUS, FUNCTION_VALUE})


def is_symbol(target: str) -> bool:
    """Tell whether a target is a symbol node id."""
    return "::" in target


def unique(found: list[str]) -> str | None:
    """Return the one candidate, ``AMBIGUOUS`` for several, ``None`` for none."""
    if len(found) == 1:
        return found[0]
    return AMBIGUOUS if found else None


class Files(Protocol):
    """Path to a file's tables, ``None`` for a file the graph does not hold."""

    def get(self, path: str) -> FileIndex | None:
        """Return one file's tables."""


class Lookup(Protocol):
    """The resolver as a language module sees it: the tables it reads (each read recorded in
    ``deps``) and the language-neutral lookups."""

    files: Files
    deps: set[str]
    packages: set[str]
    names: Callable[[], LinkNames]

    def touch(self, key: str) -> tuple[str, ...]:
        """Read the module table and remember the key."""

    def file(self, path: str) -> FileIndex | None:
        """Read one file's tables and remember it."""

    def memoized(self, key: tuple[Any, ...], compute: Callable[..., _T], *args: Any) -> _T:
        """Answer a lookup that does not depend on the file asking, from the memo when valid."""

    def resolve(self, index: FileIndex, scope: str | None, name: str, call: bool = False,
                invoked: bool = False) -> str:
        """Resolve a dotted name written in a scope of a file."""

    def result(self, target: str) -> str:
        """Type what calling a target returns."""

    def local(self, index: FileIndex, scope: str | None, name: str) -> str | None:
        """Resolve a name bound locally (or a field, where members are implicit) to its type."""

    def member(self, target: str, name: str) -> str:
        """Resolve ``target.name``."""

    def module(self, index: FileIndex, written: str) -> str:
        """Resolve a module as an import writes it."""

    def kind(self, target: str) -> str | None:
        """Return the symbol kind of a target."""

    def enclosing_class(self, index: FileIndex, scope: str | None) -> str | None:
        """Return the class symbol enclosing a scope."""

    def in_directory(self, index: FileIndex, name: str) -> str | None:
        """Resolve a top-level name defined by another file of the same directory."""

    def methods_named(self, family: str, qualname: str) -> list[str]:
        """Return the distinct definitions of a qualified name across a family's files."""

    def derives(self, cls: str, base: str) -> bool:
        """Tell whether a class has a base among its bases' bases, however far."""


class Language:
    """A language's resolution rules: every hook answers as a language without them would."""

    implicit_members = False
    plain_names: frozenset[str] = frozenset()
    """Receiver words of other languages that are ordinary names here: a Java parameter ``Class<?>
    cls`` is no Python ``cls`` (commons-lang's ``cls.getName()`` had called ``ClassUtils.getName``)."""
    function_values = False
    """Whether a name read is kept where it reaches a function or method: Go's arguments, passed
    as values (``http.HandleFunc("/", handler)``); elsewhere a read is a site only where it runs
    a Python property."""
    """Whether a bare name inside a method may be a member of the class (Java, C++)."""
    closed_wildcards = False
    """Whether a name bound nowhere else can only come from a wildcard import: when one of those
    is outside the repository, the name is external. C/C++ includes are not closed: a macro may
    come from anywhere."""
    bare_calls_are_methods = False
    union_calls = False
    """Whether a call on a value of a union whose members' methods differ is a site of each (Python's
    ``Union[A, B]``, as jedi lists them, ``graph/link.py``); elsewhere it is ambiguous, no guess."""
    package_before_wildcards = False
    """Whether a name of the file's own package shadows one a wildcard import brings (Java: a
    class of the package before ``import a.b.*``'s); elsewhere the wildcards are read first."""
    """Whether a bare called name is a method, never a local or field of that name (Java)."""
    fields_apart = False
    """Whether a class's fields and methods are apart: a name read, not called, on a value is its
    field where a method has that name too (Rust's ``self.registry.inject()``, beside
    ``fn registry(&self)``); Java's are, as ``bare_calls_are_methods`` tells."""
    super_is_builtin = False
    """Whether ``super`` is a built-in (Python) rather than the first base class."""
    imports_submodules = False
    """Whether importing a name from a package's own file binds its submodule (Python's
    ``from . import utils`` in an ``__init__``)."""
    target_prefix = ""
    """The prefix of the package targets the language makes (``gopkg:``), empty for none."""
    nested_scopes = True
    """Whether a bare name may be a definition nested in an enclosing scope (a Python function's
    inner function, a class's method from a C++ method). Go's are not: a method or field is only
    ever named through a value, and ``Iterator`` in ``func (l *List[T]) Iterator() *Iterator[T]``
    is the type, never the method ``List.Iterator`` the file also defines."""
    lexical_constants = False
    """Whether a name no file's scope binds is looked up through the enclosing modules of the scope
    it is written in, in any file (Ruby's constants): its meaning changes with the scope."""
    rooted_names = False
    held_members = False
    """Whether an array target is a holder the standard library makes (C++'s containers, smart
    pointers and iterators): its members are the library's, any other is its element's, reached
    through ``->`` or ``*`` (``resolver.Resolver.held_member``)."""
    """Whether a name written from the top level (C++'s ``::Error``, read ``.Error``) is looked up
    there alone, as Ruby's constants (``lexical_constants``) are: never a member or a nested one."""
    casts_look_called = False
    """Whether a call of a type alias is a cast the grammar misread (C's ``(U64)(a - b)``, a call of
    the parenthesized ``U64``): no site at all, where C has no call of a type to mean anything else."""
    call_member: str | None = None
    typed_instances = False
    """Whether a name declared with a class's type holds an instance of it (C++'s ``Hash local;``,
    a field, a parameter), so calling it runs ``call_member``; elsewhere only what a call made is
    one (Python's ``c = Curry(f)``)."""
    """The method that calling an instance runs (Python's ``__call__``); ``None`` where the
    language has none, and a called value stays its class, as it always had."""
    constructor_method: str | None = None
    """The method a class's constructor is (TypeScript's ``constructor``): what ``super(...)``
    calls, its own or the one the base inherits; ``None`` where none is named so."""
    constructors_named_as_class = False
    """Whether a class's constructor is the method named as the class (Java, C++): that name, in
    the class or a subclass, is the class itself (``extends Base``, ``Base.m()``, ``new Base()``),
    never the constructor, which no name looks up."""

    traits_borrow_members = False
    """Whether a trait's code may use members the classes using it declare (PHP's ``$this->x`` in a
    trait): looked up on those classes where the trait declares none."""

    def package_member(self, r: Lookup, package: str, name: str) -> str:
        """Resolve a member of one of the language's package targets (``package``: after the prefix)."""
        return UNRESOLVED

    def receiver(self, r: Lookup, index: FileIndex, scope: str | None, parts: list[str]) -> tuple[str, int] | None:
        """Resolve a receiver the language reads its own way; ``None`` for the common reading."""
        return None

    def typed_value(self, r: Lookup, index: FileIndex, typed: str, scope: str | None) -> str | None:
        """Resolve a binding's type the language reads its own way; ``None`` for the common reading."""
        return None

    def implicit_import(self, r: Lookup, index: FileIndex, name: str) -> str | None:
        """Resolve a name an import binds without naming it; ``None`` when none does."""
        return None

    def package(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> str | None:
        """Resolve a name through the language's implicit namespace, ``None`` when it has none."""
        return None

    def presumed_external(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> bool:
        """Tell whether a name found nowhere in the repository is taken to come from outside it."""
        return False

    def qualified(self, r: Lookup, parts: list[str]) -> tuple[str, int] | None:
        """Resolve a name bound nowhere as a fully qualified path; ``None`` when the language has none."""
        return None

    def external_member(self, r: Lookup, rest: list[str], declared: str = "", head: str = "") -> str | None:
        """Resolve the rest of a name after an external receiver (``declared``: the type the
        receiver is written with, where it is one name; ``head``: the receiver itself, where it
        is one name bound to no local); ``None`` to leave it external."""
        return None

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """Resolve a module as an import writes it, without the memo."""
        return UNRESOLVED

    def open_member(self, r: Lookup, index: FileIndex, qualname: str, name: str) -> str | None:
        """Resolve a member of a symbol any file may add to (a C++ namespace); ``None`` otherwise."""
        return None

    def method_elsewhere(self, r: Lookup, index: FileIndex, qualname: str) -> str | None:
        """Find a method defined in another file than its type; ``None`` where none can be."""
        return None

    def derefs_to(self, r: Lookup, cls: str) -> str | None:
        """Return the type a class's values reach members of where neither it nor its bases have
        one of the name (Rust's ``impl Deref for X { type Target = Y; }``); ``None`` for none."""
        return None

    def copy_called(self, r: Lookup, path: str, owner: str | None, name: str) -> str | None:
        """Choose the definition a call written in ``path`` reaches where one declared method is
        defined in several files alike (C++'s out-of-line copies) and the owner's member lookup
        found it ambiguous; ``None`` elsewhere."""
        return None

    def agreed_result(self, r: Lookup, owner: str, name: str) -> str | None:
        """Type a call of a method the owner's definitions name apart (Rust's trait impls,
        ``parsing/trait_impls.py``) by what they all return; ``None`` where they differ."""
        return None

    def no_member(self, index: FileIndex, qualname: str, name: str) -> bool:
        """Tell whether a name of a type is nothing the graph holds (a Rust enum's variant)."""
        return False

    def submodule(self, r: Lookup, index: FileIndex, name: str) -> str:
        """Resolve a child module of a module file."""
        return UNRESOLVED
