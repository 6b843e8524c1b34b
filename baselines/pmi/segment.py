"""Segmenters for the PMI index: text → normalised terms, the same way at build and at query time.

Chinese (``zh``, ``zh-Hans``, ``zh-Hant`` ...): OpenCC ``t2s`` (zhwiki mixes scripts, often inside one
article, so 數學 and 数学 must meet as one term), then jieba with its HMM for unknown words, through a
dedicated ``jieba.Tokenizer`` (a user dictionary never touches jieba's global one; its words are
converted to Simplified too). ``accelerator="jieba_fast"`` swaps in the C build (1.6x faster here, but it
splits ties differently on ~0.1% of lines, so it is never the default and shows in the signature).

Other languages: spaCy's rule tokenizer of ``spacy.blank(lang)`` and the lookup lemma table of
spacy-lookups-data (``paid`` → ``pay``, ``women`` → ``woman``), lower-cased, looked up until the lemma no
longer changes (so normalising twice is normalising once). A language without a lemma table gets
lower-cased tokens and one :class:`SegmenterWarning` (``xx``, spaCy's multi-language tokenizer, has
none and needs no warning). A language spaCy has no rule-based tokenizer for is an
:class:`~wino_toolkit.errors.UnknownNameError` listing the supported ones (:func:`check_language`).
spaCy itself is never imported: see :mod:`.spacy_rules`.

Kept tokens: those made only of letters and digits (``str.isalnum``): punctuation, whitespace and mixed
tokens (``3.5``, ``C++``, ``n't``) are dropped; numbers (``1990``, ``1990s``) stay.

Speed without changing the output: jieba cuts each maximal run of Han/ASCII-word characters on its
own, and spaCy each whitespace-free chunk on its own, so both are memoised per run/chunk (runs of at
most ``CACHE_MAX_LEN`` characters; ``WINO_PMI_MEMO_CHARS=0`` turns this memo off). The memo keeps two
generations of at most ``CACHE_ENTRIES`` entries: when the current one is full it becomes the previous
one, and a key found there moves forward, so a long dump keeps its frequent chunks instead of starting
over. Unseen chunks of the other languages go through :class:`~.chunks.ChunkTokenizer`, spaCy's
algorithm over spaCy's rules without building a ``Doc`` (5-10 µs a chunk), and each distinct token is
lemmatised once. The cyclic garbage collector is paused while a batch is segmented (millions of small
tuples, no cycle). Tests compare the result with jieba and spaCy over whole texts.

>>> seg = get_segmenter("en")
>>> seg("The women paid.")
['the', 'woman', 'pay']
>>> get_segmenter("zh")("數學是一門學科。")
['数学', '是', '一门', '学科']
"""
from __future__ import annotations

import gc
import hashlib
from abc import ABC, abstractmethod
import importlib.metadata
import logging
import os
import re
import warnings
from array import array
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterable

import numpy as np

from wino_toolkit.errors import MissingDependencyError, ParameterError, UnknownNameError, WinoError

from .chunks import ChunkTokenizer

__all__ = ["Segmenter", "Encoded", "get_segmenter", "base_language", "check_language", "supported_languages",
           "SegmenterWarning"]

#: memoise runs/chunks up to this many characters (longer ones rarely repeat); 0 turns the memo off
#: (same output, slower: to measure the segmenter alone), also through the environment variable
CACHE_MAX_LEN = int(os.environ.get("WINO_PMI_MEMO_CHARS", "48"))
#: entries of one memo generation (two are kept) ...
CACHE_ENTRIES = 1 << 20
#: ... and the worker's term table when it holds this many terms (bounds a long-lived worker: the
#: terms the current memo generation uses are kept, renumbered, the others forgotten)
VOCAB_LIMIT = 1 << 20

_JIEBA_HAN = "([\u4e00-\u9fd5a-zA-Z0-9+#&\\._%\\-]+)"  # jieba 0.42's re_han_default
_warned: set[str] = set()


#: spaCy languages whose tokenizer is not rule-based (a morphological analyser): no PMI segmenter
NOT_RULE_BASED = frozenset({"ja", "ko", "th", "vi"})


class SegmenterWarning(UserWarning):
    """A segmenter that works but is poor for its language (no lemma table)."""


