"""Zero-shot evaluation of language models on schema items (issue #11).

So far :mod:`.score`: the ``partial`` method for causal LMs, batched, on every corpus the
disambiguated form covers. The ``full`` and ``mlm`` methods, the results tables, ``wino eval`` and
the lm-eval export are still to come.
"""
