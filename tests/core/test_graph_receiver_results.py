"""Methods that return their receiver, called on a subclass of the class declaring them: the result
is the class they were called on (PHP's ``: static``, ``: self``, ``return $this``; TypeScript's
``: this``; Python's ``-> Self``, ``return self``). league/csv's ``Reader::fromString($v)``, declared
``: static`` on ``AbstractCsv``, had made ``->setHeaderOffset()`` a call of nothing."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import callers, indexed

FILES = {
    "src/AbstractCsv.php": """<?php
namespace Acme;

abstract class AbstractCsv
{
    public static function fromString(string $v): static
    {
        return new static($v);
    }

    public static function make(string $v): self
    {
        return new static($v);
    }

    public static function made(string $v)
    {
        return new static($v);
    }

    public function setDelimiter(string $d)
    {
        $this->d = $d;
        return $this;
    }
}
""",
    "src/Reader.php": """<?php
namespace Acme;

class Reader extends AbstractCsv
{
    public function setHeaderOffset(int $o): int
    {
        return $o;
    }
}
""",
    "src/User.php": """<?php
namespace Acme;

final class User
{
    public function one(string $v): int
    {
        $d = Reader::fromString($v);
        $d->setHeaderOffset(0);
        Reader::make($v)->setHeaderOffset(1);
        Reader::made($v)->setHeaderOffset(2);
        return Reader::fromString($v)->setDelimiter(',')->setHeaderOffset(3);
    }
}
""",
    "web/base.ts": """export class Base {
  set(x: number): this {
    return this;
  }
  old(x: number) {
    return this;
  }
}
export class Sub extends Base {
  only(): number { return 1; }
}
export function use(s: Sub) {
  s.set(1).only();
  s.old(1).only();
}
""",
    "py/base.py": """from typing import Self


class Base:
    def set(self, x) -> Self:
        return self

    def old(self, x):
        return self

    @classmethod
    def create(cls):
        return cls()


class Sub(Base):
    def only(self):
        return 1


def use(s: Sub):
    s.set(1).only()
    s.old(1).only()
    made = Sub.create()
    made.only()
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "receivers", FILES)


def test_a_php_method_declared_static_or_self_gives_the_class_it_is_called_on(engine: Engine) -> None:
    sites = callers(engine, "Reader.setHeaderOffset")
    assert ("src/User.php", 9, "User.one") in sites  # $d = Reader::fromString($v); $d->...
    assert ("src/User.php", 10, "User.one") in sites  # : self
    assert ("src/User.php", 11, "User.one") in sites  # return new static, undeclared


def test_a_php_method_returning_this_gives_its_receivers_class(engine: Engine) -> None:
    assert callers(engine, "AbstractCsv.setDelimiter") == [("src/User.php", 12, "User.one")]
    assert ("src/User.php", 12, "User.one") in callers(engine, "Reader.setHeaderOffset")


def test_a_typescript_method_returning_this_gives_the_class_it_is_called_on(engine: Engine) -> None:
    assert [s for s in callers(engine, "Sub.only") if s[0] == "web/base.ts"] == [
        ("web/base.ts", 13, "use"), ("web/base.ts", 14, "use")]


def test_a_python_method_returning_self_gives_the_class_it_is_called_on(engine: Engine) -> None:
    assert [s for s in callers(engine, "Sub.only") if s[0] == "py/base.py"] == [
        ("py/base.py", 22, "use"), ("py/base.py", 23, "use"), ("py/base.py", 25, "use")]
