"""Ruby's names as Ruby spells them: ``save!`` is another method than ``save``, and
``ActiveRecord::Base#save`` names a member with ``#``; a question mark that ends a sentence stays
punctuation."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine

BASE = """module ActiveRecord
  class Base
    def save(validate: true)
      valid? && persist
    end

    def save!(validate: true)
      save(validate: validate) || raise(RecordInvalid)
    end

    def valid?
      errors.empty?
    end
  end
end
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("rb")
    (root / "lib").mkdir()
    (root / "lib" / "base.rb").write_text(BASE)
    (root / "lib" / "config.py").write_text("def parse_config(text):\n    return dict(line.split('=') for line in text)\n")
    engine = Engine(root, tmp_path_factory.mktemp("index"), static=True)
    yield engine
    engine.close()


@pytest.mark.parametrize(("question", "target", "first"), [
    ("save!", "save!", "ActiveRecord.Base.save!"),
    ("valid?", "valid?", "ActiveRecord.Base.valid?"),
    ("where is save!", "save!", "ActiveRecord.Base.save!"),
    ("who calls save!", "save!", "ActiveRecord.Base.save!"),
    ("ActiveRecord::Base#save!", "ActiveRecord::Base.save!", "ActiveRecord.Base.save!"),
    ("ActiveRecord::Base#save", "ActiveRecord::Base.save", "ActiveRecord.Base.save"),
    ("save", "save", "ActiveRecord.Base.save"),
])
def test_a_name_is_read_as_the_index_spells_it(engine: Engine, question: str, target: str, first: str) -> None:
    result = engine.search(question, limit=5)
    assert result.target == target
    assert result.results[0].symbol == first


@pytest.mark.parametrize(("question", "first"), [
    ("Base#save!", "ActiveRecord.Base.save!"),
    ("Base#save", "ActiveRecord.Base.save"),
    ("Base#valid?", "ActiveRecord.Base.valid?"),
])
def test_a_member_named_with_a_hash_through_its_module_s_class(engine: Engine, question: str, first: str) -> None:
    result = engine.search(question, limit=5)
    assert result.results[0].symbol == first and result.target == first
    assert f"read as {first}" in " ".join(result.notices)


def test_a_question_mark_ending_a_sentence_stays_punctuation(engine: Engine) -> None:
    assert engine.search("where is parse_config?", limit=5).target == "parse_config"
    assert engine.search("is it valid?", limit=5).target is None  # a word of a question, not the method


@pytest.mark.parametrize(("question", "missing"), [
    ("where is use_sessions? defined", "use_sessions?"),  # more words after the ?: the name's own mark
    ("who calls persist!", "persist!"),
    ("where is persist!", "persist!"),
])
def test_a_marked_name_the_index_lacks_is_said_missing_as_written(engine: Engine, question: str, missing: str) -> None:
    """Neither spelling defined: the answer said 'no symbol named use_sessions', another name."""
    result = engine.search(question, limit=5).to_json()
    assert result["target"] == missing
    assert result["lookup_failed"]["message"].startswith(f"no symbol named {missing};")


def test_a_missing_name_ending_a_question_keeps_its_question_mark_as_punctuation(engine: Engine) -> None:
    assert engine.search("who calls parse_confg?", limit=5).target == "parse_confg"
