"""PMI corpus ingestion: wikitext to prose, and documents from MediaWiki XML, WikiExtractor and text."""
from __future__ import annotations

import bz2
import doctest
import html
import os
import shutil
import threading
import tracemalloc
from pathlib import Path

import pytest
from conftest import FIXTURES, SAMPLES, shared_file

from wino_toolkit.baselines.pmi import sources, wikitext
from wino_toolkit.baselines.pmi.sources import Document, detect_source, iter_documents
from wino_toolkit.baselines.pmi.wikitext import convert_variants, wikitext_to_text
from wino_toolkit.errors import FormatError, UnknownNameError

HERE = FIXTURES / "pmi"
MARKUP = ("{{", "}}", "[[", "]]", "<ref", "-{", "}-", "{|", "<!--")


def docs(path, **kw) -> list[Document]:
    return list(iter_documents(path, **kw))


def assert_no_markup(documents) -> None:
    for doc in documents:
        for token in MARKUP:
            assert token not in doc.text, (doc.title, token)


def bad(path, expect: str, where: str | None, **kw) -> FormatError:
    """Reading ``path`` raises a one-line FormatError naming the file, the location and ``expect``."""
    with pytest.raises(FormatError) as info:
        docs(path, **kw)
    error = info.value
    assert error.path == str(path)
    assert error.where == where
    assert expect in error.problem, error.problem
    assert "\n" not in str(error)
    return error


# --- wikitext: one construct at a time ----------------------------------------------------------

def test_module_examples_run():
    result = doctest.testmod(wikitext)
    assert result.attempted >= 2 and result.failed == 0


@pytest.mark.parametrize("markup, expected", [
    ("Tea{{cn}} is hot.", "Tea is hot."),
    ("A {{outer|x={{inner|{{deep}}}}|y}}kettle.", "A kettle."),
    ("{{Infobox\n| name = Pot\n| size = {{convert|2|l}}\n}}\nA pot.", "A pot."),
    ("An open {{brace never closed, text stays.", "An open brace never closed, text stays."),
    ("A stray }} closer.", "A stray  closer."),
    ("{{a}} then {{b|{{c}}}} end", "then  end"),
])
def test_templates_are_removed_with_their_nesting(markup, expected):
    """Templates vanish whole at any depth; an unclosed ``{{`` is literal text, so only the braces go."""
    assert wikitext_to_text(markup) == expected


@pytest.mark.parametrize("markup, expected", [
    ('Ice melts.<ref name="sun" /> Fast.', "Ice melts. Fast."),
    ("Ice melts.<ref>Some {{cite|x}} note.</ref> Fast.", "Ice melts. Fast."),
    ('Ice<ref name=a group="n">one\ntwo</ref> melts.<REF>shout</REF>', "Ice melts."),
    ("Text.\n<references />\nMore.", "Text.\n\nMore."),
    ("Area is <math>\\pi r^2</math> here.", "Area is  here."),
])
def test_references_and_non_prose_elements_are_removed(markup, expected):
    assert wikitext_to_text(markup) == expected


def test_tables_are_removed_nested_and_inside_templates():
    markup = ("Before.\n{| class=\"wikitable\"\n|-\n| a || b\n|-\n|\n{|\n| inner\n|}\n|}\nAfter.\n"
              "{{Box|\n{|\n| in template\n|}\n}}\nEnd.")
    assert wikitext_to_text(markup) == "Before.\n\nAfter.\n\nEnd."


def test_a_table_left_open_runs_to_the_end_of_the_page():
    """MediaWiki closes an open table at the end of the page, so everything after ``{|`` is table."""
    assert wikitext_to_text("Prose.\n{|\n| cell\nmore cells") == "Prose."


def test_template_closing_after_a_pipe_is_not_a_table_end():
    """``|}}`` ends a template with an empty last parameter; it is not ``|}`` closing a table."""
    assert wikitext_to_text("A {{x|a=1\n|}} b.") == "A  b."


@pytest.mark.parametrize("markup, expected", [
    ("[[Water]] boils.", "Water boils."),
    ("It sits on a [[Stove (cooking)|stove]].", "It sits on a stove."),
    ("Two [[kettle]]s.", "Two kettles."),
    ("[[Kettle (disambiguation)|]] stays.", "Kettle (disambiguation) stays."),
    ("[[:Category:Pots]] is a page.", "Category:Pots is a page."),
])
def test_links_keep_their_visible_text(markup, expected):
    assert wikitext_to_text(markup) == expected


