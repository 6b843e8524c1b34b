"""The PMI baseline's terms, check, report and CLI: term selection rules, the terms file, decisions,
statistics and verdict, with a small in-memory index; end to end with the real index builder."""
from __future__ import annotations

import argparse
import json
import math
import re
from pathlib import Path

import pytest
from conftest import FIXTURES

import wino_toolkit as wt
from wino_toolkit.baselines.pmi import check as chk
from wino_toolkit.baselines.pmi import cli
from wino_toolkit.baselines.pmi.report import METHOD, report_json, report_table
from wino_toolkit.baselines.pmi.terms import (
    CONNECTIVE,
    EMPTY_CANDIDATE,
    NAMED_CANDIDATE,
    NO_TWIN,
    ONE_WORD,
    PREPOSITION,
    REFERENCE_IS_ANSWER,
    SHARED_TERM,
    Terms,
    read_terms,
    resolve_terms,
    select_terms,
    write_terms,
)
from wino_toolkit.schema import Candidate, Item

HERE = FIXTURES / "pmi-check"


class FakeIndex:
    """The PMIIndex interface over a few documents, with the toolkit's windowing (tokens split on spaces)."""

    signature = "seg:fake|lower"
    checksum = "sha256:0123456789abcdef0123456789abcdef"

    def __init__(self, docs: list[str], *, window: int = 3, language: str = "en"):
        self.window, self.language = window, language
        self.windows = []
        for doc in docs:
            tokens = doc.lower().split()
            for i in range(max(1, len(tokens) - window + 1)):
                self.windows.append(set(tokens[i : i + window]))
        self.n_windows = len(self.windows)

    def normalize(self, word: str) -> str:
        return word.strip().lower()

    def has(self, term: str) -> bool:
        return self.windows_with(term) > 0

    def windows_with(self, term: str) -> int:
        return sum(self.normalize(term) in w for w in self.windows)

    def windows_with_both(self, a: str, b: str) -> int:
        a, b = self.normalize(a), self.normalize(b)
        return sum(a in w and b in w for w in self.windows)

    def pmi(self, a: str, b: str) -> float:
        na, nb = self.windows_with(a), self.windows_with(b)
        if not na or not nb:
            return math.nan
        both = self.windows_with_both(a, b)
        return math.log2(both * self.n_windows / (na * nb)) if both else -math.inf


class TableIndex(FakeIndex):
    """An index whose PMI values are given directly: ``{(reference, answer): value}``."""

    def __init__(self, values: dict[tuple[str, str], float], language: str = "en"):
        super().__init__(["filler"], language=language)
        self.values = values

    def pmi(self, a: str, b: str) -> float:
        return self.values.get((a, b), math.nan)


def item(id_, text, cands, answer, twin=None, role=None, triggers=(), language="en", corpus="tiny") -> Item:
    spans = []
    for c in cands:
        k = text.lower().find(c.lower())
        spans.append(Candidate(c, wt.Span(k, k + len(c), text[k : k + len(c)]) if k >= 0 else None))
    return Item(id_, corpus, language, text, spans, answer, twin=twin, role=role, triggers=list(triggers))


def twins(id_, a, b, cands, answers=(0, 1), language="en", corpus="tiny") -> list[Item]:
    """Two versions of an invented schema; triggers come from the toolkit's own twin diff."""
    pair = [
        item(f"{id_}-0", a, cands, answers[0], twin=id_, role="special", language=language, corpus=corpus),
        item(f"{id_}-1", b, cands, answers[1], twin=id_, role="alternate", language=language, corpus=corpus),
    ]
    return list(wt.link_twins(pair))


def by_id(terms: list[Terms]) -> dict[str, Terms]:
    return {t.id: t for t in terms}


LOWER = FakeIndex(["x"])


# --- term selection --------------------------------------------------------------------------------


def test_english_trigger_and_head_nouns():
    """The trigger's content word is the reference; each candidate's head noun is its answer term,
    the head ending before a prepositional phrase ("The box of apples" → box)."""
    items = twins(
        "box", "The box of apples fell off the cart because it was heavy.",
        "The box of apples fell off the cart because it was tilted.", ["The box of apples", "the cart"],
    )
    t = by_id(select_terms(items, index=LOWER))
    assert (t["box-0"].reference, t["box-0"].answers, t["box-0"].skip_reason) == ("heavy", ["box", "cart"], None)
    assert t["box-1"].reference == "tilted" and t["box-1"].source == "auto" and t["box-1"].reason is None


