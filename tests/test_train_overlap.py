"""Overlap (contamination) between corpora: normalisation, the four kinds of overlap, prefix filtering
against brute force, the real WSC273 sentences inside XWINO and DPR, and the CLI."""
from __future__ import annotations

import json
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import SAMPLES, shared_file

import wino_toolkit as wt
from wino_toolkit.cli import main
from wino_toolkit.errors import WinoError
from wino_toolkit.schema import Candidate, Item, Span
from wino_toolkit.parallel import PARALLEL, parallel_key
from wino_toolkit.text import normalize
from wino_toolkit.overlap import EXACT, MIN_CONTAINED_WORDS, item_key, overlap


def item(ident: str, text: str, corpus: str = "c", language: str = "en", split: str | None = None) -> Item:
    return Item(ident, corpus, language, text, [Candidate("x"), Candidate("y")], split=split)


@pytest.mark.parametrize("text, normal", [
    ("The city councilmen refused.", "the city councilmen refused"),
    ("Bernard , who  was\tlate,\nleft!", "bernard who was late left"),  # SuperGLUE's pre-tokenised text
    ("Bob paid for Charlie's education.", "bob paid for charlie s education"),
    ("Bob paid for Charlie 's education .", "bob paid for charlie s education"),
    ("Sarah was better than Maria so _ got the easier cases.", "sarah was better than maria so got the easier cases"),
    ("ＡＢＣ Straße «quoted» — dash", "abc strasse quoted dash"),  # NFKC, case folding, Unicode punctuation
    ("It cost $5 + tax.", "it cost $5 + tax"),  # symbols are not punctuation
    ("王艳站在李梅的后边。", "王 艳 站 在 李 梅 的 后 边"),  # one word per Han character
    ("教授は学生に低い成績をつけた。", "教 授 は 学 生 に 低 い 成 績 を つ け た"),
    ("", ""),
])
def test_normalize(text, normal):
    assert normalize(text) == normal


def kinds(report) -> dict[tuple[str, str], str]:
    return {(p.target.id, p.source.id): p.kind for p in report.pairs}


def test_the_four_kinds_and_what_does_not_overlap():
    sources = [
        item("s-equal", "The trophy doesn't fit into the brown suitcase because it is too large."),
        item("s-inner", "The man couldn't lift his son because he was so weak."),
        item("s-outer", "Context first. Then the sculpture rolled off the shelf because it wasn't anchored. And more."),
        item("s-near", "Joan made sure to thank Susan for all the help she had received from her at the party last night in town today."),
        item("s-short", "He left."),
        item("s-twin", "The trophy doesn't fit into the brown suitcase because it is too small."),
    ]
    targets = [
        item("t-equal", "the trophy doesn't fit into the brown suitcase, because it is too LARGE!"),
        item("t-outer", "Sentence: The man couldn't lift his son because he was so weak. Who was weak?"),
        item("t-inner", "The sculpture rolled off the shelf because it wasn't anchored."),
        item("t-near", "Joan made sure to thank Anna for all the help she had received from her at the party last night in town today."),
        item("t-short", "Then he left."),
        item("t-none", "Completely different words in this sentence here."),
    ]
    report = overlap(targets, sources)
    assert kinds(report) == {
        ("t-equal", "s-equal"): "equal",
        ("t-outer", "s-inner"): "contains",  # the source sentence inside a longer target
        ("t-inner", "s-outer"): "contained",  # the target sentence inside a longer source
        ("t-near", "s-near"): "near",  # one name changed among 22 distinct words: Jaccard 21/23 = 0.913
    }  # "He left." is shorter than MIN_CONTAINED_WORDS; the twin (too small / large) has Jaccard 12/14 = 0.857
    near = next(p for p in report.pairs if p.kind == "near")
    assert near.similarity == pytest.approx(21 / 23)
    assert report.counts == {"c": {"items": 6, "exact": 3, "parallel": 0, "near": 1,
                                   "languages": {"en": {"items": 6, "exact": 3, "parallel": 0, "near": 1}}}}
    assert report.ids() == {("c", None, t) for t in ("t-equal", "t-outer", "t-inner", "t-near")}
    assert report.ids(near=False) == {("c", None, t) for t in ("t-equal", "t-outer", "t-inner")}
    # the twin becomes a near-duplicate with a lower threshold; the equal pair stays equal
    assert kinds(overlap(targets, sources, threshold=0.85))[("t-equal", "s-twin")] == "near"
    assert kinds(overlap(targets, sources, threshold=0.85))[("t-equal", "s-equal")] == "equal"


