"""Callers quality against jedi, and unresolved rates per language, on real pinned repositories.

    python -m bench.graph_quality                    # requests, flask, click + every language
    python -m bench.graph_quality --python requests  # one Python corpus, no other languages
    python -m bench.graph_quality --show-misses 5    # print a few disagreements per corpus

Oracle: for every function and method defined in a corpus's package (tests excluded as
definitions, but their call sites count), ``jedi.Script.get_references`` on the definition's name.
jedi sees only the corpus and the standard library (never an installed copy of the same package).
Definitions and imports are dropped; a reference counts as a *call site* when the name is
followed by ``(`` or written as a decorator (``@name``), which is what the graph's callers list
holds. A site is counted once by (file, line). Symbols jedi finds no call site for are skipped.
Recall = shared sites / jedi's sites, precision = shared sites / the graph's sites, summed over
all symbols (micro average). jedi's answers are cached in ``bench/.cache/jedi-*.json``.

Unresolved rates: every call, base-type and type reference of a real repository of each language
is resolved; the rate is (unresolved + ambiguous) / (all sites that are not external).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tarfile
import time
import urllib.parse
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bench.corpora import CACHE, corpus
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph import queries as q
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.languages import language_for
from maguyva_tui.core.types import FileFacts

PYTHON_CORPORA = ("requests", "flask", "click")
"""Pinned Python sdists the callers list is compared on (``bench/corpora.py``)."""
PACKAGE_DIRS = {"requests": "src/requests", "flask": "src/flask", "click": "src/click"}
"""Where each corpus's package sits: its functions are the symbols asked about."""

LANGUAGE_SOURCES: dict[str, tuple[str, str, str]] = {
    "python": ("pypi", "rich==13.9.4", ""),
    "c": ("pypi", "pyroaring==1.0.0", "pyroaring-1.0.0/src/croaring"),
    "cpp": ("pypi", "pybind11==2.13.6", "pybind11-2.13.6/include"),
    "rust": ("pypi", "orjson==3.10.12", "orjson-3.10.12/src"),
    "go": ("pypi", "tree-sitter-go==0.23.4", ""),
    "java": ("pypi", "py4j==0.10.9.7", "py4j-0.10.9.7/src"),
    "javascript": ("npm", "lodash@4.17.21", "package"),
    "typescript": ("npm", "zod@3.23.8", "package"),
}
"""Language to (registry, pinned package, folder inside the archive holding its sources)."""

MAX_FILE_BYTES = 1_000_000  # generated amalgamations (sqlite-style) say nothing about resolution


@dataclass(frozen=True, slots=True)
class Score:
    """Callers agreement on one corpus."""

    corpus: str
    symbols: int
    oracle_sites: int
    graph_sites: int
    shared: int

    @property
    def recall(self) -> float:
        """Shared sites over the oracle's."""
        return self.shared / self.oracle_sites if self.oracle_sites else 1.0

    @property
    def precision(self) -> float:
        """Shared sites over the graph's."""
        return self.shared / self.graph_sites if self.graph_sites else 1.0


def analyze_tree(root: Path, under: str = "") -> dict[str, FileFacts]:
    """Analyze every structural file under a folder, paths relative to ``root``."""
    facts: dict[str, FileFacts] = {}
    base = root / under if under else root
    for folder, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d != "node_modules")
        for name in sorted(files):
            full = Path(folder) / name
            rel = full.relative_to(root).as_posix()
            if language_for(rel) is None or full.stat().st_size > MAX_FILE_BYTES:
                continue
            facts[rel] = analyze(rel, full.read_text("utf-8", errors="replace"))
    return facts


