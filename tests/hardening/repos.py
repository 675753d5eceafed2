"""Generate adversarial repositories with a unique marker per planted line, and scan them plainly.

Every generator records where it planted each marker (the path and the ``\\n``-counted line, as
git, ripgrep and the index count lines) or why the marker must never be found (ignored, binary,
too large, outside the root). A test then asks the index for every marker.
"""

from __future__ import annotations

import os
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

MARKER = re.compile(rb"MKR[0-9A-Z]{8}Z")
"""Markers are ``MKR`` + 8 characters + ``Z``: fixed width, so no marker contains another."""

EXTENSIONS = (".py", ".js", ".ts", ".go", ".rs", ".java", ".c", ".txt", ".md")
"""Source and text extensions the bulk files cycle through."""

DEEP_LEVELS = 200
"""Nesting depth of the deep folder chain (issue 7)."""

HUGE_BYTES = 50 * 1024 * 1024
"""The huge file: far over the walker's size limit, so it must be skipped by its stat alone."""

MINIFIED_LINE_BYTES = 1_000_000
"""One minified line: just under the 1 MiB file limit, so the file is indexed."""


def marker(kind: str, n: int) -> str:
    """Return the marker number ``n`` of a kind (one letter)."""
    return f"MKR{kind}{n:07d}Z"


@dataclass
class Planted:
    """What a generated repository holds and what a correct index must say about it."""

    root: Path
    found: dict[str, tuple[str, int]] = field(default_factory=dict)
    """Marker to the (path, line) where it must be found, and nowhere else."""
    absent: dict[str, str] = field(default_factory=dict)
    """Marker to why it must never be found."""
    skips: Counter[str] = field(default_factory=Counter)
    """The least number of skips the walker must report, by reason."""
    noticed: Counter[str] = field(default_factory=Counter)
    """The least number of noticed oddities (invalid UTF-8, UTF-16, CRLF), by reason."""
    files: int = 0
    """Files planted that must end up in the index."""

    def expect(self, mark: str, path: str, line: int) -> None:
        """Plant a marker that must be found exactly here."""
        assert mark not in self.found and mark not in self.absent, mark
        self.found[mark] = (path, line)

    def forbid(self, mark: str, why: str) -> None:
        """Plant a marker that must never be found."""
        assert mark not in self.found, mark
        self.absent[mark] = why


class _Counter:
    """Hands out consecutive marker numbers per kind."""

    def __init__(self) -> None:
        self.next: Counter[str] = Counter()

    def __call__(self, kind: str) -> str:
        self.next[kind] += 1
        return marker(kind, self.next[kind])


