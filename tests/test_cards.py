"""Corpus cards: every bundled card loads and is consistent, and bad cards fail with a clear message."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import wino_toolkit as wt
from wino_toolkit.cards import Card, CardError, cards, get_card, list_cards, load_card, parse_card
from wino_toolkit.formats import make_config

CARDS_DIR = Path(__file__).resolve().parent.parent / "corpora"
CARD_FILES = sorted(CARDS_DIR.glob("*.toml"))
EXPECTED = {
    "wsc285", "wsc273", "pdp", "winogrande", "dpr", "superglue-wsc", "wnli", "mandarinograd",
    "winologic", "xwino", "french-wsc", "japanese-wsc", "portuguese-wsc", "pws",
}
#: where each card's files sit under ../shared/corpora (see its README)
SHARED_DIRS = {
    "wsc285": "wsc", "wsc273": "wsc", "pdp": "pdp", "winogrande": "winogrande", "dpr": "dpr", "superglue-wsc": "superglue_wsc",
    "wnli": "wnli", "mandarinograd": "mandarinograd", "winologic": "winologic", "xwino": "xwino",
    "french-wsc": "french", "japanese-wsc": "japanese", "portuguese-wsc": "portuguese", "pws": "pws",
}
LANG_TAG = re.compile(r"^[a-z]{2,3}(-[A-Z][a-z]{3})?(-[A-Z]{2})?$")
PINNED_URL = re.compile(r"^https://raw\.githubusercontent\.com/[\w.-]+/[\w.-]+/[0-9a-f]{10,40}/\S+$")

GOOD = """\
name = "toy"
title = "A toy corpus"
languages = ["en"]
format = "jsonl"
license = "CC0-1.0"
homepage = "https://example.org/toy"
citation = '''
@misc{toy, title = {Toy}, year = {2024}}
'''

[[files]]
name = "toy.jsonl"
url = "https://example.org/toy.jsonl"
sha256 = "0000000000000000000000000000000000000000000000000000000000000000"
size = 10
"""


def write_card(tmp_path: Path, text: str, name: str = "toy") -> Path:
    path = tmp_path / f"{name}.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_bundled_cards_are_the_expected_corpora():
    assert {card.name for card in list_cards()} == EXPECTED
    assert [card.name for card in list_cards()] == sorted(EXPECTED)


def test_card_names_are_unique_and_match_their_files():
    names = [load_card(path).name for path in CARD_FILES]
    assert len(names) == len(set(names))
    assert names == [path.stem for path in CARD_FILES]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_card_is_consistent(name):
    """Each card names a registered format (with valid options), BCP-47 languages and pinned files."""
    card = get_card(name)
    assert card.format in wt.formats, f"{name}: format {card.format!r} is not registered"
    make_config(wt.formats.get(card.format), card.options)
    assert card.languages and all(LANG_TAG.match(tag) for tag in card.languages)
    assert card.citation.startswith("@") and re.search(r"year\s*=\s*\{\d{4}\}", card.citation)
    assert card.homepage.startswith(("http://", "https://"))
    for f in card.files:
        assert re.fullmatch(r"[0-9a-f]{64}", f.sha256)
        assert f.size > 0
        assert PINNED_URL.match(f.url), f.url
    assert len({f.name for f in card.files}) == len(card.files)


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_checksums_match_the_real_files(name, shared):
    """The sha256 and size of every pinned file equal those of the copy in ../shared/corpora."""
    from wino_toolkit.fetch import sha256_file

    card = get_card(name)
    for f in card.files:
        path = shared / SHARED_DIRS[name] / f.name
        if not path.exists():
            pytest.skip(f"{path} is not present")
        assert path.stat().st_size == f.size, f.name
        assert sha256_file(path) == f.sha256, f.name


def test_unknown_name_suggests_near_matches():
    with pytest.raises(wt.UnknownNameError, match=r"Did you mean 'wsc285'") as info:
        get_card("wsc258")
    assert "\n" not in str(info.value)
    with pytest.raises(wt.UnknownNameError, match="superglue-wsc"):
        get_card("superglue_wsc")


def test_to_dict_is_json_and_round_trips():
    for card in list_cards():
        data = json.loads(json.dumps(card.to_dict()))
        assert parse_card(data) == card
        assert data["files"][0]["sha256"] == card.files[0].sha256


def test_describe_shows_what_a_user_needs():
    text = get_card("wsc273").describe()
    assert text.splitlines()[0].startswith("wsc273: ")
    for part in ("wsc-xml (options: subset=wsc273)", "CC-BY-4.0", "WSCollection.xml", "113,073 bytes", "@inproceedings"):
        assert part in text
    assert "(companion)" in get_card("winogrande").describe()


def test_card_size_sums_its_files():
    card = get_card("winogrande")
    assert len(card.files) == 7
    assert card.size == sum(f.size for f in card.files)


def test_companion_files_are_not_data_files():
    """WinoGrande's label files are fetched but read only beside their .jsonl."""
    card = get_card("winogrande")
    assert [f.name for f in card.data_files] == ["train_xs.jsonl", "train_s.jsonl", "dev.jsonl", "test.jsonl"]
    assert all(f.name.endswith("-labels.lst") for f in card.files if f.companion)
    assert all(not f.companion for c in list_cards() if c.name != "winogrande" for f in c.files)


