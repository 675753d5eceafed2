"""What awaiting a TypeScript ``Promise<Child>`` gives is a ``Child``: an async method's declared
result (``async retain(): Promise<Child>``), a getter's (``get scheduler(): Promise<Scheduler>``),
awaited into a local or in parentheses. bullmq's ``child = await childPool.retain(file);
child.send(...)`` and ``(await this.jobScheduler).getScheduler(id)`` had reached nothing (15 of its
sites against the TypeScript 5.6 language service)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Child { send(m: unknown): void {} }
export class Pool {
  async retain(file: string): Promise<Child> { return new Child() }
  get scheduler(): Promise<Child> { return Promise.resolve(new Child()) }
  async run(): Promise<void> {
    (await this.scheduler).send(1)
    const s = await this.scheduler
    s.send(2)
    const c = await this.retain('x')
    c.send(3)
  }
}
export function sandbox(pool: Pool) {
  return async function process(file: string) {
    let child: Child
    const init = async () => {
      child = await pool.retain(file)
      child.send(4)
    }
    await init()
  }
}
"""


def test_an_awaited_promise_is_what_it_settles_to() -> None:
    graph = graph_of({"a.ts": TS})
    for line in (6, 8, 10, 18):
        assert call_targets(graph, "a.ts", line) == {"a.ts::Child.send"}, line


def test_a_promise_of_no_named_type_is_the_library_s() -> None:
    graph = graph_of({"a.ts": TS})
    outcomes = {item.name: item.outcome for item in graph.loose["a.ts"] if item.line in (4, 5)}
    assert outcomes.get("Promise") == "external" and outcomes.get("Promise.resolve") == "external"


@pytest.mark.parametrize("written", ["Promise<Child[]>", "Promise<string | undefined>", "Promise<void>"])
def test_a_promise_type_is_a_use_of_the_library_s(written: str) -> None:
    """Written as a type, ``Promise<Child[]>`` uses the library's ``Promise``: no reference to
    ``Child[]`` or ``string``, names no symbol has (unresolved)."""
    facts = {"a.ts": analyze("a.ts", f"export class Child {{}}\nexport async function f(): {written} {{ return undefined as any }}\n")}
    stats = build_graph(facts).stats["languages"]["typescript"]  # type: ignore[index]
    assert stats["unresolved"] == 0 and stats["external"] == 1
