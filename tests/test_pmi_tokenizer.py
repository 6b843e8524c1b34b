"""The fast English/European path of the PMI segmenter against spaCy itself.

``affixes`` narrows spaCy's affix expressions to the alternatives that can match, ``chunks``
re-implements spaCy's per-chunk algorithm over the same rules; both must give spaCy's output for
every string. The strings: the real Wikipedia samples' chunks when ../shared is present, and always
seeded random strings built from each language's special cases, punctuation and letters (the
places where the algorithm branches).
"""
from __future__ import annotations

import random
import re

import pytest
from conftest import SHARED

from wino_toolkit.baselines.pmi import segment as segment_module
from wino_toolkit.baselines.pmi.affixes import edge_chars, filtered, split_alternatives
from wino_toolkit.baselines.pmi.chunks import ChunkTokenizer
from wino_toolkit.baselines.pmi.segment import get_segmenter

spacy = pytest.importorskip("spacy")

LANGUAGES = ["en", "fr", "pt", "de", "es", "it", "nl", "ru", "xx"]
PIECES = list("aAzZéÉßçñ0123456789.,;:!?()[]{}<>\"'`´’‘“”«»-–—/\\+*^%$€£¥#&@_~|=…·。，、°²") + [
    "US$", "km", "'s", "n't", "...", "http://", "www.", ".com", "l'", "d'", "Mr", "etc", "e.g", "U.S", "cannot"]


def adversarial(tokenizer, n: int, seed: int = 0) -> list[str]:
    """Whitespace-free strings glued from special cases, affix characters and letters."""
    rng = random.Random(seed)
    pool = PIECES + [k for k in tokenizer.rules if not any(c.isspace() for c in k)]
    out = {"".join(rng.choice(pool) for _ in range(rng.randint(1, 5))) for _ in range(n)}
    return sorted(s for s in out if not any(c.isspace() for c in s))


def real_chunks(limit: int = 40000) -> list[str]:
    from wino_toolkit.baselines.pmi.sources import iter_documents

    paths = [SHARED / "wikitext" / "en" / "wikiextractor_wiki_01",
             SHARED / "wikidump" / "enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"]
    chunks: dict[str, None] = {}
    for path in paths:
        if path.exists():
            for doc in iter_documents(path):
                chunks.update(dict.fromkeys(doc.text.split()))
    return list(chunks)[:limit]


def spacy_tokens(tokenizer, chunk: str) -> list[str]:
    return [t.text for t in tokenizer(chunk)]


# -- affixes ----------------------------------------------------------------------------------------

def test_split_alternatives_respects_escapes_classes_and_groups():
    assert split_alternatives(r"a\|b|[|]x|(c|d)$|") == [r"a\|b", "[|]x", "(c|d)$", ""]
    assert split_alternatives(r"[]|]|[^]|]|\\|x") == ["[]|]", "[^]|]", r"\\", "x"]


def test_edge_characters_of_an_alternative():
    assert "," in edge_chars(",$", 0, last=True) and "a" not in edge_chars(",$", 0, last=True)
    units = edge_chars(r"(?<=[0-9])(?:km|mg)$", 0, last=True)
    assert "m" in units and "g" in units and "k" not in units  # the lookbehind consumes nothing
    assert edge_chars(r"x*$", 0, last=True) is None  # can match the empty string: never skipped
    assert edge_chars(r"[^a]$", 0, last=True) is None and edge_chars(r".$", 0, last=True) is None
    assert "A" in edge_chars(r"^(?:US|A)\$", 0, last=False) and "U" in edge_chars(r"^(?:US|A)\$", 0, last=False)


def test_filtered_search_equals_the_full_expression():
    rng = random.Random(1)
    for pattern, anchor in ((r"\.\.+$|(?<=[0-9])(?:km|m)$|(?<=[a-z])\.$|,$|'s$|x*y?$", "end"),
                            (r"a|b$|\.$", "end"),  # an alternative without "$" may end anywhere
                            (r"^\(|^US\$|(?=x)k|^[.,]+", "start")):  # ... one without "^" start anywhere
        full = re.compile(pattern)
        fast = filtered(full.search, anchor)
        for _ in range(5000):
            s = "".join(rng.choice("ab1.,'skmxy(U$\n") for _ in range(rng.randint(0, 6)))
            a, b = full.search(s), fast(s)
            assert (a and a.span()) == (b and b.span()), (pattern, s)
    infix = re.compile(r"(?<=[0-9])[+\-](?=[0-9])|(?<=[a-z]),(?=[a-z])|\.\.+")
    fast_infix = filtered(infix.finditer, "any")
    for _ in range(5000):
        s = "".join(rng.choice("a1+-,.b") for _ in range(rng.randint(0, 8)))
        assert [m.span() for m in infix.finditer(s)] == [m.span() for m in fast_infix(s)], s


def test_unanalysable_expressions_are_used_as_they_are():
    search = re.compile(r"(a)\1$|b$").search  # a back-reference: alternatives cannot be dropped
    assert filtered(search, "end") is search
    ignore_case = re.compile(r"a$|b$", re.I).search
    assert filtered(ignore_case, "end") is ignore_case


@pytest.mark.parametrize("lang", LANGUAGES)
def test_filtered_affix_searches_equal_spacys(lang):
    stock = spacy.blank(lang).tokenizer
    strings = adversarial(stock, 20000) + [s + "\n" for s in adversarial(stock, 500, seed=1)]
    for name, anchor in (("prefix_search", "start"), ("suffix_search", "end"), ("infix_finditer", "any")):
        full = getattr(stock, name)
        fast = filtered(full, anchor)
        if anchor != "any" or lang == "en":  # French infixes hold an unbounded alternative: no shortcut
            assert fast is not full, f"{lang} {name}: the shortcut should apply to spaCy's expressions"
        for s in strings:
            if anchor == "any":
                assert [m.span() for m in full(s)] == [m.span() for m in fast(s)], (lang, name, s)
            else:
                a, b = full(s), fast(s)
                assert (a and a.span()) == (b and b.span()), (lang, name, s)