@pytest.mark.parametrize("markup", [
    "[[File:Pot.jpg|thumb|A [[copper]] pot on a [[Fire|hearth]] [http://example.org x]]]",
    "[[Image:Pot.jpg|left|200px|Old [[pot]]]]",
    "[[文件:壶.jpg|thumb|一把[[茶壶]]]]",
    "[[图像:壶.png|缩略图]]",
    "[[Category:Kitchenware|Pot]]",
    "[[分类:厨具]]",
    "[[fr:Bouilloire]]",
    "[[zh-yue:水煲]]",
])
def test_file_category_and_interlanguage_links_disappear_with_their_captions(markup):
    """Captions hold links of their own; innermost links go first so none of them leaks out."""
    assert wikitext_to_text(f"Pots.{markup}") == "Pots."


def test_a_caption_with_a_single_bracket_is_still_one_link():
    assert wikitext_to_text("A[[File:X.png|thumb|see [1] and [[Y]]]]B") == "AB"


@pytest.mark.parametrize("markup, expected", [
    ("See [http://example.org/pots the pot museum].", "See the pot museum."),
    ("Numbered [https://example.org] link.", "Numbered  link."),
    ("Relative [//example.org/x here].", "Relative here."),
])
def test_external_links_keep_their_label(markup, expected):
    assert wikitext_to_text(markup) == expected


def test_html_tags_and_comments_go_but_their_text_stays():
    markup = 'A <span style="color:red">red</span> pot<!-- hidden\nnote --> is <b>hot</b>.<br/>Next<br>line.'
    assert wikitext_to_text(markup) == "A red pot is hot.\nNext\nline."


def test_an_unclosed_comment_hides_the_rest_of_the_page():
    assert wikitext_to_text("Seen. <!-- never closed\nunseen") == "Seen."


def test_angle_brackets_that_are_not_tags_stay():
    assert wikitext_to_text("If x<y and y>z then x<z.") == "If x<y and y>z then x<z."


def test_bold_italic_headings_lists_and_magic_words():
    markup = ("__TOC__\n== History ==\n'''Bold''' and ''italic'' and '''''both'''''.\n"
              "=== Later ===\n* one\n** two\n# three\n: indented\n; term\n----\n__NOTOC__")
    assert wikitext_to_text(markup) == "History\nBold and italic and both.\nLater\none\ntwo\nthree\nindented\nterm"


def test_html_entities_are_decoded_and_no_break_spaces_become_spaces():
    assert wikitext_to_text("5&nbsp;km &amp; 3&#160;m &lt;ok&gt; &eacute;") == "5 km & 3 m <ok> é"


def test_paragraphs_are_kept_and_blank_runs_collapsed():
    assert wikitext_to_text("  One.  \n\n\n\n{{x}}\n\nTwo.\n\n") == "One.\n\nTwo."


# --- wikitext: Chinese variant markup -----------------------------------------------------------

@pytest.mark.parametrize("markup, variant, expected", [
    ("-{zh-cn:软件;zh-tw:軟體}-", "zh-cn", "软件"),
    ("-{zh-cn:软件;zh-tw:軟體}-", "zh-tw", "軟體"),
    ("-{zh-hans:财富; zh-tw:財星; zh-hk:財富;}-", "zh-cn", "财富"),
    ("-{zh-tw:網路;zh:网络}-", "zh-cn", "网络"),
    ("-{zh-tw:網路;zh-hk:網絡}-", "zh-cn", "網路"),
    ("-{zh-cn: 增长; zh-tw: 成長}-", "zh-cn", "增长"),
    ("-{zh-hant:; zh-hans:;}-", "zh-cn", ""),
    ("-{zh-hk:網絡;zh-hant:網路}-", "zh-tw", "網路"),
])
def test_variant_branch_with_fallbacks(markup, variant, expected):
    """The requested variant, else its script (zh-hans/zh-hant) and siblings, else zh, else the first."""
    assert wikitext_to_text(f"甲{markup}乙", variant=variant) == f"甲{expected}乙"