def test_english_lemmas_come_from_the_segmenter_without_an_index():
    """Without an index, terms are normalised like an English index's tokens: lower-cased lookup lemmas."""
    items = twins(
        "nurse", "The nurses thanked the volunteers because they had received blood.",
        "The nurses thanked the volunteers because they had donated blood.", ["The nurses", "the volunteers"],
        answers=(0, 1),
    )
    t = by_id(select_terms(items))
    assert t["nurse-0"].reference == "receive" and t["nurse-1"].reference == "donate"
    assert t["nurse-0"].answers == ["nurse", "volunteer"]


def test_multiword_trigger_takes_its_last_content_word():
    """"bought from" → bought: prepositions and function words are never the reference."""
    items = twins(
        "shop", "The tailor bought from the weaver a roll of cloth, so it earned money.",
        "The tailor sold the weaver a roll of cloth, so it earned money.", ["The tailor", "the weaver"],
    )
    assert by_id(select_terms(items, index=LOWER))["shop-0"].reference == "bought"


def test_names_are_never_terms():
    """Listed names, and a capitalised word in mid-sentence, have no term: the item falls back to random."""
    items = twins(
        "lend", "Marta lent the scholar Quentin her bicycle because she was generous.",
        "Marta lent the scholar Quentin her bicycle because she was careless.", ["Marta", "Quentin"],
    )
    t = by_id(select_terms(items, index=LOWER))["lend-0"]
    assert t.answers == [None, None] and t.skip_reason == NAMED_CANDIDATE and t.reference == "generous"


def test_bare_capitalised_singular_is_a_name():
    """A bare capitalised singular is a name even when the lexicon knows the word ("Carol", "Dr. Baker",
    at a sentence start); a plural common noun capitalised at the start ("Gardeners") is not."""
    items = twins(
        "doc", "Dr. Baker met gardeners because they were worried.",
        "Dr. Baker met gardeners because he was curious.", ["Gardeners", "Dr. Baker"],
    ) + twins(
        "song", "Carol sang with the choir because she was happy.",
        "Carol sang with the choir because she was asked.", ["Carol", "the choir"],
    )
    t = by_id(select_terms(items, index=LOWER))
    assert t["doc-0"].answers == ["gardeners", None]
    assert t["song-0"].answers == [None, "choir"]


def test_connective_only_twins_are_skipped():
    """Twins that differ only by "because"/"although" give PMI nothing to compare: both are skipped."""
    items = twins(
        "goat", "The farmer fed the goat because it was hungry.", "The farmer fed the goat although it was hungry.",
        ["The farmer", "the goat"],
    )
    assert [t.skip_reason for t in select_terms(items, index=LOWER)] == [CONNECTIVE, CONNECTIVE]


def test_preposition_only_twins_are_skipped():
    """"under" / "behind": a preposition is the only difference."""
    items = twins(
        "ball", "The ball rolled under the sofa and it was lost.", "The ball rolled behind the sofa and it was lost.",
        ["The ball", "the sofa"],
    )
    assert [t.skip_reason for t in select_terms(items, index=LOWER)] == [PREPOSITION, PREPOSITION]


def test_one_added_word_twins_are_skipped():
    """One version adds a single word ("not") and the other nothing: the schema is skipped."""
    items = twins(
        "call", "The boy called the plumber because he was available.",
        "The boy called the plumber because he was not available.", ["The boy", "the plumber"],
    )
    assert [i.triggers for i in items] == [[], ["not"]]
    assert [t.skip_reason for t in select_terms(items, index=LOWER)] == [ONE_WORD, ONE_WORD]


def test_items_without_twin_shared_terms_and_reference_as_answer():
    """No twin → no trigger; two candidates with one head noun, or a reference that is an answer term,
    cannot separate the candidates; a pronoun candidate has no content word."""
    lone = item("lone", "The cook burned the soup because it was late.", ["The cook", "the soup"], 0)
    same = twins(
        "cookie", "The oat cookies outsold the nut cookies because they were cheaper.",
        "The oat cookies outsold the nut cookies because they were fresher.", ["the oat cookies", "the nut cookies"],
    )
    ref = twins(
        "fish", "A shark chased the duck because the shark was hungry.",
        "A shark chased the duck because the duck was hungry.", ["A shark", "the duck"],
    )
    pron = twins(
        "him", "The coach praised him because he was early.", "The coach praised him because he was late.",
        ["him", "The coach"],
    )
    t = by_id(select_terms([lone, *same, *ref, *pron], index=LOWER))
    assert t["lone"].skip_reason == NO_TWIN
    assert t["cookie-0"].skip_reason == SHARED_TERM
    assert t["fish-1"].reference == "duck" and t["fish-1"].skip_reason == REFERENCE_IS_ANSWER
    assert t["him-0"].answers == [None, "coach"] and t["him-0"].skip_reason == EMPTY_CANDIDATE


