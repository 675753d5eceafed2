"""Pinned packages that carry a repository's sources, fetched with the registries' own clients.

Three registries are reachable from the machines this runs on: PyPI (``pip download`` of an
sdist), npm (``npm pack`` of a tarball) and Debian bookworm, as a binary package that ships
sources (``apt-get download``: Go, Rust crates, PHP, Ruby, C and C++ headers) or as a source
package's upstream tarball (``apt-get source --download-only`` through a private deb-src list,
:data:`DEB_SRC`, kept in the cache: the machine's apt lists are left as they are; only some source
packages are served, the security-updated ones among them). Each package is
pinned by its exact version and the sha256 of the archive, so the same name always gives the same
bytes; it is downloaded once into ``<cache>/nl/archives`` and unpacked into
``<cache>/nl/unpacked/<archive name>`` (the cache is ``bench/.cache`` or
``$MAGUYVA_CORPUS_CACHE``, as for :mod:`bench.corpora`).

A :class:`Layout` places the unpacked files where they sit in the upstream repository: pairs
of (repository path prefix, folder of the unpacked packages). That is data layout only, the
way a package installs a repository's files, never a tuning constant.
"""

from __future__ import annotations

import hashlib
import io
import re
import shutil
import subprocess
import sys
import tarfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from bench.corpora import CACHE

ROOT = CACHE / "nl"
ARCHIVES = ROOT / "archives"
UNPACKED = ROOT / "unpacked"
REGISTRIES = ("pypi", "npm", "debian", "debian-source")
DEB_SRC = "deb-src http://deb.debian.org/debian bookworm main"
"""The one line of the private source list a ``debian-source`` package is fetched through."""


@dataclass(frozen=True, slots=True)
class Package:
    """One pinned archive of a registry."""

    registry: str
    """``pypi``, ``npm``, ``debian`` (a binary package) or ``debian-source`` (a source package's
    upstream ``.orig.tar.*``: ``name`` is the source package, ``version`` its Debian version)."""
    name: str
    version: str
    sha256: str
    """Of the archive as downloaded: a different build of the same version is refused."""

    def __str__(self) -> str:
        return f"{self.registry}:{self.name}=={self.version}"


@dataclass(frozen=True, slots=True)
class Layout:
    """Where a repository's files are in its unpacked packages."""

    packages: tuple[Package, ...]
    places: tuple[tuple[str, str], ...]
    """(repository path prefix, ``<archive stem>/<folder>`` of the unpacked packages): a file at
    ``folder/x`` of the package is the repository's ``prefix + x``. The first segment of the folder
    names the package (:func:`stem` of its archive)."""


class FetchError(RuntimeError):
    """A package could not be downloaded or its bytes are not the pinned ones."""


def fetch(package: Package) -> Path:
    """Download a package once, check its sha256, unpack it; return the unpacked folder."""
    target = UNPACKED / stem(package)
    if (target / ".complete").exists():
        return target
    archive = _archive(package)
    digest = _sha256(archive)
    if digest != package.sha256:
        raise FetchError(f"{package}: sha256 {digest}, pinned {package.sha256} ({archive})")
    if target.exists():
        shutil.rmtree(target)
    tmp = target.with_name(target.name + ".tmp")
    if tmp.exists():
        shutil.rmtree(tmp)
    tmp.mkdir(parents=True)
    _unpack(archive, tmp)
    tmp.rename(target)
    (target / ".complete").touch()
    return target


def stem(package: Package) -> str:
    """The unpacked folder's name: ``<registry>-<name>-<version>``, characters other than letters,
    digits, ``.``, ``_``, ``+`` and ``-`` made ``-`` (``@trpc/server``, an epoch's ``2:``)."""
    return re.sub(r"[^\w.+-]", "-", f"{package.registry}-{package.name.lstrip('@')}-{package.version}")


def repository_files(layout: Layout) -> Iterator[tuple[str, Path]]:
    """Every file of a layout as (repository path, file on disk), each repository path once."""
    by_stem = {stem(p): p for p in layout.packages}
    seen: set[str] = set()
    for prefix, folder in layout.places:
        head, _, rest = folder.partition("/")
        if head not in by_stem:
            raise ValueError(f"{folder}: no package {head!r} in the layout")
        base = fetch(by_stem[head]) / rest
        if not base.is_dir():
            raise FetchError(f"{by_stem[head]} has no folder {rest!r}")
        for path in sorted(base.rglob("*")):
            if path.is_file() and not path.is_symlink():
                repo_path = prefix + path.relative_to(base).as_posix()
                if repo_path not in seen:
                    seen.add(repo_path)
                    yield repo_path, path