def test_wsc273_reads_a_subset_of_the_wsc285_file():
    wsc273, wsc285 = get_card("wsc273"), get_card("wsc285")
    assert wsc273.files == wsc285.files
    assert wsc273.options == {"subset": "wsc273"} and wsc285.options == {}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_card_reads_the_real_files(name, shared):
    """Each data file (a split: WinoGrande's training sizes overlap) reads with the card's format and options."""
    card = get_card(name)
    if card.format not in wt.formats:
        pytest.skip(f"format {card.format!r} is not registered yet")
    for f in card.data_files:
        records = list(wt.read(shared / SHARED_DIRS[name] / f.name, source_format=card.format, options=card.options))
        assert records, f.name
        assert {r.language for r in records} <= set(card.languages), f.name


def test_cards_registry_lists_names_without_errors():
    assert "xwino" in cards
    assert cards.broken == {}


def test_good_tmp_card_loads(tmp_path):
    card = load_card(write_card(tmp_path, GOOD))
    assert card == Card(
        name="toy", title="A toy corpus", languages=("en",), format="jsonl", license="CC0-1.0",
        homepage="https://example.org/toy", citation="@misc{toy, title = {Toy}, year = {2024}}\n",
        files=card.files,
    )
    assert card.files[0].name == "toy.jsonl" and card.files[0].size == 10


def test_missing_field_names_the_card_file_and_field(tmp_path):
    path = write_card(tmp_path, GOOD.replace('license = "CC0-1.0"\n', ""))
    with pytest.raises(CardError, match=r"toy\.toml: missing field 'license'"):
        load_card(path)


def test_missing_file_field_names_the_file_entry(tmp_path):
    path = write_card(tmp_path, GOOD.replace("size = 10\n", ""))
    with pytest.raises(CardError, match=r"toy\.toml: files\[0\]: missing field 'size'"):
        load_card(path)


@pytest.mark.parametrize(
    "old, new, expect",
    [
        ('sha256 = "' + "0" * 64, 'sha256 = "' + "0" * 63, "not 64 lowercase hex"),
        ('languages = ["en"]', 'languages = ["english"]', "not a BCP-47 tag"),
        ('languages = ["en"]', "languages = []", "non-empty list"),
        ('name = "toy.jsonl"', 'name = "../toy.jsonl"', "relative path"),
        ('name = "toy.jsonl"', 'name = "/etc/toy.jsonl"', "relative path"),
        ('url = "https://example.org/toy.jsonl"', 'url = "ftp://example.org/toy.jsonl"', "not a http"),
        ("size = 10", "size = -1", "whole number"),
        ("size = 10", 'size = "10"', "whole number"),
        ('license = "CC0-1.0"', 'licence = "CC0-1.0"', "missing field 'license'"),
        ('title = "A toy corpus"', 'title = "A toy corpus"\ntitel = "x"', "unknown field 'titel'"),
        ("@misc{toy, title = {Toy}, year = {2024}}", "Toy, 2024", "must be BibTeX"),
        ('format = "jsonl"', 'format = ""', "'format' is empty"),
        ("size = 10", "size = 10\ncompanion = 1", "must be true or false"),
        ("size = 10\n", 'size = 10\n\n[[files]]\nname = "toy.jsonl"\nurl = "https://e.org/t"\nsha256 = "'
         + "1" * 64 + '"\nsize = 1\n', "listed twice"),
    ],
)
def test_bad_card_field_is_named(tmp_path, old, new, expect):
    assert old in GOOD
    path = write_card(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(CardError, match=re.escape(expect)) as info:
        load_card(path)
    assert str(path) in str(info.value)


def test_card_name_must_match_file_stem(tmp_path):
    with pytest.raises(CardError, match="does not match the file name 'other.toml'"):
        load_card(write_card(tmp_path, GOOD, name="other"))


def test_invalid_toml_is_a_card_error(tmp_path):
    with pytest.raises(CardError, match=r"toy\.toml: invalid TOML"):
        load_card(write_card(tmp_path, GOOD + "\nname = \n"))



def test_a_broken_bundled_card_is_reported_not_fatal(tmp_path, monkeypatch):
    """A bad card file is listed as broken with its error; the good ones still load."""
    from wino_toolkit import cards as cards_module
    from wino_toolkit.registry import Registry

    (tmp_path / "toy.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "bad.toml").write_text(GOOD.replace('name = "toy"', 'name = "bad"').replace("size = 10", ""))
    monkeypatch.setattr(cards_module.resources, "files", lambda package: tmp_path)
    fresh = Registry("corpus", loader=cards_module._load_builtin)
    monkeypatch.setattr(cards_module, "cards", fresh)
    assert [card.name for card in cards_module.list_cards()] == ["toy"]
    with pytest.raises(wt.UnknownNameError, match=r"'bad' is installed but failed to load: .*bad\.toml: files\[0\]"):
        cards_module.get_card("bad")
