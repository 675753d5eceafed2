"""React: a component rendered in JSX (``<Widget />``) is called there, for callers and impact."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import impact
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

FILES = {
    "src/widget.tsx": "export default function Widget(props: { value: number }) { return <b>{props.value}</b> }\n",
    "src/panel.jsx": "export const Panel = {\n  Header({ title }) { return <h1>{title}</h1> },\n}\n",
    "src/page.tsx": """\
        import Widget from './widget'
        import { Panel } from './panel'
        export function Page() {
          return (
            <div>
              <Widget value={1} />
              <Panel.Header title="x">hi</Panel.Header>
            </div>
          )
        }
        """,
    "src/app.jsx": "import { Page } from './page'\nexport const App = () => <main><Page /></main>\n",
}


def test_a_rendered_component_is_called_where_it_is_rendered() -> None:
    """"who calls Widget" had listed no line rendering it, and what breaks if it changes had
    stopped at the files importing it."""
    graph = CodeGraph.build({path: analyze(path, dedent(text)) for path, text in FILES.items()})
    retriever = GraphRetriever(graph)
    assert [(h.path, h.start_line, h.symbol) for h in retriever.callers_hits("Widget", 10)] == [
        ("src/page.tsx", 6, "Page")]
    assert [(h.path, h.start_line, h.symbol) for h in retriever.callers_hits("Panel.Header", 10)] == [
        ("src/page.tsx", 7, "Page")]
    reached = {d.qualname: d.depth for d in impact(graph, "Widget").dependents if d.qualname}
    assert reached == {"Page": 1, "App": 2}


def test_an_intrinsic_element_is_no_call() -> None:
    found = analyze("a.jsx", "const A = () => <div><span /><motion.div /></div>\n").references
    assert [r for r in found if r.kind == "call"] == []