def test_containment_is_by_whole_words_and_needs_enough_of_them():
    sources = [item("s", "the cat sat on the mat"), item("s4", "one two three four")]
    targets = [item("cats", "the cats sat on the mat today"), item("in", "yes the cat sat on the mat today"),
               item("four", "zero one two three four five")]
    assert MIN_CONTAINED_WORDS == 5
    assert kinds(overlap(targets, sources, threshold=1.0)) == {("in", "s"): "contains"}


def test_an_item_is_not_compared_with_itself_but_duplicates_are_found():
    items = [item("a", "The fish ate the worm because it was hungry."), item("b", "Something else entirely, is it not?"),
             item("c", "The fish ate the worm because it was hungry!")]
    report = overlap(items, items)
    assert kinds(report) == {("a", "c"): "equal", ("c", "a"): "equal"}
    # the same id in another split is another item
    assert kinds(overlap([item("a", "x y z", split="dev")], [item("a", "x y z", split="train")])) == {("a", "a"): "equal"}


def test_counts_per_corpus_and_language_and_the_json_and_table():
    sources = [item("s0", "The fish ate the worm because it was tasty.", corpus="wsc")]
    targets = [item("0", "The fish ate the worm because it was tasty.", corpus="xw"), item("1", "Le poisson a mangé le ver.", corpus="xw", language="fr"),
               item("2", "A fish ate the worm because it was tasty.", corpus="other")]
    report = overlap(targets, sources, threshold=0.8)
    out = report.to_json()
    assert set(out) == {"threshold", "against", "overlap"} and out["against"] == {"wsc": 1} and out["threshold"] == 0.8
    assert out["overlap"]["xw"] == {"items": 2, "exact": 1, "parallel": 0, "near": 0,
                                    "languages": {"en": {"items": 1, "exact": 1, "parallel": 0, "near": 0},
                                                  "fr": {"items": 1, "exact": 0, "parallel": 0, "near": 0}}}
    assert out["overlap"]["other"]["near"] == 1  # "a" added to the 8 words of the source: Jaccard 8/9
    pairs = report.to_json(details=True)["pairs"]
    assert pairs == [{"target": "0", "target_corpus": "xw", "source": "s0", "source_corpus": "wsc", "kind": "equal",
                      "route": "text", "similarity": 1.0},
                     {"target": "2", "target_corpus": "other", "source": "s0", "source_corpus": "wsc", "kind": "near",
                      "route": "text", "similarity": 0.8889}]
    json.dumps(out)
    from rich.console import Console

    console = Console(record=True, width=200)
    console.print(report.table())
    text = console.export_text()
    rows = [line.replace("│", " ").split() for line in text.splitlines() if line.startswith("│")]
    assert rows == [["xw", "en", "1", "1", "0", "0", "100.0%"], ["xw", "fr", "1", "0", "0", "0", "0.0%"],
                    ["other", "en", "1", "0", "1", "0", "100.0%"]]


def translated(ident: str, text: str, english: str, language: str = "fr", corpus: str = "pws") -> Item:
    """An item of a parallel corpus: its parallel key is that of the English sentence it translates."""
    found = item(ident, text, corpus=corpus, language=language)
    found.meta[PARALLEL] = parallel_key(english)
    return found


TROPHY = "The trophy doesn't fit into the brown suitcase because it is too large."