# -- callers against jedi --------------------------------------------------------------------------
def jedi_sites(root: Path, facts: dict[str, FileFacts], package: str) -> dict[str, list[tuple[str, int]]]:
    """Return jedi's call sites for every function and method of the package (cached)."""
    cache = CACHE / f"jedi-{root.name}.json"
    if cache.exists():
        return {k: [tuple(s) for s in v] for k, v in json.loads(cache.read_text()).items()}  # type: ignore[misc]
    import jedi

    # the corpus's own package first: the copies installed in site-packages must not answer for it
    stdlib = [p for p in sys.path if p and "site-packages" not in p and "dist-packages" not in p]
    project = jedi.Project(str(root), sys_path=[str(root / "src"), str(root), *stdlib], smart_sys_path=False)
    lines = {p: (root / p).read_text("utf-8", errors="replace").splitlines() for p in facts}
    out: dict[str, list[tuple[str, int]]] = {}
    for path, file_facts in sorted(facts.items()):
        if not path.startswith(package + "/"):
            continue
        script = jedi.Script(path=str(root / path), project=project)
        for symbol in file_facts.symbols:
            if symbol.kind not in ("function", "method") or not symbol.name_line:
                continue
            column = lines[path][symbol.name_line - 1].find(symbol.name)
            if column < 0:
                continue
            refs = script.get_references(symbol.name_line, column)
            out[f"{path}::{symbol.qualname}"] = sorted(_call_sites(root, refs, lines))
    cache.write_text(json.dumps(out))
    return out


def _call_sites(root: Path, refs: Iterable[object], lines: dict[str, list[str]]) -> set[tuple[str, int]]:
    """Keep the references that are calls or decorations, as (file, line)."""
    sites = set()
    for ref in refs:
        if ref.is_definition() or ref.module_path is None:  # type: ignore[attr-defined]
            continue
        try:
            rel = Path(ref.module_path).relative_to(root).as_posix()  # type: ignore[attr-defined]
        except ValueError:
            continue
        text = lines.get(rel)
        if text is None:
            continue
        line, column, name = ref.line, ref.column, ref.name  # type: ignore[attr-defined]
        row = text[line - 1]
        after = row[column + len(name):].lstrip()
        before = row[:column].rstrip()
        if after.startswith("(") or before.endswith("@") or _decorated(before):
            sites.add((rel, line))
    return sites


def _decorated(before: str) -> bool:
    """Tell whether a name is the last part of a dotted decorator (``@app.route``)."""
    stripped = before.lstrip()
    return stripped.startswith("@") and all(part.isidentifier() for part in stripped[1:].split(".")[:-1])


def compare(name: str, show: int = 0) -> Score:
    """Compare the graph's callers with jedi's on one corpus."""
    root = corpus(name)
    facts = analyze_tree(root)
    graph = build_graph(facts)
    oracle = jedi_sites(root, facts, PACKAGE_DIRS[name])
    symbols = oracle_sites = graph_sites = shared = 0
    misses: list[str] = []
    for node, expected_list in sorted(oracle.items()):
        expected = set(expected_list)
        if not expected or node not in graph.symbols:
            continue
        found = {(s.path, s.line) for s in q.callers(graph, node).sites}
        symbols += 1
        oracle_sites += len(expected)
        graph_sites += len(found)
        shared += len(expected & found)
        misses += [f"  missed {node} at {p}:{l}" for p, l in sorted(expected - found)]
        misses += [f"  extra  {node} at {p}:{l}" for p, l in sorted(found - expected)]
    for line in misses[:show]:
        print(line, file=sys.stderr)
    return Score(name, symbols, oracle_sites, graph_sites, shared)


# -- unresolved rates per language -------------------------------------------------------------------
def fetch(registry: str, spec: str) -> Path:
    """Download and unpack a pinned package from PyPI (sdist) or npm (tarball) once."""
    target = CACHE / ("src-" + spec.replace("==", "-").replace("@", "-").replace("/", "_"))
    if (target / ".complete").exists():
        return target
    archives = CACHE / "archives"
    archives.mkdir(parents=True, exist_ok=True)
    before = set(archives.iterdir())
    if registry == "pypi":  # no build isolation: only the archive is wanted, never a build of it
        cmd = (f"{sys.executable} -m pip download --quiet --no-deps --no-binary :all: --no-build-isolation "
               f"-d {archives} '{spec}' >/dev/null 2>&1")
    else:
        cmd = f"cd {archives} && npm pack --silent {urllib.parse.quote(spec, safe='@/.')} >/dev/null"
    os.system(cmd)  # pip may fail to read metadata after downloading: the archive is what counts
    new = sorted(set(archives.iterdir()) - before) or _existing(archives, spec)
    if not new:
        raise RuntimeError(f"could not download {spec}")
    target.mkdir(parents=True, exist_ok=True)
    with tarfile.open(new[0]) as tf:
        tf.extractall(target, filter="data")
    (target / ".complete").touch()
    return target


