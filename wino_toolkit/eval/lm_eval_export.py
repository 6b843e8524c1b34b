"""An lm-evaluation-harness task folder that reproduces ``wino eval lm --method partial`` item for item.

One task per corpus and language (``wino_<corpus>_<language>``): a YAML, its data as JSON Lines, and
the shared ``utils.py``; plus a group YAML naming them all. Run it as it is::

    lm_eval --model hf --model_args pretrained=gpt2 --include_path DIR --tasks wino_<name>

Each data line holds the requests our scorer makes, one ``(contexts[i], continuations[i])`` pair per
candidate (the sentence up to the end of the candidate's word, possessive ending included, from the
disambiguated form; the rest as written, with a leading space where the text has one and none before
punctuation), and the gold index: context and continuation together are the filled sentence. The rest
is not always shared: the form makes it agree with the candidate ("the customer was" / "the tellers
were"), so WinoGrande's multiple-input mode, whose one ``doc_to_target`` follows every context, would
score another string than ours. The tasks therefore name ``utils.PerCandidateTask`` as their ``class``:
lm-eval's own multiple-choice task in multiple-input mode (``doc_to_text`` gives the gold index,
``doc_to_choice`` the contexts, ``target_delimiter`` is empty) whose requests take each candidate's own
continuation, so lm-eval scores exactly our strings with its own ``_encode_pair``, the tokenization our
scorer follows. Items the partial method cannot score (see :func:`~.score.requests_for`) are left out
with the reason, as ``wino eval lm`` leaves them out.

One lm-eval behaviour we cannot export around: with its logits cache (on by default for causal HF
models) two requests whose whole text is the same but cut elsewhere ("...a nova" + " casa na
quinta-feira." in the Portuguese WSC, "...a nova casa" + " na quinta-feira." in PWS) share one
forward pass, and the shorter continuation is scored at the longer one's first positions. The export
names such items (:attr:`LmEvalExport.split_repeats`); ``--model_args ...,logits_cache=False`` scores
them right.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from wino_toolkit.errors import OutputError, WinoError
from wino_toolkit.forms import FormReport
from wino_toolkit.io import atomic_output, text_writer
from wino_toolkit.schema import Item

from .score import requests_for

__all__ = ["export_lm_eval", "LmEvalExport", "UTILS"]

UTILS = '''"""Written by wino-toolkit (wino export lm-eval): the partial method's requests, precomputed per item."""
from lm_eval.api.task import ConfigurableTask


class PerCandidateTask(ConfigurableTask):
    """Multiple-input multiple choice whose candidates each have their own continuation: request i scores
    doc["continuations"][i] after context i (WinoGrande's mode scores one shared continuation)."""

    def __init__(self, config=None):
        super().__init__(config={key: value for key, value in (config or {}).items() if key != "class"})

    def construct_requests(self, doc, ctx, **kwargs):
        requests = super().construct_requests(doc, ctx, **kwargs)
        if len(requests) != len(doc["continuations"]):
            raise ValueError(f"item {doc['id']}: {len(requests)} requests for {len(doc['continuations'])} continuations")
        for request, continuation in zip(requests, doc["continuations"]):
            request.arguments = (request.arguments[0], continuation, *request.arguments[2:])
        return requests


def doc_to_text(doc):
    return doc["label"]


def doc_to_choice(doc):
    return doc["contexts"]


def doc_to_target(doc):
    return doc["continuations"][doc["label"]]
