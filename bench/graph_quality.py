"""Callers quality against jedi, and unresolved rates per language, on real pinned repositories.

    python -m bench.graph_quality                    # requests, flask, click, rich + every language
    python -m bench.graph_quality --python requests  # one Python corpus, and every language
    python -m bench.graph_quality --python           # no jedi comparison: the languages only
    python -m bench.graph_quality --python --languages go --show-unresolved 30
    python -m bench.graph_quality --show-misses 5    # print a few disagreements per corpus
    python -m bench.graph_quality --python --languages --tree /tmp/src/marko-2.2.4 marko
                                                     # an unpacked tree, its package's folder

Oracle: the functions and methods defined in a corpus's package (tests excluded as definitions,
but their call sites count). Every place one of their names is called (followed by ``(``) or used
as a decorator (``@name``), in any file of the corpus, found by a plain text scan, is asked to
``jedi.Script.goto``; the site is a call of the symbols jedi answers. Each question gets a fresh
script, since jedi stops executing a function after six times in one script and then answers
nothing. jedi sees the corpus first, then the standard library and the installed packages: an
installed copy of the same package never answers for it, and jedi can import pytest, without
which it reads no test's fixtures (``JEDI_SETUP``). A site is counted once by (file, line).
Symbols jedi finds no call site for are skipped. The graph lists a class's constructions
(``Field(name)``) among its ``__init__``'s callers; jedi's goto answers the class there, so those
sites are left out of a constructor's (``super().__init__(...)`` stays). Recall = shared sites / jedi's sites, precision
= shared sites / the graph's sites, summed over all symbols (micro average). jedi's answers are
cached in ``bench/.cache/jedi3-*.json``.

Unresolved rates: every call, base-type and type reference of a real repository of each language
is resolved; the rate is (unresolved + ambiguous) / (all sites that are not external). The
repositories are exact archives (``LANGUAGE_SOURCES``: PyPI sdists, npm tarballs, Debian packages)
downloaded by URL and checked against a pinned sha256, cached in ``bench/.cache``.
"""

from __future__ import annotations

import argparse
import hashlib
import io
import json
import os
import posixpath
import re
import shutil
import sys
import tarfile
import time
import urllib.parse
import urllib.request
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bench.corpora import CACHE, corpus
from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph import queries as q
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.parsing.languages import language_for
from maguyva_tui.core.types import FileFacts

PYTHON_CORPORA = ("requests", "flask", "click", "rich")
"""Pinned Python sdists the callers list is compared on (``bench/corpora.py``)."""
PACKAGE_DIRS = {"requests": "src/requests", "flask": "src/flask", "click": "src/click", "rich": "rich"}
"""Where each corpus's package sits: its functions are the symbols asked about."""
JEDI_SETUP = 3
"""Version of the way jedi is asked, in its cache's name: 2 asks ``goto`` at every call site, with
pytest importable (fixtures); 1 asked ``get_references`` at each definition; 3 is 2 without the
names read on the way to a decorator (``width`` in ``@width.setter``)."""

PYPI = "https://files.pythonhosted.org/packages/"
DEBIAN = "http://deb.debian.org/debian/pool/main/"
NPM = "https://registry.npmjs.org/"


@dataclass(frozen=True, slots=True)
class Source:
    """A pinned archive of a real repository: where it is, its sha256, the folder to read."""

    name: str
    url: str
    sha256: str
    under: str = ""
    """The folder of the unpacked archive that holds the repository's sources."""
    inner: str = ""
    """An archive inside the archive to unpack as well (a Debian source package's tarball)."""


