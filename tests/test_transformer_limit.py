"""The FLOP accounting and the race's reference (today's code from git) of bench.semantic_speed."""

from __future__ import annotations

import subprocess
import sys

import pytest

from bench.transformer_limit import (
    ATTENTION_FLOPS_PER_PAIR,
    BASELINE,
    DENSE_FLOPS_PER_TOKEN,
    baseline_provider,
    gemm_ceiling,
    model_flops,
)


def test_flops_per_token_of_all_minilm_l6_v2() -> None:
    assert DENSE_FLOPS_PER_TOKEN == 6 * 2 * 384 * (3 * 384 + 384 + 1536 + 1536)  # 21.2 MFLOP
    assert ATTENTION_FLOPS_PER_PAIR == 6 * 4 * 384
    assert model_flops([10, 3]) == DENSE_FLOPS_PER_TOKEN * 13 + ATTENTION_FLOPS_PER_PAIR * (100 + 9)
    assert model_flops([]) == 0


def test_gemm_ceiling_reports_every_shape() -> None:
    ceiling = gemm_ceiling(1, seconds=0.001)
    assert len(ceiling.shapes) == 4 and ceiling.gflops > 0 and ceiling.cpu_gflops > 0


def test_baseline_is_today_s_code_and_leaves_the_current_modules_alone() -> None:
    try:
        subprocess.run(["git", "cat-file", "-e", BASELINE], check=True, capture_output=True)
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("no git history here")
    from maguyva_tui.core.embed import minilm, transformer

    old = baseline_provider()
    assert old.id == "local:all-MiniLM-L6-v2:384"
    assert type(old) is not minilm.MiniLMProvider
    assert sys.modules["maguyva_tui.core.embed.transformer"] is transformer
    assert sys.modules["maguyva_tui.core.embed.minilm"] is minilm
