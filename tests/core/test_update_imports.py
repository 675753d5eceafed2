"""What a search after a small edit imports: only what its repository's languages need. A Go
repository's update had imported every language's resolution rules (Rust's with ``tomllib``,
through ``cargo.py``). platformdirs, which finds the user's cache, stays: a well-kept library does
that job exactly."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from maguyva_tui.core.graph import modules as mod
from maguyva_tui.core.graph.resolve import languages

REPO = Path(__file__).resolve().parents[2]
OTHER_RULES = tuple(f"maguyva_tui.core.graph.resolve.{name}"
                    for name in ("rust", "python", "java", "php", "ruby", "clike", "ecmascript"))


def test_each_language_gets_its_own_rules_and_each_package_prefix_its_maker() -> None:
    made = {name: languages.rules(name) for name in (*languages.LANGUAGE_RULES, None, "kotlin")}
    assert {name: type(rule).__name__ for name, rule in made.items()} == {
        "python": "Python", "go": "Go", "rust": "Rust", "java": "Java", "c": "CLike", "cpp": "CLike",
        "php": "PHP", "ruby": "Ruby", **dict.fromkeys(mod.JS_FAMILY, "EcmaScript"),
        None: "Language", "kotlin": "Language"}
    assert (made["c"].cpp, made["cpp"].cpp) == (False, True)
    assert len({id(made[name]) for name in mod.JS_FAMILY}) == 1  # one instance for the family
    assert languages.rules("go") is made["go"]  # made once
    prefixes = {rule.target_prefix: rule for rule in made.values() if rule.target_prefix}
    assert {prefix: languages.package_rules(prefix) for prefix in prefixes} == {
        "gopkg:": made["go"], "jpkg:": made["java"], "cns:": made["cpp"], "phpns:": made["php"]}
    assert languages.package_rules("nope:") is None


@pytest.mark.slow
def test_a_small_update_of_a_go_repository_imports_only_go_rules(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    (repo / "store").mkdir(parents=True)
    (repo / "go.mod").write_text("module example.com/shelf\n\ngo 1.21\n")
    (repo / "store" / "store.go").write_text(
        "package store\n\n// Shelf holds books.\ntype Shelf struct{ books []string }\n\n"
        "// Add puts a book on the shelf.\nfunc (s *Shelf) Add(title string) { s.books = append(s.books, title) }\n")
    main = repo / "main.go"
    main.write_text('package main\n\nimport "example.com/shelf/store"\n\n'
                    'func main() {\n\tvar s store.Shelf\n\ts.Add("Dune")\n}\n')
    cache = tmp_path / "xdg"  # the static tier's cache found through $XDG_CACHE_HOME, as a user's is
    (cache / "maguyva").mkdir(parents=True)
    (cache / "maguyva" / "models").symlink_to(os.environ["MAGUYVA_MODEL_CACHE"])
    env = {**{k: v for k, v in os.environ.items() if k != "MAGUYVA_MODEL_CACHE"}, "XDG_CACHE_HOME": str(cache),
           "MAGUYVA_NO_SERVER": "1", "MAGUYVA_INDEX_DIR": str(tmp_path / "indexes")}
    subprocess.run([sys.executable, "-m", "maguyva_tui", "index", str(repo)], capture_output=True, text=True,
                   timeout=300, check=True, cwd=REPO, env=env)
    main.write_text(main.read_text() + "\nfunc shelve(s *store.Shelf) { s.Add(\"Emma\") }\n")
    asked = ("import sys; from maguyva_tui.cli import main; main(['search', 'shelve', '--repo', sys.argv[1]]); "
             f"print([m for m in ('tomllib', *{OTHER_RULES!r}) if m in sys.modules], "
             "'maguyva_tui.core.graph.resolve.go' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", asked, str(repo)], capture_output=True, text=True,
                         timeout=300, check=True, cwd=REPO, env=env)
    assert "main.go" in out.stdout  # the edit was indexed and found
    assert out.stdout.strip().splitlines()[-1] == "[] True"  # Go's rules resolved the edit, no other's