LANGUAGE_SOURCES: dict[str, Source] = {
    "python": Source(
        "rich 13.9.4",
        PYPI + "ab/3a/0316b28d0761c6734d6bc14e770d85506c986c85ffb239e688eeaab2c2bc/rich-13.9.4.tar.gz",
        "439594978a49a09530cff7ebc4b5c7103ef57baf48d5ea3184f21d9a2befa098"),
    "javascript": Source(
        "lodash 4.17.21", NPM + "lodash/-/lodash-4.17.21.tgz",
        "6a087ac9e5702a0c9d60fbcd48696012646ec8df1491dea472b150e79fcaf804", "package"),
    "typescript": Source(  # RxJS ships its TypeScript sources (zod's package holds only .d.ts files)
        "rxjs 7.8.1", NPM + "rxjs/-/rxjs-7.8.1.tgz",
        "c532167725ab7d085123209156c93cef22f2479cb9c8527060f1cd903aa9d149", "package/src"),
    "go": Source(  # the gin web framework's sources as Debian packages them
        "gin 1.8.1",
        DEBIAN + "g/golang-github-gin-gonic-gin/golang-github-gin-gonic-gin-dev_1.8.1-1_all.deb",
        "66d916769bcd36a6722b0c92a81719b8faca56f69662b17d1ef7ba257c85367a",
        "usr/share/gocode/src/github.com/gin-gonic/gin"),
    "rust": Source(  # pydantic's validation core, a single crate
        "pydantic-core 2.27.2",
        PYPI + "fc/01/f3e5ac5e7c25833db5eb555f7b7ab24cd6f8c322d3a3ad2d67a952dc0abc/pydantic_core-2.27.2.tar.gz",
        "eb026e5a4c1fee05726072337ff51d1efb6f59090b7da90d30ea58625b1ffb39", "pydantic_core-2.27.2/src"),
    "java": Source(  # BeanShell 2.0b4, the whole source tree Debian ships as a tarball
        "BeanShell 2.0b4", DEBIAN + "b/bsh/bsh-src_2.0b4-20_all.deb",
        "8bc67e9514560ef9e15beff101ed1ffb54a448588c2403987f407cd11547c00d",
        "inner", inner="usr/src/bsh-src/bsh.tar.gz"),
    "c": Source(  # the Brotli compression library's C sources
        "brotli 1.1.0",
        PYPI + "2f/c2/f9e977608bdf958650638c3f1e28f85a1b075f075ebbe77db8555463787b/Brotli-1.1.0.tar.gz",
        "81de08ac11bcb85841e440c13611c00b67d3bf82698314928d0b676362546724", "Brotli-1.1.0/c"),
    "cpp": Source(  # Google's SentencePiece tokenizer library
        "sentencepiece 0.2.0",
        PYPI + "c9/d2/b9c7ca067c26d8ff085d252c89b5f69609ca93fb85a00ede95f4857865d4/sentencepiece-0.2.0.tar.gz",
        "a52c19171daaf2e697dc6cbe67684e0fa341b1248966f6aebb541de654d15843",
        "sentencepiece-0.2.0/sentencepiece/src"),
    "php": Source(  # the Monolog logging library, namespaced classes as Debian ships them
        "monolog 2.9.1", DEBIAN + "p/php-monolog/php-monolog_2.9.1-1_all.deb",
        "f8a26688b521e33cf6ef73b75ae5eac0cb026d986a336161456dd37dbb710681", "usr/share/php/Monolog"),
    "ruby": Source(  # the Thor command-line toolkit, its modules reopened across files
        "thor 1.2.1", DEBIAN + "r/ruby-thor/ruby-thor_1.2.1-2_all.deb",
        "509715d16039ee7336531718e2497d0f81ae125b9ee53f321dd909c2f03fd2e1",
        "usr/share/rubygems-integration/all/gems/thor-1.2.1/lib"),
}
"""Language to the real repository its unresolved rate is measured on: exact archives, like a lock file."""

MAX_FILE_BYTES = 1_000_000  # generated amalgamations (sqlite-style) say nothing about resolution
# nor do minified builds (``lodash.min.js``): files named ``*.min.*`` are skipped too


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
            if language_for(rel) is None or full.stat().st_size > MAX_FILE_BYTES or ".min." in name:
                continue
            facts[rel] = analyze(rel, full.read_text("utf-8", errors="replace"))
    return facts


