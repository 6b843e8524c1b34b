"""Fine-tuning an encoder on a corpus with the transformers ``Trainer``: a run directory that can be
resumed, early stopping on a development split, and a record of everything that produced it.

Multiple choice (the WinoGrande recipe, Sakaguchi et al. 2020): ``AutoModelForMultipleChoice`` gives
one score per filled sentence, a softmax over an item's candidates and cross-entropy against the
right one; items with fewer candidates than others in a batch get padding choices whose scores are
masked out, so any number of candidates works. NLI (``form="nli"``, WNLI style):
``AutoModelForSequenceClassification`` with two labels (not entailment, entailment) over each
candidate's pair; the item's choice is the candidate with the highest entailment log-odds.

Batches are padded to their own longest sequence (dynamic padding) and, by default, drawn by
length-grouped sampling, so few pad tokens are computed. The run directory holds ``model/`` (the best
checkpoint by development accuracy, with its tokenizer) and ``run.json`` (the settings, signature and
the training log). While it trains it also holds ``checkpoints/``, from which an interrupted run is
resumed with the same seed (the Trainer restores the optimizer, scheduler and RNG states). Each checkpoint
ends with ``wino-checkpoint.json``, written after the Trainer's own files: the settings, model (by content)
and data checksum of the run, which a resume must match, and every file's size, so a checkpoint cut short by
Ctrl-C, or damaged since, is skipped for the one before it. Checkpoints are deleted when the run finishes
(each is about three times the model's size: the weights and the optimizer's two moments) unless
``remove_checkpoints=False``. One process at a time trains in a directory (:mod:`wino_toolkit.locks`).
"""
from __future__ import annotations

import dataclasses
import json
import math
import platform
import shutil
import time
import warnings
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from wino_toolkit import launch
from wino_toolkit.errors import ParameterError, WinoError, WinoWarning
from wino_toolkit.extras import require
from wino_toolkit.forms import FormReport
from wino_toolkit.hub import from_pretrained
from wino_toolkit.io import atomic_output, text_writer
from wino_toolkit.locks import locks_directory
from wino_toolkit.schema import Item

from .examples import FORMS, Example, encode, examples

__all__ = ["TrainConfig", "Run", "fine_tune", "reuse_differences", "ChoiceCollator", "PRECISIONS", "BOOKKEEPING"]

RUN_FILE = "run.json"
#: written into each checkpoint after the rest of it: what made the run, each file's size (:func:`_checkpoint_marker`)
CHECKPOINT_MARK = "wino-checkpoint.json"
#: why an item without an answer is left out of training and of the development split
UNLABELED = "nothing to learn from or measure on"
PRECISIONS = ("auto", "fp32", "bf16", "fp16")