def test_chinese_terms_names_and_degree_adverb():
    """Chinese: jieba words; 太矮 (one jieba word) gives 矮; person names (jieba nr with a surname,
    reduplicated given names) are not terms; a connective-only pair (因为/虽然) is skipped."""
    zh = "zh-Hans"
    items = twins(
        "vase", "花瓶放不进柜子，因为它太高了。", "花瓶放不进柜子，因为它太矮了。", ["花瓶", "柜子"], language=zh,
    ) + twins(
        "thank", "陈晓东感谢婷婷，因为她帮了忙。", "陈晓东感谢婷婷，因为她受了帮助。", ["陈晓东", "婷婷"], language=zh,
    ) + twins(
        "rain", "小狗没有出门，因为下雨了。", "小狗没有出门，虽然下雨了。", ["小狗", "雨"], language=zh,
    )
    t = by_id(select_terms(items, index=FakeIndex(["x"], language="zh")))
    assert (t["vase-0"].reference, t["vase-0"].answers) == ("高", ["花瓶", "柜子"])
    assert t["vase-1"].reference == "矮"
    assert t["thank-0"].answers == [None, None] and t["thank-0"].skip_reason == NAMED_CANDIDATE
    assert t["rain-0"].answers == ["小狗", "雨"] and t["rain-0"].skip_reason == CONNECTIVE


def test_chinese_head_is_the_last_word_and_traditional_is_normalised():
    """年长的学生 → 学生 (the head comes last); without an index the Chinese segmenter's t2s applies."""
    items = twins(
        "help", "年长的學生幫助了小貓，因為牠很餓。", "年长的學生幫助了小貓，因為牠很累。", ["年长的學生", "小貓"], language="zh-Hant",
    )
    t = by_id(select_terms(items))["help-0"]
    assert t.answers == ["学生", "小猫"] and t.reference == "饿"


# --- the terms file ----------------------------------------------------------------------------------


def corpus() -> list[Item]:
    return twins(
        "box", "The box of apples fell off the cart because it was heavy.",
        "The box of apples fell off the cart because it was tilted.", ["The box of apples", "the cart"],
    ) + twins(
        "lend", "Marta lent Quentin her bicycle because she was generous.",
        "Marta lent Quentin her bicycle because she was careless.", ["Marta", "Quentin"],
    ) + [item("pdp", "The fox, the hen and the dog woke when it barked.", ["The fox", "the hen", "the dog"], 2)]


def test_terms_file_round_trip(tmp_path):
    """write → read gives the same terms (now from the file), with as many answer columns as candidates."""
    items = corpus()
    terms = select_terms(items, index=LOWER)
    path = tmp_path / "terms.tsv"
    assert write_terms(terms, path) == 5
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].split("\t") == ["id", "corpus", "language", "reference", "answer_1", "answer_2", "answer_3", "skip_reason", "note"]
    back = read_terms(path, items)
    for t in terms:
        t.source = "file"
    assert list(back.values()) == terms


def test_edited_terms_file_overrides_automatic_terms(tmp_path):
    """A reviewer represents the names by actions (the paper's Bob → "pay"); unlisted items stay automatic."""
    items = corpus()
    path = tmp_path / "terms.tsv"
    path.write_text(
        "id\tcorpus\tlanguage\treference\tanswer_1\tanswer_2\tskip_reason\tnote\n"
        "lend-0\ttiny\ten\tgenerous\tlend\tborrow\t\tnames by actions\n",
        encoding="utf-8",
    )
    given = read_terms(path, items)
    resolved = by_id(resolve_terms(items, terms=given, index=LOWER))
    assert resolved["lend-0"].answers == ["lend", "borrow"] and resolved["lend-0"].source == "file"
    assert resolved["lend-1"].source == "auto" and resolved["lend-1"].skip_reason == NAMED_CANDIDATE


@pytest.mark.parametrize(
    "fixture, expect",
    [
        ("terms_unknown_id.tsv", "line 3: unknown item id 'box-7' in corpus 'tiny'"),
        ("terms_extra_answer.tsv", "line 2: 3 answer terms, but item 'box-0' has 2 candidates"),
        ("terms_short_row.tsv", "line 2: 7 cells, the header has 8"),
        ("terms_bad_header.tsv", "line 1: header must be id corpus language reference answer_1 answer_2"),
        ("terms_duplicate_row.tsv", "line 3: item 'box-0' of corpus 'tiny' is listed twice"),
        ("terms_wrong_language.tsv", "line 2: language 'fr', but item 'box-0' is 'en'"),
        ("terms_too_few_columns.tsv", "line 2: the file has 1 answer column(s), but item 'box-0' has 2 candidates"),
    ],
)
def test_bad_terms_files(fixture, expect):
    """Each bad row is a one-line FormatError naming the file, the line and the problem."""
    path = HERE / fixture
    with pytest.raises(wt.FormatError) as info:
        read_terms(path, corpus())
    message = str(info.value)
    assert message.startswith(str(path)) and expect in message and "\n" not in message