def test_translations_overlap_by_parallel_key():
    """PWS's translated items share no word with WSC, but their parallel key is the key of the WSC item's
    English text: they overlap by the parallel-key route, counted per language; a translation of another
    schema, and a French item with neither a key nor an English text, do not."""
    sources = [item("wsc-0", TROPHY, corpus="wsc")]  # a corpus without parallel keys: English, keyed by its text
    targets = [translated("en-0", TROPHY, TROPHY, language="en"),
               translated("fr-0", "Le trophée ne rentre pas dans la valise marron car il est trop grand.", TROPHY),
               translated("ja-0", "トロフィーは大きすぎて茶色のスーツケースに入らない。", TROPHY, language="ja"),
               translated("fr-1", "La statuette ne rentre pas dans la valise.", "The statuette doesn't fit into the case."),
               item("fr-x", "Le trophée ne rentre pas dans la valise marron car il est trop grand.", corpus="fr", language="fr")]
    report = overlap(targets, sources)
    assert kinds(report) == {("en-0", "wsc-0"): "equal", ("fr-0", "wsc-0"): "parallel", ("ja-0", "wsc-0"): "parallel"}
    assert {p.target.id: p.route for p in report.pairs} == {"en-0": "text", "fr-0": "parallel key", "ja-0": "parallel key"}
    languages = report.counts["pws"]["languages"]
    assert languages["en"] == {"items": 1, "exact": 1, "parallel": 0, "near": 0}
    assert languages["fr"] == {"items": 2, "exact": 0, "parallel": 1, "near": 0}
    assert languages["ja"] == {"items": 1, "exact": 0, "parallel": 1, "near": 0}
    assert report.counts["fr"]["parallel"] == 0 and item_key(targets[-1]) is None
    # what eval transfer --dedupe leaves out: the translations too, near-duplicates or not
    assert report.ids(near=False) == {("pws", None, i) for i in ("en-0", "fr-0", "ja-0")}
    # the other way round: the WSC item is in the training corpus's translations (and English row)
    assert overlap(sources, targets[1:3]).counts["wsc"] == {"items": 1, "exact": 0, "parallel": 1, "near": 0,
                                                            "languages": {"en": {"items": 1, "exact": 0, "parallel": 1, "near": 0}}}


def test_translations_of_a_row_whose_english_contains_the_source_overlap_through_it():
    """XWINO's English rows hold the WSC sentence inside longer text, so no key is equal; the row's English
    version overlaps the source exactly (contains), and the translations sharing its key overlap with it."""
    longer = "Context first. " + TROPHY
    sources = [item("wsc-0", TROPHY, corpus="wsc")]
    targets = [translated("en-0", longer, longer, language="en", corpus="xwino"),
               translated("fr-0", "Le contexte. Le trophée ne rentre pas dans la valise.", longer, corpus="xwino")]
    assert kinds(overlap(targets, sources)) == {("en-0", "wsc-0"): "contains", ("fr-0", "wsc-0"): "parallel"}
    # a near-duplicate by text is not the same schema version: its translations are not counted
    near = "Joan made sure to thank Susan for all the help she had received from her at the party last night in town today."
    other = near.replace("Susan", "Anna")
    found = overlap([translated("en-1", other, other, language="en"), translated("fr-1", "Joan a remercié Anna.", other)],
                    [item("s", near, corpus="wsc")])
    assert kinds(found) == {("en-1", "s"): "near"}