@dataclass(frozen=True)
class TrainConfig:
    """Every setting of a fine-tuning run (all recorded in ``run.json``).

    Defaults follow the WinoGrande paper's RoBERTa recipe where it gives one (learning rate 1e-5,
    batch 16, 3 epochs, warm-up over a tenth of the steps).
    """

    form: str = "mc"  # "mc" (multiple choice) or "nli" (sequence classification of NLI pairs)
    learning_rate: float = 1e-5
    epochs: float = 3.0
    batch_size: int = 16  # items (mc) or pairs (nli) per device step
    eval_batch_size: int = 64
    warmup_ratio: float = 0.1  # share of the steps over which the learning rate rises linearly from 0
    weight_decay: float = 0.01
    gradient_accumulation: int = 1
    max_length: int = 128  # tokens per choice
    seed: int = 0  # the new head's weights, dropout and the order of examples
    patience: int | None = 3  # early stopping: evaluations without a better dev accuracy; None: never stop early
    eval_steps: int | None = None  # evaluate (and checkpoint) every N steps; None: at the end of each epoch
    keep_checkpoints: int | None = 2  # the newest checkpoints kept while training (and the best); None: all
    remove_checkpoints: bool = True  # delete checkpoints/ once the run finishes (model/ and run.json stay)
    max_steps: int = -1  # stop after this many optimizer steps (a smoke run); -1: the epochs decide
    precision: str = "auto"  # auto: bf16 on a GPU that has it, fp16 on another GPU, fp32 on the CPU
    group_by_length: bool = True  # length-grouped batches (padding is always to the batch's longest)
    pad_to_max_length: bool = False  # pad every batch to max_length (only to measure what dynamic padding saves)
    device: str = "auto"  # auto (GPU when present) or cpu

    def __post_init__(self) -> None:
        if self.form not in FORMS:
            raise ParameterError(f"form {self.form!r} is not one of {', '.join(FORMS)}")
        if self.precision not in PRECISIONS:
            raise ParameterError(f"precision {self.precision!r} is not one of {', '.join(PRECISIONS)}")
        for name in ("learning_rate", "epochs", "batch_size", "eval_batch_size", "gradient_accumulation", "max_length"):
            if not 0 < getattr(self, name) < math.inf:
                raise ParameterError(f"{name} must be positive, not {getattr(self, name)!r}")
        if not 0 <= self.warmup_ratio < 1:
            raise ParameterError(f"warmup_ratio must be in [0, 1), not {self.warmup_ratio!r}")
        if not 0 <= self.weight_decay < math.inf:
            raise ParameterError(f"weight_decay must be at least 0, not {self.weight_decay!r}")
        if self.max_steps != -1 and not self.max_steps >= 1:
            raise ParameterError(f"max_steps must be at least 1 (or -1: the epochs decide), not {self.max_steps!r}")
        for name, low in (("patience", 0), ("eval_steps", 1), ("keep_checkpoints", 1)):
            if getattr(self, name) is not None and not getattr(self, name) >= low:
                raise ParameterError(f"{name} must be at least {low} (or None), not {getattr(self, name)!r}")
        if not self.seed >= 0:
            raise ParameterError(f"seed must be at least 0, not {self.seed!r}")

    def replace(self, **changes: Any) -> TrainConfig:
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ParameterError(f"unknown training setting(s): {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)


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
        elif _torch().cuda.is_available():
            model = model.to("cuda")
        return model.eval(), from_pretrained(transformers.AutoTokenizer, self.model_dir, what="fine-tuned model")


def _torch() -> Any:
    return require("torch", "neural", "Fine-tuning")


class ChoiceCollator:
    """Pads a batch of examples to ``(examples, most choices, longest sequence)`` tensors (or to
    ``max_length`` when asked), with a ``choice_mask`` marking real choices, and ``labels``."""

    def __init__(self, pad_id: int, max_length: int | None = None):
        self.pad_id, self.max_length = pad_id, max_length

    def __call__(self, features: Sequence[dict[str, Any]]) -> dict[str, Any]:
        torch = _torch()
        choices = max(len(f["input_ids"]) for f in features)
        width = self.max_length or max(len(seq) for f in features for seq in f["input_ids"])
        ids = torch.full((len(features), choices, width), self.pad_id, dtype=torch.long)
        mask = torch.zeros((len(features), choices, width), dtype=torch.long)
        real = torch.zeros((len(features), choices), dtype=torch.bool)
        for i, f in enumerate(features):
            for j, seq in enumerate(f["input_ids"]):
                ids[i, j, : len(seq)] = torch.tensor(seq, dtype=torch.long)
                mask[i, j, : len(seq)] = 1
                real[i, j] = True
        batch = {"input_ids": ids, "attention_mask": mask, "choice_mask": real}
        if features[0].get("label") is not None:
            batch["labels"] = torch.tensor([f["label"] for f in features], dtype=torch.long)
        if "index" in features[0]:  # the row's place in its dataset: evaluation batches come length-grouped
            batch["index"] = torch.tensor([f["index"] for f in features], dtype=torch.long)
        return batch


def _pairs_collator(pad_id: int, max_length: int | None) -> Callable[[Sequence[dict[str, Any]]], dict[str, Any]]:
    """For the NLI form: each pair is its own example (a single choice), labelled entailment or not."""
    inner = ChoiceCollator(pad_id, max_length)

    def collate(features: Sequence[dict[str, Any]]) -> dict[str, Any]:
        batch = inner([{**f, "input_ids": [f["input_ids"]]} for f in features])
        batch.pop("choice_mask")
        return {**batch, "input_ids": batch["input_ids"][:, 0], "attention_mask": batch["attention_mask"][:, 0]}

    return collate


def _rows(found: Sequence[Example], tokenizer: Any, config: TrainConfig) -> list[dict[str, Any]]:
    """Dataset rows: per item (mc) or per candidate pair (nli), with the ``length`` the sampler groups by."""
    ids = encode(found, tokenizer, config.max_length)
    if config.form == "mc":
        rows = [{"input_ids": choice_ids, "label": e.label, "length": max(map(len, choice_ids)) * len(choice_ids)}
                for e, choice_ids in zip(found, ids)]
    else:
        rows = [{"input_ids": pair, "label": None if e.label is None else int(k == e.label), "length": len(pair)}
                for e, choice_ids in zip(found, ids) for k, pair in enumerate(choice_ids)]
    return [{**row, "index": i} for i, row in enumerate(rows)]


def _item_accuracy(found: Sequence[Example], logits: Any, index: Any, form: str) -> float:
    """Accuracy over items from the model's outputs in batch order, ``index`` giving each output's
    dataset row (mc: a row per item; nli: a row per pair)."""
    import numpy as np

    outputs = np.asarray(logits, dtype=float)
    logits = np.empty_like(outputs)
    logits[np.asarray(index, dtype=int)] = outputs
    right, k = 0, 0
    for i, e in enumerate(found):
        n = len(e.texts)
        if form == "mc":
            scores = logits[i, :n]
        else:
            scores = logits[k : k + n, 1] - logits[k : k + n, 0]
            k += n
        right += int(np.argmax(scores)) == e.label
    return right / max(len(found), 1)


def _trainer_class() -> Any:
    transformers = require("transformers", "neural", "Fine-tuning")
    torch = _torch()

    class ChoiceTrainer(transformers.Trainer):
        """The Trainer with padding choices masked out of the softmax (multiple choice), and the loss
        averaged per batch (so gradient accumulation divides it, as for any model without loss kwargs)."""

        def __init__(self, *args: Any, **kwargs: Any):
            super().__init__(*args, **kwargs)
            self.model_accepts_loss_kwargs = False

        def compute_loss(self, model: Any, inputs: dict[str, Any], return_outputs: bool = False,
                         num_items_in_batch: Any = None) -> Any:
            labels = inputs.pop("labels")
            inputs.pop("index", None)
            real = inputs.pop("choice_mask", None)
            logits = model(**inputs).logits
            if real is not None:
                logits = logits.masked_fill(~real, torch.finfo(logits.dtype).min)
            loss = torch.nn.functional.cross_entropy(logits.float(), labels)
            return (loss, {"logits": logits}) if return_outputs else loss

    return ChoiceTrainer


def _arguments(config: TrainConfig, output: Path, has_dev: bool) -> Any:
    """``TrainingArguments`` for ``config``, spelt for the installed transformers (4.40 to 5)."""
    transformers = require("transformers", "neural", "Fine-tuning")
    torch = _torch()
    fields = transformers.TrainingArguments.__dataclass_fields__
    gpu = (config.device == "auto" or torch.device(config.device).type == "cuda") and torch.cuda.is_available()  # "cpu:0" too
    precision = config.precision
    if precision == "auto":
        precision = ("bf16" if torch.cuda.is_bf16_supported() else "fp16") if gpu else "fp32"
    strategy = "steps" if config.eval_steps else "epoch"
    kwargs: dict[str, Any] = dict(
        output_dir=str(output), learning_rate=config.learning_rate, num_train_epochs=config.epochs,
        max_steps=config.max_steps, per_device_train_batch_size=config.batch_size,
        per_device_eval_batch_size=config.eval_batch_size, gradient_accumulation_steps=config.gradient_accumulation,
        weight_decay=config.weight_decay, lr_scheduler_type="linear", seed=config.seed, data_seed=config.seed,
        bf16=precision == "bf16", fp16=precision == "fp16", use_cpu=not gpu,
        eval_strategy=strategy if has_dev else "no", save_strategy=strategy, logging_strategy=strategy,
        eval_steps=config.eval_steps, save_steps=config.eval_steps, logging_steps=config.eval_steps,
        load_best_model_at_end=has_dev, metric_for_best_model="accuracy" if has_dev else None, greater_is_better=True,
        save_total_limit=config.keep_checkpoints, remove_unused_columns=False, report_to="none", disable_tqdm=True,
        dataloader_num_workers=0, length_column_name="length", label_names=["labels", "index"])
    if "warmup_ratio" in fields:  # transformers 4: a ratio of its own; 5: a float warmup_steps is a ratio
        kwargs["warmup_ratio"] = config.warmup_ratio
    else:
        kwargs["warmup_steps"] = float(config.warmup_ratio)
    if "train_sampling_strategy" in fields:
        kwargs["train_sampling_strategy"] = "group_by_length" if config.group_by_length else "random"
    else:
        kwargs["group_by_length"] = config.group_by_length
    return transformers.TrainingArguments(**kwargs)


def _progress_callback(progress: Callable[[int, int], None]) -> Any:
    """A TrainerCallback calling ``progress(step, total steps)`` after each optimizer step."""
    transformers = require("transformers", "neural", "Fine-tuning")

    class Callback(transformers.TrainerCallback):
        def on_step_end(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            progress(state.global_step, state.max_steps)

    return Callback()


def _versions() -> dict[str, str]:
    import importlib.metadata as md

    from wino_toolkit._version import __version__

    out = {"wino-toolkit": __version__, "python": platform.python_version()}
    for name in ("torch", "transformers", "accelerate", "datasets"):
        try:
            out[name] = md.version(name)
        except md.PackageNotFoundError:
            pass
    return out


def _training_data(items: Iterable[Item], dev: Iterable[Item] | None, dev_fraction: float, seed: int,
                   report: FormReport) -> tuple[list[Item], list[Item], dict[str, Any] | None]:
    """The labeled training and development items a run uses, and how the dev items were held out (None: given)."""
    items = list(report.labeled(items, UNLABELED))
    held_out = None
    if dev is None:
        from .splits import split

        parts = split(items, dev=dev_fraction, seed=seed)
        items, dev = parts["train"], parts["dev"]
        held_out = {"fraction": dev_fraction, "seed": seed}
    return items, list(report.labeled(dev, UNLABELED)), held_out


#: settings that change what is kept on disk or how fast the dev split is scored, never the trained weights
BOOKKEEPING = ("keep_checkpoints", "remove_checkpoints", "eval_batch_size")


def _record(model: str, identity: str, config: TrainConfig, data: str, counts: tuple[int, int]) -> dict[str, Any]:
    """What made a run, as its checkpoints record it: the model (name and identity), settings and data."""
    return {"model": model, "identity": identity, "config": dataclasses.asdict(config), "data": data,
            "items": list(counts)}


def _differences(found: dict[str, Any], wanted: dict[str, Any]) -> list[str]:
    """``"learning_rate 2e-05, not 1e-05"``, one phrase per setting, the model or the data (its checksum) that
    differ between two :func:`_record` s; :data:`BOOKKEEPING` is not compared."""
    old, new = found["config"], wanted["config"]
    differences = [f"{name} {old.get(name)!r}, not {new[name]!r}" for name in new
                   if name not in BOOKKEEPING and old.get(name) != new[name]]
    # a directory is named by its content (the path may be spelled otherwise); a hub name by itself
    if Path(wanted["model"]).is_dir() and wanted["identity"] != found["identity"]:
        differences.append(f"model {found['identity']}, not {wanted['identity']} ({wanted['model']})")
    elif not Path(wanted["model"]).is_dir() and wanted["model"] != found["model"]:
        differences.append(f"model {found['model']}, not {wanted['model']}")
    if wanted["data"] != found["data"]:
        train, dev = wanted["items"]
        differences.append(f"other data (checksum {found['data']}, not {wanted['data']}: {train} training and "
                           f"{dev} dev items now)")
    return differences


def reuse_differences(run: Run, items: Iterable[Item], *, model: str, dev: Iterable[Item] | None = None,
                      dev_fraction: float = 0.1, config: TrainConfig | None = None) -> list[str]:
    """How the finished ``run`` differs from what :func:`fine_tune` would record for these arguments:
    ``"learning_rate 2e-05, not 1e-05"``, one phrase per differing setting, the model, or the data
    (its checksum); empty when the run can stand in for training again. :data:`BOOKKEEPING` is not compared."""
    from wino_toolkit.eval.api import items_checksum
    from wino_toolkit.eval.models import model_identity

    config = config or TrainConfig()
    train, dev_items, _ = _training_data(items, dev, dev_fraction, config.seed, FormReport())
    wanted = _record(model, model_identity(model, None), config, items_checksum([*train, *dev_items]),
                     (len(train), len(dev_items)))
    found = _record(run.model, run.identity, run.config, run.data, (run.train_items, run.dev_items))
    return _differences(found, wanted)


def _checkpoint_marker(record: dict[str, Any]) -> Any:
    """A TrainerCallback that writes :data:`CHECKPOINT_MARK` into each checkpoint once the Trainer has saved all of
    it: what made the run (``record``) and the size of every file, so a checkpoint cut short (Ctrl-C while it was
    written) or damaged since is told from a complete one."""
    transformers = require("transformers", "neural", "Fine-tuning")

    class MarkComplete(transformers.TrainerCallback):
        def on_save(self, args: Any, state: Any, control: Any, **kwargs: Any) -> None:
            if not state.is_world_process_zero:  # the main process saves the checkpoint, and marks it
                return
            folder = Path(args.output_dir) / f"checkpoint-{state.global_step}"
            files = {str(p.relative_to(folder)): p.stat().st_size for p in sorted(folder.rglob("*"))
                     if p.is_file() and p.name != CHECKPOINT_MARK}
            with atomic_output(folder / CHECKPOINT_MARK) as fh, text_writer(fh) as w:
                w.write(json.dumps({"run": record, "files": files}, indent=1) + "\n")

    return MarkComplete()


def _complete(folder: Path) -> tuple[dict[str, Any] | None, str]:
    """The run record of a complete checkpoint, or None and why it is not one."""
    try:
        mark = json.loads((folder / CHECKPOINT_MARK).read_text(encoding="utf-8"))
        record, files = mark["run"], mark["files"]
    except FileNotFoundError:
        return None, "cut short while it was saved"
    except (OSError, ValueError, KeyError, TypeError) as exc:
        return None, f"its {CHECKPOINT_MARK} cannot be read: {exc}"
    for name, size in files.items():
        path = folder / name
        if not path.is_file():
            return None, f"{name} is missing"
        if path.stat().st_size != size:
            return None, f"{name} has {path.stat().st_size} bytes, not the {size} it was saved with"
    return record, ""


def _resume_point(checkpoints: Path) -> tuple[Path, dict[str, Any]] | None:
    """The newest complete checkpoint and its run record; each newer incomplete one is skipped with a note."""
    steps = [p for p in checkpoints.glob("checkpoint-*") if p.is_dir() and p.name.split("-", 1)[1].isdigit()]
    for folder in sorted(steps, key=lambda p: int(p.name.split("-", 1)[1]), reverse=True):
        record, why = _complete(folder)
        if record is not None:
            return folder, record
        if launch.is_main():  # one note, not one per process of a launch
            warnings.warn(f"{folder}: not a complete checkpoint ({why}): skipped", WinoWarning, stacklevel=3)
    return None


@locks_directory("output_dir", what="fine-tuning")
def fine_tune(items: Iterable[Item], *, model: str, output_dir: str | Path, dev: Iterable[Item] | None = None,
              dev_fraction: float = 0.1, config: TrainConfig | None = None, resume: bool = False,
              progress: Callable[[int, int], None] | None = None, **hparams: Any) -> Run:
    """Fine-tune ``model`` (hub name or path) on ``items``; returns the :class:`Run` saved in ``output_dir``.

    ``dev`` is the development split early stopping and the best checkpoint are chosen on; without
    it a twin-safe ``dev_fraction`` of ``items`` is held out (seeded by ``config.seed``). ``hparams``
    override fields of ``config`` (``learning_rate=2e-5``). With ``resume``, training continues
    from the newest complete checkpoint in ``output_dir`` and ends with the weights an uninterrupted run with
    the same seed would have; a newer checkpoint cut short (Ctrl-C while it was saved) is skipped with a
    :class:`WinoWarning`, and with none complete the run starts over, with a note.

    Raises
    ------
    WinoError
        No labeled item the form can make, a model that cannot be loaded, ``output_dir`` holding a
        finished run, or checkpoints of an unfinished one without ``resume``, or made with other settings, another
        model or other data than these (with ``resume``; one line naming each difference), or in use by another process.
    """
    transformers = require("transformers", "neural", "Fine-tuning")
    datasets = require("datasets", "neural", "Fine-tuning")
    config = (config or TrainConfig()).replace(**hparams)
    output = Path(output_dir)
    report = FormReport()
    items, dev, held_out = _training_data(items, dev, dev_fraction, config.seed, report)
    train_found, dev_found = examples(items, config.form, report), examples(dev, config.form, report)
    if not train_found:
        from wino_toolkit.console import skip_summary

        raise WinoError(skip_summary((s.reason for s in report.skipped), f"nothing to train on: the {config.form} form "
                                     "makes no labeled item; {n} skipped", one_line=True))
    checkpoints = output / "checkpoints"
    if (output / RUN_FILE).is_file():  # its checkpoints are gone: training again would silently replace it
        raise WinoError(f"{output} holds a finished run ({RUN_FILE}): choose another directory, or remove it to train again")
    if checkpoints.exists() and any(checkpoints.glob("checkpoint-*")) and not resume:
        raise WinoError(f"{output} already holds checkpoints of an unfinished run: continue it with --resume "
                        "(resume=True), or choose another directory")
    from wino_toolkit.eval.api import items_checksum
    from wino_toolkit.eval.models import model_identity

    record = _record(model, model_identity(model, None), config, items_checksum([*items, *dev]), (len(items), len(dev)))
    start_from = _resume_point(checkpoints) if resume and checkpoints.is_dir() else None
    if start_from is not None:  # the optimizer, scheduler and split resumed must be the ones these settings make
        differences = _differences(start_from[1], record)
        if differences:
            raise WinoError(f"{output} holds an unfinished run trained with {'; '.join(differences)}: resume it with "
                            "its own settings, or choose another directory")
    elif resume and any(checkpoints.glob("checkpoint-*")) and launch.is_main():
        warnings.warn(f"{checkpoints}: no complete checkpoint to resume from: training from the start", WinoWarning,
                      stacklevel=3)
    auto = transformers.AutoModelForMultipleChoice if config.form == "mc" else transformers.AutoModelForSequenceClassification
    tokenizer = from_pretrained(transformers.AutoTokenizer, model, what="encoder")
    transformers.set_seed(config.seed)  # the new head's initial weights
    network = from_pretrained(auto, model, what="encoder", **({"num_labels": 2} if config.form == "nli" else {}))
    pad = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
    width = config.max_length if config.pad_to_max_length else None
    collate = ChoiceCollator(pad, width) if config.form == "mc" else _pairs_collator(pad, width)
    train_set = datasets.Dataset.from_list(_rows(train_found, tokenizer, config))
    dev_set = datasets.Dataset.from_list(_rows(dev_found, tokenizer, config)) if dev_found else None

    def metrics(prediction: Any) -> dict[str, float]:
        logits = prediction.predictions[0] if isinstance(prediction.predictions, tuple) else prediction.predictions
        _, index = prediction.label_ids
        return {"accuracy": _item_accuracy(dev_found, logits, index, config.form)}

    callbacks = [_checkpoint_marker(record)] + ([_progress_callback(progress)] if progress else [])
    if dev_set is not None and config.patience:
        callbacks.append(transformers.EarlyStoppingCallback(early_stopping_patience=config.patience))
    trainer = _trainer_class()(model=network, args=_arguments(config, checkpoints, dev_set is not None),
                               train_dataset=train_set, eval_dataset=dev_set, data_collator=collate,
                               compute_metrics=metrics if dev_set is not None else None, callbacks=callbacks)
    # the Trainer prints each log line to stdout (PrinterCallback) or draws tqdm bars: a library does neither,
    # and stdout may be a JSON document (``wino train --json``); ``progress`` and ``run.history`` carry it all
    for noisy in (transformers.PrinterCallback, transformers.ProgressCallback):
        trainer.remove_callback(noisy)
    start = time.perf_counter()
    trainer.train(resume_from_checkpoint=None if start_from is None else str(start_from[0]))
    seconds = time.perf_counter() - start
    accuracy = trainer.evaluate()["eval_accuracy"] if dev_set is not None else None
    trainer.save_model(str(output / "model"))  # every process calls it (DDP); the main one writes
    main = trainer.is_world_process_zero()
    if main:
        tokenizer.save_pretrained(output / "model")
    device = str(next(trainer.model.parameters()).device)
    run = Run(output, model, model_identity(model, network), config, accuracy, len(train_found), len(dev_found),
              record["data"], round(seconds, 3), device, _versions(), trainer.state.log_history,
              len(report.skipped), held_out, skip_reasons=dict(report.reasons().most_common()))
    if main:  # under torchrun / accelerate launch the other processes trained the same model, and write nothing
        # written atomically: its presence marks a finished run (an interrupted one is resumed instead)
        with atomic_output(output / RUN_FILE) as fh, text_writer(fh) as w:
            w.write(json.dumps(run.to_json(), indent=1) + "\n")
        if config.remove_checkpoints and checkpoints.exists():  # of use only to --resume
            shutil.rmtree(checkpoints)
    trainer.accelerator.wait_for_everyone()  # no process goes on (to load the run) before it is written
    return run
