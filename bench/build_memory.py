"""Index build memory and index size on a ~450 MB corpus of real source distributions (issue 19:
build peak <= 2x the corpus, index <= 1x the corpus).

    python -m bench.build_memory                   # 450 MiB: the eleven sdists (tens of minutes)
    python -m bench.build_memory --corpus-mb 50    # a smaller subset, for a quick check

**The corpus**: pinned ``name==version`` sdists from PyPI (:data:`SDISTS`), each downloaded once
and unpacked under the corpus cache by :mod:`bench.corpora`, then linked (hard links: no second
copy on disk) into one tree, ``build-memory-<MB>/<name>-<version>/...``: the packages in the
order listed, each one's files in path order, up to ``--corpus-mb`` MiB (450 by default; a file
that would pass the limit is left out): the same files every time. The tree's bytes are every regular file's size, binaries and files the walker skips included;
the indexed bytes are what ``content.bin`` holds (the summary's ``corpus_bytes``).

**The build**: ``maguyva index TREE --index-dir D --json`` (the default index: text, structural,
graph and the static semantic tier) in a process of its own, from an empty index folder. Its peak
memory is read two ways: the largest single process of its tree (``ru_maxrss`` from ``wait4``,
which covers every waited child: parsing workers, the graph process), and the whole tree's
proportional set size (``Pss`` of every live process of the tree, sampled every 50 ms: pages
shared by forked workers counted once). CPU is the process's and its waited children's.

**The index**: every file under D, its share of the index, grouped by name (generation ids and
segment numbers folded), beside the tree's and the indexed bytes; first summed by part
(:data:`PARTS`: ``content.bin``, the static vectors, ``tokens_*``, ``words_*``, ...).

**Phases** (``--phases``): the build's steps are wrapped in the child (:data:`PHASE_WRAPPER`) to print
the process's resident size and high-water mark (``VmRSS``, ``VmHWM``) as each step ends: the step
that raises the high-water mark is where the peak is. No thread is started (a build forks its
graph process only from a single-threaded process).

Memory and bytes are robust on a shared machine; times are not (the load average is printed).
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench import corpora

SDISTS: tuple[tuple[str, str], ...] = (
    ("sympy", "1.13.3"),  # Python, 31 MB
    ("Django", "5.1.3"),  # Python, templates, JavaScript, translations
    ("transformers", "4.46.3"),  # Python, many large model files
    ("botocore", "1.35.70"),  # JSON service models (many over the 1 MiB limit)
    ("ansible-core", "2.18.1"),  # Python, YAML, shell
    ("mypy", "1.13.0"),  # Python, typeshed stubs, C
    ("twisted", "24.10.0"),  # Python, old and deep
    ("networkx", "3.4.2"),  # Python
    ("pygments", "2.18.0"),  # Python, test files in hundreds of languages
    ("sphinx", "8.1.3"),  # Python, translations, JavaScript, CSS
    ("salt", "3007.1"),  # Python, YAML, Jinja, shell, PowerShell
)
"""The corpus, in the order ``--corpus-mb`` takes files from it."""

FULL_MB = 450
SAMPLE_SECONDS = 0.05

PHASE_MARK = "maguyva-phase:"
"""How the child's phase lines start on stderr."""

PHASE_WRAPPER = """
import functools, importlib, sys, time

def _status():
    got = {}
    with open("/proc/self/status") as fh:
        for line in fh:
            if line.startswith(("VmRSS:", "VmHWM:")):
                got[line[:5]] = int(line.split()[1]) * 1024
    return got

def _wrap(owner, name, label):
    inner = getattr(owner, name)
    @functools.wraps(inner)
    def step(*args, **kwargs):
        before, started = _status(), time.perf_counter()
        try:
            return inner(*args, **kwargs)
        finally:
            after = _status()
            print(f"MARK {label} {after['VmRSS']} {after['VmHWM']} {before['VmHWM']} {time.perf_counter() - started:.2f}",
                  file=sys.stderr, flush=True)
    setattr(owner, name, step)

for module, owner, names in STEPS:
    found = importlib.import_module(module)
    for name in names:
        if hasattr(getattr(found, owner) if owner else found, name):  # a step the code built has
            _wrap(getattr(found, owner) if owner else found, name, f"{owner or module.rsplit('.', 1)[1]}.{name}")
from maguyva_tui.cli import main
sys.exit(main(sys.argv[1:]))
"""
"""What the child runs with ``--phases``: the steps of :data:`PHASE_STEPS` wrapped, then the command line."""

