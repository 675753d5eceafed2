"""Real repositories for tests, evaluations and benchmarks, downloaded reproducibly.

Each corpus is a pinned source distribution from PyPI, fetched once with ``pip download`` and
unpacked into a cache (``bench/.cache`` or ``$MAGUYVA_CORPUS_CACHE``). The same name always
gives the same bytes.

    python -m bench.corpora sympy      # prints the unpacked path
"""

from __future__ import annotations

import argparse
import fcntl
import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

PINNED: dict[str, str] = {
    "requests": "2.32.3",  # ~0.5 MB of Python, a small, well-known API
    "flask": "3.0.3",  # small web framework, many decorators and methods
    "click": "8.1.7",  # command-line library, deep class hierarchies
    "attrs": "24.2.0",  # metaprogramming-heavy library
    "rich": "13.9.4",  # ~3 MB, many modules and classes
    "sympy": "1.13.3",  # ~33 MB: the speed benchmarks' "30 MB repository"
}
"""Corpus name to the exact version fetched."""

CACHE = Path(os.environ.get("MAGUYVA_CORPUS_CACHE", Path(__file__).resolve().parent / ".cache"))


def corpus_name(value: str) -> str:
    """A pinned corpus's name as a command line gives it (an ``argparse`` type): an unknown one is
    refused in one line naming the pinned ones (``corpus`` had ended in a ``KeyError``)."""
    if value not in PINNED:
        raise argparse.ArgumentTypeError(f"no pinned corpus {value!r} (one of: {', '.join(PINNED)})")
    return value


def bench_parser(module: str, doc: str | None) -> argparse.ArgumentParser:
    """A benchmark's parser: ``python -m MODULE`` in its usage, its module docstring as the help."""
    return argparse.ArgumentParser(prog=f"python -m {module}", description=doc,
                                   formatter_class=argparse.RawDescriptionHelpFormatter)


def corpus(name: str) -> Path:
    """Return the unpacked source tree of a pinned corpus, downloading it on first use."""
    version = PINNED[name]
    target = CACHE / f"{name}-{version}"
    done = target / ".complete"
    if done.exists():
        return _root(target)
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{name}-{version}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two processes unpacking at once left a partial tree marked complete
        if not done.exists():
            _unpack(name, version, target)
    return _root(target)


def _unpack(name: str, version: str, target: Path) -> None:
    """Download the pinned sdist if needed and unpack it into ``target``, marked complete last."""
    archive_dir = CACHE / "archives"
    archive_dir.mkdir(parents=True, exist_ok=True)
    archive = _find_archive(archive_dir, name, version)
    if archive is None:
        subprocess.run(
            [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", ":all:",
             "-d", str(archive_dir), f"{name}=={version}"],
            check=True,
        )
        archive = _find_archive(archive_dir, name, version)
        if archive is None:
            raise RuntimeError(f"pip downloaded no sdist for {name}=={version}")
    tmp = target.with_suffix(".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    if archive.name.endswith(".zip"):
        with zipfile.ZipFile(archive) as zf:
            zf.extractall(tmp)
    else:
        with tarfile.open(archive) as tf:
            tf.extractall(tmp, filter="data")
    if target.exists():
        shutil.rmtree(target)
    tmp.rename(target)
    (target / ".complete").touch()


def _find_archive(folder: Path, name: str, version: str) -> Path | None:
    """Find a downloaded sdist whatever the case or separator of its file name."""
    stem = f"{name}-{version}".lower().replace("_", "-")
    for path in folder.iterdir():
        if path.name.lower().replace("_", "-").startswith(stem) and path.name.endswith((".tar.gz", ".zip")):
            return path
    return None


def _root(target: Path) -> Path:
    """Return the single top-level folder of an unpacked sdist."""
    entries = [p for p in target.iterdir() if p.is_dir()]
    return entries[0] if len(entries) == 1 else target


def main(argv: list[str]) -> int:
    """Print the unpacked path of each named corpus (every pinned one by default)."""
    parser = bench_parser("bench.corpora", __doc__)
    parser.add_argument("names", nargs="*", type=corpus_name, metavar="NAME",
                        help=f"pinned corpora to fetch (default: all of {', '.join(PINNED)})")
    for name in parser.parse_args(argv).names or list(PINNED):
        print(corpus(name))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
