"""Tiny language models for the tests: a word-level tokenizer trained on the fly, a RoBERTa config to
match it, and a few training steps on invented sentences (so a test can tell a scorer that reads its
input from one that does not)."""
from __future__ import annotations

from typing import Any, Sequence

SPECIAL = ["<s>", "<pad>", "</s>", "<unk>", "<mask>"]  # RoBERTa's ids 0..4


def word_tokenizer(sentences: Sequence[str]) -> Any:
    """A RoBERTa-style word-level fast tokenizer (``<s> ... </s>``, a mask token) trained on ``sentences``."""
    from tokenizers import Tokenizer, models, pre_tokenizers, processors, trainers
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.WordLevel(unk_token="<unk>"))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.train_from_iterator(sentences, trainers.WordLevelTrainer(special_tokens=SPECIAL))
    tok.post_processor = processors.TemplateProcessing(single="<s> $A </s>", special_tokens=[("<s>", 0), ("</s>", 2)])
    return PreTrainedTokenizerFast(tokenizer_object=tok, bos_token="<s>", eos_token="</s>", sep_token="</s>", cls_token="<s>",
                                   pad_token="<pad>", unk_token="<unk>", mask_token="<mask>")


def roberta_config(tokenizer: Any) -> Any:
    """Two layers, hidden size 32: seconds to train on a CPU."""
    from transformers import RobertaConfig

    return RobertaConfig(vocab_size=len(tokenizer), hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                         intermediate_size=64, max_position_embeddings=66, pad_token_id=1, bos_token_id=0, eos_token_id=2)


def train(model: Any, tokenizer: Any, texts: Sequence[str], *, steps: int, lr: float = 1e-2, mask_rate: float | None = None) -> Any:
    """A few seeded AdamW steps: next-token loss, or masked-token loss with ``mask_rate``; returns the model in eval mode."""
    import torch

    torch.manual_seed(0)
    optimizer = torch.optim.AdamW(model.parameters(), lr=lr)
    model.train()
    for step in range(steps):
        batch = tokenizer([texts[(step * 16 + k) % len(texts)] for k in range(16)], return_tensors="pt", padding=True)
        real = batch["attention_mask"] == 1
        if mask_rate is None:
            inputs, labels = batch["input_ids"], batch["input_ids"].masked_fill(~real, -100)
        else:
            chosen = (torch.rand(real.shape) < mask_rate) & real
            inputs = batch["input_ids"].masked_fill(chosen, tokenizer.mask_token_id)
            labels = batch["input_ids"].masked_fill(~chosen, -100)
        model(input_ids=inputs, attention_mask=batch["attention_mask"], labels=labels).loss.backward()
        optimizer.step()
        optimizer.zero_grad()
    return model.eval()


def saved_gpt2(tokenizer: Any, folder: Any, *, positions: int = 64) -> tuple[Any, Any, str]:
    """A 2-layer GPT-2 (hidden 32) for ``tokenizer``, saved to ``folder`` with it and loaded back by path."""
    import torch
    from transformers import AutoModelForCausalLM, AutoTokenizer, GPT2Config, GPT2LMHeadModel

    torch.manual_seed(0)
    model = GPT2LMHeadModel(GPT2Config(vocab_size=len(tokenizer), n_positions=positions, n_embd=32, n_layer=2, n_head=2,
                                       bos_token_id=tokenizer.bos_token_id, eos_token_id=tokenizer.eos_token_id))
    model.save_pretrained(folder)
    tokenizer.save_pretrained(folder)
    return AutoModelForCausalLM.from_pretrained(folder).eval(), AutoTokenizer.from_pretrained(folder), str(folder)


def saved_byte_encoder(texts: Sequence[str], folder: Any, *, positions: int = 256, hidden: int = 32, layers: int = 2,
                       vocab: int = 600) -> str:
    """A RoBERTa (by default 2 layers, hidden 32) with a byte-level BPE tokenizer trained on ``texts`` (so any
    script tokenizes), saved to ``folder``; returns the path."""
    import torch
    from tokenizers import ByteLevelBPETokenizer
    from transformers import PreTrainedTokenizerFast, RobertaConfig, RobertaModel

    bpe = ByteLevelBPETokenizer()
    bpe.train_from_iterator(texts, vocab_size=vocab, special_tokens=SPECIAL)
    fast = PreTrainedTokenizerFast(tokenizer_object=bpe._tokenizer, bos_token="<s>", eos_token="</s>", pad_token="<pad>",
                                   unk_token="<unk>", mask_token="<mask>", cls_token="<s>", sep_token="</s>")
    torch.manual_seed(0)
    config = RobertaConfig(vocab_size=len(fast), hidden_size=hidden, num_hidden_layers=layers, num_attention_heads=max(2, hidden // 64),
                           intermediate_size=4 * hidden if hidden > 32 else 64, max_position_embeddings=positions + 2, pad_token_id=1)
    RobertaModel(config).save_pretrained(folder)
    fast.save_pretrained(folder)
    return str(folder)