def test_empty_terms_file(tmp_path):
    path = tmp_path / "empty.tsv"
    path.write_text("")
    with pytest.raises(wt.FormatError, match="file is empty"):
        read_terms(path)


# --- decisions, statistics, verdict ----------------------------------------------------------------


def test_decide_threshold_and_undefined():
    """The best candidate wins when it beats the second by more than t; -inf/nan everywhere is undefined."""
    inf = math.inf
    assert chk.decide([2.0, 0.5]) == (0, True)
    assert chk.decide([0.5, 2.0], threshold=1.0) == (1, True)
    assert chk.decide([0.5, 2.0], threshold=1.5) == (None, True)
    assert chk.decide([1.0, 1.0]) == (None, True)
    assert chk.decide([-inf, 0.1]) == (1, True)
    assert chk.decide([math.nan, -3.0], threshold=100) == (1, True)  # inf - (-inf) beats any threshold
    assert chk.decide([-inf, math.nan]) == (None, False)
    assert chk.decide([0.0, 3.0, 2.0], threshold=0.5) == (1, True)


def schema_items(n: int, corpus: str = "tiny") -> list[Item]:
    return [item(f"i{k}", f"The cat chased dog {k} because it was fast.", ["The cat", f"dog {k}"], k % 2, corpus=corpus) for k in range(n)]


def given(items: list[Item], plan: dict[str, tuple[float, float] | None]) -> tuple[dict, TableIndex]:
    """Terms for each item (``None``: skipped) and an index returning the planned PMI values."""
    terms, values = {}, {}
    for it in items:
        pmi = plan.get(it.id)
        ref = f"r-{it.id}"
        answers = [f"a-{it.id}", f"b-{it.id}"]
        terms[(it.corpus, it.id)] = Terms(it.id, it.corpus, it.language, ref, answers, "file", None if pmi else "skipped")
        if pmi:
            values[(ref, answers[0])], values[(ref, answers[1])] = pmi
    return terms, TableIndex(values)


def test_check_counts_expected_accuracy_interval_and_test():
    """10 items: 6 decided (5 right), 2 undefined, 2 skipped. Expected accuracy = (5 + 4 × 1/2) / 10."""
    items = schema_items(10)
    inf = math.inf
    plan = {  # answer is k % 2
        "i0": (3.0, 1.0), "i1": (0.0, 2.0), "i2": (1.0, -inf), "i3": (math.nan, 0.5), "i4": (2.0, 1.5),
        "i5": (2.0, 1.0),  # wrong
        "i6": (-inf, -inf), "i7": (math.nan, -inf),
    }
    terms, index = given(items, plan)
    result = chk.check(items, index, terms=terms, seed=3)
    s = result.summaries[0]
    assert (s.items, s.with_terms, s.defined, s.decided, s.correct_decided) == (10, 8, 6, 6, 5)
    assert s.expected_accuracy == pytest.approx(0.7) and s.chance == 0.5
    assert s.precision == pytest.approx(5 / 6)
    assert s.p_value == pytest.approx(14 / 64)  # P(X >= 5) + P(X <= 1) for X ~ Bin(6, 1/2)
    from scipy.stats import binomtest

    assert s.p_value == pytest.approx(binomtest(5, 6, 0.5).pvalue)
    lo, hi = chk.wilson(5, 6)
    assert s.interval == pytest.approx(((6 * lo + 2) / 10, (6 * hi + 2) / 10))
    assert s.verdict == "inconclusive (n too small)"  # 6 decided, not significant: no finding
    reasons = {o.id: o.reason for o in result.outcomes}
    assert reasons["i6"].startswith("PMI undefined") and reasons["i8"] == "skipped" and reasons["i0"] is None
    drawn = [o for o in result.outcomes if not o.decided]
    assert s.correct == 5 + sum(o.correct for o in drawn)


def test_threshold_sends_small_differences_to_random():
    items = schema_items(4)
    terms, index = given(items, {"i0": (3.0, 1.0), "i1": (0.0, 0.4), "i2": (1.0, 0.9), "i3": (0.0, 5.0)})
    low = chk.check(items, index, terms=terms).summaries[0]
    high = chk.check(items, index, terms=terms, threshold=0.5).summaries[0]
    assert (low.decided, high.decided) == (4, 2)
    assert high.defined == 4
    assert "thr:0.5" in chk.check(items, index, terms=terms, threshold=0.5).signature


def test_random_fallback_is_seeded_per_item():
    """Same seed, same draws, whatever else is checked alongside; another seed gives other draws."""
    items = schema_items(40)
    terms, index = given(items, {})
    a = [o.predicted for o in chk.check(items, index, terms=terms, seed=7).outcomes]
    b = [o.predicted for o in chk.check(items, index, terms=terms, seed=7).outcomes]
    c = [o.predicted for o in chk.check(items, index, terms=terms, seed=8).outcomes]
    alone = [o.predicted for o in chk.check(items[20:], index, terms=terms, seed=7).outcomes]
    assert a == b and a != c and a[20:] == alone
    assert set(a) == {0, 1}


