"""Rust: modules by path within a crate (``crate``, ``self``, ``super``) and from the repository's
other crates by their names (a ``Cargo.toml``'s, ``nom::bytes::complete::tag``), traits the crate
implements for foreign types, and smart pointers whose pointee the declared type no longer names."""

from __future__ import annotations

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve.base import AMBIGUOUS, EXTERNAL, SENTINELS, UNRESOLVED, Language, Lookup, unique
from maguyva_tui.core.graph.tables import CLASS_KINDS, FUNCTION_KINDS, FileIndex, split_id, symbol_id
from maguyva_tui.core.parsing.facts.cargo import CRATE_NAME
from maguyva_tui.core.parsing.facts.marks import BLANKET, IMPLEMENTED, RUST_PRIMITIVES, TRAIT_SEPARATOR
from maguyva_tui.core.parsing.trait_impls import IMPL_LABEL, impl_trait, plain_qualname

RUST_DEREF = frozenset({"Box", "Rc", "Arc"})
"""Rust smart pointers: a method called on one is usually the pointee's (``Deref``), whose type
the declared type no longer names, so the call stays unresolved rather than external."""
PATH_RECEIVERS = ("self", "super")
"""Receivers that may name a module rather than the enclosing type."""


class Rust(Language):
    """Resolution rules of Rust."""

    closed_wildcards = True
    fields_apart = True
    function_values = True  # iter.map(take): take is used, passed as a value

    def receiver(self, r: Lookup, index: FileIndex, scope: str | None, parts: list[str]) -> tuple[str, int] | None:
        """Resolve ``self.x`` on the enclosing type when it has ``x``, else ``self``/``super`` as modules."""
        if parts[0] not in PATH_RECEIVERS:
            return None
        if parts[0] == "self" and len(parts) > 1:
            cls = r.enclosing_class(index, scope)
            if cls is not None and r.member(cls, parts[1]) not in SENTINELS:
                return cls, 1
            trait = index.locals.get(scope or "", {}).get("self") if cls is None else None
            if trait:  # a method of a macro's impl Trait for $T: self is the trait's (extract.py)
                found = r.resolve(index, scope, trait)
                if r.kind(found) == "trait" and r.member(found, parts[1]) not in SENTINELS:
                    return found, 1
        return rust_path(r, index, parts)

    def typed_value(self, r: Lookup, index: FileIndex, typed: str, scope: str | None) -> str | None:
        """Leave a smart pointer's value unresolved: its methods are the pointee's. A value bound
        by several traits (``Integer+NumAssign``) is the one trait of the repository among them:
        a method it declares can be no other's (two traits declaring it would not compile), and
        num-integer's ``a.extended_gcd(&b)`` on ``A: Copy + Debug + Integer + NumAssign`` had been
        tied to nothing; two of the repository's traits leave it unresolved."""
        if TRAIT_SEPARATOR in typed:
            return own_trait(r, index, typed.split(TRAIT_SEPARATOR), scope)
        return UNRESOLVED if typed.partition(".")[0] in RUST_DEREF else None

    def package(self, r: Lookup, index: FileIndex, name: str, scope: str | None) -> str | None:
        """Resolve a module of the crate, relative to the file's module first; ``crate`` is the
        crate's root (``crate::max_num_threads()`` had stayed unresolved: rayon's call went
        uncounted by "who calls max_num_threads"); else the root of the repository's crate of that
        name (``nom::character::complete::digit1(i)`` in nom's own tests)."""
        root, current = mod.rust_module(index.path)
        if name == "crate":
            return rust_module(r, root, [])
        here = current.split(".") if current else []
        return rust_module(r, root, here + [name]) or rust_module(r, root, [name]) or crate_file(r, name)

    def open_member(self, r: Lookup, index: FileIndex, qualname: str, name: str) -> str | None:
        """Resolve a member of a module declared without its body (``mod parser;``) in its own
        file (``parser.rs``, ``parser/mod.rs``): the declaration is a symbol of the declaring file
        that holds nothing, and ``parser::parse_tsp_data(&text)`` had reached no definition."""
        if index.defs.get(qualname) != "module" or f"{qualname}.{name}" in index.defs:
            return None
        root, current = mod.rust_module(index.path)
        here = current.split(".") if current else []
        found = rust_module(r, root, here + qualname.split("."))
        return r.member(found, name) if found is not None else None

    def external_member(self, r: Lookup, rest: list[str], declared: str = "", head: str = "") -> str | None:
        """Resolve a method of the crate's own trait, implemented for a foreign type: the method
        when one trait of the crate alone declares it, else unknown. On a value of a primitive
        type (``declared``, or a path's ``head``: ``u32::from``), a trait's only where the crate
        implements it for that type. A path through a foreign type or trait (``Default::default()``,
        ``String::from(s)``) is its own unless the crate's impl for that type has the method:
        tinyvec's ``let v: ArrayVec<[i32; 4]> = Default::default()`` had reached its
        ``Array::default``. On a value of no known type (what a foreign function returns), the
        trait's only where no type of the crate has a method of that name outside its impls of
        the trait: the value may be of that type (unicode-bidi's ``max(a, b).bidi_class()`` on two
        ``Level``s had reached ``BidiDataSource::bidi_class``, not ``Level``'s own)."""
        rest = [plain_qualname(name) for name in rest]  # <Vec<u8> as FromHex>::from_hex: as Vec::from_hex
        if not crate_method(r, rest):
            return None
        typed = declared or head
        if typed in RUST_PRIMITIVES:
            return primitive_member(r, typed, rest)
        if not declared and _names_type(head) and not _implemented_for(r, head, rest):
            return None
        trait = trait_method(r, rest[0]) if len(rest) == 1 else None
        if trait is not None and not _names_type(declared) and _own_type_answers(r, trait, rest[0]):
            return UNRESOLVED  # max(a, b).bidi_class(): Level's own bidi_class as well as the trait's
        return trait if trait is not None else UNRESOLVED

    def find_module(self, r: Lookup, index: FileIndex, written: str) -> str:
        """Resolve the module part of a ``use``; a path outside the crate is external."""
        parts = written.split("::")
        target, used = rust_path(r, index, parts)
        if target == UNRESOLVED:
            return UNRESOLVED if parts[0] in ("crate", "self", "super") else EXTERNAL
        for part in parts[used:]:
            target = r.member(target, part)
        return target

    def agreed_result(self, r: Lookup, owner: str, name: str) -> str | None:
        """Type a call of a method the owner's trait impls name apart by what they all return:
        ``let a = Bytes::from(&b"hello"[..]);`` is a ``Bytes`` whichever ``From`` impl runs (its
        ``a.slice(3..5)`` had been tied to nothing)."""
        path, qualname = split_id(owner)
        index = r.file(path)
        if index is None:
            return None
        apart = qualname + "." + name + IMPL_LABEL
        found = {r.result(symbol_id(path, q)) for q in index.defs if q.startswith(apart)}
        return found.pop() if len(found) == 1 and not found & SENTINELS else None

    def derefs_to(self, r: Lookup, cls: str) -> str | None:
        """Return what a type of the crate derefs to: the type its ``deref`` returns, where it
        implements a trait from outside the crate (``impl Deref for Utf8PathBuf { type Target =
        Utf8Path; fn deref(&self) -> &Utf8Path }``). A method neither it nor its traits have is
        the target's: camino's ``self.as_str()`` on a ``Utf8PathBuf`` is ``Utf8Path::as_str`` (had
        been left to the standard library)."""
        path, qualname = split_id(cls)
        index = r.file(path)
        if index is None or index.defs.get(qualname + ".deref") not in FUNCTION_KINDS:
            return None
        if not r.derives(cls, EXTERNAL):
            return None  # Deref, std's, is among its bases
        target = r.result(symbol_id(path, qualname + ".deref"))
        if target in SENTINELS or target == cls or r.kind(target) not in CLASS_KINDS - {"trait"}:
            return None
        return target

    def no_member(self, index: FileIndex, qualname: str, name: str) -> bool:
        """Tell whether a name of an enum is a variant: not a definition the graph holds, nor a trait's member."""
        return index.defs.get(qualname) == "enum" and name[:1].isupper()

    def method_elsewhere(self, r: Lookup, index: FileIndex, qualname: str) -> str | None:
        """Find a method defined by another file of the crate than its type; of one the file
        names apart by its trait impls (``Bytes.fmt (impl Debug)``, ``Bytes.fmt (impl LowerHex)``,
        ``parsing/trait_impls.py``), no guess: which runs depends on the trait or argument type."""
        if IMPL_LABEL in qualname:
            return _by_trait(r, index, qualname)
        apart = [q for q in index.defs if q.startswith(qualname + IMPL_LABEL)]
        if apart:
            return symbol_id(index.path, apart[0]) if len(apart) == 1 else AMBIGUOUS
        r.deps.add("glob:rust")
        return unique(r.methods_named("rust", qualname))

    def submodule(self, r: Lookup, index: FileIndex, name: str) -> str:
        """Resolve a child module of a module file."""
        root, current = mod.rust_module(index.path)
        return rust_module(r, root, (current.split(".") if current else []) + [name]) or UNRESOLVED