@pytest.mark.parametrize("markup, expected", [
    ("-{于}-尔班", "于尔班"),
    ("因-{}-数值", "因数值"),
    ("-{H|zh-cn:博客;zh-tw:部落格;}-博客", "博客"),
    ("-{T|zh-cn:标题;zh-tw:標題}-正文", "正文"),
    ("-{-|zh-cn:博客;zh-tw:部落格}-正文", "正文"),
    ("-{A|zh-cn:博客;zh-tw:部落格}-正文", "博客正文"),
    ("-{R|zh-cn:原样}-", "zh-cn:原样"),
    ("-{zh;zh-hans;zh-hant|汉城}-", "汉城"),
    ("-{zh-cn:-{外}-层;zh-tw:外層}-", "外层"),
    ("-{zh-cn:[[计算机|电脑]];zh-tw:[[電腦]]}-", "电脑"),
    ("-{zh-cn:x&nbsp;y;zh-tw:z}-", "x y"),
])
def test_variant_raw_text_rules_and_flags(markup, expected):
    """``-{text}-`` shows text; H/T/- rules show nothing; A adds a rule and shows the branch; R is raw."""
    assert wikitext_to_text(markup) == expected


def test_convert_variants_leaves_other_markup_alone():
    assert convert_variants("[[-{zh-cn:甲;zh-tw:乙}-]]{{x}}", variant="zh-tw") == "[[乙]]{{x}}"


def test_no_markup_survives_a_page_mixing_everything():
    page = (HERE / "mediawiki_export.xml").read_text(encoding="utf-8")
    raw = page.split('<text xml:space="preserve">')[1].split("</text>")[0]
    text = wikitext_to_text(html.unescape(raw))
    assert_no_markup([Document("x", "x", text)])
    assert "'''" not in text and "==" not in text and "&" not in text
    assert text.startswith("A kettle is a pot for boiling water on a stove.")


# --- sources: detection -------------------------------------------------------------------------

@pytest.mark.parametrize("name, source", [
    ("mediawiki_export.xml", "mediawiki"),
    ("mediawiki_export_0_8_no_siteinfo.xml", "mediawiki"),
    ("mediawiki_without_namespace.xml", "mediawiki"),
    ("multistream.xml.bz2", "mediawiki"),
    ("wikiextractor_doc.txt", "wikiextractor"),
    ("wikiextractor_json.jsonl", "wikiextractor-json"),
    ("plain.txt", "text"),
])
def test_detect_source(name, source):
    assert detect_source(HERE / name) == source


def test_bz2_is_recognised_by_content_not_by_name(tmp_path):
    renamed = tmp_path / "dump.xml"
    shutil.copy(HERE / "multistream.xml.bz2", renamed)
    assert detect_source(renamed) == "mediawiki"
    assert [d.title for d in docs(renamed)] == ["Anchor", "Harbour", "Lighthouse"]


def test_bz2_compressed_wikiextractor_and_text(tmp_path):
    for name in ("wikiextractor_doc.txt", "plain.txt"):
        packed = tmp_path / f"{name}.bz2"
        packed.write_bytes(bz2.compress((HERE / name).read_bytes()))
        assert detect_source(packed) == detect_source(HERE / name)
        assert docs(packed) == docs(HERE / name)


def test_utf8_bom_is_ignored(tmp_path):
    path = tmp_path / "bom.txt"
    path.write_bytes(b"\xef\xbb\xbf" + (HERE / "wikiextractor_doc.txt").read_bytes())
    assert detect_source(path) == "wikiextractor"
    assert len(docs(path)) == 3


def test_unknown_source_name_lists_the_choices():
    with pytest.raises(UnknownNameError, match="wikiextractor-json"):
        docs(HERE / "plain.txt", source="wiki")


def test_explicit_source_overrides_detection():
    """A WikiExtractor file read as plain text gives its paragraphs verbatim, tags included."""
    blocks = docs(HERE / "wikiextractor_doc.txt", source="text")
    assert blocks[0].text.startswith('<doc id="41"')
    assert len(blocks) == 5


# --- sources: MediaWiki XML ---------------------------------------------------------------------

def test_mediawiki_keeps_articles_only_and_the_last_revision():
    """ns 0 only (no Talk, no Template), no redirects, the last of several revisions, hidden text skipped;
    a truly empty page (its <sha1> is the empty text's) is an empty document."""
    got = docs(HERE / "mediawiki_export.xml")
    assert [(d.id, d.title) for d in got] == [("11", "Kettle"), ("15", "Stove"), ("17", "Blank page")]
    assert got[1].text == "A stove heats a kettle."
    assert got[2].text == ""
    assert got[0].text.splitlines()[:3] == ["A kettle is a pot for boiling water on a stove.", "", "History"]
    assert "Early kettles were made of bronze and iron." in got[0].text
    assert "cast iron" not in got[0].text  # table cell
    assert "copper" not in got[0].text  # file caption
    assert_no_markup(got)


