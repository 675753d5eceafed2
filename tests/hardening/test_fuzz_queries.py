"""Fuzzed queries: arbitrary Unicode, 100 KB queries, regex metacharacters, pathological patterns.

Whatever is typed, a search either answers within ``QUERY_BOUND_S`` of CPU with results that point at
real lines inside the repository, or raises ``QueryError`` with a one-line message; nothing else
escapes. The text engine is also held to its promise of exactness: its trigram filter never
loses a line that a scan of every file (the same verifier, no filter) finds.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import time
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.indexer import update_index
from maguyva_tui.core.retrievers.text import TextRetriever
from maguyva_tui.core.types import QueryError
from tests.conftest import FIXTURE, Runner
from tests.hardening import repos
from tests.hardening.conftest import SCALES, FakeProvider, Watch, cli, stopwatch
from tests.hardening.figures import record

QUERY_BOUND_S = 2.0
"""The most CPU time any one query may take on the small fuzz repository, whatever it is."""

WALL_BOUND_S = 3 * QUERY_BOUND_S
"""The most wall-clock time: looser, since other processes share the machine, but a hang still fails."""

EXAMPLES = {"ci": 50, "full": 2_000}
"""Hypothesis examples per property, by scale."""

BATCH_QUERIES = {"ci": 100, "full": 3_000}
"""Hostile queries sent through one ``maguyva search --batch`` process, by scale."""

MODALITIES = [None, "text", "structural", "semantic", "graph"]
RG_EXAMPLES = {"ci": 20, "full": 400}
"""Patterns compared with rg (a process each, 0.2 s), by scale."""
CASES = ["sensitive", "insensitive", "smart"]
PRESETS = ["quick", "default", "thorough"]

PATHOLOGICAL = [
    r"(a+)+$", r"(x{1000}){1000}", r"a{100000}", r"(a|aa)*b", r"((a*)*)*", r"(.*){1,32000}", r"[\s\S]{1000}",
    r"(?:a{0,1000}){0,1000}", r"\p{L}{1000}", r"(a)\1", r"(?=a)", r"(?<!a)b", "\\", "(", ")", "[", "a{2,1}",
    "*", "x**", "(?i)", "(?P<n>a)(?P=n)", "|" * 2000, "(" * 100 + ")" * 100, "(?:" * 200 + ")" * 200,
    "|".join(f"word{i}" for i in range(500)), "^", "$", ".", "(?s).*", "[^a]*" * 500, "\\b" * 5000,
    r"(((a{1,100}){1,100}){1,100})", "[" + "a-z" * 3000 + "]", r"\x{110000}", "\x00", "a\x00b",
    r"(?m)^$", r"\Q(.*)\E", "[[:alpha:]]+", r"\C", r"(?U)a+", "é+" * 1000, "(\u0301)*",
]
"""Patterns known to hurt backtracking engines, blow up compilers or parsers, or be invalid."""

LONG = ["a" * 100_000, "x" * 70_000, "é" * 60_000, ("how does it " * 9_000)[:100_000], ("ab|" * 40_000)[:100_000],
        "(" * 100_000, ("parse_config " * 8_000)[:100_000], "日本" * 30_000]
"""Queries of 60 to 120 KB: refused past the text engine's 64 KiB limit, answered below it."""

PRINTABLE = "".join(c for c in map(chr, range(32, 0x3000)) if c.isprintable()) + "ﬁﬂẞſǅΣσςİıKÅ"
"""Text and needles for the exactness properties: every printable character below U+3000, and the
ones whose case folding once split the index from the planner (test_non_ascii_literals_are_found)."""

WORDS = ["parse_config", "ConfigLoader", "ECONNREFUSED", "server", "load", "handler", "main", "Config",
         "read_file", "connect", "retry", "déjà_vu", "naïve", "日本語", "Ünïcödé"]
TEMPLATES = ["{}", "who calls {}", "what breaks if I change {}", "def {}", "class {}", '"{}"', "how does {} work",
             "{}*", "code similar to {}", "usages of {}", "impact of changing {}", "{}(", "import {}"]