def _by_trait(r: Lookup, index: FileIndex, qualname: str) -> str:
    """Resolve a method a qualified path names by its trait (``<Foo as fmt::Debug>::fmt``, read
    ``Foo.fmt (impl Debug)``, ``names.rust_qualified_path``): the type's impl of that trait where
    its impls are named apart, else the type's method of the name as a plain call finds it (its
    own, its trait's default)."""
    plain, _, label = qualname.partition(IMPL_LABEL)
    trait = label.removesuffix(")")
    apart = [q for q in index.defs if q.startswith(plain + IMPL_LABEL) and impl_trait(q) == trait]
    if apart:
        return symbol_id(index.path, apart[0]) if len(apart) == 1 else AMBIGUOUS
    owner, _, name = plain.rpartition(".")
    return r.member(symbol_id(index.path, owner), name)


def primitive_member(r: Lookup, typed: str, rest: list[str]) -> str | None:
    """Resolve a method called on a value of a primitive type: the method of the one trait the
    crate implements for the type, or for every type (a blanket impl), that declares it; the
    standard library's (``None``: external) where none does. ``let y: f64; y.sqrt()`` had been
    tied to num-integer's ``Roots::sqrt``, which the crate implements for integers alone."""
    if len(rest) != 1:
        return UNRESOLVED
    impls = r.memoized(("rust-primitive-impls",), _primitive_impls, r)
    traits = impls.get(typed, frozenset()) | impls.get(BLANKET, frozenset())
    found = {r.member(trait, rest[0]) for trait in traits} - SENTINELS
    if not found:
        return None
    return found.pop() if len(found) == 1 else UNRESOLVED


