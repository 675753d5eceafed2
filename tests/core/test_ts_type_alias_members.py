"""TypeScript definitions: an aliased object type's members, as an interface's; methods named by strings."""

from __future__ import annotations

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse


def test_a_type_alias_naming_an_object_type_has_its_members_as_an_interface_has() -> None:
    """ts-pattern's ``type Match<i> = {with<p>(...): ...}``: "where is Match.with defined" had said
    no symbol is so named; an intersection's or a union's object types are the alias's too."""
    source = b"""export type Match<i> = {
  with<p>(pattern: p): Match<i>;
  run(): i;
};
type Store = Base & ({ readonly size: number; sub: (l: () => void) => () => void });
type Pair = [number, number];
function take(o: { inParam(): void }) {}
type Observable = { subscribe(o: Observer): void } | { subscribe(next: () => void): void };
type Picked = Omit<{ dropped(): void }, "dropped">;
"""
    _, symbols = extract_definitions(parse("typescript", source), source, "typescript", "m.ts")
    assert [(s.kind, s.qualname, s.start_line) for s in symbols] == [
        ("type", "Match", 1), ("method", "Match.with", 2), ("method", "Match.run", 3),
        ("type", "Store", 5), ("variable", "Store.size", 5), ("method", "Store.sub", 5),
        ("type", "Pair", 6), ("function", "take", 7), ("type", "Observable", 8),
        ("method", "Observable.subscribe", 8), ("method", "Observable.subscribe", 8), ("type", "Picked", 9),
    ]


def test_a_method_named_by_a_string_is_named_by_its_text() -> None:
    """``"quoted-name"(): void`` had been the symbol ``Array."quoted-name"``, quotes and all."""
    source = b"""class A { "my-method"() {} 'other'() {} }
interface I { "quoted-name"(): void }
const o = { 'x-y'() {} };
"""
    _, symbols = extract_definitions(parse("typescript", source), source, "typescript", "q.ts")
    assert [s.qualname for s in symbols] == ["A", "A.my-method", "A.other", "I", "I.quoted-name", "o", "o.x-y"]
