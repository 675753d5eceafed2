"""PHP and Ruby in the graph: their calls, instantiations, bases and imports are read, and resolve
where the language-neutral rules can follow them (within a file: ``$this``, ``self``, typed locals,
bases and mixins); calls across files are read with the names a language's own rules would resolve."""

from __future__ import annotations

import shutil
from pathlib import Path
from textwrap import dedent

import pytest

from maguyva_tui.core.engine import Engine
from maguyva_tui.core.parsing.analyze import analyze
from tests.core.test_engine import CountingProvider

LANGUAGES = Path(__file__).resolve().parents[1] / "fixtures" / "languages"

MODELS_PHP = """\
<?php
namespace App\\Models;

abstract class Model
{
    protected array $attributes = [];

    public function save(): bool
    {
        return $this->persist($this->attributes);
    }

    protected function persist(array $row): bool
    {
        return true;
    }
}

class User extends Model implements \\JsonSerializable
{
    use Notifies;

    public function __construct(private Mailer $sender) {}

    public function register(): void
    {
        $this->save();
        $this->sender->send("welcome");
        $mailer = new Mailer();
        $mailer?->send("hi");
        static::boot();
        parent::save();
    }

    public static function boot(): void {}
}

class Mailer
{
    public function send(string $text): void {}
}

trait Notifies {}
"""

CONTROLLER_PHP = """\
<?php
namespace App\\Http;

use App\\Models\\User;
use App\\Models\\{Mailer as M, Model};
use function App\\Support\\helper;
use Countable;
require_once __DIR__ . '/../bootstrap.php';

class Controller
{
    public function store(User $user): void
    {
        $user->register();
        \\App\\Models\\User::boot();
        $fn = 'helper';
        $fn();
    }
}
"""

STORE_RB = """\
module Shop
  module Pricing
    def self.round(value)
      value.round(2)
    end

    def discount(total)
      Pricing.round(total * 0.9)
    end
  end

  class Store
    def initialize(name)
      @name = name
      @ledger = Ledger.new
    end

    def save(item)
      @ledger.write(item)
      log "saved"
      label
    end

    def label
      "store #{@name}"
    end

    def log(message)
      puts message
    end
  end

  class Ledger
    def write(item)
      item
    end
  end

  class BookStore < Store
    include Pricing

    def save(item)
      super
      discount(item.price)
      label
    end
  end
end

def open_store
  store = Shop::Store.new("main")
  store.save(1)
  Shop::BookStore.new("books").label
end
"""

MAIN_RB = """\
require "json"
require_relative "../lib/shop/store"

store = Shop::Store.new("x")
store.save(2)
open_store
"""


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    root = tmp_path_factory.mktemp("repos")
    shutil.copytree(LANGUAGES, root / "fixtures", dirs_exist_ok=True)
    files = {"php/src/Models/Model.php": MODELS_PHP, "php/src/Http/Controller.php": CONTROLLER_PHP,
             "ruby/lib/shop/store.rb": STORE_RB, "ruby/app/main.rb": MAIN_RB}
    for path, text in files.items():
        (root / path).parent.mkdir(parents=True, exist_ok=True)
        (root / path).write_text(text)
    e = Engine(root, tmp_path_factory.mktemp("index"), provider=CountingProvider())
    e.refresh()
    return e


def call_sites(engine: Engine, name: str) -> list[tuple[str, int, str | None]]:
    """Return (path, line, caller) of each call site of a name, in path and line order."""
    return sorted((s.path, s.line, s.caller) for s in engine.callers(name, 50).entries)


def dependents(engine: Engine, name: str) -> dict[str | None, str]:
    """Return the qualname of each direct dependent of a name, with the kind of its edge."""
    return {e.symbol: e.edge for e in engine.impact(name, 1, 50).entries}


# -- PHP ------------------------------------------------------------------------------------------

MODELS = "php/src/Models/Model.php"


def test_php_calls_through_this_a_promoted_property_and_a_local_made_by_new(engine: Engine) -> None:
    assert call_sites(engine, "Mailer.send") == [(MODELS, 28, "User.register"), (MODELS, 30, "User.register")]


def test_php_inherited_method_static_and_parent_calls(engine: Engine) -> None:
    assert call_sites(engine, "Model.save") == [(MODELS, 27, "User.register"), (MODELS, 32, "User.register")]
    assert call_sites(engine, "persist") == [(MODELS, 10, "Model.save")]
    # ``\App\Models\User::boot()`` in Controller.php: User is defined in Model.php, named after another class
    assert call_sites(engine, "boot") == [("php/src/Http/Controller.php", 15, "Controller.store"),
                                          (MODELS, 31, "User.register")]


def test_php_subclass_trait_and_instantiation_depend_on_what_they_name(engine: Engine) -> None:
    assert dependents(engine, "Model")["User"] == "inherit"
    assert dependents(engine, "Notifies")["User"] == "inherit"
    assert dependents(engine, "Mailer")["User.register"] == "ref"


def test_who_calls_answers_php_call_sites(engine: Engine) -> None:
    result = engine.search("who calls persist")
    assert [(r.path, r.symbol) for r in result.results][:1] == [(MODELS, "Model.save")]


def test_php_use_declarations_are_imports_with_their_namespace_path() -> None:
    facts = analyze("src/Http/Controller.php", CONTROLLER_PHP)
    assert [(i.local, i.module, i.name) for i in facts.imports] == [
        ("User", "App\\Models", "User"),
        ("M", "App\\Models", "Mailer"),
        ("Model", "App\\Models", "Model"),
        ("helper", "App\\Support", "helper"),
        ("Countable", "Countable", None),
        ("*", "./../bootstrap.php", "*"),
    ]