# -- callers against jedi --------------------------------------------------------------------------
def jedi_sites(root: Path, facts: dict[str, FileFacts], package: str) -> dict[str, list[tuple[str, int]]]:
    """Return jedi's call sites for every function and method of the package (cached).

    Every place a name of one of them is called or used as a decorator, in any file of the corpus
    (a plain text scan), is asked to ``jedi.Script.goto``; the site belongs to the symbols it
    answers. Each question gets a fresh script: jedi caps how many times one script may execute a
    function (six), after which it answers nothing, and a test module runs its fixtures again for
    every test."""
    cache = CACHE / f"jedi{JEDI_SETUP}-{root.name}.json"
    if cache.exists():
        return {k: [tuple(s) for s in v] for k, v in json.loads(cache.read_text()).items()}  # type: ignore[misc]
    import jedi

    # the corpus's own package first: the copies installed in site-packages must not answer for it;
    # then the installed packages, as in a developer's environment: jedi reads a test's pytest
    # fixtures only when it can import pytest
    installed = [p for p in sys.path if p and ("site-packages" in p or "dist-packages" in p)]
    stdlib = [p for p in sys.path if p and p not in installed]
    project = jedi.Project(str(root), sys_path=[str(root / "src"), str(root), *stdlib, *installed],
                           smart_sys_path=False)
    defined: dict[tuple[str, int], str] = {}
    names: set[str] = set()
    for path, file_facts in facts.items():
        for symbol in file_facts.symbols if path.startswith(package + "/") else ():
            if symbol.kind in ("function", "method") and symbol.name_line:
                defined[path, symbol.name_line] = f"{path}::{symbol.qualname}"
                names.add(symbol.name)
    written = re.compile(r"\b(" + "|".join(map(re.escape, sorted(names, key=len, reverse=True))) + r")\b")
    out: dict[str, set[tuple[str, int]]] = {}
    for path in sorted(p for p in facts if p.endswith(".py")):
        for number, row in enumerate((root / path).read_text("utf-8", errors="replace").splitlines(), 1):
            for found in written.finditer(row):
                before, after = row[: found.start()].rstrip(), row[found.end():].lstrip()
                if before.endswith("def") or after.startswith(".") or not (
                    after.startswith("(") or before.endswith("@") or _decorated(before)
                ):
                    continue  # a definition, or a name read on the way (``@width.setter``)
                script = jedi.Script(path=str(root / path), project=project)
                for name in script.goto(number, found.start(), follow_imports=True):
                    target = _relative(root, name.module_path)
                    node = defined.get((target, name.line)) if target is not None else None
                    if node is not None:
                        out.setdefault(node, set()).add((path, number))
    answer = {node: sorted(sites) for node, sites in sorted(out.items())}
    cache.write_text(json.dumps(answer))
    return answer  # type: ignore[return-value]


def _relative(root: Path, path: object) -> str | None:
    """Return a path jedi answers relative to the corpus, ``None`` outside it."""
    if path is None:
        return None
    try:
        return Path(path).relative_to(root).as_posix()  # type: ignore[arg-type]
    except ValueError:
        return None


def _decorated(before: str) -> bool:
    """Tell whether a name is the last part of a dotted decorator (``@app.route``)."""
    stripped = before.lstrip()
    return stripped.startswith("@") and all(part.isidentifier() for part in stripped[1:].split(".")[:-1])


def compare(name: str, show: int = 0, tree: tuple[Path, str] | None = None) -> Score:
    """Compare the graph's callers with jedi's on one corpus (``tree``: an unpacked tree of another
    project and its package's folder, read in the corpus's stead)."""
    root, package = tree or (corpus(name), PACKAGE_DIRS[name])
    facts = analyze_tree(root)
    graph = build_graph(facts)
    oracle = jedi_sites(root, facts, package)
    symbols = oracle_sites = graph_sites = shared = 0

    def built(site: q.CallSite) -> bool:  # a construction of the class, which jedi answers as the class
        return graph.symbols[site.callee_id].kind in ("class", "struct") if site.callee_id in graph.symbols else False

    misses: list[str] = []
    for node, expected_list in sorted(oracle.items()):
        expected = set(expected_list)
        if not expected or node not in graph.symbols:
            continue
        found = {(s.path, s.line) for s in q.callers(graph, node).sites if s.callee_id == node or not built(s)}
        symbols += 1
        oracle_sites += len(expected)
        graph_sites += len(found)
        shared += len(expected & found)
        misses += [f"  missed {node} at {p}:{n}" for p, n in sorted(expected - found)]
        misses += [f"  extra  {node} at {p}:{n}" for p, n in sorted(found - expected)]
    for line in misses[:show]:
        print(line, file=sys.stderr)
    return Score(name, symbols, oracle_sites, graph_sites, shared)


# -- unresolved rates per language -------------------------------------------------------------------
def fetch(source: Source) -> Path:
    """Download a pinned archive once, check its sha256, unpack it; return the unpacked tree."""
    target = CACHE / ("src-" + source.name.replace(" ", "-"))
    if (target / ".complete").exists():
        return target
    archives = CACHE / "archives"
    archives.mkdir(parents=True, exist_ok=True)
    archive = archives / posixpath.basename(urllib.parse.urlparse(source.url).path)
    if not archive.exists() or _sha256(archive.read_bytes()) != source.sha256:
        try:
            with urllib.request.urlopen(source.url, timeout=120) as response:
                data = response.read()
        except OSError as error:
            raise RuntimeError(f"could not download {source.url}: {error}") from error
        if _sha256(data) != source.sha256:
            raise RuntimeError(f"{source.url}: sha256 {_sha256(data)}, pinned {source.sha256}")
        archive.write_bytes(data)
    if target.exists():
        shutil.rmtree(target)
    target.mkdir(parents=True)
    _unpack(archive.read_bytes(), archive.name, target)
    if source.inner:
        inner = target / source.inner
        _unpack(inner.read_bytes(), inner.name, target / "inner")
    (target / ".complete").touch()
    return target


