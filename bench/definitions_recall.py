"""Definitions found by the structural engine's parser, against universal-ctags, per language.

On the trees of :mod:`bench.nl_quality` (semble's repositories as that benchmark copies them), every
file of a structural language is parsed as the index parses it, and its definitions are compared
with the tags universal-ctags writes for the same file: recall is the share of ctags' (file, name)
pairs of the compared kinds that the parser defines too (its qualified names are not compared:
ctags and the parser spell scopes differently), "extra" the share of the parser's names of
those kinds that ctags does not tag in that file. ctags shares no code with the project.

    python -m bench.definitions_recall --half A
    python -m bench.definitions_recall --repos fmtlib,rails --show 5
    python -m bench.definitions_recall --misses javascript   # each name missed, with its line
"""

from __future__ import annotations

import argparse
import collections
import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from bench.nl.prepare import semble_tree
from bench.nl.repos import semble_repositories
from bench.nl_quality import selected
from maguyva_tui.core.parsing.definitions import extract_definitions
from maguyva_tui.core.parsing.languages import language_of, parse

CTAGS_KINDS = frozenset({"class", "struct", "interface", "trait", "enum", "union", "function", "method",
                         "module", "singletonMethod", "func"})
"""ctags kinds compared, whatever the language (ctags names them per language: Go's ``func``,
Ruby's ``singletonMethod``), against the parser's symbol kinds below."""
LANGUAGE_KINDS = {"Python": frozenset({"member"}), "C++": frozenset({"namespace"})}
"""Kinds compared in one language only: a Python method is a ``member`` (a Go ``member`` is a
struct field); a C++ namespace is a module here (a PHP one names no symbol)."""
OUR_KINDS = frozenset({"class", "struct", "interface", "trait", "enum", "function", "method", "module"})


def ctags_tags(root: Path) -> Iterator[dict[str, Any]]:
    """Every tag universal-ctags writes for a tree (JSON, with each tag's language and kind)."""
    found = shutil.which("ctags-universal") or shutil.which("ctags")
    if found is None:
        raise SystemExit("this bench needs universal-ctags (ctags) on PATH")
    out = subprocess.run([found, "-R", "--output-format=json", "--fields=+lKn", "-f", "-", "."], cwd=root,
                         capture_output=True, text=True, check=False).stdout
    for line in out.splitlines():
        try:
            tag = json.loads(line)
        except ValueError:
            continue
        if tag.get("_type") == "tag" and not tag["name"].startswith(MADE_UP):
            yield tag


MADE_UP = ("__anon", "AnonymousFunction", "AnonymousClass")
"""The prefixes of the names ctags makes up for anonymous types, functions and (JavaScript)
object literals."""


def ctags_definitions(root: Path) -> dict[str, dict[str, int]]:
    """Each file's names that ctags tags with one of :data:`CTAGS_KINDS`, each with the first
    line ctags tags it on."""
    tags: dict[str, dict[str, int]] = collections.defaultdict(dict)
    for tag in ctags_tags(root):
        if tag.get("kind") in CTAGS_KINDS | LANGUAGE_KINDS.get(tag.get("language", ""), frozenset()):
            name = tag["name"].replace(" ", "")  # ctags writes `operator !=`
            line = int(tag.get("line", 0))
            names = tags[tag["path"]]
            names[name] = min(names.get(name, line), line)
    return tags


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.definitions_recall", description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=("A", "B"), default=None)
    parser.add_argument("--repos", default=None, help="comma-separated repository names")
    parser.add_argument("--show", type=int, default=0, help="print this many files with the most names missed")
    parser.add_argument("--misses", default=None, metavar="LANGUAGE",
                        help="print each name of this language ctags tags and the parser misses, with its line")
    args = parser.parse_args(argv)
    repositories = semble_repositories()
    totals: dict[str, list[int]] = collections.defaultdict(lambda: [0, 0, 0, 0])  # wanted, found, ours, extra
    worst: list[tuple[int, str, str]] = []
    misses: list[str] = []
    for name in selected(args.repos, args.half):
        if name not in repositories:
            continue
        tree = semble_tree(repositories[name])
        tags = ctags_definitions(tree.root)
        for path in sorted(p for p in tags):
            source = (tree.root / path).read_bytes()
            language = language_of(path, source)
            if language is None:
                continue
            _, symbols = extract_definitions(parse(language, source), source, language, path)
            ours = {s.name.replace(" ", "") for s in symbols if s.kind in OUR_KINDS}
            wanted = set(tags[path])
            if language == args.misses:
                text = source.decode("utf-8", "replace").split("\n")
                for missed in sorted(wanted - ours, key=lambda n: tags[path][n]):
                    line = tags[path][missed]
                    misses.append(f"- {name}/{path}:{line} {missed}: {text[line - 1].strip()[:100] if line else ''}")
            row = totals[language]
            row[0] += len(wanted)
            row[1] += len(wanted & ours)
            row[2] += len(ours)
            row[3] += len(ours - wanted)
            worst.append((len(wanted - ours), name, path))
    print("| language | ctags definitions | found | recall | ours | not tagged by ctags |\n|---|---:|---:|---:|---:|---:|")
    for language in sorted(totals):
        wanted, found, ours, extra = totals[language]
        print(f"| {language} | {wanted} | {found} | {found / max(wanted, 1):.3f} | {ours} | {extra / max(ours, 1):.3f} |")
    wanted, found, ours, extra = (sum(r[i] for r in totals.values()) for i in range(4))
    print(f"| all | {wanted} | {found} | {found / max(wanted, 1):.3f} | {ours} | {extra / max(ours, 1):.3f} |")
    for missed, name, path in sorted(worst, reverse=True)[: args.show]:
        print(f"- {name}/{path}: {missed} missed")
    if misses:
        print(f"\n{len(misses)} names of {args.misses} missed:")
        print("\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
