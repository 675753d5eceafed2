"""How a workspace's worker process ended, said the same for every repository it held
(``core/workspace/workers.py``): its pipe closes as it dies, a little before it can be reaped, so
the first repository had read "its worker process ended (exit status 1)" and the next one "its
worker process ended"; a ``kill -9`` or the OOM killer is said as the signal."""

from __future__ import annotations

from maguyva_tui.core.workspace.workers import Worker


class _Process:
    """A process that is reaped only once waited for."""

    def __init__(self, code: int) -> None:
        self._code, self.exitcode = code, None

    def join(self, timeout: float | None = None) -> None:
        self.exitcode = self._code

    def is_alive(self) -> bool:
        return self.exitcode is None


def _worker(code: int) -> Worker:
    worker = Worker.__new__(Worker)
    worker._process = _Process(code)  # type: ignore[assignment]
    return worker


def test_a_killed_worker_is_said_by_its_signal() -> None:
    assert _worker(-9)._why_ended() == "its worker process ended (killed by signal 9)"


def test_an_exited_worker_is_said_by_its_status_before_it_was_reaped() -> None:
    assert _worker(1)._why_ended() == "its worker process ended (exit status 1)"


def test_no_repository_searchable_names_each_one_a_gone_worker_held() -> None:
    from maguyva_tui.core.workspace.coordinator import Missing, reasons

    said = reasons([Missing("api", "/w/api", "its worker process ended (killed by signal 9)"),
                    Missing("web", "/w/web", "its worker process ended (killed by signal 9)"),
                    Missing("gone", "/w/gone", "/w/gone: no such directory")])
    assert said == ("api: its worker process ended (killed by signal 9); web: its worker process ended "
                    "(killed by signal 9); /w/gone: no such directory")
