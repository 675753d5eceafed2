"""The quality evaluation harness (``bench/evaluate.py``) on a tiny generated package.

Everything the full evaluation does runs here in a few seconds: the docstring-blanked work
copy, the ast/ctags/jedi/text oracles, every method (the product, each modality alone, rg,
BM25), the metrics, the ablations and the report. The embedding model is replaced by a
deterministic bag-of-words provider.
"""

from __future__ import annotations

import ast
import io
import re
import shutil
import textwrap
from pathlib import Path

import numpy as np
import pytest

from bench.eval import metrics, oracles, workcopy
from bench.eval.baselines import BM25, rg, tokens
from bench.eval.cases import INTENTS, QUICK
from bench.eval.metrics import Truth
from bench.eval.phrasings import TEMPLATES, phrasings
from bench.eval.runner import METHODS, evaluate_repo, prepare
from bench.evaluate import print_report

PACKAGE = {
    "config.py": '''
        """Configuration: reading, parsing and defaults."""
        DEFAULT_PATH = "settings/default.toml"


        def parse_config(text):
            """Parse configuration text into a dictionary of settings.

            Blank lines and comments are skipped.
            """
            pairs = [line.split("=", 1) for line in text.splitlines() if "=" in line]
            return {key.strip(): value.strip() for key, value in pairs}


        class ConfigLoader:
            """Load configuration files from the disk."""

            def __init__(self, root):
                self.root = root

            def load(self, name):
                """Read one configuration file and return its parsed settings."""
                with open(self.root + "/" + name) as handle:
                    return parse_config(handle.read())


        def default_settings():
            """Return the settings of the default configuration file."""
            return ConfigLoader(".").load(DEFAULT_PATH)
        ''',
    "net.py": '''
        """Network helpers."""
        from pkg.config import default_settings


        class ConnectionRefused(Exception):
            """Raised when the peer refuses the connection."""


        def open_socket(host, port):
            """Open a socket to the host and port named in the settings."""
            settings = default_settings()
            if not host:
                raise ConnectionRefused("connection refused by peer")
            return (settings, host, port)


        def retry_socket(host, port, attempts):
            """Try to open a socket several times before giving up on the peer."""
            for _ in range(attempts):
                try:
                    return open_socket(host, port)
                except ConnectionRefused:
                    continue
            raise ConnectionRefused("connection refused by peer")
        ''',
}


class BagOfWords:
    """A deterministic embedding: the sum of one random vector per identifier part."""

    id = "test:bag-of-words:64"
    dim = 64
    stores_floats = True

    def _vector(self, text: str) -> np.ndarray:
        v = np.zeros(self.dim, np.float32)
        for word in tokens(text):
            v += np.random.default_rng(sum(map(ord, word)) * 7919 + len(word)).standard_normal(self.dim)
        norm = float(np.linalg.norm(v))
        return v / norm if norm else v + 1 / np.sqrt(self.dim)

    def embed_documents(self, texts: list[str]) -> np.ndarray:
        return np.stack([self._vector(t) for t in texts]) if texts else np.zeros((0, self.dim), np.float32)

    def embed_query(self, text: str) -> np.ndarray:
        return self._vector(text)