# -- chunk tokenizer --------------------------------------------------------------------------------

@pytest.mark.parametrize("lang", LANGUAGES)
def test_chunk_tokenizer_equals_spacy_on_adversarial_strings(lang):
    stock = spacy.blank(lang).tokenizer
    mine = ChunkTokenizer(spacy.blank(lang).tokenizer)
    strings = adversarial(stock, 30000, seed=2)
    for s in strings + strings:  # the second pass answers from the memoised cores
        assert mine(s) == spacy_tokens(stock, s), (lang, s)


def test_chunk_tokenizer_handles_special_cases_and_their_matcher():
    mine, stock = ChunkTokenizer(spacy.blank("en").tokenizer), spacy.blank("en").tokenizer
    for s in ["(can't,", "don't.", "U.S.-based", "e.g.,", "'Cause", ":)", "a.m.)", "(Jan.", "gonna", "'s", "''", "''x",
              "US$5", "5km", "http://example.com/x?y=1", "C++", "co-operate", "3.5", "—", ""]:
        assert mine(s) == spacy_tokens(stock, s), s


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_chunk_tokenizer_equals_spacy_on_real_wikipedia_chunks(lang):
    chunks = real_chunks()
    if not chunks:
        pytest.skip("the Wikipedia samples of ../shared/corpora are not present")
    stock = spacy.blank(lang).tokenizer
    mine = ChunkTokenizer(spacy.blank(lang).tokenizer)
    for s in chunks:
        assert mine(s) == spacy_tokens(stock, s), (lang, s)


# -- segmenter memo ---------------------------------------------------------------------------------

def test_memo_generations_keep_results_and_move_entries_forward(monkeypatch):
    """A small memo fills many times over; every text still segments as a fresh segmenter does it, and
    a chunk of the previous generation is taken from there instead of being tokenized again."""
    text = ("Mr. O'Neil (born 1961) paid $3.50 for e-mail at 10am, didn't he? The U.S.-based firm's "
            "\"quotes\"... and [brackets]; cannot gonna :) 50% 2nd C++ women children walked.")
    words = text.split()
    rng = random.Random(3)
    texts = [" ".join(rng.sample(words, len(words))) + f" word{k}" for k in range(200)]
    expected = [get_segmenter("en")(t) for t in texts]
    seg = segment_module.SpacySegmenter("en")
    monkeypatch.setattr(segment_module, "CACHE_ENTRIES", 16)
    assert [seg(t) for t in texts] == expected
    bound = 16 + len(words) + 1  # a generation may pass the limit by one text's new chunks
    assert 0 < len(seg._older) <= bound and len(seg._memo) <= bound
    calls = []
    tokenize = seg._tokenizer
    seg._tokenizer = lambda chunk: calls.append(chunk) or tokenize(chunk)
    old = next(k for k in seg._older if k and k not in seg._memo)
    assert seg(old) == get_segmenter("en")(old) and old not in calls and old in seg._memo


def test_chinese_memo_generations_keep_results(monkeypatch):
    text = "1990年，張三在北京大學讀書。他說：「我喜歡Python 3和C++！」然後去了東京；2019年回來。"
    rng = random.Random(4)
    texts = ["".join(rng.sample(text, len(text))) for _ in range(50)]
    expected = [get_segmenter("zh")(t) for t in texts]
    seg = segment_module.ChineseSegmenter()
    monkeypatch.setattr(segment_module, "CACHE_ENTRIES", 8)
    assert [seg(t) for t in texts] == expected


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_full_term_table_keeps_the_memo_renumbered(monkeypatch, lang):
    """Past VOCAB_LIMIT terms the segmenter keeps the memo's current generation (its terms renumbered)
    instead of starting cold; every batch still gives a fresh segmenter's terms."""
    rng = random.Random(5)
    if lang == "en":
        words = "The women paid for the children's books, didn't they? Walked (quickly) to 1990s U.S.-based".split()
        batches = [[" ".join(rng.sample(words, 6)) + f" word{k} item{k % 7}" for k in range(b * 5, b * 5 + 5)]
                   for b in range(30)]
        seg = segment_module.SpacySegmenter("en")
    else:
        text = "1990年，張三在北京大學讀書。他說：「我喜歡Python 3和C++！」然後去了東京；2019年回來。"
        batches = [["".join(rng.sample(text, 12)) + f"词{k}" for k in range(b * 5, b * 5 + 5)] for b in range(30)]
        seg = segment_module.ChineseSegmenter()
    fresh = get_segmenter(lang)
    monkeypatch.setattr(segment_module, "VOCAB_LIMIT", 60)
    monkeypatch.setattr(segment_module, "CACHE_ENTRIES", 12)  # the memo's terms fit after a compaction
    monkeypatch.setattr(seg, "_reset", lambda: pytest.fail("compaction fell back to a reset"))
    compactions = 0
    for texts in batches:
        before = len(seg._terms)
        enc = seg.encode(texts)
        compactions += len(seg._terms) < before
        terms = [enc.terms[i] for i in enc.ids.tolist()]
        assert terms == [t for text in texts for t in fresh(text)]
    assert compactions >= 2 and len(seg._memo) > 1