def _archive(package: Package) -> Path:
    """The downloaded archive, fetched with the registry's own client on first use."""
    folder = ARCHIVES / package.registry
    folder.mkdir(parents=True, exist_ok=True)
    found = _find(folder, package)
    if found is not None:
        return found
    try:
        for command in _commands(package, folder):
            subprocess.run(command, cwd=folder, check=True, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True, timeout=900)
    except (OSError, subprocess.SubprocessError) as error:
        detail = getattr(error, "stderr", "") or str(error)
        hint = " (apt-get update may be needed)" if package.registry == "debian" else ""
        hint = " (the source package may no longer be served)" if package.registry == "debian-source" else hint
        raise FetchError(f"could not download {package}{hint}: {detail.strip()[-400:]}") from error
    found = _find(folder, package)
    if found is None:
        raise FetchError(f"{package}: the client saved no archive in {folder}")
    return found


def _commands(package: Package, folder: Path) -> list[list[str]]:
    """The registry client's commands that save the archive in ``folder`` (run there, in order)."""
    if package.registry == "pypi":
        return [[sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--no-binary", package.name,
                 "-d", ".", f"{package.name}=={package.version}"]]
    if package.registry == "npm":
        return [["npm", "pack", "--silent", f"{package.name}@{package.version}"]]
    if package.registry == "debian":
        return [["apt-get", "download", f"{package.name}={package.version}"]]
    if package.registry == "debian-source":
        options = _source_list(folder / "apt")
        return [["apt-get", *options, "update"],
                ["apt-get", *options, "source", "--download-only", f"{package.name}={package.version}"]]
    raise ValueError(f"unknown registry {package.registry!r}")


def _source_list(apt: Path) -> list[str]:
    """apt-get's options for a private list of :data:`DEB_SRC` in ``apt`` (written on first use)."""
    (apt / "lists" / "partial").mkdir(parents=True, exist_ok=True)
    listing = apt / "sources.list"
    if not listing.exists() or listing.read_text() != DEB_SRC + "\n":
        listing.write_text(DEB_SRC + "\n")
    return ["-o", f"Dir::Etc::SourceList={listing}", "-o", "Dir::Etc::SourceParts=/dev/null",
            "-o", f"Dir::State::Lists={apt / 'lists'}"]


def upstream_version(version: str) -> str:
    """A Debian version's upstream part, as its ``.orig`` tarball is named: no epoch, no revision."""
    version = version.split(":", 1)[1] if ":" in version else version
    return version.rsplit("-", 1)[0] if "-" in version else version


def _find(folder: Path, package: Package) -> Path | None:
    """The archive of a package in its registry's folder, whatever the client named it."""
    for path in sorted(folder.iterdir()):
        if path.is_file() and _names(path.name, package):
            return path
    return None


def _names(filename: str, package: Package) -> bool:
    """Whether an archive's file name is the one a registry client gives this package."""
    lower = filename.lower()
    if package.registry == "pypi":
        wanted = f"{package.name}-{package.version}".lower().replace("_", "-")
        return lower.replace("_", "-").startswith(wanted) and lower.endswith((".tar.gz", ".zip"))
    if package.registry == "npm":
        return lower == f"{package.name.lstrip('@').replace('/', '-')}-{package.version}.tgz".lower()
    if package.registry == "debian-source":
        orig = f"{package.name}_{upstream_version(package.version)}.orig.tar.".lower()
        return lower.startswith(orig) and lower.endswith((".gz", ".xz", ".bz2"))
    version = package.version.replace(":", "%3a")  # apt-get quotes an epoch's colon
    return lower.startswith(f"{package.name}_{version}_".lower()) and lower.endswith(".deb")


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _unpack(archive: Path, target: Path) -> None:
    """Unpack an sdist or npm tarball, a source package's upstream tarball, a zip, or the files of
    a Debian package."""
    if archive.name.endswith(".zip"):
        import zipfile

        with zipfile.ZipFile(archive) as zf:
            zf.extractall(target)
        return
    data = archive.read_bytes()
    if archive.name.endswith(".deb"):
        data = next(body for name, body in _ar_members(data) if name.startswith("data.tar"))
    with tarfile.open(fileobj=io.BytesIO(data)) as tf:
        tf.extractall(target, filter="data")


def _ar_members(data: bytes) -> Iterator[tuple[str, bytes]]:
    """The members of an ``ar`` archive (a Debian package is one), so no ``dpkg`` is needed."""
    if not data.startswith(b"!<arch>\n"):
        raise FetchError("not an ar archive")
    at = 8
    while at + 60 <= len(data):
        header = data[at : at + 60]
        name = header[:16].decode().strip().rstrip("/")
        size = int(header[48:58].decode().strip())
        yield name, data[at + 60 : at + 60 + size]
        at += 60 + size + (size % 2)


def relative(path: str, root: str | None) -> str | None:
    """``path`` relative to the folder ``root`` (``None``: the whole repository), or ``None`` outside it."""
    if not root:
        return path
    prefix = PurePosixPath(root).as_posix().rstrip("/") + "/"
    return path[len(prefix) :] if path.startswith(prefix) else None
