"""Chinese: the candidate in place of 他/她/它(们), their 的-possessives, a locative or a dropped pronoun.

Chinese does not inflect, so substitution is mostly placement: the candidate's mention goes where
the pronoun was (因为他太矮了 → 因为志明太矮了), where the dropped subject or object belongs (因为|担心
暴力事件 → 因为市政府担心暴力事件), or where a locative stood (在那里 → 在车库; 里面 → 冰箱里). Joins are
repaired (no 的的; a place question's preposition is supplied for a dropped place), nothing is ever
joined with a space, and no capital letters are made.

The NLI hypothesis is the clause that holds the reference, between the clause punctuation marks
around it (or a connective where the text has no comma), without its opening connectives (因为…),
ended with 。; a reference inside a time frame (在…之后，) keeps the main clause after it, and one in a sentence that
supposes (如果…，否则; 他来了的话，…; 要不是他，…; a later clause opening with 就/才) or reports (小明说，他…; 据说，他…;
老师告诉小明，他…; …，小明说) keeps its whole sentence, never asserting what the sentence only supposes, reports or
wishes (``reports``). A question is refused: it asserts nothing. A marked span
that is not a pronoun (为 of 因为, 他 of 其他) is refused: the corpora's annotation errors are skipped, not rewritten. ``to_script`` gives Traditional-script versions through OpenCC.

>>> from wino_toolkit.schema import Candidate, Item, Span
>>> item = Item("x", "demo", "zh-Hans", "志明站在小明的后边，因为他太矮了。",
...             [Candidate("志明", Span(0, 2, "志明")), Candidate("小明", Span(4, 6, "小明"))],
...             answer=0, pronoun=Span(12, 13, "他"))
>>> Chinese().substitute(item, 0)
'志明站在小明的后边，因为志明太矮了。'
>>> Chinese().hypothesis(item, 1)
'小明太矮了。'
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ...errors import FormError, MissingDependencyError, ParameterError
from ...schema import Item, Span
from .. import register_language
from ..base import Language
from .adverbs import SUBJECT_ADVERBS
from .causatives import CAUSATIVES
from .connectives import CONDITIONALS, CONNECTIVES, CONSEQUENCE_REACH, CONSEQUENCES
from .determiners import DEMONSTRATIVES
from .events import WH, participants
from .frames import TIME_FRAME_ENDS
from .localizers import LOCALIZERS
from .locatives import LOCATIVES
from .prepositions import PLACE_PREPOSITIONS
from .pronouns import OTHER_REFERRING, PRONOUNS
from .reports import REPORTING, TELLING
from .scripts import SCRIPTS
from .subjectless import SUBJECTLESS_OPENERS

__all__ = ["Chinese"]

_DEMONSTRATIVE = "(?:{})(?:{})?(?:{})".format(*("|".join(DEMONSTRATIVES[key]) for key in ("demonstrative", "numeral", "classifier")))
DEMONSTRATIVE = re.compile(_DEMONSTRATIVE + "$")
DEMONSTRATIVE_PHRASE = re.compile(_DEMONSTRATIVE + r"\w")  # a noun phrase marked by an override: 这个名字
PLACE_QUESTION = re.compile("({})(?:哪里|哪儿|哪边)".format("|".join(PLACE_PREPOSITIONS)))
CJK_SPACE = re.compile(r"(?<=[\u3000-\u9fff\uff00-\uffef])\s+(?=[\u3000-\u9fff\uff00-\uffef])")
SUBORDINATE_END = "，,"  # a clause followed by one of these can be a subordinate time frame
SAME_SENTENCE = "，,；;"  # clause punctuation that does not end the sentence
SENTENCE_ENDS = "。！？!?"
QUESTION_MARKS = "？?"
CLAUSE_MARKS = "，,：:；; \u3000"  # what may stand between a reporting verb and its clause
TOLD_REACH = 6  # the longest object a verb of telling may have before its clause (告诉|小明，, 通知|了全班同学，)
OBJECT_TAGS = ("n", "r", "u")  # jieba tags of what may follow a verb of telling before its clause: its object, a 了
OPENING = sorted(CONNECTIVES, key=len, reverse=True)  # longest first: 这是因为 before 因为
NOT_PRONOUN = "其吉"  # 其他 "other", 吉他 "guitar"
NOT_A_PRONOUN = "marked span is not a pronoun"


class Edit(NamedTuple):
    """Characters ``start:end`` of the text replaced by ``new`` (``start == end`` inserts)."""

    start: int
    end: int
    new: str


@lru_cache(maxsize=8192)
def word_bounds(text: str) -> tuple[dict[int, int], dict[int, int]]:
    """jieba's words of ``text`` as start → end and end → start (one segmentation per text)."""
    from ...tokens import token_spans

    spans = token_spans(text, "zh")
    return {s: e for s, e in spans}, {e: s for s, e in spans}