def _sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _unpack(data: bytes, name: str, target: Path) -> None:
    """Unpack a tarball, or the files of a Debian package (an ar archive around ``data.tar.*``)."""
    if name.endswith(".deb"):
        data = next(body for member, body in _ar_members(data) if member.startswith("data.tar"))
    with tarfile.open(fileobj=io.BytesIO(data)) as tf:
        tf.extractall(target, filter="data")


def _ar_members(data: bytes) -> Iterable[tuple[str, bytes]]:
    """Yield the (name, contents) of each member of a Unix ``ar`` archive."""
    if not data.startswith(b"!<arch>\n"):
        raise RuntimeError("not an ar archive")
    pos = 8
    while pos + 60 <= len(data):
        header = data[pos:pos + 60]
        size = int(header[48:58])
        pos += 60
        yield header[:16].decode().strip().rstrip("/"), data[pos:pos + size]
        pos += size + (size & 1)


def language_rates(languages: Iterable[str], show: int = 0) -> dict[str, dict[str, float]]:
    """Resolve every reference of one real repository per language; return its statistics.

    ``show`` prints that many of the most frequent unresolved and ambiguous names per language.
    """
    rates = {}
    for language in languages:
        source = LANGUAGE_SOURCES[language]
        try:
            root = fetch(source)
        except RuntimeError as error:
            print(f"skipped {language}: {error}", file=sys.stderr)
            continue
        start = time.perf_counter()
        graph = build_graph(analyze_tree(root, source.under))
        stats = graph.stats["languages"]  # type: ignore[index]
        wanted = {"typescript": ("typescript", "tsx"), "cpp": ("cpp", "c")}.get(language, (language,))
        merged = _merge([stats[k] for k in wanted if k in stats])  # type: ignore[index]
        merged["seconds"] = round(time.perf_counter() - start, 2)
        if show:
            _show_unresolved(graph, language, wanted, show)
        rates[f"{language} ({source.name})"] = merged
    return rates


def _show_unresolved(graph: object, language: str, wanted: tuple[str, ...], show: int) -> None:
    """Print the most frequent names left unresolved or ambiguous, with the kind of site."""
    counts: Counter[tuple[str, str, str]] = Counter()
    example: dict[tuple[str, str, str], str] = {}
    for path, sites in graph.loose.items():  # type: ignore[attr-defined]
        if graph.languages.get(path) not in wanted:  # type: ignore[attr-defined]
            continue
        for site in sites:
            if site.outcome != "external" and site.kind != "import":
                key = (site.outcome, site.kind, site.name)
                counts[key] += 1
                example.setdefault(key, f"{path}:{site.line}")
    print(f"-- {language}: most frequent unresolved and ambiguous names", file=sys.stderr)
    for (outcome, kind, name), n in counts.most_common(show):
        print(f"  {n:5d} {outcome:10s} {kind:7s} {name}  (e.g. {example[outcome, kind, name]})", file=sys.stderr)


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
    parser = argparse.ArgumentParser(prog="python -m bench.graph_quality", description=__doc__.splitlines()[0])
    parser.add_argument("--python", nargs="*", default=list(PYTHON_CORPORA))
    parser.add_argument("--languages", nargs="*", default=list(LANGUAGE_SOURCES))
    parser.add_argument("--tree", nargs=2, action="append", default=[], metavar=("ROOT", "PACKAGE"),
                        help="also compare on an unpacked tree (a pinned sdist), PACKAGE its package's folder")
    parser.add_argument("--show-misses", type=int, default=0)
    parser.add_argument("--show-unresolved", type=int, default=0, metavar="N",
                        help="print the N most frequent unresolved names of each language")
    args = parser.parse_args(argv)
    scores = [compare(name, args.show_misses) for name in args.python]
    scores += [compare(Path(root).name, args.show_misses, (Path(root), package)) for root, package in args.tree]
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
        for name, r in language_rates(args.languages, args.show_unresolved).items():
            print(f"| {name} | {r['resolved']:.0f} | {r['external']:.0f} | {r['ambiguous']:.0f} | "
                  f"{r['unresolved']:.0f} | {r['unresolved_rate']:.3f} | {r['calls_unresolved_rate']:.3f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
