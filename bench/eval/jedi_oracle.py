"""References and impact from ``jedi``: type inference that shares no code with maguyva's graph.

For every class, function and method of the indexed copy, ``jedi.Script.get_references`` on its
name gives the references; definitions and import statements are dropped. A reference is a
*call site* when the name is followed by ``(`` or written as a decorator (what "who calls X"
asks for). Impact is the transitive closure: the dependents of X at depth 1 are the definitions
that hold a reference to X; their own dependents are at depth 2, and so on (module-level
references are not followed: they are no symbol a change could break further).

jedi sees only the copy and the standard library, never an installed copy of the same package.
Its answers are cached as JSON beside the copy, keyed by a hash of the copied files.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from bench.eval.oracles import Definition, enclosing, owner_of

CACHE_VERSION = 1
"""Bump when what is cached changes."""


@dataclass(frozen=True, slots=True)
class Reference:
    """One place that names a definition."""

    path: str
    line: int
    call: bool
    """Called (``name(``) or used as a decorator (``@name``)."""


def fingerprint(texts: dict[str, str]) -> str:
    """Hash the indexed files, so a changed copy invalidates the cached answers."""
    digest = hashlib.sha256(str(CACHE_VERSION).encode())
    for path, text in sorted(texts.items()):
        digest.update(path.encode() + b"\0" + text.encode() + b"\0")
    return digest.hexdigest()[:16]


def key_of(d: Definition) -> str:
    """Name a definition in the cache: ``path::qualname@line``."""
    return f"{d.path}::{d.qualname}@{d.line}"


def references(root: Path, texts: dict[str, str], defs: list[Definition], cache: Path) -> dict[str, list[Reference]]:
    """Return every definition's references (keyed by :func:`key_of`), from the cache when fresh."""
    stamp = fingerprint(texts)
    if cache.exists():
        stored = json.loads(cache.read_text())
        if stored.get("fingerprint") == stamp:
            return {k: [Reference(*r) for r in v] for k, v in stored["references"].items()}
    found = _ask_jedi(root, texts, [d for d in defs if d.kind != "nested"])
    cache.parent.mkdir(parents=True, exist_ok=True)
    payload = {k: [[r.path, r.line, r.call] for r in v] for k, v in found.items()}
    cache.write_text(json.dumps({"fingerprint": stamp, "references": payload}))
    return found


def _ask_jedi(root: Path, texts: dict[str, str], defs: list[Definition]) -> dict[str, list[Reference]]:
    import jedi

    stdlib = [p for p in sys.path if p and "site-packages" not in p and "dist-packages" not in p]
    project = jedi.Project(str(root), sys_path=[str(root / "src"), str(root), *stdlib], smart_sys_path=False)
    lines = {p: t.split("\n") for p, t in texts.items()}
    scripts: dict[str, object] = {}
    out: dict[str, list[Reference]] = {}
    for d in defs:
        script = scripts.get(d.path)
        if script is None:
            script = scripts[d.path] = jedi.Script(code=texts[d.path], path=str(root / d.path), project=project)
        row = lines[d.path][d.line - 1]
        column = _name_column(row, d.name)
        if column < 0:
            continue
        refs = script.get_references(d.line, column)  # type: ignore[attr-defined]
        out[key_of(d)] = sorted(set(_keep(root, refs, lines)), key=lambda r: (r.path, r.line))
    return out


def _name_column(row: str, name: str) -> int:
    """Return the column of a definition's name on its ``def`` / ``class`` line."""
    for keyword in ("def ", "class "):
        at = row.find(keyword)
        if at >= 0:
            return row.find(name, at + len(keyword))
    return row.find(name)


def _keep(root: Path, refs: Iterable[object], lines: dict[str, list[str]]) -> Iterable[Reference]:
    """Drop definitions, imports and references outside the copy; mark calls and decorators."""
    for ref in refs:
        if ref.is_definition() or ref.module_path is None:  # type: ignore[attr-defined]
            continue
        try:
            rel = Path(ref.module_path).resolve().relative_to(root.resolve()).as_posix()  # type: ignore[attr-defined]
        except ValueError:
            continue
        text = lines.get(rel)
        if text is None:
            continue
        row = text[ref.line - 1]  # type: ignore[attr-defined]
        if row.lstrip().startswith(("import ", "from ")):
            continue
        after = row[ref.column + len(ref.name):].lstrip()  # type: ignore[attr-defined]
        before = row[: ref.column].rstrip()  # type: ignore[attr-defined]
        yield Reference(rel, ref.line, after.startswith("(") or _decorator(before))  # type: ignore[attr-defined]


def _decorator(before: str) -> bool:
    """Tell whether a name ends a decorator expression (``@name`` or ``@pkg.mod.name``)."""
    stripped = before.lstrip()
    return stripped.startswith("@") and all(part.isidentifier() for part in stripped[1:].split(".")[:-1])


def call_sites(refs: list[Reference]) -> list[tuple[str, int]]:
    """Return the distinct (path, line) of the calls among references."""
    return sorted({(r.path, r.line) for r in refs if r.call})


def impact(target: Definition, defs: list[Definition], refs: dict[str, list[Reference]],
           max_depth: int) -> dict[Definition, int]:
    """Return the dependents of ``target`` with their depth (1 = holds a reference to it)."""
    owners = enclosing(defs)
    by_key = {key_of(d): d for d in defs}
    depth: dict[Definition, int] = {}
    queue = deque([(target, 0)])
    while queue:
        current, level = queue.popleft()
        if level == max_depth:
            continue
        for ref in refs.get(key_of(current), ()):
            owner = owner_of(owners, ref.path, ref.line)
            if owner is None or owner == target or owner in depth or key_of(owner) not in by_key:
                continue
            depth[owner] = level + 1
            queue.append((owner, level + 1))
    return depth