def test_pws_translations_of_wsc285_schemas_overlap_by_parallel_key():
    """Measured on the shared files: PWS English has 271 of its 301 items in WSC285 by text (265 exact, 6 near);
    the translations of the 265 exactly overlapping rows share their parallel keys, so each language's
    items of those rows overlap by parallel key (the translated items of the other rows do not)."""
    pws = list(wt.read(shared_file("pws/pws.tsv")))
    wsc = list(wt.read(shared_file("wsc/WSCollection.xml")))
    report = overlap(pws, wsc)
    languages = report.counts["pws"]["languages"]
    assert languages["en"] == {"items": 301, "exact": 265, "parallel": 0, "near": 6}
    exact_rows = {p.target.meta[PARALLEL] for p in report.pairs if p.kind in EXACT}
    for language, counts in languages.items():
        if language != "en":
            translated_there = sum(i.language == language and i.meta[PARALLEL] in exact_rows for i in pws)
            assert counts["parallel"] == translated_there > 0.8 * counts["items"] and counts["exact"] == counts["near"] == 0
    assert sum(c["parallel"] for c in languages.values()) == 1686  # of 1,868 translated items
    assert all(p.route == "parallel key" for p in report.pairs if p.target.language != "en")


def test_a_bad_threshold_is_refused():
    for bad in (0, -0.5, 1.5):
        with pytest.raises(WinoError, match="threshold"):
            overlap([], [], threshold=bad)


WORDS = ["the", "a", "cat", "dog", "sat", "ran", "mat", "big", "red", "it", "was", "on"]


def brute_force(targets, sources, threshold):
    """Every pair checked directly: the definition the indexed search must agree with."""
    found = {}
    for t in targets:
        for s in sources:
            nt, ns = normalize(t.text), normalize(s.text)
            wt_, ws = set(nt.split()), set(ns.split())
            if nt and nt == ns:
                kind = "equal"
            elif len(ns.split()) >= MIN_CONTAINED_WORDS and len(nt.split()) > len(ns.split()) and f" {ns} " in f" {nt} ":
                kind = "contains"
            elif len(nt.split()) >= MIN_CONTAINED_WORDS and len(ns.split()) > len(nt.split()) and f" {nt} " in f" {ns} ":
                kind = "contained"
            elif wt_ and ws and len(wt_ & ws) / len(wt_ | ws) >= threshold - 1e-9:
                kind = "near"
            else:
                continue
            found[t.id, s.id] = kind
    return found


sentences = st.lists(st.sampled_from(WORDS), min_size=1, max_size=12).map(lambda words: " ".join(words).capitalize() + ".")


@settings(max_examples=150, deadline=None)
@given(targets=st.lists(sentences, max_size=25), sources=st.lists(sentences, max_size=25),
       threshold=st.sampled_from([0.3, 0.5, 2 / 3, 0.75, 0.8, 0.9, 1.0]))
def test_indexed_search_finds_exactly_what_brute_force_finds(targets, sources, threshold):
    t = [item(f"t{i}", text, corpus="t") for i, text in enumerate(targets)]
    s = [item(f"s{i}", text, corpus="s") for i, text in enumerate(sources)]
    report = overlap(t, s, threshold=threshold)
    assert kinds(report) == brute_force(t, s, threshold)
    for pair in report.pairs:
        a, b = set(normalize(pair.target.text).split()), set(normalize(pair.source.text).split())
        assert pair.similarity == pytest.approx(len(a & b) / len(a | b))


def test_wsc273_inside_xwino():
    wsc273 = list(wt.read(shared_file("wsc/WSCollection.xml"), options={"subset": "wsc273"}))
    xwino = list(wt.read(shared_file("xwino/dataset.selected.tsv")))
    report = overlap(wsc273, xwino)
    # The shared XWINO file is a 12-row excerpt (two rows per language); its two English rows are WSC273's
    # schema 38 ("Bob paid for Charlie's college education. He is very generous / grateful."), word for word.
    assert report.counts["wsc273"]["exact"] == 2 and report.counts["wsc273"]["near"] == 0
    assert kinds(report) == {("wsc273-76", "xwino-en-0"): "equal", ("wsc273-77", "xwino-en-1"): "equal"}
    for pair in report.pairs:
        assert pair.target.text == pair.source.text and pair.source.language == "en"
    # the other direction: XWINO's English rows are the ones contaminated, no other language is
    back = overlap(xwino, wsc273).counts["xwino"]["languages"]
    # (the other languages' rows translate schemas that are not in WSC: no parallel key matches either)
    assert back["en"] == {"items": 2, "exact": 2, "parallel": 0, "near": 0}
    assert sum(c["exact"] + c["near"] + c["parallel"] for c in back.values()) == 2


