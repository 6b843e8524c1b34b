"""The vllm backend: the same requests, the same tokens, scored from vLLM's prompt log-probabilities. Without a GPU
the engine is a stand-in that answers as vLLM does (a list per prompt, None first, then {token id: Logprob}) from
the HF model, which checks our reading of it; with vLLM and a GPU, the real engine against the HF backend to 1e-3."""
from __future__ import annotations

import sys
import types
from dataclasses import dataclass

import pytest

torch = pytest.importorskip("torch")
pytest.importorskip("transformers")

from test_eval_fewshot_cache import twinned  # noqa: E402
from test_eval_score import tiny_gpt2  # noqa: E402,F401 (a fixture)
from wino_toolkit.cli import main  # noqa: E402
from wino_toolkit.eval.score import score  # noqa: E402


@dataclass
class Logprob:
    logprob: float
    rank: int = 1


class StandInEngine:
    """Answers ``generate`` like ``vllm.LLM`` with ``prompt_logprobs=1``, from a transformers causal LM."""

    def __init__(self, model, tokenizer):
        self.model, self.tokenizer = model, tokenizer
        self.llm_engine = types.SimpleNamespace(model_config=types.SimpleNamespace(max_model_len=64, dtype="float32"))
        self.calls = 0

    def get_tokenizer(self):
        return self.tokenizer

    def generate(self, prompts, params, use_tqdm=False):
        assert params.prompt_logprobs == 1 and params.max_tokens == 1
        self.calls += 1
        outputs = []
        for prompt in prompts:
            ids = prompt["prompt_token_ids"]
            with torch.no_grad():
                logprobs = torch.log_softmax(self.model(torch.tensor([ids])).logits[0].float(), -1)
            entries = [None] + [{ids[p]: Logprob(float(logprobs[p - 1, ids[p]]))} for p in range(1, len(ids))]
            outputs.append(types.SimpleNamespace(prompt_logprobs=entries))
        return outputs


StandInEngine.__module__ = "vllm.entrypoints.llm"  # what is_vllm looks at


def test_vllm_prompt_logprobs_are_read_at_the_continuations_positions(tiny_gpt2, monkeypatch):
    """Summed over the right positions, the stand-in's answers give the HF backend's scores (1e-5); an
    off-by-one would take the context's last token instead of the continuation's last."""
    model, tokenizer, _ = tiny_gpt2
    monkeypatch.setitem(sys.modules, "vllm", types.SimpleNamespace(SamplingParams=types.SimpleNamespace))
    items = twinned(16, seed=18)
    engine = StandInEngine(model, tokenizer)
    ours = score(items, model=engine, tokenizer=tokenizer, batch_size=5)
    hf = score(items, model=model, tokenizer=tokenizer)
    assert engine.calls == -(-2 * len(items) // 5)  # batches of 5 requests
    assert max(abs(a - b) for x, y in zip(ours.items, hf.items) for a, b in zip(x.scores, y.scores)) < 1e-5
    assert [x.tokens for x in ours.items] == [y.tokens for y in hf.items]


def test_vllm_backend_without_a_gpu_is_refused_in_one_line(tiny_gpt2, tmp_path, capsys):
    import wino_toolkit as wt

    if torch.cuda.is_available():
        pytest.skip("a GPU is present")
    corpus = tmp_path / "toy.jsonl"
    wt.write(twinned(4, seed=19), corpus, to="jsonl")
    assert main(["eval", "lm", str(corpus), "--model", tiny_gpt2[2], "--backend", "vllm"]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "vllm backend needs a CUDA GPU" in err
    assert main(["eval", "lm", str(corpus), "--model", tiny_gpt2[2], "--backend", "vllm", "--peft", str(tmp_path)]) == 1


def test_vllm_equals_the_hf_backend_on_a_gpu(tiny_gpt2, tmp_path):
    """With vLLM and a CUDA GPU: the same requests score the same to 1e-3 (bf16/fp32 kernels differ slightly)."""
    pytest.importorskip("vllm")
    if not torch.cuda.is_available():
        pytest.skip("no CUDA GPU")
    from wino_toolkit.eval.api import score as score_by_name

    items = twinned(40, seed=20)
    hf = score_by_name(items, model=tiny_gpt2[2], dtype="float32", device="cuda")
    from wino_toolkit.eval.vllm_backend import load_vllm

    engine, tokenizer, _ = load_vllm(tiny_gpt2[2], dtype="float32", tensor_parallel_size=1)
    ours = score(items, model=engine, tokenizer=tokenizer)
    assert max(abs(a - b) for x, y in zip(ours.items, hf.items) for a, b in zip(x.scores, y.scores)) < 1e-3
