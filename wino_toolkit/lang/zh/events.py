"""Candidates that state a whole event: "建国没有说服志明" answers "谁没有说服谁？".

Some Chinese schemas ask about two pronouns at once (他无法说服他) and give as candidates the
two readings, each naming both participants. Substitution then needs the participants apart,
in their order: the candidate minus the question's own words (没有说服) leaves them.
"""
from __future__ import annotations

import re

from ...schema import Item

__all__ = ["WH", "participants", "split_participants"]

WH = re.compile(r"谁|什么")
MIN_SHARED = 2  # shortest run of the question's words taken as the predicate rather than a name


def split_participants(statement: str, question: str) -> list[str]:
    """``statement`` with every run of at least two of the question's characters taken out.

    What remains, with a 的 left dangling at a cut removed, are the participants:
    "麦当娜的教练批评了麦当娜" with "谁批评了谁" gives ["麦当娜的教练", "麦当娜"].
    """
    core = WH.sub("\0", question)
    pieces, run, i = [], "", 0
    while i < len(statement):
        size = shared_run(statement, i, core)
        if size:
            pieces.append(run)
            run, i = "", i + size
        else:
            run, i = run + statement[i], i + 1
    pieces.append(run)
    return [p for p in (piece.strip().strip("的") for piece in pieces) if p]


def shared_run(statement: str, i: int, core: str) -> int:
    """Length of the longest run at ``statement[i:]`` that the question also holds, or 0."""
    size = 0
    while i + size < len(statement) and statement[i : i + size + 1] in core:
        size += 1
    return size if size >= MIN_SHARED else 0


def participants(item: Item, k: int) -> tuple[str, str] | None:
    """Candidate ``k``'s two participants in the order it names them, or None.

    A candidate whose predicate differs from the question's (the twin's verb: 老王激励小明 for
    谁崇拜谁) is read with the names found by splitting another candidate.
    """
    question = item.question or ""
    text = item.candidates[k].text
    own = split_participants(text, question)
    if len(own) == 2 and own[0] != own[1]:
        return own[0], own[1]
    for j, other in enumerate(item.candidates):
        names = split_participants(other.text, question) if j != k else []
        if len(names) == 2 and names[0] != names[1] and all(name in text for name in names):
            first, second = sorted(names, key=text.find)
            return first, second
    return None