def test_mediawiki_older_schema_without_siteinfo_and_redirects_by_text():
    """export-0.8 namespace, no <siteinfo>; redirects without <redirect/> are found by their magic word
    (#重定向, or #redirect after spaces in any case)."""
    got = docs(HERE / "mediawiki_export_0_8_no_siteinfo.xml")
    assert [d.title for d in got] == ["茶壶"]
    assert got[0].text == "茶壶是一种泡茶的器具。它常和茶杯一起使用。\n软件与網路无关，zh-cn:原样保留。"


def test_variant_option_reaches_the_converter():
    got = docs(HERE / "mediawiki_export_0_8_no_siteinfo.xml", variant="zh-tw")
    assert got[0].text.startswith("茶壶是一种沏茶的器具。")
    assert "軟體" in got[0].text


def test_mediawiki_without_xml_namespace():
    assert docs(HERE / "mediawiki_without_namespace.xml") == [Document("31", "Lamp", "A lamp gives light.")]


def test_multistream_bz2_is_read_across_its_streams():
    """Multistream dumps are bz2 streams laid end to end (header, pages..., footer); all are read."""
    data = (HERE / "multistream.xml.bz2").read_bytes()
    assert data.count(b"BZh91AY&SY") == 3
    assert [d.text for d in docs(HERE / "multistream.xml.bz2")] == [
        "An anchor holds a ship in place.", "A harbour shelters ships from storms.", "A lighthouse warns ships at night."]


def test_bundled_wiki_samples(tmp_path):
    """The demo's sample dumps: English and Chinese articles, a redirect and a non-article page each."""
    en = docs(SAMPLES / "wiki" / "enwiki-sample.xml")
    zh = docs(SAMPLES / "wiki" / "zhwiki-sample.xml")
    assert [d.title for d in en] == ["Picnic", "Dragon", "Knight", "Bakery", "Kettle", "Umbrella", "Ice cream"]
    assert [d.title for d in zh] == ["警察", "小偷", "自行车", "词典", "书包", "手机"]
    assert_no_markup(en + zh)
    assert "villagers hid from the dragon" in en[1].text
    assert "又称脚踏车" in zh[2].text
    assert {p.name for p in (SAMPLES / "wiki").iterdir()} == {"enwiki-sample.xml", "zhwiki-sample.xml"}


# --- sources: WikiExtractor and text ------------------------------------------------------------

def test_wikiextractor_docs_drop_the_title_line_and_leftover_markup():
    got = docs(HERE / "wikiextractor_doc.txt")
    assert [(d.id, d.title) for d in got] == [("41", "风筝"), ("42", "纸鸢"), ("43", "Kite & string")]
    assert got[0].text == "风筝是一种用线牵引、借风力升空的玩具。它的骨架多用竹子制作。\n古人用风筝传递消息，也用来测量距离。"
    assert got[1].text == "纸鸢是风筝的旧称。"
    assert got[2].text == "A kite rises on the wind.\n\nIt is held by a string."


def test_wikiextractor_json_lines():
    got = docs(HERE / "wikiextractor_json.jsonl")
    assert got == [
        Document("51", "灯笼", "灯笼是一种照明工具。\n节日时人们挂起灯笼。"),
        Document("52", "蜡烛", "蜡烛用石蜡制成。"),
        Document("4", "", "No id and no title here."),
    ]


def test_plain_text_documents_are_blank_line_separated_blocks():
    got = docs(HERE / "plain.txt")
    assert got == [
        Document("1", "", "The first paragraph has\ntwo lines."),
        Document("6", "", "The second paragraph."),
        Document("8", "", "The third one, after a line of spaces."),
    ]


def test_plain_text_block_is_cut_at_a_line_end_when_too_long(tmp_path, monkeypatch):
    monkeypatch.setattr(sources, "MAX_BLOCK_CHARS", 20)
    path = tmp_path / "long.txt"
    path.write_text("a" * 12 + "\n" + "b" * 12 + "\n" + "c" * 3 + "\n", encoding="utf-8")
    assert [(d.id, d.text) for d in docs(path)] == [("1", "a" * 12 + "\n" + "b" * 12), ("3", "ccc")]


