"""The index's size on disk per family of files, as a ratio to the corpus (issue 19: index <= 1x).

    python -m bench.index_size                        # sympy (25 MB of the build-memory corpus), built
    python -m bench.index_size --corpus-mb 450        # the whole 409 MiB corpus of bench.build_memory
    python -m bench.index_size --index-dir D --tree T --no-build    # an index built before
    python -m bench.index_size --json after.json --before before.json  # side by side with a saved run

**The corpus** is :mod:`bench.build_memory`'s (``--corpus-mb`` MB of its pinned sdists; 25 is
sympy alone), or any tree (``--tree``). **The index** is the default one (text, structural, graph,
static semantic tier) built from nothing by ``maguyva index TREE --index-dir D`` in a process of
its own, unless ``--no-build`` reads one already there.

Each file of the index is folded into its family (generation ids and segment numbers left out:
``GEN/tokens_places.npy``, ``semantic/static_*/seg-N.npz``) and its bytes printed as a ratio to
the tree's bytes (every regular file, binaries and skipped files included) and to the indexed
bytes (every indexed file's text once: what ``content.bin`` holds, compressed since format 72). Then the families summed by
part (:data:`bench.build_memory.PARTS`). ``--json`` saves the figures; ``--before`` prints a
saved run's beside them, with the change.

**Where 1 x stands** (``--bound``): every file of the index compressed with zlib (level 6) on its
own, summed, and the same without ``content.bin``: what the index would weigh if every part were
stored compressed (no part could then be mapped and read in place, as searches read them now).
The first is a floor for a format that keeps what the four engines keep; the second, for one
that reads the texts from the work tree instead of a copy.
"""

from __future__ import annotations

import argparse
import json
import os
import zlib
from pathlib import Path
from typing import Any

from bench import build_memory, corpora

SHOWN_SHARE = 0.002
"""Families smaller than this share of the index are summed as "(others)"."""


def measure(tree: Path, index_dir: Path) -> dict[str, Any]:
    """The tree's bytes, the indexed bytes and the index's bytes per family and per part."""
    corpus, files = build_memory.tree_bytes(tree)
    sizes = build_memory.index_files(index_dir)
    indexed = texts_bytes(index_dir) or sizes.get("GEN/content.bin", 0)
    return {"tree": str(tree), "tree_bytes": corpus, "tree_files": files, "indexed_bytes": indexed,
            "index_bytes": sum(sizes.values()), "families": sizes, "parts": build_memory.index_parts(sizes)}


def texts_bytes(index_dir: Path) -> int:
    """The indexed bytes: the texts' size as ``content.bin``'s footer records it (format 72 stores
    them compressed); 0 for an index without one (``content.bin`` then holds them as they are)."""
    from maguyva_tui.core.store.texts import FOOTER, MAGIC

    for path in index_dir.rglob("content.bin"):
        data = path.read_bytes()[-8 * FOOTER :]
        if len(data) == 8 * FOOTER and int.from_bytes(data[-8:], "little") == MAGIC:
            return int.from_bytes(data[32:40], "little")
    return 0


def compressed(index_dir: Path) -> dict[str, int]:
    """Each file of the index compressed with zlib (level 6) on its own, summed: all of them, and
    all but ``content.bin``."""
    whole = texts = 0
    for path in sorted(p for p in index_dir.rglob("*") if p.is_file() and not p.is_symlink()):
        size = len(zlib.compress(path.read_bytes(), 6))
        whole += size
        if path.name == "content.bin":
            texts += size
    return {"all": whole, "without content.bin": whole - texts}


def _ratio(size: int, whole: int) -> str:
    return f"{size / whole:.3f}" if whole else "-"


