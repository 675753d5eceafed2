"""Hardening: adversarial repositories, fuzzed queries, crash safety, boundaries and load.

Default run: ``python -m pytest tests/hardening``, every kind of check once at a small size (about a
minute and a half on two cores). The long runs are marked ``slow``: the issue's full sizes (200 kills,
10,000 files, 10,000 queries, 2,000 fuzzed inputs per property) and the slowest single cases; CI runs
them after the default run (``python -m pytest -m slow``). Full run, with the figures of the README:
``python bench/hardening_report.py``, which runs ``python -m pytest tests/hardening -m "slow or not slow"``
and prints what the tests recorded.
"""
