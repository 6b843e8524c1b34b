"""Portuguese blank (WinoGrande) form, issue #13: options carry the determiner the disambiguated form
computes, the blank stands where that noun phrase stands, and a preposition that would contract with
the option (de + o = do, em + a = na) makes the item skipped with the reason. Sentences written for
these tests."""
from __future__ import annotations

from functools import partial

from lang_items import assert_fills as fills, blanked, pronoun_item, skipped, slot_item

from wino_toolkit.lang import get_language

PT = get_language("pt")


def head(name: str) -> str:
    """A candidate with its article is looked for by its last word ("o muro" at "muro", after "no")."""
    return name.split()[-1] if name.split()[0].lower() in ("o", "a", "os", "as") else name


slot = partial(slot_item, "pt", locate=head)
pronoun = partial(pronoun_item, "pt", locate=head)
assert_fills = partial(fills, PT)


def test_blank_option_carries_the_determiner():
    """XWINO-style bare nouns take the article before their mention: "no muro" → "o muro"."""
    item = pronoun("O caminhão de entregas bateu no muro porque ele estava sem freio.", "ele",
                   ["caminhão de entregas", "muro"])
    text, options = blanked(item)
    assert (text, options) == ("O caminhão de entregas bateu no muro porque _ estava sem freio.",
                               ["o caminhão de entregas", "o muro"])
    assert_fills(item, text, options)


def test_slot_blank_options_are_lowered_mid_sentence():
    item = slot("A lâmpada caiu da mesa porque |estava mal presa.", ["A lâmpada", "A mesa"])
    text, options = blanked(item)
    assert (text, options) == ("A lâmpada caiu da mesa porque _ estava mal presa.", ["a lâmpada", "a mesa"])


def test_slot_blank_starting_a_sentence_capitalises_both_options():
    item = slot("O menino chutou o balde. |estava cansado.", ["o menino", "o balde"])
    assert blanked(item) == ("O menino chutou o balde. _ estava cansado.", ["O menino", "O balde"])


def test_blank_keeps_spacing_at_a_slot():
    text, options = blanked(slot("O gato viu o rato porque |estava com fome.", ["o gato", "o rato"]))
    assert text == "O gato viu o rato porque _ estava com fome."


def test_contracted_preposition_before_the_blank_is_skipped_with_reason():
    """"a casa dele" → "a casa do vizinho" / "a casa de Pedro": no one text fits both options, so no blank is made.
    (Issue #31: with "o vizinho" and "o bombeiro" both contract to "do", and the blank "a casa do _" is derived.)"""
    item = pronoun("Pedro chamou o vizinho porque a casa dele estava alagada.", "dele", ["Pedro", "o vizinho"])
    reason = skipped(item)
    assert "'de' becomes 'do'" in reason and "contraction" in reason


def test_the_same_contraction_for_both_options_keeps_the_blank():
    """Issue #31: "do vizinho" and "do bombeiro" share "do", so the blank follows it and the options are the nouns."""
    item = pronoun("O vizinho chamou o bombeiro porque a casa dele estava alagada.", "dele", ["o vizinho", "o bombeiro"])
    text, options = blanked(item)
    assert (text, options) == ("O vizinho chamou o bombeiro porque a casa do _ estava alagada.", ["vizinho", "bombeiro"])
    assert_fills(item, text, options)


def test_preposition_without_contraction_keeps_the_blank():
    """Names take no article here, so "de _" holds both options."""
    item = pronoun("Pedro chamou Rui porque a casa dele estava alagada.", "dele", ["Pedro", "Rui"])
    text, options = blanked(item)
    assert (text, options) == ("Pedro chamou Rui porque a casa de _ estava alagada.", ["Pedro", "Rui"])
    assert_fills(item, text, options)


def test_possessive_slot_before_a_noun_puts_the_blank_after_it():
    """"sobre | joelhos" is "sobre os joelhos da avó": never "sobre _ joelhos". Both options take "da", so the blank
    follows it (issue #31; this item was skipped before as a contraction)."""
    item = slot("A avó sentou a neta sobre |joelhos.", ["a avó", "a neta"])
    assert blanked(item) == ("A avó sentou a neta sobre os joelhos da _.", ["avó", "neta"])


def test_possessive_pronoun_blank_puts_the_possessor_after_the_noun():
    """"porque seu carro" → "porque o carro de _" with names, never "porque _ carro"."""
    item = pronoun("Carla pediu carona a Sofia porque seu carro estava quebrado.", "seu", ["Carla", "Sofia"])
    text, options = blanked(item)
    assert (text, options) == ("Carla pediu carona a Sofia porque o carro de _ estava quebrado.", ["Carla", "Sofia"])


def test_clitic_pronoun_before_verb_blank_moves_after_the_verb():
    item = pronoun("A professora chamou o aluno e depois o elogiou.", "o", ["a professora", "o aluno"], nth=1)
    text, options = blanked(item)
    assert (text, options) == ("A professora chamou o aluno e depois elogiou _.", ["a professora", "o aluno"])
    assert_fills(item, text, options)


def test_verb_agreeing_with_one_option_is_skipped():
    item = slot("Os alunos visitaram o museu porque |estavam curiosos.", ["os alunos", "o museu"])
    assert "agreement" in skipped(item)


def test_blank_options_stay_with_their_item_across_threads():
    """The blank and its options share work through a per-thread cache: threads blanking different items at
    once each get their own item's options, as one thread does."""
    from concurrent.futures import ThreadPoolExecutor

    items = [slot(f"O {a} viu o {b} porque |estava com fome.", [f"o {a}", f"o {b}"])
             for a, b in [("gato", "rato"), ("cão", "lobo"), ("menino", "pai"), ("leão", "tigre")] * 25]
    alone = [blanked(item) for item in items]
    with ThreadPoolExecutor(4) as pool:
        together = list(pool.map(blanked, items))
    assert together == alone and len({tuple(options) for _, options in alone}) == 4