PHASE_STEPS: tuple[tuple[str, str | None, tuple[str, ...]], ...] = (
    ("maguyva_tui.core.indexer", "_Build", ("_scan", "_parse", "_write_content", "_trigrams", "_tokens", "_finish_graph", "_write")),
    ("maguyva_tui.core.indexer", None, ("save_facts",)),  # imported by name there
    ("maguyva_tui.core.chunk_words", None, ("save_generation",)),  # imported where it is called
    ("maguyva_tui.core.engine", "Engine", ("_chunk_pairs", "_static_tier", "fill_static")),
    ("maguyva_tui.core.embed.progressive", None, ("embed_keyed",)),
    ("maguyva_tui.core.semantic_index", None, ("key_table", "embed_table")),  # imported where called
    ("maguyva_tui.core.embed.store", "VectorStore", ("compact",)),
)
"""(module, class or ``None`` for the module's functions, the steps wrapped)."""


def fetch(name: str, version: str) -> Path:
    """The unpacked sdist of ``name==version`` (downloaded once, as :func:`bench.corpora.corpus` does)."""
    pinned = corpora.PINNED.setdefault(name, version)
    if pinned != version:
        raise SystemExit(f"{name} is pinned to {pinned} in bench.corpora, not {version}")
    return corpora.corpus(name)


def corpus_tree(limit_mb: float | None) -> Path:
    """Link the pinned sdists' files into one tree, up to ``limit_mb`` MB (all when ``None``)."""
    label = "all" if limit_mb is None else f"{limit_mb:g}"
    tree = corpora.CACHE / f"build-memory-{label}"
    done = corpora.CACHE / f"build-memory-{label}.complete"
    if done.exists():
        return tree
    if tree.exists():
        shutil.rmtree(tree)
    budget = None if limit_mb is None else int(limit_mb * 2**20)
    used = 0
    for name, version in SDISTS:
        root = fetch(name, version)
        for path in sorted(root.rglob("*")):
            if path.is_symlink() or not path.is_file():
                continue
            size = path.stat().st_size
            if budget is not None and used + size > budget:
                if used >= budget * 0.999:
                    break
                continue  # a smaller file further on may still fit
            target = tree / f"{name}-{version}" / path.relative_to(root)
            target.parent.mkdir(parents=True, exist_ok=True)
            os.link(path, target)
            used += size
        if budget is not None and used >= budget * 0.999:
            break
    done.write_text(str(used))
    return tree


def tree_bytes(root: Path) -> tuple[int, int]:
    """The bytes and count of every regular file under a folder (symlinks not followed)."""
    total = count = 0
    for folder, _, names in os.walk(root):
        for name in names:
            path = os.path.join(folder, name)
            if not os.path.islink(path):
                total += os.path.getsize(path)
                count += 1
    return total, count


@dataclass(slots=True)
class TreeMemory:
    """The peaks of a process tree, sampled while it runs."""

    pss: int = 0
    rss: int = 0
    processes: int = 0
    when: float = 0.0
    samples: int = 0
    _stop: threading.Event = field(default_factory=threading.Event)

    def watch(self, pid: int, started: float) -> threading.Thread:
        """Sample the tree of ``pid`` in a thread until :meth:`stop`."""
        def loop() -> None:
            while not self._stop.is_set():
                pids = _descendants(pid)
                pss = rss = 0
                for p in pids:
                    got = _memory(p)
                    pss += got[0]
                    rss += got[1]
                self.samples += 1
                if pss > self.pss:
                    self.pss, self.when = pss, time.perf_counter() - started
                self.rss = max(self.rss, rss)
                self.processes = max(self.processes, len(pids))
                self._stop.wait(SAMPLE_SECONDS)

        thread = threading.Thread(target=loop, daemon=True)
        thread.start()
        return thread

    def stop(self) -> None:
        self._stop.set()


