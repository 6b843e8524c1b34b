"""AFLite (WinoGrande's Algorithm 1): adversarial filtering of a corpus on transformer embeddings.

:mod:`.embed` turns items into blank-form instances and embeds them with a Hugging Face encoder
(:mod:`.finetune`: the paper's fine-tuning recipe); :mod:`.estimator` is :class:`AFLite`, a
scikit-learn-style estimator with the backends of :mod:`.backends`; :mod:`.assess` and
:mod:`.baselines` measure the result as the paper's Figure 1 does; :mod:`.pipeline` is the whole job
and :mod:`.cli` the ``wino aflite`` commands. Needs the ``aflite`` extra; nothing heavy is imported
until used.
"""
from __future__ import annotations

from typing import Any

__all__ = ["AFLite", "embed", "load_embeddings", "filter_embeddings", "run", "assess", "plot_assessment"]

_WHERE = {"AFLite": "estimator", "embed": "embed", "load_embeddings": "embed", "filter_embeddings": "pipeline",
          "run": "pipeline", "assess": "assess", "plot_assessment": "assess"}


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        import importlib

        return getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