def test_wsc273_inside_dpr_train():
    wsc273 = list(wt.read(shared_file("wsc/WSCollection.xml"), options={"subset": "wsc273"}))
    dpr = list(wt.read(shared_file("dpr/train.c.txt")))
    report = overlap(wsc273, dpr)
    # Three WSC273 sentences are in DPR's training file, differing only by a comma DPR adds: both versions of
    # "James asked Robert for a favor but he (was) refused." (wsc273-259/260, dpr-29/28) and "Emma did not pass
    # the ball to Janie although she was open." (wsc273-264, dpr-384). Each James/Robert version is also a
    # near-duplicate of the other version's DPR row: the two differ by one added word, Jaccard 9/10 = 0.9.
    assert report.counts["wsc273"] == {"items": 273, "exact": 3, "parallel": 0, "near": 0,
                                       "languages": {"en": {"items": 273, "exact": 3, "parallel": 0, "near": 0}}}
    assert kinds(report) == {("wsc273-259", "dpr-29"): "equal", ("wsc273-260", "dpr-28"): "equal", ("wsc273-264", "dpr-384"): "equal",
                             ("wsc273-259", "dpr-28"): "near", ("wsc273-260", "dpr-29"): "near"}
    for pair in report.pairs:
        if pair.kind == "equal":
            assert pair.target.text != pair.source.text and pair.target.text == pair.source.text.replace(",", "")
        else:
            assert pair.similarity == pytest.approx(0.9)
    assert overlap(dpr, wsc273).counts["dpr"]["exact"] == 3


def test_winogrande_against_itself_is_fast():
    items = list(wt.read([shared_file("winogrande/dev.jsonl"), shared_file("winogrande/train_s.jsonl")]))
    start = time.perf_counter()
    report = overlap(items, items)
    elapsed = time.perf_counter() - start
    print(f"overlap of {len(items)} WinoGrande items against themselves: {elapsed:.2f} s")
    # train_s holds one schema twice, under two HIT ids (3QO7EE372Q1AJAAHI6EQ9SJMFJ1QB0 and 3566S7OX5FXZ0UNAKACV3PPIOHJ17V):
    # its 2 versions match the 2 copies, 4 items in all. The 182 near-duplicates are all twins of long schemas (one word
    # apart in 19 distinct words or more), each found from both sides: 91 schemas.
    assert report.counts["winogrande"]["exact"] == 4
    assert {(p.target.id, p.source.id) for p in report.pairs if p.kind in EXACT} == {
        ("3QO7EE372Q1AJAAHI6EQ9SJMFJ1QB0-1", "3566S7OX5FXZ0UNAKACV3PPIOHJ17V-1"), ("3566S7OX5FXZ0UNAKACV3PPIOHJ17V-1", "3QO7EE372Q1AJAAHI6EQ9SJMFJ1QB0-1"),
        ("3QO7EE372Q1AJAAHI6EQ9SJMFJ1QB0-2", "3566S7OX5FXZ0UNAKACV3PPIOHJ17V-2"), ("3566S7OX5FXZ0UNAKACV3PPIOHJ17V-2", "3QO7EE372Q1AJAAHI6EQ9SJMFJ1QB0-2")}
    near = [p for p in report.pairs if p.kind == "near"]
    assert report.counts["winogrande"]["near"] == len(near) == 182 and all(p.target.twin == p.source.twin for p in near)


