"""The language-neutral resolver: scopes, locals, imports, wildcards, members and bases, with
every language's own rules asked through its ``Language`` (``languages.rules``)."""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Collection, Mapping
from typing import TYPE_CHECKING

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.builtins import BUILTINS
from maguyva_tui.core.graph.resolve import go_generics
from maguyva_tui.core.graph.resolve.base import (
    AMBIGUOUS,
    EXTERNAL,
    FUNCTION_VALUE,
    SENTINELS,
    UNRESOLVED,
    Files,
    is_symbol,
    unique,
)
from maguyva_tui.core.graph.resolve.jdk import (
    JAVA_PRIMITIVES,
    JDK_COMPARING,
    JDK_ELEMENT_CALLBACKS,
    JDK_ELEMENT_METHODS,
    JDK_KEY_METHODS,
    JDK_KEY_SETS,
    JDK_KEYED_CALLBACKS,
    JDK_SAME_ELEMENTS,
)
from maguyva_tui.core.graph.resolve.languages import package_rules, rules
from maguyva_tui.core.graph.resolve.memo import MAX_DEPTH, Memo
from maguyva_tui.core.graph.tables import (
    CLASS_KINDS,
    FUNCTION_KINDS,
    DirectoryNames,
    FileIndex,
    IndexCache,
    split_id,
    symbol_id,
)
from maguyva_tui.core.parsing.facts.marks import (
    ALTERNATIVES,
    ANONYMOUS_BASE,
    ARRAY_TYPE,
    DOCUMENTED_RETURN,
    ELEMENT,
    FIELD_PARAMETER,
    FROM,
    FUNCTION_TYPED,
    GIVEN,
    GROUPED_ARRAY,
    ITERATED,
    MAPPING_KEY,
    MODULE_VALUE,
    NOT_A_NAME,
    NTH_RESULT,
    OWN_MEMBERS,
    PARAMETER,
    PASSED,
    RECEIVERS,
    RESULTS,
    RETURN,
    RETURNED_PARAMETER,
    SAM,
    TYPE_ARGUMENTS,
    UNION_TYPE,
    UNNAMED_ARGUMENT,
    fitting_result,
    is_operator,
    symbol_scope,
)
from maguyva_tui.core.parsing.facts.marks import JAVA_TYPE_PARAMETERS as TYPE_PARAMETERS
from maguyva_tui.core.types import Import

if TYPE_CHECKING:
    from maguyva_tui.core.graph.symbols import LinkNames

INFERRED_TYPES = frozenset({"auto", "var", "let", "const", "_"})
"""Declared types that say the compiler infers it: as unknown as no type."""
ALIASED_KINDS = CLASS_KINDS | FUNCTION_KINDS | {"module"}
"""What a binding's type may name without being called: a type, or what an alias stands for (a
variable, a type alias is neither: calling a local declared as one calls no symbol)."""
VALUE_KINDS = frozenset({"variable", "constant"})
ITSELF_KINDS = CLASS_KINDS | {"function"}
"""What a name can be itself, not an object it made, whose members the instances' are not."""
"""Symbol kinds that hold a value: a member lookup goes through their declared type."""
OBJECT_SCOPES = frozenset({"javascript", "typescript", "tsx"})
"""Languages whose functions hold objects of functions (``const api = { setState }``), their
members looked up where the object is written (``Resolver.object_member``)."""
CONSTRUCTOR_CALLS = frozenset({"super", "this"})
"""Names called as a constructor: Java's ``super(...)`` and ``this(...)``, TypeScript's ``super(...)``."""
RECEIVER_RESULTS = frozenset({"self", "this", "Self", "cls()"})
"""Return types that say a method returns its receiver, or an instance of the class it was called
on: PHP's ``: static`` and ``: self`` (both read ``self``) and ``return $this``, TypeScript's
``: this``, Python's ``-> Self``, ``return self`` and ``return cls()``."""
TYPE_PARAMETER = re.compile(r"[A-Z][0-9]?")
"""A name shaped like a generic's type parameter (``T``, ``K2``): never taken from a wildcard."""

GENERIC_BASES = frozenset({"java", "typescript", "tsx"})
"""Languages whose classes record what they give a generic base (``java_generics.py``, ``ts_generics.py``)."""


ARRAY = "array:"
"""Before a target, an array of its values (``Node[]``): its element is the target, its own members (``length``,
``forEach``) are unknown. No symbol id starts so (an id starts with a path, escaped where it holds ``:``)."""


CLASS_NAME = re.compile(r"_*[A-Z][A-Za-z0-9_]*")
"""A class named bare as Python writes one (capitalized; ``_Marker`` too): what a local bound to
several of them is any of (``Resolver.alternatives``)."""
UNION = "union:"
"""Before targets joined by ``UNION_SEPARATOR``, a value of any of them (TypeScript's ``If | Else``): its
member is the one method its members that have one agree on, ambiguous where they differ (``_member``).
No symbol id starts so."""

UNION_SEPARATOR = "\n"

MAX_SUBCLASSES = 64
"""Subclasses a Python class's ``self.m()`` looks ``m`` up in where the class's own bases have no
``m`` (``Resolver.in_subclasses``): a class with more is a base of everything (sympy's ``Basic``),
whose undefined call is left unresolved rather than tied to each of hundreds of methods."""


ELEMENT_METHODS = frozenset({"get", "pop", "popleft", "setdefault"})
"""Methods of Python's containers that give one of their elements (a mapping's: one of its values)."""


JS_ELEMENT_METHODS = frozenset({"find", "findLast", "at", "pop", "shift"})
"""Methods of a JavaScript array that give one of its elements (``observers.find((x) => ...)``)."""

JS_MAPPING_METHODS = frozenset({"get"})
"""Methods of a TypeScript ``Map`` (a mapping, ``KEYS``) that give one of its values (``m.get(k)``)."""

JS_SAME_ARRAY_METHODS = frozenset({"filter", "slice", "splice", "concat", "reverse", "sort", "toSorted",
                                   "toReversed", "toSpliced"})
"""Methods of a JavaScript array that give an array of its elements (``findAll().filter(...)``)."""


CPP_ELEMENT_METHODS = frozenset({"back", "front", "at", "top", "get"})
"""Methods of a C++ container or smart pointer that give one of its elements (``edges_.back()``,
``nodes.at(k)``, ``job_.get()``)."""

CPP_ITERATOR_METHODS = frozenset({"begin", "end", "rbegin", "rend", "cbegin", "cend", "crbegin", "crend", "find",
                                  "lower_bound", "upper_bound"})
"""Methods of a C++ container that give an iterator, read as the container it walks (``i->second``)."""

CPP_ITERATORS = frozenset({"iterator", "const_iterator", "reverse_iterator", "const_reverse_iterator"})
"""A C++ container's iterator types, read as the container they walk (``Edges::iterator i``)."""

CPP_LIBRARY_MEMBERS = CPP_ELEMENT_METHODS | CPP_ITERATOR_METHODS | frozenset({
    "size", "empty", "clear", "push_back", "emplace_back", "pop_back", "push_front", "emplace_front", "pop_front",
    "insert", "emplace", "emplace_hint", "erase", "resize", "reserve", "capacity", "shrink_to_fit", "swap", "data",
    "count", "contains", "assign", "max_size", "splice", "sort", "unique", "merge", "remove", "remove_if",
    "reverse", "push", "pop", "key_comp", "value_comp", "equal_range", "extract", "try_emplace",
    "insert_or_assign", "reset", "release", "use_count", "owner_before", "lock", "expired", "get_deleter",
    "bucket_count", "load_factor", "rehash", "hash_function", "get_allocator", "before_begin", "insert_after",
    "erase_after", "emplace_after"})
"""The members of C++'s containers, smart pointers and iterators (``held_member``): the library's,
never the element's of the same name (``edges_.size()`` beside ``Edge::size``)."""


RUST_ELEMENT_METHODS = frozenset({"unwrap", "expect", "unwrap_or", "unwrap_or_else", "unwrap_or_default",
                                  "unwrap_unchecked"})
"""Methods of a Rust ``Option`` (read as an array of at most one, ``names.RUST_CONTAINERS``) that
give its value (``iter.next().unwrap()``)."""

RUST_SAME_ELEMENTS = frozenset({
    "iter", "iter_mut", "into_iter", "drain", "next", "next_back", "nth", "nth_back", "last", "first", "first_mut",
    "last_mut", "get", "get_mut", "get_unchecked", "get_unchecked_mut", "pop", "pop_front", "pop_back", "front",
    "back", "front_mut", "back_mut", "peek", "peek_mut", "find", "filter", "rev", "skip", "take", "step_by",
    "skip_while", "take_while", "peekable", "fuse", "cloned", "copied", "by_ref", "as_ref", "as_mut", "as_deref",
    "as_deref_mut", "as_slice", "as_mut_slice", "or", "or_else", "xor", "max_by_key", "min_by_key", "max_by",
    "min_by", "max", "min", "chunks", "windows", "to_vec", "clone", "inspect", "cycle"})
"""Methods of a Rust container, iterator or ``Option`` that give its elements held another way (an
iterator over them, an ``Option`` of one, a slice): ``v.iter().next()`` holds a ``v`` element."""

RUST_CALLBACKS: dict[str, tuple[int, int]] = {
    **dict.fromkeys(("map", "for_each", "filter", "filter_map", "flat_map", "and_then", "find", "find_map", "any",
                     "all", "position", "rposition", "inspect", "take_while", "skip_while", "map_while", "is_some_and",
                     "max_by_key", "min_by_key", "partition", "retain", "retain_mut", "sort_by_key",
                     "sort_by_cached_key", "sort_unstable_by_key", "map_or_default"), (0, 0)),
    **dict.fromkeys(("map_or", "map_or_else", "fold"), (1, 0)),
    **dict.fromkeys(("max_by", "min_by", "sort_by", "sort_unstable_by", "dedup_by"), (0, 0)),
}
"""A Rust container's, iterator's or ``Option``'s methods that pass an element to a closure, and
where: the argument the closure is and its parameter that is an element (``v.iter().map(|p| ...)``;
``o.map_or(0, |c| ...)``; ``fold(init, |acc, x| ...)``'s ``x`` is its second parameter)."""
RUST_SECOND = frozenset({"fold"})
"""Of ``RUST_CALLBACKS``, the methods whose closure's element is its second parameter."""


def _gives_element(target: str, owner: str | None, name: str, language: str) -> bool:
    """Tell whether calling a member gives an element of the array it was looked up on: a Python
    container's own ``get``, ``pop`` or ``setdefault`` (only Python's array members are external),
    a JavaScript array's ``find``, ``at``, ``pop`` (no array member of the index), a C++
    container's ``back``, ``at`` or a smart pointer's ``get``."""
    if owner is None or not owner.startswith(ARRAY):
        return False
    if language in mod.JS_FAMILY:
        return target == UNRESOLVED and (name in JS_ELEMENT_METHODS or KEYS in owner and name in JS_MAPPING_METHODS)
    if rules(language).held_members:
        return target == EXTERNAL and name in CPP_ELEMENT_METHODS
    if language == "rust":
        return target == EXTERNAL and name in RUST_ELEMENT_METHODS
    return target == EXTERNAL and name in ELEMENT_METHODS


def _keeps_array(target: str, owner: str | None, name: str, language: str) -> bool:
    """Tell whether calling a member of a JavaScript array gives an array of its elements, a C++
    container's an iterator over them (read as the container)."""
    if owner is None or not owner.startswith(ARRAY):
        return False
    if rules(language).held_members:
        return target == EXTERNAL and name in CPP_ITERATOR_METHODS
    if language == "rust":
        return target == EXTERNAL and name in RUST_SAME_ELEMENTS
    return language in mod.JS_FAMILY and target == UNRESOLVED and name in JS_SAME_ARRAY_METHODS


def jdk_result(owner: str, name: str) -> str | None:
    """Return what calling a method of a JDK container gives, where the container's elements are known
    (``owner``: ``Route[]`` of ``List<Route>``, ``String<key>Entry[]`` of ``Map<String, Entry>``): an
    element (``routes.get(i)``), a key, the same elements held another way (``routes.stream()``), a
    mapping's keys or values; ``None`` for any other method (the JDK's, its result unknown). The
    methods are ``resolve/jdk.py``'s tables."""
    values, keyed, keys = owner.partition(KEYS)
    if name in JDK_ELEMENT_METHODS:
        return element(owner)
    if name in JDK_SAME_ELEMENTS:
        return owner
    if keyed and name in JDK_KEY_METHODS:
        return keys
    if keyed and name in JDK_KEY_SETS:
        return array_of(keys)
    if keyed and name == "values":
        return values
    return None


