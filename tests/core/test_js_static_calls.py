"""A static call on a constructor function or a class (``jQuery.each(...)``, ``Foo.make()``) calls
a static of it alone, never the method its instances hold of the same name (``jQuery.fn =
jQuery.prototype = { each: function }``, ``Foo.prototype.bar = function``, a class's method not
declared ``static``): both are named ``Foo.bar``, and jquery 3.7.1's 53 static ``jQuery.each(...)``
calls, its ``jQuery.map(...)`` and ``jQuery.get(...)`` had reached the prototype's methods, the
prototype's ``each`` even itself. ``this.each()`` in a method, ``new Foo().bar()`` and a local
holding an instance still reach them."""

from __future__ import annotations

from maguyva_tui.core.graph.model import CodeGraph
from maguyva_tui.core.parsing.analyze import analyze
from maguyva_tui.core.retrievers.graph import GraphRetriever

JQUERY = """var jQuery = function( selector ) {
  return new jQuery.fn.init( selector );
};

jQuery.fn = jQuery.prototype = {
  each: function( callback ) {
    return jQuery.each( this, callback );
  },
  map: function( callback ) {
    return this.pushStack( jQuery.map( this, callback ) );
  },
  pushStack: function( elems ) {
    return elems;
  }
};

function Tween( elem ) {
  this.elem = elem;
}
Tween.prototype.cur = function() {
  return Tween.propHooks( this );
};
Tween.propHooks = function( tween ) {
  return tween;
};

jQuery.each( [ "a" ], function() {} );

function run( list ) {
  var t = new Tween( list );
  t.cur();
  Tween.cur( t );
  return jQuery( list ).each( run );
}
"""

CLASSES = """export class Store {
  static create() {
    return new Store();
  }
  get(key) {
    return key;
  }
  static ['of']() {
    return Store.create();
  }
}

export function use(store) {
  Store.create();
  Store.get('a');
  const s = new Store();
  return s.get('b');
}
"""


def _callers(path: str, source: str) -> GraphRetriever:
    return GraphRetriever(CodeGraph.build({path: analyze(path, source)}))


def _edges(callers: GraphRetriever, name: str) -> list[tuple[int, str | None]]:
    return [(h.start_line, h.symbol) for h in callers.callers_hits(name, 10)]


def test_a_static_call_on_a_constructor_function_is_not_its_prototypes_method() -> None:
    callers = _callers("dist/jquery.js", JQUERY)
    assert _edges(callers, "jQuery.each") == []  # line 7's and 27's static calls
    assert _edges(callers, "jQuery.map") == []
    assert _edges(callers, "jQuery.pushStack") == [(10, "jQuery.map")]  # this.pushStack: the prototype's
    assert _edges(callers, "Tween.propHooks") == [(21, "Tween.cur")]  # a static set on the function
    assert _edges(callers, "Tween.cur") == [(31, "run")]  # t.cur() alone, not Tween.cur(t)


def test_a_call_on_a_class_reaches_its_statics_and_an_instance_its_methods() -> None:
    callers = _callers("src/store.ts", CLASSES)
    assert _edges(callers, "Store.get") == [(17, "use")]  # s.get('b'), not Store.get('a')
    assert [line for line, _ in _edges(callers, "Store.create")] == [9, 14]