def test_php_calls_across_files_are_named_for_a_namespace_rule() -> None:
    facts = analyze("src/Http/Controller.php", CONTROLLER_PHP)
    calls = {(r.name, r.line) for r in facts.references if r.kind == "call"}
    assert calls == {("$user.register", 14), ("App.Models.User.boot", 15)}  # $fn(): no name to follow
    assert ("local", "$user:User") in {(r.kind, r.name) for r in facts.references}
    assert ("ref", "User", 12) in {(r.kind, r.name, r.line) for r in facts.references}  # the parameter's type


# -- Ruby -----------------------------------------------------------------------------------------

STORE = "ruby/lib/shop/store.rb"


def test_ruby_bare_calls_are_methods_of_self_or_its_bases(engine: Engine) -> None:
    assert call_sites(engine, "Store.label") == [
        (STORE, 21, "Shop.Store.save"), (STORE, 45, "Shop.BookStore.save"), (STORE, 53, "open_store")]
    assert call_sites(engine, "log") == [(STORE, 20, "Shop.Store.save")]
    assert call_sites(engine, "discount") == [(STORE, 44, "Shop.BookStore.save")]  # from the mixin


def test_ruby_super_new_and_instance_variables(engine: Engine) -> None:
    assert call_sites(engine, "Store.save") == [(STORE, 43, "Shop.BookStore.save"), (STORE, 52, "open_store")]
    assert call_sites(engine, "Ledger.write") == [(STORE, 19, "Shop.Store.save")]
    assert call_sites(engine, "Pricing.round") == [(STORE, 8, "Shop.Pricing.discount")]


def test_ruby_subclass_and_mixin_depend_on_their_bases(engine: Engine) -> None:
    assert dependents(engine, "Shop.Store")["Shop.BookStore"] == "inherit"
    assert dependents(engine, "Pricing")["Shop.BookStore"] == "inherit"
    assert dependents(engine, "Ledger")["Shop.Store.initialize"] == "ref"


def test_ruby_locals_are_not_calls() -> None:
    facts = analyze("a.rb", dedent("""\
        class A
          def run(items, size = 2)
            total = 0
            items.each { |item| total += item }
            [total, size, limit]
          end
        end
        """))
    calls = sorted(r.name for r in facts.references if r.kind == "call")
    assert calls == ["items.each", "self.limit"]


def test_ruby_receivers_calls_and_kernel_methods() -> None:
    facts = analyze("a.rb", dedent("""\
        class A
          def run
            self.class.build
            Shop::Cart.new.total.round
            puts format("%d", 1)
            @cart = Cart.new
          end
        end
        """))
    calls = sorted(r.name for r in facts.references if r.kind == "call")
    assert calls == ["Shop.Cart().total", "Shop.Cart().total().round", "format", "puts", "self.build", "self.class"]
    assert ("local", "self.cart:Cart") in {(r.kind, r.name) for r in facts.references}


def test_ruby_module_methods_call_each_other_through_self_and_setters() -> None:
    facts = analyze("m.rb", dedent("""\
        module Actions
          def root=(path)
            @root = path
          end

          def reset
            self.root = "."
            self.finish
            finish
          end

          def finish; end
        end
        """))
    calls = [(r.name, r.line) for r in facts.references if r.kind == "call"]
    assert sorted(calls) == [("finish", 8), ("finish", 9), ("root=", 7)]
    chained = analyze("c.rb", "a.b.c = 1\n").references
    assert sorted(r.name for r in chained if r.kind == "call") == ["a", "a.b", "a.b().c="]  # only the last sets


def test_php_language_constructs_are_no_calls() -> None:
    facts = analyze("a.php", "<?php\nif (isset($a) && !empty($b)) { die(helper()); }\n")
    assert [r.name for r in facts.references if r.kind == "call"] == ["helper"]


def test_php_attributes_set_on_this_are_typed() -> None:
    facts = analyze("a.php", "<?php\nclass A {\n  function f() {\n    $this->m = new \\App\\Mailer();\n"
                             "    $this->m->send();\n    parent::f();\n  }\n}\n")
    rows = {(r.kind, r.name) for r in facts.references}
    assert {("local", "self.m:App.Mailer"), ("call", "this.m.send"), ("call", "super.f")} <= rows


def test_php_attribute_assigned_a_typed_parameter_has_its_type() -> None:
    facts = analyze("a.php", "<?php\nclass A {\n  function __construct(Handler $handler) {\n"
                             "    $this->h = $handler;\n  }\n  function f() { $this->h->handle(); }\n}\n")
    assert ("local", "self.h:Handler", "A.__construct") in {(r.kind, r.name, r.scope) for r in facts.references}


def test_ruby_requires_are_wildcard_imports() -> None:
    facts = analyze("app/main.rb", MAIN_RB)
    assert [(i.local, i.module, i.name, i.line) for i in facts.imports] == [
        ("*", "json", "*", 1), ("*", "../lib/shop/store", "*", 2)]
    facts = analyze("a.rb", 'require_relative "store"\nrequire "#{x}/y"\n')
    assert [i.module for i in facts.imports] == ["./store"]


# -- the fixtures -------------------------------------------------------------------------------


def test_the_language_fixtures_link(engine: Engine) -> None:
    jar = "fixtures/php/CookieJar.php"
    assert call_sites(engine, "CookieJar.setCookie") == [(jar, 19, "CookieJar.__construct")]
    paths = "fixtures/ruby/paths.rb"
    assert call_sites(engine, "expanded") == [(paths, 31, "Shop.Paths.Root.children")]
    assert call_sites(engine, "current") == [(paths, 37, "shop_root")]
    assert dependents(engine, "Shop.Paths")["Shop.Paths.Root"] == "inherit"