def jdk_passed(owner: str, name: str, argument: int, parameter: int) -> str:
    """Return what a JDK container's method passes a lambda given as its ``argument`` as the lambda's
    ``parameter`` (``routes.forEach(r -> ...)``: a Route of ``List<Route>``; ``map.forEach((k, v) ->
    ...)``: ``v`` a value), unresolved where the tables (``resolve/jdk.py``) do not say."""
    values, keyed, keys = owner.partition(KEYS)
    if keyed and (argument, parameter) in JDK_KEYED_CALLBACKS.get(name, {}):
        return keys if JDK_KEYED_CALLBACKS[name][argument, parameter] else element(owner)
    item = owner if keyed else element(owner)  # an entry of a mapping: read as the mapping
    if name in JDK_ELEMENT_CALLBACKS and argument == parameter == 0 and not (keyed and name == "forEach"):
        return item
    if name in JDK_COMPARING and argument == 0 and parameter in (0, 1):
        return item
    return UNRESOLVED


def array_of(target: str) -> str:
    """Return the target of an array of ``target``'s values."""
    return UNRESOLVED if target in SENTINELS and target != EXTERNAL else ARRAY + target


_EACH = frozenset({(f"{PARAMETER}0", "0")})
ARRAY_CALLBACKS: dict[str, frozenset[tuple[str, str]]] = {
    **dict.fromkeys(("forEach", "map", "filter", "find", "findLast", "findIndex", "findLastIndex", "some",
                     "every", "flatMap"), _EACH),
    **dict.fromkeys(("reduce", "reduceRight"), frozenset({(f"{PARAMETER}0", "1")})),
    "sort": frozenset({(f"{PARAMETER}0", "0"), (f"{PARAMETER}0", "1")}),
}
"""A JavaScript array's methods that pass its elements to their callback, and where: the callback
(its argument, ``<param>0``) and its parameter (``0``: ``xs.map((x) => ...)``; ``1``:
``xs.reduce((acc, x) => ...)``) that is an element."""


KEYS = "\x1f"
"""After an array's element target, before its keys' target: a mapping (``Dict[Name, Node]``), whose
element is a value (``d[k]``) and whose loop walks its keys (``walked``). No symbol id holds it."""


def element(target: str) -> str:
    """Return what an element of an array is (``nodes[0]`` of ``nodes: Node[]``), unresolved where
    the target is no array the resolver knows."""
    return target[len(ARRAY):].partition(KEYS)[0] if target.startswith(ARRAY) else UNRESOLVED


def walked(target: str) -> str:
    """Return what a Python loop over an array walks: its elements, a mapping's keys."""
    values, keyed, keys = target.partition(KEYS)
    return keys if keyed else element(values)


def _grouped(typed: str) -> tuple[str, str, str]:
    """Split a type at the parenthesis that opens its last group, as ``str.rpartition("(")`` does
    where no group holds a call (``int<key>(A|B)[]``), and at the right one where one does: python's
    ``(SelectorPattern()|SpecialPseudoPattern())[]``, a tuple of either's instances."""
    if not typed.endswith(GROUPED_ARRAY):
        return typed.rpartition("(")
    depth = 0
    for at in range(len(typed) - len(GROUPED_ARRAY), -1, -1):
        depth += {")": 1, "(": -1}.get(typed[at], 0)
        if depth == 0:
            return typed[:at], "(", typed[at + 1:]
    return typed.rpartition("(")


MAX_PROPERTY_BASES = 8
"""The most classes ``Resolver.set_over_property`` reads a property's attribute in (its class, its bases)."""


