"""A question in plain words that a file's name answers in part: the file's results are lifted
(``fusion.NAME_LIFT``), and the explanation says by how much and which words."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from maguyva_tui.core import fusion
from maguyva_tui.core.engine import Engine
from maguyva_tui.core.explain import SHARED_NAME_WORDS, explain_text
from maguyva_tui.core.fusion import NAME_LIFT, NamedFiles, fuse
from maguyva_tui.core.retrievers.text import body_stems
from maguyva_tui.core.types import Hit


def _hit(path: str, score: float = 1.0) -> Hit:
    return Hit(path, 1, 9, score, symbol=None)


def test_a_file_named_for_the_question_s_words_is_lifted_by_their_share() -> None:
    lists = {"semantic": [_hit("core.go"), _hit("utils.go")], "text": [_hit("core.go"), _hit("utils.go")]}
    names = {"utils.go": frozenset({"util"})}
    named = NamedFiles(frozenset({"util", "helper", "path", "detect"}), lambda path: names.get(path, frozenset()))
    items = fuse(lists, {"semantic": 0.5, "text": 0.2}, 40, named=named)
    got = {i.key[0]: i for i in items}
    plain = 0.5 / 42 + 0.2 / 42
    assert got["utils.go"].name_lift == 1 + NAME_LIFT / 4 and got["utils.go"].name_words == ("util",)
    assert got["utils.go"].score == pytest.approx(plain * (1 + NAME_LIFT / 4))
    assert got["utils.go"].rederived_score() == got["utils.go"].score
    assert got["core.go"].name_lift == 1.0 and "name_lift" not in got["core.go"].to_dict()
    assert fuse(lists, {"semantic": 0.5, "text": 0.2}, 40)[0].key[0] == "core.go"  # nothing asked: as before


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "quantization.py").write_text(
        "def reduce_precision(model, bits):\n    weights = model.weights\n"
        "    scale = max(abs(w) for w in weights) / (2 ** (bits - 1))\n"
        "    return [round(w / scale) for w in weights], scale\n")
    (root / "pkg" / "model.py").write_text(
        "class Model:\n    def __init__(self, weights):\n        self.weights = weights\n\n"
        "    def predict(self, x):\n        return sum(w * v for w, v in zip(self.weights, x))\n")
    return root


def test_a_plain_question_lifts_the_file_named_for_it_and_explains_it(repo: Path, tmp_path: Path) -> None:
    engine = Engine(repo, tmp_path / "index", static=False)
    try:
        result = engine.search("quantization of the model weights", limit=5)
        first = {r.path: r for r in result.results}["pkg/quantization.py"]
        stem = body_stems("quantization")
        assert first.name_words == stem and first.name_lift == pytest.approx(1 + NAME_LIFT / 3)
        assert json.loads(json.dumps(first.to_json()))["name_words"] == list(stem)
        assert f"the file's name says {stem[0]}" in explain_text(result)
        model = {r.path: r for r in result.results}.get("pkg/model.py")
        assert model is None or model.name_lift > 1.0  # "model" is one of the words too
        alone = engine.search("quantization of the model weights", limit=5, preset="quick")
        assert all(r.name_lift == 1.0 for r in alone.results)  # one engine's list keeps its order
        defined = engine.search("def reduce_precision", limit=5)
        assert all(r.name_lift == 1.0 for r in defined.results)
        one = engine.search("Return the weights of a model in fewer bits for quantization", limit=5)
        assert one.rule == "function_description"  # ranks functions, not files: no file's name counts
        assert one.results and all(r.name_lift == 1.0 for r in one.results)
    finally:
        engine.close()


def test_without_the_lift_the_scores_are_the_blend_s_own(repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(fusion, "NAME_LIFT", 0.0)
    engine = Engine(repo, tmp_path / "index", static=False)
    try:
        result = engine.search("quantization of the model weights", limit=5)
        assert all(r.name_lift == 1.0 and not r.name_words for r in result.results)
    finally:
        engine.close()


def test_a_word_many_files_names_say_lifts_each_of_them_less(monkeypatch: pytest.MonkeyPatch) -> None:
    lists = {"semantic": [_hit("format.go"), _hit("store.go")], "text": [_hit("format.go"), _hit("store.go")]}
    names = {"format.go": frozenset({"format"}), "store.go": frozenset({"store"})}
    saying = {"format": 4, "store": 1}  # four files' names say "format", one says "store"
    named = NamedFiles(frozenset({"format", "argument", "store"}), lambda path: names.get(path, frozenset()),
                       saying.__getitem__)
    items = fuse(lists, {"semantic": 0.5, "text": 0.2}, 40, named=named)
    assert [i.key[0] for i in items] == ["store.go", "format.go"]
    got = {i.key[0]: i for i in items}
    assert got["format.go"].name_lift == pytest.approx(1 + NAME_LIFT * (1 / 4) / 3)
    assert got["store.go"].name_lift == pytest.approx(1 + NAME_LIFT / 3)
    assert got["format.go"].rederived_score() == got["format.go"].score
    monkeypatch.setattr(fusion, "NAME_RARITY", 0.0)  # every word whole: the engines' first stays first
    assert [i.key[0] for i in fuse(lists, {"semantic": 0.5, "text": 0.2}, 40, named=named)] == ["format.go", "store.go"]


def test_the_index_s_file_names_are_counted_and_the_explanation_says_a_shared_word(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    (root / "pkg").mkdir(parents=True)
    for name in ("format", "format_spec", "format_width", "format_fill"):
        (root / "pkg" / f"{name}.py").write_text(
            f"def {name}_argument(argument, spec):\n    return format(argument, spec)\n")
    (root / "pkg" / "store.py").write_text(
        "class ArgumentStore:\n    def __init__(self):\n        self.arguments = []\n\n"
        "    def push(self, argument):\n        self.arguments.append(argument)\n")
    engine = Engine(root, tmp_path / "index", static=False)
    try:
        question = "how are the format arguments stored"
        result = engine.search(question, limit=10)
        asked = len(set(body_stems(question)))
        got = {r.path: r for r in result.results}
        shared = [r for path, r in got.items() if path != "pkg/store.py" and r.name_words == ("format",)]
        assert shared and all(r.name_lift == pytest.approx(1 + NAME_LIFT * (1 / 4) / asked) for r in shared)
        assert got["pkg/store.py"].name_lift == pytest.approx(1 + NAME_LIFT / asked)
        text = explain_text(result)
        assert f"the file's name says format{SHARED_NAME_WORDS})" in text
        assert f"the file's name says {'+'.join(got['pkg/store.py'].name_words)})" in text  # a word its name alone says
    finally:
        engine.close()


def test_a_word_s_files_are_counted_as_if_every_name_were_stemmed() -> None:
    """Only the names that spell a word's stem are read (stemming all 100,000 names of a repository
    had cost its first plain question 1.0 s); the counts are those of stemming every name: a final
    ``y`` or ``ies`` read as ``i``, abbreviations, humps, folders and extensions that say nothing."""
    from collections import Counter
    from types import SimpleNamespace

    from maguyva_tui.core import search

    paths = ["src/fmt.h", "x/FormatHelper.java", "a/queries.rb", "b/query.py", "utils.py", "Utilities.cs",
             "format/x.py", "İstanbulQuery.py", "ÀbcFormat.txt", "cfg.yaml", "conf.d/Config.toml", "a.format",
             "settings.CONFIGURATION.json", "query/__init__.py", "lib/__init__.py", "reformat.py", ".formatrc"]
    every: Counter[str] = Counter(word for path in paths for word in search._name_stems(path))
    saying = search.files_saying(SimpleNamespace(snapshot=SimpleNamespace(files=paths)))  # type: ignore[arg-type]
    assert saying is not None
    assert {word: saying(word) for word in every} == dict(every)
    assert (saying("format"), saying("queri"), saying("config"), saying("initializ")) == (3, 3, 3, 2)  # __init__
    assert saying("absent") == 0