def _existing(folder: Path, spec: str) -> list[Path]:
    """Find an archive downloaded by an earlier run."""
    stem = spec.replace("==", "-").replace("@", "-").lstrip("-").lower().replace("_", "-")
    return [p for p in folder.iterdir() if p.name.lower().replace("_", "-").startswith(stem)]


def language_rates(languages: Iterable[str]) -> dict[str, dict[str, float]]:
    """Resolve every reference of one real repository per language; return its statistics."""
    rates = {}
    for language in languages:
        registry, spec, under = LANGUAGE_SOURCES[language]
        try:
            root = fetch(registry, spec)
        except RuntimeError as error:
            print(f"skipped {language}: {error}", file=sys.stderr)
            continue
        start = time.perf_counter()
        graph = build_graph(analyze_tree(root, under))
        stats = graph.stats["languages"]  # type: ignore[index]
        wanted = {"typescript": ("typescript", "tsx"), "cpp": ("cpp", "c")}.get(language, (language,))
        merged = _merge([stats[k] for k in wanted if k in stats])  # type: ignore[index]
        merged["seconds"] = round(time.perf_counter() - start, 2)
        rates[f"{language} ({spec})"] = merged
    return rates


def _merge(counts: list[dict[str, float]]) -> dict[str, float]:
    """Add the statistics of several languages (C++ headers parsed as C, TSX with TypeScript)."""
    keys = ("resolved", "external", "ambiguous", "unresolved", "calls_resolved", "calls_external",
            "calls_ambiguous", "calls_unresolved")
    out = {k: sum(c.get(k, 0) for c in counts) for k in keys}
    internal = out["resolved"] + out["ambiguous"] + out["unresolved"]
    out["unresolved_rate"] = round((out["ambiguous"] + out["unresolved"]) / internal, 3) if internal else 0.0
    calls = out["calls_resolved"] + out["calls_ambiguous"] + out["calls_unresolved"]
    out["calls_unresolved_rate"] = (
        round((out["calls_ambiguous"] + out["calls_unresolved"]) / calls, 3) if calls else 0.0
    )
    return out


def main(argv: list[str] | None = None) -> int:
    """Print the callers table and the unresolved-rate table in markdown."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--python", nargs="*", default=list(PYTHON_CORPORA))
    parser.add_argument("--languages", nargs="*", default=list(LANGUAGE_SOURCES))
    parser.add_argument("--show-misses", type=int, default=0)
    args = parser.parse_args(argv)
    scores = [compare(name, args.show_misses) for name in args.python]
    if scores:
        print("| corpus | symbols | jedi sites | graph sites | recall | precision |")
        print("|---|---|---|---|---|---|")
        for s in scores:
            print(f"| {s.corpus} | {s.symbols} | {s.oracle_sites} | {s.graph_sites} | {s.recall:.3f} | {s.precision:.3f} |")
        total = Score("all", *(sum(getattr(s, f) for s in scores) for f in ("symbols", "oracle_sites", "graph_sites", "shared")))
        print(f"| **all** | {total.symbols} | {total.oracle_sites} | {total.graph_sites} | "
              f"**{total.recall:.3f}** | **{total.precision:.3f}** |")
    if args.languages:
        print("\n| language (repository) | resolved | external | ambiguous | unresolved | unresolved rate | calls unresolved rate |")
        print("|---|---|---|---|---|---|---|")
        for name, r in language_rates(args.languages).items():
            print(f"| {name} | {r['resolved']:.0f} | {r['external']:.0f} | {r['ambiguous']:.0f} | "
                  f"{r['unresolved']:.0f} | {r['unresolved_rate']:.3f} | {r['calls_unresolved_rate']:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