def base_language(language: str) -> str:
    """``zh-Hans`` → ``zh``, ``pt-BR`` → ``pt``: segmenters depend on the language only."""
    return language.replace("_", "-").split("-", 1)[0].lower()


def supported_languages() -> list[str]:
    """Base languages with a segmenter: Chinese, and every language spaCy has a rule-based tokenizer for
    (``xx`` is spaCy's multi-language one)."""
    from .spacy_rules import spacy_languages

    return sorted(({"zh"} | set(spacy_languages())) - NOT_RULE_BASED)


def check_language(language: str) -> str:
    """The base language of ``language`` when a segmenter exists for it; else an UnknownNameError
    listing the supported ones (an unknown code is a mistake more often than a wish for ``xx``).

    >>> check_language("zh-Hant")
    'zh'
    """
    base = base_language(language)
    if base == "zh":
        return base
    supported = supported_languages()
    if base in supported:
        return base
    import difflib

    close = difflib.get_close_matches(base, supported, n=3, cutoff=0.5)
    hint = f" Did you mean {', '.join(close)}?" if close else ""
    why = ("spaCy's tokenizer for it is not rule-based" if base in NOT_RULE_BASED
           else "no tokenizer for it")
    raise UnknownNameError(f"unknown language {language!r} ({why}).{hint} Supported: {', '.join(supported)} "
                           "(xx: spaCy's multi-language tokenizer, for any other language)")


@dataclass(slots=True)
class Encoded:
    """A batch of documents as term ids: ``ids`` indexes ``terms``; ``lengths`` tokens per document."""

    ids: np.ndarray  # int32, all documents' tokens one after another
    lengths: np.ndarray  # int64, one per document
    terms: list[str]  # the segmenter's term table (valid until its next ``encode``)
    chars: int  # characters read


class Segmenter(ABC):
    """Callable ``seg(text) -> list[str]``; ``term(word)`` normalises a query word without splitting it."""

    language: str
    signature: str  # what produced the terms, recorded in the index
    normalizer: str  # what ``term`` depends on (a query normalised otherwise may miss the index's terms)

    def __init__(self) -> None:
        self._ids: dict[str, int] = {}
        self._terms: list[str] = []
        # chunk/run -> its term ids packed as native int32 bytes (documents are joined without a copy per id)
        self._memo: dict[str, bytes] = {"": b""}
        self._older: dict[str, bytes] = {}  # the memo's previous generation

    def __call__(self, text: str) -> list[str]:
        terms = self._terms
        return [terms[i] for i in array("i", self._encode_text(text))]

    @abstractmethod
    def term(self, word: str) -> str:
        """``word`` normalised as the index stores it, without splitting it."""

    def encode(self, texts: Iterable[str]) -> Encoded:
        """Term ids of many documents at once (what the index builder uses)."""
        if len(self._terms) > VOCAB_LIMIT:
            self._compact()
        parts = []
        chars = 0
        with _gc_paused():
            for text in texts:
                parts.append(self._encode_text(text))
                chars += len(text)
        ids = np.frombuffer(b"".join(parts), dtype=np.int32)
        lengths = np.fromiter(map(len, parts), dtype=np.int64, count=len(parts)) // 4
        return Encoded(ids, lengths, self._terms, chars)

    @abstractmethod
    def _encode_text(self, text: str) -> bytes:
        """The term ids of ``text`` (native int32 bytes)."""

    def _compact(self) -> None:
        """Keep the current memo generation and the terms it uses, renumbered; forget the rest. A
        long-lived worker stays bounded without starting cold (a reset if those terms are too many)."""
        keys, values = list(self._memo), list(self._memo.values())
        old_ids = np.frombuffer(b"".join(values), dtype=np.int32)
        used = np.unique(old_ids)
        if len(used) > VOCAB_LIMIT * 3 // 4:  # compacting would hardly free anything
            self._reset()
            return
        remap = np.full(len(self._terms), -1, dtype=np.int32)
        remap[used] = np.arange(len(used), dtype=np.int32)
        terms = [self._terms[i] for i in used.tolist()]
        self._terms[:] = terms
        self._ids = {t: i for i, t in enumerate(terms)}
        packed = remap[old_ids].tobytes()
        ends = np.cumsum([len(v) for v in values]).tolist()
        self._memo = {k: packed[e - len(v):e] for k, v, e in zip(keys, values, ends)}
        self._older = {}
        self._renumbered(remap)

    def _renumbered(self, remap: np.ndarray) -> None:
        """Hook: term ids were renumbered by ``remap`` (old id -> new id, -1: forgotten)."""

    def _reset(self) -> None:
        """Forget every term and memo (ids restart at 0), so a long-lived worker stays bounded."""
        self._ids.clear()
        self._terms.clear()
        self._memo = {"": b""}
        self._older = {}

    def _intern(self, terms: Iterable[str]) -> bytes:
        ids = self._ids
        out = array("i")
        for t in terms:
            i = ids.get(t)
            if i is None:
                i = ids[t] = len(self._terms)
                self._terms.append(t)
            out.append(i)
        return out.tobytes()

    def _recall(self, new: dict[str, bytes | None]) -> list[str]:
        """Fill ``new`` from the memo's previous generation (moving those entries forward); returns
        the keys still unknown. Two generations keep the frequent keys of a long dump memoised,
        where clearing a full memo would start every key over."""
        older, memo, unknown = self._older, self._memo, []
        for key in new:
            ids = older.get(key)
            if ids is None:
                unknown.append(key)
            else:
                new[key] = memo[key] = ids
        return unknown

    def _remember(self, learnt: dict[str, bytes]) -> None:
        """Memoise keys of at most CACHE_MAX_LEN characters; a full memo becomes the previous generation."""
        if CACHE_MAX_LEN <= 0:
            return
        if len(self._memo) + len(learnt) > CACHE_ENTRIES:
            self._older = self._memo
            self._memo = {"": b""}
        self._memo.update({k: v for k, v in learnt.items() if len(k) <= CACHE_MAX_LEN})

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.language} {self.signature}>"


