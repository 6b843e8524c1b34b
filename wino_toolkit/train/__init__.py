"""Fine-tuning experiments and what they need: a run (:mod:`wino_toolkit.tuning`), grids over seeds, learning
curves, transfer between corpora, twin-safe splits (:mod:`wino_toolkit.splits`), and the overlap (contamination)
between the corpora a model is trained and evaluated on.

>>> from wino_toolkit import train
>>> run = train.fine_tune(items, model="roberta-large", output_dir="runs/wg", learning_rate=1e-5)  # doctest: +SKIP
>>> run.dev_accuracy, run.signature                                                              # doctest: +SKIP
>>> parts = train.split(items, dev=0.1, seed=0)                                                  # doctest: +SKIP

torch, transformers and datasets are imported only when a model is trained (the ``neural`` extra).
"""
from wino_toolkit.overlap import overlap
from wino_toolkit.splits import nested_samples, split
from wino_toolkit.tuning import Run, TrainConfig, fine_tune

from .experiments import grid_search, learning_curve
from .split_files import write_splits

__all__ = ["fine_tune", "Run", "TrainConfig", "grid_search", "learning_curve", "split", "nested_samples", "write_splits",
           "overlap"]
