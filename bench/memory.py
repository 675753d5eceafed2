"""Peak memory and time of whole ``maguyva`` processes against ripgrep's, on sympy and on a
synthetic repository of 100,000 files (issue 19's memory targets).

    python -m bench.memory [--skip-synthetic] [--files 100000] [--breakdown] [--code WORKTREE]

**sympy 1.13.3** (``sympy/``, 1,542 files, 29 MB; indexed with the static tier first, not timed):
``maguyva search`` for a literal, a symbol question and a plain-English question, each in a fresh
process (``MAGUYVA_NO_SERVER=1``: the process that does the work, not a resident server's client),
then ``rg`` on the same tree in the same run: peak resident memory (the child's ``ru_maxrss``,
which counts the pages of mapped index files it touched) and CPU seconds, with the ratios.
``--breakdown`` then shows where each search's memory goes, step by step in one bare process:
imports, opening the index, the freshness walk, each engine the question runs (built and searched
alone, in the search's order), the search itself, and the mapped files left resident.

**A synthetic repository** (written once, the same bytes every time, under the corpus cache):
98 % small Python modules in nested packages (functions with docstrings, imports of and calls into
other modules, some classes), 2 % real files copied from sympy. ``maguyva index --no-semantic``'s
time and peak memory (the largest of the process and its workers), the corpus and index sizes,
then a literal, a symbol question, a plain question, a graph question, a lone word that
98,000 names hold (``helper``), a prefix of those names (``helpe``) and a misspelling of them
(``hlper``: the fuzzy tier) as whole processes against ``rg`` on the same tree.

Every figure is of a whole process on this machine in this run; the ratios are what to read on a
shared machine (CPU seconds are less disturbed by load than wall seconds, and both are printed).
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from bench.corpora import CACHE, corpus

SYMPY_QUESTIONS = (
    ("literal", '"expand_trig"', "expand_trig"),
    ("symbol question", "def expand_trig", "def expand_trig"),
    ("plain question", "how are matrices inverted", "inverse"),
)
"""(label, the question as ``maguyva search`` takes it, what ``rg -F`` looks for beside it)."""

SYNTHETIC_FILES = 100_000
SEED = 1905
"""Fixes every name, word and shape of the synthetic tree."""
PER_PACKAGE = 50
"""Modules per package folder (20 packages an area)."""
REAL_EVERY = 50
"""One file in this many is a sympy file copied as it is."""
MARKER = "zq_unique_marker_8731"
"""A literal planted in exactly one module (:data:`MARKER_MODULE`), for a search whose answer is known."""
MARKER_MODULE = 31_337

_WORDS = ("parse config value token stream buffer cache index record field table column row "
          "request response session header cookie route handler render template context user "
          "account order invoice payment item price total report metric sample series window "
          "matrix vector solve expand simplify reduce factor order limit bound graph node edge").split()


@dataclass(frozen=True, slots=True)
class Run:
    """One whole process: its peak memory, its CPU and wall seconds, its exit status."""

    peak_mb: float
    cpu_s: float
    wall_s: float
    status: int
    out: str


def measure(cmd: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> Run:
    """Run a command to its end; read its (and its waited children's) peak RSS and CPU from wait4."""
    started = time.perf_counter()
    cwd = cwd or (CODE[0] if CODE else None)  # ``-m`` puts the working folder first on the path
    child = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    out = child.stdout.read() if child.stdout else b""
    _, status, usage = os.wait4(child.pid, 0)
    child.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - started
    return Run(usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime, wall, child.returncode,
               out.decode("utf-8", "replace"))


def maguyva(*args: str, index_dir: Path) -> list[str]:
    """The command line of a ``maguyva`` subcommand run by this interpreter."""
    return [sys.executable, "-m", "maguyva_tui", *args, "--index-dir", str(index_dir)]


def rg(root: Path, literal: str) -> Run:
    """``rg -F`` listing every line that holds the literal, as a whole process."""
    found = shutil.which("rg")
    if found is None:
        raise SystemExit("bench.memory needs ripgrep (rg) on PATH for its ratios")
    return measure([found, "-n", "--no-config", "--hidden", "--no-require-git", "-F", "--", literal, "."], cwd=root)


CODE: list[Path] = []
"""The checkout whose ``maguyva_tui`` the measured processes run (``--code``; none: the installed one)."""


def env() -> dict[str, str]:
    """The environment of every measured ``maguyva``: no resident server answers in its place; the
    package of ``--code`` when given (an earlier commit's worktree, measured beside this one)."""
    extra = {"PYTHONPATH": str(CODE[0])} if CODE else {}
    return {**os.environ, "MAGUYVA_NO_SERVER": "1", **extra}


def compile_package() -> None:
    """Compile the measured ``maguyva_tui`` to bytecode first, as an installed package is: where
    ``$PYTHONDONTWRITEBYTECODE`` is set (this machine), a module edited since its bytecode was
    written is compiled again by every measured process (a literal's whole process on 100,000
    files: 0.9-1.1 s of CPU compiled, 1.9-2.4 s with nothing compiled; 13 stale modules of a
    working tree cost a share of that, not the same in two trees compared)."""
    package = CODE[0] / "maguyva_tui" if CODE else Path(__file__).resolve().parent.parent / "maguyva_tui"
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(package)], check=False, stdout=subprocess.DEVNULL)


