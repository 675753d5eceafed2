"""A Python local bound to classes named bare, in branches (python-docx's ``_MarkerFactory``:
``marker_cls = _App0Marker`` / ``_SofMarker`` / ``_Marker``) or by a conditional (``kls = Fast if
quick else Slow``), is any of them, as jedi reads it: ``marker_cls.from_stream(...)`` is a site of
each class's method (the one a subclass inherits counted once), ``kls(x).run()`` of each instance's.
The differing bindings had typed nothing. A local bound to a class here and to a call's result
there still types nothing."""

from __future__ import annotations

from textwrap import dedent

from maguyva_tui.core.graph import build_graph
from maguyva_tui.core.graph.queries import callers
from maguyva_tui.core.parsing.analyze import analyze

JPEG = """
class _Marker:
    @classmethod
    def from_stream(cls, stream):
        return cls()

    def run(self):
        return 0

class _App0Marker(_Marker):
    @classmethod
    def from_stream(cls, stream):
        return cls()

class _SofMarker(_Marker):
    pass

def make():
    return _Marker()

def marker_factory(code, stream):
    if code == 0:
        marker_cls = _App0Marker
    elif code == 1:
        marker_cls = _SofMarker
    else:
        marker_cls = _Marker
    return marker_cls.from_stream(stream)

def chosen(quick, stream):
    kls = _App0Marker if quick else _Marker
    return kls(stream).run(), kls.from_stream(stream)

def mixed(code, stream):
    found = _App0Marker if code else None
    other = _App0Marker
    if code:
        other = make()
    return other.from_stream(stream)
"""


def test_a_local_bound_to_several_classes_is_any_of_them() -> None:
    g = build_graph({"pkg/jpeg.py": analyze("pkg/jpeg.py", dedent(JPEG))})
    assert [s.line for s in callers(g, "_App0Marker.from_stream").sites] == [28, 32]
    assert [s.line for s in callers(g, "_Marker.from_stream").sites] == [28, 32]
    assert [s.line for s in callers(g, "_Marker.run").sites] == [32]
