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

import json
import platform
import shutil
import time
import warnings
from pathlib import Path
from typing import Any, Callable, Iterable

from wino_toolkit import launch
from wino_toolkit.errors import WinoError, WinoWarning
from wino_toolkit.extras import require
from wino_toolkit.fingerprint import identify, items_checksum, model_identity
from wino_toolkit.forms import FormReport
from wino_toolkit.hub import from_pretrained
from wino_toolkit.io import atomic_output, text_writer
from wino_toolkit.locks import locks_directory
from wino_toolkit.schema import Item

from .batches import ChoiceCollator, dataset_rows, item_accuracy, pairs_collator
from .checkpoints import checkpoint_marker, record_differences, resume_point, run_record
from .config import TrainConfig
from .examples import examples
from .run import RUN_FILE, Run

__all__ = ["fine_tune", "reuse_differences"]

#: why an item without an answer is left out of training and of the development split
UNLABELED = "nothing to learn from or measure on"


def _trainer_class() -> Any:
    transformers = require("transformers", "neural", "Fine-tuning")
    torch = require("torch", "neural", "Fine-tuning")

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
    torch = require("torch", "neural", "Fine-tuning")
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
        from wino_toolkit.splits import split

        parts = split(items, dev=dev_fraction, seed=seed)
        items, dev = parts["train"], parts["dev"]
        held_out = {"fraction": dev_fraction, "seed": seed}
    return items, list(report.labeled(dev, UNLABELED)), held_out



def reuse_differences(run: Run, items: Iterable[Item], *, model: str, dev: Iterable[Item] | None = None,
                      dev_fraction: float = 0.1, config: TrainConfig | None = None) -> list[str]:
    """How the finished ``run`` differs from what :func:`fine_tune` would record for these arguments:
    ``"learning_rate 2e-05, not 1e-05"``, one phrase per differing setting, the model, or the data
    (its checksum); empty when the run can stand in for training again. :data:`BOOKKEEPING` is not compared."""
    config = config or TrainConfig()
    train, dev_items, _ = _training_data(items, dev, dev_fraction, config.seed, FormReport())
    wanted = run_record(model, identify(model), config, items_checksum([*train, *dev_items]),
                     (len(train), len(dev_items)))
    found = run_record(run.model, run.identity, run.config, run.data, (run.train_items, run.dev_items))
    return record_differences(found, wanted)



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
    record = run_record(model, identify(model), config, items_checksum([*items, *dev]), (len(items), len(dev)))
    start_from = resume_point(checkpoints) if resume and checkpoints.is_dir() else None
    if start_from is not None:  # the optimizer, scheduler and split resumed must be the ones these settings make
        differences = record_differences(start_from[1], record)
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
    collate = ChoiceCollator(pad, width) if config.form == "mc" else pairs_collator(pad, width)
    train_set = datasets.Dataset.from_list(dataset_rows(train_found, tokenizer, config))
    dev_set = datasets.Dataset.from_list(dataset_rows(dev_found, tokenizer, config)) if dev_found else None

    def metrics(prediction: Any) -> dict[str, float]:
        logits = prediction.predictions[0] if isinstance(prediction.predictions, tuple) else prediction.predictions
        _, index = prediction.label_ids
        return {"accuracy": item_accuracy(dev_found, logits, index, config.form)}

    callbacks = [checkpoint_marker(record)] + ([_progress_callback(progress)] if progress else [])
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
