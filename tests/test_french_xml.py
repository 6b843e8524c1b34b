"""French Winograd XML: two versions per <schema>, source spacing kept, twoanswers, pronoun found best-effort."""
from __future__ import annotations

import pytest
from conftest import FIXTURES, SAMPLES, shared_file
from contract import assert_bad_input, roundtrip

import wino_toolkit as wt
from wino_toolkit.converters.french_xml import find_mention, find_pronoun
from wino_toolkit.schema import Candidate, Item, Span

NAME = "french-xml"
SAMPLE = SAMPLES / "french-xml.xml"
HERE = FIXTURES / "french-xml"


def read(path, **options):
    return list(wt.read(path, source_format=NAME, options=options or None))


def pronoun_of(text: str, trigger: str, candidates=()) -> str | None:
    start = text.index(trigger)
    span = find_pronoun(text, start, start + len(trigger), candidates)
    return None if span is None else span.text


def test_sample_round_trips_byte_for_byte(tmp_path):
    items = roundtrip(NAME, SAMPLE, tmp_path)
    assert wt.detect_format(SAMPLE).name == NAME
    assert len(items) == 8
    assert wt.twin_report(items).twins == 4


def test_native_jsonl_in_between_loses_nothing(tmp_path):
    """French XML → native JSONL → French XML gives the same bytes: everything needed is in the items."""
    wt.convert(SAMPLE, to="jsonl", output=tmp_path / "x.jsonl")
    wt.convert(tmp_path / "x.jsonl", to=NAME, output=tmp_path / "back.xml")
    assert (tmp_path / "back.xml").read_bytes() == SAMPLE.read_bytes()


def test_each_schema_gives_two_versions():
    """wordA goes with answer1 (answer 0), wordB with answer2 (answer 1); triggers are the source's words."""
    a, b = read(SAMPLE)[:2]
    assert (a.id, b.id) == ("french-wsc-1-A", "french-wsc-1-B")
    assert a.twin == b.twin == "french-wsc-1" and (a.role, b.role) == ("special", "alternate")
    assert (a.triggers, b.triggers) == (["énervé"], ["trop près"])
    assert (a.answer, b.answer) == (0, 1)
    assert [c.text for c in a.candidates] == [c.text for c in b.candidates] == ["le chat", "le chien"]
    assert a.text == "Le chat a griffé le chien parce qu'il était énervé."
    assert b.question == "Qui était trop près ?"
    assert a.meta["schema"] == {"id": "1", "engn": "01"} and a.meta["qwordA"] == "énervé"
    assert a.meta["collection"]["version"] == "1.3"


def test_twoanswers_gives_each_version_its_own_candidates(tmp_path):
    """<twoanswers>: version A takes answerA's pair (answer1 right), version B answerB's (answer2 right)."""
    a, b = roundtrip(NAME, HERE / "french_twoanswers.xml", tmp_path)
    assert [c.text for c in a.candidates] == ["la balle de ping-pong", "la vitre"]
    assert [c.text for c in b.candidates] == ["la boule de pétanque", "la vitre"]
    assert (a.answer, b.answer) == (0, 1)
    assert a.question == b.question == "Qu'est-ce qui s'est fendu ?"
    assert a.pronoun.text == b.pronoun.text == "elle"


def test_question_spacing_is_kept_as_the_source_has_it(tmp_path):
    """French spacing before "?" and ":" stays, a missing one stays missing, only doubled spaces collapse."""
    items = roundtrip(NAME, HERE / "french_question_spacing.xml", tmp_path)
    questions = [it.question for it in items]
    assert questions[0] == "Qui était gentille ?"
    assert questions[2] == "Selon toi, qui était drôle : Léa ou Zoé ?"
    assert questions[4] == "Qu'est-ce qui est trop lourd?"
    assert items[4].meta["qn1"] == "Qu'est-ce  qui est trop "


