"""Run the hardening suite and print its figures: inputs tried, faults injected, kills survived,
nothing lost, resident memory over a long batch.

    python bench/hardening_report.py            # the full run (-m "slow or not slow"): the README's figures
    python bench/hardening_report.py --quick    # the default CI run only (smaller sizes)

The figures are not computed here: the tests in ``tests/hardening`` record what they did (through
``MAGUYVA_HARDENING_FIGURES``) while they check it, so every number printed is one a passing test
stood behind. A failing test is reported at the top, and its figures may be missing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SUITE = "tests/hardening"

ADDITIVE = {"patterns", "queries", "searches", "permission_denied", "changed_while_reading", "changed_after_reading",
            "vanished_during_walk", "key_checks", "provider_failures_injected", "results_checked_inside_root"}
"""Fields summed over the rows of one section (one row per parametrized case)."""


def run_suite(full: bool, figures: Path) -> tuple[int, str, float]:
    """Run pytest on the suite with figures recorded; return its exit status, output and seconds."""
    marker = "slow or not slow" if full else "not slow"
    command = [sys.executable, "-m", "pytest", SUITE, "-m", marker, "-q", "-p", "no:cacheprovider", "-rfExX"]
    env = dict(os.environ, MAGUYVA_HARDENING_FIGURES=str(figures))
    started = time.perf_counter()
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr, time.perf_counter() - started


def load_figures(path: Path) -> dict[str, dict[str, Any]]:
    """Merge the recorded rows per section, preferring the full scale where a test ran at both."""
    rows = [json.loads(line) for line in path.read_text().splitlines() if line.strip()] if path.exists() else []
    by_scale: dict[tuple[str, str], dict[str, Any]] = defaultdict(dict)
    for row in rows:
        merged = by_scale[(row.pop("section"), row.pop("scale"))]
        for key, value in row.items():
            if key in ADDITIVE and isinstance(value, (int, float)):
                merged[key] = merged.get(key, 0) + value
            elif key.startswith("slowest") or key.endswith("_pct"):
                merged[key] = max(merged.get(key, value), value)
            else:
                merged[key] = value
    sections: dict[str, dict[str, Any]] = {}
    for (section, scale), values in sorted(by_scale.items(), key=lambda kv: kv[0][1] == "full"):
        sections[section] = {**sections.get(section, {}), **values, "scale": scale}
    return sections


def n(value: Any) -> str:
    """Format a count with thousands separators."""
    return f"{value:,}" if isinstance(value, int) else str(value)


def report(sections: dict[str, dict[str, Any]], outcome: str, seconds: float, full: bool) -> str:
    """Render the figures as the Markdown block the README takes."""
    get = lambda section, key, default=0: sections.get(section, {}).get(key, default)  # noqa: E731
    adv, crash, load = sections.get("adversarial", {}), sections.get("crash", {}), sections.get("load", {})
    fuzz_inputs = (get("fuzz_engine", "inputs") + get("fuzz_literal", "inputs") + get("fuzz_regex", "inputs")
                   + get("fuzz_batch", "inputs") + get("fuzz_pathological", "searches") + get("fuzz_long", "searches"))
    faults = (get("crash", "kills") + get("crash_semantic", "kills") + get("faults", "permission_denied")
              + get("faults", "changed_while_reading") + get("faults", "changed_after_reading")
              + get("faults", "vanished_during_walk") + get("boundaries", "provider_failures_injected"))
    skipped = ", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in sorted(adv.get("skipped", {}).items()))
    mode = 'full run, -m "slow or not slow"' if full else "default CI run"
    lines = [
        "## Hardening",
        "",
        "```bash",
        "python bench/hardening_report.py" + ("" if full else " --quick") + "   # runs tests/hardening and prints this",
        "```",
        "",
        f"pytest: {outcome} ({seconds / 60:.1f} min on this machine, {mode})",
        "",
        "| | figure |",
        "|---|---|",
        f"| inputs tried | **{fuzz_inputs:,}** queries: {n(get('fuzz_engine', 'inputs'))} fuzzed through the engine "
        f"(any modality, preset, case, regex; {n(get('fuzz_engine', 'answered'))} answered, "
        f"{n(get('fuzz_engine', 'refused'))} refused with a one-line message), "
        f"{n(get('fuzz_literal', 'inputs'))} literals and {n(get('fuzz_regex', 'inputs'))} regexes checked against a "
        f"scan of every file, {n(get('fuzz_batch', 'inputs'))} hostile `--batch` lines, "
        f"{n(get('fuzz_pathological', 'patterns'))} pathological patterns and {n(get('fuzz_long', 'queries'))} "
        f"60-120 KB queries in every mode |",
        f"| slowest query | {max(get('fuzz_engine', 'slowest_ms', 0), get('fuzz_pathological', 'slowest_ms', 0), get('fuzz_long', 'slowest_ms', 0)):,.0f} ms "
        f"(bound {get('fuzz_engine', 'bound_ms', 2000):,.0f} ms per query) |",
        f"| adversarial repository | {n(adv.get('files_generated'))} paths ({n(adv.get('files_indexed'))} indexed in "
        f"{adv.get('index_seconds', '?')} s, again in {adv.get('reindex_seconds', '?')} s), {adv.get('nesting', 200)} "
        f"nested folders, a 50 MB file, a 1 MB minified line, loops, links out of the root, binaries, "
        f"invalid UTF-8, UTF-16, NUL bytes, CRLF/mixed/lone-CR endings, a FIFO; skipped: {skipped} |",
        f"| nothing lost | {n(adv.get('markers_found'))}/{n(adv.get('markers_expected'))} planted markers found at "
        f"their exact line, {n(adv.get('leaked', 0))} of {n(adv.get('markers_forbidden'))} forbidden ones "
        f"(ignored, binary, too large, outside the root) found; {n(get('boundaries', 'results_checked_inside_root'))} "
        f"results checked inside the root |",
        f"| faults injected | **{faults:,}**: {n(get('crash', 'kills'))} kill -9 of `maguyva index` "
        f"({n(get('crash', 'kills_during_write'))} after its write phase began, "
        f"{n(get('crash', 'partial_generations_seen'))} leaving a half-written generation)"
        + (f", {n(get('crash_semantic', 'kills'))} while embedding" if "crash_semantic" in sections else "")
        + f", {n(get('faults', 'permission_denied'))} permission denials, "
        f"{n(get('faults', 'changed_while_reading') + get('faults', 'changed_after_reading') + get('faults', 'vanished_during_walk'))} "
        f"files changed, deleted or vanished mid-build, {n(get('boundaries', 'provider_failures_injected'))} Voyage failures |",
        f"| kills survived | {n(get('crash', 'kills'))}/{n(get('crash', 'kills'))}: after each, the live index held one "
        f"whole earlier state ({n(get('crash', 'live_previous'))} times the previous one, {n(get('crash', 'live_new'))} "
        f"the new one, never a mix); the next run ({n(get('crash', 'in_process_recoveries'))} builds, "
        f"{n(get('crash', 'cli_recoveries'))} `search --batch`) matched a plain scan: "
        f"{n(get('crash', 'wrong_results'))} wrong results, {n(get('crash', 'crashes'))} crashes |",
        f"| concurrency | 2 CLI processes indexing and searching in loops while files appear: "
        f"{n(get('concurrency', 'rounds'))} rounds, {n(get('concurrency', 'failures'))} failures; the app "
        f"(headless, watching the disk) answered {n(get('concurrency', 'app_queries'))} queries beside 2 CLI "
        f"processes, {n(get('concurrency', 'app_failures'))} failures |",
        f"| secrets | the Voyage key was looked for in {n(get('boundaries', 'key_checks'))} logs, messages and results "
        f"and in every index file, through the engine and the CLI (answering, 401, failing): found 0 times |",
        f"| memory | {n(load.get('queries'))} queries in one `maguyva search --batch` ({load.get('queries_per_second', '?')} q/s): "
        f"RSS {load.get('rss_after_warmup_mib', '?')} MiB after a {n(load.get('warmup_queries'))}-query warm-up, "
        f"peak {load.get('rss_peak_mib', '?')} MiB, final {load.get('rss_final_mib', '?')} MiB: "
        f"**{load.get('rss_max_drift_pct', '?')} %** at most from the warm-up level (bound 10 %) |",
    ]
    return "\n".join(lines)


def outcome_line(output: str) -> str:
    """Pull pytest's summary line (``120 passed, 2 xfailed in ...``) out of its output."""
    found = re.findall(r"^=*\s*(\d+ (?:passed|failed).*?) in [\d.]+s", output, re.MULTILINE)
    return found[-1] if found else "no summary (see the output above)"


def main(argv: list[str] | None = None) -> int:
    """Run the suite and print the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the default CI run only (smaller sizes)")
    parser.add_argument("--figures", type=Path, help="also keep the raw figures (JSON lines) here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        figures = args.figures or Path(tmp) / "figures.jsonl"
        figures.unlink(missing_ok=True)
        status, output, seconds = run_suite(not args.quick, figures)
        sections = load_figures(figures)
    if status != 0:
        print(output[-6000:], file=sys.stderr)
    print(report(sections, outcome_line(output), seconds, not args.quick))
    xfails = re.findall(r"^XFAIL (.+?)(?: - (.*))?$", output, re.MULTILINE)
    if xfails:
        print("\nKnown bugs (strict xfail, described in the tests):")
        for test, reason in xfails:
            print(f"- {test.split('::')[-1]}: {reason}")
    return status


if __name__ == "__main__":
    sys.exit(main())
