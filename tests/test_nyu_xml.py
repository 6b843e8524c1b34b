"""NYU Winograd XML (WSC285/WSC273, PDP): text rebuilt from txt1/pron/txt2, lettered answers, twins."""
from __future__ import annotations

import re

import pytest
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt
from wino_toolkit.schema import Candidate, Item, Span

NAME = "wsc-xml"
SAMPLE = SAMPLES / "wsc-xml.xml"
HERE = FIXTURES / "wsc-xml"
SPACE_BEFORE_PUNCT = re.compile(r"\s[,.;:!?']")


def read(path, **options):
    return list(wt.read(path, source_format=NAME, options=options or None))


def write_xml(path, schemas: str, encoding="ISO-8859-1", prolog=""):
    declaration = f'<?xml version="1.0" encoding="{encoding}"?>\n'
    path.write_bytes(f"{declaration}{prolog}<collection>\n{schemas}</collection>\n".encode(encoding))
    return path


def collection(*schemas: str) -> bytes:
    return ("<collection>" + "".join(schemas) + "</collection>").encode()


def schema(txt1="Ann met Bo because ", pron="she", txt2=" was lost.", answers=("Ann", "Bo"), correct="A"):
    answers_xml = "".join(f"<answer>{a}</answer>" for a in answers)
    return (
        f"<schema><text><txt1>{txt1}</txt1><pron>{pron}</pron><txt2>{txt2}</txt2></text>"
        f"<answers>{answers_xml}</answers><correctAnswer>{correct}</correctAnswer></schema>\n"
    )


def item(text="Ann met Bo because she was lost.", pronoun="she", candidates=("Ann", "Bo"), answer=0, **kw):
    start = re.search(rf"\b{pronoun}\b", text).start()
    end = start + len(pronoun)
    return Item(
        id=kw.pop("id", "x-0"), corpus="x", language=kw.pop("language", "en"), text=text,
        candidates=[Candidate(c) for c in candidates], answer=answer, pronoun=Span(start, end, text[start:end]), **kw,
    )


# ---------------------------------------------------------------- sample and detection


def test_sample_round_trips_and_is_detected(tmp_path):
    items = roundtrip(NAME, SAMPLE, tmp_path)
    assert len(items) == 8
    assert wt.detect_format(SAMPLE).name == NAME
    assert all(it.text[it.pronoun.start : it.pronoun.end] == it.pronoun.text for it in items)


def test_sample_has_four_twins_with_triggers():
    """Consecutive versions of one schema share a twin group; the first is the special one."""
    items = read(SAMPLE)
    report = wt.twin_report(items)
    assert (report.twins, report.singletons, report.larger) == (4, [], {})
    assert [it.role for it in items[:2]] == ["special", "alternate"]
    assert (items[0].triggers, items[1].triggers) == (["big"], ["small"])


def test_sample_keeps_latin1_letters_and_writes_them_as_latin1_bytes(tmp_path):
    items = read(SAMPLE)
    assert items[4].candidates[0].text == "The café owner"
    out = tmp_path / "o.xml"
    wt.write(items, out, to=NAME)
    data = out.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="ISO-8859-1"?>') and b"caf\xe9" in data


def test_aliases_name_the_same_format():
    assert wt.formats.get("nyu-xml") is wt.formats.get("pdp-xml") is wt.formats.get(NAME)


def test_sniff_leaves_french_xml_and_json_alone():
    """The French collection has <wordA>/<wordB> and no <pron>; it is not this format."""
    sniff = wt.formats.get(NAME).sniff
    french = (
        b'<?xml version="1.0"?>\n<collection>\n<schema id="1">\n'
        b"<text><txt1>La coupe</txt1><wordA>grande</wordA><wordB>petite</wordB><txt2>.</txt2></text>"
    )
    assert not sniff(french)
    assert not sniff(b'{"qID": "A-1", "sentence": "<pron>", "option1": "a"}\n')
    assert sniff(SAMPLE.read_bytes())