def table(rows: list[tuple[str, Run, Run]]) -> None:
    """Print a Markdown table: each question's maguyva process beside rg's."""
    print("| question | maguyva peak MB | rg peak MB | ratio | maguyva CPU s | rg CPU s | ratio | maguyva wall s | rg wall s |")
    print("|---|---|---|---|---|---|---|---|---|")
    for label, ours, theirs in rows:
        print(f"| {label} | {ours.peak_mb:.0f} | {theirs.peak_mb:.1f} | {ours.peak_mb / theirs.peak_mb:.1f}x | "
              f"{ours.cpu_s:.2f} | {theirs.cpu_s:.2f} | {ours.cpu_s / max(theirs.cpu_s, 1e-3):.1f}x | "
              f"{ours.wall_s:.2f} | {theirs.wall_s:.2f} |")


def searches(root: Path, index_dir: Path, questions: tuple[tuple[str, str, str], ...]) -> list[tuple[str, Run, Run]]:
    """Each question as a fresh ``maguyva search`` process, then ``rg``, interleaved."""
    rows = []
    for label, question, literal in questions:
        ours = measure(maguyva("search", question, "--repo", str(root), "--limit", "20", index_dir=index_dir), env=env())
        if ours.status not in (0, 2):  # 2: a symbol nothing defines, said on stderr
            raise SystemExit(f"maguyva search {question!r} failed ({ours.status}):\n{ours.out[-2000:]}")
        rows.append((label, ours, rg(root, literal)))
    return rows


def sympy_part(index_dir: Path, breakdown: bool) -> None:
    """The sympy table (and, asked, the breakdown of one plain question)."""
    root = corpus("sympy") / "sympy"
    built = measure(maguyva("index", str(root), index_dir=index_dir), env=env())
    if built.status:
        raise SystemExit(f"maguyva index failed:\n{built.out[-2000:]}")
    print(f"load average {os.getloadavg()[0]:.2f}")
    print(f"\nsympy 1.13.3 sympy/ ({_size_mb(root):.0f} MB), static tier present, whole processes:\n")
    table(searches(root, index_dir, SYMPY_QUESTIONS))
    if breakdown:
        for label, question, _ in SYMPY_QUESTIONS:
            engines = subprocess.run([sys.executable, "-c", ENGINES, str(root), str(index_dir), question], check=True,
                                     env=env(), cwd=CODE[0] if CODE else None, capture_output=True,
                                     text=True).stdout.split()
            print(f"\nwhere one {label}'s memory goes (RSS after each step, MB; anon = the process's own, file = "
                  f"mapped files; each engine alone, in the order the search runs them, then the search):\n")
            subprocess.run([sys.executable, "-c", BREAKDOWN, str(root), str(index_dir), question, *engines],
                           check=True, env=env(), cwd=CODE[0] if CODE else None)


ENGINES = r"""
import sys
from pathlib import Path
from maguyva_tui.core.engine import Engine
engine = Engine(Path(sys.argv[1]), Path(sys.argv[2]))
engine.open_existing()
print(" ".join(engine.search(sys.argv[3]).modalities_run))
"""
"""Print the engines a question runs (in a process of its own: the breakdown's must start bare)."""

