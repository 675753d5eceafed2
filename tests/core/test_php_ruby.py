"""PHP and Ruby repositories get what the other languages get: definitions found by name, results
shown by their function or class rather than a window of lines."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from maguyva_tui.core.engine import Engine
from tests.core.test_engine import CountingProvider

LANGUAGES = Path(__file__).resolve().parents[1] / "fixtures" / "languages"


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("shop")
    shutil.copytree(LANGUAGES, root, dirs_exist_ok=True)
    (root / "php" / "Uses.php").write_text("<?php\n$jar = new CookieJar();\n$jar->count();\n")
    (root / "ruby" / "uses.rb").write_text("paths = Shop::Paths.new('.')\nputs paths.expanded\n")
    e = Engine(root, provider=CountingProvider())
    e.refresh()
    return e


@pytest.mark.parametrize(("question", "path", "line", "symbol"), [
    ("CookieJar", "php/CookieJar.php", 10, "CookieJar"),  # not the file that only uses it
    ("where is cookie_domain defined", "php/CookieJar.php", 58, "cookie_domain"),
    ("SameSite", "php/CookieJar.php", 51, "SameSite"),
    ("Paths", "ruby/paths.rb", 5, "Shop.Paths"),
    ("def expanded", "ruby/paths.rb", 18, "Shop.Paths.expanded"),
    ("Shop::Paths::Root", "ruby/paths.rb", 29, "Shop.Paths.Root"),
])
def test_a_definition_is_found_first_by_its_name(engine: Engine, question: str, path: str, line: int,
                                                 symbol: str) -> None:
    first = engine.search(question, limit=5).results[0]
    assert (first.path, first.start_line, first.symbol) == (path, line, symbol)


def test_attribute_accessors_are_methods(tmp_path: Path) -> None:
    (tmp_path / "user.rb").write_text("class User\n  attr_reader :name\n  attr_accessor :email, :age\n"
                                      "  attr_writer :password\nend\n")
    e = Engine(tmp_path, provider=CountingProvider())
    e.refresh()
    names = {s.qualname for s in e.snapshot.symbols if s.path == "user.rb"}
    assert {"User.name", "User.email", "User.email=", "User.age", "User.age=", "User.password="} <= names
    assert "User.name=" not in names and "User.password" not in names
    assert e.search("def email", limit=1).results[0].start_line == 3


def test_a_result_is_shown_by_its_method_not_a_window(engine: Engine) -> None:
    result = engine.search("setCookie", limit=10, modality="structural")
    assert [(r.path, r.kind) for r in result.results][:2] == [("php/CookieJar.php", "method"),
                                                            ("php/CookieJar.php", "method")]
    assert {r.symbol for r in result.results[:2]} == {"CookieJar.setCookie", "CookieJarInterface.setCookie"}


def test_a_def_in_a_block_of_a_class_body_is_a_method_of_that_class(tmp_path: Path) -> None:
    # rails' commands define `help` inside Thor's `no_commands do`, concerns their class methods in
    # `class_methods do`: "where is help defined" found nothing
    (tmp_path / "command.rb").write_text(
        "module Rails\n  class CredentialsCommand < Base\n    no_commands do\n      def help\n"
        "        say 'usage'\n      end\n    end\n  end\n\n  module Behavior\n    class_methods do\n"
        "      def no_color!\n        1\n      end\n    end\n  end\nend\n\n"
        "describe Rails do\n  def helper_in_a_spec\n  end\nend\n")
    e = Engine(tmp_path, provider=CountingProvider())
    e.refresh()
    names = {s.qualname: s.kind for s in e.snapshot.symbols if s.path == "command.rb"}
    assert names["Rails.CredentialsCommand.help"] == "method"
    assert names["Rails.Behavior.no_color!"] == "method"
    assert names["helper_in_a_spec"] == "function"  # a spec's helper, as a describe callback's function in JavaScript
    first = e.search("where is help defined", limit=1).results[0]
    assert (first.path, first.start_line) == ("command.rb", 4)
