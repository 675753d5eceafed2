"""Each overload in one file keeps its own parameters and locals: C++'s (marisa's key.h defines
``operator==(const Key &lhs, ...)`` and ``operator==(const ReverseKey &lhs, ...)`` in one namespace;
their ``lhs`` merged into one untyped name and ``lhs.length()`` was tied to nothing) and
TypeScript's overload signatures before their implementation, as Java's already were."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

KEY = """
namespace lib {
class Key {
 public:
  int length() const { return 1; }
};
class ReverseKey {
 public:
  int length() const { return 2; }
};
inline bool operator==(const Key &lhs, const Key &rhs) {
  return lhs.length() == rhs.length();
}
inline bool operator==(const ReverseKey &lhs, const ReverseKey &rhs) {
  return lhs.length() == rhs.length();
}
class Trie {
 public:
  int find(const Key &k) const;
  int find(const ReverseKey &k) const {
    ReverseKey copy = k;
    return copy.length();
  }
};
int Trie::find(const Key &k) const {
  Key copy = k;
  return copy.length();
}
}  // namespace lib
"""


def graph_of(files: dict[str, str]) -> CodeGraph:
    return build_graph({path: analyze(path, dedent(text)) for path, text in files.items()})


def test_each_cpp_overload_types_its_own_parameters_and_locals() -> None:
    g = graph_of({"key.h": KEY})
    assert [(s.line, s.caller) for s in callers(g, "lib.Key.length").sites] == [
        (12, "lib.operator=="), (27, "lib.Trie.find")]
    assert [(s.line, s.caller) for s in callers(g, "lib.ReverseKey.length").sites] == [
        (15, "lib.operator=="), (22, "lib.Trie.find")]


HANDLERS = """
export class Handler { attach(): void {} }
export class KeyHandler extends Handler { key(): void {} }
export class MouseHandler extends Handler { click(): void {} }
"""

LISTEN = """
import { Handler, KeyHandler, MouseHandler } from "./handlers";

export function listen(h: KeyHandler): void;
export function listen(h: MouseHandler, button: number): void;
export function listen(h: Handler, button?: number): void {
  h.attach();
}

export class Bus {
  on(h: KeyHandler): void;
  on(h: MouseHandler): void;
  on(h: Handler): void {
    h.attach();
  }
}
"""

USE = """
import { listen } from "./listen";
import { KeyHandler } from "./handlers";

listen(new KeyHandler());
"""


def test_a_typescript_implementation_types_its_parameters_apart_from_its_signatures() -> None:
    g = graph_of({"handlers.ts": HANDLERS, "listen.ts": LISTEN, "use.ts": USE})
    assert [(s.line, s.caller) for s in callers(g, "Handler.attach").sites] == [
        (7, "listen"), (14, "Bus.on")]
    assert [(s.path, s.line) for s in callers(g, "listen").sites] == [("use.ts", 5)]


ARGS = """
export class CodeGen { if(c: string): CodeGen { return this } }
export interface Args { merge: (to: string, gen: CodeGen) => void }
"""

MAKE = """
import { Args } from "./args";

export function make(a: Args): void;
export function make(a: Args, n: number): void;
export function make(a: Args, n?: number): void {}
"""

MADE = """
import { make } from "./make";

export function go(): void {
  make({merge: (to, gen) => { gen.if("e") }});
}
"""


def test_an_overloaded_function_s_parameter_still_types_an_object_passed_to_it() -> None:
    g = graph_of({"args.ts": ARGS, "make.ts": MAKE, "made.ts": MADE})
    assert [(s.path, s.line) for s in callers(g, "CodeGen.if").sites] == [("made.ts", 5)]


AGENT_H = """
namespace lib {
class State {
 public:
  void reset() {}
};
class Count {
 public:
  explicit Count(int x) {}
};
class Agent {
 public:
  void set(const char *s);
  void set(int n);
 private:
  State state_;
};
}  // namespace lib
"""

AGENT_CC = """
#include "agent.h"
namespace lib {
void Agent::set(const char *s) {
  state_.reset();
}
void Agent::set(int n) {
  state_.reset();
  Count count(n);
}
}  // namespace lib
"""


def test_a_cpp_overload_defined_outside_its_class_still_reads_its_members_and_constructions() -> None:
    g = graph_of({"agent.h": AGENT_H, "agent.cc": AGENT_CC})
    assert [(s.path, s.line) for s in callers(g, "lib.State.reset").sites] == [("agent.cc", 5), ("agent.cc", 8)]
    assert ("agent.cc", 9) in [(s.path, s.line) for s in callers(g, "lib.Count").sites]
