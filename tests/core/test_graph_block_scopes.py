"""A name bound twice in one function with two types is typed in each block it is bound in: a
Java method's overloads (args4j's ``printExample(ExampleMode mode)`` and ``printExample(
OptionHandlerFilter mode, ...)``: ``mode.select(h)`` was tied to nothing), and a Go name ranged
over two slices of different types in one function (each ``for`` its own block)."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

FILTER = """
package a;

public interface Filter {
    boolean select(int h);
}
"""

MODE = """
package a;

public enum Mode {
    ALL;
    public boolean print(int h) { return true; }
}
"""

PARSER = """
package a;

public class Parser {
    public String printExample(Mode mode) {
        return printExample(mode.print(1) ? null : null, null);
    }

    public String printExample(Filter mode, String rb) {
        if (mode.select(2)) {
            return rb;
        }
        return helper(mode);
    }

    private String helper(Filter f) {
        return "";
    }
}
"""


def java() -> CodeGraph:
    files = {"a/Filter.java": FILTER, "a/Mode.java": MODE, "a/Parser.java": PARSER}
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_each_java_overload_types_its_own_parameters() -> None:
    g = java()
    assert [(s.path, s.line) for s in callers(g, "Filter.select").sites] == [("a/Parser.java", 10)]
    assert [(s.path, s.line) for s in callers(g, "Mode.print").sites] == [("a/Parser.java", 6)]


def test_an_overload_s_calls_come_from_its_method() -> None:
    sites = callers(java(), "Parser.helper").sites
    assert [(s.line, s.caller) for s in sites] == [(13, "Parser.printExample")]


GO = """
package a

type Flag struct{}

func (f *Flag) Names() []string { return nil }

type Cmd struct{}

func (c *Cmd) Run() *Flag { return nil }

func use(flags []*Flag, cmds []*Cmd) *Flag {
    for _, x := range flags {
        x.Names()
    }
    for _, x := range cmds {
        x.Run()
        for _, x := range flags {
            x.Names()
        }
        x.Run()
    }
    for i := 0; i < 1; i++ {
        return cmds[i].Run()
    }
    return nil
}

func caller() {
    use(nil, nil).Names()
}
"""


def test_a_go_name_ranged_over_two_types_is_each_in_its_loop() -> None:
    g = build_graph({"a/a.go": analyze("a/a.go", dedent(GO))})
    assert [s.line for s in callers(g, "Flag.Names").sites] == [14, 19, 30]
    assert [s.line for s in callers(g, "Cmd.Run").sites] == [17, 21, 24]
    assert {s.caller for s in callers(g, "Cmd.Run").sites} == {"use"}


VIEWS = """
package a;

public class View {
    public void draw(int c) {}
}
"""

VIRTUAL = """
package a;

public class VirtualView {
    public int saveAndSetupCanvas(int c) { return c; }
}
"""

SVG = """
package a;

import java.util.List;

public class SvgView {
    void drawChildren(List<View> views, List<VirtualView> nodes) {
        for (View node : views) {
            node.draw(1);
        }
        for (VirtualView node : nodes) {
            int count = node.saveAndSetupCanvas(2);
            for (View node2 : views) { node2.draw(count); }
        }
        for (int i = 0; i < 1; i++) {
            VirtualView node = nodes.get(i);
            node.saveAndSetupCanvas(3);
        }
    }
}
"""


def test_a_java_name_declared_with_two_types_by_sibling_loops_is_each_in_its_loop() -> None:
    files = {"a/View.java": VIEWS, "a/VirtualView.java": VIRTUAL, "a/SvgView.java": SVG}
    g = build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})
    assert [s.line for s in callers(g, "VirtualView.saveAndSetupCanvas").sites] == [12, 17]
    assert [s.line for s in callers(g, "View.draw").sites] == [9, 13]
    assert {s.caller for s in callers(g, "VirtualView.saveAndSetupCanvas").sites} == {"SvgView.drawChildren"}


GROUP = """
package a;

public class Group {
    public void add(int c) {}
}
"""

ERRORS = """
package a;

public class IOError extends Exception {
    public String path() { return ""; }
}
"""

SQL = """
package a;

public class SqlError extends Exception {
    public int code() { return 0; }
}
"""

SCREEN = """
package a;

public class Screen {
    void paint(boolean a, Object o) {
        if (a) {
            View v = (View) o;
            v.draw(1);
        } else if (o == null) {
            return;
        } else {
            Group v = (Group) o;
            v.add(2);
        }
        try {
            open();
        } catch (IOError e) {
            e.path();
        } catch (SqlError e) {
            e.code();
        } finally {
            Group v = null;
            v.add(3);
        }
    }

    void open() throws IOError, SqlError {}
}
"""


def test_a_java_name_declared_with_two_types_by_sibling_blocks_is_each_in_its_block() -> None:
    files = {"a/View.java": VIEWS, "a/Group.java": GROUP, "a/IOError.java": ERRORS, "a/SqlError.java": SQL,
             "a/Screen.java": SCREEN}
    g = build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})
    assert [s.line for s in callers(g, "View.draw").sites] == [8]
    assert [s.line for s in callers(g, "Group.add").sites] == [13, 23]
    assert [s.line for s in callers(g, "IOError.path").sites] == [18]
    assert [s.line for s in callers(g, "SqlError.code").sites] == [20]
    assert {s.caller for s in callers(g, "Group.add").sites} == {"Screen.paint"}
    assert [s.line for s in callers(g, "Screen.open").sites] == [16]