@lru_cache(maxsize=1)
def tagger():
    """jieba's part-of-speech tagger, loaded once and without its start-up chatter."""
    import logging

    import jieba
    import jieba.posseg

    jieba.setLogLevel(logging.WARNING)
    return jieba.posseg


@lru_cache(maxsize=8192)
def tagged(text: str) -> tuple[tuple[int, int, str], ...]:
    """jieba's words of ``text`` with their part-of-speech tags, as (start, end, tag)."""
    out, at = [], 0
    for pair in tagger().cut(text):
        out.append((at, at + len(pair.word), pair.flag))
        at += len(pair.word)
    return tuple(out)


def dictionary_word(word: str) -> bool:
    """Whether jieba's dictionary holds ``word`` (a word it did not guess from its neighbours: 其他, 因为)."""
    tagger()
    import jieba

    return bool(jieba.dt.FREQ.get(word))


@lru_cache(maxsize=8192)
def first_word(clause: str) -> tuple[str, str]:
    """The first word of ``clause`` and its jieba part-of-speech tag."""
    for pair in tagger().cut(clause):
        return pair.word, pair.flag
    return "", ""


@lru_cache(maxsize=None)
def converter(config: str):
    """A cached OpenCC converter; older releases need the ``.json`` file name, newer take either."""
    try:
        import opencc
    except ImportError:
        raise MissingDependencyError("Chinese script conversion needs OpenCC: pip install opencc") from None
    try:
        return opencc.OpenCC(f"{config}.json")
    except RuntimeError:  # a build that only knows bare config names
        return opencc.OpenCC(config)


def splice(text: str, edits: list[Edit], start: int, end: int) -> str:
    """``text[start:end]`` with the edits (sorted, inside it) applied."""
    out, at = [], start
    for edit in edits:
        out += [text[at : edit.start], edit.new]
        at = edit.end
    out.append(text[at:end])
    return "".join(out)