# -- the repository every fuzz test searches ---------------------------------------------------


class FuzzRepo:
    """The polyglot fixture plus files of fold-stable Unicode text, indexed once."""

    def __init__(self, root: Path, base: Path) -> None:
        self.root = root
        self.base = base
        self.engine = Engine(root, base, provider=FakeProvider())
        self.engine.refresh()
        self.engine.embed_pending()
        self.snapshot, _ = update_index(root, base)
        self.text = TextRetriever(self.snapshot)
        self.full = _Unfiltered(self.snapshot)
        self.lines = [line for path in sorted(self.snapshot.files) for line in self.snapshot.text(path).split("\n") if line.strip()]


class _Unfiltered(TextRetriever):
    """The text engine with the trigram filter switched off: every file is a candidate."""

    def candidate_files(self, plan: Any) -> Any:
        return np.arange(len(self.snapshot.files))


@pytest.fixture(scope="module")
def fuzz_repo(tmp_path_factory: pytest.TempPathFactory) -> FuzzRepo:
    """Build the fuzz repository and its index once for the module."""
    top = tmp_path_factory.mktemp("fuzz")
    root = top / "repo"
    shutil.copytree(FIXTURE, root, symlinks=True)
    rng = random.Random(5)
    for n in range(12):
        lines = ["".join(rng.choice(PRINTABLE) for _ in range(rng.randint(0, 50))) for _ in range(30)]
        repos.write(root, f"unicode/u{n}.txt", "\n".join(lines) + "\n")
    repos.write(root, "unicode/words.py", "\n".join(f"{w} = '{w}'" for w in WORDS) + "\n")
    return FuzzRepo(root, top / "index")


# -- strategies ------------------------------------------------------------------------------------