# --- bad input ----------------------------------------------------------------------------------

def test_xxe_payload_is_never_expanded():
    """A DOCTYPE declaring a SYSTEM entity is refused before any page is yielded; the file is not read."""
    with pytest.raises(FormatError) as info:
        for doc in iter_documents(HERE / "xxe.xml"):
            assert "root:" not in doc.text
    assert info.value.where == "line 3"
    assert "DOCTYPE" in info.value.problem
    assert "root:" not in str(info.value)


@pytest.mark.parametrize("name, expect, where", [
    ("page_without_title.xml", "page has no <title>", "line 8"),
    ("page_without_ns.xml", "page 'Nameless space' has no <ns>", "line 2"),
    ("revision_without_text.xml", "has no <text> (found <id>, <texts>)", "line 2"),
    ("empty_text_with_sha1.xml", "<text> is empty but <sha1> is not the empty text's", "line 2"),
    ("not_mediawiki.xml", "root element is <collection>, not <mediawiki>", "line 2"),
])
def test_malformed_pages_name_the_line_of_the_page(name, expect, where):
    bad(HERE / name, expect, where)


@pytest.mark.parametrize("name, expect, where", [
    ("doc_never_closed.txt", "never closed", "line 1"),
    ("text_outside_doc.txt", "text outside a <doc>", "line 6"),
    ("json_malformed_line.jsonl", "invalid JSON", "line 2"),
    ("json_without_text.jsonl", '"text" field', "line 1"),
])
def test_malformed_wikiextractor_output(name, expect, where):
    bad(HERE / name, expect, where)


@pytest.mark.parametrize("source", ["wikiextractor", "wikiextractor-json", "text"])
def test_wrong_encoding_names_the_line(source):
    bad(HERE / "latin1.txt", "not valid UTF-8", "line 1", source=source)


@pytest.mark.parametrize("source", [None, *sources.SOURCES])
def test_empty_file(source):
    bad(HERE / "empty.txt", "file is empty", None, source=source)


def test_malformed_wikiextractor_doc_lines(tmp_path):
    path = tmp_path / "x.txt"
    path.write_text('<doc id="1" title="A">\nA\n<doc id="2" title="B">\n</doc>\n', encoding="utf-8")
    bad(path, "opened before the one of line 1 was closed", "line 3")
    path.write_text('<doc title="no id">\n</doc>\n', encoding="utf-8")
    bad(path, "malformed <doc> line", "line 1", source="wikiextractor")
    path.write_text("</doc>\n", encoding="utf-8")
    bad(path, "</doc> without an open <doc>", "line 1", source="wikiextractor")


def test_malformed_xml_names_the_line(tmp_path):
    path = tmp_path / "bad.xml"
    path.write_text("<mediawiki>\n<page><title>A</title>\n<ns>0</ns></pag>\n</mediawiki>\n", encoding="utf-8")
    bad(path, "Opening and ending tag mismatch", "line 3")


def test_undeclared_entity_names_its_line(tmp_path):
    """lxml reports this one as "no element found" at line 0; the real error and line come from its log."""
    path = tmp_path / "entity.xml"
    path.write_text("<mediawiki>\n<page><title>A</title><ns>0</ns><id>1</id>\n<revision><text>a &nbsp; b</text>"
                    "</revision></page>\n</mediawiki>\n", encoding="utf-8")
    bad(path, "Entity 'nbsp' not defined", "line 3")


def test_truncated_xml(tmp_path):
    data = (HERE / "mediawiki_export.xml").read_bytes()
    path = tmp_path / "cut.xml"
    cut = data[: data.index(b"<title>Stove")]
    path.write_bytes(cut)
    lines = cut.count(b"\n") + 1
    error = bad(path, "malformed XML", f"line {lines}")
    assert "Premature end of data" in error.problem


def test_truncated_bz2(tmp_path):
    data = (HERE / "multistream.xml.bz2").read_bytes()
    path = tmp_path / "cut.xml.bz2"
    path.write_bytes(data[:-20])
    bad(path, "compressed stream ends early", None)