def test_wilson_interval_against_hand_computed_values():
    """Known 95% Wilson intervals: 8/10 → 0.4902-0.9433, 5/10 → 0.2366-0.7634, 0/10 → 0-0.2775."""
    assert chk.wilson(8, 10) == pytest.approx((0.4902, 0.9433), abs=5e-5)
    assert chk.wilson(5, 10) == pytest.approx((0.2366, 0.7634), abs=5e-5)
    assert chk.wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=5e-5)


def summary(correct_decided: int, decided: int, items: int, p: float) -> chk.Summary:
    random_items = items - decided
    return chk.Summary(
        "c", "en", items, 0, decided, decided, decided, correct_decided, correct_decided,
        correct_decided + random_items / 2, 0.5, 0.5, p,
    )


def test_verdict_needs_significance_and_an_advantage():
    assert summary(40, 50, 100, 1e-5).verdict == "not resistant"
    assert summary(10, 50, 100, 1e-5).verdict == "resistant"  # significantly worse than chance
    assert summary(30, 50, 100, 0.2).verdict == "resistant"
    no_cover = summary(0, 0, 10, 1.0)
    assert no_cover.interval == (0.5, 0.5) and no_cover.precision is None
    assert no_cover.verdict == "inconclusive (n too small)"


def test_tiny_sample_verdict_is_inconclusive_not_resistant():
    """4 decided items with p = 0.625 were called "resistant": below the minimum (29 decided items for two
    candidates: 80% power against a precision of 0.75) a non-significant result is "inconclusive (n too small)"."""
    from scipy.stats import binomtest

    tiny = summary(3, 4, 4, binomtest(3, 4, 0.5).pvalue)
    assert tiny.p_value == pytest.approx(0.625)
    assert tiny.verdict == "inconclusive (n too small)" and "fewer than the 29 decided items" in tiny.evidence
    assert chk.min_decided(0.5) == 29 and chk.min_decided(1 / 3) == 29
    assert summary(15, 28, 28, 0.85).verdict == "inconclusive (n too small)"
    assert summary(15, 29, 29, 1.0).verdict == "resistant"
    assert summary(6, 6, 6, binomtest(6, 6, 0.5).pvalue).verdict == "not resistant"  # significant at any size
    assert summary(2, 28, 28, 1e-5).verdict == "inconclusive (n too small)"  # worse than chance says nothing


def test_p_value_for_a_large_advantage_is_small():
    items = schema_items(30)
    plan = {it.id: ((2.0, 1.0) if it.answer == 0 else (1.0, 2.0)) for it in items}
    terms, index = given(items, plan)
    s = chk.check(items, index, terms=terms).summaries[0]
    assert s.expected_accuracy == 1.0 and s.p_value == pytest.approx(2 * 0.5**30)
    assert s.verdict == "not resistant" and "p = " in s.evidence


def test_signature_like_sacrebleu():
    index = FakeIndex(["a b c"])
    assert chk.signature(index, threshold=0, seed=0) == (
        f"pmi|lang:en|win:3|seg:fake|lower|idx:01234567|terms:auto|thr:0|seed:0|v:{wt.__version__}"
    )
    index.signature = "lang:en|win:3|seg:jieba-0.42.1+hmm|script:t2s"
    sig = chk.signature(index, threshold=0.25, seed=5, terms="file-abcdef12")
    assert sig.count("lang:") == 1 and sig.count("win:") == 1
    assert "|seg:jieba-0.42.1+hmm|script:t2s|" in sig and sig.endswith(f"terms:file-abcdef12|thr:0.25|seed:5|v:{wt.__version__}")


def test_language_mismatch_and_unlabeled_items():
    items = schema_items(3)
    with pytest.raises(wt.WinoError, match="is in 'en', the index in 'zh'"):
        chk.check(items, FakeIndex(["x"], language="zh"))
    unlabeled = [item("u", "The cat saw it.", ["The cat", "the dog"], None)]
    with pytest.raises(wt.WinoError, match="no labeled items"):
        chk.check(unlabeled, LOWER)
    s = chk.check(items + [item("u2", "The cat saw it.", ["The cat", "the dog"], None)], LOWER).summaries[0]
    assert (s.items, s.unlabeled) == (3, 1)


