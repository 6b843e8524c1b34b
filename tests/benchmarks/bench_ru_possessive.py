"""Russian его/её/их: object or possessive (issue #21, class 3), the rules against natasha's syntax parser.

"Ира увидела её" (an object: her) and "Ира увидела её сумку" (a possessive: her bag) need different rewrites, and
the issue found the object read as the possessive. The rules decide from the words around the pronoun (a noun
phrase after it, a transitive verb before it, whether that noun can be accusative: ``Russian.possessed``); the
issue asks to measure the field's analyser against them: natasha's ``NewsSyntaxParser`` (slovnet) labels a
possessive ``det``, ``nmod:poss`` or ``nmod`` on the noun after it, and an object ``obj``/``iobj``/``obl``. Both judge the same invented sentences.
natasha is not a dependency: ``pip install natasha`` to run it.

    python tests/benchmarks/bench_ru_possessive.py [--write-md]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from bench_md import machine, write_section  # noqa: E402

from wino_toolkit.lang import get_language  # noqa: E402
from wino_toolkit.lang.ru import tokenize  # noqa: E402
from wino_toolkit.lang.ru.prepositions import PREPOSITIONS  # noqa: E402

PRONOUNS = ("его", "её", "ее", "их")
#: (sentence, whether its first его/её/их is a possessive): invented for this measurement
SENTENCES = [
    ("Ира увидела её вчера вечером.", False),
    ("Ира увидела её сумку на вокзале.", True),
    ("Анна отдала её брату старую книгу.", False),
    ("Анна отдала её книгу брату.", True),
    ("Мы давно знаем его как честного человека.", False),
    ("Мы давно знаем его отца.", True),
    ("Учитель похвалил их за старание.", False),
    ("Учитель похвалил их сочинения.", True),
    ("Сергей встретил его у входа в театр.", False),
    ("Сергей встретил его сестру у входа.", True),
    ("Бабушка накормила их горячим супом.", False),
    ("Бабушка накормила их собаку.", True),
    ("Врач осмотрел её очень внимательно.", False),
    ("Врач осмотрел её руку.", True),
    ("Тренер поставил его вратарём.", False),
    ("Тренер поставил его имя в список.", True),
    ("Соседи пригласили их на ужин.", False),
    ("Соседи пригласили их детей на ужин.", True),
    ("Я видел её дважды на этой неделе.", False),
    ("Я видел её машину дважды.", True),
    ("Полицейский остановил его машиной.", False),
    ("Полицейский остановил его машину.", True),
    ("Она назвала его другом.", False),
    ("Она назвала его собаку Шариком.", True),
    ("Мама укрыла её тёплым одеялом.", False),
    ("Мама укрыла её ноги одеялом.", True),
    ("Дед научил их плавать.", False),
    ("Дед научил их внуков плавать.", True),
    ("Кот разбудил его рано утром.", False),
    ("Кот разбудил его жену рано утром.", True),
]


def rules(sentence: str) -> bool:
    toks = tokenize(sentence)
    i = next(n for n, t in enumerate(toks) if t.low in PRONOUNS)
    return get_language("ru").possessed(toks, i, i > 0 and toks[i - 1].low in PREPOSITIONS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--write-md", action="store_true")
    args = parser.parse_args()
    from natasha import Doc, NewsEmbedding, NewsSyntaxParser, Segmenter

    segmenter, syntax = Segmenter(), NewsSyntaxParser(NewsEmbedding())

    def natasha(sentence: str) -> bool:
        doc = Doc(sentence)
        doc.segment(segmenter)
        doc.parse_syntax(syntax)
        index = {t.id: n for n, t in enumerate(doc.tokens)}
        n, tok = next((n, t) for n, t in enumerate(doc.tokens) if t.text.lower() in PRONOUNS)
        return tok.rel in ("det", "nmod:poss") or (tok.rel == "nmod" and index.get(tok.head_id, -1) > n)  # on a noun after it

    rows = ["| judge | right | possessives found | objects kept |", "|---|---:|---:|---:|"]
    wrong: dict[str, list[str]] = {}
    for name, judge in (("the Russian rules", rules), ("natasha NewsSyntaxParser", natasha)):
        said = [(judge(s), truth, s) for s, truth in SENTENCES]
        wrong[name] = [s for a, b, s in said if a != b]
        rows.append(f"| {name} | {sum(a == b for a, b, _ in said)}/{len(said)} | {sum(a and b for a, b, _ in said)}/"
                    f"{sum(b for _, b, _ in said)} | {sum(not a and not b for a, b, _ in said)}/{sum(not b for _, b, _ in said)} |")
    body = ("Russian его/её/их, object or possessive (issue #21, class 3): the rules against natasha's syntax parser on "
            f"{len(SENTENCES)} invented sentences (half of each). A possessive taken for an object, or the reverse, is a "
            "wrong rewrite.\n\n" + "\n".join(rows) + "\n\nMisjudged: " + "; ".join(
                f"{name}: {', '.join(repr(s) for s in found) or 'none'}" for name, found in wrong.items())
            + f"\n\nCommand: `python tests/benchmarks/bench_ru_possessive.py`. Machine: {machine()}.\n")
    print(body)
    if args.write_md:
        write_section("Russian object or possessive: rules against natasha (issue #21)", body)


if __name__ == "__main__":
    main()