@pytest.mark.parametrize("block", [64, 4096, 1 << 18])
def test_decompressing_thread_reads_what_bz2_open_reads(tmp_path, monkeypatch, block):
    """Streams laid end to end, split anywhere by the read size, then bytes that are not a stream:
    the same bytes as bz2.open (which ignores such trailing data)."""
    monkeypatch.setattr(sources, "_CHUNK", block)
    first, last = _two_stream_dump(300)
    path = tmp_path / "dump.xml.bz2"
    path.write_bytes(first + bz2.compress(b"") + last + b"not bz2 at all")
    expected = bz2.open(path).read()
    assert b"".join(block for block, _ in sources._bz2_blocks(path, threading.Event())) == expected
    assert len(docs(path)) == 301


def test_corrupt_bz2_block_is_a_format_error(tmp_path):
    first, last = _two_stream_dump(3000)
    damaged = bytearray(first)
    damaged[len(damaged) // 2] ^= 0xFF
    path = tmp_path / "bad.xml.bz2"
    path.write_bytes(bytes(damaged) + last)
    bad(path, "cannot decompress", None)


def _two_stream_dump(pages: int) -> tuple[bytes, bytes]:
    """A dump as two bz2 streams: the header and ``pages`` pages, then one more page and the footer."""
    body = "".join(f"<page><title>P{i}</title><ns>0</ns><id>{i}</id><revision><text>Page {i} text.</text>"
                   "</revision></page>\n" for i in range(pages))
    first = bz2.compress(f"<mediawiki>\n{body}".encode())
    last = bz2.compress(b"<page><title>Z</title><ns>0</ns><id>0</id><revision><text>End.</text></revision></page>\n"
                        b"</mediawiki>\n")
    return first, last


def test_truncation_found_while_decompressing_ahead(tmp_path):
    """The error raised in the decompressing thread reaches the reader as a FormatError (the head of
    the file decompresses fine, so detection succeeds and the damage is found while reading)."""
    first, last = _two_stream_dump(5000)
    path = tmp_path / "cut.xml.bz2"
    path.write_bytes(first + last[:-20])
    assert detect_source(path) == "mediawiki"
    bad(path, "compressed stream ends early", None)


def test_stopping_early_stops_the_decompressing_thread(tmp_path, monkeypatch):
    """Small chunks make the thread block on its full queue; closing the reader must still end it."""
    monkeypatch.setattr(sources, "_CHUNK", 4096)
    first, last = _two_stream_dump(5000)
    path = tmp_path / "dump.xml.bz2"
    path.write_bytes(first + last)
    documents = iter_documents(path)
    assert next(documents).title == "P0"
    documents.close()
    assert not any(t.name == "bz2-prefetch" and t.is_alive() for t in threading.enumerate())
    assert len(docs(path)) == 5001


def test_text_node_beyond_libxml2_limit_is_a_format_error(tmp_path):
    """huge_tree stays off (MediaWiki caps pages at 2 MiB); an 11 MB text is reported, not parsed."""
    path = tmp_path / "huge.xml"
    with open(path, "w", encoding="utf-8") as fh:
        fh.write("<mediawiki><page><title>Big</title><ns>0</ns><id>1</id><revision><text>")
        fh.write("word " * 2_200_000)
        fh.write("</text></revision></page></mediawiki>")
    bad(path, "10 MB", "line 1")


# --- bounded memory -----------------------------------------------------------------------------

def _synthetic_dump(path: Path, pages: int, paragraph: str) -> Path:
    with open(path, "w", encoding="utf-8") as fh:
        fh.write('<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.10/">\n<siteinfo><sitename>S</sitename></siteinfo>\n')
        for i in range(pages):
            fh.write(f'<page><title>P{i}</title><ns>{i % 2 * 4}</ns><id>{i}</id><revision><id>{i}</id>'
                     f'<text xml:space="preserve">{paragraph}</text></revision></page>\n')
        fh.write("</mediawiki>\n")
    return path


def test_memory_stays_bounded_over_20k_pages(tmp_path):
    """Pages are cleared (with their preceding siblings) once read, so Python-side memory is flat."""
    path = _synthetic_dump(tmp_path / "synthetic.xml", 20_000, "A [[kettle]] boils {{x}} water. " * 8)
    tracemalloc.start()
    try:
        count = sum(1 for _ in iter_documents(path))
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 10_000
    assert peak < 3_000_000


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="resident memory is read from /proc (Linux)")
def test_resident_memory_does_not_grow_with_the_dump(tmp_path):
    """libxml2's own tree is invisible to tracemalloc: the resident size shows it is freed as we go
    (keeping the 20k pages of ~1 KB would add well over 40 MB)."""
    path = _synthetic_dump(tmp_path / "synthetic.xml", 20_000, "A kettle boils water on the stove. " * 30)

    def resident() -> int:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")

    before = resident()
    assert sum(1 for _ in iter_documents(path)) == 10_000
    assert resident() - before < 20_000_000


