"""What keeps a resident server from filling the transformer tier: ``MAGUYVA_SERVER_FILL=0``, a
Voyage key (a background process never spends API calls unasked), the local model missing."""

from __future__ import annotations

import pytest

from maguyva_tui.core.embed import provider
from maguyva_tui.core.types import MissingPackage
from maguyva_tui.resident import place
from maguyva_tui.resident.filler import FILL_ENV, fill_blocked


def test_the_settings_that_turn_the_model_off_keep_the_filler_from_starting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(FILL_ENV, raising=False)
    monkeypatch.delenv(provider.VOYAGE_KEY_ENV, raising=False)
    monkeypatch.setattr(provider, "missing_local_package", lambda: None)
    assert fill_blocked() is None
    monkeypatch.setenv(FILL_ENV, "0")
    assert fill_blocked() == f"{FILL_ENV}=0"
    monkeypatch.setenv(FILL_ENV, "1")
    monkeypatch.setenv(provider.VOYAGE_KEY_ENV, "pa-secret")
    blocked = fill_blocked()
    assert blocked is not None and "VOYAGE_API_KEY" in blocked and "pa-secret" not in blocked
    monkeypatch.delenv(provider.VOYAGE_KEY_ENV)
    monkeypatch.setattr(provider, "missing_local_package", lambda: MissingPackage("no tokenizers"))
    assert fill_blocked() == "no tokenizers"


def test_the_fill_setting_is_no_part_of_which_server_answers() -> None:
    """A shell with MAGUYVA_SERVER_FILL=0 asks the same server as one without (it changes no answer)."""
    assert place.relevant_env({FILL_ENV: "0", "MAGUYVA_X": "1"}) == {"MAGUYVA_X": "1"}