class ChineseSegmenter(Segmenter):
    """OpenCC t2s, then jieba (HMM on) per Han run; words of letters/digits only, lower-cased."""

    def __init__(self, *, user_dict: str | None = None, accelerator: str | None = None):
        super().__init__()
        self.language = "zh"
        import opencc

        jieba = _import_jieba(accelerator)
        self._cc = opencc.OpenCC("t2s")
        self._tk = jieba.Tokenizer()  # loads its dictionary on first use: query-time term() never needs it
        # jieba.cut runs this on every Han run (DAG + HMM); calling it directly skips cut()'s re-split
        # of a run we already isolated. Output identical (tested against jieba.lcut on whole texts).
        self._cut_run = getattr(self._tk, "_Tokenizer__cut_DAG", None) or (lambda run: self._tk.lcut(run, HMM=True))
        self._user_dict = user_dict
        self._han = re.compile(getattr(jieba, "re_han_default", re.compile(_JIEBA_HAN)).pattern)
        name = accelerator or "jieba"
        self.normalizer = f"script:t2s|opencc-{opencc.__version__}|lower"
        parts = [f"seg:{name}-{jieba.__version__}+hmm", f"script:t2s|opencc-{opencc.__version__}"]
        if user_dict is not None:
            parts.append("userdict:" + hashlib.sha256(user_dict.encode("utf-8")).hexdigest()[:12])
        self.signature = "|".join(parts)

    def term(self, word: str) -> str:
        return self._cc.convert(word.strip()).lower()

    def _encode_text(self, text: str) -> bytes:
        if self._user_dict is not None or not self._tk.initialized:
            self._tk.initialize()
            if self._user_dict is not None:
                _load_user_dict(self._tk, self._user_dict, self._cc.convert)
                self._user_dict = None
        parts = self._han.split(self._cc.convert(text))
        found = list(map(self._memo.get, parts))
        if None in found:
            # re.split alternates: other text, Han run, other text, ...; jieba cuts the runs and
            # yields the other text character by character
            runs = {p: k & 1 for k, (p, ids) in enumerate(zip(parts, found)) if ids is None}
            new = dict.fromkeys(runs)
            cut = self._cut_run
            learnt = {p: self._intern(w.lower() for w in (cut(p) if runs[p] else p) if w.isalnum())
                      for p in self._recall(new)}
            new.update(learnt)
            self._remember(learnt)
            found = [new[p] if ids is None else ids for p, ids in zip(parts, found)]
        return b"".join(found)


