"""Fixtures for the core tests: one cache of derived models per test session."""

from __future__ import annotations

from collections.abc import Iterator

import pytest


@pytest.fixture(scope="session", autouse=True)
def _session_model_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Point ``MAGUYVA_MODEL_CACHE`` at one folder for the whole session: the static model is derived
    at most once per session, and never in the user's cache."""
    from maguyva_tui.core.embed.static import CACHE_ENV

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(CACHE_ENV, str(tmp_path_factory.mktemp("models")))
        yield