def test_text_spacing_is_normalised_and_the_source_pieces_kept(tmp_path):
    """Texts join the pieces with one space, none after an elision, none at the ends; the raw pieces the
    writer would not reproduce (double spaces, a space after the final stop, `<schema id="5" >`) stay in meta."""
    a, b, c, d = roundtrip(NAME, HERE / "french_whitespace_pieces.xml", tmp_path)
    assert a.text == "Le portail bloquait le chemin, donc on n'a pas pu l'ouvrir."
    assert a.meta["txt2"] == ". " and a.meta["schema_tag"] == '<schema id="5" >'
    assert c.text == "Paul a battu Marc au tennis. Il était en forme ce jour-là."
    assert c.meta["txt1"].endswith(".  Il était  ")
    assert "txt1" not in b.meta and "schema_tag" not in c.meta


def test_candidate_spans_match_case_insensitively(tmp_path):
    """Answers are lower-case ("la boîte"); the span is what the text says ("La boîte")."""
    a, _, c, _ = roundtrip(NAME, HERE / "french_candidate_case.xml", tmp_path)
    assert a.candidates[0].text == "la boîte" and a.candidates[0].span == Span(0, 8, "La boîte")
    assert c.candidates[0].span.text == "L'avocat"


@pytest.mark.parametrize(
    "text, name, expect",
    [
        ("Le juge a salué le témoin.", "le témoin", "le témoin"),
        ("Le juge a parlé au témoin.", "le témoin", "témoin"),
        ("Gérard a rendu sa clé.", "de Gérard", "Gérard"),
        ("La femme a tenu la fille.", "celle de la femme", "La femme"),
        ("J'ai lâché l'encyclopédie.", "l'encyclopédie", "l'encyclopédie"),
        ("Anne a accouché d'une fille.", "la fille d'Anne", None),
    ],
)
def test_candidate_mention_drops_leading_determiners(text, name, expect):
    span = find_mention(text, name)
    assert (None if span is None else span.text) == expect
    if span is not None:
        assert text[span.start : span.end] == span.text


@pytest.mark.parametrize(
    "text, trigger, candidates, expect",
    [
        ("La coupe n'entre pas dans la valise car elle est trop grande.", "grande", (), "elle"),
        ("Les grands embêtaient les petits, donc on les a punis.", "punis", (), "les"),
        ("Le sac est sur la caisse, donc il faudra le porter en premier.", "en premier", (), "le"),
        ("Claire a ouvert à Sylvie. Elle l'a invitée à entrer.", "entrer", (), "Elle"),
        ("J'ai mis le pain dans la boîte. Il y a des miettes dedans.", "miettes", (), "dedans"),
        ("L'homme a porté le garçon sur son dos.", "dos", (), "son"),
        ("Sarah a battu Sabine car elle a réussi son départ.", "réussi", (), "elle"),
        ("Marie a pris son violon. Elle le possède depuis toujours.", "le possède", ("le violon", "le morceau"), "le"),
        ("J'ai lancé une balle contre la vitre et elle s'est fendue.", "balle", (), "elle"),
        ("Il y a un requin sous ce canard ! Il devrait fuir !", "requin", (), "Il"),
        ("Benoît trouve que parler fort était impoli envers Bertrand.", "envers", (), None),
    ],
)
def test_find_pronoun_rules(text, trigger, candidates, expect):
    """The rule of find_pronoun, one clause each (see its docstring)."""
    assert pronoun_of(text, trigger, candidates) == expect


def test_writes_twin_pairs_from_other_corpora(tmp_path):
    """A pair is written as one <schema>: the first version's right answer becomes answer1."""
    def version(k, word, answer):
        text = f"Ann lent Liz a pen because she had {word}."
        return Item(
            id=f"toy-{k}", corpus="toy", language="en", text=text, answer=answer, twin="toy-0",
            role="special" if k == 0 else "alternate", pronoun=Span(27, 30, "she"),
            candidates=[Candidate("Liz", Span(9, 12, "Liz")), Candidate("Ann", Span(0, 3, "Ann"))],
        )
    out = tmp_path / "toy.xml"
    wt.write([version(0, "two", 1), version(1, "none", 0)], out, to=NAME)
    xml = out.read_text(encoding="utf-8")
    assert '<collection name="toy">' in xml and "<wordA>two</wordA>" in xml and "<twoanswers>" not in xml
    assert "<answer1>Ann</answer1>" in xml
    a, b = read(out, language="en")
    assert a.text.endswith("had two.") and b.text.endswith("had none.")
    assert [c.text for c in a.candidates] == ["Ann", "Liz"] and (a.answer, b.answer) == (0, 1)
    assert a.question is None and a.triggers == ["two"]


