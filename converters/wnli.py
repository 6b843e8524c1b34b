"""GLUE WNLI: tab-separated NLI pairs with a header, one pair a line, no quoting.

``label`` is 1 for entailment and 0 for not entailment; the test split has no label column::

    index	sentence1	sentence2	label
    0	The jar fell off the shelf because it was wobbly.	The shelf was wobbly.	1
    1	The jar fell off the shelf because it was wobbly.	The jar was wobbly.	0

Read as :class:`~wino_toolkit.schema.NLIPair` records whose id is the ``index``. Writing takes
pairs from any source: ``index`` is the pair's id when that is a whole number, else the pair's
position in the output; the label column is written when the first pair is labelled, and then
every pair must be (and none may be when it is not), since a half-labelled file cannot be
written without dropping labels. Lines end in ``\\n``; ``\\r\\n`` is read too and written back (the first pair notes it).
Empty lines may end the file (the last pair's ``meta["trailing_empty_lines"]`` counts them, and
they are written back); an empty line between rows is an error.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO, Iterable, Iterator

from wino_toolkit.errors import ConversionError, FormatError
from wino_toolkit.formats import Format, register_format
from wino_toolkit.io import iter_lines, keep_line_ending, mark_line_ending, recover, text_writer
from wino_toolkit.quirks import keep_trailing_empty_lines, trailing_empty_lines
from wino_toolkit.schema import NLIPair

HEADER = ("index", "sentence1", "sentence2", "label")
LABELS = {"1": True, "0": False}


@dataclass
class WnliConfig:
    """Options of the WNLI format."""

    corpus: str = "wnli"  # corpus name given to the pairs read
    language: str = "en"  # BCP-47 tag of the pairs read
    labels: bool | None = None  # write the label column: None follows the first pair; true skips unlabeled pairs


def _fields(line: str) -> list[str]:
    return line.removesuffix("\r").split("\t")


def _is_index(value: str) -> bool:
    return value.isascii() and value.isdigit()


def _checked_row(path: Path, where: str, fields: list[str], columns: tuple[str, ...]) -> bool | None:
    """The row's label (``None`` without a label column), once its columns and index are checked."""
    n = len(columns)
    if len(fields) != n:
        raise FormatError(path, where, f"has {len(fields)} tab-separated columns, expected {n} ({', '.join(columns)})")
    if not _is_index(fields[0]):
        raise FormatError(path, where, f"index {fields[0]!r} is not a whole number")
    if n == 4:
        if fields[3] not in LABELS:
            raise FormatError(path, where, f"label {fields[3]!r} is not 0 or 1")
        return LABELS[fields[3]]
    return None


def read(path: Path, config: WnliConfig) -> Iterator[NLIPair]:
    return mark_line_ending(_pairs(path, config), path)


def _pairs(path: Path, config: WnliConfig) -> Iterator[NLIPair]:
    lines = iter_lines(path)
    columns = tuple(_fields(next(lines)[1]))
    if columns not in (HEADER, HEADER[:3]):
        raise FormatError(path, "line 1", f"expected the header {'|'.join(HEADER)} (label optional), found {'|'.join(columns)[:80]!r}")
    held: NLIPair | None = None  # each pair waits for the next line: the last one notes trailing empty lines
    empty: list[int] = []  # numbers of the empty lines since the last row
    for number, line in lines:
        if not line.removesuffix("\r"):
            empty.append(number)
            continue
        if empty:
            raise FormatError(path, f"line {empty[0]}", "empty line between rows (only the end of the file may have empty lines)")
        fields = _fields(line)
        where = f"line {number}"
        try:
            label = _checked_row(path, where, fields, columns)
        except FormatError as exc:
            recover(exc)  # `wino validate` goes on to the next row; everything else stops here
            continue
        if held is not None:
            yield held
        held = NLIPair(
            id=fields[0],
            corpus=config.corpus,
            language=config.language,
            premise=fields[1],
            hypothesis=fields[2],
            label=label,
            origin=where,
        )
    if held is None:
        raise FormatError(path, None, "has a header but no rows")
    if empty:
        keep_trailing_empty_lines(held.meta, len(empty), f"line {empty[0]}")
    yield held


def _check_field(pair: NLIPair, name: str, value: str) -> str:
    if any(ch in value for ch in "\t\n\r"):
        raise ConversionError(f"pair {pair.id!r}: {name} contains a tab or line break, which WNLI cannot hold")
    return value


def write(pairs: Iterable[NLIPair], fh: BinaryIO, config: WnliConfig) -> None:
    labelled: bool | None = config.labels
    used: dict[str, str] = {}
    header = False
    last: NLIPair | None = None
    with text_writer(fh) as out:
        for position, pair in enumerate(pairs):
            if labelled is None:
                labelled = pair.label is not None
            if not header:
                keep_line_ending(out, pair.meta)
                out.write("\t".join(HEADER if labelled else HEADER[:3]) + "\n")
                header = True
            if labelled != (pair.label is not None):
                state = "has no label" if labelled else "has a label"
                raise ConversionError(f"pair {pair.id!r}: {state} unlike the first pair; WNLI labels all pairs or none")
            index = pair.id if _is_index(pair.id) else str(position)
            if index in used:
                raise ConversionError(f"pair {pair.id!r}: index {index} is already used by pair {used[index]!r}")
            used[index] = pair.id
            fields = [index, _check_field(pair, "premise", pair.premise), _check_field(pair, "hypothesis", pair.hypothesis)]
            if labelled:
                fields.append("1" if pair.label else "0")
            out.write("\t".join(fields) + "\n")
            last = pair
        if header:
            out.write("\n" * trailing_empty_lines(last.meta))


def representable(pair: NLIPair, config: WnliConfig) -> str | None:
    if config.labels and pair.label is None:
        return "unlabeled pair; WNLI labels all pairs or none (-W labels=false writes the unlabeled test layout)"
    return None


def sniff(head: bytes) -> bool:
    """The WNLI header, and (RTE shares it) a 0/1 label on the first row when there is one."""
    lines = head.split(b"\n", 2)
    columns = tuple(lines[0].removesuffix(b"\r").split(b"\t"))
    if columns == tuple(h.encode() for h in HEADER[:3]):
        return True
    if columns != tuple(h.encode() for h in HEADER):
        return False
    first = lines[1].removesuffix(b"\r") if len(lines) > 1 else b""
    return not first or first.rsplit(b"\t", 1)[-1] in (b"0", b"1")


FORMAT = register_format(
    Format(
        name="wnli",
        description="GLUE WNLI TSV (index, sentence1, sentence2, label 1 = entailment); NLI pairs",
        extensions=(".tsv",),
        read=read,
        write=write,
        sniff=sniff,
        config=WnliConfig,
        canonical=True,
        record="nli",
        derive="nli",
        derived_options={"labels": True},
        representable=representable,
    )
)
