"""A JavaScript/TypeScript variable is typed by what is assigned to it as by its declaration:
``let data = JSON.parse(v); data = new Reader(v); data.read()`` reads a ``Reader``'s ``read``,
where only declarations had bound and ``data`` had been typed by ``JSON.parse()`` alone (tied to
nothing). Bindings merge as every language's do: a declared type wins, others must agree. A
TypeScript ``let`` is declared with its value's type (``let both = new Reader(v)``: a later
``both = new Writer()`` must be a Reader, so ``both.read()`` is ``Reader.read``, as TypeScript's
language service says), unless that value is a builtin's ``any`` (``JSON.parse(v)``)."""

from __future__ import annotations

import pytest

from maguyva_tui.core.engine import Engine
from tests.trees import callers, indexed

FILES = {
    "src/reader.ts": """export class Reader {
  constructor(public text: string) {}
  read(): string { return this.text; }
}

export class Writer {
  read(): string { return ''; }
  flush(): void {}
}
""",
    "src/load.ts": """import { Reader, Writer } from './reader';

export function load(v: string): string {
  let data = JSON.parse(v);
  data = new Reader(v);
  return data.read();
}

export function later(v: string): void {
  let sink;
  sink = new Writer();
  sink.flush();
}

export function either(v: string): string {
  let both = new Reader(v);
  both = new Writer();
  return both.read();
}

export function typed(v: string): string {
  let w: Writer = new Writer();
  w = JSON.parse(v);
  return w.read();
}
""",
    "lib/plain.js": """const { Writer } = require('../src/reader');

function run() {
  var out;
  out = new Writer();
  out.flush();
}

module.exports = { run };
""",
}


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Engine:
    return indexed(tmp_path_factory, "assigned", FILES)


def test_an_assignment_types_a_variable_declared_with_a_builtin_result(engine: Engine) -> None:
    assert callers(engine, "Reader.read") == [("src/load.ts", 6, "load"), ("src/load.ts", 18, "either")]


def test_an_assignment_types_a_variable_declared_without_a_value(engine: Engine) -> None:
    assert callers(engine, "Writer.flush") == [("lib/plain.js", 6, "run"), ("src/load.ts", 12, "later")]


def test_a_declared_type_wins_and_disagreeing_values_type_nothing(engine: Engine) -> None:
    assert callers(engine, "Writer.read") == [("src/load.ts", 24, "typed")]
