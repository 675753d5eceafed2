"""``MAGUYVA_NO_SERVER=1 maguyva server start`` says that this shell's searches will not use it.

Found by an outside tester on simplejson 3.19.3: it started a server and said "ready" alone, where no
search then asked it (``0 searches answered``): the README says the variable turns servers off. The
server is started all the same (it was asked for by name; a shell without the variable uses it;
the test set-up sets the variable for every test, and the resident tests start their own servers),
and one line on stderr says why searches here will pass it by.
"""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from maguyva_tui.resident import client, command

SAID = ("maguyva: MAGUYVA_NO_SERVER is set here, so maguyva search and graph in this shell do not ask this server "
        "(unset it to use the server; a shell without it does)\n")


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """A stand-in server: spawned at once, ready at the first status asked after the spawn."""
    spawned: list[Any] = []
    monkeypatch.setattr(client, "spawn", lambda *args, **kwargs: spawned.append(args) or SimpleNamespace(poll=lambda: None))
    monkeypatch.setattr(command, "ask", lambda folder, path, what: {"pid": 42} if spawned else None)
    return spawned


@pytest.mark.parametrize("value", ["1", "yes"])
def test_a_server_started_where_searches_will_not_ask_it_says_so(
    started: list[Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], value: str
) -> None:
    monkeypatch.setenv("MAGUYVA_NO_SERVER", value)
    assert command._start("/run/x", "/run/x/s.sock", "/repo", "") == 0
    out, err = capsys.readouterr()
    assert started and out == "maguyva: server for /repo ready (pid 42; log /run/x/s.log)\n"  # started all the same
    assert err == SAID
    assert command._start("/run/x", "/run/x/s.sock", "/repo", "") == 0  # one that already runs: the same line
    out, err = capsys.readouterr()
    assert out == "maguyva: a server for /repo already runs (pid 42)\n" and err == SAID


@pytest.mark.parametrize("value", [None, "", "0"])
def test_without_the_variable_start_says_ready_alone(
    started: list[Any], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], value: str | None
) -> None:
    if value is None:
        monkeypatch.delenv("MAGUYVA_NO_SERVER", raising=False)
    else:
        monkeypatch.setenv("MAGUYVA_NO_SERVER", value)
    assert command._start("/run/x", "/run/x/s.sock", "/repo", "") == 0
    assert capsys.readouterr().err == ""
