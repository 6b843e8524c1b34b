"""Every command of every tutorial (``docs/tutorials/*.md``) runs, so the documentation cannot drift from the code.

The convention the tutorials follow and this test relies on:

- Each ```` ```bash ```` block holds commands a newcomer pastes at the root of a checkout of the project. The
  test runs them in order, one shell command at a time (a line, its ``\\`` continuations, or a heredoc up to
  its terminator), with the working directory set to a fresh temporary directory holding copies of
  ``corpora/samples/`` and ``corpora/logic/`` at the same relative paths, so ``corpora/samples/pws.tsv``
  means the bundled sample in both places.
- A command must exit 0, unless its line ends with a comment ``# exits N``: then it must exit N.
- The tutorials name real models as users would; ``--model gpt2``, ``--model distilgpt2`` and ``--model
  roberta-base`` are replaced by tiny models built here (2 layers, hidden size 32, tokenizers trained on the
  samples: seconds on a CPU), and ``--device cpu`` is added to a command that loads a model without naming a
  device. Any other model name in a tutorial fails the test: it would be downloaded.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("torch")
pytest.importorskip("transformers")
pytest.importorskip("tokenizers")

from test_aflite_embed import toy_items  # noqa: E402
from tiny_lm import saved_byte_encoder, saved_gpt2, train  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "docs" / "tutorials"
EXPECTED = ["pmi-across-languages", "debias-with-aflite", "evaluate-an-lm", "transfer-matrix", "formalize-a-schema"]
MODEL_NAMES = ("gpt2", "distilgpt2", "roberta-base")
BLOCK = re.compile(r"^```bash\n(.*?)^```", re.S | re.M)
EXITS = re.compile(r"#\s*exits\s+(\d+)\s*$")
HEREDOC = re.compile(r"<<-?\s*'?\"?(\w+)'?\"?")
MODEL = re.compile(r"--model\s+(\S+)")


def commands(markdown: str) -> list[tuple[str, int]]:
    """``(command, expected exit code)`` for every command of every bash block, in order."""
    found = []
    for block in BLOCK.findall(markdown):
        lines = block.splitlines()
        i = 0
        while i < len(lines):
            line = lines[i]
            i += 1
            if not line.strip() or line.lstrip().startswith("#"):
                continue
            while line.endswith("\\") and i < len(lines):
                line = line[:-1] + " " + lines[i].strip()
                i += 1
            expected = EXITS.search(line)
            heredoc = HEREDOC.search(line)
            if heredoc:  # the body goes with the command, up to the terminator
                body = []
                while i < len(lines) and lines[i].strip() != heredoc.group(1):
                    body.append(lines[i])
                    i += 1
                i += 1
                line = "\n".join([line, *body, heredoc.group(1)])
            found.append((line, int(expected.group(1)) if expected else 0))
    return found


@pytest.fixture(scope="module")
def tiny_models(tmp_path_factory) -> dict[str, str]:
    """Tiny stand-ins for the models the tutorials name: two GPT-2s that score differently and a RoBERTa
    encoder, all with byte-level tokenizers trained on the samples (every script tokenizes)."""
    from tokenizers import ByteLevelBPETokenizer
    from transformers import PreTrainedTokenizerFast

    samples = [line for path in sorted((ROOT / "corpora" / "samples").rglob("*.*"))
               for line in path.read_text(encoding="utf-8", errors="replace").splitlines()]
    texts = samples + [item.text for item in toy_items(200, seed=5)]
    bpe = ByteLevelBPETokenizer()
    bpe.train_from_iterator(texts, vocab_size=600, min_frequency=1, special_tokens=["<|endoftext|>"])
    fast = PreTrainedTokenizerFast(tokenizer_object=bpe._tokenizer, bos_token="<|endoftext|>",
                                   eos_token="<|endoftext|>", pad_token="<|endoftext|>")
    root = tmp_path_factory.mktemp("tiny-models")
    paths = {}
    for name in ("gpt2", "distilgpt2"):
        folder = root / name
        folder.mkdir()
        model, tokenizer, paths[name] = saved_gpt2(fast, folder, positions=512)
        if name == "distilgpt2":  # a few steps, so the two models disagree somewhere
            train(model, tokenizer, texts, steps=5).save_pretrained(folder)
    (root / "roberta-base").mkdir()
    paths["roberta-base"] = saved_byte_encoder(texts, root / "roberta-base", positions=256)
    return paths


def substituted(command: str, models: dict[str, str]) -> str:
    """The command with tiny models in place of the named ones and ``--device cpu`` where it loads one."""
    if "<<" in command:
        return command
    named = MODEL.findall(command)
    for name in named:
        assert name in models, f"tutorial names model {name!r}; the test knows only {sorted(models)}"
    command = MODEL.sub(lambda m: f"--model {models[m.group(1)]}", command)
    if named and "--device" not in command:
        command = re.sub(r"\s+#.*$", "", command) + " --device cpu"
    return command


def test_every_tutorial_is_here_and_has_commands():
    """The five tutorials the site's navigation lists exist, and each has commands to run."""
    for name in EXPECTED:
        path = TUTORIALS / f"{name}.md"
        assert path.is_file(), path
        assert len(commands(path.read_text(encoding="utf-8"))) >= 3, path


def test_commands_are_split_as_a_shell_reads_them():
    """Continuations join, heredocs keep their body, comments are skipped and ``# exits N`` is read."""
    md = ("```bash\n# a comment\nwino a \\\n  --b c   # note\ncat > f <<'EOF'\nx # y\nEOF\n"
          "wino bad   # exits 2\n```\n```python\nnot run\n```\n")
    assert commands(md) == [("wino a  --b c   # note", 0), ("cat > f <<'EOF'\nx # y\nEOF", 0), ("wino bad   # exits 2", 2)]
    assert substituted("wino eval lm x --model gpt2 -o gpt2.jsonl  # c", {"gpt2": "/m"}) == \
        "wino eval lm x --model /m -o gpt2.jsonl --device cpu"


@pytest.mark.parametrize("name", EXPECTED)
def test_tutorial_runs(name, tiny_models, tmp_path):
    """Each command exits as the tutorial says (0 unless marked ``# exits N``)."""
    (tmp_path / "corpora").mkdir()
    for part in ("samples", "logic"):
        shutil.copytree(ROOT / "corpora" / part, tmp_path / "corpora" / part)
    env = dict(os.environ, HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", TOKENIZERS_PARALLELISM="false",
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    for command, expected in commands((TUTORIALS / f"{name}.md").read_text(encoding="utf-8")):
        run = substituted(command, tiny_models)
        done = subprocess.run(["bash", "-c", run], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
        assert done.returncode == expected, (f"{name}.md: `{command}` exited {done.returncode}, not {expected}\n"
                                             f"--- stdout\n{done.stdout[-3000:]}\n--- stderr\n{done.stderr[-3000:]}")
