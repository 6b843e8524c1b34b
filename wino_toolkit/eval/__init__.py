"""Evaluation of language models on schema items: zero-shot scoring (issue #11) and transfer after
fine-tuning (issue #12).

>>> from wino_toolkit import eval as we
>>> results = we.evaluate(items, model="gpt2", method="partial")     # doctest: +SKIP
>>> results.table(), results.to_frame(), results.scores.items[0]      # doctest: +SKIP
>>> matrix = we.transfer({"winogrande": wg}, {"wsc273": wsc}, model="roberta-large", output_dir="runs/")  # doctest: +SKIP
>>> matrix.to_frame(), matrix.plot("runs/transfer.png")                                   # doctest: +SKIP

:mod:`.score` makes and scores the requests (``partial``, ``full``, ``mlm``), :mod:`.results`
tabulates, :mod:`.matrix` tabulates across corpora what :mod:`wino_toolkit.train.transfer` fine-tuned and scored
(``transfer`` is re-exported here, where it always was).
"""
from typing import Any

from .api import evaluate, items_checksum, score

__all__ = ["evaluate", "score", "transfer", "items_checksum"]


def __getattr__(name: str) -> Any:
    """``transfer``, a training experiment that lives in :mod:`wino_toolkit.train.transfer`, still answers here
    as a deprecated alias: looked up by name on first use, so ``eval`` neither loads nor depends on the training
    package."""
    if name == "transfer":
        import importlib
        import warnings

        warnings.warn("wino_toolkit.eval.transfer is deprecated: use wino_toolkit.train.transfer.transfer",
                      DeprecationWarning, stacklevel=2)
        return importlib.import_module("wino_toolkit.train.transfer").transfer
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