def _names_type(head: str) -> bool:
    """Tell whether a path's head is written as a type or trait is (``Default``, ``BigInt``): upper
    camel case, not a generic's one letter (``T::default()``) nor a constant (``MAX``)."""
    return head[:1].isupper() and any(c.islower() for c in head)


def _implemented_for(r: Lookup, typed: str, rest: list[str]) -> bool:
    """Tell whether an impl of the crate for a type of this name defines the method (its methods
    are named under the type: ``impl Radix for BigInt`` gives ``BigInt.from_radix``)."""
    r.deps.add("glob:rust")
    return len(rest) == 1 and f"{typed}.{rest[0]}" in r.names().qualnames.get("rust", {})


def _primitive_impls(r: Lookup) -> dict[str, frozenset[str]]:
    """Map each primitive type (and ``BLANKET``) to the traits of the repository the crate
    implements for it, as the files' records say (``parsing/facts/primitive_impls.py``)."""
    tables = r.names()
    found: dict[str, frozenset[str]] | None = tables.derived.get("rust-primitive-impls")
    if found is not None:
        return found
    paths = {split_id(node)[0] for nodes in tables.qualnames.get("rust", {}).values() for node in nodes}
    out: dict[str, set[str]] = {}
    for path in sorted(paths):
        index = r.files.get(path)
        if index is None:
            continue
        for typed, bound in index.locals.items():
            if typed not in RUST_PRIMITIVES and typed != BLANKET:
                continue
            for name, trait in bound.items():
                target = r.resolve(index, None, trait) if name.startswith(IMPLEMENTED) else None
                if target is not None and r.kind(target) == "trait":
                    out.setdefault(typed, set()).add(target)
    found = tables.derived["rust-primitive-impls"] = {typed: frozenset(t) for typed, t in out.items()}
    return found


def own_trait(r: Lookup, index: FileIndex, traits: list[str], scope: str | None) -> str:
    """Return the one trait of the repository among several, unresolved for none or two."""
    found = {r.resolve(index, scope, trait) for trait in traits}
    own = [t for t in found if r.kind(t) == "trait"]
    return own[0] if len(own) == 1 else UNRESOLVED


def rust_path(r: Lookup, index: FileIndex, parts: list[str]) -> tuple[str, int]:
    """Resolve the module prefix of a path (``crate``, ``self``, ``super``, a module name, the
    name of one of the repository's crates)."""
    root, current = mod.rust_module(index.path)
    here = current.split(".") if current else []
    if parts[0] == "crate":
        base, used = [], 1
    elif parts[0] in PATH_RECEIVERS:
        base, used = here, 0
        while used < len(parts) and parts[used] in PATH_RECEIVERS:
            base = base[:-1] if parts[used] == "super" else base
            used += 1
    else:
        candidates = [c for c in (here + [parts[0]], [parts[0]]) if rust_module(r, root, c)]
        crate = crate_root(r, parts[0]) if not candidates else None
        if crate is not None:
            root, candidates = crate[0], [list(crate[1])]
        if not candidates:
            return UNRESOLVED, 1
        base, used = candidates[0], 1
    target = rust_module(r, root, base)
    if target is None:
        return UNRESOLVED, used
    while used < len(parts):
        deeper = rust_module(r, root, base + [parts[used]])
        if deeper is None:
            break
        base, target, used = base + [parts[used]], deeper, used + 1
    return target, used