class SpacySegmenter(Segmenter):
    """spaCy's blank tokenizer per whitespace-free chunk, lookup lemmas, lower-cased; letters/digits only.

    spaCy itself is not imported: its tokenizer's rules come from :mod:`.spacy_rules` (torch, which
    thinc imports, would cost seconds), and only when text is segmented; ``term`` needs the lemma
    table alone.
    """

    def __init__(self, language: str):
        super().__init__()
        from .spacy_rules import spacy_version

        self.language = language
        self._tokenizer: ChunkTokenizer | None = None  # built on the first text: term() never needs it
        self._lemmas = _lemma_table(language)
        self._term_memo: dict[str, str] = {}
        self._token_ids = _Missing(self._token_id)
        base = f"seg:spacy-{spacy_version()}"
        if self._lemmas is None:
            self.signature = base + "|lower"
        else:
            self.signature = f"{base}+lookups-{importlib.metadata.version('spacy-lookups-data')}|lemma|lower"
        self.normalizer = self.signature

    def _new_tokenizer(self) -> ChunkTokenizer:
        from .spacy_rules import tokenizer_rules

        rules = tokenizer_rules(self.language)
        if rules is not None:
            return ChunkTokenizer(rules)
        import spacy  # the rules could not be exported: spaCy's own tokenizer object (imports torch if installed)

        try:
            nlp = spacy.blank(self.language)
        except ImportError as exc:  # spaCy's message gives the install command
            raise MissingDependencyError(f"spaCy's {self.language!r} tokenizer cannot load: {exc}") from exc
        return ChunkTokenizer(nlp.tokenizer)

    def _renumbered(self, remap: np.ndarray) -> None:
        old = dict(self._token_ids)
        self._token_ids.clear()
        self._token_ids.update((t, int(remap[i]) if i >= 0 else -1) for t, i in old.items() if i < 0 or remap[i] >= 0)

    def _reset(self) -> None:
        super()._reset()
        self._term_memo.clear()
        self._token_ids.clear()
        if self._tokenizer is not None:
            self._tokenizer.clear()

    def term(self, word: str) -> str:
        """The lower-cased lemma, looked up until it no longer changes (``better`` → ``well`` → ``good``),
        so that normalising twice gives the same term as normalising once."""
        word = word.strip()
        table = self._lemmas
        if table is None:
            return word.lower()
        found = self._term_memo.get(word)
        if found is None:
            if len(self._term_memo) >= CACHE_ENTRIES:
                self._term_memo.clear()
            found = self._term_memo[word] = _fixpoint(word, table)
        return found

    def _encode_text(self, text: str) -> bytes:
        chunks = text.split()
        found = list(map(self._memo.get, chunks))
        if None in found:
            new = dict.fromkeys(c for c, ids in zip(chunks, found) if ids is None)
            self._learn(new)
            found = [new[c] if ids is None else ids for c, ids in zip(chunks, found)]
        return b"".join(found)

    def _learn(self, new: dict[str, bytes | None]) -> None:
        """Term ids of unseen chunks; each distinct token is normalised once (-1: not kept)."""
        if self._tokenizer is None:
            self._tokenizer = self._new_tokenizer()
        if len(self._token_ids) > CACHE_ENTRIES:
            self._token_ids.clear()
        tokenize, token_id, kept = self._tokenizer, self._token_ids.__getitem__, (-1).__ne__
        learnt = {chunk: array("i", filter(kept, map(token_id, tokenize(chunk)))).tobytes()
                  for chunk in self._recall(new)}
        new.update(learnt)
        self._remember(learnt)

    def _token_id(self, token: str) -> int:
        """Term id of a token, or -1 for a token that is not kept (not letters and digits only)."""
        if not token.isalnum():
            return -1
        term = self.term(token)
        i = self._ids.get(term)
        if i is None:
            i = self._ids[term] = len(self._terms)
            self._terms.append(term)
        return i


class _Missing(dict):
    """A dict that computes (and stores) a missing key's value: lookups stay in C when they hit."""

    def __init__(self, compute):
        super().__init__()
        self._compute = compute

    def __missing__(self, key):
        value = self[key] = self._compute(key)
        return value


