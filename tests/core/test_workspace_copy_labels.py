"""A workspace's explanation names the repository of each folded copy (``--explain``, the explorer's
panel): zipp/importlib_metadata's vendored ``method_cache`` had said ``also in
jaraco/functools/__init__.py:91-169``, a path of no repository the answer names (it is jfunc's)."""

from __future__ import annotations

from maguyva_tui.core.explain import explain_text
from maguyva_tui.core.types import Ranked, SearchResult
from maguyva_tui.core.workspace.coordinator import WorkspaceResult


def _answer() -> WorkspaceResult:
    ranked = Ranked("importlib_metadata/_functools.py", 6, 85, "method_cache", "function", "python", 0.02,
                    "def method_cache(method, cache_wrapper=None):", (),
                    copies=(("jaraco/functools/__init__.py", 91, 169), ("vendor/_functools.py", 1, 80)))
    result = SearchResult("cache a method", "(text)", "understand_code", 0.4, None, "function_description",
                          (("semantic", 0.5),), "fused", "default", 40, ("semantic",), (), 1.0, (), (ranked,), 1.0)
    return WorkspaceResult(result, ("imd",), (("jfunc", "imd"),), (("imd", "/p/imd"), ("jfunc", "/p/jfunc")))


def test_explain_names_each_copy_repository() -> None:
    text = explain_text(_answer().display())
    assert "imd/importlib_metadata/_functools.py:6-85" in text
    assert "also in    jfunc/jaraco/functools/__init__.py:91-169" in text
    assert "also in    imd/vendor/_functools.py:1-80" in text


def test_json_keeps_each_copy_path_in_its_repository() -> None:
    copies = _answer().to_json()["results"][0]["copies"]
    assert [(c["repo"], c["path"]) for c in copies] == [("jfunc", "jaraco/functools/__init__.py"),
                                                          ("imd", "vendor/_functools.py")]
