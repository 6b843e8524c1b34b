"""Adjectives that stand before a noun: a candidate ending in one ("a velha") fills a determiner slot, not a possessor."""
from __future__ import annotations

PRENOMINAL = frozenset(
    "novo nova novos novas velho velha velhos velhas grande grandes pequeno pequena pequenos pequenas bom boa"
    " bons boas mau má maus más melhor melhores pior piores primeiro primeira último última mesmo mesma outro outra"
    " outros outras próprio própria antigo antiga belo bela".split()
)