BREAKDOWN = r"""
import sys, time
from pathlib import Path
def status():
    fields = {}
    with open("/proc/self/status") as handle:
        for line in handle:
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM", "RssAnon", "RssFile"):
                fields[key] = int(value.split()[0]) / 1024
    return fields
last = [time.process_time()]
def step(label):
    now = time.process_time()
    f = status()
    print(f"| {label} | {f['VmRSS']:.0f} | {f['RssAnon']:.0f} | {f['RssFile']:.0f} | {f['VmHWM']:.0f} | {now - last[0]:.2f} |")
    last[0] = now
def mapped():
    resident, name = {}, None
    with open("/proc/self/smaps") as handle:
        for line in handle:
            head = line.split()
            if head and "-" in head[0] and not head[0].endswith(":") and len(head) >= 5:
                name = head[5] if len(head) >= 6 and head[5].startswith("/") else None
            elif name and line.startswith("Rss:"):
                resident[name] = resident.get(name, 0) + int(head[1]) / 1024
    return sorted(resident.items(), key=lambda item: -item[1])
print("| step | RSS | anon | file | peak | CPU s |\n|---|---|---|---|---|---|")
step("python")
import numpy
step("import numpy")
from maguyva_tui.core.engine import Engine
step("import the engine")
root, base, question, engines = Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3], sys.argv[4:]
engine = Engine(root, base)
engine.open_existing()
step("open the index (mapped)")
engine.refresh()
step("freshness walk and static check")
mods = set(sys.modules)
for name in engines:
    engine.search(question, modality=name)
    step(f"{name} engine built, searched alone")
result = engine.search(question)
step(f"the search: {', '.join(result.modalities_run)}")
print("\nmodules the search imported:", ", ".join(sorted({m.split('.')[0] for m in set(sys.modules) - mods}) or ["none"]))
print("mapped files resident at the end (MB):", ", ".join(f"{Path(name).parent.name}/{Path(name).name} {mb:.1f}"
      for name, mb in mapped()[:6] if ".so" not in name))
"""
"""Where one search's memory goes, step by step in one bare process (no tracing: it would add its own)."""


