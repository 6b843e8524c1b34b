"""Evaluation of language models on schema items: zero-shot scoring (issue #11) and transfer after
fine-tuning (issue #12).

>>> from wino_toolkit import eval as we
>>> results = we.evaluate(items, model="gpt2", method="partial")     # doctest: +SKIP
>>> results.table(), results.to_frame(), results.scores.items[0]      # doctest: +SKIP
>>> matrix = we.transfer({"winogrande": wg}, {"wsc273": wsc}, model="roberta-large", output_dir="runs/")  # doctest: +SKIP
>>> matrix.to_frame(), matrix.plot("runs/transfer.png")                                   # doctest: +SKIP

:mod:`.score` makes and scores the requests (``partial``, ``full``, ``mlm``), :mod:`.results`
tabulates, :mod:`.transfer` and :mod:`.matrix` fine-tune and tabulate across corpora.
"""
from .api import evaluate, items_checksum, score
from .transfer import transfer

__all__ = ["evaluate", "score", "transfer", "items_checksum"]
