"""Is the file that DEFINES a name first, when the name has several tags? Checked against universal-ctags.

A name asked bare (``basic_json``, ``Router``) whose only tag is its definition is already checked by
:mod:`bench.symbol_first`. This bench asks the names that have more than one tag, where one is the
real definition and the others are not: a C/C++ prototype beside its body, a typedef beside the
class, a TypeScript ``.d.ts`` declaration beside the JavaScript implementation, a Python
``__init__.py`` or a JavaScript ``export { X } from`` re-export (a plain text scan finds those
lines), a Ruby class reopened in many files (the file named after it is the answer), a test double
with the real name in a test folder. The oracle is universal-ctags' kinds
(``ctags --fields=+KnzS --output-format=json -R``, prototypes on) and the text scan: it shares no code
with the project. A name ctags cannot settle (no definition kind at all, or a Ruby class reopened
in several files none named after it) is left out and counted.

Each project is a pinned archive (sha256 checked, cached in ``bench/.cache``) never used before by
the project's other checks: msgpack (Python), pino (JavaScript with its ``.d.ts``), GLM (C++),
Rake (Ruby), Slim (PHP), Echo (Go), serde_json (Rust). (Sinatra, the first Ruby project, is also a
repository of the benchmark's held-out half B: Rake took its place.) Every such name (up to :data:`PER_PROJECT`, drawn with a
fixed seed) is asked as ``maguyva search NAME --json --limit 5`` in one ``--batch`` run; Hit@1 is the
first result's file holding a real definition.

    python -m bench.symbol_duplicates
    python -m bench.symbol_duplicates --projects glm,pino --misses
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bench.graph_quality import CACHE, DEBIAN, NPM, Source, fetch

PYPI_SOURCE = "https://files.pythonhosted.org/packages/source/"


@dataclass(frozen=True, slots=True)
class Project:
    language: str
    source: Source


PROJECTS: dict[str, Project] = {
    "msgpack": Project("Python", Source(
        "msgpack 1.1.0", PYPI_SOURCE + "m/msgpack/msgpack-1.1.0.tar.gz",
        "dd432ccc2c72b914e4cb77afce64aab761c1137cc698be3984eee260bcb2896e", "msgpack-1.1.0")),
    "pino": Project("JavaScript", Source(
        "pino 9.5.0", NPM + "pino/-/pino-9.5.0.tgz",
        "e76004f2329b7aba62af90f416c60dd9f7dc0513587e57e90508a2d80938afd9", "package")),
    "glm": Project("C++", Source(
        "glm 0.9.9.8", DEBIAN + "g/glm/libglm-dev_0.9.9.8+ds-6_all.deb",
        "e2a2af0f14f24c07eb53de52b779c4557b6010d5fcc68128ed321c2bedf1ed3a", "usr/include/glm")),
    "rake": Project("Ruby", Source(
        "rake 13.0.6", DEBIAN + "r/rake/rake_13.0.6-3_all.deb",
        "9818519ad01d850db5b52c35bddee7571764cb6838f9ba4b1efab76613a4b9f9", "usr/share/rubygems-integration/all/gems/rake-13.0.6")),
    "slim": Project("PHP", Source(
        "slim 3.12.4", DEBIAN + "p/php-slim/php-slim_3.12.4-1_all.deb",
        "96aa8faec0c5ade234f3e9bf6deae8ca6badbe417c49e545d9dc55cda324bfe9", "usr/share/php/Slim")),
    "echo": Project("Go", Source(
        "echo 4.2.1", DEBIAN + "g/golang-github-labstack-echo/golang-github-labstack-echo-dev_4.2.1-3_all.deb",
        "3ec383b8cb239c415d9ab83b3e8871524931f6da13e75e41baf580b74b3599ef",
        "usr/share/gocode/src/github.com/labstack/echo")),
    "serde_json": Project("Rust", Source(
        "serde_json 1.0.87", DEBIAN + "r/rust-serde-json/librust-serde-json-dev_1.0.87-1_amd64.deb",
        "2d053de630af6649c40a39d9ab6268d5469385289016a1205d0dec196e7b77d2",
        "usr/share/cargo/registry/serde_json-1.0.87")),
}

DEFINITIONS = frozenset({"class", "struct", "union", "enum", "interface", "trait", "function", "method",
                         "singletonMethod", "func", "module", "member", "type", "accessor"})
"""ctags kinds that define a name (Python's ``member`` is a method, Go's a field: see
:data:`NOT_DEFINITIONS_IN`; Ruby's ``accessor`` an ``attr_reader :name``, which defines the method
``name`` as a ``def`` does: Rake's ``Application#original_dir`` beside the module's
``Rake.original_dir``). Go's ``methodSpec``, an interface's method, has no body: no definition."""
NOT_DEFINITIONS_IN = {"Go": frozenset({"member"}), "C++": frozenset({"member"}), "C": frozenset({"member"})}
ALIASES = frozenset({"typedef", "alias"})
"""A typedef or alias defines its name only where nothing else does (``typedef struct Packer Packer``);
PHP's ``alias`` is a ``use`` import, no definition (:data:`ALIAS_LANGUAGES`)."""
ALIAS_LANGUAGES = frozenset({"C", "C++", "TypeScript"})
JS_DEFINITION = r"^[ \t]*(?:export[ \t]+(?:default[ \t]+)?)?(?:async[ \t]+)?(?:function[ \t]*\*?|class)[ \t]+{}\b"
"""A JavaScript function or class declaration at a line's start, found by a plain text scan where
ctags 5.9 loses it (pino's ``function child (bindings, options)`` after an object naming ``child``)."""
UNREAD = (".pyx", ".pxd")
"""Cython, which ctags reads as Python and maguyva does not index: left out, counted."""
PER_PROJECT = 5000
MIN_NAME = 4  # shorter names (``Id``, ``Err``) are words as often as symbols
SEED = 11
TEST_PARTS = frozenset({"test", "tests", "spec", "specs", "__tests__", "testdata", "fixtures", "examples",
                        "example", "docs", "doc", "benchmarks", "benchmark", "bench"})