def synthetic(files: int = SYNTHETIC_FILES) -> Path:
    """Return the synthetic repository of ``files`` files, writing it on first use."""
    top = CACHE / f"synthetic-{files}"
    repo = top / "repo"
    if (top / ".complete").exists():
        return repo
    if top.exists():
        shutil.rmtree(top)
    repo.mkdir(parents=True)
    rng = random.Random(SEED)
    real = sorted(p for p in (corpus("sympy") / "sympy").rglob("*.py") if p.stat().st_size < 200_000)
    for number in range(files):
        if number % REAL_EVERY == REAL_EVERY - 1:
            source = real[(number // REAL_EVERY) % len(real)]
            target = repo / "vendor" / f"v{number // 1000:03d}" / f"{number:06d}_{source.name}"
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)
            continue
        target = repo / _module_path(number)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(_module(number, rng))
    (top / ".complete").touch()
    return repo


def _module_path(number: int) -> str:
    """``area_03/pkg_0142/mod_007123.py``: 20 packages an area, 50 modules a package."""
    package = number // PER_PACKAGE
    return f"area_{package // 20:02d}/pkg_{package:04d}/mod_{number:06d}.py"


def _module(number: int, rng: random.Random) -> str:
    """One module: imports of two earlier modules, two to four functions calling each other and
    their imports, a class in one module of seven; a docstring on each."""
    lines = [f'"""Module {number}: {" ".join(rng.choices(_WORDS, k=8))}."""', ""]
    peers = [rng.randrange(max(number, 1)) for _ in range(2)]
    lines += [f"from {_module_path(peer)[:-3].replace('/', '.')} import helper_{peer}" for peer in peers]
    lines.append("")
    names = [f"helper_{number}"] + [f"{'_'.join(rng.sample(_WORDS, 2))}_{number}" for _ in range(rng.randint(1, 3))]
    for i, name in enumerate(names):
        callee = names[i + 1] if i + 1 < len(names) else f"helper_{peers[0]}"
        arg = rng.choice(_WORDS)
        lines += [f"def {name}({arg}, limit=10):",
                  f'    """{rng.choice(_WORDS).capitalize()} the {arg} {" ".join(rng.choices(_WORDS, k=5))}."""',
                  f"    total = {callee}({arg}) if limit else {rng.randint(0, 999)}",
                  f"    return [total, {arg!r}, limit * {rng.randint(2, 9)}]", ""]
    if number % 7 == 0:
        lines += [f"class {rng.choice(_WORDS).capitalize()}Store{number}:",
                  f'    """Keep {" ".join(rng.choices(_WORDS, k=4))}."""', "",
                  "    def load(self, key):", f"        return {names[0]}(key)", ""]
    if number == MARKER_MODULE:
        lines.append(f"{MARKER.upper()} = {MARKER!r}")
    return "\n".join(lines) + "\n"


def synthetic_part(files: int, index_dir: Path, rebuild: bool) -> None:
    """Index the synthetic repository (timed, unless an index exists and no rebuild is asked),
    then search it against rg."""
    root = synthetic(files)
    if rebuild and index_dir.exists():
        shutil.rmtree(index_dir)
    print(f"\nsynthetic repository: {files:,} files, {_size_mb(root):.0f} MB of text")
    if rebuild or not index_dir.exists():
        built = measure(maguyva("index", str(root), "--no-semantic", index_dir=index_dir), env=env())
        if built.status:
            raise SystemExit(f"maguyva index failed:\n{built.out[-2000:]}")
        index_mb = sum(p.stat().st_size for p in index_dir.rglob("*") if p.is_file()) / 2**20
        print(f"maguyva index --no-semantic: peak {built.peak_mb:.0f} MB ({built.peak_mb / _size_mb(root):.1f}x the "
              f"text), CPU {built.cpu_s:.0f} s, wall {built.wall_s:.0f} s; index {index_mb:.0f} MB "
              f"({index_mb / _size_mb(root):.1f}x the text)")
    helper = f"helper_{MARKER_MODULE}"  # defined in the marker's module, called by later ones
    questions = (("literal", f'"{MARKER}"', MARKER), ("symbol question", f"def {helper}", f"def {helper}"),
                 ("plain question", "how are payments totalled", "payment"), ("graph question", f"who calls {helper}", helper),
                 ("lone word", "helper", "helper"),  # held by 98,000 names
                 ("prefix", "helpe", "helpe"), ("close spelling", "hlper", "hlper"))  # their prefix and fuzzy tiers
    first = measure(maguyva("search", '"warm-up"', "--repo", str(root), "--limit", "1", index_dir=index_dir), env=env())
    print(f"first search after indexing (it fills the static tier when the index has none): peak "
          f"{first.peak_mb:.0f} MB, CPU {first.cpu_s:.1f} s")
    print(f"load average {os.getloadavg()[0]:.2f}\n")
    table(searches(root, index_dir, questions))


def _size_mb(root: Path) -> float:
    """The bytes of every file under a folder, in MiB."""
    return sum(p.stat().st_size for p in root.rglob("*") if p.is_file()) / 2**20


def main() -> None:
    """Measure and print the tables."""
    parser = argparse.ArgumentParser(prog="python -m bench.memory", description=__doc__.splitlines()[0])
    parser.add_argument("--index-dir", type=Path, default=CACHE / "memory-index")
    parser.add_argument("--skip-synthetic", action="store_true", help="sympy only")
    parser.add_argument("--skip-sympy", action="store_true", help="the synthetic repository only")
    parser.add_argument("--files", type=int, default=SYNTHETIC_FILES, help="files of the synthetic repository")
    parser.add_argument("--rebuild", action="store_true", help="index the synthetic repository anew (timed)")
    parser.add_argument("--breakdown", action="store_true", help="where each sympy search's memory goes, step by step")
    parser.add_argument("--code", type=Path, help="run the maguyva_tui of this checkout (a worktree of another commit)")
    args = parser.parse_args()
    if args.code:
        CODE.append(args.code.resolve())
    compile_package()
    if not args.skip_sympy:
        sympy_part(args.index_dir, args.breakdown)
    if not args.skip_synthetic:
        synthetic_part(args.files, args.index_dir.with_name(f"{args.index_dir.name}-{args.files}"), args.rebuild)


if __name__ == "__main__":
    main()