# --- the real samples in ../shared/corpora ------------------------------------------------------

REAL = {
    # path: (documents, source) — ns-0 non-redirect pages of the dumps; <doc>/JSON records otherwise
    "wikidump/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2": (106, "mediawiki"),
    "wikidump/enwiki-table-markup.xml.bz2": (5, "mediawiki"),
    "wikidump/dump.xml": (1, "mediawiki"),
    "wikidump/zhwiki-test-pages.xml": (23, "mediawiki"),
    "wikitext/zh/wikiextractor_wiki_00": (64, "wikiextractor"),
    "wikitext/zh/wikiextractor_json_wiki_00": (64, "wikiextractor-json"),
    "wikitext/en/wikiextractor_wiki_01": (372, "wikiextractor"),
}


@pytest.mark.parametrize("rel", sorted(REAL))
def test_real_samples_counts_detection_and_no_markup(shared, rel):
    """Counts measured on the files: enwiki shortened has 206 pages, 106 of them ns-0 non-redirects
    (99 redirects, 1 ns-4 redirect); zhwiki-test-pages has 33 pages, 23 in ns 0; the zh WikiExtractor
    text and JSON hold the same 64 pages (ids 13..258)."""
    path = shared_file(rel)
    count, source = REAL[rel]
    assert detect_source(path) == source
    got = docs(path)
    assert len(got) == count
    assert_no_markup(got)
    assert all(d.id and d.title for d in got)
    assert sum(len(d.text) for d in got) > 0


def test_real_enwiki_spot_checks(shared):
    got = docs(shared_file("wikidump/enwiki-latest-pages-articles1.xml-p000000010p000030302-shortened.bz2"))
    assert got[0].title == "Anarchism" and got[0].text.startswith("Anarchism is a political philosophy")
    assert "AccessibleComputing" not in {d.title for d in got}  # the first page is a redirect
    tables = docs(shared_file("wikidump/enwiki-table-markup.xml.bz2"))
    assert tables[0].title == "Constructive vote of no confidence"
    assert "motion of no confidence" in tables[0].text


def test_real_dump_xml_takes_the_last_revision(shared):
    assert docs(shared_file("wikidump/dump.xml")) == [Document("1", "Foo", "Revision 2 text")]


def test_real_zhwiki_spot_checks(shared):
    got = {d.title: d for d in docs(shared_file("wikidump/zhwiki-test-pages.xml"))}
    assert got["数学"].id == "13"
    assert "群、環、域等" in got["数学"].text  # -{zh-cn:域;zh-tw:體}- took the zh-cn branch
    assert got["数学"].text.startswith("数学是利用符号语言研究數量")


def test_real_wikiextractor_spot_checks(shared):
    text = docs(shared_file("wikitext/zh/wikiextractor_wiki_00"))
    js = docs(shared_file("wikitext/zh/wikiextractor_json_wiki_00"))
    assert [d.id for d in text] == [d.id for d in js]
    assert (text[0].id, text[-1].id) == ("13", "258")
    assert any("快速增长的經濟" in d.text for d in text)  # -{zh-cn: 增长; zh-tw: 成長}- resolved
    psychology = next(d for d in js if d.title == "心理学")
    assert psychology.text.startswith("心理学（")  # title line and the -{H|...}- rule are gone
    en = docs(shared_file("wikitext/en/wikiextractor_wiki_01"))
    assert en[0].title == "Chen Zhili" and en[0].text.startswith("Chen Zhili (; born")


@pytest.mark.parametrize("n, expect", [
    (1, "page has no <title>"),
    (2, "page '数学' has no <ns>"),
    (3, "its last <revision> has no <text> (found"),
    (4, "<text> is empty but <sha1> is not the empty text's"),
])
def test_real_broken_zhwiki_files(shared, n, expect):
    """Each deliberately broken copy is a FormatError naming the file and the line of the 数学 page."""
    error = bad(shared_file(f"wikidump/broken/zhwiki-broken-{n}.xml"), expect, "line 96")
    assert f"zhwiki-broken-{n}.xml: line 96: " in str(error)