def report(now: dict[str, Any], before: dict[str, Any] | None) -> None:
    """Print the totals, the parts and the families, each as x the tree and x the indexed bytes
    (and the run before, with the change, when given)."""
    tree, indexed, index = now["tree_bytes"], now["indexed_bytes"], now["index_bytes"]
    print(f"corpus   {now['tree']}: {build_memory.mb(tree)} in {now['tree_files']:,} files; "
          f"indexed {build_memory.mb(indexed)}")
    line = f"index    {build_memory.mb(index)}: {index / tree:.2f}x the tree, {index / indexed:.2f}x the indexed bytes"
    if before:
        line += (f" (before {build_memory.mb(before['index_bytes'])}: {before['index_bytes'] / before['tree_bytes']:.2f}x, "
                 f"{before['index_bytes'] / before['indexed_bytes']:.2f}x)")
    print(line)
    for name, size in now.get("compressed", {}).items():
        print(f"bound    every file compressed (zlib 6), {name}: {build_memory.mb(size)}, "
              f"{size / tree:.2f}x the tree, {size / indexed:.2f}x the indexed bytes")
    for title, key, cut in (("part", "parts", 0.0), ("family", "families", SHOWN_SHARE)):
        _table(title, now[key], before[key] if before else None, now, before, cut)


def _table(title: str, sizes: dict[str, int], old: dict[str, int] | None, now: dict[str, Any],
           before: dict[str, Any] | None, cut: float) -> None:
    """One table of sizes by name, the largest first; names under ``cut`` of the index summed."""
    tree, indexed, index = now["tree_bytes"], now["indexed_bytes"], now["index_bytes"]
    head = f"\n| {title} | MB | x tree | x indexed |"
    rule = "|---|---|---|---|"
    if old is not None and before is not None:
        head += " before MB | before x indexed | change |"
        rule += "---|---|---|"
    print(head + "\n" + rule)
    names = sorted(set(sizes) | set(old or {}), key=lambda n: -max(sizes.get(n, 0), (old or {}).get(n, 0)))
    rest = rest_old = 0
    for name in names:
        size, was = sizes.get(name, 0), (old or {}).get(name, 0)
        if max(size, was) < index * cut:
            rest, rest_old = rest + size, rest_old + was
            continue
        print(_row(name, size, was, tree, indexed, before))
    if cut:
        print(_row("(others)", rest, rest_old, tree, indexed, before))


def _row(name: str, size: int, was: int, tree: int, indexed: int, before: dict[str, Any] | None) -> str:
    row = f"| {name} | {size / 2**20:,.2f} | {_ratio(size, tree)} | {_ratio(size, indexed)} |"
    if before is not None:
        change = f"{(size - was) / was:+.0%}" if was else "new"
        row += f" {was / 2**20:,.2f} | {_ratio(was, before['indexed_bytes'])} | {change} |"
    return row


def main() -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.index_size", description=__doc__.splitlines()[0])
    parser.add_argument("--corpus-mb", type=float, default=25, help="the first this many MB of bench.build_memory's corpus")
    parser.add_argument("--tree", type=Path, default=None, help="index this tree instead")
    parser.add_argument("--index-dir", type=Path, default=None, help="where the index is (built there, emptied first)")
    parser.add_argument("--no-build", action="store_true", help="measure the index already in --index-dir")
    parser.add_argument("--json", type=Path, default=None, help="save the figures here")
    parser.add_argument("--before", type=Path, default=None, help="a saved run (--json) to print beside")
    parser.add_argument("--bound", action="store_true", help="also every file compressed with zlib: where 1x stands")
    args = parser.parse_args()
    before = json.loads(args.before.read_text()) if args.before else None
    tree = args.tree or build_memory.corpus_tree(args.corpus_mb)
    index_dir = args.index_dir or corpora.CACHE / f"{tree.name}-size-index"
    if not args.no_build:
        print(f"load average before the build: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
        built = build_memory.build(tree, index_dir, [])
        print(f"build    wall {built.wall_s:.0f} s, CPU {built.cpu_s:.0f} s, largest process {build_memory.mb(built.max_rss)}")
    now = measure(tree, index_dir)
    if args.bound:
        now["compressed"] = compressed(index_dir)
    if args.json:
        args.json.write_text(json.dumps(now, indent=1))
    report(now, before)


if __name__ == "__main__":
    main()
