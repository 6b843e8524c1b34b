"""WinoGrande JSON Lines, with the optional ``*-labels.lst`` beside it.

One line per item, the blank written ``_`` (exactly one: no option could fill two); ``qID`` is
``<HIT id>-1|2`` and the two versions of a schema share the HIT id. ``answer`` is ``"1"``/``"2"``
and absent in the unlabeled test split; these five fields are JSON strings::

    {"qID": "3XQ9-1", "sentence": "Ann lent Liz a pen because _ had two.", "option1": "Ann", "option2": "Liz", "answer": "1"}

Empty lines at the end of the file are kept (the last item counts them) and written back, and so are
``\\r\\n`` line ends (a file saved on Windows: the first item notes them), so that reading then writing
gives the same bytes.
``dev.jsonl`` is read with ``dev-labels.lst`` (one label a line, in file order) when that file
exists; labels must agree with the ``answer`` fields or fill them in when they are absent.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, register_format
from wino_toolkit.io import LINE_ENDING, iter_jsonl, iter_lines, line_ending_of, mark_line_ending, recover, text_writer
from wino_toolkit.lang.mentions import first_verbatim
from wino_toolkit.quirks import QUIRKS_KEY, TRAILING_EMPTY_LINES, mark_trailing_empty_lines, trailing_empty_lines
from wino_toolkit.schema import Candidate, Item, Span

FIELDS = ("qID", "sentence", "option1", "option2", "answer")
TEXT_FIELDS = FIELDS[:4]  # must be JSON strings
BLANK = "_"
#: meta key set when the answer came from the labels file, not the jsonl line (kept for round trips)
ANSWER_FROM_LABELS = "answer_from_labels"
#: meta keys the toolkit sets, never written as fields of a row
OUR_KEYS = frozenset({ANSWER_FROM_LABELS, QUIRKS_KEY, TRAILING_EMPTY_LINES, LINE_ENDING})


@dataclass
class WinoGrandeConfig:
    """Options of the WinoGrande format."""

    labels: str | None = None  # labels file; default: <stem>-labels.lst beside the input, if present
    corpus: str = "winogrande"  # corpus name given to the items read
    language: str = "en"  # BCP-47 tag of the items read
    labels_out: str | None = None  # writing: also write the labels, one a line, to this file (a *-labels.lst)


def labels_path(path: Path, config: WinoGrandeConfig) -> Path | None:
    if config.labels:
        return Path(config.labels)
    sibling = path.with_name(f"{path.stem}-labels.lst")
    return sibling if sibling.exists() else None


def read_labels(path: Path) -> list[str]:
    """One label a line; empty lines may end the file."""
    labels = []
    empty: list[int] = []
    for number, line in iter_lines(path):
        label = line.strip()
        if not label:
            empty.append(number)
            continue
        if empty or label not in ("1", "2"):
            where, label = (empty[0], "") if empty else (number, label)
            raise FormatError(path, f"line {where}", f"label {label!r} is not 1 or 2")
        labels.append(label)
    return labels


def read(path: Path, config: WinoGrandeConfig) -> Iterator[Item]:
    return mark_line_ending(mark_trailing_empty_lines(_items(path, config), path), path)


def _items(path: Path, config: WinoGrandeConfig) -> Iterator[Item]:
    lpath = labels_path(path, config)
    labels = read_labels(lpath) if lpath else None
    corpus, language = config.corpus, config.language
    k = 0
    for number, obj in iter_jsonl(path):
        k += 1
        try:
            yield _item(path, number, obj, corpus, language, labels, lpath, k - 1)
        except FormatError as exc:
            recover(exc)  # `wino validate` goes on to the next line; everything else stops here
    if labels is not None and k != len(labels):
        raise FormatError(lpath, None, f"has {len(labels)} labels but {path.name} has {k} items")


def _item(
    path: Path, number: int, obj: dict, corpus: str, language: str, labels: list[str] | None, lpath: Path | None, k: int
) -> Item:
    """The item of line ``number``, the ``k``-th of the file (its label's index in ``labels``)."""
    try:
        qid, sentence, o1, o2 = obj["qID"], obj["sentence"], obj["option1"], obj["option2"]
    except KeyError as exc:
        raise FormatError(path, f"line {number}", f"missing field {exc.args[0]!r}") from None
    for key in TEXT_FIELDS:
        if not isinstance(obj[key], str):
            raise FormatError(path, f"line {number}", f"{key} must be a string, not {json.dumps(obj[key])}")
    meta = {key: value for key, value in obj.items() if key not in FIELDS} if len(obj) > 5 else {}
    raw = obj.get("answer", "")
    if not isinstance(raw, str):
        raise FormatError(path, f"line {number}", f"answer must be a string (\"1\", \"2\" or \"\"), not {json.dumps(raw)}")
    if labels is not None:
        if k >= len(labels):
            raise FormatError(lpath, None, f"has {len(labels)} labels but {path.name} has more items")
        if raw == "":
            raw = labels[k]
            meta[ANSWER_FROM_LABELS] = True
        elif raw != labels[k]:
            raise FormatError(path, f"line {number}", f"answer {raw!r} disagrees with {lpath.name} line {k + 1} ({labels[k]!r})")
    if raw == "1":
        answer = 0
    elif raw == "2":
        answer = 1
    elif raw == "":
        answer = None
    else:
        raise FormatError(path, f"line {number}", f"answer {raw!r} is not 1, 2 or empty")
    blank = sentence.find(BLANK)
    if blank < 0:
        raise FormatError(path, f"line {number}", "sentence has no blank '_'")
    blanks = sentence.count(BLANK)
    if blanks > 1:
        raise FormatError(path, f"line {number}", f"sentence has {blanks} blanks '_', WinoGrande has exactly one")
    hit, _, version = qid.rpartition("-")
    return Item(
        id=qid,
        corpus=corpus,
        language=language,
        text=sentence,
        candidates=[
            Candidate(o1, first_verbatim(sentence, o1)),
            Candidate(o2, first_verbatim(sentence, o2)),
        ],
        answer=answer,
        pronoun=Span(blank, blank + 1, BLANK),
        twin=hit or None,
        role=("special" if version == "1" else "alternate") if hit else None,
        meta=meta,
        origin=f"line {number}",
    )


def write(items: Iterable[Item], fh: BinaryIO, config: WinoGrandeConfig) -> None:
    dumps = json.dumps
    labels = [] if config.labels_out else None
    last: Item | None = None
    newline = "\n"  # or the first item's file's own line end
    with text_writer(fh) as out:
        for item in items:
            if last is None:
                newline = line_ending_of(item.meta)
            last = item
            if len(item.candidates) != 2:
                raise ConversionError(f"item {item.id!r}: WinoGrande holds 2 options, this item has {len(item.candidates)}")
            if item.pronoun is None or item.pronoun.text != BLANK:
                raise ConversionError(f"item {item.id!r}: has no '_' blank; derive the blank form first (--to blank)")
            if item.text.count(BLANK) != 1:
                raise ConversionError(f"item {item.id!r}: its text has {item.text.count(BLANK)} '_', WinoGrande sentences have exactly one")
            obj = {"qID": item.id, "sentence": item.text, "option1": item.candidates[0].text, "option2": item.candidates[1].text}
            meta = item.meta
            from_labels = meta.get(ANSWER_FROM_LABELS, False) if meta else False
            if item.answer is not None and not from_labels:
                obj["answer"] = str(item.answer + 1)
            if meta:
                obj.update((k, v) for k, v in meta.items() if k not in OUR_KEYS)
            out.write(dumps(obj) + newline)
            if labels is not None and item.answer is not None:
                labels.append(str(item.answer + 1))
        if last is not None:
            out.write(newline * trailing_empty_lines(last.meta))
    if labels is not None:
        from wino_toolkit.io import atomic_output

        with atomic_output(config.labels_out) as lfh:
            lfh.write("".join(label + newline for label in labels).encode())


def sniff(head: bytes) -> bool:
    first = head.lstrip().split(b"\n", 1)[0]
    return first.startswith(b"{") and b'"qID"' in first and b'"option1"' in first


FORMAT = register_format(
    Format(
        name="winogrande",
        description="WinoGrande JSON Lines (qID, sentence with _, option1/2, answer) with optional *-labels.lst",
        extensions=(".jsonl",),
        read=read,
        write=write,
        sniff=sniff,
        config=WinoGrandeConfig,
        canonical=True,
        derive="blank",
        aliases=("blank",),
    )
)