def rust_module(r: Lookup, root: str, parts: list[str]) -> str | None:
    """Return the file of a module of one crate."""
    paths = r.touch(f"rs:{root}|{'.'.join(parts)}")
    return paths[0] if len(paths) == 1 else None


def crate_file(r: Lookup, name: str) -> str | None:
    """Return the root file of the repository's library crate of this name."""
    crate = crate_root(r, name)
    return rust_module(r, crate[0], list(crate[1])) if crate is not None else None


def crate_root(r: Lookup, name: str) -> tuple[str, tuple[str, ...]] | None:
    """Return the source root and module path of the repository's library crate that code names
    so (its ``Cargo.toml``'s name): its tests, examples and benches, and its workspace's other
    crates, use it by that name, and ``use nom::bytes::complete::tag;`` had been outside the
    repository (of nom's callers rg finds that "who calls" missed, three in four)."""
    crates = r.memoized(("rust-crates",), _crates, r)
    return crates.get(name)


def _crates(r: Lookup) -> dict[str, tuple[str, tuple[str, ...]]]:
    """Map each crate name the repository's ``Cargo.toml`` files declare to its root (a name
    declared twice to the shallowest manifest's). Every manifest is read, recorded: a path's
    first segment is a crate's name or not according to them all."""
    crates: dict[str, tuple[str, tuple[str, ...]]] = {}
    for path in sorted(r.touch(mod.CARGO_CRATES), key=lambda p: (p.count("/"), p)):
        manifest = r.file(path)
        for row in manifest.imports.get(CRATE_NAME, ()) if manifest is not None else ():
            if row.name and row.module not in crates:
                root, module = mod.rust_module(row.name)
                crates[row.module] = (root, tuple(module.split(".")) if module else ())
    return crates


def crate_method(r: Lookup, names: list[str]) -> bool:
    """Tell whether the crate defines a method of one of these names that a value of a foreign
    type may have: one declared by a trait, or one of an ``impl`` for a type defined elsewhere
    (``impl SchemaDict for Bound<PyDict>`` gives ``Bound`` its ``get_as``)."""
    r.deps.add("glob:rust")
    tables = r.names()
    open_methods: set[str] | None = tables.derived.get("rust-open-methods")
    if open_methods is None:
        open_methods = tables.derived["rust-open-methods"] = set()
        for qualname, nodes in tables.qualnames.get("rust", {}).items():
            owner, _, method = qualname.rpartition(".")
            if owner and "." not in owner and any(_foreign_owner(r, node, owner) for node in nodes):
                open_methods.add(method)
    return any(name in open_methods for name in names)


def trait_method(r: Lookup, name: str) -> str | None:
    """Return the method of this name that one trait of the crate declares, when exactly one
    does (``SchemaDict::get_as``, called on pyo3's ``Bound<PyDict>`` the crate extends)."""
    r.deps.add("glob:rust")
    tables = r.names()
    trait_methods: dict[str, list[str]] | None = tables.derived.get("rust-trait-methods")
    if trait_methods is None:
        trait_methods = tables.derived["rust-trait-methods"] = {}
        for qualname, nodes in tables.qualnames.get("rust", {}).items():
            owner, _, method = qualname.rpartition(".")
            for node in nodes if owner and "." not in owner else ():
                index = r.files.get(split_id(node)[0])
                if index is not None and index.defs.get(owner) == "trait":
                    trait_methods.setdefault(method, []).append(node)
    found = trait_methods.get(name, ())
    return found[0] if len(found) == 1 else None


def _own_type_answers(r: Lookup, trait_method_node: str, name: str) -> bool:
    """Tell whether a type the crate defines has a method of this name that is not its impl of
    the method's trait (an inherent one, or another trait's): a value of unknown type may be one."""
    r.deps.add("glob:rust")
    trait = trait_method_node.rpartition(".")[0]
    for qualname, nodes in r.names().qualnames.get("rust", {}).items():
        owner, _, method = qualname.rpartition(".")
        if method != name or not owner or "." in owner:
            continue
        for node in nodes:
            path = split_id(node)[0]
            index = r.files.get(path)
            if index is None or index.defs.get(owner) not in CLASS_KINDS - {"trait"}:
                continue
            if not r.derives(symbol_id(path, owner), trait):
                return True
    return False


def _foreign_owner(r: Lookup, node: str, owner: str) -> bool:
    """Tell whether a method's owner is a trait, or a type its file does not define."""
    index = r.files.get(split_id(node)[0])
    if index is None or index.defs.get(split_id(node)[1]) not in FUNCTION_KINDS:
        return False
    return index.defs.get(owner) not in CLASS_KINDS - {"trait"}
