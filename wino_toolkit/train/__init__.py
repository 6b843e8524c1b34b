"""Fine-tuning on one corpus and what it needs: twin-safe splits, nested learning-curve samples, and
the overlap (contamination) between the corpora a model is trained and evaluated on.

>>> from wino_toolkit import train
>>> run = train.fine_tune(items, model="roberta-large", output_dir="runs/wg", learning_rate=1e-5)  # doctest: +SKIP
>>> run.dev_accuracy, run.signature                                                              # doctest: +SKIP
>>> parts = train.split(items, dev=0.1, seed=0)                                                  # doctest: +SKIP

torch, transformers and datasets are imported only when a model is trained (the ``neural`` extra).
"""
from .experiments import grid_search, learning_curve
from .finetune import Run, TrainConfig, fine_tune
from wino_toolkit.overlap import overlap
from .splits import nested_samples, split, write_splits

__all__ = ["fine_tune", "Run", "TrainConfig", "grid_search", "learning_curve", "split", "nested_samples", "write_splits",
           "overlap"]
