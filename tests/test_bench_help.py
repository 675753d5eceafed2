"""Every benchmark answers ``--help`` with its usage and a bad argument with one error line:
``python -m bench.static_speed --help`` and ``bench.tier_blend --help`` had ended in ``KeyError:
'--help'`` and a traceback, ``bench.graph_speed --help`` had run the whole benchmark, and most
usages named a file (``usage: first_result.py``) that cannot be run as a script."""

from __future__ import annotations

import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _bench_modules() -> list[str]:
    """Every module under bench/ that runs as ``python -m`` (a top-level ``if __name__ == "__main__":``)."""
    found = []
    for path in sorted((ROOT / "bench").rglob("*.py")):
        if ".cache" in path.parts:
            continue
        if re.search(r'^if __name__ == "__main__":', path.read_text(), re.MULTILINE):
            found.append(".".join(path.relative_to(ROOT).with_suffix("").parts))
    return found


def _run(module: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", module, *args], cwd=ROOT, capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize(("module", "call"), [("bench.static_speed", "arguments"), ("bench.tier_blend", "arguments"),
                                              ("bench.graph_speed", "arguments"), ("bench.corpora", "main")])
def test_the_benchmarks_that_read_argv_by_hand_answer_help_and_refuse_an_unknown_corpus(
        module: str, call: str, capsys: pytest.CaptureFixture[str]) -> None:
    import importlib

    read = getattr(importlib.import_module(module), call)
    with pytest.raises(SystemExit) as helped:
        read(["--help"])
    assert helped.value.code == 0 and capsys.readouterr().out.startswith(f"usage: python -m {module} [-h]")
    with pytest.raises(SystemExit) as refused:
        read(["nosuch"])
    error = capsys.readouterr().err.splitlines()[-1]
    assert refused.value.code == 2
    assert error == (f"python -m {module}: error: argument {'name' if 'speed' in module else 'NAME'}: no pinned "
                     "corpus 'nosuch' (one of: requests, flask, click, attrs, rich, sympy)")


@pytest.mark.slow
def test_every_benchmark_answers_help_and_a_bad_flag_in_one_line() -> None:
    modules = _bench_modules()
    assert {"bench.static_speed", "bench.tier_blend", "bench.graph_speed", "bench.evaluate"} <= set(modules)
    with ThreadPoolExecutor(2) as pool:  # two at a time: each is a Python start-up and the imports
        helped = dict(zip(modules, pool.map(lambda m: _run(m, "--help"), modules)))
        refused = dict(zip(modules, pool.map(lambda m: _run(m, "--no-such-flag"), modules)))
    for module in modules:
        proc = helped[module]
        assert proc.returncode == 0 and proc.stdout.startswith(f"usage: python -m {module} "), (module, proc.stderr)
        proc = refused[module]
        assert proc.returncode == 2 and "Traceback" not in proc.stderr, (module, proc.stderr)
        assert proc.stderr.splitlines()[-1].startswith(f"python -m {module}: error: "), (module, proc.stderr)