def _descendants(pid: int) -> list[int]:
    """A process and every live descendant of it."""
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            for task in os.listdir(f"/proc/{p}/task"):
                with open(f"/proc/{p}/task/{task}/children") as fh:
                    todo.extend(int(c) for c in fh.read().split())
        except OSError:
            continue
    return out


def _memory(pid: int) -> tuple[int, int]:
    """A process's proportional and resident set sizes in bytes (0, 0 once it is gone)."""
    pss = rss = 0
    try:
        with open(f"/proc/{pid}/smaps_rollup") as fh:
            for line in fh:
                if line.startswith("Pss:"):
                    pss = int(line.split()[1]) * 1024
                elif line.startswith("Rss:"):
                    rss = int(line.split()[1]) * 1024
    except OSError:
        pass
    return pss, rss


@dataclass(frozen=True, slots=True)
class Built:
    """One measured build."""

    max_rss: int
    """The largest single process of the tree (``ru_maxrss``)."""
    tree: TreeMemory
    cpu_s: float
    wall_s: float
    summary: dict[str, Any]
    phases: list[str] = field(default_factory=list)
    """The child's phase lines (``--phases``)."""


def build(tree: Path, index_dir: Path, extra: list[str], phases: bool = False) -> Built:
    """Index ``tree`` from nothing in a process of its own and measure it."""
    if index_dir.exists():
        shutil.rmtree(index_dir)
    args = ["index", str(tree), "--index-dir", str(index_dir), "--json", *extra]
    wrapper = PHASE_WRAPPER.replace("STEPS", repr(PHASE_STEPS), 1).replace("MARK", PHASE_MARK, 1)
    cmd = [sys.executable, "-c", wrapper, *args] if phases else [sys.executable, "-m", "maguyva_tui", *args]
    env = {**os.environ, "MAGUYVA_NO_SERVER": "1"}
    started = time.perf_counter()
    child = subprocess.Popen(cmd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    memory = TreeMemory()
    watcher = memory.watch(child.pid, started)
    err: list[bytes] = []
    reader = threading.Thread(target=lambda: err.append(child.stderr.read() if child.stderr else b""), daemon=True)
    reader.start()
    out = child.stdout.read() if child.stdout else b""
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    memory.stop()
    watcher.join()
    reader.join()
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode:
        tail = b"".join(err).decode("utf-8", "replace")[-3000:]
        raise SystemExit(f"maguyva index failed ({child.returncode}):\n{tail}")
    marks = [line for line in b"".join(err).decode("utf-8", "replace").splitlines() if line.startswith(PHASE_MARK)]
    return Built(usage.ru_maxrss * 1024, memory, usage.ru_utime + usage.ru_stime, wall, json.loads(out), marks)


_FOLD = (
    (re.compile(r"^g-[0-9-]+/"), "GEN/"),
    (re.compile(r"-g-[0-9-]+\.bin$"), "-GEN.bin"),
    (re.compile(r"seg-\d+-[0-9a-f]+"), "seg-N"),
    (re.compile(r"^[^/]+/"), ""),  # the repository's folder
)


def index_files(index_dir: Path) -> dict[str, int]:
    """Bytes of the index per file name, generation ids and segment numbers folded."""
    sizes: dict[str, int] = {}
    for path in index_dir.rglob("*"):
        if path.is_file():
            name = path.relative_to(index_dir).as_posix()
            name = _FOLD[3][0].sub(_FOLD[3][1], name)
            for pattern, repl in _FOLD[:3]:
                name = pattern.sub(repl, name)
            sizes[name] = sizes.get(name, 0) + path.stat().st_size
    return sizes


PARTS = (
    ("content.bin", "GEN/content.bin"), ("static vectors", "semantic/static_"), ("transformer vectors", "semantic/local_"),
    ("tokens_*", "GEN/tokens_"), ("words_*", "GEN/words_"), ("graph.npz", "GEN/graph"), ("trigram_*", "GEN/trigram_"),
    ("facts_*", "GEN/facts_"), ("defs_*", "GEN/defs_"),
)
"""The index's parts, each the files whose (folded) names start so; the rest are "others"."""


def index_parts(sizes: dict[str, int]) -> dict[str, int]:
    """Bytes of the index per part (:data:`PARTS`)."""
    out: dict[str, int] = {}
    for name, size in sizes.items():
        part = next((label for label, prefix in PARTS if name.startswith(prefix)), "others")
        out[part] = out.get(part, 0) + size
    return out


def mb(n: float) -> str:
    """Bytes as MB (MiB)."""
    return f"{n / 2**20:,.1f} MB"


def report(tree: Path, built: Built, index_dir: Path) -> None:
    """Print the build's figures, the ratios and the index's files."""
    corpus, files = tree_bytes(tree)
    s = built.summary
    indexed = int(s.get("corpus_bytes") or 0)
    sizes = index_files(index_dir)
    index = sum(sizes.values())
    m = built.tree
    print(f"corpus   {tree}: {mb(corpus)} in {files:,} files; indexed {mb(indexed)} in {s.get('files'):,} files "
          f"({s.get('chunks'):,} chunks, {s.get('symbols'):,} symbols); skipped {s.get('skipped')}")
    print(f"build    wall {built.wall_s:.0f} s, CPU {built.cpu_s:.0f} s; phases {s.get('phases')}")
    print(f"peak     largest process {mb(built.max_rss)}; whole tree {mb(m.pss)} PSS at {m.when:.0f} s "
          f"({mb(m.rss)} RSS, up to {m.processes} processes, {m.samples} samples)")
    print(f"index    {mb(index)}")
    print(f"ratios   peak/corpus {built.max_rss / corpus:.2f}x (tree PSS {m.pss / corpus:.2f}x); "
          f"index/corpus {index / corpus:.2f}x; "
          f"against the indexed bytes: peak {built.max_rss / indexed:.2f}x, index {index / indexed:.2f}x")
    print("\n| index part | MB | share | x indexed bytes |\n|---|---|---|---|")
    for part, size in sorted(index_parts(sizes).items(), key=lambda kv: -kv[1]):
        print(f"| {part} | {size / 2**20:,.1f} | {size / index:.1%} | {size / indexed:.3f} |")
    print("\n| index file | MB | share | x indexed bytes |\n|---|---|---|---|")
    for name, size in sorted(sizes.items(), key=lambda kv: -kv[1]):
        if size >= index * 0.002:
            print(f"| {name} | {size / 2**20:,.1f} | {size / index:.1%} | {size / indexed:.3f} |")
    rest = sum(size for size in sizes.values() if size < index * 0.002)
    print(f"| (others) | {rest / 2**20:,.1f} | {rest / index:.1%} | {rest / indexed:.3f} |")
    if built.phases:
        print("\n| step (main process, in the order each ended) | seconds | RSS after | high-water after | raised by |\n"
              "|---|---|---|---|---|")
        for line in built.phases:
            label, rss, hwm, hwm_before, seconds = line.split()[1:]
            print(f"| {label} | {float(seconds):.1f} | {mb(int(rss))} | {mb(int(hwm))} | {mb(int(hwm) - int(hwm_before))} |")


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.build_memory", description=__doc__.splitlines()[0])
    parser.add_argument("--corpus-mb", type=float, default=FULL_MB, help=f"the first this many MB (default {FULL_MB})")
    parser.add_argument("--index-dir", type=Path, default=None, help="where to build (emptied first)")
    parser.add_argument("--no-semantic", action="store_true", help="index without the static semantic tier")
    parser.add_argument("--phases", action="store_true", help="print the main process's memory as each build step ends")
    args = parser.parse_args()
    tree = corpus_tree(args.corpus_mb)
    index_dir = args.index_dir or corpora.CACHE / f"{tree.name}-index"
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    built = build(tree, index_dir, ["--no-semantic"] if args.no_semantic else [], args.phases)
    print(f"load average after:  {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    report(tree, built, index_dir)


if __name__ == "__main__":
    main()