any_unicode = st.text(st.one_of(st.characters(), st.characters(categories=["Cs", "Cc", "Zl", "Zp"])), max_size=80)
regex_soup = st.text(alphabet="()[]{}*+?|^$\\.-,:=!<>PLpdswbBAzZQE0123456789abcxyz_ \t\n", max_size=40)
worded = st.builds(lambda t, w: t.format(w), st.sampled_from(TEMPLATES), st.sampled_from(WORDS))
long_queries = st.builds(lambda n, unit: (unit * (n // len(unit) + 1))[:n], st.integers(1_000, 110_000),
                         st.sampled_from(["a", "(", "é", "ab|", " ", "how does it ", "日本"]))
queries = st.one_of(any_unicode, regex_soup, worded, st.sampled_from(PATHOLOGICAL), long_queries)
options = st.fixed_dictionaries({
    "modality": st.sampled_from(MODALITIES),
    "regex": st.booleans(),
    "case": st.sampled_from(CASES),
    "preset": st.sampled_from(PRESETS),
    "limit": st.integers(1, 200),
})

fold_text = st.text(alphabet=PRINTABLE, min_size=1, max_size=12)


def _atoms() -> st.SearchStrategy[str]:
    letters = st.sampled_from(list("abcdefxyz_019 éü日本ßΣす") + ["\\.", "\\(", "\\["])
    return st.one_of(letters, st.sampled_from([".", "\\w", "\\d", "\\s", "\\W", "\\S", "\\D", "[abc]", "[a-f]", "[^x]",
                                               "[0-9_]", "[^\\W\\d_]", "[\\w-]", "[\\s\\S]", "[^\\s]"]))


fuzz_regex = st.recursive(
    _atoms(),
    lambda inner: st.one_of(
        st.builds(lambda a, b: a + b, inner, inner),
        st.builds(lambda a, b: f"(?:{a}|{b})", inner, inner),
        st.builds(lambda a, b: f"({a}|{b})", inner, inner),
        st.builds(lambda a, q: f"(?:{a}){q}", inner, st.sampled_from(["*", "+", "?", "{2}", "{1,3}", "{0,2}", "*?"])),
        st.builds(lambda a, anchor: anchor.format(a), inner, st.sampled_from(["^{}", "{}$", "\\b{}", "{}\\b", "(?i){}"])),
    ),
    max_leaves=8,
)


def _fuzz_settings(scale: str) -> settings:
    return settings(max_examples=EXAMPLES[scale], deadline=None, database=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much])


# -- the outcome of one query ------------------------------------------------------------------


def answer_or_refuse(repo: FuzzRepo, text: str, **kwargs: Any) -> tuple[str, Watch]:
    """Run one search and check its outcome; return ``"answered"`` or ``"refused"`` and its times."""
    try:
        with stopwatch() as watch:
            result = repo.engine.search(text, **kwargs)
    except QueryError as exc:
        message = str(exc)
        assert message.strip() and "\n" not in message and len(message) < 300, repr(message[:300])
        assert "Traceback" not in message and "_regexp" not in message and "(?m)" not in message, message
        outcome = "refused"
    else:
        answer = result.to_json()
        json.dumps(answer)
        check_results(repo, answer["results"])
        outcome = "answered"
    within_bound(watch, text, kwargs)
    return outcome, watch


def within_bound(watch: Watch, *what: Any) -> None:
    """Fail when a query took more CPU than the bound, or hung far past it."""
    assert watch.cpu < QUERY_BOUND_S and watch.wall < WALL_BOUND_S, (str(what)[:120], watch)


def check_results(repo: FuzzRepo, results: list[dict[str, Any]]) -> None:
    """Every result names an indexed file inside the root and real lines of it."""
    root = repo.root.resolve()
    for r in results:
        path = r["path"]
        assert not path.startswith("/") and ".." not in path.split("/") and "\\" not in path, path
        assert root in (root / path).resolve().parents, path
        assert path in repo.snapshot.files, path
        last = max(repo.snapshot.line_count(path), 1)
        assert 1 <= r["start_line"] <= r["end_line"] <= last, (path, r["start_line"], r["end_line"], last)


# -- properties --------------------------------------------------------------------------------


@pytest.mark.parametrize("scale", SCALES)
def test_any_query_is_answered_in_bounded_time_or_refused_clearly(fuzz_repo: FuzzRepo, scale: str) -> None:
    tally: Counter[str] = Counter()
    slowest = [0.0]

    @_fuzz_settings(scale)
    @given(text=queries, opts=options)
    def run(text: str, opts: dict[str, Any]) -> None:
        outcome, watch = answer_or_refuse(fuzz_repo, text, **opts)
        tally[outcome] += 1
        slowest[0] = max(slowest[0], watch.cpu)

    run()
    record("fuzz_engine", scale, inputs=sum(tally.values()), answered=tally["answered"], refused=tally["refused"],
           slowest_ms=round(slowest[0] * 1000, 1), bound_ms=QUERY_BOUND_S * 1000)


@pytest.mark.parametrize("scale", SCALES)
def test_literal_search_finds_every_line_a_full_scan_finds(fuzz_repo: FuzzRepo, scale: str) -> None:
    substrings = st.builds(lambda line, a, n: line[a % max(len(line), 1):][:n], st.sampled_from(fuzz_repo.lines),
                           st.integers(0, 200), st.integers(1, 12))
    tried = Counter[str]()

    @_fuzz_settings(scale)
    @given(needle=st.one_of(substrings, fold_text), case=st.sampled_from(CASES))
    def run(needle: str, case: str) -> None:
        if not needle.strip():
            return
        with stopwatch() as watch:
            got = sorted((m.path, m.line) for m in fuzz_repo.text.literal_lines(needle, case))
        within_bound(watch, needle)
        assert got == sorted((m.path, m.line) for m in fuzz_repo.full.literal_lines(needle, case)), needle
        tried["hit" if got else "miss"] += 1

    run()
    record("fuzz_literal", scale, inputs=sum(tried.values()), with_matches=tried["hit"])


@pytest.mark.parametrize("scale", SCALES)
def test_regex_search_finds_every_line_a_full_scan_finds(fuzz_repo: FuzzRepo, scale: str) -> None:
    tried = Counter[str]()

    @_fuzz_settings(scale)
    @given(pattern=fuzz_regex, case=st.sampled_from(CASES))
    def run(pattern: str, case: str) -> None:
        try:
            with stopwatch() as watch:
                got = sorted((m.path, m.line) for m in fuzz_repo.text.regex_lines(pattern, case))
        except QueryError:
            tried["refused"] += 1
            return
        within_bound(watch, pattern)
        assert got == sorted((m.path, m.line) for m in fuzz_repo.full.regex_lines(pattern, case)), pattern
        tried["hit" if got else "miss"] += 1

    run()
    record("fuzz_regex", scale, inputs=sum(tried.values()), with_matches=tried["hit"], refused=tried["refused"])


@pytest.mark.skipif(shutil.which("rg") is None, reason="ripgrep (rg) is not installed")
@pytest.mark.parametrize("scale", SCALES)
def test_regex_search_finds_what_rg_finds(fuzz_repo: FuzzRepo, scale: str) -> None:
    """A regex finds rg's lines, over text of every script: ``\\w``, ``\\d``, ``\\s`` and their
    negations are Unicode classes to rg (RE2's own are ASCII: ``\\w+する`` had found nothing).
    ``\\b`` is left out: RE2's is ASCII and says so in a notice."""
    tried = Counter[str]()

    @settings(_fuzz_settings(scale), max_examples=RG_EXAMPLES[scale])
    @given(pattern=fuzz_regex.filter(lambda p: "\\b" not in p), insensitive=st.booleans())
    @example(pattern="^\\w+$", insensitive=False).via("discovered failure")
    @example(pattern="^\\W+$", insensitive=True).via("discovered failure")
    @example(pattern="[^\\W\\d_]{3}\\s\\S", insensitive=False).via("discovered failure")
    @example(pattern="\\d\\D", insensitive=False).via("discovered failure")
    def run(pattern: str, insensitive: bool) -> None:
        try:
            got = {(m.path, m.line) for m in fuzz_repo.text.regex_lines(pattern, "insensitive" if insensitive else "sensitive")}
        except QueryError:
            tried["refused"] += 1
            return
        assert got == _rg_lines(fuzz_repo.root, pattern, insensitive), pattern
        tried["hit" if got else "miss"] += 1

    run()
    record("fuzz_regex_rg", scale, inputs=sum(tried.values()), with_matches=tried["hit"], refused=tried["refused"])


def _rg_lines(root: Path, pattern: str, insensitive: bool) -> set[tuple[str, int]]:
    cmd = ["rg", "--json", "--hidden", "--no-require-git", "--no-ignore-parent", "--max-filesize", "1M", "--no-config"]
    proc = subprocess.run([*cmd, *(["-i"] if insensitive else []), "--", pattern, "."], cwd=root, capture_output=True,
                          text=True, check=False)
    assert proc.returncode in (0, 1), (pattern, proc.stderr)
    events = [json.loads(line) for line in proc.stdout.splitlines()]
    return {(e["data"]["path"]["text"].removeprefix("./"), e["data"]["line_number"]) for e in events if e["type"] == "match"}


@pytest.mark.parametrize("pattern", [  # a thousand letters of any script: seconds to compile, in the slow pass
    pytest.param(p, marks=pytest.mark.slow) if p == r"\p{L}{1000}" else p for p in PATHOLOGICAL],
    ids=range(len(PATHOLOGICAL)))
def test_pathological_patterns_are_bounded(fuzz_repo: FuzzRepo, pattern: str) -> None:
    times = []
    for kwargs in ({"regex": True, "modality": "text"}, {"regex": True}, {"regex": True, "case": "insensitive"},
                   {}, {"modality": "structural"}, {"preset": "thorough"}):
        times.append(answer_or_refuse(fuzz_repo, pattern, **kwargs)[1].cpu)
    record("fuzz_pathological", "ci", patterns=1, searches=len(times), slowest_ms=round(max(times) * 1000, 1))


@pytest.mark.parametrize("text", LONG, ids=[f"{t[:3]!r}x{len(t)}" for t in LONG])
def test_100kb_queries_are_bounded(fuzz_repo: FuzzRepo, text: str) -> None:
    times = []
    for kwargs in ({}, {"modality": "text"}, {"modality": "semantic"}, {"modality": "graph"}, {"preset": "thorough"},
                   {"regex": True}, {"modality": "structural"}):
        times.append(answer_or_refuse(fuzz_repo, text, **kwargs)[1].cpu)
    record("fuzz_long", "ci", queries=1, searches=len(times), slowest_ms=round(max(times) * 1000, 1))


def test_a_bad_pattern_gets_a_clear_message(fuzz_repo: FuzzRepo) -> None:
    for pattern, words in [("a(b", "missing )"), ("[", "missing ]"), ("(x{1000}){1000}", "repetition"),
                           ("a{2,1}", "repetition"), (r"(a)\1", "escape"), ("*", "repetition")]:
        with pytest.raises(QueryError) as raised:
            fuzz_repo.engine.search(pattern, regex=True, modality="text")
        message = str(raised.value)
        assert message.startswith("invalid regex") and words in message, message
    for text in ("", "   ", "\n\t"):
        with pytest.raises(QueryError, match="empty query"):
            fuzz_repo.engine.search(text)
    with pytest.raises(QueryError, match="too long"):
        fuzz_repo.engine.search("x" * 100_000, modality="text")


# -- through the command line ------------------------------------------------------------------


def hostile_batch(count: int, seed: int) -> list[str]:
    """JSON lines mixing every kind of hostile query, bad fields and lines that are not JSON at all."""
    rng = random.Random(seed)
    soup = "()[]{}*+?|^$\\.-,:=!<>PLpdsw\t abcé日\u2028\x00"
    out: list[str] = []
    for i in range(count):
        kind = i % 8
        if kind == 0:
            text = "".join(rng.choice(soup) for _ in range(rng.randint(0, 40)))
        elif kind == 1:
            text = "".join(chr(rng.randint(32, 0x2FFFF)) for _ in range(rng.randint(1, 30)))  # lone surrogates too
        elif kind == 2:
            text = rng.choice(PATHOLOGICAL[:-8])
        elif kind == 3:
            text = rng.choice(TEMPLATES).format(rng.choice(WORDS))
        elif kind == 4:
            text = rng.choice(["a", "(", "é", " x"]) * rng.randint(10_000, 60_000)
        elif kind == 5:
            out.append(rng.choice(["not json", "[1, 2]", "null", '"text"', "{}", '{"query": 5}', "{", "\x00\x01"]))
            continue
        else:
            text = rng.choice(WORDS)
        item: dict[str, Any] = {"query": text, "regex": rng.random() < 0.4}
        if kind == 6:
            item.update(rng.choice([{"limit": 0}, {"limit": "x"}, {"case": 5}, {"modality": "nope"}, {"preset": ["x"]},
                                    {"intent": "nope"}, {"limit": 10**9}, {"depth": -3}, {"limit": 2.5},
                                    {"limit": float("inf")}]))
        elif rng.random() < 0.5:
            item["modality"] = rng.choice(MODALITIES[1:])
        out.append(json.dumps(item))
    return out


@pytest.mark.parametrize("scale", SCALES)
def test_batch_answers_every_hostile_line(fuzz_repo: FuzzRepo, scale: str) -> None:
    lines = hostile_batch(BATCH_QUERIES[scale], seed=17)
    started = time.perf_counter()
    proc = cli("search", "--batch", "-", "--repo", str(fuzz_repo.root), "--index-dir", str(fuzz_repo.base),
               "--modality", "text", stdin="\n".join(lines) + "\n", timeout=900)
    elapsed = time.perf_counter() - started
    assert proc.returncode == 0, proc.stderr[-2000:]
    answers = [json.loads(line) for line in proc.stdout.split("\n") if line]  # not splitlines: U+2028 is no line end
    assert len(answers) == len(lines)
    errors = [a["error"] for a in answers if a.get("error")]
    assert all(e.startswith("line ") and "\n" not in e and "Traceback" not in e for e in errors)
    for a in answers:
        if not a.get("error"):
            check_results(fuzz_repo, a["results"])
    record("fuzz_batch", scale, inputs=len(lines), errors_reported=len(errors), answered=len(lines) - len(errors),
           seconds=round(elapsed, 1))


# -- regressions: bugs this suite found, fixed since (bb9d058 unless said otherwise) ---------------


def test_a_lone_surrogate_in_a_batch_line_fails_only_that_line(fuzz_repo: FuzzRepo) -> None:
    """maguyva_tui/cli.py _batch prints json.dumps(..., ensure_ascii=False): the echoed query
    "\\ud800" cannot be encoded, main() turns the UnicodeEncodeError into "internal error" and exits 1
    without answering the remaining lines. Fixed: cli._emit falls back to ASCII-escaped JSON when
    stdout cannot encode a line."""
    lines = ['{"query": "\\ud800abc", "modality": "text"}', '{"query": "parse_config", "modality": "text"}']
    proc = cli("search", "--batch", "-", "--repo", str(fuzz_repo.root), "--index-dir", str(fuzz_repo.base),
               stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.strip().split("\n")) == 2


def test_an_infinite_limit_fails_only_that_line(fuzz_repo: FuzzRepo, here: Runner) -> None:
    """maguyva_tui/cli.py _batch_one catches ValueError and TypeError around int(item["limit"]);
    int(float("inf")) raised OverflowError, so the batch died with "internal error". Fixed:
    OverflowError is caught with the others."""
    lines = ['{"query": "x", "limit": 1e309}', '{"query": "parse_config", "modality": "text"}']
    proc = here("search", "--batch", "-", "--repo", str(fuzz_repo.root), "--index-dir", str(fuzz_repo.base),
                stdin="\n".join(lines) + "\n")
    assert proc.returncode == 0, proc.stderr
    assert len(proc.stdout.strip().split("\n")) == 2


def test_deeply_nested_groups_stay_within_the_bound(tmp_path: Path) -> None:
    """Fixed in 29cd80c (maguyva_tui/core/retrievers/text.py _options, ``never_capture``): 700
    nested empty groups ``((((...))))`` match the empty string on every line, and with capture
    groups on, each per-line re2 call cost ~8 ms at 400 levels (quadratic in the nesting: 3,000
    levels took 167 s on 400 lines). Only the whole match is read, so groups are not captured."""
    root = tmp_path / "repo"
    repos.write(root, "a.txt", "".join(f"line {i}\n" for i in range(400)))
    engine = Engine(root, tmp_path / "index", provider=FakeProvider())
    engine.refresh()  # the bound is the question's: indexing and loading the static model are not timed
    with stopwatch() as watch:
        engine.search("(" * 700 + ")" * 700, regex=True, modality="text")
    assert watch.cpu < 0.5, watch


def test_a_long_pasted_question_stays_within_the_bound(fuzz_repo: FuzzRepo) -> None:
    """maguyva_tui/core/retrievers/text.py TextRetriever.term_hits scans candidates for every distinct
    word of a free-text question (and the structural engine looks each word up): a 44 KB question
    of 5,000 words takes over 2 s on this 30-file repository (text 2.2 s, structural 2.1 s), and a
    300-line code paste (12 KB, find_similar) over 1 s on a 93-file one, growing with the
    repository. Fixed: both engines look up at most 32 words of a question (MAX_TERMS,
    MAX_QUERY_WORDS)."""
    question = " ".join(f"word{i}" for i in range(5000))
    with stopwatch() as watch:
        fuzz_repo.engine.search(question)
    assert watch.cpu < 1.0, watch


def test_a_100kb_word_is_bounded_in_the_structural_engine(fuzz_repo: FuzzRepo) -> None:
    """maguyva_tui/core/retrievers/structural.py StructuralRetriever._fuzzy compiles
    ``_subsequence(key)``, a Python regex of ~10 characters per query character, for any key of 3
    or more: a one-word 200 KB query takes 2 s (0.7 s for 70 KB) in --modality structural, and the
    default blended path pays it too below the text engine's 64 KiB limit. No name can hold a
    subsequence longer than itself. Fixed: keys longer than the longest name are skipped, and
    SearchRequest.validate refuses questions over 64 Ki characters."""
    with stopwatch() as watch:
        with pytest.raises(QueryError, match="query too long"):  # refused up front, with a message
            fuzz_repo.engine.search("x" * 200_000, modality="structural")
        fuzz_repo.engine.search("x" * 60_000, modality="structural")  # under the limit: bounded all the same
    assert watch.cpu < 0.5, watch


def test_invalid_pattern_message_is_one_short_line(fuzz_repo: FuzzRepo, here: Runner) -> None:
    """maguyva_tui/core/retrievers/text.py _compile puts re2's error text in the QueryError as is; re2
    quotes the pattern, so ``")\n"`` gives "invalid regex: unexpected ): (?m))" plus a newline
    (two lines on stderr, against the CLI's one-line contract), a 60 KB pattern gives a 60 KB
    message, and every message showed the ``(?m)`` prefix the user never typed. Fixed: the prefix
    is dropped, whitespace collapsed and the detail cut to 200 characters."""
    for pattern in (")\n", "(" * 1000):
        with pytest.raises(QueryError) as raised:
            fuzz_repo.engine.search(pattern, regex=True, modality="text")
        message = str(raised.value)
        assert "\n" not in message and len(message) < 300 and "(?m)" not in message, message[:100]
    proc = here("search", ")\n", "--regex", "--repo", str(fuzz_repo.root), "--index-dir", str(fuzz_repo.base))
    assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_posix_classes_lose_no_matches(fuzz_repo: FuzzRepo) -> None:
    """maguyva_tui/core/trigram/plan.py regex_plan parses re2 syntax with Python's sre parser, which
    reads ``[[:alpha:]]foo`` as the set ``[:alph`` followed by ``]foo``: the plan then requires the
    trigram ``]fo`` and drops every file where a letter precedes ``foo`` (rg finds them). It also
    printed a FutureWarning on stderr. Fixed: such patterns (and ``\\p`` classes) plan as ALL, and
    the parser's warnings are silenced."""
    for pattern in ("[[:alpha:]]onfig", "[[:lower:]]_config", "[[:digit:]]"):
        got = sorted((m.path, m.line) for m in fuzz_repo.text.regex_lines(pattern))
        assert got and got == sorted((m.path, m.line) for m in fuzz_repo.full.regex_lines(pattern)), pattern


def test_non_ascii_literals_are_found(tmp_path: Path) -> None:
    """maguyva_tui/core/trigram/index.py text_trigrams indexes ``text.lower()``, but plan.py
    string_query (and _chars) plan ``text.casefold()``. Where the two differ the plan asks for
    trigrams no document has: "straße" (casefold "strasse"), "ﬁle" ("file"), "ΟΔΟΣ" (lower ends
    in the final sigma "ς", casefold in "σ"), "ſecret" — literal and insensitive searches find
    nothing although the text is there. Fixed: text_trigrams case-folds too (context-free, so a
    substring of the text stays a substring of the index form); FORMAT_VERSION 2."""
    root = tmp_path / "repo"
    words = ["straße", "ﬁle", "ΟΔΟΣ", "ſecret"]
    repos.write(root, "a.py", "".join(f"w{i} = '{w}'\n" for i, w in enumerate(words)))
    snap, _ = update_index(root, tmp_path / "index")
    text = TextRetriever(snap)
    assert [[m.line for m in text.literal_lines(w)] for w in words] == [[1], [2], [3], [4]]
