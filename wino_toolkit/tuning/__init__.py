"""The one fine-tuning recipe: an encoder trained on a corpus's items with the transformers ``Trainer``, as a
multiple-choice model (WinoGrande) or an NLI pair classifier (WNLI). ``wino train`` and its experiments
(:mod:`wino_toolkit.train`) and AFLite's encoder fine-tuning (:mod:`wino_toolkit.aflite.finetune`) all train
through it. It stands below evaluation: a run names its model and data by content
(:mod:`wino_toolkit.fingerprint`), not through the scoring code.

torch, transformers and datasets are imported only when a model is trained (the ``neural`` extra).
"""
from .checkpoints import CHECKPOINT_MARK
from .batches import ChoiceCollator
from .config import BOOKKEEPING, PRECISIONS, TrainConfig
from .examples import FORMS, Example, encode, examples
from .run import RUN_FILE, Run
from .trainer import fine_tune, reuse_differences

__all__ = ["TrainConfig", "Run", "fine_tune", "reuse_differences", "ChoiceCollator", "PRECISIONS", "BOOKKEEPING",
           "RUN_FILE", "CHECKPOINT_MARK", "FORMS", "Example", "examples", "encode"]
