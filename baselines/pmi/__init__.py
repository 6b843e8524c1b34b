"""PMI word-association baseline over Wikipedia: is a Winograd corpus "Google-proof"?

For each item, the candidate whose answer term is more strongly associated with a reference term
(pointwise mutual information over a Wikipedia dump) is chosen; a corpus on which that choice beats
chance is not resistant to word association. Modules: ``sources`` (dump and text readers),
``wikitext`` (markup to prose), ``segment`` (terms per language, with ``chunks``, ``affixes`` and
``spacy_rules``: spaCy's tokenizer without importing spaCy), ``index``, ``parallel``, ``partials``,
``postings`` and ``query`` (the co-occurrence index), ``terms``, ``check``, ``report`` and ``cli``.

Windowing, fixed for every module: a document of n tokens (after segmentation and filtering) has
max(1, n - s + 1) windows, tokens [i, i + s) for i = 0 .. n - s (one window holding every token when
0 < n < s; an empty document has none). A term occurs in a window if it is one of the window's tokens.
Windows never cross documents: a document is an article, a WikiExtractor record or a paragraph of
plain text (see ``sources``).
P(w) = windows containing w / all windows of the corpus; P(a, b) = windows containing both;
PMI(a, b) = log2(P(a, b) / (P(a) P(b))).
"""
