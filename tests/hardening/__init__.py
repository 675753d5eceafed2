"""Hardening: adversarial repositories, fuzzed queries, crash safety, boundaries and load.

Default run (CI): ``python -m pytest tests/hardening`` (the smaller sizes, a few minutes).
Full run, with the figures of the README: ``python bench/hardening_report.py``, which runs
``python -m pytest tests/hardening -m "slow or not slow"`` and prints what the tests recorded.
"""
