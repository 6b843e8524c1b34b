"""The contract every registered format meets, as reusable assertions for per-format tests."""
from __future__ import annotations

from pathlib import Path

import pytest

import wino_toolkit as wt
from wino_toolkit.api import split_from_name


def roundtrip(name: str, path: Path, tmp_path: Path, options: dict | None = None) -> list:
    """Read ``path`` as ``name``, write it back, read again: the records must be equal.

    For canonical formats the written file must also equal the input byte for byte. Returns the
    records read, for the caller's own assertions.
    """
    fmt = wt.formats.get(name)
    records = list(wt.read(path, source_format=name, options=options))
    assert records, f"{path} gave no records"
    out = tmp_path / f"roundtrip{Path(path).suffix}"
    n = wt.write(records, out, to=name)
    assert n == len(records)
    split = split_from_name(path)  # the split the source's file name states, which "roundtrip.*" does not
    again = list(wt.read(out, source_format=name, options={**(options or {}), **({"split": split} if split else {})}))
    assert again == records
    if fmt.canonical:
        assert out.read_bytes() == Path(path).read_bytes()
    return records


def assert_bad_input(name: str, path: Path, expect: str, options: dict | None = None) -> wt.FormatError:
    """Reading ``path`` must raise a one-line FormatError naming the file and containing ``expect``."""
    with pytest.raises(wt.FormatError) as info:
        list(wt.read(path, source_format=name, options=options))
    message = str(info.value)
    assert "\n" not in message
    assert str(path) in message
    assert expect in message, message
    return info.value