# ---------------------------------------------------------------- quirks, one fixture each


def test_iso_8859_1_nbsp_survives_as_u00a0_and_byte_a0(tmp_path):
    """A raw 0xA0 byte in an ISO-8859-1 file is U+00A0 in the text (not squashed to a space) and 0xA0 again on writing."""
    path = HERE / "iso_8859_1_nbsp.xml"
    with pytest.raises(UnicodeDecodeError):
        path.read_bytes().decode("utf-8")
    items = roundtrip(NAME, path, tmp_path)
    assert 'into\xa0"box one"' in items[0].text
    out = tmp_path / "roundtrip.xml"
    assert out.read_bytes().count(b"\xa0") == 2
    assert out.read_bytes().startswith(b'<?xml version="1.0" encoding="ISO-8859-1"?>')


def test_answer_with_full_stop_and_spaces(tmp_path):
    """`A.  `, ` B. ` and `  B ` all name a letter; a spelling other than the bare letter is kept and written back."""
    path = HERE / "answer_with_full_stop.xml"
    items = roundtrip(NAME, path, tmp_path)
    assert [it.answer for it in items] == [0, 1, 1]
    assert [it.meta.get("correctAnswer") for it in items] == ["A.", "B.", None]
    written = (tmp_path / "roundtrip.xml").read_bytes()
    assert re.findall(rb"<correctAnswer>(.*?)</correctAnswer>", written) == [b"A.", b"B.", b"B"]


def test_pdp_has_two_to_five_answers_human_subjects_and_no_twins(tmp_path):
    """PDP: 2-5 answers, correctAnswer up to E, <humanSubjects>/<sameText> in meta, corpus 'pdp', no twins."""
    path = HERE / "pdp_two_to_five_answers.xml"
    items = roundtrip(NAME, path, tmp_path)
    assert [len(it.candidates) for it in items] == [2, 3, 4, 5]
    assert [it.answer for it in items] == [1, 2, 3, 4]
    assert {it.corpus for it in items} == {"pdp"} and items[0].id == "pdp-0"
    assert all(it.twin is None and it.role is None for it in items)
    assert items[0].meta["humanSubjects"] == "9 out of 10 subjects got this answer."
    assert "sameText" in items[1].meta and "sameText" not in items[0].meta


def test_pdp_twins_can_be_switched_on():
    """The identical texts of a <sameText> pair group only when asked to."""
    items = read(HERE / "pdp_two_to_five_answers.xml", twins="true")
    assert items[0].twin == items[1].twin == "pdp-0"


def test_triplet_is_one_group_of_three():
    """Three similar neighbours form one group (as WSC285 253-255); pairs around it stay pairs."""
    items = read(HERE / "triplet.xml")
    assert [it.twin for it in items] == ["wsc285-0"] * 2 + ["wsc285-2"] * 3 + ["wsc285-5"] * 2
    assert [it.role for it in items[2:5]] == ["special", "alternate", "alternate"]
    report = wt.twin_report(items)
    assert report.twins == 2 and list(report.larger.values()) == [["wsc285-2", "wsc285-3", "wsc285-4"]]


def test_stray_whitespace_and_space_before_punctuation():
    """Newlines, tabs and runs of spaces become one space; no space is put between the pronoun and `.` or `;`."""
    items = read(HERE / "stray_whitespace_punctuation.xml")
    assert [it.text for it in items] == [
        "The older pupils teased the younger ones, so we scolded them.",
        "The older pupils teased the younger ones, so we comforted them.",
        "Kai thanked Lev, and Mo thanked him; then they left.",
    ]
    assert [it.pronoun for it in items] == [Span(56, 60, "them"), Span(58, 62, "them"), Span(32, 35, "him")]


