"""A TypeScript class extending a generic base (``class JsonRpcSigner extends
AbstractSigner<JsonRpcApiProvider>``) sees the base's fields and method results declared as the
base's type parameter (``readonly provider!: P``, ``get(): P``) as its type argument: ethers'
``this.provider.send(...)`` had reached nothing (``send`` is ``JsonRpcApiProvider``'s, not the
bound's). A class passing its own parameter on (``Mid<X> extends Base<X>``) hands its argument
through; the base itself, and a class giving no argument, keep the declared type."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export interface Provider { getNetwork(): void }
export class ApiProvider implements Provider { getNetwork(): void {} send(m: string): void {} }
export abstract class AbstractSigner<P extends null | Provider = null | Provider> {
  readonly provider!: P;
  get(): P { return this.provider }
  own() { this.provider.getNetwork() }
}
export class Signer extends AbstractSigner<ApiProvider> {
  go() { this.provider.send("a") }
  got() { this.get().send("b") }
}
function f(s: Signer) { s.provider.send("c") }
class Mid<X extends Provider> extends AbstractSigner<X> {}
class Leaf extends Mid<ApiProvider> { go() { this.provider.send("d") } }
class Bare extends AbstractSigner { go() { this.provider.send("e") } }
"""


def test_an_inherited_field_of_a_type_parameter_is_the_type_argument() -> None:
    graph = graph_of({"a.ts": TS})
    for line in (9, 12, 14):
        assert call_targets(graph, "a.ts", line) == {"a.ts::ApiProvider.send"}, line


def test_an_inherited_method_result_of_a_type_parameter_is_the_type_argument() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 10) == {"a.ts::AbstractSigner.get", "a.ts::ApiProvider.send"}



def test_a_class_giving_no_argument_keeps_the_declared_type() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 15) == set()