def test_report_json_shape_and_table():
    items = schema_items(6) + schema_items(4, corpus="other")
    terms, index = given(items, {"i0": (2.0, 1.0), "i1": (-math.inf, 1.0), "i2": (math.nan, math.nan)})
    result = chk.check(items, index, terms=terms)
    data = report_json([result], details=True)
    text = json.dumps(data, allow_nan=False)  # strict JSON: infinities are spelled out
    assert data["method"] == METHOD and data["tool"].startswith("wino-toolkit")
    check = data["checks"][0]
    assert check["signature"] == result.signature and check["seed"] == 0 and check["threshold"] == 0
    assert [s["corpus"] for s in check["summaries"]] == ["tiny", "other"]
    first = check["summaries"][0]
    assert set(first) >= {"items", "covered", "precision", "accuracy", "expected_accuracy", "expected_accuracy_ci95", "binomial_test", "verdict", "evidence"}
    assert first["binomial_test"]["trials"] == first["covered"] == 2
    rows = {r["id"]: r for r in check["items"]}
    assert rows["i1"]["pmi"] == ["-inf", 1.0] and rows["i2"]["pmi"] == [None, None]
    assert '"-inf"' in text
    assert "items" not in report_json([result])["checks"][0]
    from rich.console import Console

    console = Console(width=200, record=True)
    console.print(report_table([result]))
    shown = console.export_text()
    assert result.signature in shown and "tiny" in shown and "other" in shown


# --- the CLI (called directly, with a parser built here) --------------------------------------------


def parse(*argv: str) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="wino")
    cli.add_pmi_commands(parser.add_subparsers(dest="command", required=True))
    return parser.parse_args(["pmi", *argv])


def write_corpus(tmp_path: Path, items: list[Item], name: str = "tiny.jsonl") -> str:
    path = tmp_path / name
    wt.write(items, path, to="jsonl")
    return str(path)


def test_cli_terms_auto_and_template(tmp_path, capsys):
    source = write_corpus(tmp_path, corpus())
    out = tmp_path / "terms.tsv"
    args = parse("terms", source, "--auto", "-o", str(out))
    assert args.func(args) == 0
    assert "wrote 5 items" in capsys.readouterr().err
    terms = read_terms(out, corpus())
    assert terms[("tiny", "box-0")].answers == ["box", "cart"]
    args = parse("terms", source)
    assert args.func(args) == 0
    template = capsys.readouterr().out.splitlines()
    assert len(template) == 6 and template[1].split("\t")[3:6] == ["", "", ""]


def test_cli_check_table_json_and_strict(tmp_path, capsys, monkeypatch):
    items = schema_items(30)
    plan = {it.id: ((2.0, 1.0) if it.answer == 0 else (1.0, 2.0)) for it in items}
    terms, index = given(items, plan)
    path = tmp_path / "terms.tsv"
    write_terms(terms.values(), path)
    monkeypatch.setattr(cli, "_open_index", lambda p: index)
    source = write_corpus(tmp_path, items)
    args = parse("check", source, "--index", "fake.idx", "--terms", str(path))
    assert args.func(args) == 0
    out = capsys.readouterr().out
    assert "not resistant" in out and "terms:file-" in out
    args = parse("check", source, "--index", "fake.idx", "--terms", str(path), "--json", "--details", "--strict")
    assert args.func(args) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["checks"][0]["summaries"][0]["verdict"] == "not resistant" and len(data["checks"][0]["items"]) == 30


def test_cli_checks_arguments_before_work(tmp_path, monkeypatch):
    source = write_corpus(tmp_path, schema_items(2))
    monkeypatch.setattr(cli, "_open_index", lambda p: LOWER)
    for argv, message in [
        (("check", source, "--index", "x", "--margin", "-1"), "--margin must be"),
        (("check", source, "--index", "x", "--margin", "nan"), "--margin must be"),
        (("check", source, "--index", "x", "--alpha", "2"), "--alpha must be"),
        (("check", source, "--index", "x", "-O", "subset=wsc273"), "has no option 'subset'"),
        (("check", str(tmp_path / "missing.jsonl"), "--index", "x"), "no such corpus file"),
        (("index", source, "--lang", "en", "-o", str(tmp_path / "i"), "--window", "0"), "--window must be at least 1"),
        (("index", source, "--lang", "en", "-o", str(tmp_path / "i"), "--scheduler", "localhost"), "tcp://HOST:PORT"),
        (("index", str(tmp_path / "nope.xml"), "--lang", "en", "-o", str(tmp_path / "i")), "no such input file"),
        (("index", source, "--lang", "en", "-o", str(tmp_path / "i"), "--user-dict", source), "apply to Chinese"),
    ]:
        args = parse(*argv)
        with pytest.raises(wt.WinoError, match=re.escape(message)):
            args.func(args)
    assert not (tmp_path / "i").exists()