def test_answer_capitalisation_differs_from_mention():
    """Answers match mentions ignoring case; the span keeps the text's spelling; a mention before the pronoun wins."""
    first, second, third = read(HERE / "answer_capitalisation.xml")
    tortoise, hare = first.candidates
    assert (tortoise.text, tortoise.span) == ("the Tortoise", Span(0, 12, "The tortoise"))
    assert hare.span == Span(19, 27, "the hare")  # not the later "the Hare"
    assert second.candidates[1].text == "The owl" and second.candidates[1].span is None
    assert third.candidates[0].span == Span(18, 25, "the Owl")  # only mentioned after the pronoun


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    "content, expect",
    [
        (b"", "file is empty"),
        (b"  \n", "file is empty"),
        (b'<?xml version="1.0"?>\n<collection>\n<schema><text><txt1>a', "line 3: malformed XML"),
        (b"<collection><schema></collection>", "line 1: malformed XML"),
        (collection(schema(correct="C")), "schema 1: correctAnswer 'C' but there are only 2 answers"),
        (collection(schema(correct="F")), "schema 1: correctAnswer 'F' is not a letter A-E"),
        (collection(schema(correct="1")), "schema 1: correctAnswer '1' is not a letter A-E"),
        (b'<?xml version="1.0" encoding="UTF-8"?><collection>\xa0</collection>', "line 1: malformed XML: Invalid bytes in character encoding"),
        (collection(schema(pron=" ")), "schema 1: <pron> is empty"),
        (collection(schema(txt1="a <b>bold</b> ")), "schema 1: <txt1> holds markup"),
        (collection("<schema><answers/><correctAnswer>A</correctAnswer></schema>"), "schema 1: <schema> has no <text>"),
        (collection(schema().replace("<answers>", "<note/><answers>")), "schema 1: <schema> has an unexpected <note>"),
        (b"<collection><problem/></collection>", "line 1: <collection> holds <problem>, expected <schema>"),
        (b"<wsc><schema/></wsc>", "root element is <wsc>"),
        (collection(schema(answers=("Ann", "Bo", "Cy", "Di", "Ed", "Flo"))), "has 6 answers, but correctAnswer letters them only A to E"),
    ],
    ids=["empty", "blank", "truncated", "malformed", "answer-out-of-range", "unknown-letter", "digit-answer",
         "wrong-encoding", "empty-pron", "markup-in-text", "missing-text", "unknown-element", "not-schema", "wrong-root",
         "six-answers"],
)
def test_bad_input(tmp_path, content, expect):
    path = tmp_path / "bad.xml"
    path.write_bytes(content)
    assert_bad_input(NAME, path, expect)


def test_xxe_payload_is_not_expanded(tmp_path):
    """An external entity in a text field is refused, never resolved: /etc/passwd is not read into the item."""
    prolog = '<!DOCTYPE collection [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n'
    path = write_xml(tmp_path / "xxe.xml", schema(txt1="Ann &e; met Bo because "), prolog=prolog)
    error = assert_bad_input(NAME, path, "line 2: DOCTYPE declarations are not allowed")
    assert "root:" not in str(error)


def test_undeclared_entity_is_malformed(tmp_path):
    path = write_xml(tmp_path / "ent.xml", schema(txt1="Ann &e; met Bo because "))
    assert_bad_input(NAME, path, "malformed XML: Entity 'e' not defined")


def test_unknown_subset_and_short_file(tmp_path):
    with pytest.raises(wt.WinoError, match="subset: 'wsc999' is not one of wsc273"):
        read(SAMPLE, subset="wsc999")
    assert_bad_input(NAME, SAMPLE, "subset wsc273 needs 273 schemas, the file has 8", options={"subset": "wsc273"})


def test_empty_correct_answer_is_unlabeled(tmp_path):
    """An empty <correctAnswer> reads as no answer and is written back empty."""
    path = write_xml(tmp_path / "unlabeled.xml", schema(correct=" "))
    items = roundtrip(NAME, path, tmp_path)
    assert items[0].answer is None
    assert b"<correctAnswer></correctAnswer>" in (tmp_path / "roundtrip.xml").read_bytes()


