"""A place written relative (``../x/a.py:3``, ``./src/a.js:10:5``) or of a dot file
(``.github/workflows/ci.yml:12``) keeps its leading dots: a path out of the root names no indexed
file, as ``../x.py`` without a line already did, and a dot file is itself. Found by an outside tester
of the MCP server (addict 2.4.0): "who calls ../x/a.py:10" had read the place as ``/x/a.py``, said
"no indexed file is /x/a.py" for ``../iniconfig-2.0.0/...``, and answered from the root's own
``x/a.py``; ``.github/workflows/ci.yml:12`` had been ``github/workflows/ci.yml``."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from maguyva_tui.core.locations import Place, parse, resolve

FILES = SimpleNamespace(files={"x/a.py", "src/a.js", ".github/workflows/ci.yml"})


@pytest.mark.parametrize(("text", "path", "line"), [
    ("who calls ../x/a.py:10", "../x/a.py", 10), ("(../a.py:3)", "../a.py", 3),
    ("at (./src/a.js:10:5)", "./src/a.js", 10), (".github/workflows/ci.yml:12", ".github/workflows/ci.yml", 12),
    ("<.eslintrc.js:4>", ".eslintrc.js", 4),
    ("see a.py:3.", "a.py", 3), ("...a.py:3", "a.py", 3), ("(src/a.py:3)", "src/a.py", 3),  # as before
])
def test_a_place_keeps_its_leading_dots(text: str, path: str, line: int) -> None:
    assert parse(text) == (Place(path, line),)


def test_a_place_out_of_the_root_names_no_file_and_the_others_theirs() -> None:
    assert resolve(parse("who calls ../x/a.py:10"), FILES) == []  # x/a.py had answered for it
    assert [r.path for r in resolve(parse("at (./src/a.js:10:5)"), FILES)] == ["src/a.js"]
    assert [r.path for r in resolve(parse(".github/workflows/ci.yml:12"), FILES)] == [".github/workflows/ci.yml"]
