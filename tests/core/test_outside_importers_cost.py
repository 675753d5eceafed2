"""Who imports a module outside the repository reads the imports of the files that spell its name,
not the rest of their facts: on sympy's own folder, "import sympy" decoded every file's chunks,
symbols and references (547,795 of them) to read their imports, 3.3 s of a 3.8 s answer."""

from __future__ import annotations

from pathlib import Path

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.store.facts import FactsTable


def test_who_imports_an_outside_module_decodes_only_imports(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    root.mkdir()
    for i in range(30):
        (root / f"m{i:02d}.py").write_text(
            "import requests\n\n" + "".join(f"def f{i}_{k}(x):\n    return requests.get(x) + {k}\n\n" for k in range(20)))
    engine = Engine(root, tmp_path / "ix", static=False)
    engine.refresh(semantic=False)
    answer = engine.search("who imports requests", limit=100)
    assert sorted((r.path, r.start_line) for r in answer.results) == [(f"m{i:02d}.py", 1) for i in range(30)]
    facts = engine.snapshot.facts
    assert isinstance(facts, FactsTable)
    assert len(facts._decoded) < 5, sorted(facts._decoded)  # a page's few files at most, not every importer
    assert facts.imports("m07.py") == facts["m07.py"].imports