# ---------------------------------------------------------------- writing items from other corpora


def test_writer_accepts_other_corpora_items(tmp_path):
    """A WinoGrande-style blank and three candidates are expressible: txt1/pron/txt2 come from the pronoun span."""
    items = [
        item("Ann lent Bo a pen because _ had two.", "_", answer=0),
        item('He said, "Ann told Bo and Cy that she was late."', "she", ("Ann", "Bo", "Cy"), answer=None, id="x-1"),
    ]
    out = tmp_path / "o.xml"
    assert wt.write(items, out, to=NAME) == 2
    again = read(out)
    assert [(it.text, it.pronoun, it.answer) for it in again] == [(it.text, it.pronoun, it.answer) for it in items]
    assert [c.text for c in again[1].candidates] == ["Ann", "Bo", "Cy"]


def test_writer_switches_to_utf8_for_non_latin1_text(tmp_path):
    """Text that ISO-8859-1 cannot hold is written as UTF-8, declared so, and reads back the same."""
    text = "Анна поблагодарила Олю, потому что она помогла."
    out = tmp_path / "ru.xml"
    wt.write([item(text, "она", ("Анна", "Олю"), language="ru")], out, to=NAME)
    assert out.read_bytes().startswith(b'<?xml version="1.0" encoding="UTF-8"?>')
    assert read(out, language="ru")[0].text == text


@pytest.mark.parametrize(
    "bad, expect",
    [
        (dict(pronoun=None), "has no pronoun span"),
        (dict(pronoun=Span(19, 19, "")), "zero-width slot"),
        (dict(candidates=[Candidate(c) for c in "ABCDEF"]), "holds 2 to 5 answers, this item has 6"),
        (dict(candidates=[Candidate("Ann")], answer=None), "this item has 1"),
        (dict(text="Ann met Bo because she  was lost."), "cannot be rebuilt"),
        (dict(text="Ann met Bo because she .", pronoun=Span(19, 22, "she")), "cannot be rebuilt"),
        (dict(candidates=[Candidate("Ann\nLee"), Candidate("Bo")]), "line breaks or extra spaces"),
        (dict(text="Ann met Bo because she was \x01lost."), r"U\+0001 cannot appear in XML"),
    ],
    ids=["no-pronoun", "slot", "six-candidates", "one-candidate", "double-space", "space-before-punct",
         "multiline-candidate", "control-char"],
)
def test_writer_refuses_what_nyu_xml_cannot_express(tmp_path, bad, expect):
    it = item()
    for key, value in bad.items():
        setattr(it, key, value)
    with pytest.raises(wt.ConversionError, match=expect):
        wt.write([it], tmp_path / "o.xml", to=NAME)
    assert not (tmp_path / "o.xml").exists()


def test_writer_escapes_markup_characters(tmp_path):
    it = item("Ann & Bo <met> Cy because she was lost.", "she", ("Ann & Bo", "Cy"), meta={"source": "a < b"})
    out = tmp_path / "o.xml"
    wt.write([it], out, to=NAME)
    again = read(out)[0]
    assert (again.text, again.candidates[0].text, again.meta["source"]) == (it.text, "Ann & Bo", "a < b")


# ---------------------------------------------------------------- real corpora


def _naive_texts(path, n):
    """The texts a naive `" ".join` of the stripped parts gives (what the HF loader did)."""
    from lxml import etree

    root = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)).getroot()
    return [" ".join((s.find(f"text/{t}").text or "").strip() for t in ("txt1", "pron", "txt2")) for s in list(root)[:n]]