def test_other_corpora_pairs_with_different_candidates_use_twoanswers(tmp_path):
    def version(k, thing):
        text = f"I dropped a {thing} on the tray and it broke."
        return Item(id=f"toy-{k}", corpus="toy", language="en", text=text, answer=k, twin="toy-0",
                    candidates=[Candidate(f"the {thing}"), Candidate("the tray")])
    out = tmp_path / "toy.xml"
    wt.write([version(0, "glass"), version(1, "hammer")], out, to=NAME)
    assert "<twoanswers>" in out.read_text(encoding="utf-8")
    a, b = read(out, language="en")
    assert [c.text for c in b.candidates] == ["the hammer", "the tray"] and b.answer == 1


@pytest.mark.parametrize(
    "items, expect",
    [
        ([Item("x-1", "x", "en", "Ann met Liz.", [Candidate("Ann"), Candidate("Liz")], answer=0)], "x-1.*no twin"),
        ([Item("x-1", "x", "en", "Ann met Liz.", [Candidate("Ann"), Candidate("Liz")], answer=0, twin="g")], "x-1.*one item"),
        (
            [Item(f"x-{k}", "x", "en", f"Ann met Liz {k}.", [Candidate("Ann"), Candidate("Liz"), Candidate("Bo")], answer=0, twin="g")
             for k in range(2)],
            "x-0.*2 candidates",
        ),
        (
            [Item(f"x-{k}", "x", "en", f"Ann met Liz {k}.", [Candidate("Ann"), Candidate("Liz")], twin="g") for k in range(2)],
            "x-0.*needs the answer",
        ),
    ],
    ids=["no-twin", "lonely-twin", "three-candidates", "unlabeled"],
)
def test_items_the_format_cannot_hold_are_conversion_errors(tmp_path, items, expect):
    with pytest.raises(wt.ConversionError, match=expect):
        wt.write(items, tmp_path / "out.xml", to=NAME)
    assert not (tmp_path / "out.xml").exists()


@pytest.mark.parametrize(
    "name, expect",
    [
        ("malformed.xml", "line 9: malformed XML"),
        ("missing_answer1.xml", "schema 1: <schema> has no <answer1>"),
        ("truncated.xml", "malformed XML"),
        ("empty.xml", "file is empty"),
        ("wrong_encoding.xml", "line 7: malformed XML: Invalid bytes in character encoding"),
        ("wrong_root.xml", "root element is <schemas>, expected <collection>"),
    ],
)
def test_bad_input_names_file_place_and_problem(name, expect):
    assert_bad_input(NAME, HERE / name, expect)


def test_external_entities_are_refused_not_expanded():
    """An XXE payload (SYSTEM entity used in a text field) is rejected; the file it names is never read."""
    error = assert_bad_input(NAME, HERE / "xxe.xml", "DOCTYPE declares entities")
    assert "root:" not in str(error)


@pytest.mark.parametrize(
    "head, claimed",
    [
        (SAMPLE.read_bytes(), True),
        (b'<?xml version="1.0"?>\n<collection>\n<schema><text><txt1>A</txt1><pron>it</pron><txt2>.</txt2></text>', False),
        (b"index\tsentence1\tsentence2\tlabel\n", False),
    ],
    ids=["french", "nyu-xml", "wnli-tsv"],
)
def test_sniff_recognises_only_french_xml(head, claimed):
    assert wt.formats.get(NAME).sniff(head) is claimed


