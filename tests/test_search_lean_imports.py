"""What a whole ``maguyva search`` process on an index with a static tier leaves unimported (issue
19): a literal loads neither the static model's code (``embed/static.py``, the transformer it
derives from) nor its weights, and no question, a graph question's included, loads tree-sitter or
the parsers' rules (the graph reads the facts' marks from ``parsing/facts/marks.py``: ~36 ms of a
graph question's CPU on sympy). A question by meaning still loads the model's code."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

HEAVY = ("tree_sitter", "maguyva_tui.core.parsing.languages", "maguyva_tui.core.parsing.facts.extract",
         "maguyva_tui.core.parsing.facts.bindings", "maguyva_tui.core.embed.static", "maguyva_tui.core.embed.transformer")

RUN = """
import json, sys
import maguyva_tui.__main__ as main
main._exit_now = lambda status: None  # report the modules instead of ending at once
heavy = json.loads(sys.argv[1])
for question in json.loads(sys.argv[2]):
    status = main._main(["search", question, *sys.argv[3:]])
    print("\\n@@", json.dumps([status, sorted(m for m in sys.modules if m in heavy)]), flush=True)
"""


@pytest.mark.slow
def test_no_question_imports_tree_sitter_and_a_literal_not_the_static_model(indexed_polyglot: Path) -> None:
    questions = ['"parse_config"', "who calls parse_config", "what does ConfigLoader.load call", "parse_config",
                 "how is the configuration parsed"]
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run([sys.executable, "-c", RUN, json.dumps(HEAVY), json.dumps(questions), "--repo",
                           str(indexed_polyglot), "--json"], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    parts = done.stdout.split("\n@@ ")
    answers = [json.loads(part.split("\n", 1)[0].strip()) for part in parts[1:]]
    outputs = parts[:-1]
    assert len(answers) == len(questions), done.stdout
    for question, output, (status, modules) in zip(questions, outputs, answers):
        assert status == 0, (question, output)
        assert "app/config.py" in output or "app/server.py" in output, question
        if question != questions[-1]:
            assert modules == [], question
    assert answers[-1][1] == ["maguyva_tui.core.embed.static", "maguyva_tui.core.embed.transformer"]  # by meaning: the model
