"""`maguyva server status` counts what the server answered in the singular when it answered one
("1 searches answered" had read wrong), and names them questions: graph questions count too."""

from __future__ import annotations

from maguyva_tui.resident.command import _status_text

STATUS = {"root": "/r", "pid": 7, "socket": "/tmp/s", "index_folder": None, "uptime_s": 12.0,
          "idle_s": 2.0, "idle_limit_s": 600.0}


def test_one_question_answered_is_said_in_the_singular() -> None:
    assert "12 s, 1 question answered" in _status_text({**STATUS, "searches": 1})
    assert "0 questions answered" in _status_text({**STATUS, "searches": 0})
    assert "5 questions answered" in _status_text({**STATUS, "searches": 5})
