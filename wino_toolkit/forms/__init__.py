"""Derived forms of schema items: twin, disambiguated, NLI and blank.

Each form is a generator over items that yields the form's records and reports, in an optional
:class:`FormReport`, every item it could not be derived for and why (never dropping one
silently). The grammar lives in the language modules (:mod:`wino_toolkit.lang`); the forms only
decide which candidates, labels and ids to produce. What every form guarantees:

- a language without a rules module is skipped ("no rules for language hu") unless
  ``verbatim=True`` asks for the generic verbatim substitution;
- no derived sentence keeps a ``_``, and a blank is never doubled: a text holding two blanks, or a
  ``_`` that is not its referring expression, is skipped;
- a schema version read twice (WinoLogic gives each sentence once per knowledge claim) is derived
  once; the repeats are reported;
- ``script="hant"`` converts Chinese to Traditional characters and labels the records ``zh-Hant``.

>>> report = FormReport()
>>> pairs = list(nli(items, report))        # doctest: +SKIP
>>> report.skipped[:1]                      # doctest: +SKIP
[Skipped(item_id='pdp-7', corpus='pdp', reason='no referring expression or zero-anaphora slot is marked')]
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator, TypeVar

from ..errors import FormError
from ..lang import Language, get_language
from ..parallel import PARALLEL
from ..registry import Registry
from ..schema import Candidate, Item, NLIPair, Span
from ..twins import link_twins
from .minimal import check_minimal_edit
from .guards import BLANK, Versions, check_blanks, language_rules, no_blank
from .records import Disambiguated, TwinRecord

__all__ = ["FormReport", "Skipped", "Disambiguated", "TwinRecord", "forms", "derive", "nli", "disambiguated", "blank", "twin"]


@dataclass(frozen=True)
class Skipped:
    """An item a form could not be derived for, and why."""

    item_id: str
    corpus: str
    reason: str  # a sentence for the user: build it from words, never from an object's repr

    def __post_init__(self) -> None:
        if not isinstance(self.reason, str):  # anything else would reach the user as its repr
            raise TypeError(f"a skip reason is a sentence (str), not {type(self.reason).__name__}")


@dataclass
class FormReport:
    """What a form did, filled in as its records stream.

    Attributes
    ----------
    seen
        items read, per corpus.
    derived
        items the form produced records for, per corpus.
    skipped
        every item it could not derive, with the reason (:class:`Skipped`), in input order.

    Pass one to a form or to :func:`derive` to keep it; without one the form still skips the
    same items, and the reasons are lost.
    """

    seen: Counter = field(default_factory=Counter)
    derived: Counter = field(default_factory=Counter)
    skipped: list[Skipped] = field(default_factory=list)

    def skip(self, item: Item, reason: str) -> None:
        self.skipped.append(Skipped(item.id, item.corpus, reason))

    def labeled(self, items: Iterable[Item], needs: str) -> Iterator[Item]:
        """The items with an answer; each other one is skipped as "no answer, so ``needs``" rather than failing
        the whole corpus or vanishing, since a corpus may hold unlabeled items (WinoGrande's test split)."""
        for item in items:
            if item.answer is None:
                self.skip(item, f"no answer, so {needs}")
            else:
                yield item

    def coverage(self) -> dict[str, float]:
        """Share of each corpus's items the form was derived for."""
        return {corpus: self.derived[corpus] / n for corpus, n in self.seen.items() if n}

    def reasons(self) -> Counter:
        return Counter(s.reason for s in self.skipped)


R = TypeVar("R")


def _script(language: str, script: str | None) -> tuple[Callable[[str], str], str]:
    """Text conversion to ``script`` (``hant``: Traditional Chinese) where the language supports it,
    and the language tag of the converted text (``zh-Hans`` → ``zh-Hant``)."""
    lang = get_language(language)
    convert = getattr(lang, "to_script", None)
    if not script or convert is None:
        return (lambda text: text), language
    return (lambda text: convert(text, script)), lang.script_tag(language, script)


def _label(item: Item, k: int) -> bool | None:
    return None if item.answer is None else k == item.answer


def _derivable(records: Iterable[Any], report: FormReport, verbatim: bool, build: Callable[[Language, Item], R]) -> Iterator[Any]:
    """``(item, build(language, item))`` for each item the form can be derived for.

    Records that are not items (already derived) pass through as they are; an item that fails
    (no rules, a stray blank, a repeat, a :class:`FormError` from ``build``) is skipped whole and
    reported, so a schema's records always come together.
    """
    versions = Versions()
    for item in records:
        if not isinstance(item, Item):
            yield item
            continue
        report.seen[item.corpus] += 1
        try:
            check_blanks(item)
            lang = language_rules(item, verbatim)
            key = versions.check(item)
            result = build(lang, item)
        except FormError as exc:
            report.skip(item, str(exc))
            continue
        versions.add(key, item)
        report.derived[item.corpus] += 1
        yield item, result


def _nli_texts(lang: Language, item: Item) -> tuple[str, list[str]]:
    premise = lang.premise(item)
    hypotheses = [lang.hypothesis(item, k) for k in range(len(item.candidates))]
    no_blank([premise, *hypotheses])
    bounds = lang.clause_bounds(item, lang.reference(item))
    for hypothesis in hypotheses:
        check_minimal_edit(lang, item, hypothesis, bounds=bounds)
    return premise, hypotheses


def nli(records: Iterable[Any], report: FormReport | None = None, *, script: str | None = None,
        verbatim: bool = False) -> Iterator[NLIPair]:
    """GLUE/WNLI pairs: premise = the text, hypothesis = the referring clause with each candidate.

    The premise holds a real referring expression: a WinoGrande blank is replaced by the pronoun
    that fits every option where the language can choose one (English), else the item is skipped.
    """
    report = report if report is not None else FormReport()
    for entry in _derivable(records, report, verbatim, _nli_texts):
        if not isinstance(entry, tuple):
            yield entry
            continue
        item, (premise, hypotheses) = entry
        to_script, language = _script(item.language, script)
        for k, hypothesis in enumerate(hypotheses):
            yield NLIPair(
                id=f"{item.id}-{k}",
                corpus=item.corpus,
                language=language,
                premise=to_script(premise),
                hypothesis=to_script(hypothesis),
                label=_label(item, k),
                item_id=item.id,
                candidate=k,
                split=item.split,
                meta=_kept_meta(item),
            )


def _kept_meta(item: Item) -> dict[str, Any]:
    """What a derived record keeps of its item's meta: the parallel key, so that its translations stay
    traceable (overlap, dedupe); the rest describes the source's own layout, which the form does not have."""
    key = item.meta.get(PARALLEL)
    return {PARALLEL: key} if key is not None else {}


def _substitutions(lang: Language, item: Item) -> list[str]:
    texts = [lang.substitute(item, k) for k in range(len(item.candidates))]
    no_blank(texts)
    for text in texts:
        check_minimal_edit(lang, item, text)
    return texts


def disambiguated(records: Iterable[Any], report: FormReport | None = None, *, script: str | None = None,
                  verbatim: bool = False) -> Iterator[Disambiguated]:
    """One sentence per candidate with the referring expression replaced by it (Trinh & Le's texts)."""
    report = report if report is not None else FormReport()
    for entry in _derivable(records, report, verbatim, _substitutions):
        if not isinstance(entry, tuple):
            yield entry
            continue
        item, texts = entry
        to_script, language = _script(item.language, script)
        for k, text in enumerate(texts):
            yield Disambiguated(
                id=f"{item.id}-{k}",
                item_id=item.id,
                corpus=item.corpus,
                language=language,
                candidate=k,
                candidate_text=to_script(item.candidates[k].text),
                text=to_script(text),
                label=_label(item, k),
                split=item.split,
                parallel=item.meta.get(PARALLEL),
            )


def _mention_order(item: Item) -> list[int]:
    """Candidate indices in the order the text mentions them (WinoGrande's option1 comes first);
    the source's order where a candidate is not located."""
    spans = [c.span for c in item.candidates]
    if any(s is None for s in spans):
        return list(range(len(spans)))
    return sorted(range(len(spans)), key=lambda k: (spans[k].start, k))


def _blanked(lang: Language, item: Item) -> tuple[str, Span, list[int], list[str]]:
    if len(item.candidates) != 2:
        raise FormError(f"WinoGrande holds 2 options, this item has {len(item.candidates)}")
    text, span = lang.blank(item)
    if text.count(BLANK) != 1:
        raise FormError(f"the blank text would hold {text.count(BLANK)} blanks ('{BLANK}')")
    order = _mention_order(item)
    return text, span, order, [lang.blank_option(item, k) for k in order]


def blank(records: Iterable[Item], report: FormReport | None = None, *, script: str | None = None,
          verbatim: bool = False) -> Iterator[Item]:
    """WinoGrande style: ``_`` for the referring expression, two options, qIDs ``<twin>-<n>``.

    Options come in the order the text mentions them, as WinoGrande's do, so the answer is not
    always the first. Items already blanked (WinoGrande's own) pass through unchanged, so
    WinoGrande round-trips; one whose text holds more than one ``_`` is skipped.
    """
    report = report if report is not None else FormReport()
    last_twin, position = None, 0
    for entry in _derivable(_passed_through(records, report), report, verbatim, _blanked):
        if not isinstance(entry, tuple):
            yield entry.item if isinstance(entry, _Blanked) else entry
            continue
        item, (text, span, order, options) = entry
        position = position + 1 if item.twin is not None and item.twin == last_twin else 1
        last_twin = item.twin
        to_script, language = _script(item.language, script)
        yield Item(
            id=f"{item.twin}-{position}" if item.twin is not None else item.id,
            corpus=item.corpus,
            language=language,
            text=to_script(text),
            candidates=[Candidate(to_script(option)) for option in options],
            answer=None if item.answer is None else order.index(item.answer),
            pronoun=span,
            twin=item.twin,
            role=item.role,
            split=item.split,
            meta=_kept_meta(item),
            origin=item.origin,
        )


class _Blanked:
    """An item already in WinoGrande form, passing through the blank form untouched."""

    __slots__ = ("item",)

    def __init__(self, item: Item) -> None:
        self.item = item


def _passed_through(records: Iterable[Any], report: FormReport) -> Iterator[Any]:
    """WinoGrande's own items leave the stream here, unchanged (or reported for a second blank)."""
    for item in records:
        if isinstance(item, Item) and item.pronoun is not None and item.pronoun.text == BLANK:
            report.seen[item.corpus] += 1
            if _skipped_for_blanks(item, report):
                continue
            report.derived[item.corpus] += 1
            yield _Blanked(item)
        else:
            yield item


def twin(records: Iterable[Item], report: FormReport | None = None, *, script: str | None = None,
         verbatim: bool = False) -> Iterator[TwinRecord]:
    """The versions of each schema side by side with the words that tell them apart.

    Versions must stand next to each other in the input, as every corpus lists them. The texts are
    shown as they are, so no language rules are needed (``verbatim`` is accepted for a uniform call).
    """
    report = report if report is not None else FormReport()
    group: list[Item] = []
    for item in link_twins(_counted(records, report)):
        if not isinstance(item, Item):  # already derived
            yield item
            continue
        if group and item.twin != group[0].twin:
            yield from _twin_record(group, report, script)
            group = []
        group.append(item)
    if group:
        yield from _twin_record(group, report, script)


def _counted(records: Iterable[Item], report: FormReport) -> Iterator[Item]:
    for item in records:
        if isinstance(item, Item):
            report.seen[item.corpus] += 1
            if _skipped_for_blanks(item, report):
                continue
        yield item


def _skipped_for_blanks(item: Item, report: FormReport) -> bool:
    """Report ``item`` as skipped when its blanks are wrong (two ``_``, a stray one); say whether it was."""
    try:
        check_blanks(item)
    except FormError as exc:
        report.skip(item, str(exc))
        return True
    return False


def _twin_record(group: list[Item], report: FormReport, script: str | None) -> Iterator[TwinRecord]:
    first = group[0]
    if first.twin is None or len(group) < 2:
        for item in group:
            report.skip(item, "no twin: the corpus has no other version of this schema")
        return
    report.derived[first.corpus] += len(group)
    to_script, language = _script(first.language, script)
    yield TwinRecord(
        twin=first.twin,
        corpus=first.corpus,
        language=language,
        ids=[it.id for it in group],
        roles=[it.role for it in group],
        texts=[to_script(it.text) for it in group],
        triggers=[[to_script(t) for t in it.triggers] for it in group],
        answers=[it.answer for it in group],
        answer_texts=[None if it.answer is None else to_script(it.candidates[it.answer].text) for it in group],
        split=first.split,
        parallel=[it.meta.get(PARALLEL) for it in group],
    )


forms: Registry[Callable[..., Iterator[Any]]] = Registry("forms")
for _name, _fn in (("nli", nli), ("disambiguated", disambiguated), ("blank", blank), ("twin", twin)):
    forms.register(_name, _fn)


def derive(name: str, records: Iterable[Any], report: FormReport | None = None, *, script: str | None = None,
           verbatim: bool = False) -> Iterator[Any]:
    """Stream the records of the form registered as ``name`` derived from ``records``.

    Parameters
    ----------
    name
        ``nli``, ``disambiguated``, ``blank`` or ``twin`` (or a form a plugin registered).
    records
        schema items (:class:`~wino_toolkit.schema.Item`); records already in the form's
        shape pass through unchanged.
    report : FormReport, optional
        Filled in as the records stream: items seen and derived per corpus, and every skipped item
        with its reason. Leave it out when the reasons are not needed; the same items are skipped.
    script
        ``"hant"`` or ``"hans"``: write Chinese in Traditional or Simplified characters; the
        records' ``language`` says which (``zh-Hant``). Other languages are left as they are.
    verbatim
        for a language without a rules module (``wino_toolkit/lang/<code>/``), put each
        candidate in verbatim instead of skipping the item with "no rules for language hu".
        Verbatim text mangles languages that inflect; the twin form needs no rules either way.

    Returns
    -------
    An iterator over the form's records (:class:`~wino_toolkit.schema.NLIPair`,
    :class:`Disambiguated`, WinoGrande-style :class:`~wino_toolkit.schema.Item`, :class:`TwinRecord`).

    Examples
    --------
    >>> from wino_toolkit.schema import Candidate, Item, Span
    >>> text = "Kim bought Lu a cake because she was hungry."
    >>> item = Item("k-1", "demo", "en", text, [Candidate("Kim", Span(0, 3, "Kim")), Candidate("Lu", Span(11, 13, "Lu"))],
    ...             answer=1, pronoun=Span(29, 32, "she"))
    >>> report = FormReport()
    >>> [d.text for d in derive("disambiguated", [item], report)][1]
    'Kim bought Lu a cake because Lu was hungry.'
    >>> list(derive("twin", [item], report)), report.skipped[0].reason
    ([], 'no twin: the corpus has no other version of this schema')
    """
    return forms.get(name)(records, report if report is not None else FormReport(), script=script, verbatim=verbatim)
