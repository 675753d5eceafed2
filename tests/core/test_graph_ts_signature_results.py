"""What a TypeScript interface's method signature or an abstract method declares it returns is
what a call of it gives, as a method definition's declared result is: ethers' ``const network =
await provider.getNetwork(); network.getPlugin(...)`` of ``interface Provider { getNetwork():
Promise<Network> }`` had reached nothing (only a method with a body had a result)."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Network { clone(): Network { return this } }
export interface Provider {
  getNetwork(): Promise<Network>
  plain(): Network
}
export abstract class Base {
  abstract made(): Network
}
export async function f(provider: Provider, p: Base) {
  const a = await provider.getNetwork();
  a.clone()
  const c = provider.plain();
  c.clone()
  p.made().clone()
}
"""


def test_signatures_declare_what_a_call_gives() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 11) == {"a.ts::Network.clone"}
    assert call_targets(graph, "a.ts", 13) == {"a.ts::Network.clone"}
    assert call_targets(graph, "a.ts", 14) == {"a.ts::Network.clone", "a.ts::Base.made"}