@register_language
class Chinese(Language):
    """Rules for Chinese in either script; tags zh, zh-Hans, zh-Hant, zh-CN, zh-TW, zh-HK, zh-SG, cmn."""

    code = "zh"
    name = "Chinese"
    aliases = ("zh-Hans", "zh-Hant", "zh-CN", "zh-TW", "zh-HK", "zh-SG", "cmn")
    CLAUSE_PUNCT = "，；。！？,;!?"
    FULL_STOP = "。"

    # -- public API ----------------------------------------------------------------------------
    def substitute(self, item: Item, k: int) -> str:
        return splice(item.text, self.edits(item, k), 0, len(item.text))

    def hypothesis(self, item: Item, k: int) -> str:
        edits = self.edits(item, k)
        start, end = self.clause_bounds(item, self.reference(item))
        if item.text[end : end + 1] and item.text[end] in QUESTION_MARKS:
            raise FormError("the clause holding the reference is a question: it asserts nothing about the candidate")
        return self.sentence(splice(item.text, edits, start, end))

    def blank(self, item: Item) -> tuple[str, Span]:
        """The blank where the candidate goes: before the adverbs a dropped subject leaves (但_还是), and before
        the 的 of a possessive (_的生日), which the options do not carry."""
        span = self.reference(item)
        if self.is_event(item, span):
            raise FormError("the candidates name both participants of an event; one blank cannot hold them")
        if span.text == "其":
            raise FormError("the blank cannot stand for 其: the options would need a 的 before a noun and none before a verb")
        at = self.insertion_point(item.text, span)
        end = at if span.is_slot else span.end - 1 if span.text.endswith("的") else span.end
        text = item.text[:at] + self.BLANK + item.text[end:]
        return text, Span(at, at + len(self.BLANK), self.BLANK)

    def blank_option(self, item: Item, k: int) -> str:
        """The candidate's words without a 的 of their own (甲的 → 甲), since the blank keeps the text's 的."""
        option = CJK_SPACE.sub("", super().blank_option(item, k).strip())
        return option[:-1] if option.endswith("的") and len(option) > 1 else option

    def to_script(self, text: str, script: str) -> str:
        """``text`` in Simplified (``"hans"``) or Traditional (``"hant"``) characters; see ``scripts``."""
        config = SCRIPTS.get(script)
        if config is None:
            raise ParameterError(f"unknown Chinese script {script!r}: use one of {', '.join(SCRIPTS)}")
        return converter(config).convert(text)

    def script_tag(self, tag: str, script: str | None) -> str:
        """``zh-Hans`` → ``zh-Hant`` for Traditional output (and back for ``hans``); other subtags stay."""
        if script not in SCRIPTS:
            return tag
        parts = [p for p in tag.split("-") if p.lower() not in ("hans", "hant")]
        return "-".join([parts[0], script.capitalize(), *parts[1:]])

    # -- hooks -----------------------------------------------------------------------------------
    def reference(self, item: Item) -> Span:
        if item.pronoun is None:
            raise FormError(
                "no pronoun, slot or noun phrase is marked as the referring expression "
                "(a demonstrative or epithet the reader could not find needs an override)"
            )
        self.check_referring(item.text, item.pronoun)
        return item.pronoun

    def check_referring(self, text: str, span: Span) -> None:
        """Refuse a marked span that is not a referring expression the rules know: a pronoun (他, 她们, 他的, 其,
        自己) standing as a word of its own, a slot, a locative or a demonstrative noun phrase (这个名字). Corpora mark
        a character of a word by mistake (为 of 因为, 他 of 其他); rewriting around it mangles the sentence."""
        if span.is_slot or span.text == self.BLANK or span.text in LOCATIVES:
            return
        word = span.text[:-1] if span.text.endswith("的") and len(span.text) > 1 else span.text
        if word not in PRONOUNS and word not in OTHER_REFERRING:
            if DEMONSTRATIVE_PHRASE.match(span.text):
                return
            raise FormError(f"{NOT_A_PRONOUN}: '{span.text}' is not a pronoun, a dropped subject or a place word")
        end = span.start + len(word)
        for s, e, _ in tagged(text):
            inside = s < end and e > span.start and (s < span.start or e > end)
            if inside and dictionary_word(text[s:e]):
                raise FormError(f"{NOT_A_PRONOUN}: '{word}' is part of the word '{text[s:e]}'")

    def edits(self, item: Item, k: int) -> list[Edit]:
        """Where candidate ``k`` goes: one edit, or two when it names both participants of an event."""
        span = self.reference(item)
        if not self.is_event(item, span):
            at = self.insertion_point(item.text, span)
            return [Edit(at, span.end if not span.is_slot else at, self.inflect(item, k, span))]
        names = participants(item, k)
        if names is None:
            raise FormError(f"candidate {item.candidates[k].text!r} states an event whose two participants cannot be told apart")
        second = self.second_reference(item, span)
        if second is not None:
            pairs = [(span, names[0]), (second, names[1])]
        else:
            pairs = [(span, names[1] if self.is_object(item, span) else names[0])]
        return [Edit(ref.start, ref.end, self.joined(item.text, ref, name)) for ref, name in pairs]

    def inflect(self, item: Item, k: int, span: Span) -> str:
        name = self.mention(item, k)
        if span.is_slot:
            return self.place_preposition(item, span) + self.joined(item.text, span, name)
        if span.text in LOCATIVES:
            suffix = LOCATIVES[span.text]
            return name if not suffix or name.endswith(LOCALIZERS) else name + suffix
        if span.text == "其":
            return self.for_qi(item.text, span, name)
        return self.joined(item.text, span, name)

    def for_qi(self, text: str, span: Span, name: str) -> str:
        """其 before a noun is a possessive (其父亲 → 志明的父亲), before a verb a pronoun (使其变干 → 使衣服变干);
        anything else is refused rather than guessed."""
        tag = next((t for s, _, t in tagged(text) if s == span.end), "")
        if tag.startswith("n"):
            return name if name.endswith("的") else name + "的"
        if tag.startswith("v"):
            return name[:-1] if name.endswith("的") else name
        raise FormError("the rules cannot tell whether 其 is a possessive or a pronoun here")

    def mention(self, item: Item, k: int) -> str:
        """The candidate as the text mentions it, with its demonstrative (那个男人), else as the source spells it."""
        cand = item.candidates[k]
        if cand.span is None or not cand.span.text:
            return CJK_SPACE.sub("", cand.text.strip())
        before = DEMONSTRATIVE.search(item.text[max(0, cand.span.start - 4) : cand.span.start])
        return (before.group() if before else "") + cand.span.text

    def joined(self, text: str, span: Span, name: str) -> str:
        """``name`` fitted to the 的 around ``span``: 他的 → 志明的, and 志明的 + 的 → 志明的."""
        if span.text.endswith("的") and not name.endswith("的"):
            return name + "的"
        if not span.text.endswith("的") and name.endswith("的") and text.startswith("的", span.end):
            return name[:-1]
        return name

    def insertion_point(self, text: str, span: Span) -> int:
        """A slot after adverbs that follow the subject (但还是|不足以) moves before them."""
        if not span.is_slot:
            return span.start
        starts_at = word_bounds(text)[1]
        at = span.start
        while at in starts_at and text[starts_at[at] : at] in SUBJECT_ADVERBS:
            at = starts_at[at]
        return at

    def place_preposition(self, item: Item, span: Span) -> str:
        """The 在 of 他们在哪里发现… for a dropped place, unless the text already has it at the slot."""
        found = PLACE_QUESTION.search(item.question or "")
        if found is None:
            return ""
        prep = found.group(1)
        return "" if item.text.endswith(prep, 0, span.start) or item.text.startswith(prep, span.end) else prep

    def is_event(self, item: Item, span: Span) -> bool:
        """Whether the candidates state whole events (谁说服了谁 → 建国没有说服志明) rather than name referents."""
        if span.is_slot or any(c.span is not None for c in item.candidates):
            return False
        return len(WH.findall(item.question or "")) >= 2 or self.second_reference(item, span) is not None

    def second_reference(self, item: Item, span: Span) -> Span | None:
        """The same pronoun again later in the clause: the other participant (她批评了她)."""
        if span.text not in PRONOUNS:
            return None
        _, end = super().clause_bounds(item, span)
        at = item.text.find(span.text, span.end, end)
        if at < 0 or item.text[at : at + len(span.text) + 1] in PRONOUNS or item.text[at - 1] in NOT_PRONOUN:
            return None
        return Span(at, at + len(span.text), span.text)

    def is_object(self, item: Item, span: Span) -> bool:
        """Whether a lone pronoun follows the question's verb (谁照顾谁 … 来照顾他): the second participant."""
        parts = WH.split((item.question or "").rstrip("？?"))
        verb = parts[1].strip() if len(parts) >= 3 else ""
        return bool(verb) and item.text.endswith(verb, 0, span.start)

    def edit_region(self, item: Item, span: Span) -> tuple[int, int]:
        """Every character the edits rewrite: a slot's candidate goes before the adverbs after it (但|还是), and an
        event's two participants fill both pronouns (他无法说服他)."""
        edits = [edit for k in range(len(item.candidates)) for edit in self.edits(item, k)]
        return min([span.start, *(e.start for e in edits)]), max([span.end, *(e.end for e in edits)])

    def clause_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """The source characters the hypothesis is made of: the clause around the edits without its opening
        connectives and causative, widened to the main clause of a time frame and to the subject of a clause
        that opens without one (see the module docstring)."""
        first, last = self.edit_region(item, span)
        text = item.text
        start, end = self.connective_bounds(item, Span(first, last, text[first:last]))
        start, end = self.with_main_clause(item, self.skip_connectives(text, start, first), end, last)
        start = self.skip_causative(text, start, first)
        start, end = self.with_subject(item, start, end, first)
        return self.with_condition(text, start, end, first, last)

    def with_condition(self, text: str, start: int, end: int, first: int, last: int) -> tuple[int, int]:
        """The whole sentence when it supposes rather than asserts: a conditional or purpose word anywhere in it
        (如果小明没有走好运，|他肯定会赢; 他要是再迟到，…; 他来了的话，…), a later clause that opens a consequence
        (他不早点起床，就会迟到), or a reporting verb before the reference's clause (小明说，|他是…): a clause cut from it
        would assert what the sentence only supposes, reports or wishes. A conditional before the reference stays."""
        opens, closes = self.sentence_around(text, first, last)
        if not (self.supposes(text, opens, closes) or self.reported(text, opens, start, end, closes)):
            return start, end
        condition = next((s for s, e, _ in tagged(text) if opens <= s < first and text[s:e] in CONDITIONALS), first)
        return min(start, self.skip_connectives(text, opens, condition)), max(end, closes)

    def sentence_around(self, text: str, first: int, last: int) -> tuple[int, int]:
        """The sentence holding ``text[first:last]``, without its closing mark."""
        opens = max((text.rfind(ch, 0, first) for ch in SENTENCE_ENDS), default=-1) + 1
        closes = min((at for at in (text.find(ch, last) for ch in SENTENCE_ENDS) if at >= 0), default=len(text))
        return opens, closes

    def supposes(self, text: str, opens: int, closes: int) -> bool:
        """Whether ``text[opens:closes]`` holds a conditional word, or a later clause opening with a consequence word
        (我们就…, 就要…, 病才…; not an adverb's 很快就, which says how soon)."""
        since, before = None, ""  # words since the last clause mark (None in the first clause), and the last tag
        for s, e, tag in tagged(text):
            if s < opens or e > closes:
                continue
            word = text[s:e]
            opening = since is not None and since < CONSEQUENCE_REACH and not before.startswith("d")
            if word in CONDITIONALS or (opening and word.startswith(CONSEQUENCES)):
                return True
            since, before = 0 if word in SAME_SENTENCE else None if since is None else since + 1, tag
        return False

    def reported(self, text: str, opens: int, start: int, end: int, closes: int) -> bool:
        """Whether the clause ``text[start:end]`` is what someone says, thinks or wishes: what comes before it in its
        sentence ends in a verb of saying, thinking or wishing (小明说，|他…; 据说，|他…; 说|因为他…) or in one of telling
        and its object (老师告诉小明，|他…), or the sentence's last clause, after it, is such a verb (…，小明说。)."""
        before = text[opens:start]
        while True:
            stripped = before.rstrip(CLAUSE_MARKS)
            stripped = next((stripped[: -len(w)] for w in OPENING if stripped.endswith(w)), stripped)
            if stripped == before:
                break
            before = stripped
        last = max(text.rfind(ch, end, closes) for ch in SAME_SENTENCE)
        return (before.endswith(REPORTING) or self.told(text, opens, opens + len(before))
                or (last >= end and text[last + 1 : closes].endswith(REPORTING)))

    def told(self, text: str, opens: int, stop: int) -> bool:
        """Whether ``text[opens:stop]`` ends in a verb of telling and its short object (告诉|小明, 通知了|全班同学; jieba's
        问小明 too), not in a word that starts like one (问题) nor a verb after the object (答应张锋|离开)."""
        words = [(s, e, tag) for s, e, tag in tagged(text) if opens <= s and e <= stop]
        for i, (s, e, _) in enumerate(words):
            verb = next((w for w in TELLING if text.startswith(w, s)), None)
            if verb is None or (e - s > len(verb) and dictionary_word(text[s:e])) or stop - s - len(verb) > TOLD_REACH:
                continue
            if all(tag.startswith(OBJECT_TAGS) for _, _, tag in words[i + 1 :]):
                return True
        return False

    def connective_bounds(self, item: Item, span: Span) -> tuple[int, int]:
        """Between clause punctuation, narrowed to a connective (因为, 所以…) where no comma separates clauses; a
        reference right before a connective (他因为生病，所以没来) is the subject of the whole sentence."""
        start, end = super().clause_bounds(item, span)
        ends_at = word_bounds(item.text)[0]
        for s, e in sorted(ends_at.items()):
            if start < s and e <= span.start and CONNECTIVES.get(item.text[s:e]):
                start = s
            elif s >= span.end and e <= end and CONNECTIVES.get(item.text[s:e]):
                if item.text[start:span.start].strip() or item.text[span.end:s].strip():
                    return start, s
                return start, self.sentence_around(item.text, span.start, span.end)[1]  # 他|因为生病，所以…: its subject
        return start, end

    def skip_connectives(self, text: str, start: int, limit: int) -> int:
        """Past the connectives that open the clause (但是结果…), never past ``limit`` nor into a word (a space
        ends a word too: PWS writes Chinese segmented, "因为 Toby 拒绝")."""
        starts = word_bounds(text)[0]
        while True:
            while start < limit and text[start].isspace():
                start += 1
            found = next((w for w in OPENING if text.startswith(w, start) and start + len(w) <= limit
                          and (start + len(w) in starts or text[start + len(w) : start + len(w) + 1].isspace())), None)
            if found is None:
                return start
            start += len(found)

    def skip_causative(self, text: str, start: int, first: int) -> int:
        """Past a causative right before the reference (让|它保持干燥): the reference is the subject."""
        return first if text[start:first] in CAUSATIVES else start

    def with_subject(self, item: Item, start: int, end: int, first: int) -> tuple[int, int]:
        """The clause widened to the earlier clause(s) of its sentence when it opens without a subject
        (然后把它放进了橱柜 → 我用布擦刀，然后把刀放进了橱柜); to the next one when it opens the sentence."""
        text = item.text
        while start < first and self.lacks_subject(text[start:end]):
            own = super().clause_bounds(item, Span(start, start, ""))[0]
            if own > 0 and self.skip_connectives(text, own, first) >= start and text[own - 1] in SAME_SENTENCE:
                own = super().clause_bounds(item, Span(own - 1, own - 1, ""))[0]
            wider = self.skip_connectives(text, own, first)
            if wider < start:  # the whole clause when cut at a connective, else the one before it
                start = wider
                continue
            if end < len(text) and text[end] in SAME_SENTENCE:  # nothing before: the next clause
                end = super().clause_bounds(item, Span(end + 1, end + 1, ""))[1]
            break
        return start, end

    def lacks_subject(self, clause: str) -> bool:
        word, tag = first_word(clause)
        if word in SUBJECTLESS_OPENERS["existentials"]:
            return False
        return word in SUBJECTLESS_OPENERS["words"] or tag.startswith(SUBJECTLESS_OPENERS["tags"])

    def with_main_clause(self, item: Item, start: int, end: int, last: int) -> tuple[int, int]:
        """A reference inside a time frame (当/在 … 的时候/之后，) keeps the main clause the frame belongs to:
        在张杰到了楼梯顶部之后，张杰把书包丢了下来给建国。 (GLUE WNLI: a pronoun in a fronted subordinate clause
        keeps the whole sentence, and Chinese fronts its time clauses)."""
        text = item.text
        if end >= len(text) or text[end] not in SUBORDINATE_END:
            return start, end
        starts = word_bounds(text)[0]
        for close in TIME_FRAME_ENDS:
            at = end - len(close)
            if at >= last and text.startswith(close, at) and at in starts:
                return start, super().clause_bounds(item, Span(end + 1, end + 1, ""))[1]
        return start, end

    def sentence(self, clause: str) -> str:
        """The clause ended with 。 (no capitals: Chinese has none, and a Latin name keeps its case)."""
        clause = clause.strip()
        if not clause:
            raise FormError("the clause around the referring expression is empty")
        return clause if clause.endswith(self.FULL_STOP) else clause + self.FULL_STOP

