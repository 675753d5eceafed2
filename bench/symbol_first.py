"""Is a type's definition the first answer to its name? Checked against universal-ctags.

On the repositories of :mod:`bench.nl_quality` (semble's trees, as that benchmark copies them),
universal-ctags lists every definition; a name that it tags exactly once in the whole tree, as a
type (class, struct, interface, trait, enum, module, type), outside tests, examples and vendored
code, is a question with one right answer: the file ctags names. Up to :data:`PER_REPOSITORY`
such names are drawn per repository (fixed seed), each asked of ``Engine.search`` as a user types
it (the default preset), and scored Hit@1 on the file. ctags shares no code with the project.

    python -m bench.symbol_first --half A
    python -m bench.symbol_first --repos guzzle,rails
"""

from __future__ import annotations

import argparse
import collections
import random
import sys
from pathlib import Path

from bench.definitions_recall import ctags_tags
from bench.nl.modes import both_tiers
from bench.nl.prepare import semble_tree
from bench.nl.repos import semble_repositories
from bench.nl_quality import selected
from maguyva_tui.core.paths import is_demoted, is_secondary

TYPES = frozenset({"class", "struct", "interface", "trait", "enum", "module", "type", "typedef"})
PER_REPOSITORY = 15
MIN_NAME = 4  # shorter names (``Id``, ``Err``) are words as often as types
SEED = 7


def ctags_types(root: Path) -> dict[str, set[str]]:
    """Each name ctags tags once in the whole tree, as a type, with the file it is in."""
    kinds: dict[str, set[str]] = collections.defaultdict(set)
    tags: collections.Counter[str] = collections.Counter()
    for tag in ctags_tags(root):
        tags[tag["name"]] += 1
        if tag.get("kind") in TYPES:
            kinds[tag["name"]].add(tag["path"])
    return {name: paths for name, paths in kinds.items() if tags[name] == 1}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.symbol_first", description=__doc__.split("\n")[0])
    parser.add_argument("--half", choices=("A", "B"), default=None)
    parser.add_argument("--repos", default=None, help="comma-separated repository names")
    args = parser.parse_args(argv)
    rng = random.Random(SEED)
    repositories = semble_repositories()
    rows: dict[str, list[int]] = collections.defaultdict(list)
    misses = []
    for name in selected(args.repos, args.half):
        if name not in repositories:
            continue  # a docstring repository: no semble tree
        tree = semble_tree(repositories[name])
        defined = ctags_types(tree.root)
        names = sorted(n for n, paths in defined.items() if len(n) >= MIN_NAME and n.isidentifier()
                       and not any(is_secondary(p) or is_demoted(p) for p in paths))
        engine = both_tiers(tree.root, True, lambda _message: None)
        try:
            for question in rng.sample(names, min(PER_REPOSITORY, len(names))):
                results = engine.search(question, limit=10).results
                want = next(iter(defined[question]))
                hit = int(bool(results) and results[0].path == want)
                rows[tree.repo.language].append(hit)
                rows["all"].append(hit)
                if not hit:
                    misses.append(f"{name}: {question!r} defined in {want}, first {results[0].path if results else None}")
        finally:
            engine.close()
    print("| language | names | Hit@1 (the defining file first) |\n|---|---:|---:|")
    for language in sorted(rows, key=lambda k: (k == "all", k)):
        hits = rows[language]
        print(f"| {language} | {len(hits)} | {sum(hits) / len(hits):.3f} |")
    if misses:
        print("\nmissed:\n" + "\n".join(f"- {m}" for m in misses))
    return 0


if __name__ == "__main__":
    sys.exit(main())