@contextmanager
def _gc_paused():
    """Segmenting allocates millions of small tuples and lists but no reference cycle; the cyclic
    collector would rescan the memos (a million entries) again and again, a third of a cold pass."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def get_segmenter(language: str, *, user_dict: str | Path | None = None, accelerator: str | None = None) -> Segmenter:
    """The segmenter for ``language`` (BCP-47); ``user_dict`` (jieba format) and ``accelerator`` are Chinese only.

    >>> get_segmenter("zh-Hans").signature.startswith("seg:jieba-")
    True
    """
    text = None
    if user_dict is not None:
        path = Path(user_dict)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise WinoError(f"{path}: cannot read the user dictionary: {exc}") from exc
    return segmenter_from_spec(language, text, accelerator)


def segmenter_from_spec(language: str, user_dict_text: str | None = None, accelerator: str | None = None) -> Segmenter:
    """One segmenter per process and spec (worker processes rebuild it from this picklable spec)."""
    return _cached_segmenter(base_language(language), user_dict_text, accelerator)


@lru_cache(maxsize=8)
def _cached_segmenter(base: str, user_dict_text: str | None, accelerator: str | None) -> Segmenter:
    if base == "zh":
        if accelerator not in (None, "jieba_fast"):
            raise ParameterError(f"unknown accelerator {accelerator!r}; the only one is 'jieba_fast'")
        return ChineseSegmenter(user_dict=user_dict_text, accelerator=accelerator)
    if user_dict_text is not None or accelerator is not None:
        raise ParameterError("a user dictionary and an accelerator apply to Chinese (jieba) only")
    return SpacySegmenter(check_language(base))


def _import_jieba(accelerator: str | None):
    if accelerator == "jieba_fast":
        try:
            import jieba_fast as jieba
        except ImportError as exc:
            raise MissingDependencyError("the jieba_fast accelerator needs jieba_fast: pip install jieba_fast") from exc
    else:
        import jieba
    jieba.setLogLevel(logging.WARNING)
    return jieba


def _load_user_dict(tk, text: str, to_simplified) -> None:
    """jieba's user-dictionary lines ``word [freq] [tag]``, the word converted to Simplified like the text."""
    for number, line in enumerate(text.splitlines(), 1):
        fields = line.strip().split()
        if not fields:
            continue
        word, rest = fields[0], fields[1:]
        freq = None
        if rest and rest[0].isdigit():
            freq = int(rest.pop(0))
        if len(rest) > 1:
            raise WinoError(f"user dictionary: line {number}: expected 'word [freq] [tag]', got {line.strip()!r}")
        tk.add_word(to_simplified(word), freq, rest[0] if rest else None)


def _lemma(table: dict, word: str) -> str:
    lemma = table.get(word) or table.get(word.lower()) or word
    if lemma.__class__ is list:  # fr, ca: a list of lemmas; spaCy's lookup mode takes the first
        lemma = lemma[0]
    return lemma.lower()


def _fixpoint(word: str, table: dict) -> str:
    """Look lemmas up until the word stops changing; on a cycle, its smallest member (deterministic)."""
    lemma = _lemma(table, word)
    if lemma == word or _lemma(table, lemma) == lemma:  # one or two steps: nearly every word
        return lemma
    seen = [word]
    while True:
        nxt = _lemma(table, seen[-1])
        if nxt == seen[-1]:
            return nxt
        if nxt in seen:
            return min(seen[seen.index(nxt):])
        seen.append(nxt)


def _lemma_table(language: str) -> dict | None:
    """spacy-lookups-data's ``lemma_lookup`` table for ``language`` as a plain dict (spaCy's ``Table``
    hashes every key in Python: 10x slower), or None (warned once)."""
    import gzip
    import json

    try:
        import spacy_lookups_data

        path = str(spacy_lookups_data.get_file(f"{language}_lemma_lookup.json.gz"))
        with gzip.open(path, "rt", encoding="utf-8") as fh:
            return json.load(fh)
    except (ImportError, OSError, ValueError):
        if language != "xx":  # the multi-language tokenizer has no lemmas by design
            _warn_once(f"no lemma table for {language!r} in spacy-lookups-data: PMI terms are lower-cased tokens")
        return None


def _warn_once(message: str) -> None:
    if message not in _warned:
        _warned.add(message)
        warnings.warn(message, SegmenterWarning, stacklevel=4)
