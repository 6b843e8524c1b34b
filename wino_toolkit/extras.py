"""Optional dependencies: each capability's extra, and the one-line message when it is missing."""
from __future__ import annotations

import importlib
from types import ModuleType

from .errors import MissingDependencyError

__all__ = ["EXTRAS", "require"]

# capability extra -> what it adds (kept in step with setup.cfg's [options.extras_require])
EXTRAS = {
    "pmi": "scipy (the PMI check's exact binomial test)",
    "audit": "scikit-learn (the audit's twin-grouped cross-validation of surface cues)",
    "logic": "z3-solver and lark (formalized knowledge checks)",
    "aflite": "scikit-learn, torch, transformers, accelerate and matplotlib (adversarial filtering)",
    "neural": "torch, transformers, accelerate, datasets and matplotlib (embedding, LM scoring, fine-tuning and their plots)",
    "hf": "Hugging Face datasets (to_hf_dataset)",
    "docs": "MkDocs, its Material theme and mkdocstrings (the documentation site)",
    "distributed": "Dask (PMI indexing on a cluster)",
    "ru": "pymorphy3 and its Russian dictionaries (Russian derived forms)",
    "quant": "bitsandbytes (8-/4-bit model loading on a CUDA GPU)",
    "peft": "peft (scoring with a PEFT adapter)",
    "vllm": "vLLM (the vllm scoring backend on a CUDA GPU)",
}


def require(module: str, extra: str, what: str) -> ModuleType:
    """Import ``module`` or raise :class:`MissingDependencyError` naming the ``pip install`` to run."""
    try:
        return importlib.import_module(module)
    except ImportError:
        raise MissingDependencyError(f"{what} needs {module.split('.')[0]}: pip install 'wino-toolkit[{extra}]'") from None
