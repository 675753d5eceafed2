"""Run the hardening suite and print its figures: inputs tried, faults injected, kills survived,
nothing lost, resident memory over a long batch; then the outside testers' probes of issue 18, each
with the regression tests that try it.

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
            "vanished_during_walk", "key_checks", "provider_failures_injected", "results_checked_inside_root",
            "index_damages", "index_damages_survived"}
"""Fields summed over the rows of one section (one row per parametrized case)."""


def run_suite(full: bool, figures: Path) -> tuple[int, str, float]:
    """Run pytest on the suite with figures recorded; return its exit status, output and seconds."""
    marker = "slow or not slow" if full else "not slow"
    command = [sys.executable, "-m", "pytest", SUITE, "-m", marker, "-q", "-p", "no:cacheprovider", "-rfExX"]
    env = dict(os.environ, MAGUYVA_HARDENING_FIGURES=str(figures))
    started = time.perf_counter()
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, check=False)
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


class Figures:
    """The merged figures of one run, read with defaults so a missing section prints as zero."""

    def __init__(self, sections: dict[str, dict[str, Any]]) -> None:
        self.sections = sections

    def __call__(self, section: str, key: str, default: Any = 0) -> Any:
        return self.sections.get(section, {}).get(key, default)

    def total(self, *pairs: tuple[str, str]) -> int:
        """Sum several counts."""
        return sum(int(self(section, key)) for section, key in pairs)


def row_inputs(f: Figures) -> tuple[str, str]:
    inputs = f.total(("fuzz_engine", "inputs"), ("fuzz_literal", "inputs"), ("fuzz_regex", "inputs"),
                     ("fuzz_batch", "inputs"), ("fuzz_pathological", "searches"), ("fuzz_long", "searches"))
    return "inputs tried", (
        f"**{inputs:,}** queries: {n(f('fuzz_engine', 'inputs'))} fuzzed through the engine (any modality, preset, "
        f"case, regex; {n(f('fuzz_engine', 'answered'))} answered, {n(f('fuzz_engine', 'refused'))} refused with a "
        f"one-line message), {n(f('fuzz_literal', 'inputs'))} literals and {n(f('fuzz_regex', 'inputs'))} regexes "
        f"checked against a scan of every file, {n(f('fuzz_batch', 'inputs'))} hostile `--batch` lines, "
        f"{n(f('fuzz_pathological', 'patterns'))} pathological patterns and {n(f('fuzz_long', 'queries'))} "
        f"60-120 KB queries in every mode"
    )


def row_slowest(f: Figures) -> tuple[str, str]:
    slowest = max(f("fuzz_engine", "slowest_ms"), f("fuzz_pathological", "slowest_ms"), f("fuzz_long", "slowest_ms"))
    bound = f("fuzz_engine", "bound_ms", 2000)
    return "slowest query", f"{slowest:,.0f} ms of CPU (bound {bound:,.0f} ms of CPU, {3 * bound:,.0f} ms wall, per query)"


def row_adversarial(f: Figures) -> tuple[str, str]:
    skipped = ", ".join(f"{v:,} {k.replace('_', ' ')}" for k, v in sorted(f("adversarial", "skipped", {}).items()))
    return "adversarial repository", (
        f"{n(f('adversarial', 'files_generated'))} paths ({n(f('adversarial', 'files_indexed'))} indexed in "
        f"{f('adversarial', 'index_seconds', '?')} s, again in {f('adversarial', 'reindex_seconds', '?')} s), "
        f"{f('adversarial', 'nesting', 200)} nested folders, a 50 MB file, a 1 MB minified line, loops, links out of "
        f"the root, binaries, invalid UTF-8, UTF-16, NUL bytes, CRLF/mixed/lone-CR endings, a FIFO; skipped: {skipped}"
    )


def row_nothing_lost(f: Figures) -> tuple[str, str]:
    return "nothing lost", (
        f"{n(f('adversarial', 'markers_found'))}/{n(f('adversarial', 'markers_expected'))} planted markers found at "
        f"their exact line, {n(f('adversarial', 'leaked'))} of {n(f('adversarial', 'markers_forbidden'))} forbidden "
        f"ones (ignored, binary, too large, outside the root) found; "
        f"{n(f('boundaries', 'results_checked_inside_root'))} results checked inside the root"
    )


def row_faults(f: Figures) -> tuple[str, str]:
    midway = f.total(("faults", "changed_while_reading"), ("faults", "changed_after_reading"),
                     ("faults", "vanished_during_walk"))
    total = midway + f.total(("crash", "kills"), ("crash_semantic", "kills"), ("faults", "permission_denied"),
                             ("boundaries", "provider_failures_injected"), ("faults", "index_damages"))
    embedding = f", {n(f('crash_semantic', 'kills'))} while embedding" if "crash_semantic" in f.sections else ""
    return "faults injected", (
        f"**{total:,}**: {n(f('crash', 'kills'))} kill -9 of `maguyva index` in {n(f('crash', 'rounds'))} rounds "
        f"({n(f('crash', 'kills_during_write'))} after its write phase began, "
        f"{n(f('crash', 'partial_generations_seen'))} leaving a half-written generation){embedding}, "
        f"{n(f('faults', 'index_damages'))} damaged index files ({n(f('faults', 'index_damages_survived'))} rebuilt "
        f"or harmless), {n(f('faults', 'permission_denied'))} permission denials, {midway:,} files changed, "
        f"deleted or vanished mid-build, {n(f('boundaries', 'provider_failures_injected'))} Voyage failures"
    )


def row_kills(f: Figures) -> tuple[str, str]:
    return "kills survived", (
        f"{n(f('crash', 'kills'))}/{n(f('crash', 'kills'))}: after each, the live index held one whole earlier state "
        f"({n(f('crash', 'live_previous'))} times the previous one, {n(f('crash', 'live_new'))} the new one, never a "
        f"mix); the next run ({n(f('crash', 'in_process_recoveries'))} builds, {n(f('crash', 'cli_recoveries'))} "
        f"`search --batch`) matched a plain scan: {n(f('crash', 'wrong_results'))} wrong results, "
        f"{n(f('crash', 'crashes'))} crashes"
    )


def row_concurrency(f: Figures) -> tuple[str, str]:
    return "concurrency", (
        f"2 CLI processes indexing and searching in loops while files appear: {n(f('concurrency', 'rounds'))} rounds, "
        f"{n(f('concurrency', 'failures'))} failures; the app (headless, watching the disk) answered "
        f"{n(f('concurrency', 'app_queries'))} queries beside 2 CLI processes, {n(f('concurrency', 'app_failures'))} "
        f"failures"
    )


def row_secrets(f: Figures) -> tuple[str, str]:
    return "secrets", (
        f"the Voyage key was looked for in {n(f('boundaries', 'key_checks'))} logs, messages and results and in every "
        f"index file, through the engine and the CLI (answering, 401, failing): found 0 times"
    )


def row_memory(f: Figures) -> tuple[str, str]:
    return "memory", (
        f"{n(f('load', 'queries'))} queries in one `maguyva search --batch` ({f('load', 'queries_per_second', '?')} "
        f"q/s): RSS {f('load', 'rss_after_warmup_mib', '?')} MiB after a {n(f('load', 'warmup_queries'))}-query "
        f"warm-up, peak {f('load', 'rss_peak_mib', '?')} MiB (**+{f('load', 'rss_growth_pct', '?')} %**, bound "
        f"10 %), final {f('load', 'rss_final_mib', '?')} MiB; heap (RssAnon) {f('load', 'anon_after_warmup_mib', '?')} "
        f"-> {f('load', 'anon_final_mib', '?')} MiB (+{f('load', 'anon_growth_pct', '?')} % at most)"
    )


PROBES: tuple[tuple[str, str, tuple[str, ...]], ...] = (
    ("18.1", "a 12 KB regex of optional prefixes (91 s)", (
        "tests/core/test_trigram_plan.py::test_planner_work_grows_linearly",
        "tests/core/test_trigram_plan.py::test_optional_prefix_pattern_plans_fast",
        "tests/core/test_trigram_plan.py::test_a_long_literal_is_planned_as_one_string")),
    ("18.2", "a FIFO or /dev/zero among the theme files", ("tests/app/test_robust_themes.py",)),
    ("18.3", "a crafted 4 KB query in the classifier", ("tests/core/test_robust_intent.py",)),
    ("18.4, 18.14", ".gitignore exactly as git reads it", ("tests/core/test_robust_ignore.py",)),
    ("18.5", "invalid UTF-8 in a --batch file", (
        "tests/test_robust_frontends.py::test_a_batch_line_of_invalid_utf8_gets_an_error_object",)),
    ("18.6", "markup in user and file text", ("tests/app/test_pilot.py::test_user_and_file_text_never_goes_through_markup",)),
    ("18.7, 18.8", "a read-only index, a full disk", (
        "tests/core/test_robust_store.py::test_an_index_that_cannot_be_written_still_answers",
        "tests/core/test_robust_store.py::test_a_full_disk_leaves_the_live_index_searchable",
        "tests/core/test_robust_store.py::test_a_search_on_a_full_disk_answers_with_one_notice",
        "tests/core/test_robust_store.py::test_clean_up_keeps_the_live_and_previous_generations_not_a_half_written_one",
        "tests/core/test_robust_store.py::test_index_on_a_full_disk_says_so_once_and_exits_1",
        "tests/core/test_robust_store.py::test_a_first_index_on_a_full_disk_is_one_clear_line")),
    ("18.9", "a repository name of 250 bytes, or not UTF-8", (
        "tests/core/test_robust_store.py::test_a_repository_name_of_250_bytes_gets_an_index",
        "tests/core/test_robust_store.py::test_a_repository_name_that_is_not_utf8_gets_an_index")),
    ("18.10", "graph --limit and --depth below 1", (
        "tests/test_robust_frontends.py::test_graph_refuses_a_limit_or_depth_below_one",
        "tests/test_robust_frontends.py::test_search_refuses_a_limit_below_one")),
    ("18.11", "the MCP client closing its pipes", (
        "tests/test_robust_frontends.py::test_closing_stdin_mid_session_is_a_clean_exit",
        "tests/test_robust_frontends.py::test_closing_stdout_mid_session_is_a_clean_exit",
        "tests/core/test_live.py::test_closing_while_the_embedding_thread_starts_never_joins_an_unstarted_thread")),
    ("18.12", "swapped files of one size and time, touch -r", (
        "tests/core/test_robust_store.py::test_two_files_of_one_size_and_time_swapped_with_mv_are_seen",
        "tests/core/test_robust_store.py::test_a_same_size_edit_with_its_time_put_back_is_seen")),
    ("18.13", "the index folder inside the repository", (
        "tests/core/test_robust_store.py::test_an_index_inside_the_repository_never_indexes_itself",
        "tests/core/test_robust_store.py::test_an_index_base_that_is_the_repository_itself_is_skipped")),
    ("18.15", "regexes line by line, as rg", (
        "tests/core/test_text_vs_rg.py::test_regexes_apply_line_by_line_as_in_ripgrep",
        "tests/core/test_text_vs_rg.py::test_perl_only_syntax_is_named_not_quoted")),
    ("18.16", "six MCP callers while files change", (
        "tests/test_robust_frontends.py::test_questions_asked_together_while_files_change_read_one_version_each",
        "tests/core/test_seam.py::test_a_question_reads_one_generation_from_start_to_end")),
    ("18.17", "an agent asks about what it has just written", (
        "tests/test_robust_frontends.py::test_an_agent_finds_what_it_has_just_edited",
        "tests/test_robust_frontends.py::test_the_freshness_check_sees_edits_additions_and_removals_in_well_under_50_ms")),
    ("18.18", "a .pyi stub beside its .py", ("tests/core/test_graph_stubs.py",)),
    ("18.19", "--modality text with an unquoted literal", ("tests/core/test_robust_text_alone.py",)),
    ("18.20", "the repository deleted under the explorer", (
        "tests/app/test_pilot.py::test_deleting_the_repository_keeps_the_index_and_says_so",)),
    ("18.21", "a file swapped for a link between walk and read", (
        "tests/core/test_robust_store.py::test_a_file_swapped_for_a_link_after_the_walk_is_not_read",
        "tests/core/test_robust_store.py::test_a_link_inside_the_root_retargeted_after_the_walk_is_not_read")),
    ("18.22", "planted temp links, planted pickles", (
        "tests/core/test_robust_store.py::test_a_planted_current_tmp_link_is_never_written_through",
        "tests/core/test_robust_store.py::test_a_planted_lock_link_is_refused_not_followed",
        "tests/core/test_index_format.py")),
    ("18.23", "a private repository's index", (
        "tests/core/test_robust_store.py::test_index_folders_are_private_whatever_the_umask",)),
    ("18.24", "the Voyage key in a client error; missing packages", (
        "tests/test_robust_frontends.py::test_a_voyage_client_that_fails_with_the_key_in_its_message_never_shows_the_key",
        "tests/test_robust_frontends.py::test_a_key_without_the_voyage_extra_says_once_that_the_local_model_is_used",
        "tests/test_robust_frontends.py::test_a_missing_model_package_is_one_line_that_names_it")),
    ("18, also", "compaction, an unreadable root, malformed MCP requests, escapes", (
        "tests/core/test_robust_store.py::test_compaction_keeps_segments_another_process_saved_after_it_opened",
        "tests/core/test_robust_store.py::test_an_unreadable_repository_root_is_one_line_and_exit_2",
        "tests/test_robust_frontends.py::test_every_malformed_request_gets_an_answer_and_long_names_are_cut",
        "tests/test_robust_frontends.py::test_human_output_escapes_control_characters_in_names",
        "tests/test_robust_frontends.py::test_index_summary_and_error_lines_escape_control_characters")),
    ("third pass", "editor options in file names, ReDoS and links in .gitignore, deep trees, MCP nesting "
                   "and batches, the resident server's requests", ("tests/hardening/test_outside_findings.py",)),
    ("third pass", "closed streams, narrow encodings, a deleted working folder, null options",
     ("tests/test_outside_findings_cli.py",)),
    ("third pass", "escape sequences in what the explorer draws", ("tests/app/test_control_characters.py",)),
    ("fourth pass", "MCP lines nested past the stack, ids the SDK refuses (1e400)", ("tests/test_mcp_malformed.py",)),
    ("fourth pass", "VS Code's -g with a file named x:5", (
        "tests/app/test_editor.py::test_vs_code_opens_the_file_it_was_given_and_at_the_line_only_when_it_can",
        "tests/app/test_editor.py::test_other_path_colon_line_editors_get_a_position_only_for_a_plain_name",
        "tests/app/test_editor.py::test_a_name_with_a_colon_still_reaches_a_plus_line_editor_at_its_line")),
    ("fourth pass", "bytes typed that are not UTF-8", ("tests/test_cli_bytes.py",)),
    ("fourth pass", "thousands of connections to the resident server", (
        "tests/test_resident_server.py::test_connections_past_the_bound_are_declined_and_make_no_threads",
        "tests/test_resident_server.py::test_a_connection_past_the_bound_reads_a_one_line_decline")),
)
"""The outside testers' second round of probes (issue 18), then a third and a fourth pass of our own
from outside, each with the regression tests that try it."""


def run_probes() -> tuple[list[tuple[str, str, int, int]], str]:
    """Run every probe's tests at once; return (item, probe, passed, tests) per probe and pytest's output."""
    targets = sorted({t for _, _, tests in PROBES for t in tests})
    command = [sys.executable, "-m", "pytest", *targets, "-q", "-p", "no:cacheprovider", "-rA",
               "-m", "slow or not slow"]  # every regression test, the slow ones too
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    outcomes = re.findall(r"^(PASSED|FAILED|ERROR|SKIPPED|XFAIL|XPASS) (\S+)", proc.stdout, re.MULTILINE)
    rows = []
    for item, probe, tests in PROBES:
        mine = [state for state, node in outcomes if any(node == t or node.startswith((t + "::", t + "[")) for t in tests)]
        rows.append((item, probe, mine.count("PASSED"), len(mine)))
    return rows, proc.stdout + proc.stderr


def probes_table(rows: list[tuple[str, str, int, int]]) -> str:
    """Render the probes as a Markdown table: each one, its tests, how many passed."""
    lines = ["| issue | probe | regression tests passed |", "|---|---|---|"]
    lines += [f"| {item} | {probe} | {passed}/{total} |" for item, probe, passed, total in rows]
    passed, total = sum(r[2] for r in rows), sum(r[3] for r in rows)
    return "\n".join([f"Round 2 probes ({len(rows)} kinds, {passed}/{total} regression tests passed):", "", *lines])


ROWS = (row_inputs, row_slowest, row_adversarial, row_nothing_lost, row_faults, row_kills, row_concurrency,
        row_secrets, row_memory)
"""The table, in the order the README shows it."""


def report(sections: dict[str, dict[str, Any]], outcome: str, seconds: float, full: bool) -> str:
    """Render the figures as the Markdown block the README takes."""
    figures = Figures(sections)
    mode = 'full run, -m "slow or not slow"' if full else "default CI run"
    command = "python bench/hardening_report.py" + ("" if full else " --quick")
    head = ["## Hardening", "", "```bash", f"{command}   # runs tests/hardening and prints this", "```", "",
            f"pytest: {outcome} ({seconds / 60:.1f} min on this machine, {mode})", "", "| | figure |", "|---|---|"]
    return "\n".join(head + [f"| {label} | {text} |" for label, text in (row(figures) for row in ROWS)])


def outcome_line(output: str) -> str:
    """Pull pytest's summary line (``120 passed, 2 xfailed in ...``) out of its output."""
    found = re.findall(r"^=*\s*(\d+ (?:passed|failed).*?) in [\d.]+s", output, re.MULTILINE)
    return found[-1] if found else "no summary (see the output above)"


def main(argv: list[str] | None = None) -> int:
    """Run the suite and print the report."""
    parser = argparse.ArgumentParser(prog="python -m bench.hardening_report", description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the default CI run only (smaller sizes)")
    parser.add_argument("--figures", type=Path, help="also keep the raw figures (JSON lines) here")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        figures = args.figures or Path(tmp) / "figures.jsonl"
        figures.unlink(missing_ok=True)
        status, output, seconds = run_suite(not args.quick, figures)
        sections = load_figures(figures)
    probes, probe_output = run_probes()
    if status != 0:
        print(output[-6000:], file=sys.stderr)
    if any(passed < total or not total for _, _, passed, total in probes):
        print(probe_output[-6000:], file=sys.stderr)
        status = status or 1
    print(report(sections, outcome_line(output), seconds, not args.quick))
    print("\n" + probes_table(probes))
    xfails = re.findall(r"^XFAIL (.+?)(?: - (.*))?$", output, re.MULTILINE)
    if xfails:
        print("\nKnown bugs (strict xfail, described in the tests):")
        for test, reason in xfails:
            print(f"- {test.split('::')[-1]}: {reason}")
    return status


if __name__ == "__main__":
    sys.exit(main())