def write(root: Path, rel: str, data: bytes | str) -> Path:
    """Write a file under root, creating its folders."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data.encode() if isinstance(data, str) else data)
    return path


def plant_lines(plan: Planted, rel: str, lines: list[str], marks: _Counter, kind: str, eol: str = "\n") -> None:
    """Write a text file whose every line carries a fresh marker, and expect each on its line."""
    body = []
    for number, text in enumerate(lines, 1):
        mark = marks(kind)
        body.append(f"{text} {mark}")
        plan.expect(mark, rel, number)
    write(plan.root, rel, eol.join(body) + eol)
    plan.files += 1


# -- the parts of an adversarial repository ------------------------------------------------------


def bulk(plan: Planted, count: int, marks: _Counter, seed: int = 7) -> None:
    """Many small files, a hundred per folder, one marker each on a random line."""
    rng = random.Random(seed)
    for i in range(count):
        ext = EXTENSIONS[i % len(EXTENSIONS)]
        rel = f"bulk/d{i // 100:03d}/f{i:05d}{ext}"
        mark = marks("B")
        lines = [f"value_{i}_{j} = {j}" for j in range(rng.randint(1, 6))]
        at = rng.randint(0, len(lines))
        lines.insert(at, f"note = '{mark}'")
        plan.expect(mark, rel, at + 1)
        write(plan.root, rel, "\n".join(lines) + "\n")
        plan.files += 1


def deep(plan: Planted, marks: _Counter, levels: int = DEEP_LEVELS) -> None:
    """A chain of ``levels`` nested folders with marked files along it and at the bottom."""
    parts = [f"n{k:03d}" for k in range(levels)]
    for depth in (1, levels // 4, levels // 2, levels):
        rel = "deep/" + "/".join(parts[:depth]) + f"/at{depth}.py"
        mark = marks("D")
        write(plan.root, rel, f"# depth {depth}\nDEPTH = '{mark}'\n")
        plan.expect(mark, rel, 2)
        plan.files += 1
    os.symlink("../../..", plan.root / "deep" / "/".join(parts[:3]) / "back")
    plan.skips["symlink_loop"] += 1


def loops(plan: Planted) -> None:
    """Symlink loops: a link to itself, two links to each other, links back up the tree."""
    folder = plan.root / "loops"
    folder.mkdir()
    os.symlink("self", folder / "self")
    os.symlink("b", folder / "a")
    os.symlink("a", folder / "b")
    os.symlink("..", folder / "up")
    os.symlink(str(plan.root), folder / "root_abs")
    plan.skips["symlink_loop"] += 5


def outside(plan: Planted, elsewhere: Path, marks: _Counter) -> None:
    """Links that leave the root, to a folder and a file holding markers that must stay unseen."""
    elsewhere.mkdir(parents=True, exist_ok=True)
    secret = marks("O")
    write(elsewhere, "secret.py", f"TOKEN = '{secret}'\n")
    write(elsewhere, "sub/more.py", f"MORE = '{marks('O')}'\n")
    plan.forbid(secret, "outside the root")
    plan.forbid(marker("O", marks.next["O"]), "outside the root")
    links = plan.root / "links"
    links.mkdir()
    os.symlink(elsewhere, links / "escape_dir")
    os.symlink(elsewhere / "secret.py", links / "escape_file.py")
    os.symlink(os.path.relpath(elsewhere, links), links / "escape_relative")
    os.symlink(links / "missing.py", links / "dangling.py")
    plan.skips["symlink_outside_root"] += 3
    plan.skips["broken_symlink"] += 1
    inside = marks("L")
    write(plan.root, "links/target.py", f"LINKED = '{inside}'\n")
    plan.expect(inside, "links/target.py", 1)
    plan.files += 1


def binaries(plan: Planted, marks: _Counter) -> None:
    """Binary content under source extensions: skipped, their text never indexed."""
    blobs = {
        "bin/image.py": b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR",
        "bin/library.js": b"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00",
        "bin/archive.go": b"PK\x03\x04\x14\x00\x00\x00\x08\x00",
        "bin/late_nul.rs": b"fn main() {}\n" * 100 + b"\x00",
    }
    for rel, head in blobs.items():
        mark = marks("X")
        write(plan.root, rel, head + f" {mark} ".encode() + os.urandom(512))
        plan.forbid(mark, "binary")
    plan.skips["binary"] += len(blobs)


def huge(plan: Planted, marks: _Counter) -> None:
    """A 50 MB source file and one just over the limit: skipped by size."""
    mark = marks("H")
    line = b"x = 1  # filler\n"
    with open(plan.root / "huge_dump.py", "wb") as out:
        out.write(f"HUGE = '{mark}'\n".encode())
        block = line * (1024 * 1024 // len(line))
        out.writelines(block for _ in range(HUGE_BYTES // len(block)))
    plan.forbid(mark, "too large (50 MB)")
    edge = marks("H")
    write(plan.root, "just_over.txt", f"{edge}\n".encode() + b"y" * (1024 * 1024))
    plan.forbid(edge, "too large (1 MiB + 1)")
    plan.skips["too_large"] += 2


def minified(plan: Planted, marks: _Counter) -> None:
    """Minified JavaScript: a 1 MB line with markers at its start, middle and end; a 2 MB file."""
    head, middle, tail = marks("M"), marks("M"), marks("M")
    item = '"abcdefghijklmnop",'
    filler = item * ((MINIFIED_LINE_BYTES // 2 - 100) // len(item))
    line = f'var DATA=["{head}",{filler}"{middle}",{filler}"{tail}"];'
    write(plan.root, "min/bundle.min.js", line)  # no final newline, as bundlers write it
    for mark in (head, middle, tail):
        plan.expect(mark, "min/bundle.min.js", 1)
    plan.files += 1
    big = marks("M")
    write(plan.root, "min/vendor.min.js", f"/*{big}*/" + filler * 2 + "\n" + filler * 2)
    plan.forbid(big, "too large (2 MB of minified lines)")
    plan.skips["too_large"] += 1


def encodings(plan: Planted, marks: _Counter) -> None:
    """Invalid UTF-8, UTF-16 with a byte-order mark (both orders, CRLF too), NUL bytes, a UTF-8 BOM."""
    rows = [f"word_{k} = {k}" for k in range(6)]
    latin = [r.encode() + b" caf\xe9 \xff\xfe\xfd " + marks("E").encode() for r in rows]
    for number, raw in enumerate(latin, 1):
        plan.expect(MARKER.search(raw).group().decode(), "enc/latin1.py", number)
    write(plan.root, "enc/latin1.py", b"\n".join(latin) + b"\n")
    for rel, codec, eol in (("enc/utf16le.py", "utf-16-le", "\r\n"), ("enc/utf16be.txt", "utf-16-be", "\n")):
        lines = []
        for number, text in enumerate(rows, 1):
            mark = marks("U")
            lines.append(f"{text} \u00e9\u4e2d {mark}")
            plan.expect(mark, rel, number)
        bom = b"\xff\xfe" if codec.endswith("le") else b"\xfe\xff"
        write(plan.root, rel, bom + (eol.join(lines) + eol).encode(codec))
    late = [f"{r} {marks('N')}" for r in rows]
    for number, text in enumerate(late, 1):
        plan.expect(text.split()[-1], "enc/nul_late.c", number)
    write(plan.root, "enc/nul_late.c", ("\n".join(late) + "\n").encode() + b"/*" + b" " * 9000 + b"\x00*/\n")
    bom = marks("E")
    write(plan.root, "enc/bom8.py", b"\xef\xbb\xbf" + f"BOM = '{bom}'\n".encode())
    plan.expect(bom, "enc/bom8.py", 1)
    plan.files += 5
    plan.noticed["invalid_utf8"] += 1
    plan.noticed["utf16"] += 2


def line_endings(plan: Planted, marks: _Counter, seed: int = 11) -> None:
    """CRLF, a random mix of LF and CRLF, and lone CRs inside lines: a marker on every line."""
    rows = [f"line_{k} = {k}" for k in range(40)]
    plant_lines(plan, "eol/crlf.py", rows, marks, "C", eol="\r\n")
    rng = random.Random(seed)
    body = []
    for number, text in enumerate(rows, 1):
        mark = marks("C")
        plan.expect(mark, "eol/mixed.js", number)
        body.append(f"{text} {mark}" + rng.choice(["\n", "\r\n"]))
    write(plan.root, "eol/mixed.js", "".join(body))
    lone = []
    for number, text in enumerate(rows, 1):
        mark = marks("C")
        plan.expect(mark, "eol/lone_cr.txt", number)
        lone.append(f"{text}\r{mark}")  # a lone CR ends no line for git, rg or the index
    write(plan.root, "eol/lone_cr.txt", "\n".join(lone))
    plan.files += 2
    plan.noticed["crlf"] += 2


def ignored(plan: Planted, marks: _Counter) -> None:
    """Ignore files at two levels, a negation, and the .git folder: none of it may be indexed."""
    write(plan.root, ".gitignore", "*.log\nignored_dir/\n!keep.log\n/build\n")
    write(plan.root, "pkg/.gitignore", "secret.txt\n")
    write(plan.root, ".maguyvaignore", "*.snap\n")
    plan.files += 3
    for rel in ("debug.log", "ignored_dir/a.py", "build/out.js", "pkg/secret.txt", "pkg/x.snap", ".git/config"):
        mark = marks("I")
        write(plan.root, rel, f"IGNORED = '{mark}'\n")
        plan.forbid(mark, f"ignored ({rel})")
    plan.skips["ignored"] += 5
    keep = marks("I")
    write(plan.root, "keep.log", f"KEEP = '{keep}'\n")
    plan.expect(keep, "keep.log", 1)
    plan.files += 1


def odd_names(plan: Planted, marks: _Counter) -> None:
    """Names with spaces, a leading dash, non-ASCII (NFC and NFD), 255 bytes; a FIFO; empty files."""
    names = ["odd/with space.py", "odd/-dash.js", "odd/caf\u00e9.py", "odd/cafe\u0301.go",
             "odd/" + "n" * 252 + ".py", "odd/\u65e5\u672c.rs"]
    for rel in names:
        mark = marks("Q")
        write(plan.root, rel, f"# odd\nNAME = '{mark}'\n")
        plan.expect(mark, rel, 2)
    write(plan.root, "odd/empty.py", b"")
    write(plan.root, "odd/newlines.txt", b"\n\n\n")
    plan.files += len(names) + 2
    os.mkfifo(plan.root / "odd" / "pipe.py")
    plan.skips["not_regular"] += 1


def adversarial(root: Path, elsewhere: Path, bulk_files: int) -> Planted:
    """Build the whole adversarial repository at ``root`` (``elsewhere`` is outside it)."""
    root.mkdir(parents=True)
    plan = Planted(root)
    marks = _Counter()
    bulk(plan, bulk_files, marks)
    deep(plan, marks)
    loops(plan)
    outside(plan, elsewhere, marks)
    binaries(plan, marks)
    huge(plan, marks)
    minified(plan, marks)
    encodings(plan, marks)
    line_endings(plan, marks)
    ignored(plan, marks)
    odd_names(plan, marks)
    return plan


# -- the plain reference -----------------------------------------------------------------------


def plain_scan(root: Path) -> dict[str, list[tuple[str, int]]]:
    """Find every marker in the regular UTF-8 files under root, without following symlinks.

    The reference for tests whose repositories hold only plain ASCII files: lines are counted
    by ``\\n`` and nothing is ignored, so the repository must contain nothing to ignore.
    """
    found: dict[str, list[tuple[str, int]]] = {}
    for folder, dirs, files in os.walk(root):
        dirs.sort()
        for name in sorted(files):
            path = Path(folder) / name
            if path.is_symlink() or not path.is_file():
                continue
            rel = path.relative_to(root).as_posix()
            for number, line in enumerate(path.read_bytes().split(b"\n"), 1):
                for m in MARKER.findall(line):
                    found.setdefault(m.decode(), []).append((rel, number))
    return found