class Resolver(Memo):
    """Resolve names against a snapshot of every file's tables."""

    def __init__(
        self,
        files: Files,
        table: mod.ModuleTable,
        bases: Mapping[str, list[str]],
        names: Callable[[], LinkNames],
        packages: set[str],
    ) -> None:
        self.files = files
        self.table = table
        self.bases = bases
        self.names = names
        """The cross-file name tables (built on first use: only C, C++, Go and Rust read them)."""
        self.packages = packages
        """Directories that hold an ``__init__.py``."""
        self.directories = files.directories if isinstance(files, IndexCache) else DirectoryNames()
        """Each directory's top-level names (``in_directory``): the graph's, kept with its files'
        tables from one resolver and one update to the next."""
        self.property_names: Collection[str] | None = None
        """The name of every property of the repository (``None``: not known, every attribute read
        is looked up): a read of another name reaches no property, and is not looked up."""
        self.subclass_map: dict[str, list[str]] | None = None
        """Class node to the classes naming it a base (``in_subclasses``), made on first use."""
        super().__init__()

    # -- tables, each read recorded ------------------------------------------------------------
    def touch(self, key: str) -> tuple[str, ...]:
        """Read the module table and remember the key."""
        self.deps.add(key)
        return self.table.get(key, ())

    def file(self, path: str) -> FileIndex | None:
        """Read one file's tables and remember it."""
        self.deps.add("file:" + path)
        return self.files.get(path)

    def methods_named(self, family: str, qualname: str) -> list[str]:
        """Return the distinct definitions of a qualified name across a family's files."""
        return list(dict.fromkeys(self.names().qualnames.get(family, {}).get(qualname, ())))

    # -- entry points ------------------------------------------------------------------------------
    def resolve(self, index: FileIndex, scope: str | None, name: str, call: bool = False,
                invoked: bool = False) -> str:
        """Resolve a dotted name written in a scope of a file (``call``: the name is a bare Java
        call, a method; ``invoked``: the name is called, and calling an instance runs its
        ``call_member``, not its class's constructor)."""
        return self.resolve_owned(index, scope, name, call, invoked)[0]

    def resolve_owned(self, index: FileIndex, scope: str | None, name: str, call: bool = False,
                      invoked: bool = False) -> tuple[str, str | None]:
        """Resolve a dotted name as ``resolve`` does; tell too what its last segment was looked up
        on (``Reader`` of ``Reader.fromString``), ``None`` for a name of one segment."""
        if not self.depth:
            self.steps = 0
        written = name.split(".")
        if not written[0] and len(written) > 1 and (rules(index.language).lexical_constants
                                                    or rules(index.language).rooted_names):
            written, scope = written[1:], None  # Ruby ::Base, C++ ::Error: looked up from the top level alone
        parts = [p.removesuffix("()").removesuffix(ELEMENT) for p in written]
        if index.language in ("php", "python"):  # ``$d->getOptions()[i]``, a foreach's element of a call's result
            parts = [p.removesuffix("()") for p in parts]  # python ``getPhases()[i]``: a value of what it returns
        if parts[0] == "?" or not parts[0] or written[-1].endswith("()"):
            return UNRESOLVED, None  # an unknown receiver, or calling what a call returned
        target, used = self.head(index, scope, parts, call)
        if written[used - 1].endswith("()") and index.language == "java" and target.startswith(ARRAY):
            target = EXTERNAL  # java stream().collect(...) beside a field Stream<O> stream: the JDK's, as a Stream's
        elif written[used - 1].endswith("()") and (value := self.called_value(index, scope, parts[0], target)):
            target = value  # ``f(x).Cmp(y)`` of ``f bitFun``
        elif written[used - 1].endswith("()") and index.language in GENERIC_BASES and (
                chosen := self.base_argument(index, scope, ".".join(parts[:used]), target, None)) is not None:
            target = chosen  # getTestDescriptor().getTestClass() in a class extending Base<ClassDescriptor>
        elif written[used - 1].endswith("()"):
            callee = target
            target = self.given(index, scope, ".".join(parts[:used]), target, self.result(target))
            if target == UNRESOLVED and index.language == "java" and used < len(parts):
                target = self.overload_result(callee, parts[used], index, scope,  # routing().get(...): routing()'s Routing
                                              ".".join(written[:used - 1] + [parts[used - 1]]))
        elif written[used - 1].endswith("()" + ELEMENT) and index.language == "python":
            target = self.indexed(index, self.result(target))  # ``getPhases()[i]``: a value of what it returns
        elif written[used - 1].endswith(ELEMENT):
            target = self.go_element(target) if index.language == "go" else self.indexed(index, target)
        owner: str | None = None
        apart = rules(index.language).bare_calls_are_methods or rules(index.language).fields_apart
        itself = used == 1 < len(parts) and self.names_itself(index, scope, written[0], target)
        for i in range(used, len(parts)):
            if parts[i] == ITERATED and written[i].endswith(ELEMENT) and index.language == "python":
                target = self.held_value(target)  # ``for h in HANDLERS`` of a module's ``HANDLERS = [...]``
                target = walked(target) if target.startswith(ARRAY) else self.iterated(target)  # ``for k in d``
                continue
            if parts[i] == ITERATED and written[i].endswith(ELEMENT) and index.language in OBJECT_SCOPES:
                # js/ts ``for (const x of xs)``: an array's element; a ``Map``'s entries, nothing known
                target = self.held_value(target)
                target = element(target) if target.startswith(ARRAY) and KEYS not in target else UNRESOLVED
                continue
            if parts[i] == ITERATED and written[i].endswith(ELEMENT) and rules(index.language).held_members:
                # c++ ``for (auto& e : edges_)``: an element; a map's pairs, read as the map (``e.second``)
                target = (target if KEYS in target else element(target)) if target.startswith(ARRAY) else UNRESOLVED
                continue
            if target in SENTINELS:
                rescued = (rules(index.language).external_member(self, parts[i:], self.declared(index, scope, written[:i]),
                                                                 self.path_head(index, scope, written[:i]))
                           if target == EXTERNAL else None)
                return (rescued if rescued is not None else target), owner
            if index.language in ("c", "cpp") and self.kind(target) == "type":
                # ``TT::make()`` of ``typedef geo::Tool TT;`` (``using TT = geo::Tool;``): the type it names
                followed = self.type_alias(target)
                target = followed if followed not in SENTINELS else target
            owner = target
            read = apart and i < len(parts) - 1 and not written[i].endswith("()")
            target = self.field(target, parts[i]) if read else self.member(target, parts[i])
            if target == UNRESOLVED and i == used == 1 and written[0] == "self" and index.language == "python":
                target, owner = self.in_subclasses(owner, parts[i])  # a mixin's self.m() of a sibling's m
            if target == UNRESOLVED and owner.startswith(ARRAY) and index.language in ("python", "java"):
                target = EXTERNAL  # ``xs.append`` of ``xs: list[Node]``: Python's own list's (dict's) method, Java's
            elif target == UNRESOLVED and owner.startswith(ARRAY) and rules(index.language).held_members:
                target = self.held_member(owner, parts[i], written[i].endswith("()"))
            elif target == UNRESOLVED and owner.startswith(ARRAY) and index.language == "rust":
                # ``v.len()`` of ``v: Vec<Shape>``: the standard library's, or the crate's trait's for it
                rescued = rules(index.language).external_member(self, parts[i:], "Vec")
                target = EXTERNAL if rescued is None or rescued == UNRESOLVED else rescued
            if itself and i == used and self.instance_member(target):
                target = UNRESOLVED  # `jQuery.each(...)`: a static the index does not define
            if written[i].endswith("()") and index.language == "java" and owner.startswith(ARRAY):
                target = jdk_result(owner, parts[i]) or target  # ``routes.get(i)`` of ``List<Route>``: a Route
            elif written[i].endswith("()") and _gives_element(target, owner, parts[i], index.language):
                target = element(owner)  # ``cache.pop(k, None)`` of ``cache: Dict[str, Node]``: a Node
            elif written[i].endswith("()") and _keeps_array(target, owner, parts[i], index.language):
                target = owner  # ``nodes.filter(...)`` of ``nodes: Node[]``: Nodes still
            elif written[i].endswith("()") and target == AMBIGUOUS:
                target = self.agreed_result(index, owner, parts[i])  # BytesMut::from(s).split()
            elif written[i].endswith("()") and index.language in GENERIC_BASES and (
                    chosen := self.base_argument(index, scope, ".".join(written[:i] + [parts[i]]), target, owner)) is not None:
                target = chosen  # context.getTestDescriptor() of a ClassExtensionContext
            elif written[i].endswith("()"):
                callee = target
                target = self.given(index, scope, ".".join(written[:i] + [parts[i]]), target,
                                    self.called_result(target, owner))
                if target == UNRESOLVED and index.language == "java" and i + 1 < len(parts):
                    target = self.overload_result(callee, parts[i + 1], index, scope,  # jex.config().port(): JexConfig's
                                                  ".".join(written[:i] + [parts[i]]))
            elif written[i].endswith("()" + ELEMENT) and index.language == "php":  # php ``foreach ($d->getOptions() as $o)``: an element of its result
                target = self.indexed(index, self.called_result(target, owner))
            elif written[i].endswith(ELEMENT):
                target = self.go_element(target) if index.language == "go" else self.indexed(index, target)
            elif i < len(parts) - 1 and self.is_property(target):
                got = self.result(target)  # a property read on the way is its getter's result
                target = self.set_over_property(owner, parts[i]) if got == UNRESOLVED and index.language == "python" else got
        if index.language == "python" and self.kind(target) in VALUE_KINDS:
            target = self.module_alias(target)
        if index.language in OBJECT_SCOPES and len(parts) == 1 and self.kind(target) in VALUE_KINDS:
            target = self.memoized(("member alias", target), self.member_alias, target)
        if invoked and target == UNRESOLVED and owner is not None and index.language in OBJECT_SCOPES \
                and len(parts) > used and not written[-1].endswith(ELEMENT):
            target = self.made_member(owner, parts[-1]) or target
        if invoked and self.kind(target) in CLASS_KINDS:
            if len(parts) == 1 and parts[0] in CONSTRUCTOR_CALLS:
                return self.constructor(index, target), owner
            if self.names_instance(index, scope, parts, owner):
                return self.call_instance(index, target), owner
        return target, owner

    def member_alias(self, target: str) -> str:
        """Resolve a JavaScript or TypeScript module-level name bound to a member of a module it
        imports (mnemonist's ``var comparators = require('./utils/comparators.js'), reverseComparator
        = comparators.reverseComparator``; ``import * as ns`` then ``const f = ns.f``) to that
        function or class, as the language service does: its calls had reached the variable, a
        definition of nothing. Any other variable stays itself."""
        path, qualname = split_id(target)
        index = self.file(path)
        typed = index.globals.get(qualname) if index is not None and "." not in qualname else None
        head, dot, member = (typed or "").partition(".")
        if index is None or not dot or not head.isidentifier() or not member.isidentifier() \
                or not index.imports.get(head) or head in index.defs:
            return target
        followed = self.resolve(index, None, f"{head}.{member}")
        return followed if self.kind(followed) in CLASS_KINDS | FUNCTION_KINDS else target

    def made_member(self, owner: str, name: str) -> str | None:
        """Resolve a JavaScript or TypeScript class's field, or a base's, that a call made and that
        is called (``getMeasurements = memo(() => [...], (deps) => {...})``, then
        ``this.getMeasurements()``): the field, as a module's ``const get = memo(...)`` is called;
        what the call returned is not known. ``None`` where no class of it declares one so made."""
        seen: set[str] = set()
        queue = [owner]
        for cls in queue:
            if cls in seen or not self.is_symbol(cls):
                continue
            seen.add(cls)
            path, qualname = split_id(cls)
            index = self.file(path)
            if index is None or index.defs.get(qualname) not in CLASS_KINDS:
                continue
            inner = f"{qualname}.{name}"
            if index.defs.get(inner) in VALUE_KINDS:
                made = (index.attrs.get(qualname) or {}).get(name) or ""
                return symbol_id(path, inner) if made.endswith("()") else None
            queue.extend(self.bases.get(cls, ()))
        return None

    def set_over_property(self, owner: str, name: str) -> str:
        """Type a Python property of no known result by what its class's methods set it to, as jedi
        reads it (cssutils' ``self.cssRules = CSSRuleList()`` in ``__init__``, the getter returning
        ``self._cssRules`` that only the setter's parameter sets); ``UNRESOLVED`` where none does."""
        queue, seen = [owner], set[str]()
        for cls in queue:
            if cls in seen or not self.is_symbol(cls) or len(seen) > MAX_PROPERTY_BASES:
                continue
            seen.add(cls)
            path, qualname = split_id(cls)
            index = self.file(path)
            written = (index.attrs.get(qualname) or {}).get(name) if index is not None else None
            if index is not None and written:
                return self.instance(index, written, qualname)
            queue.extend(self.bases.get(cls, ()))
        return UNRESOLVED

    def indexed(self, index: FileIndex, target: str) -> str:
        """Resolve an element of what a name is (``nodes[i]``): an array's element; in C++ a
        pointer's too, read as its type (``Node** nodes``: ``nodes[i]->id()`` is ``Node::id``'s),
        unless the class has an ``operator[]``: what that returns (double-conversion's
        ``Vector<char> buffer``: ``buffer[i] = '0'`` assigns a ``char``, no ``Vector::operator=``)."""
        if (rules(index.language).held_members and not target.startswith(ARRAY) and self.is_symbol(target)
                and self.kind(target) in CLASS_KINDS):
            subscript = self.member(target, "operator[]")
            return target if subscript in SENTINELS else self.result(subscript)
        if index.language == "rust" and not target.startswith(ARRAY) and self.is_symbol(target) \
                and self.kind(target) in CLASS_KINDS:  # ``for c in cs`` of an iterator: its next()'s value
            walked = self.member(target, "next")
            return element(self.result(walked)) if walked not in SENTINELS else UNRESOLVED
        if index.language in OBJECT_SCOPES or index.language == "python":
            target = self.held_value(target)
        return element(target)

    def held_value(self, target: str) -> str:
        """Resolve a JavaScript, TypeScript or Python module-level variable to what it holds, where
        that is an array (``const all: Array<Transaction> = []``, Python's ``HANDLERS = [Base64()]``, in
        its own file or imported): ``all[0]``, ``for (const t of all)``, ``HANDLERS[0]`` and ``for h in
        HANDLERS`` are its elements (a mapping's values, its keys). Any other target stays itself."""
        if target.startswith(ARRAY) or not self.is_symbol(target):
            return target
        path, qualname = split_id(target)
        index = self.file(path)
        typed = index.globals.get(qualname) if index is not None and index.defs.get(qualname) in VALUE_KINDS else None
        held = self.instance(index, typed) if index is not None and typed else UNRESOLVED
        return held if held.startswith(ARRAY) else target

    def held_member(self, holder: str, name: str, called: bool) -> str:
        """Resolve a member of what a C++ container, smart pointer or iterator holds: the library's
        own (``size``, ``reset``, ``begin``: external), a map's pair's ``first`` and ``second``
        (its keys, its values), or the element's (``job_->TryAcquire()``, ``(*i)->Dump()``,
        ``i->second->Dump()``). ninja's ``builder_->jobserver_->TryAcquire()`` had reached nothing."""
        if name in CPP_LIBRARY_MEMBERS or is_operator(name):  # v[i], it == end: the library's operators
            return EXTERNAL
        if not called and KEYS in holder and name in ("first", "second"):
            return walked(holder) if name == "first" else element(holder)
        return self.member(element(holder), name)

    def names_itself(self, index: FileIndex, scope: str | None, written: str, target: str) -> bool:
        """Tell whether a receiver of one segment names a class or function itself (``Foo`` of
        ``Foo.m()``, bound where it is defined or imported), not an object it made: not ``this``,
        no call's result, no local of that name (``const x = new Foo()``, a parameter ``x: Foo``)."""
        return (written not in RECEIVERS and not written.endswith(("()", ELEMENT))
                and not self.binding(index, scope, written) and self.kind(target) in ITSELF_KINDS)

    def instance_member(self, target: str) -> bool:
        """Tell whether a symbol is a JavaScript method its class's or constructor function's
        instances hold (``FileIndex.instance_members``), not the class or function itself."""
        if not self.is_symbol(target):
            return False
        path, qualname = split_id(target)
        index = self.file(path)
        return index is not None and qualname in index.instance_members

    def declared(self, index: FileIndex, scope: str | None, receiver: list[str]) -> str:
        """Return the type a receiver of one segment is written with: a cast's (``u64()`` of
        ``(x as u64)``), or the local's declared type (``""``: none, or a longer receiver)."""
        if len(receiver) != 1:
            return ""
        if receiver[0].endswith("()"):
            return receiver[0].removesuffix("()")
        return self.binding(index, scope, receiver[0])

    def path_head(self, index: FileIndex, scope: str | None, receiver: list[str]) -> str:
        """Return a receiver of one segment that names no local (``Default`` of ``Default.default``,
        ``u32`` of ``u32.max_value``): a type or module written as the head of a path; ``""`` else."""
        if len(receiver) != 1 or receiver[0].endswith(("()", ELEMENT)) or self.binding(index, scope, receiver[0]):
            return ""
        return receiver[0]

    def called_result(self, target: str, owner: str | None) -> str:
        """Type what calling a method looked up on a class (``owner``) returns: a method returning
        its receiver (PHP's ``: static``, ``: self``, ``return $this``; TypeScript's ``: this``;
        Python's ``-> Self``, ``return self``) gives the class it was called on, a subclass of the
        one declaring it. league/csv's ``Reader::fromString($v)`` is declared ``: static`` on
        ``AbstractCsv``: ``->setHeaderOffset()``, a ``Reader``'s method, had been tied to nothing."""
        made = self.result(target)
        if (owner is None or owner == made or made in SENTINELS or self.kind(owner) not in CLASS_KINDS
                or not self.returns_receiver(target)):
            return made
        return owner if self.memoized(("derives", owner, made), self.derives, owner, made) else made

    def agreed_result(self, index: FileIndex, owner: str, name: str) -> str:
        """Type a call that reached several of a class's methods at once by what they all return
        (Rust's trait impls named apart: ``Language.agreed_result``); ambiguous where they differ."""
        agreed = rules(index.language).agreed_result(self, owner, name)
        return AMBIGUOUS if agreed is None else agreed

    def given(self, index: FileIndex, scope: str | None, callee: str, target: str, made: str) -> str:
        """Type a generic function's result by the argument its type parameter comes from
        (``generic_calls.py``) where the declared result (``made``) names nothing: ``difference(prev,
        next)`` of ``difference<T>(a: T[], b: T[]): T[]`` is what ``prev`` is; ``get(Obs.class)`` of
        ``<T> T get(Class<T> c)`` an ``Obs``. ``callee``: the call as written, without its parentheses."""
        if made == UNRESOLVED and index.language == "go":  # ``item, _ := t.Min()`` of ``t *BTreeG[Item]``
            return go_generics.substituted(self, index, scope, callee, target)
        if made != UNRESOLVED or not self.is_symbol(target):
            return made
        path, qualname = split_id(target)
        declaring = self.file(path)
        position = declaring.locals.get(qualname, {}).get(FROM) if declaring is not None else None
        if position is None or not position.isdigit():
            return made
        key = GIVEN + callee
        while scope:
            arguments = index.locals.get(scope, {}).get(key)
            if arguments is not None:
                written = arguments.split(",")
                argument = written[int(position)] if int(position) < len(written) else NOT_A_NAME
                if argument == NOT_A_NAME or not self._deeper():
                    return made
                try:
                    return self.instance(index, argument, scope)
                finally:
                    self.depth -= 1
            scope = scope.rpartition(".")[0]
        return made

    def called_value(self, index: FileIndex, scope: str | None, name: str, target: str,
                     key: str = RETURN) -> str | None:
        """Type calling a Go local or parameter of a named function type (``f bitFun`` of ``type
        bitFun func(z, x, y *BigInt) *BigInt``): the type's declared result (cockroachdb/apd's
        ``out := f(new(BigInt), x, y); out.Cmp(expected)`` had reached nothing). ``None`` where
        the call is no such value's: a conversion ``bitFun(g)`` names the type itself."""
        if index.language == "go" and target == FUNCTION_VALUE and "." not in name:
            return go_generics.called_local(self, index, scope, name, key)  # ``s := newSet()`` of ``newSet func() Set[int]``
        if index.language != "go" or "." in name or self.kind(target) != "type" or not self.binding(index, scope, name):
            return None
        path, qualname = split_id(target)
        owner = self.file(path)  # a type's bindings are filed as its attributes
        typed = owner.attrs.get(qualname, {}).get(key) if owner is not None else None
        return self.instance(owner, typed, qualname) if owner is not None and typed else UNRESOLVED

    def returns_receiver(self, target: str) -> bool:
        """Tell whether a function returns its receiver (``RECEIVER_RESULTS``)."""
        path, qualname = split_id(target)
        index = self.file(path)
        return index is not None and index.locals.get(qualname, {}).get(RETURN) in RECEIVER_RESULTS

    def derives(self, cls: str, base: str) -> bool:
        """Tell whether a class has a base among its bases' bases, however far."""
        seen = {cls}
        queue = [cls]
        for current in queue:
            for parent in self.bases.get(current, ()):
                if parent == base:
                    return True
                if parent not in seen and self.is_symbol(parent):
                    seen.add(parent)
                    queue.append(parent)
        return False

    def constructor(self, index: FileIndex, cls: str) -> str:
        """Resolve ``super(...)`` or ``this(...)`` (``cls``: the class it names): the constructor it
        runs, Java's named as the class and declared there, TypeScript's ``constructor`` its own
        or inherited; the class where it declares none (Java's default constructor)."""
        language = rules(index.language)
        path, qualname = split_id(cls)
        if language.constructors_named_as_class:
            own = f"{qualname}.{qualname.rpartition('.')[2]}"
            file = self.file(path)
            return symbol_id(path, own) if file is not None and file.defs.get(own) in FUNCTION_KINDS else cls
        if language.constructor_method is not None:
            found = self.member(cls, language.constructor_method)
            return found if self.kind(found) in FUNCTION_KINDS else cls
        return cls

    def names_instance(self, index: FileIndex, scope: str | None, parts: list[str], owner: str | None) -> bool:
        """Tell whether a name that resolved to a class holds an instance of it: a local or an
        attribute bound to what a call made (``c = Curry(f)``, ``self.handler = Handler()``),
        not the class or an alias of it (``k = Curry``); a method's ``self`` is one (kombu's
        ``lazy.__str__``: ``str(self())`` runs ``lazy.__call__``, it makes no ``lazy``)."""
        typed_instances = rules(index.language).typed_instances
        if owner is None:
            if len(parts) != 1:
                return False
            bound = self.binding(index, scope, parts[0])
            if parts[0] == "self" or bound.endswith("()"):
                return True
            return typed_instances and bool(bound or self.own_field(index, scope, parts[0]))
        if self.kind(owner) not in CLASS_KINDS:
            return False
        seen = {owner}
        queue = [owner]
        for cls in queue:  # the class, then its bases, as a member lookup meets their attributes
            path, qualname = split_id(cls)
            cls_index = self.file(path)
            typed = cls_index.attrs.get(qualname, {}).get(parts[-1]) if cls_index is not None else None
            if typed:
                return typed_instances or typed.endswith("()")
            fresh = [b for b in self.bases.get(cls, ()) if self.is_symbol(b) and b not in seen]
            seen.update(fresh)
            queue.extend(fresh)
        return False

    def shadowed(self, index: FileIndex, scope: str | None, name: str) -> bool:
        """Tell whether a receiver's name is bound as an untyped local in a scope or an enclosing
        one: only a Python loop binds one so (``for cls in kinds``); a declared one (``cls:
        type[Foo]``, TypeScript's ``this: Ajv``) is still read as the receiver."""
        while scope:
            bound = index.locals.get(scope)
            if bound is not None and name in bound:
                return not bound[name]
            scope = scope.rpartition(".")[0]
        return False

    def go_element(self, target: str) -> str:
        """Return what an element of a Go value of ``target`` is (``xs[i]``): the element type of a
        named slice, map or channel type (``type Alternative []Expression``: an ``Expression``, whose
        ``Pos`` ``x[0].Pos()`` calls, not ``Alternative.Pos``); else ``target`` itself, the graph
        reading ``[]T`` as ``T``."""
        if target in SENTINELS or not self.is_symbol(target):
            return target
        path, qualname = split_id(target)
        index = self.file(path)
        written = index.globals.get(qualname) if index is not None and index.defs.get(qualname) == "type" else None
        if index is None or not written or written == qualname:
            return target
        return self.resolve(index, None, written)

    def binding(self, index: FileIndex, scope: str | None, name: str) -> str:
        """Return the type a local name is bound to in a scope or an enclosing one (``""``: none)."""
        if not scope:
            return self.callback_local(index, name)
        while scope:
            bound = index.locals.get(scope)
            if bound is not None and name in bound:
                return bound[name]
            scope = scope.rpartition(".")[0]
        return ""

    @staticmethod
    def callback_local(index: FileIndex, name: str) -> str:
        """Return the type of a JavaScript or TypeScript local bound in a callback written at the
        module's top (``describe(() => { const client = new QueryClient(); client.isFetching() })``):
        the callback is no scope, so the local is filed as the module's, yet no definition or import
        of the module names it (``""``: none, or untyped). Its calls had reached nothing."""
        if index.language not in OBJECT_SCOPES or name in index.defs or name in index.imports:
            return ""
        return index.globals.get(name, "")

    def own_field(self, index: FileIndex, scope: str | None, name: str) -> bool:
        """Tell whether a bare name in a method is a field of its class (C++'s ``commandHash_``),
        declared there or in a base the file's class names."""
        owner = index.enclosing_class(scope)
        if owner is None:
            return False
        if name in index.attrs.get(owner, {}):
            return True
        cls = symbol_id(index.path, owner)
        return bool(self.bases.get(cls)) and self.memoized(
            ("field", index.path, owner, name), self.inherited_field, cls, name) not in (None, UNRESOLVED)

    def call_instance(self, index: FileIndex, cls: str) -> str:
        """Resolve calling an instance of a class: its ``call_member`` (``__call__``, C++'s
        ``operator()``), its own or inherited; the class itself where the language calls no member,
        or where a C++ class has no ``operator()`` (a name read as an instance that is none)."""
        member = rules(index.language).call_member
        if member is None:
            return cls
        found = self.member(cls, member)
        return cls if found == UNRESOLVED and rules(index.language).typed_instances else found

    def is_symbol(self, target: str) -> bool:
        """Tell whether a target is a symbol node id: its id holds ``::`` and it is no file the
        graph holds (a file's id is its path as it is, and ``src/a::b.js`` is a file)."""
        return is_symbol(target) and self.files.get(target) is None

    def iterated(self, target: str) -> str:
        """Type what a Python loop over an instance of a class walks: an element of what its
        ``__iter__`` returns (``def __iter__(self) -> Iterator[Row]``: Rows), unresolved where that
        is no array the resolver knows."""
        if self.kind(target) not in CLASS_KINDS:
            return UNRESOLVED
        method = self.member(target, "__iter__")
        made = self.result(method) if method not in SENTINELS else UNRESOLVED
        return walked(made) if made.startswith(ARRAY) else UNRESOLVED

    def is_property(self, target: str) -> bool:
        """Tell whether a target is a Python method decorated with ``@property``."""
        if not self.is_symbol(target):
            return False
        path, qualname = split_id(target)
        index = self.file(path)
        return index is not None and qualname in index.properties

    def result(self, target: str) -> str:
        """Type what calling a target returns: an instance of a class, or a function's return type;
        of a union of classes (html5lib's ``cls`` of ``{"initial": InitialPhase, ...}.items()``),
        an instance of any of them."""
        if target.startswith(UNION):
            made = list(dict.fromkeys(self.result(t) for t in target[len(UNION):].split(UNION_SEPARATOR)))
            kept = [t for t in made if t not in SENTINELS]
            return (UNION + UNION_SEPARATOR.join(kept) if len(kept) > 1 else kept[0]) if kept else UNRESOLVED
        kind = self.kind(target)
        if kind in CLASS_KINDS or target == EXTERNAL:
            return target
        if kind not in FUNCTION_KINDS and not (kind == "variable" and self.is_property(target)):
            return UNRESOLVED  # a Python ``media = property(lambda self: self._media)``: what its getter gives
        return self.memoized(("result", target), self._result, target)

    def _result(self, target: str) -> str:
        """Type what calling a function returns, without the memo."""
        if self.depth > MAX_DEPTH:
            self.cut = True
            return UNRESOLVED
        path, qualname = split_id(target)
        index = self.file(path)
        made = self.decorated(index, qualname) if index is not None else None
        if made is not None and made != EXTERNAL:  # calling add of @curry def add calls curry's __call__
            return self.result(self.call_instance(index, made))  # type: ignore[arg-type]
        returned = index.locals.get(qualname, {}).get(RETURN) if index is not None else None
        if returned == OWN_MEMBERS:  # js/ts ``return { batch: () => ... }``: an object of the function's own members
            return target
        documented = index.locals.get(qualname, {}).get(DOCUMENTED_RETURN) if index is not None else None
        if (returned is None and documented is None) or not self._deeper():
            return UNRESOLVED
        try:
            made = self.instance(index, returned, qualname) if returned is not None else UNRESOLVED  # type: ignore[arg-type]
            if made == UNRESOLVED and documented is not None:  # python ``:rtype: requests.Response``
                return self._documented(index, documented, qualname)  # type: ignore[arg-type]
            return made
        finally:
            self.depth -= 1

    def _documented(self, index: FileIndex, written: str, qualname: str) -> str:
        """Resolve the return type a Python function's docstring gives (``:rtype:
        requests.Response``), as jedi reads it: a name of the file, or a module's member written
        with the module's whole dotted path (``requests`` need not be imported where its own
        ``sessions.py`` writes it); a class only, else unresolved."""
        made = self.instance(index, written, qualname)
        parts = written.split(".")
        for cut in range(len(parts) - 1, 0, -1):
            if made != UNRESOLVED:
                break
            found = self.module(index, ".".join(parts[:cut]))
            for name in parts[cut:] if found not in SENTINELS else ():
                found = self.member(found, name)
            made = found if found not in SENTINELS else UNRESOLVED
        return made if made == EXTERNAL or self.kind(made) in CLASS_KINDS else UNRESOLVED

    def resolve_import(self, index: FileIndex, imp: Import) -> str:
        """Resolve what one import binds."""
        if not self.depth:
            self.steps = 0
        module = self.module(index, imp.module)
        if (imp.name in (None, "default") and index.language in mod.JS_FAMILY and module not in SENTINELS
                and imp.local != MODULE_VALUE):
            whole = self.module_value(module, imp.name)
            if whole is not None:
                return whole
        if imp.name is None or imp.name == "*":
            return module
        if module in SENTINELS:
            return self._namespace_submodule(index, imp.module, imp.name, module)
        if module == index.path and rules(index.language).imports_submodules:  # ``from . import utils``
            return self.submodule(index, imp.name)
        return self.member(module, imp.name)

    def _namespace_submodule(self, index: FileIndex, written: str, name: str, module: str) -> str:
        """What ``from pkg import a`` binds where ``pkg`` is no file: in Python, a folder without
        ``__init__.py`` (a namespace package) whose module ``pkg/a.py`` the import reaches (its
        calls, ``a.helper()``, had been untied); ``module`` (the sentinel) elsewhere."""
        if not rules(index.language).imports_submodules:
            return module
        found = self.module(index, written + name if written.endswith(".") else f"{written}.{name}")
        return found if found not in SENTINELS else module

    def module_value(self, path: str, name: str | None) -> str | None:
        """What a JavaScript module is as a whole, where it says (``module.exports = Client``,
        ``export = Client``): what ``const Client = require('./client')`` binds, and a default
        import where the module has no ``export default``; ``None`` elsewhere. knex's ``class
        Client_PG extends Client`` had reached the file, not the class: "subclasses of Client"
        found none of its eleven dialect clients (5 direct, 6 beneath them)."""
        module = self.file(path)
        if module is None or (name == "default" and "default" in module.imports):
            return None
        rows = module.imports.get(MODULE_VALUE)
        return self.first_import(module, rows) if rows else None

    def enclosing_class(self, index: FileIndex, scope: str | None) -> str | None:
        """Return the class symbol enclosing a scope, looking outside the file for receivers."""
        own = index.enclosing_class(scope)
        if own is not None:
            return symbol_id(index.path, own)
        parent = (symbol_scope(scope) or "").rpartition(".")[0]  # an overload's block: its method's class
        if not parent:
            return None
        target = self.resolve(index, None, parent)
        return target if self.kind(target) in CLASS_KINDS else None

    # -- the first segments --------------------------------------------------------------------
    def head(self, index: FileIndex, scope: str | None, parts: list[str], call: bool = False) -> tuple[str, int]:
        """Resolve the leading segment(s) of a name; return the target and how many were used."""
        first = parts[0]
        if len(parts) > 2 and parts[1] == "this" and index.language == "java":
            # ``StrBuilder.this.size()`` in an inner class: the enclosing instance, typed by its class
            target, used = self.head(index, scope, [first, *parts[2:]], call)
            return target, used + 1
        language = rules(index.language)
        # the enclosing class, or super (in Rust self and super may name modules); a Python loop's
        # ``for cls in kinds`` binds a local that shadows it
        if first in RECEIVERS and first not in language.plain_names and not self.shadowed(index, scope, first):
            receiver = self.receiver(index, scope, parts)
            if receiver is not None:
                return receiver
        # a Java method is called by its bare name: a local or field of that name is another thing
        method = call and len(parts) == 1 and language.bare_calls_are_methods
        held = self.object_member(index, scope, parts) if len(parts) > 1 and index.language in OBJECT_SCOPES else None
        if held is not None:
            return held, 2
        field = self.local_field(index, scope, first, parts[1]) if len(parts) > 1 and index.language == "go" else None
        if field is not None:
            return field, 2
        local = None if method else self.local(index, scope, first)
        if local == UNRESOLVED and index.language in OBJECT_SCOPES:
            local = self.defined_beside(index, scope, first) or local
        if local is not None:
            return local, 1
        anonymous = language.bare_calls_are_methods and (method or len(parts) > 1)  # accepts(), accepts().x()
        inherited = self.anonymous_member(index, scope, first) if anonymous else None
        if inherited is not None:
            return inherited, 1
        nested = self.nested(index, scope, first)
        if nested is not None:
            return nested, 1
        if first in index.defs:
            return symbol_id(index.path, first), 1
        dotted = self.dotted_import(index, parts)
        if dotted is not None:
            return dotted
        target = self.outside(index, first, scope)
        if len(parts) > 1 and not call and index.language == "php" and target not in SENTINELS:
            # ``@var \Dompdf\Canvas`` where ``use Dompdf\Dompdf;`` binds the head: a class's path, whole
            written = language.qualified(self, parts)
            if written is not None and written[1] == len(parts) and written[0] not in SENTINELS:
                return written
        if target in (UNRESOLVED, EXTERNAL) and len(parts) > 1:
            qualified = language.qualified(self, parts)  # bound nowhere: a package (``bsh.util.Util``)
            if qualified is not None and (qualified[0] not in SENTINELS or target == UNRESOLVED):
                return qualified
        return target, 1

    def receiver(self, index: FileIndex, scope: str | None, parts: list[str]) -> tuple[str, int] | None:
        """Resolve ``self``, ``this``, ``cls``, ``Self`` and ``super``; ``None`` to look further."""
        language = rules(index.language)
        own = language.receiver(self, index, scope, parts)
        if own is not None:
            return own
        cls = self.enclosing_class(index, scope)
        first = parts[0]
        if cls is None:
            return (EXTERNAL, 1) if first == "super" and language.super_is_builtin else None
        if first != "super":
            return cls, 1
        if len(parts) == 1:  # python super() is the built-in; elsewhere it calls the base constructor
            bases = self.bases.get(cls, ())
            return (bases[0] if bases and not language.super_is_builtin else EXTERNAL), 1
        return self.in_bases(cls, parts[1]), 2

    def object_member(self, index: FileIndex, scope: str | None, parts: list[str]) -> str | None:
        """Resolve ``api.setState`` where a function's ``const api = { setState, get: getState }``
        names it (zustand's ``createStoreImpl``) or ``const options = { merge(a, b) {...} }``
        defines it: the function named, or the method; ``None`` for a name no object there holds.
        The object being a local, its members had reached nothing."""
        written = f"{parts[0]}.{parts[1]}"
        while scope:
            qualname = f"{scope}.{written}"
            if qualname in index.defs:
                return symbol_id(index.path, qualname)
            used = index.scoped_imports.get(scope, {}).get(written)
            if used and used[0].name and not used[0].module:
                return self.resolve(index, scope, used[0].name)
            if parts[0] in index.locals.get(scope, ()):
                return None  # bound nearer: `function inner(api) { api.setState() }`
            scope = scope.rpartition(".")[0]
        return None

    def defined_beside(self, index: FileIndex, scope: str | None, name: str) -> str | None:
        """Resolve a name that a function or class defines where a local of no known type shares
        it: a callback's parameter, ``list.map((r) => r.x)``, is filed under the function around
        it, so ``const r = (key) => ...; r(key)`` had reached nothing; ``None`` where the local is
        bound nearer than any definition."""
        while scope:
            qualname = f"{scope}.{name}"
            if index.defs.get(qualname) in ALIASED_KINDS:
                return symbol_id(index.path, qualname)
            if name in index.locals.get(scope, ()):
                return None
            scope = scope.rpartition(".")[0]
        return None

    def local(self, index: FileIndex, scope: str | None, name: str) -> str | None:
        """Resolve a name bound locally (or a field, where members are implicit) to its type."""
        start = scope
        while scope:
            bound = index.locals.get(scope)
            if bound is not None and name in bound:
                return self.instance(index, bound[name], scope)
            scope = scope.rpartition(".")[0]
        if not start and name.startswith("$") and name in index.globals:
            # a PHP script's ``$event = new Event();``: its symbol is ``event``, so the name missed it
            return self.instance(index, index.globals[name])
        if not start and (written := self.callback_local(index, name)):
            return self.instance(index, written)
        if rules(index.language).implicit_members:
            owner = index.enclosing_class(start)
            while owner is not None:
                fields = index.attrs.get(owner)
                if fields is not None and name in fields:  # its type as the class sees it (ns::Widget)
                    return self.instance(index, fields[name], owner)
                inherited = self.memoized(("field", index.path, owner, name), self.inherited_field,
                                          symbol_id(index.path, owner), name) if self.bases.get(symbol_id(index.path, owner)) else None
                if inherited is not None or index.language != "java":
                    return inherited
                owner = index.enclosing_class(owner.rpartition(".")[0])  # java: an outer class's, read in its inner class
        return None

    def anonymous_member(self, index: FileIndex, scope: str | None, name: str) -> str | None:
        """Resolve a Java bare call written in an anonymous class's body (``new OptionParser() {{
        accepts("x"); }}``) as the method of the class it extends, the innermost body first;
        ``None`` where none of them has it (the enclosing class's, looked up next)."""
        while scope:
            base = index.locals.get(scope, {}).get(ANONYMOUS_BASE)
            outside = scope.rpartition(".")[0]
            if base:
                cls = self.instance(index, base, outside or None)
                found = self.member(cls, name) if cls not in SENTINELS else cls
                if found not in SENTINELS:
                    return found
            scope = outside
        return None

    def local_field(self, index: FileIndex, scope: str | None, name: str, field: str, hops: int = 3) -> str | None:
        """Resolve a field of a Go local whose anonymous struct declares it (``tests := []struct{ a
        *X }{...}`` binds ``tests.a``), through the names it is ranged or aliased from (``for _, tt
        := range tests``: ``tt.a`` is ``tests.a``); ``None`` where no such field is bound."""
        while scope:
            bound = index.locals.get(scope)
            if bound is not None and name in bound:
                typed = bound.get(f"{name}.{field}")
                if typed:
                    return self.instance(index, typed, scope)
                alias = bound[name].removesuffix(ELEMENT)  # ``for _, tt := range tests``: tests[i]
                if hops and alias.isidentifier():
                    return self.local_field(index, scope, alias, field, hops - 1)
                return None
            scope = scope.rpartition(".")[0]
        return None

    def inherited_field(self, cls: str, name: str) -> str | None:
        """Resolve a field a class inherits, typed as the base declaring it sees its type: jopt-simple's
        tests call ``parser.printHelpOn(sink)`` on the ``protected OptionParser parser`` of the
        fixture they extend (69 calls had been tied to nothing); ``None`` where no base declares it."""
        seen = {cls}
        queue = [b for b in self.bases.get(cls, ()) if self.is_symbol(b)]
        for base in queue:
            if base in seen:
                continue
            seen.add(base)
            path, qualname = split_id(base)
            base_index = self.file(path)
            fields = base_index.attrs.get(qualname) if base_index is not None else None
            if base_index is not None and fields is not None and name in fields:
                return self.instance(base_index, fields[name], qualname) if fields[name] else UNRESOLVED
            queue.extend(b for b in self.bases.get(base, ()) if self.is_symbol(b) and b not in seen)
        return None

    def instance(self, index: FileIndex, typed: str, scope: str | None = None) -> str:
        """Resolve what a binding's type names: a declared type, the name an alias stands for,
        or, written ``make()``, what calling a name gives (an instance, a function's return type)."""
        if not typed or typed in INFERRED_TYPES:
            return UNRESOLVED
        if typed == FUNCTION_TYPED:
            return FUNCTION_VALUE
        if ALTERNATIVES in typed:
            return self.alternatives(index, scope, typed)
        if PARAMETER in typed:
            return self.nth_parameter(index, scope, typed)
        head, grouped, members = _grouped(typed)
        if grouped and members.endswith(GROUPED_ARRAY) and UNION_TYPE in members:  # int<key>(A|B)[]: a union's array
            array = array_of(self.union(index, scope, members[: -len(GROUPED_ARRAY)]))
            if not head.endswith(MAPPING_KEY) or not array.startswith(ARRAY):
                return array
            return array + KEYS + self.instance(index, head[: -len(MAPPING_KEY)], scope)
        if UNION_TYPE in typed:
            return self.union(index, scope, typed)
        made, nth_result, nth = typed.rpartition(NTH_RESULT)
        if nth_result and nth.isdigit() and made.endswith("()"):  # go's f()#1, not this.#cache.get()
            return self.nth_result(index, scope, made, nth)
        if typed.endswith(ARRAY_TYPE) and MAPPING_KEY in typed:  # Name<key>Node[]: Nodes keyed by Names
            key, _, values = typed.partition(MAPPING_KEY)
            array = array_of(self.instance(index, values[: -len(ARRAY_TYPE)], scope))
            if array == UNRESOLVED and index.language == "java":
                return EXTERNAL  # java Map<String, V>: the JDK's, its values unknown
            return array + KEYS + self.instance(index, key, scope) if array.startswith(ARRAY) else array
        if typed.endswith(ARRAY_TYPE):
            array = array_of(self.instance(index, typed[: -len(ARRAY_TYPE)], scope))  # Node[]: an array of Nodes
            return EXTERNAL if array == UNRESOLVED and index.language == "java" else array  # java Iterator<T>: the JDK's
        container, dot, iterator = typed.rpartition(".")
        if dot and iterator in CPP_ITERATORS and rules(index.language).held_members:
            held = self.instance(index, container, scope)  # c++ Edges::iterator of typedef set<Edge*> Edges
            if held.startswith(ARRAY):
                return held
        own = rules(index.language).typed_value(self, index, typed, scope)
        if own is not None:
            return own
        if not self._deeper():
            return UNRESOLVED
        try:
            called = typed.endswith("()")
            target, owner = self.resolve_owned(index, scope, typed.removesuffix("()"), invoked=called)
            returned = jdk_result(owner, typed[:-2].rpartition(".")[2]) if called and owner and owner.startswith(ARRAY) \
                and index.language == "java" else None
            if returned is not None:
                return returned  # ``var route = routes.get(i)`` of ``List<Route>``: a Route
            if called and _gives_element(target, owner, typed[:-2].rpartition(".")[2], index.language):
                return element(owner or "")  # ``x = cache.get(k)``, ``const x = nodes.find(...)``
            if called and _keeps_array(target, owner, typed[:-2].rpartition(".")[2], index.language):
                return owner or UNRESOLVED  # ``const kept = nodes.filter(...)``
            if target == AMBIGUOUS and called and owner is not None:  # Bytes::from(v) of six From impls
                return self.agreed_result(index, owner, typed[:-2].rpartition(".")[2])
            if called and target == FUNCTION_VALUE and (value := self.called_value(index, scope, typed[:-2], target)):
                return value  # ``s := newSet()`` of ``newSet func() Set[int]``
            if target in SENTINELS:
                return target
            if called and (value := self.called_value(index, scope, typed[:-2], target)) is not None:
                return value  # ``out := f(x)`` of ``f bitFun``: bitFun's declared result
            if called and index.language in GENERIC_BASES:  # getTestDescriptor() of a class extending Base<ClassDescriptor>
                chosen = self.base_argument(index, scope, typed[:-2], target, owner)
                if chosen is not None:
                    return chosen
            if called:
                made = self.given(index, scope, typed[:-2], target, self.called_result(target, owner))
                if made == UNRESOLVED and index.language == "java":  # var config = jex.config(): by its count
                    made = self.overload_result(target, None, index, scope, typed[:-2])
                return made
            if self.is_property(target):  # ``color = style.color``: the property's value
                return self.result(target)
            kind = self.kind(target)  # a class, or what an alias stands for: a function, a module
            if kind in VALUE_KINDS:
                return self.aliased(target)
            if kind == "type":  # a C/C++ ``typedef`` or ``using X = ...``: the type it names
                followed = self.type_alias(target)
                if followed not in SENTINELS:
                    return followed
            return target if kind is None or kind in ALIASED_KINDS else UNRESOLVED
        finally:
            self.depth -= 1

    def overload_result(self, target: str, member: str | None, caller: FileIndex | None = None,
                        scope: str | None = None, callee: str = "") -> str:
        """Resolve what calling a Java method whose overloads declare differing results gives: the
        result of the overload the call's argument count fits, where the call's count is recorded in
        its scope (``callee``: the call as written, without its parentheses; avaje-jex's ``Routing
        routing()`` beside ``Jex routing(HttpService)``: ``routing().get(...)`` is a ``Routing``'s,
        though ``Jex`` has a ``get`` too); else, where the member called on it tells, the one result
        that has that member (``JexConfig config()`` beside ``Jex config(Consumer<JexConfig>)``:
        ``jex.config().compression()`` can only be ``config()``'s, as javac finds it); a primitive has
        no members. Unresolved where two have it, or one's result is not known (it might)."""
        if self.kind(target) not in FUNCTION_KINDS:
            return UNRESOLVED
        path, qualname = split_id(target)
        index = self.file(path)
        if index is None:
            return UNRESOLVED
        count = self.passed(caller, scope, callee) if caller is not None and callee else None
        declared = index.locals.get(qualname, {}).get(RESULTS) if count is not None else None
        fitting = fitting_result(count, declared) if count is not None and declared else None
        if fitting is not None and fitting not in JAVA_PRIMITIVES:
            made = self.instance(index, fitting, qualname)
            if made not in SENTINELS:
                return made
        returned = index.locals.get(qualname, {}).get(RETURN)
        if member is None or not returned or ALTERNATIVES not in returned:
            return UNRESOLVED
        having: set[str] = set()
        for written in returned.split(ALTERNATIVES):
            if written in JAVA_PRIMITIVES:
                continue
            made = self.instance(index, written, qualname)
            if made in SENTINELS:
                return UNRESOLVED
            if self.member(made, member) not in (UNRESOLVED, AMBIGUOUS):
                having.add(made)
        return having.pop() if len(having) == 1 else UNRESOLVED

    @staticmethod
    def passed(index: FileIndex, scope: str | None, callee: str) -> int | None:
        """Return how many arguments a Java call of that callee passes in a scope or one around it
        (``<passed>``, ``generic_calls.py``); ``None`` where not recorded, or two counts."""
        key = PASSED + callee
        while scope:
            count = index.locals.get(scope, {}).get(key)
            if count is not None:
                return int(count) if count.isdigit() else None
            scope = scope.rpartition(".")[0]
        return None

    def alternatives(self, index: FileIndex, scope: str | None, typed: str) -> str:
        """Resolve a local's differing bindings (``A()<or>pool[i]``): the one type they all resolve
        to, unresolved where one resolves to nothing or two differ (no guess between them).
        httpcore's ``connection`` (a pool's element here, ``self.create_connection(origin)`` there)
        had been untyped. A Python local bound to classes named bare (python-docx's ``marker_cls =
        _App0Marker`` in one branch, ``_SofMarker``, ``_Marker`` in others) is any of them, as jedi
        reads it: ``marker_cls.from_stream(...)`` a site of each one's."""
        written = typed.split(ALTERNATIVES)
        found = {self.instance(index, alternative, scope) for alternative in written}
        if len(found) == 1 and not found & SENTINELS:
            return found.pop()
        classes = index.language == "python" and all(CLASS_NAME.fullmatch(w) for w in written) \
            and not found & SENTINELS and all(self.kind(t) in CLASS_KINDS for t in found)
        return UNION + UNION_SEPARATOR.join(sorted(found)) if classes else UNRESOLVED

    def nth_result(self, index: FileIndex, scope: str | None, made: str, nth: str) -> str:
        """Resolve a later result of a Go call (``made``: the call, ``f()``; ``nth``: 1 for the
        second): zap's ``logger, sink := New(...)`` binds ``sink`` to ``New``'s second result,
        whose methods had been tied to nothing."""
        if not self._deeper():
            return UNRESOLVED
        try:
            target = self.resolve(index, scope, made.removesuffix("()"), invoked=True)
            value = self.called_value(index, scope, made.removesuffix("()"), target, f"{RETURN}{NTH_RESULT}{nth}")
            if value is not None:
                return value  # ``r, err := g(x)`` of ``g pairFun``
            if self.kind(target) not in FUNCTION_KINDS:
                return UNRESOLVED
            declared = self._declared(target, f"{RETURN}{NTH_RESULT}{nth}")
            if declared == UNRESOLVED:  # ``_, v := m.Pop()`` of ``m *Map[string, Item]``
                return go_generics.substituted(self, index, scope, made.removesuffix("()"), target,
                                               f"{RETURN}{NTH_RESULT}{nth}")
            return declared
        finally:
            self.depth -= 1

    def union(self, index: FileIndex, scope: str | None, typed: str) -> str:
        """Resolve a TypeScript union (``If|Else``): the one type its members resolve to, or a
        ``UNION`` of them, whose member is looked up on each (ajv's ``else?: If | Else``:
        ``this.else.render()`` had reached nothing)."""
        found = [self.instance(index, member, scope) for member in typed.split(UNION_TYPE)]
        kept = list(dict.fromkeys(t for t in found if t not in SENTINELS))
        if len(kept) == 1:
            return kept[0]
        return UNION + UNION_SEPARATOR.join(kept) if kept else UNRESOLVED

    def nth_parameter(self, index: FileIndex, scope: str | None, typed: str) -> str:
        """Resolve a parameter typed by its context (``Def.code<param>0``: what ``Def.code``'s first
        parameter is declared as; ``make<param>0.merge<param>1``: the second parameter of the
        ``merge`` of what ``make``'s first is declared as): ajv's ``const def: CodeKeywordDefinition
        = {code(cxt) {...}}`` reaches ``KeywordCxt``'s methods through ``cxt``."""
        if not self._deeper():
            return UNRESOLVED
        try:
            function, _, nth = typed.rpartition(PARAMETER)
            inner = ""
            if PARAMETER in function.rpartition(".")[2]:  # f<param>0<param>1: f's callback's second
                function, _, outer = function.rpartition(PARAMETER)
                inner = f"{PARAMETER}{outer}"
            head, dot, name = function.rpartition(".")
            owner: str | None  # a context's instance, or what the function is a member of (None: no owner)
            if dot and PARAMETER in head:
                owner = self.instance(index, head, scope)
                target = self.member(owner, name) if owner not in SENTINELS else owner
            else:
                target, owner = self.resolve_owned(index, scope, function)
                if (target == UNRESOLVED and owner is not None and owner.startswith(ARRAY)
                        and (inner, nth) in ARRAY_CALLBACKS.get(name, ())):
                    return element(owner)  # ``nodes.forEach((n) => ...)`` of ``nodes: Node[]``: a Node
                if (target == EXTERNAL and owner is not None and owner.startswith(ARRAY) and index.language == "java"
                        and inner[len(PARAMETER):].isdigit() and nth.isdigit()):
                    return jdk_passed(owner, name, int(inner[len(PARAMETER):]), int(nth))  # java routes.forEach(r -> ...)
                if (target == EXTERNAL and owner is not None and owner.startswith(ARRAY) and index.language == "rust"
                        and name in RUST_CALLBACKS and inner == f"{PARAMETER}{RUST_CALLBACKS[name][0]}"
                        and nth == ("1" if name in RUST_SECOND else "0")):
                    return element(owner)  # rust ``v.iter().map(|p| ...)`` of ``v: Vec<Shape>``: a Shape
                if target == EXTERNAL and index.language == "java":
                    return EXTERNAL  # java executor.submit(t -> ...): what a method outside passes, unknown here
            if not inner and nth.isdigit() and index.language == "java" and self.kind(target) in CLASS_KINDS:
                return self.sam_parameter(target, nth)  # java ``Handler h = (ctx, n) -> ...``: Handler's method's
            if target in SENTINELS or self.kind(target) not in FUNCTION_KINDS:
                return UNRESOLVED
            declared = self._declared(target, f"{inner}{PARAMETER}{nth}")
            if declared == UNRESOLVED and inner and index.language == "java":  # ``on("/", (ctx, n) -> ...)`` of ``on(String p, Handler h)``
                interface = self._declared(target, inner)
                return self.sam_parameter(interface, nth) if self.kind(interface) in CLASS_KINDS else UNRESOLVED
            return declared
        finally:
            self.depth -= 1

    def base_argument(self, index: FileIndex, scope: str | None, callee: str, target: str, owner: str | None) -> str | None:
        """Type a Java call of a method declared to give a type parameter of its class (``T
        getTestDescriptor()`` of ``AbstractExtensionContext<T extends TestDescriptor>``) by the type
        argument the receiver's class gives that base (``ClassExtensionContext extends
        AbstractExtensionContext<ClassBasedTestDescriptor>``), through generic bases between
        (``java_generics.py``'s records); ``None`` where no class on the way says (the bound stands)."""
        path, qualname = split_id(target)
        declared = self.file(path)
        returned = declared.locals.get(qualname, {}).get(RETURNED_PARAMETER) if declared is not None else None
        holder = qualname.rpartition(".")[0]
        parameters = declared.attrs.get(holder, {}).get(TYPE_PARAMETERS, "").split(",") if declared is not None and holder else []
        if not returned or returned not in parameters:
            return None
        receiver = self.enclosing_class(index, scope) if "." not in callee else owner
        if receiver is None or receiver in SENTINELS or self.kind(receiver) not in CLASS_KINDS:
            return None
        found = self.memoized(("base argument", receiver, symbol_id(path, holder), returned), self._base_argument,
                              receiver, symbol_id(path, holder), parameters.index(returned), 4)
        return found if isinstance(found, str) else None

    def _base_argument(self, cls: str, declaring: str, position: int, hops: int) -> str | int | None:
        """Return what ``cls`` makes ``declaring``'s type parameter ``position``: a type, or (an
        int) the position of ``cls``'s own type parameter it passes on; ``None`` where unknown."""
        path, qualname = split_id(cls)
        index = self.file(path)
        if index is None or hops == 0 or cls == declaring:
            return None
        records = index.attrs.get(qualname, {})
        for base in self.bases.get(cls, ()):
            if not self.is_symbol(base):
                continue
            wanted = position if base == declaring else self._base_argument(base, declaring, position, hops - 1)
            if wanted is None or isinstance(wanted, str):
                if wanted is not None:
                    return wanted
                continue
            written = records.get(TYPE_ARGUMENTS + split_id(base)[1].rpartition(".")[2], "").split(",")
            argument = written[wanted] if wanted < len(written) and written[wanted] else UNNAMED_ARGUMENT
            own = records[TYPE_PARAMETERS].split(",") if TYPE_PARAMETERS in records else []
            if argument in own:
                return own.index(argument)
            made = self.instance(index, argument, qualname) if argument != UNNAMED_ARGUMENT else UNRESOLVED
            return made if made not in SENTINELS else None
        return None

    def sam_parameter(self, interface: str, nth: str) -> str:
        """Resolve what a Java interface's one abstract method (its ``<sam>`` record) declares its
        parameter ``nth`` as: what a lambda standing for the interface takes there."""
        path, qualname = split_id(interface)
        index = self.file(path)
        method = index.attrs.get(qualname, {}).get(SAM) if index is not None else None  # a class's record: an attribute
        return self._declared(symbol_id(path, f"{qualname}.{method}"), f"{PARAMETER}{nth}") if method else UNRESOLVED

    def _declared(self, function: str, key: str) -> str:
        """Resolve what ``function``'s own file binds ``key`` to in its scope (its nth result, its
        nth parameter's declared type), as a type seen from there."""
        path, qualname = split_id(function)
        owner = self.file(path)
        typed = owner.locals.get(qualname, {}).get(key) if owner is not None else None
        return self.instance(owner, typed, qualname) if owner is not None and typed else UNRESOLVED

    def aliased(self, target: str) -> str:
        """Resolve a global variable named as a type to what it aliases: a type alias
        (``Handler = BaseHandler``) or a bound type variable (``C = TypeVar("C", bound=Converter)``,
        recorded as an alias of its bound); a variable holding a value types nothing."""
        path, qualname = split_id(target)
        index = self.file(path)
        typed = index.globals.get(qualname) if index is not None else None
        if index is None or not typed or typed.endswith("()"):
            return UNRESOLVED
        return self.instance(index, typed)

    def module_alias(self, target: str) -> str:
        """Resolve a Python module-level name bound once to a class or function of the project
        (wtforms' ``email = Email``, ``alias = module.Target``) to that class or function, as jedi
        does: ``email()``, here or imported (``from validators import email``), calls ``Email``;
        ``callers Email`` had missed its 4 calls of ``email()``. Any other variable stays itself (a
        name bound twice, or to a call's result, has no plain alias recorded)."""
        path, qualname = split_id(target)
        if "." in qualname or not path.endswith((".py", ".pyi")):
            return target
        followed = self.memoized(("module alias", target), self.aliased, target)
        return followed if self.kind(followed) in CLASS_KINDS | FUNCTION_KINDS else target

    def type_alias(self, target: str) -> str:
        """Resolve a C/C++ type alias (``typedef io::Writer OutWriter;``, ``using Alias =
        io::Writer;``) to the type it names, looked up where the alias is written. marisa-trie's
        ``typedef vector::BitVector BitVector;`` in ``grimoire``: a ``BitVector louds_;`` field's
        ``louds_.rank1(i)`` had reached no ``BitVector::rank1``, as the alias has no members. A
        class's alias is filed among its fields (muparser's ``ParserBase::token_type``, read from
        the methods that muParserBase.cpp defines). A TypeScript alias of a mapping (``type
        StateNodesConfig = { [K in string]: StateNode }``) is the mapping."""
        path, qualname = split_id(target)
        index = self.file(path)
        if index is None or index.language not in ("c", "cpp", "rust", "typescript", "tsx"):  # rust: ``facts/rust_aliases.py``
            return UNRESOLVED  # typescript: an alias of a mapping (``facts/ts_generics.py``)
        scope, _, name = qualname.rpartition(".")
        typed = index.locals.get(scope, {}).get(name) if scope else index.globals.get(name)
        if not typed and index.defs.get(scope) in CLASS_KINDS:  # a class's ``typedef Token<int> token_type;``
            typed = index.attrs.get(scope, {}).get(name)
        if not typed or typed.endswith("()") or typed == name:
            return UNRESOLVED  # ``typedef struct Foo Foo``: the struct, which the alias already is
        found = self.instance(index, typed, scope or None)
        return UNRESOLVED if found == target else found

    def nested(self, index: FileIndex, scope: str | None, name: str) -> str | None:
        """Resolve a definition nested in an enclosing scope (or a member, where implicit)."""
        language = rules(index.language)
        if not language.nested_scopes:
            return None
        implicit = language.implicit_members
        start = scope
        inner: str | None = None
        while scope:
            used = index.scoped_imports.get(scope, {}).get(name) if index.scoped_imports else None
            if used:  # a Rust ``use`` in this function's body: before the items around it
                return self.first_import(index, used)
            kind = index.defs.get(scope)
            is_class = kind in CLASS_KINDS
            if is_class and not implicit and index.language in OBJECT_SCOPES and inner is not None \
                    and index.defs.get(inner) == "function" and index.defs.get(f"{scope}.{name}") == "function":
                # a local of a field's callback (virtual-core's ``observer = (() => { const get = () =>
                # ...; return { disconnect: () => get()?.disconnect() } })()``): filed under the class,
                # the callback being nameless, as what it calls is; no method sees it
                return symbol_id(index.path, f"{scope}.{name}")
            inner = scope
            lexical = kind is not None and kind not in VALUE_KINDS  # an object's methods see no sibling
            if lexical and (not is_class or implicit) and not self.names_own_class(index, scope, name):
                qualname = f"{scope}.{name}"
                # a function's method (``enqueue.cancel = (...a) => cancel(...a)``) is a property
                # of it, no name its body sees, where members are not implicit
                if qualname in index.defs and (implicit or index.defs[qualname] != "method"):
                    return symbol_id(index.path, qualname)
            scope = scope.rpartition(".")[0]
        if implicit and start:
            cls = self.enclosing_class(index, start)
            found = self.member(cls, name) if cls is not None else UNRESOLVED
            if found == AMBIGUOUS:  # EatWhitespace() in Lexer::PeekToken of lexer.cc and of lexer.in.cc: each file's
                found = language.copy_called(self, index.path, cls, name) or found
            return found if found not in SENTINELS else None
        return None

    def names_own_class(self, index: FileIndex, scope: str, name: str) -> bool:
        """Tell whether a name written in a class of a language naming its constructor as the
        class (Java, C++) is that class's own name: the class, never its constructor
        ``scope.name`` (``Base`` in ``class Base``, or in ``Base::Base()`` of a file that does
        not define the class; a C++ namespace's function of its name is no constructor)."""
        return (rules(index.language).constructors_named_as_class and scope.rpartition(".")[2] == name
                and index.defs.get(scope) != "module")

    def dotted_import(self, index: FileIndex, parts: list[str]) -> tuple[str, int] | None:
        """Resolve Python ``import a.b`` bindings used as ``a.b.f``."""
        for used in range(len(parts), 1, -1):
            imports = index.imports.get(".".join(parts[:used]))
            if imports:
                return self.first_import(index, imports), used
        return None

    def outside(self, index: FileIndex, name: str, scope: str | None = None) -> str:
        """Resolve a name not defined in the file: imports, wildcards, package, built-ins."""
        imports = index.imports.get(name)
        if imports:
            return self.first_import(index, imports)
        language = rules(index.language)
        implied = language.implicit_import(self, index, name)
        if implied is not None:
            return implied
        from_outside = False
        packaged = language.package(self, index, name, scope) if language.package_before_wildcards else None
        if packaged is not None:
            return packaged
        if index.wildcards:
            found, from_outside = self.memoized(("wildcards", index.path, name), self.wildcard_name, index, name)
            if found not in SENTINELS:
                return found
        packaged = None if language.package_before_wildcards else language.package(self, index, name, scope)
        if packaged is not None:
            return packaged
        if name in BUILTINS.get(mod.family(index.language), ()):
            return EXTERNAL
        if from_outside and language.closed_wildcards and not TYPE_PARAMETER.fullmatch(name):
            return EXTERNAL
        return EXTERNAL if language.presumed_external(self, index, name, scope) else UNRESOLVED

    def wildcard_name(self, index: FileIndex, name: str) -> tuple[str, bool]:
        """Resolve a name through a file's own wildcard imports, in written order; tell too whether
        one of them reached outside the repository. Memoized per file and name: a C++ file calls
        the same names many times, and each went through every include again."""
        from_outside = False
        for imp in index.wildcards:
            module = self.module(index, imp.module)
            found = self.member(module, name) if module not in SENTINELS else module
            if found not in SENTINELS:
                return found, from_outside
            from_outside = from_outside or found == EXTERNAL
        return UNRESOLVED, from_outside

    def first_import(self, index: FileIndex, imports: list[Import]) -> str:
        """Resolve a name bound by several imports: the first that lands in the repository."""
        fallback = UNRESOLVED
        for imp in imports:
            target = self.resolve_import(index, imp)
            if target not in SENTINELS:
                return target
            if fallback == UNRESOLVED:
                fallback = target
        return fallback

    def in_directory(self, index: FileIndex, name: str) -> str | None:
        """Resolve a top-level name defined by another file of the same directory (Go, Java, PHP)."""
        directory = posixpath.dirname(index.path)
        paths = self.touch("dir:" + directory)
        if "." not in name:
            defined = self.directories.names(self.files.get, directory, index.language, paths).get(name, ())
            return unique([symbol_id(path, name) for path in defined if path != index.path])
        found = []
        for path in paths:
            other = self.files.get(path)
            if path != index.path and other is not None and other.language == index.language:
                if name in other.defs:
                    found.append(symbol_id(path, name))
        return unique(found)

    # -- modules -------------------------------------------------------------------------------
    def module(self, index: FileIndex, written: str) -> str:
        """Resolve a module as an import writes it to a file, a package or a sentinel (memoized)."""
        return self.memoized(("module", index.path, written), rules(index.language).find_module, self, index, written)

    # -- members -------------------------------------------------------------------------------
    def member(self, target: str, name: str) -> str:
        """Resolve ``target.name`` (memoized)."""
        if target in SENTINELS:
            return target
        return self.memoized(("member", target, name), self._member, target, name)

    def _member(self, target: str, name: str) -> str:
        """Resolve ``target.name`` without the memo (an array's members are its own: unknown)."""
        if target.startswith(UNION):  # the one method the members that have it agree on; several: no guess
            found = {self.member(t, name) for t in target[len(UNION):].split(UNION_SEPARATOR)} - SENTINELS
            return found.pop() if len(found) == 1 else AMBIGUOUS if found else UNRESOLVED
        if target.startswith(ARRAY) or not self._deeper():
            return UNRESOLVED
        try:
            prefix, colon, package = target.partition(":")
            language = package_rules(prefix + colon) if colon else None
            if language is not None:
                return language.package_member(self, package, name)
            if self.is_symbol(target):
                return self.symbol_member(target, name)
            return self.module_member(target, name)
        finally:
            self.depth -= 1

    def field(self, target: str, name: str) -> str:
        """Resolve ``target.name`` read, not called, where a class's fields and methods are apart
        (Java: ``d.head.size()`` reads the field ``Node head``, not the method ``head()``)."""
        if self.is_symbol(target):
            path, qualname = split_id(target)
            index = self.file(path)
            fields = index.attrs.get(qualname) if index is not None else None
            if index is not None and fields is not None and name in fields:
                return self.instance(index, fields[name], qualname) if fields[name] else UNRESOLVED
        return self.member(target, name)

    def symbol_member(self, target: str, name: str, inherited: bool = True) -> str:
        """Resolve a member of a class (its own, its attributes' types, with ``inherited`` its
        bases') or a nested name."""
        path, qualname = split_id(target)
        index = self.file(path)
        if index is None:
            return UNRESOLVED
        language = rules(index.language)
        opened = language.open_member(self, index, qualname, name)  # a C++ namespace: any file adds to it
        if opened is not None:
            return opened
        if qualname in index.globals and index.defs.get(qualname) in VALUE_KINDS and index.globals[qualname]:
            return self.member(self.instance(index, index.globals[qualname]), name)  # app = Flask(); app.route
        made = self.decorated(index, qualname)
        if made is not None:
            return self.member(made, name)  # @curry def add: add.bind is curry.bind
        if index.defs.get(qualname) in CLASS_KINDS and self.names_own_class(index, qualname, name):
            return target  # Base.Base, or Base as a subclass sees it: the class, not its constructor
        inner = f"{qualname}.{name}"
        kind = index.defs.get(inner)
        named = index.imports.get(inner) if kind is None and index.defs.get(qualname) in VALUE_KINDS else None
        if named:  # const handlers = { run }: handlers.run is run
            return self.first_import(index, named)
        if kind is not None and kind not in VALUE_KINDS:
            return symbol_id(path, inner)
        attrs = index.attrs.get(qualname)
        if attrs is not None and attrs.get(name):
            return self.instance(index, attrs[name], qualname)  # ``self.make_config()``: self is this class
        if kind is not None:
            return symbol_id(path, inner)
        elsewhere = language.method_elsewhere(self, index, inner)
        if elsewhere is not None:
            return elsewhere
        if attrs is not None and name in attrs:
            return UNRESOLVED  # an attribute of unknown type
        if index.language in OBJECT_SCOPES and any(q.startswith(inner + ".") for q in index.defs):
            return symbol_id(path, inner)  # `AST.helpers` of `let AST = { helpers: { simpleId() {} } }`
        if language.no_member(index, qualname, name):
            return UNRESOLVED
        if inherited and index.defs.get(qualname) == "type" and index.language in OBJECT_SCOPES:
            joined = self.joined_member(target, name)  # type Snapshot = Active | Done
            if joined is not None:
                return joined
        if inherited and (index.defs.get(qualname) in CLASS_KINDS or target in self.bases):  # a constructor function's too
            found = self.in_bases(target, name)
            if found == UNRESOLVED and language.traits_borrow_members and index.defs.get(qualname) == "trait":
                return self.from_users(target, name, index.language)
            derefed = language.derefs_to(self, target) if found in SENTINELS else None
            if derefed is not None:  # Rust: Utf8PathBuf derefs to Utf8Path, whose as_str it has
                reached = self.member(derefed, name)
                return reached if reached not in SENTINELS else found
            return found
        return UNRESOLVED

    def joined_member(self, alias: str, name: str) -> str | None:
        """Resolve a member of a TypeScript type alias through the types it is made of (``type
        AnyStateNode = StateNode<any>``, ``A & B``, ``Active | Done``): the one member they agree
        on, as a union annotation's (``Resolver.union``); ambiguous where two differ (ajv's ``type
        ChildNode = If | For | ...``: ``n.render()`` is each node's own), or where one joined
        alias's do; ``None`` where none has it."""
        reached = {self.member(base, name) for base in self.bases.get(alias, ())}
        found = reached - SENTINELS
        if AMBIGUOUS in reached or len(found) > 1:
            return AMBIGUOUS
        return found.pop() if found else None

    def from_users(self, trait: str, name: str, language: str) -> str:
        """Resolve a member a trait's code reaches that the trait does not declare (PHP's
        ``$this->timeConverter`` in ramsey/uuid's ``TimeTrait``): what every class using the trait
        makes of it, where they all agree; unresolved where none uses it or two differ. Looked up
        on the trait alone (``inherited``), never as a base of its users, which would come back."""
        self.deps.add("glob:" + mod.family(language))  # a class that starts using it changes the answer
        users = self.memoized(("users", trait), self.trait_users, trait)
        found = {self.member(user, name) for user in users}
        return found.pop() if len(found) == 1 and not found & SENTINELS else UNRESOLVED

    def in_subclasses(self, cls: str, name: str) -> tuple[str, str]:
        """Resolve a Python ``self.name`` that ``cls`` and its bases leave unresolved through the
        classes deriving from it: ``self`` is an instance of one of them, whose MRO may give the
        name from a sibling base (PyYAML's ``Parser`` calls ``self.check_token()`` of ``Scanner``,
        both bases of ``Loader``). The one method they agree on, with ``cls`` as the owner; where
        they differ, ambiguous with a union of the subclasses giving one as the owner (a site of
        each, ``link.union_methods``); unresolved where none gives a method of the repository, or
        more than ``MAX_SUBCLASSES`` derive from ``cls``."""
        if self.kind(cls) not in CLASS_KINDS:
            return UNRESOLVED, cls
        self.deps.add("bases:python")  # a class that comes to derive from cls changes the answer (``model.BASES_KEY``)
        return self.memoized(("subclasses", cls, name), self._in_subclasses, cls, name)

    def _in_subclasses(self, cls: str, name: str) -> tuple[str, str]:
        """Do ``in_subclasses`` without the memo."""
        if self.subclass_map is None:
            self.subclass_map = {}
            for sub, bases in self.bases.items():
                for base in dict.fromkeys(bases):
                    self.subclass_map.setdefault(base, []).append(sub)
        subclasses: list[str] = []
        seen = {cls}
        stack = [cls]
        while stack:
            for sub in self.subclass_map.get(stack.pop(), ()):
                if sub not in seen:
                    if len(subclasses) == MAX_SUBCLASSES:
                        return UNRESOLVED, cls
                    seen.add(sub)
                    subclasses.append(sub)
                    stack.append(sub)
        found: dict[str, list[str]] = {}
        for sub in subclasses:
            method = self.member(sub, name)
            if self.kind(method) in FUNCTION_KINDS:
                found.setdefault(method, []).append(sub)
        if len(found) == 1:
            return next(iter(found)), cls
        if not found:
            return UNRESOLVED, cls
        givers = sorted(next(iter(subs)) for subs in found.values())  # one subclass per method
        return AMBIGUOUS, UNION + UNION_SEPARATOR.join(givers)

    def trait_users(self, trait: str) -> tuple[str, ...]:
        """Return the classes whose bases name a trait (PHP's ``use TimeTrait;``)."""
        return tuple(cls for cls, bases in self.bases.items() if trait in bases)

    def decorated(self, index: FileIndex, qualname: str) -> str | None:
        """What a function's name holds when a decorator written bare made it an instance of a
        class (``@curry def add``: ``curry``), or of something outside the repository
        (``@functools.lru_cache``); ``None`` for an undecorated function, or one whose decorator
        gives it back or gives another function."""
        decorator = index.decorated.get(qualname)
        if decorator is None or index.defs.get(qualname) not in FUNCTION_KINDS:
            return None
        if decorator.endswith("()"):  # @click.group(): what the call's result makes of the function
            return self.memoized(("factory", index.path, qualname), self._factory_made, index, qualname,
                                 decorator.removesuffix("()"))
        made = self.instance(index, decorator + "()", qualname.rpartition(".")[0] or None)
        return made if made == EXTERNAL or self.kind(made) in CLASS_KINDS else None

    def _factory_made(self, index: FileIndex, qualname: str, factory: str) -> str | None:
        """Return the class a function decorated by a call (``@click.group()``, ``@cli.command()``)
        is an instance of: the one class of the repository the called function's declared results
        name, directly or as what the callable it returns makes (click's ``group`` declares ``->
        Group`` and ``-> t.Callable[[_AnyCallable], Group]`` in its overloads; ``Group.command``
        ``Command``), as jedi reads the overloads; ``None`` where they name none or two. click's
        ``@cli.command()`` on a function of the ``@click.group()`` named ``cli`` had reached nothing."""
        if not self._deeper():
            return None
        try:
            target = self.resolve(index, qualname.rpartition(".")[0] or None, factory, call=True)
            if self.kind(target) not in FUNCTION_KINDS:
                return None
            path, declared_in = split_id(target)
            holder = self.file(path)
            returned = holder.locals.get(declared_in, {}).get(RETURN) if holder is not None else None
            found = set()
            for written in returned.split(ALTERNATIVES) if returned else ():
                for part in written.split(UNION_TYPE):
                    made = self.instance(holder, part.removesuffix("[i]"), declared_in)  # type: ignore[arg-type]
                    if self.kind(made) in CLASS_KINDS:
                        found.add(made)
            return found.pop() if len(found) == 1 else None
        finally:
            self.depth -= 1

    def in_bases(self, cls: str, name: str) -> str:
        """Resolve a member inherited from the bases of a class: depth first, in the order the
        bases are written, each class once.

        A hierarchy can have cycles (code that does not run, or two classes of one name in two
        files): followed as nested lookups cut at ``MAX_DEPTH``, and so never memoized, six
        classes deriving from one another took exponential time."""
        outcome = UNRESOLVED
        seen = {cls}
        stack = list(reversed(self.bases.get(cls, ())))
        while stack:
            base = stack.pop()
            if base == EXTERNAL:
                outcome = EXTERNAL
                continue
            if base in SENTINELS or base in seen:
                continue
            seen.add(base)
            if self.is_symbol(base):
                given = self.field_argument(cls, base, name)
                if given is not None:
                    return given  # this.provider of a JsonRpcSigner extending AbstractSigner<JsonRpcApiProvider>
                found = self.symbol_member(base, name, inherited=False)
                stack.extend(reversed(self.bases.get(base, ())))
            else:
                found = self.member(base, name)
            if found not in SENTINELS:
                return found
            if found == EXTERNAL:
                outcome = EXTERNAL
        return outcome

    def field_argument(self, cls: str, base: str, name: str) -> str | None:
        """Type a field a TypeScript class inherits, declared as a type parameter of the base
        declaring it (``readonly provider!: P`` of ``AbstractSigner<P extends null | Provider>``), by
        the type argument ``cls`` gives that base (``JsonRpcSigner extends
        AbstractSigner<JsonRpcApiProvider>``, ``ts_generics.py``'s records); ``None`` where the
        field is no such one or no class on the way says (its own type stands)."""
        path, qualname = split_id(base)
        index = self.file(path)
        records = index.attrs.get(qualname, {}) if index is not None else {}
        written = records.get(FIELD_PARAMETER + name)
        parameters = records.get(TYPE_PARAMETERS, "").split(",")
        if not written or written not in parameters:
            return None
        found = self.memoized(("base argument", cls, base, written), self._base_argument,
                              cls, base, parameters.index(written), 4)
        return found if isinstance(found, str) else None

    def module_member(self, path: str, name: str) -> str:
        """Resolve a name exported by a module file (definitions, re-exports, submodules)."""
        index = self.file(path)
        if index is None:
            return UNRESOLVED
        if name in index.defs:
            return symbol_id(path, name)
        imports = index.imports.get(name)
        if imports:
            return self.first_import(index, imports)
        if index.wildcards:
            found = self.memoized(("starred", path, name), self.starred, index, name)
            if found not in SENTINELS:
                return found
        return self.submodule(index, name)

    def starred(self, index: FileIndex, name: str) -> str:
        """Resolve a name a module reaches through its wildcard imports (``from m import *``,
        ``export * from``, ``#include``), the nearest module first (``wildcard_closure``)."""
        for target, other in self.memoized(("closure", index.path), self.wildcard_closure, index):
            if other is None:  # a package or namespace target (Go, Java, C++)
                found = self.member(target, name)
            elif name in other.defs:
                return symbol_id(target, name)
            else:
                named = other.imports.get(name)
                found = self.first_import(other, named) if named else self.submodule(other, name)
            if found not in SENTINELS:
                return found
        return UNRESOLVED

    def wildcard_closure(self, index: FileIndex) -> tuple[tuple[str, FileIndex | None], ...]:
        """Return every module a file reaches through wildcard imports, breadth first: each
        target with its tables (``None`` for a package or namespace, which is not followed).

        Wildcards form cycles (two barrels re-exporting each other, headers including each other
        behind include guards), so each module is read once. Following them as nested lookups,
        cut at ``MAX_DEPTH`` and so never memoized, took exponential time: eight JavaScript files
        re-exporting one another, or sentencepiece's headers, never finished. Computed once per
        file (memoized), not once per name looked up: a C++ file's names went through the same
        hundred includes one by one, and resolving them was most of sentencepiece's graph."""
        seen = {index.path}
        queue = [index]
        out: list[tuple[str, FileIndex | None]] = []
        for current in queue:
            for imp in current.wildcards:
                target = self.module(current, imp.module)
                if target in SENTINELS or target in seen:
                    continue
                seen.add(target)
                other = self.file(target)
                out.append((target, other))
                if other is not None:
                    queue.append(other)
        return tuple(out)

    def submodule(self, index: FileIndex, name: str) -> str:
        """Resolve a child module of a Python package or a Rust module."""
        return rules(index.language).submodule(self, index, name)

    def kind(self, target: str) -> str | None:
        """Return the symbol kind of a target, ``None`` when it is not a symbol."""
        if not self.is_symbol(target):
            return None
        path, qualname = split_id(target)
        index = self.files.get(path)
        return index.defs.get(qualname) if index is not None else None
