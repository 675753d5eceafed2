"""End-to-end quality evaluation per intent (``python -m bench.evaluate``).

Brief overview. For each pinned repository (``bench/corpora.py``):

1. ``workcopy``: copy the package's Python source into a work folder with every docstring
   replaced by blank lines (line numbers kept), so natural-language queries taken from
   docstrings cannot be answered by matching the docstring itself. Everything below reads and
   indexes that copy.
2. ``oracles``: ground truth from tools independent of maguyva's parser and ranker: Python's
   ``ast`` (definitions, cross-checked with universal-ctags), a plain text scan (exact strings),
   docstrings (natural language), ``jedi`` (call sites, and impact as the transitive closure of
   its references).
3. ``phrasings``: each generated question in several wordings, to measure the classifier.
4. ``runner``: ask the product (``Engine.search``), each modality alone, ``rg`` and BM25
   (``baselines``), and score every answer with ``metrics`` under the intent's matching rule.
5. ``report``: markdown tables, one row per method.
"""