def test_cli_needs_an_index_per_language(tmp_path, monkeypatch):
    zh = [item("z", "猫追狗，因为它很快。", ["猫", "狗"], 0, language="zh-Hans", corpus="zhc")]
    source = write_corpus(tmp_path, zh)
    monkeypatch.setattr(cli, "_open_index", lambda p: LOWER)
    args = parse("check", source, "--index", "en.idx")
    with pytest.raises(wt.WinoError, match="no index for language"):
        args.func(args)


def test_cli_query(capsys, monkeypatch):
    index = FakeIndex(["kettle boils water", "water flows downhill", "kettle whistles"], window=3)
    monkeypatch.setattr(cli, "_open_index", lambda p: index)
    args = parse("query", "x.idx", "Kettle", "water", "--json")
    assert args.func(args) == 0
    row = json.loads(capsys.readouterr().out)
    assert (row["windows"], row["count1"], row["count2"], row["count_both"]) == (3, 2, 2, 1)
    assert row["pmi"] == pytest.approx(math.log2(1 * 3 / (2 * 2)))
    args = parse("query", "x.idx", "kettle", "downhill")
    assert args.func(args) == 0
    assert "-inf" in capsys.readouterr().out


# --- end to end: the real index builder on self-written text ----------------------------------------


def zh_corpus() -> list[Item]:
    return twins(
        "vase", "花瓶放不进柜子，因为它太高了。", "花瓶放不进柜子，因为它太矮了。", ["花瓶", "柜子"], language="zh-Hans", corpus="tinyzh",
    ) + twins(
        "thank", "陈晓东感谢婷婷，因为她帮了忙。", "陈晓东感谢婷婷，因为她受了帮助。", ["陈晓东", "婷婷"],
        answers=(1, 0), language="zh-Hans", corpus="tinyzh",
    )


@pytest.fixture(scope="module")
def tiny_indexes(tmp_path_factory):
    """Indexes of the two text fixtures, built once by the real builder (in-process)."""
    from wino_toolkit.baselines.pmi.index import build_index
    from wino_toolkit.baselines.pmi.query import PMIIndex

    root = tmp_path_factory.mktemp("pmi")
    out = {}
    for lang in ("en", "zh"):
        path = build_index([HERE / f"tiny_wiki_{lang}.txt"], root / f"{lang}.idx", language=lang, window=10, processes=1)
        out[lang] = PMIIndex.open(path)
    return out


def test_end_to_end_english(tiny_indexes):
    """heavy ~ box and tilted ~ cart in the text: PMI answers both twins right; the names go random."""
    index = tiny_indexes["en"]
    result = chk.check(corpus(), index)
    o = {x.id: x for x in result.outcomes}
    assert (o["box-0"].terms.reference, o["box-0"].terms.answers) == ("heavy", ["box", "cart"])
    assert o["box-0"].decided and o["box-0"].predicted == 0 and o["box-0"].pmi[1] == -math.inf
    assert o["box-1"].terms.reference == "tilt" and o["box-1"].decided and o["box-1"].predicted == 1
    assert not o["lend-0"].decided and o["lend-0"].reason == NAMED_CANDIDATE
    s = result.summaries[0]
    assert (s.items, s.decided, s.correct_decided) == (5, 2, 2)
    assert s.expected_accuracy == pytest.approx((2 + 2 / 2 + 1 / 3) / 5)
    assert f"idx:{index.checksum.split(':')[-1][:8]}" in result.signature and "|seg:spacy-" in result.signature
    assert o["box-0"].pmi[0] == pytest.approx(math.log2(index.n_windows / index.windows_with("box")))


def test_end_to_end_chinese(tiny_indexes):
    index = tiny_indexes["zh"]
    result = chk.check(zh_corpus(), index)
    o = {x.id: x for x in result.outcomes}
    assert (o["vase-0"].terms.reference, o["vase-1"].terms.reference) == ("高", "矮")
    assert (o["vase-0"].predicted, o["vase-1"].predicted) == (0, 1) and o["vase-0"].decided and o["vase-1"].decided
    assert not o["thank-0"].decided
    assert "|seg:jieba-" in result.signature and result.signature.startswith("pmi|lang:zh|win:10|")


def test_cli_index_terms_check_query_end_to_end(tmp_path, capsys):
    """The commands chained on the English fixture, as a user runs them."""
    idx = tmp_path / "en.idx"
    args = parse("index", str(HERE / "tiny_wiki_en.txt"), "--lang", "en", "-o", str(idx), "--jobs", "1")
    assert args.func(args) == 0
    assert "index written to" in capsys.readouterr().err
    source = write_corpus(tmp_path, corpus())
    terms = tmp_path / "terms.tsv"
    args = parse("terms", source, "--auto", "--index", str(idx), "-o", str(terms))
    assert args.func(args) == 0
    assert read_terms(terms, corpus())[("tiny", "box-1")].reference == "tilt"
    args = parse("check", source, "--index", str(idx), "--terms", str(terms), "--json", "--details")
    assert args.func(args) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["checks"][0]["summaries"][0]["covered"] == 2
    args = parse("query", str(idx), "tilted", "carts", "--json")
    assert args.func(args) == 0
    row = json.loads(capsys.readouterr().out)
    assert (row["term1"], row["term2"], row["count_both"]) == ("tilt", "cart", 2)
    args = parse("check", source, "--index", str(tmp_path / "missing.idx"))
    with pytest.raises(wt.FormatError, match="no such index"):
        args.func(args)