TEST_NAME = re.compile(r"^(test_.*\.py|.*_test\.(py|go)|.*\.(test|spec)\.[cm]?[jt]sx?|.*_spec\.rb|.*Test\.php)$")
PY_REEXPORT = re.compile(r"^\s*from\s+\.[\w.]*\s+import\s+\(?([^)#\n]*(?:\n[^)#]*)*?)\)?\s*$", re.M)
JS_REEXPORT = re.compile(r"export\s*(?:type\s*)?\{([^}]*)\}\s*from\b")


def is_test(path: str) -> bool:
    """A test, example, doc or benchmark file, by its own folder and name rule (not the project's)."""
    parts = PurePosixPath(path).parts
    return any(p.lower() in TEST_PARTS for p in parts[:-1]) or bool(TEST_NAME.match(parts[-1]))


def snake(name: str) -> str:
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name).lower()


def tags_of(root: Path) -> list[dict]:
    found = shutil.which("ctags-universal") or shutil.which("ctags")
    if found is None:
        raise SystemExit("this bench needs universal-ctags (ctags) on PATH")
    out = subprocess.run([found, "-R", "--output-format=json", "--fields=+KnzSl", "--kinds-C=+p",
                          "--kinds-C++=+p", "-f", "-", "."], cwd=root, capture_output=True, text=True,
                         check=False).stdout
    tags = []
    for line in out.splitlines():
        try:
            tag = json.loads(line)
        except ValueError:
            continue
        if tag.get("_type") == "tag":
            tag["path"] = tag["path"].removeprefix("./")
            tags.append(tag)
    return tags


def object_key(tag: dict) -> bool:
    """A JavaScript object literal's key ctags calls a class (``hooks: {``) or a function
    (``module.exports = function``'s ``exports``): no definition of a name anyone asks."""
    if tag.get("language") != "JavaScript":
        return False
    pattern = tag.get("pattern", "")
    return tag["name"] == "exports" or (tag.get("kind") == "class" and not re.search(r"\bclass\b", pattern))


def reexports(root: Path) -> list[tuple[str, str]]:
    """(name, file) of each name a Python package's relative import or a JavaScript/TypeScript
    ``export { X } from`` line passes on (a plain text scan)."""
    found = []
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix not in {".py", ".js", ".mjs", ".cjs", ".ts", ".tsx"}:
            continue
        text = path.read_text("utf-8", "replace")
        rel = path.relative_to(root).as_posix()
        pattern = PY_REEXPORT if path.suffix == ".py" else JS_REEXPORT
        for match in pattern.finditer(text):
            for item in match.group(1).replace("\n", ",").split(","):
                words = item.split()
                if words and words[-1].isidentifier() and words[-1] != "*":
                    found.append((words[-1], rel))
    return found