def test_cli_overlap_json_and_details(capsys):
    wsc, dpr = shared_file("wsc/WSCollection.xml"), shared_file("dpr/train.c.txt")
    assert main(["overlap", str(dpr), "--against", str(wsc), "-O", "subset=wsc273", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"threshold", "against", "overlap"} and out["against"] == {"wsc273": 273}
    assert out["overlap"]["dpr"]["exact"] == 3 and out["overlap"]["dpr"]["items"] == 1322
    assert main(["overlap", str(dpr), "--against", str(wsc), "-O", "subset=wsc273", "--json", "--details"]) == 0
    pairs = json.loads(capsys.readouterr().out)["pairs"]
    assert {p["kind"] for p in pairs} == {"equal", "near"} and len(pairs) == 5
    assert main(["overlap", str(dpr), "--against", str(wsc), "-O", "subset=wsc273", "--details"]) == 0
    text = capsys.readouterr().out
    assert "dpr:dpr-384" in text and "wsc273:wsc273-264" in text


def test_cli_overlap_on_samples_and_bad_arguments(capsys):
    sample = str(SAMPLES / "winogrande.jsonl")
    assert main(["overlap", sample, "--against", sample, "--threshold", "1"]) == 0
    assert "winogrande" in capsys.readouterr().out
    assert main(["data", "overlap", sample, "--against", sample, "--threshold", "1.5"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wino: error: --threshold 1.5") and err.count("\n") == 1
    assert main(["overlap", sample, "--against", sample, "-A", "subset=wsc273"]) == 2  # not an option of the winogrande reader
    assert "has no option 'subset'" in capsys.readouterr().err


def _span(text: str, part: str) -> Span:
    start = text.index(part)
    return Span(start, start + len(part), part)


def _translation_pair() -> list[Item]:
    """The two versions of a trophy schema in French (both candidates masculine, so every form can be
    derived), each keyed to its English sentence."""
    items = []
    for n, (ending, answer) in enumerate((("trop grand", 0), ("trop petit", 1))):
        text = f"Le trophée ne rentre pas dans le sac marron car il est {ending}."
        english = TROPHY.replace("large", "large" if answer == 0 else "small")
        found = Item(f"fr-{n}", "pws", "fr", text, [Candidate("Le trophée", _span(text, "Le trophée")),
                                                     Candidate("le sac marron", _span(text, "le sac marron"))],
                     answer=answer, pronoun=Span(text.index(" il ") + 1, text.index(" il ") + 3, "il"),
                     twin="t0", meta={PARALLEL: parallel_key(english), "slot": "fr"})
        items.append(found)
    return items


@pytest.mark.parametrize("form, to", [("blank", "jsonl"), ("blank", "winogrande"), ("nli", "nli-jsonl"),
                                      ("disambiguated", "disambiguated"), ("twin", "twin")])
def test_derived_forms_keep_the_parallel_key_through_their_files(form, to, tmp_path):
    """A translation derived into another form and written out keeps its parallel key, so it still overlaps
    the English schema it translates (eval transfer --dedupe leaves it out); the source layout's own meta
    (PWS's slot) does not follow it into the form."""
    from wino_toolkit.forms import derive

    items = _translation_pair()
    derived = list(derive(form, items))
    assert derived, f"the {form} form made nothing of the invented pair"
    path = tmp_path / f"derived.{to}"
    wt.write(derived, path, to=to)
    back = list(wt.read(path, source_format=to))
    if form != "blank":  # a blank item read back gains its trigger words, found from its twin
        assert [r.to_dict() for r in back] == [r.to_dict() for r in derived]
    keys = {i.meta[PARALLEL] for i in items}
    if form == "twin":
        assert {k for r in back for k in r.parallel} == keys
    elif form == "disambiguated":
        assert {r.parallel for r in back} == keys
    else:
        assert {r.meta[PARALLEL] for r in back} == keys and all("slot" not in r.meta for r in back)
    if form == "blank":
        sources = [item("wsc-0", TROPHY, corpus="wsc")]
        assert {p.target.id: p.route for p in overlap(back, sources).pairs} == {back[0].id: "parallel key"}