def test_real_wsc285(tmp_path, shared):
    """WSCollection.xml: 285 schemas = 141 twins + one triplet (253-255, 1-based), no singletons."""
    path = shared_file("wsc/WSCollection.xml")
    items = roundtrip(NAME, path, tmp_path)
    assert len(items) == 285 and items[0].id == "wsc285-0" and items[0].corpus == "wsc285"
    assert wt.detect_format(path).name == NAME
    report = wt.twin_report(items)
    assert (report.twins, report.singletons) == (141, [])
    assert list(report.larger.values()) == [["wsc285-252", "wsc285-253", "wsc285-254"]]
    pairs = [it.twin for it in items[:252]] + [it.twin for it in items[255:]]
    assert pairs == [items[k - k % 2].id for k in range(252)] + [items[k - (k - 255) % 2].id for k in range(255, 285)]
    assert all(len(it.candidates) == 2 and it.candidates[0].span is not None for it in items)
    first = items[0]
    assert (first.pronoun.text, first.answer, first.triggers) == ("they", 0, ["feared"])
    assert first.candidates[0].text == first.candidates[0].span.text  # no stray space kept in the answer


def test_real_wsc285_nbsp_written_back_as_byte_a0(tmp_path, shared):
    """The last two schemas hold a raw 0xA0 byte; it stays U+00A0 and is written back as 0xA0 in ISO-8859-1."""
    path = shared_file("wsc/WSCollection.xml")
    items = read(path)
    assert [it.id for it in items if "\xa0" in it.text] == ["wsc285-283", "wsc285-284"]
    out = tmp_path / "o.xml"
    wt.write(items, out, to=NAME)
    data = out.read_bytes()
    assert data.count(b"\xa0") == path.read_bytes().count(b"\xa0") == 2
    assert data.startswith(b'<?xml version="1.0" encoding="ISO-8859-1"?>')


def test_real_wsc273_texts_have_no_space_before_punctuation(tmp_path, shared):
    """WSC273 = first 273 schemas; the naive join spaces 18 of them before punctuation, the reader none."""
    path = shared_file("wsc/WSCollection.xml")
    items = roundtrip(NAME, path, tmp_path, options={"subset": "wsc273"})
    assert len(items) == 273 and {it.corpus for it in items} == {"wsc273"} and items[-1].id == "wsc273-272"
    report = wt.twin_report(items)
    assert (report.twins, len(report.larger), report.singletons) == (135, 1, [])
    assert sum(bool(SPACE_BEFORE_PUNCT.search(t)) for t in _naive_texts(path, 273)) == 18
    assert not [it.id for it in items if SPACE_BEFORE_PUNCT.search(it.text)]
    assert all(it.text == " ".join(it.text.split(" ")) and "  " not in it.text and "\n" not in it.text for it in items)
    assert all(it.text == it.text.strip() for it in items)


def test_real_pdp(tmp_path, shared):
    """PDPChallenge2016.xml: 60 problems, 2 to 5 answers, no twins, corpus 'pdp'."""
    path = shared_file("pdp/PDPChallenge2016.xml")
    items = roundtrip(NAME, path, tmp_path)
    assert len(items) == 60 and {it.corpus for it in items} == {"pdp"}
    assert wt.detect_format(path).name == NAME
    assert {len(it.candidates) for it in items} == {2, 3, 4, 5}
    assert {it.answer for it in items} == {0, 1, 2, 3}
    assert all(it.twin is None for it in items)
    assert sum("sameText" in it.meta for it in items) == 20
    assert all("humanSubjects" in it.meta for it in items)


def test_nul_byte_error_is_one_line(tmp_path):
    """libxml2 breaks its message for a NUL byte over two lines (found by mutation fuzzing, issue #8)."""
    path = tmp_path / "nul.xml"
    path.write_bytes(collection(schema()).replace(b"<txt1>", b"<txt1>\x00", 1))
    assert_bad_input(NAME, path, "malformed XML: Invalid character: Char 0x0 out of allowed range, line")
