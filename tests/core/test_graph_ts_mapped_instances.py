"""JavaScript and TypeScript: what ``map`` gives where its callback is an arrow making one class's
instance is an array of that class (``const jobInstances = jobs.map(job => new this(queue,
job.name))`` in a static method of ``Job``): bullmq's ``jobInstances.map(job => job.asJSON())`` had
reached nothing. An arrow making anything else still gives nothing known."""

from __future__ import annotations

from tests.core.test_graph_resolve import call_targets, graph_of

TS = """\
export class Job {
  asJSON(): void {}
  static make(xs: number[]) {
    const made = xs.map(x => new Job())
    made.forEach(m => m.asJSON())
    const mine = xs.map(x => new this())
    mine[0].asJSON()
    const blocks = xs.map((x) => { return (new Job()) })
    blocks.map(b => b.asJSON())
    const other = xs.map(x => x.toString())
    other[0].asJSON()
  }
}
"""


def test_an_array_mapped_to_new_instances_holds_them() -> None:
    graph = graph_of({"a.ts": TS})
    for line in (5, 7, 9):
        assert call_targets(graph, "a.ts", line) == {"a.ts::Job.asJSON"}, line


def test_an_array_mapped_otherwise_holds_nothing_known() -> None:
    graph = graph_of({"a.ts": TS})
    assert call_targets(graph, "a.ts", 11) == set()
