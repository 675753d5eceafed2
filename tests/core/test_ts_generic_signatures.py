"""TypeScript: a generic call signature on the line after a member ending in a type (immer's
``IProduce``: ``): Curried`` then ``<Recipe extends AnyFunc>(recipe: Recipe): ...``). The grammar
read ``Curried<Recipe`` as one generic type, and the error took the interface and every definition
after it in the file; TypeScript starts no type arguments after a line break."""

from __future__ import annotations

from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import parse

IMMER_LIKE = b"""export interface IProduce {
\t/** Curried producer */
\t<Curried>(
\t\trecipe: Curried
\t): Curried

\t/** infers curried from the recipe */
\t<Recipe extends AnyFunc>(recipe: Recipe): Curried<
\t\tRecipe
\t>
\t<State>(recipe: State): State // a comment
\t<Base, D = Draft<Base>>(base: Base): Base
\tlabel: string
}
export type Producer<T> = (draft: T) => void
export function never_used() {}
type Make = (a: number) =>
    <T>(x: T) => T
type K<X> = X extends
    <T>(x: T) => infer R ? R : never
"""


def test_the_definitions_after_generic_call_signatures_are_kept() -> None:
    tree = parse("typescript", IMMER_LIKE)
    assert not tree.root_node.has_error
    _, symbols = extract_definitions(tree, IMMER_LIKE, "typescript", "types.ts")
    assert [(s.kind, s.qualname, s.start_line, s.end_line) for s in symbols] == [
        ("interface", "IProduce", 1, 14), ("variable", "IProduce.label", 13, 13), ("type", "Producer", 15, 15),
        ("function", "never_used", 16, 16), ("type", "Make", 17, 18), ("type", "K", 19, 20),
    ]
