"""What a save costs: one-file index updates on the 100,000-file synthetic repository and on sympy.

    python -m bench.update_speed [--skip-sympy] [--skip-synthetic] [--rebuild] [--code WORKTREE]

The explorer and the MCP server watch the tree and update the index on every save, so a one-file
update is paid each time a user saves a file. Each repository is copied once (``cp -a``: the
corpus cache's files are read, never linked or touched) under ``bench/.cache/update-speed/``
and indexed there (``maguyva index --no-semantic``, timed: the full build's figures are kept beside
it and printed for scale; ``--rebuild`` builds it again). Each run copies that index, then, each as a
whole ``maguyva index`` process (CPU, wall and peak memory from ``wait4``):

1. **change**: a function appended to one module (the file replaced, as editors save);
2. **add**: a new module that imports and calls it;
3. **delete**: another module removed;

and ``rg -F`` of a literal over the same tree in the same run, the peer of the ratios. The tree is
put back as it was at the end (the changed file's bytes, the new file removed, the deleted one
restored), so every run measures the same three updates.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from bench.corpora import CACHE, corpus
from bench.memory import CODE, Run, compile_package, env, maguyva, measure, rg, synthetic

WORK = CACHE / "update-speed"
"""Where the copies, their built indexes and each run's index live."""

TARGETS = {
    "synthetic": ("area_03/pkg_0070/mod_003512.py", "area_03/pkg_0070/mod_003599_new.py",
                  "area_04/pkg_0091/mod_004555.py", "helper_3512", "area_03.pkg_0070.mod_003512"),
    "sympy": ("core/basic.py", "core/added_module.py", "core/tests/test_args.py", "Basic", "sympy.core.basic"),
}
"""Per repository: the file changed, the file added, the file deleted, a name the added file
calls (imported from the changed one's module) and that module."""


def prepared(name: str, rebuild: bool) -> tuple[Path, Path, dict[str, float]]:
    """Return the repository's copy, its built index and the build's figures, making them when asked
    or missing."""
    top = WORK / name
    tree, base, figures = top / "tree", top / "index-base", top / "build.json"
    if rebuild and top.exists():
        shutil.rmtree(top)
    if not (top / ".complete").exists():
        if top.exists():
            shutil.rmtree(top)
        top.mkdir(parents=True)
        source = synthetic() if name == "synthetic" else corpus("sympy") / "sympy"
        subprocess.run(["cp", "-a", str(source), str(tree)], check=True)
        built = measure(maguyva("index", str(tree), "--no-semantic", index_dir=base), env=env())
        if built.status:
            raise SystemExit(f"maguyva index failed:\n{built.out[-2000:]}")
        figures.write_text(json.dumps({"cpu_s": built.cpu_s, "wall_s": built.wall_s, "peak_mb": built.peak_mb}))
        (top / ".complete").touch()
    return tree, base, json.loads(figures.read_text())


def update(tree: Path, index: Path) -> Run:
    """One ``maguyva index`` process bringing the index up to date with the tree."""
    run = measure(maguyva("index", str(tree), "--no-semantic", index_dir=index), env=env())
    if run.status:
        raise SystemExit(f"maguyva index failed:\n{run.out[-2000:]}")
    return run


def three_updates(name: str, tree: Path, base: Path) -> list[tuple[str, Run, str]]:
    """Change, add and delete a file, updating a copy of the built index after each; put the tree back."""
    changed, added, deleted, callee, module = TARGETS[name]
    run_index = WORK / name / "index-run"
    if run_index.exists():
        shutil.rmtree(run_index)
    subprocess.run(["cp", "-a", str(base), str(run_index)], check=True)
    original, removed = (tree / changed).read_bytes(), (tree / deleted).read_bytes()
    rows = []
    try:
        _replace(tree / changed, original + b"\n\ndef edited_by_the_bench(value):\n    return value\n")
        rows.append(("change", update(tree, run_index), changed))
        (tree / added).write_text(f"from {module} import {callee}\n\n\ndef added_by_the_bench():\n"
                                  f"    return {callee}\n")
        rows.append(("add", update(tree, run_index), added))
        (tree / deleted).unlink()
        rows.append(("delete", update(tree, run_index), deleted))
    finally:
        _replace(tree / changed, original)
        (tree / added).unlink(missing_ok=True)
        if not (tree / deleted).exists():
            (tree / deleted).write_bytes(removed)
    return rows


def _replace(path: Path, data: bytes) -> None:
    """Write a file as editors save one: a new file renamed over the old."""
    temporary = path.with_name(path.name + ".bench-tmp")
    temporary.write_bytes(data)
    os.replace(temporary, path)


def report(name: str, tree: Path, base: Path, build: dict[str, float]) -> None:
    """Print one repository's table: each update beside rg's whole process in the same run."""
    files = sum(1 for p in tree.rglob("*") if p.is_file())
    print(f"\n{name}: {files:,} files; full build (--no-semantic, when the copy was indexed): CPU "
          f"{build['cpu_s']:.0f} s, wall {build['wall_s']:.0f} s, peak {build['peak_mb']:.0f} MB")
    print(f"load average {os.getloadavg()[0]:.2f}\n")
    print("| update | file | CPU s | wall s | peak MB | rg CPU s | CPU ratio | × full build CPU |")
    print("|---|---|---|---|---|---|---|---|")
    for label, run, path in three_updates(name, tree, base):
        peer = rg(tree, "import")
        print(f"| {label} | {path} | {run.cpu_s:.2f} | {run.wall_s:.2f} | {run.peak_mb:.0f} | {peer.cpu_s:.2f} | "
              f"{run.cpu_s / max(peer.cpu_s, 1e-3):.1f}x | {run.cpu_s / max(build['cpu_s'], 1e-3):.3f} |")


def main() -> None:
    """Measure and print the tables."""
    parser = argparse.ArgumentParser(prog="python -m bench.update_speed", description=__doc__.splitlines()[0])
    parser.add_argument("--skip-sympy", action="store_true", help="the synthetic repository only")
    parser.add_argument("--skip-synthetic", action="store_true", help="sympy only")
    parser.add_argument("--rebuild", action="store_true", help="copy and index the repositories anew (timed)")
    parser.add_argument("--code", type=Path, help="run the maguyva_tui of this checkout (a worktree of another commit)")
    args = parser.parse_args()
    if args.code:
        CODE.append(args.code.resolve())
    compile_package()
    for name in ("synthetic", "sympy"):
        if (name == "sympy" and args.skip_sympy) or (name == "synthetic" and args.skip_synthetic):
            continue
        tree, base, build = prepared(name, args.rebuild)
        report(name, tree, base, build)
    sys.stdout.flush()


if __name__ == "__main__":
    main()