def test_bundled_samples_end_to_end(tmp_path, capsys):
    """The bundled corpus samples against indexes of the bundled wiki samples: one table, two languages."""
    from conftest import SAMPLES

    from wino_toolkit.baselines.pmi.index import build_index

    wiki = SAMPLES / "wiki"
    en = build_index([wiki / "enwiki-sample.xml"], tmp_path / "en.idx", language="en", processes=1)
    zh = build_index([wiki / "zhwiki-sample.xml"], tmp_path / "zh.idx", language="zh", processes=1)
    corpora = [str(SAMPLES / "wsc-xml.xml"), str(SAMPLES / "mandarinograd.json")]
    args = parse("check", *corpora, "--index", str(en), "--index", str(zh), "--json")
    assert args.func(args) == 0
    summaries = [s for c in json.loads(capsys.readouterr().out)["checks"] for s in c["summaries"]]
    assert {s["language"] for s in summaries} == {"en", "zh-Hans"}
    assert all(s["items"] == 8 and 0 < s["covered"] <= s["with_terms"] for s in summaries)


# --- the real corpora against indexes of the real dump samples (slow) -------------------------------


@pytest.fixture(scope="module")
def real_indexes(tmp_path_factory):
    from conftest import shared_file

    from wino_toolkit.baselines.pmi.index import build_index

    en = shared_file("wikidump/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2")
    zh = [shared_file("wikidump/zhwiki-test-pages.xml")] + sorted(shared_file("wikitext/zh").iterdir())
    root = tmp_path_factory.mktemp("pmi-real")
    return (
        build_index([en], root / "en.idx", language="en", window=10, processes=2),
        build_index(zh, root / "zh.idx", language="zh", window=10, processes=2),
    )


@pytest.mark.slow
def test_real_wsc273_and_mandarinograd(shared, real_indexes, capsys):
    """One cross-lingual run: the report's structure and internal consistency (the samples are tiny,
    so coverage is low and no verdict is asserted)."""
    from scipy.stats import binomtest

    en, zh = real_indexes
    wsc, mg = shared / "wsc" / "WSCollection.xml", shared / "mandarinograd" / "mandarinograd.json"
    args = parse("check", str(wsc), str(mg), "-O", "subset=wsc273", "--index", str(en), "--index", str(zh), "--json", "--details")
    assert args.func(args) == 0
    data = json.loads(capsys.readouterr().out)
    checks = {c["signature"].split("|")[1]: c for c in data["checks"]}
    assert set(checks) == {"lang:en", "lang:zh"}
    counts = {}
    for c in checks.values():
        (s,) = c["summaries"]
        rows = c["items"]
        counts[s["corpus"]] = s["items"]
        covered = [r for r in rows if r["decided"]]
        assert len(rows) == s["items"] and len(covered) == s["covered"] <= s["defined"] <= s["with_terms"] <= s["items"]
        correct = sum(r["correct"] for r in covered)
        assert s["correct_covered"] == correct
        assert s["expected_accuracy"] == pytest.approx((correct + (s["items"] - len(covered)) / 2) / s["items"])
        assert s["accuracy"] == pytest.approx(sum(r["correct"] for r in rows) / s["items"])
        lo, hi = s["expected_accuracy_ci95"]
        assert lo <= s["expected_accuracy"] <= hi
        if covered:
            assert s["binomial_test"]["p_value"] == pytest.approx(binomtest(correct, len(covered), 0.5).pvalue)
        significant = s["binomial_test"]["p_value"] < s["alpha"] and s["expected_accuracy"] > s["chance"]
        enough = s["covered"] >= s["min_decided"]
        assert s["verdict"] == ("not resistant" if significant else "resistant" if enough else "inconclusive (n too small)")
        assert "p = " in s["evidence"]
        for r in rows:
            assert not r["decided"] or r["random_reason"] is None
    assert counts == {"wsc273": 273, "mandarinograd": 308}
    args = parse("check", str(wsc), str(mg), "-O", "subset=wsc273", "--index", str(en), "--index", str(zh))
    assert args.func(args) == 0
    table = capsys.readouterr().out
    assert "wsc273" in table and "mandarinograd" in table and table.count("pmi|lang:") == 2