'''

TASK = """task: {task}
class: !function utils.PerCandidateTask
dataset_path: json
dataset_kwargs:
  data_files:
    test: {data}
test_split: test
output_type: multiple_choice
doc_to_text: !function utils.doc_to_text
doc_to_choice: !function utils.doc_to_choice
doc_to_target: !function utils.doc_to_target
target_delimiter: ""
metric_list:
  - metric: acc
    aggregation: mean
    higher_is_better: true
metadata:
  version: 1.0
  exported_by: {signature}
"""


@dataclass
class LmEvalExport:
    """What :func:`export_lm_eval` wrote: the files, the items left out with the reason, and the ids of
    items whose request repeats another's whole text cut elsewhere (lm-eval's logits cache misscores one)."""

    files: list[Path]
    report: FormReport
    split_repeats: list[str]


def _split_repeats(rows: Iterable[dict]) -> list[str]:
    """Ids of rows with a request whose ``context + continuation`` another request also has, cut elsewhere."""
    cuts: dict[str, dict[str, list[str]]] = {}
    for row in rows:
        for context, continuation in zip(row["contexts"], row["continuations"]):
            cuts.setdefault(context + continuation, {}).setdefault(context, []).append(row["id"])
    return sorted({id_ for by_cut in cuts.values() if len(by_cut) > 1 for ids in by_cut.values() for id_ in ids})


def _task_name(corpus: str, language: str) -> str:
    return "wino_" + re.sub(r"[^a-z0-9]+", "_", f"{corpus}_{language}".lower()).strip("_")


def export_lm_eval(items: Iterable[Item], out_dir: str | Path, *, name: str = "corpus", fewshot: Any = None) -> LmEvalExport:
    """Write the task folder; returns the files written, the items left out with the reason (no answer,
    no form) and those lm-eval's logits cache would misscore. Nothing to export is an error, and then
    nothing is written.

    ``fewshot`` (:class:`~.fewshot.FewShot`): each item's shots are written into its contexts, exactly those
    ``wino eval lm --num-fewshot`` draws (never from the item's own schema, which lm-eval's own sampler does
    not guard), with their ids in ``fewshot_ids``; lm-eval then runs the tasks zero-shot."""
    from wino_toolkit._version import __version__

    out = Path(out_dir)
    if out.exists() and not out.is_dir():
        raise OutputError(out, "exists and is not a directory")
    report = FormReport()
    labeled = list(report.labeled(items, "no gold index for lm-eval's accuracy"))
    tasks: dict[str, list[dict]] = {}
    for item, requests in requests_for(labeled, "partial", report):
        prefix, shots = fewshot.for_item(item) if fewshot is not None else ("", None)
        tasks.setdefault(_task_name(item.corpus, item.language), []).append(
            {"id": item.id, "contexts": [prefix + r.context for r in requests],
             "continuations": [r.continuation for r in requests], "label": item.answer,
             **({"fewshot_ids": shots} if shots is not None else {})})
    if not tasks:  # fail before the folder exists: a group of no task is no export
        from wino_toolkit.console import skip_summary

        raise WinoError(skip_summary((s.reason for s in report.skipped), "nothing to export: all {n} items were skipped",
                                     one_line=True))
    out.mkdir(parents=True, exist_ok=True)
    written = []
    shots = f", {fewshot.k} shots (seed {fewshot.seed}) in the contexts: run it zero-shot" if fewshot is not None else ""
    signature = json.dumps(f"wino-toolkit {__version__}, partial method{shots}")
    for task, rows in sorted(tasks.items()):
        data = out / f"{task}.jsonl"
        with atomic_output(data) as fh, text_writer(fh) as w:
            w.writelines(json.dumps(row, ensure_ascii=False) + "\n" for row in rows)
        with atomic_output(out / f"{task}.yaml") as fh, text_writer(fh) as w:
            w.write(TASK.format(task=task, data=json.dumps(str(data.resolve())), signature=signature))
        written += [data, out / f"{task}.yaml"]
    group = _task_name(name, "all")
    with atomic_output(out / f"{group}.yaml") as fh, text_writer(fh) as w:
        w.write(f"group: {group}\ntask:\n" + "".join(f"  - {t}\n" for t in sorted(tasks))
                + "aggregate_metric_list:\n  - metric: acc\n    aggregation: mean\n    weight_by_size: true\nmetadata:\n  version: 1.0\n")
    with atomic_output(out / "utils.py") as fh, text_writer(fh) as w:
        w.write(UTILS)
    return LmEvalExport(written + [out / f"{group}.yaml", out / "utils.py"], report,
                        _split_repeats(row for rows in tasks.values() for row in rows))
