"""A finished fine-tuning run as its directory holds it: ``run.json`` (what made it, how it did) and ``model/``."""
from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from wino_toolkit.errors import WinoError
from wino_toolkit.extras import require
from wino_toolkit.hub import from_pretrained

from .config import TrainConfig

__all__ = ["Run", "RUN_FILE"]

RUN_FILE = "run.json"


@dataclass
class Run:
    """A finished fine-tuning run: where it is, what produced it, and how it did on its development split."""

    directory: Path
    model: str  # the name or path it started from
    identity: str  # the model as signatures name it (hub name@revision, or directory#config-hash)
    config: TrainConfig
    dev_accuracy: float | None
    train_items: int
    dev_items: int
    data: str  # a checksum of the training and development items
    seconds: float
    device: str
    versions: dict[str, str]
    history: list[dict[str, Any]] = field(default_factory=list)
    skipped: int = 0
    dev_split: dict[str, Any] | None = None  # how the dev items were held out of the training corpus; None: given
    reused: bool = field(default=False, compare=False)  # loaded finished from its directory, not trained now
    skip_reasons: dict[str, int] = field(default_factory=dict)  # why the skipped items were left out, with counts

    @property
    def settings_signature(self) -> str:
        """The model and settings part of :attr:`signature`, without the seed and the data: what the runs of an
        experiment over seeds or corpora (a transfer matrix) share."""
        c = self.config
        steps = f"|max_steps:{c.max_steps}" if c.max_steps > 0 else ""  # it, not the epochs, decided the length
        return (f"model:{self.identity}|form:{c.form}|lr:{c.learning_rate:g}|ep:{c.epochs:g}{steps}|bs:{c.batch_size}"
                f"x{c.gradient_accumulation}|wd:{c.weight_decay:g}|warmup:{c.warmup_ratio:g}|len:{c.max_length}")

    @property
    def signature(self) -> str:
        return (f"train|{self.settings_signature}|seed:{self.config.seed}|data:{self.data}"
                f"|v:{self.versions.get('wino-toolkit', '?')}")

    def to_json(self) -> dict[str, Any]:
        return {"signature": self.signature, "model": self.model, "identity": self.identity,
                "config": dataclasses.asdict(self.config), "dev_accuracy": self.dev_accuracy,
                "train_items": self.train_items, "dev_items": self.dev_items, "data": self.data, "seconds": self.seconds,
                "device": self.device, "versions": self.versions, "skipped": self.skipped,
                "skip_reasons": self.skip_reasons, "dev_split": self.dev_split, "history": self.history}

    @classmethod
    def load(cls, directory: str | Path) -> Run:
        """A run from its directory (``run.json`` and ``model/``)."""
        directory = Path(directory)
        try:
            record = json.loads((directory / RUN_FILE).read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise WinoError(f"{directory}: not a finished run ({RUN_FILE}: {exc})") from None
        return cls(directory, record["model"], record["identity"], TrainConfig(**record["config"]), record["dev_accuracy"],
                   record["train_items"], record["dev_items"], record["data"], record["seconds"], record["device"],
                   record["versions"], record.get("history", []), record.get("skipped", 0), record.get("dev_split"),
                   reused=True, skip_reasons=record.get("skip_reasons", {}))

    @property
    def model_dir(self) -> Path:
        return self.directory / "model"

    def load_model(self, device: str | None = None) -> tuple[Any, Any]:
        """The fine-tuned model (in eval mode) and its tokenizer."""
        transformers = require("transformers", "neural", "Fine-tuning")
        auto = transformers.AutoModelForMultipleChoice if self.config.form == "mc" else transformers.AutoModelForSequenceClassification
        model = from_pretrained(auto, self.model_dir, what="fine-tuned model", complete=True)  # its head was trained: never a new one
        if device is not None or self.config.device != "auto":
            model = model.to(device or self.config.device)
        elif require("torch", "neural", "Fine-tuning").cuda.is_available():
            model = model.to("cuda")
        return model.eval(), from_pretrained(transformers.AutoTokenizer, self.model_dir, what="fine-tuned model")