def questions(root: Path, language: str) -> tuple[dict[str, set[str]], collections.Counter[str]]:
    """Each name with more than one tag and a real definition ctags can tell, with the files
    holding that definition; and the count of names left out, by why."""
    tags = tags_of(root)
    count: collections.Counter[str] = collections.Counter()
    defs: dict[str, set[tuple[str, str]]] = collections.defaultdict(set)
    aliases: dict[str, set[str]] = collections.defaultdict(set)
    for tag in tags:
        name, kind, path = tag["name"], tag.get("kind", ""), tag["path"]
        if name.startswith(("__anon", "AnonymousFunction", "AnonymousClass")):
            continue
        count[name] += 1
        if kind in ALIASES and tag.get("language") in ALIAS_LANGUAGES:
            aliases[name].add(path)
        elif kind in DEFINITIONS and kind not in NOT_DEFINITIONS_IN.get(tag.get("language", ""), ()) \
                and not object_key(tag):
            defs[name].add((path, kind))
    for name, _path in reexports(root):
        count[name] += 1
    scripts = {p: (root / p).read_text("utf-8", "replace")
               for p in sorted({t["path"] for t in tags if t.get("language") == "JavaScript"})}
    left: collections.Counter[str] = collections.Counter()
    asked: dict[str, set[str]] = {}
    has_js = any(t.get("language") == "JavaScript" for t in tags)
    for name, n in count.items():
        if n < 2 or len(name) < MIN_NAME or not name.isidentifier():
            continue
        files = {p for p, _ in defs.get(name, ())}
        if scripts and name.isidentifier():
            declared = re.compile(JS_DEFINITION.format(re.escape(name)), re.M)
            files |= {p for p, text in scripts.items() if name in text and declared.search(text)}
        if not files:
            files = set(aliases.get(name, ()))
        if not files:
            left["no definition kind"] += 1
            continue
        if all(is_test(p) for p in files):
            left["defined only in tests, examples or benchmarks"] += 1
            continue
        files = {p for p in files if not is_test(p)}  # a test double beside the real one
        files = {p for p in files if not p.endswith(".d.ts")} or files  # a declaration beside the code
        kinds = {k for p, k in defs.get(name, ()) if p in files}
        if all(p.endswith(".d.ts") for p in files) and kinds & {"function", "class", "method"} and has_js:
            left["a .d.ts declaration only (the code assigns it)"] += 1
            continue
        if all(p.endswith(UNREAD) for p in files):
            left["defined only in Cython (.pyx, .pxd)"] += 1
            continue
        if language == "Ruby" and len(files) > 1 and kinds <= {"class", "module"}:
            named = {p for p in files if PurePosixPath(p).stem == snake(name)}
            if not named:
                left["Ruby class reopened, no file named after it"] += 1
                continue
            files = named
        asked[name] = files
    return asked, left


def ask(root: Path, names: list[str]) -> dict[str, list[str]]:
    """The first five files ``maguyva search NAME --json --limit 5`` gives for each name."""
    batch = "".join(json.dumps({"query": n, "limit": 5, "id": n}) + "\n" for n in names)
    env = dict(os.environ)
    with tempfile.TemporaryDirectory(prefix="maguyva-dups-") as index_dir:
        env.setdefault("MAGUYVA_INDEX_DIR", index_dir)
        out = subprocess.run([sys.executable, "-m", "maguyva_tui", "search", "--repo", str(root), "--batch", "-",
                              "--json"], input=batch, capture_output=True, text=True, env=env, check=False)
    answers = {}
    for line in out.stdout.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict) and "id" in row:
            answers[row["id"]] = [r["path"] for r in row.get("results", [])]
    if not answers:
        raise SystemExit(f"maguyva search --batch gave no answers: {out.stderr.strip()[-300:]}")
    return answers


def tree(project: Project) -> Path:
    source = project.source
    archive = CACHE / "archives" / PurePosixPath(source.url).name
    if source.url.startswith(PYPI_SOURCE) and not archive.exists():  # pip's index, not a URL
        archive.parent.mkdir(parents=True, exist_ok=True)
        name, version = source.name.split()
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
                        "-d", str(archive.parent), f"{name}=={version}"], check=True)
    return fetch(source) / source.under


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.symbol_duplicates", description=__doc__.split("\n")[0])
    parser.add_argument("--projects", default=",".join(PROJECTS), help="comma-separated, of: " + ", ".join(PROJECTS))
    parser.add_argument("--misses", action="store_true", help="print each name whose first file is wrong")
    args = parser.parse_args(argv)
    rows = []
    misses = []
    total = [0, 0]
    for name in args.projects.split(","):
        if name not in PROJECTS:
            parser.error(f"no project {name!r} (one of: {', '.join(PROJECTS)})")
        project = PROJECTS[name]
        root = tree(project)
        asked, left = questions(root, project.language)
        names = sorted(asked)
        names = sorted(random.Random(f"{SEED}:{name}").sample(names, min(PER_PROJECT, len(names))))
        answers = ask(root, names)
        hits = 0
        for question in names:
            got = answers.get(question, [])
            if got and got[0] in asked[question]:
                hits += 1
            else:
                misses.append(f"- {name}: {question!r} defined in {', '.join(sorted(asked[question])[:3])};"
                              f" first {got[0] if got else None}")
        total[0] += len(names)
        total[1] += hits
        why = "; ".join(f"{n} {k}" for k, n in left.items()) or "none"
        rows.append(f"| {name} {project.source.name.split()[1]} | {project.language} | {len(names)} | {hits} |"
                    f" {hits / max(len(names), 1):.4f} | {why} |")
    print("| project | language | names | first right | Hit@1 | left out (ctags cannot tell) |\n"
          "|---|---|---:|---:|---:|---|")
    print("\n".join(rows))
    print(f"| all | | {total[0]} | {total[1]} | {total[1] / max(total[0], 1):.4f} | |")
    if args.misses and misses:
        print("\nmissed:\n" + "\n".join(misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