def test_real_collection():
    """French_Wino_Schemas.xml v1.3: 107 schemas, 214 items in 107 twin pairs; 28 and 57 use twoanswers."""
    path = shared_file("french/French_Wino_Schemas.xml")
    items = read(path)
    assert len(items) == 214 and len({it.twin for it in items}) == 107
    assert wt.twin_report(items).twins == 107
    assert wt.detect_format(path).name == NAME
    by_id = {it.id: it for it in items}
    for sid in ("28", "57"):
        a, b = by_id[f"french-wsc-{sid}-A"], by_id[f"french-wsc-{sid}-B"]
        assert a.candidates[0].text != b.candidates[0].text and a.candidates[1].text == b.candidates[1].text
        assert (a.answer, b.answer) == (0, 1)
    first = by_id["french-wsc-1-A"].candidates[0]
    assert first.span.text != first.text and first.span.text.lower() == first.text
    assert sum(c.span is not None for it in items for c in it.candidates) == 404
    assert sum("engn" not in it.meta["schema"] for it in items) == 10


def test_real_pronoun_coverage():
    """The pronoun is found in 210 of 214 versions; schemas 39 and 62 have no overt pronoun."""
    items = read(shared_file("french/French_Wino_Schemas.xml"))
    missing = {it.twin for it in items if it.pronoun is None}
    assert len(items) - sum(it.pronoun is None for it in items) == 210
    assert missing == {"french-wsc-39", "french-wsc-62"}


def test_real_collection_round_trips_byte_for_byte(tmp_path):
    roundtrip(NAME, shared_file("french/French_Wino_Schemas.xml"), tmp_path)


# ---------------------------------------------------------------- found by mutation fuzzing (issue #8)


def test_schema_pasted_inside_a_text_is_an_error_not_a_vanished_schema():
    """A ``<schema>`` inside another's ``<text>`` is well-formed XML; both schemas used to vanish
    without a word. Any element the format does not have is an error naming its line."""
    assert_bad_input(NAME, HERE / "french_schema_inside_text.xml", "line 10: schema 1: <text> has an unexpected <schema>")


@pytest.mark.parametrize(
    "change, expect",
    [
        (("<answer2>le chien</answer2>", "<answer2>le chien</answer2><answer2>le chat</answer2>"), "<schema> has a second <answer2>"),
        (("<qn2> ?</qn2>", "<qn2> ?</qn2><note>x</note>"), "<question> has an unexpected <note>"),
        (("</text>", "</text> stray words", 1), "text 'stray words' after an element of <schema>"),
        (("<schema id=\"2\"", "lost words <schema id=\"2\""), "<collection> holds text outside its schemas"),
    ],
    ids=["repeated-answer", "unknown-element", "stray-text", "text-between-schemas"],
)
def test_unexpected_structure_is_an_error(tmp_path, change, expect):
    path = tmp_path / "changed.xml"
    path.write_text(SAMPLE.read_text(encoding="utf-8").replace(*change), encoding="utf-8")
    assert_bad_input(NAME, path, expect)


def test_nul_byte_error_is_one_line(tmp_path):
    """libxml2 breaks its message for a NUL byte over two lines; the error stays one line."""
    path = tmp_path / "nul.xml"
    path.write_bytes(SAMPLE.read_bytes().replace(b"chat a", b"ch\x00at a", 1))
    assert_bad_input(NAME, path, "line 8: malformed XML: Invalid character: Char 0x0 out of allowed range, line 8")


def test_a_100k_character_txt1_is_read_in_linear_time(tmp_path):
    """A 108,000-character ``<txt1>`` took 93 s (a regex over the text before every word, a split
    tried at every occurrence of the trigger); linear now, well under the bound on a slow machine."""
    import time

    filler = "Le chat a griffé le chien parce qu'il était là. Elle les a vus, il faut le dire. " * 1350
    path = tmp_path / "long.xml"
    path.write_text(SAMPLE.read_text(encoding="utf-8").replace("<txt1> Le chat", "<txt1> " + filler + "Le chat", 1), encoding="utf-8")
    started = time.perf_counter()
    items = read(path)
    assert time.perf_counter() - started < 5
    assert len(items) == 8 and len(items[0].text) > 100_000
    assert items[0].pronoun.text == "il" and items[0].text.endswith("parce qu'il était énervé.")
