"""Exports for the wider ecosystem: flat pandas-friendly records and Hugging Face ``datasets``."""
from __future__ import annotations

import json
from typing import Any, Iterable

from .errors import MissingDependencyError
from .schema import Item

__all__ = ["to_records", "to_pandas", "to_hf_dataset"]

CANDIDATE_COLUMNS = 5  # candidate columns to_records always has (more when an item has more candidates)


def to_records(items: Iterable[Item]) -> list[dict[str, Any]]:
    """One flat dict per item: scalar columns only, so ``pandas.DataFrame(records)`` just works.

    Candidates become ``candidate_1`` … ``candidate_N`` (``None`` when absent), N being
    :data:`CANDIDATE_COLUMNS` or the most candidates any item has, so every row has the same
    columns; spans become ``*_start``/``*_end`` columns, and knowledge and meta are JSON strings.
    """
    items = list(items)
    width = max([CANDIDATE_COLUMNS, *(len(item.candidates) for item in items)])
    rows = []
    for item in items:
        row: dict[str, Any] = {
            "id": item.id,
            "corpus": item.corpus,
            "split": item.split,
            "language": item.language,
            "text": item.text,
            "pronoun": None if item.pronoun is None else item.pronoun.text,
            "pronoun_start": None if item.pronoun is None else item.pronoun.start,
            "pronoun_end": None if item.pronoun is None else item.pronoun.end,
            "n_candidates": len(item.candidates),
        }
        for k in range(width):
            cand = item.candidates[k] if k < len(item.candidates) else None
            row[f"candidate_{k + 1}"] = None if cand is None else cand.text
            row[f"candidate_{k + 1}_start"] = None if cand is None or cand.span is None else cand.span.start
        row.update(
            answer=item.answer,
            answer_text=None if item.answer is None else item.candidates[item.answer].text,
            question=item.question,
            twin=item.twin,
            role=item.role,
            triggers=" | ".join(item.triggers),
            knowledge=json.dumps([[k.text, k.label, k.formula] for k in item.knowledge], ensure_ascii=False),
            meta=json.dumps(item.meta, ensure_ascii=False, sort_keys=True),
        )
        rows.append(row)
    return rows


def to_pandas(items: Iterable[Item]):
    """A ``pandas.DataFrame`` of :func:`to_records`; offsets and the answer are nullable ``Int64``
    columns, so a missing span stays ``<NA>`` instead of turning every offset into a float."""
    try:
        import pandas as pd
    except ImportError:
        raise MissingDependencyError("to_pandas needs pandas: pip install 'wino-toolkit[all]'") from None
    frame = pd.DataFrame(to_records(items))
    integers = [c for c in frame.columns if c.endswith(("_start", "_end")) or c in ("answer", "n_candidates")]
    return frame.astype({c: "Int64" for c in integers})


def to_hf_dataset(items: Iterable[Item]):
    """A ``datasets.Dataset`` with the native (nested) structure, or a ``DatasetDict`` keyed by
    split when the items have splits (items without one go under ``"unsplit"``). ``meta`` is kept
    as a JSON string because its keys differ between corpora and Arrow needs one type per column."""
    try:
        import datasets
    except ImportError:
        raise MissingDependencyError("to_hf_dataset needs datasets: pip install 'wino-toolkit[hf]'") from None
    span = {"start": datasets.Value("int32"), "end": datasets.Value("int32"), "text": datasets.Value("string")}
    features = datasets.Features(
        {
            "id": datasets.Value("string"),
            "corpus": datasets.Value("string"),
            "split": datasets.Value("string"),
            "language": datasets.Value("string"),
            "text": datasets.Value("string"),
            "pronoun": span,
            "candidates": datasets.List({"text": datasets.Value("string"), "span": span}),
            "answer": datasets.Value("int32"),
            "question": datasets.Value("string"),
            "twin": datasets.Value("string"),
            "role": datasets.Value("string"),
            "triggers": datasets.List(datasets.Value("string")),
            "knowledge": datasets.List(
                {"text": datasets.Value("string"), "label": datasets.Value("bool"), "formula": datasets.Value("string")}
            ),
            "meta": datasets.Value("string"),
        }
    )

    def span_dict(s):
        return None if s is None else {"start": s.start, "end": s.end, "text": s.text}

    columns: dict[str, list] = {name: [] for name in features}
    for item in items:
        columns["id"].append(item.id)
        columns["corpus"].append(item.corpus)
        columns["split"].append(item.split)
        columns["language"].append(item.language)
        columns["text"].append(item.text)
        columns["pronoun"].append(span_dict(item.pronoun))
        columns["candidates"].append([{"text": c.text, "span": span_dict(c.span)} for c in item.candidates])
        columns["answer"].append(item.answer)
        columns["question"].append(item.question)
        columns["twin"].append(item.twin)
        columns["role"].append(item.role)
        columns["triggers"].append(list(item.triggers))
        columns["knowledge"].append([{"text": k.text, "label": k.label, "formula": k.formula} for k in item.knowledge])
        columns["meta"].append(json.dumps(item.meta, ensure_ascii=False, sort_keys=True))
    splits = columns["split"]
    if not any(split is not None for split in splits):
        return datasets.Dataset.from_dict(columns, features=features)
    rows: dict[str, list[int]] = {}
    for k, split in enumerate(splits):
        rows.setdefault(split if split is not None else UNSPLIT, []).append(k)
    return datasets.DatasetDict(
        {
            name: datasets.Dataset.from_dict({c: [values[k] for k in ks] for c, values in columns.items()}, features=features)
            for name, ks in rows.items()
        }
    )


UNSPLIT = "unsplit"  # the DatasetDict key of items without a split among items with one