@pytest.fixture(scope="module")
def source(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("tiny") / "tiny-1.0"
    for name, text in PACKAGE.items():
        path = root / "src" / "pkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    (root / "src" / "pkg" / "__init__.py").write_text('"""The tiny package."""\n')
    return root


@pytest.fixture(scope="module")
def records(source: Path, tmp_path_factory: pytest.TempPathFactory) -> list[dict]:
    from maguyva_tui.core.engine import Engine

    index = tmp_path_factory.mktemp("index")
    engines = []

    def make_engine(root: Path) -> Engine:
        engines.append(Engine(root, index, provider=BagOfWords()))
        return engines[-1]

    repo = prepare("tiny", source, "src/pkg", make_engine, tmp_path_factory.mktemp("work"), log=lambda m: None)
    try:
        return evaluate_repo(repo, QUICK, log=lambda m: None)
    finally:
        for engine in engines:
            engine.close()


# -- the work copy and the oracles ---------------------------------------------------------------
def test_blanking_keeps_lines_and_parses() -> None:
    source = textwrap.dedent(PACKAGE["config.py"]).lstrip()
    blanked = workcopy.blank_docstrings(source)
    assert blanked.count("\n") == source.count("\n")
    assert "Parse configuration" not in blanked and "Blank lines" not in blanked
    ast.parse(blanked)
    before, after = source.split("\n"), blanked.split("\n")
    assert [i for i, line in enumerate(before) if "def parse_config" in line] == \
        [i for i, line in enumerate(after) if "def parse_config" in line]


def test_a_docstring_alone_in_a_body_leaves_a_placeholder() -> None:
    source = 'class Refused(Exception):\n    """Raised."""\n\n\ndef f(): "doc"\n'
    blanked = workcopy.blank_docstrings(source)
    assert blanked.split("\n")[1].strip() == "..." and blanked.split("\n")[4] == "def f(): ..."
    ast.parse(blanked)


def test_definitions_kinds_decorators_and_owners() -> None:
    text = "class A:\n    @property\n    def b(self):\n        def inner():\n            pass\n        return 1\n\ndef c():\n    pass\n"
    defs = oracles.definitions({"m.py": text})
    got = {(d.qualname, d.kind, d.line, d.first_line) for d in defs}
    assert got == {("A", "class", 1, 1), ("A.b", "method", 3, 2), ("A.b.inner", "nested", 4, 4), ("c", "function", 8, 8)}
    owners = oracles.enclosing(defs)

    def owner(line: int) -> str | None:
        found = oracles.owner_of(owners, "m.py", line)
        return found.qualname if found else None

    assert owner(5) == "A.b"  # nested functions belong to their owner
    assert owner(1) == "A" and owner(7) is None and owner(9) == "c"  # line 7: module level


def test_unique_targets_prefer_the_bare_name() -> None:
    text = "class A:\n    def get(self): pass\nclass B:\n    def get(self): pass\ndef only(): pass\n"
    named = {d.qualname: t for d, t in oracles.unique_target(oracles.definitions({"m.py": text})).items()}
    assert named == {"A": "A", "B": "B", "A.get": "A.get", "B.get": "B.get", "only": "only"}


def test_exact_string_scan_is_complete() -> None:
    texts = {"a.py": 'x = "needle here"\n# needle here too\n', "b.py": "y = 'needle here'\n"}
    assert oracles.occurrences(texts, "needle here") == [("a.py", 1), ("a.py", 2), ("b.py", 1)]
    assert oracles.string_literals(texts) == ["needle here"]


def test_first_sentence() -> None:
    assert oracles.first_sentence("Parse the text, e.g. a file. Then more.") == "Parse the text, e.g. a file."
    assert oracles.first_sentence("Line one\ncontinues.\n\nSecond paragraph.") == "Line one continues."


@pytest.mark.skipif(shutil.which("ctags") is None, reason="universal-ctags not installed")
def test_ctags_agrees_with_ast(source: Path) -> None:
    files = [p.relative_to(source).as_posix() for p in sorted((source / "src" / "pkg").glob("*.py"))]
    defs = oracles.definitions(oracles.python_files(source, files))
    assert oracles.cross_checked(defs, oracles.ctags_lines(source, files)) == defs


# -- metrics and baselines -------------------------------------------------------------------------
def test_metrics_on_hand_made_rankings() -> None:
    truth = (Truth("a.py", 10, 9), Truth("b.py", 5, 5))
    results = [("c.py", 1, 50), ("a.py", 9, 20), ("a.py", 1, 40), ("b.py", 5, 5)]
    j = metrics.judge(results, truth, "definition")
    assert j.correct == (False, True, False, True)  # the enclosing window (a.py 1-40) does not count
    assert metrics.hit_at_1(j) == 0.0 and metrics.mrr(j) == 0.5
    assert metrics.recall(j) == 1.0 and metrics.precision(j) == 0.5
    assert metrics.ndcg(j) == pytest.approx((1 / np.log2(3) + 1 / np.log2(5)) / (1 + 1 / np.log2(3)))
    span = metrics.judge(results, truth, "span")
    assert span.correct == (False, True, True, True) and span.new_items == (0, 1, 0, 1)
    assert metrics.judge([("b.py", 4, 6)], truth, "line").correct == (False,)


def test_recall_is_capped_at_one_page_and_graded_ndcg() -> None:
    truth = tuple(Truth("a.py", n, n) for n in range(1, 31))
    j = metrics.judge([("a.py", n, n) for n in range(1, 21)], truth, "line")
    assert metrics.recall(j) == 1.0
    graded = (Truth("a.py", 1, 1, 3), Truth("a.py", 2, 2, 1))
    assert metrics.ndcg(metrics.judge([("a.py", 1, 1), ("a.py", 2, 2)], graded, "line")) == 1.0
    assert metrics.ndcg(metrics.judge([("a.py", 2, 2), ("a.py", 1, 1)], graded, "line")) < 1.0


def test_bm25_and_identifier_tokens() -> None:
    assert tokens("parseHTTPConfig_v2") == ["parse", "http", "config", "v", "2"]
    bm25 = BM25([("a.py", 1, 2), ("b.py", 1, 2)], ["def parse_config(text): ...", "def open_socket(host): ..."])
    assert bm25.search("config parsing", 5) == [("a.py", 1, 2)]


@pytest.mark.skipif(shutil.which("rg") is None, reason="ripgrep not installed")
def test_rg_lines_in_path_order(source: Path) -> None:
    found = rg(source, "default_settings", 20, word=True)
    assert [s[0] for s in found] == sorted(s[0] for s in found) and all(s[1] == s[2] for s in found)
    assert ("src/pkg/net.py", 11, 11) in found


def test_every_intent_has_several_wordings_canonical_first() -> None:
    for intent in INTENTS:
        assert len(TEMPLATES[intent]) >= 4
        assert phrasings(intent, "parse_config")[0].template == TEMPLATES[intent][0]
    assert [p.text for p in phrasings("exact_match", "it's")][:2] == ['"it\'s"', "find \"it's\""]


# -- the whole harness -----------------------------------------------------------------------------
def test_every_intent_is_asked_of_every_method(records: list[dict]) -> None:
    assert {r["intent"] for r in records} == set(INTENTS)
    for r in records:
        expected = set(METHODS) - ({"rg"} if r["intent"] == "understand_code" or shutil.which("rg") is None else set())
        assert set(r["methods"]) == expected
        assert len(r["phrasings"]) >= 4 and r["phrasings"][0]["scores"] == r["methods"]["product"]


def test_the_product_answers_the_tiny_package(records: list[dict]) -> None:
    by = {i: [r for r in records if r["intent"] == i] for i in INTENTS}
    assert metrics.mean([r["methods"]["product"]["Hit@1"] for r in by["find_definition"]]) == 1.0
    assert metrics.mean([r["methods"]["product"]["recall"] for r in by["exact_match"]]) == 1.0
    calls = [r for r in by["find_references"] if r["subject"] == "parse_config"]
    assert calls and calls[0]["truth_size"] == 1 and calls[0]["methods"]["graph"]["R@20"] == 1.0
    assert any(r["subject"] == "default_settings" for r in by["impact_analysis"])


def test_ablation_as_shipped_reproduces_the_product(records: list[dict]) -> None:
    ablated = [a for r in records for a in r.get("ablations", {}).values()]
    assert ablated, "the tiny package must have fused answers to ablate"
    assert all(a["reproduces"] for a in ablated)


def test_ablation_compares_the_text_engine_voting_by_line(records: list[dict]) -> None:
    ablated = [a for r in records for a in r.get("ablations", {}).values()]
    assert all("text votes by line" in a["scores"] for a in ablated)
    out = io.StringIO()
    print_report(records, out)
    assert "| text votes by line |" in out.getvalue()


def test_the_report_has_every_table(records: list[dict]) -> None:
    out = io.StringIO()
    print_report(records, out)
    text = out.getvalue()
    for title in ("Quality per intent", "Targets", "Every wording", "one mechanism off", "single change repairs"):
        assert title in text
    for label in ("definitions", "exact strings", "references", "impact", "natural language"):
        assert re.search(rf"^\| {label} \| \d+ \|", text, re.M), label
