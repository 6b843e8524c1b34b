"""Hand review of the derived forms: a seeded sample of items to judge, and the rates the judgements give.

A rule tuned on examples fits the examples; only a reader judging unseen items tells how often a form is silently
wrong. :func:`sample_items` draws items from any corpus and derives the form for each (refusals included, so that a
needless one can be judged too) into a :class:`ReviewSheet`, written as a TSV that round-trips (``sheet``) or an
HTML page to read (``page``). :func:`score_sheets` turns judged sheets into the silently-wrong and needless-refusal
rates per language and form, with Wilson intervals (``rates``). ``wino forms sample`` and ``wino forms score`` are
the commands (``cli``).

>>> sheet = sample_items(items, "nli", n=40, seed=1)     # doctest: +SKIP
>>> text = to_tsv(sheet)                                  # doctest: +SKIP
>>> score_sheets([read_sheet("review.tsv")]).to_dict()   # doctest: +SKIP
"""
from __future__ import annotations

from .page import render
from .rates import ReviewScore, Tally, score_sheets
from .sample import REVIEWED_FORMS, sample_items
from .sheet import JUDGEMENTS, ReviewRow, ReviewSheet, parse_sheet, read_sheet, to_tsv

__all__ = ["sample_items", "REVIEWED_FORMS", "ReviewRow", "ReviewSheet", "JUDGEMENTS", "to_tsv", "parse_sheet",
           "read_sheet", "render", "score_sheets", "ReviewScore", "Tally"]
