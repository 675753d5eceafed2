"""A module's or class's unpacking and chained assignments define each name they bind, as Python's
``ast`` reads them (strsim-rs' ``args, remaining = parser.parse_known_args()`` had defined neither)."""

from __future__ import annotations

import ast

from maguyva_tui.core.parsing.analyze import analyze

SOURCE = ("a, b = f()\n(c, d) = g()\n[e, *rest] = h()\nx = y = 1\nself.z = 2\nq[0], r = 1, 2\n"
          "if True:\n    args, remaining = 1, 2\nclass K:\n    u, v = 1, 2\ndef f():\n    loc, al = 1, 2\n")


def _ast_names(source: str) -> set[tuple[str, int]]:
    """Module- and class-level names bound by assignments, with their lines (the oracle)."""
    found: set[tuple[str, int]] = set()

    def visit(body: list[ast.stmt], prefix: str) -> None:
        for node in body:
            if isinstance(node, ast.Assign):
                for target in node.targets:
                    for name in ast.walk(target):
                        if isinstance(name, ast.Name) and isinstance(name.ctx, ast.Store):
                            found.add((prefix + name.id, name.lineno))
            elif isinstance(node, ast.ClassDef):
                visit(node.body, f"{prefix}{node.name}.")
            elif isinstance(node, ast.If):
                visit(node.body, prefix)

    visit(ast.parse(source).body, "")
    return found


def test_unpacked_and_chained_names_are_variables_where_ast_binds_them() -> None:
    facts = analyze("m.py", SOURCE)
    ours = {(s.qualname, s.start_line) for s in facts.symbols if s.kind in ("variable", "constant")}
    assert ours == _ast_names(SOURCE)
    assert ("remaining", 8) in ours and ("loc", 12) not in ours  # a function's locals stay out
