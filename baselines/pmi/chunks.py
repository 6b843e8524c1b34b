"""spaCy's tokenizer algorithm for one whitespace-free chunk, in Python, over the tokenizer's own rules.

``spacy.Tokenizer`` builds a ``Doc`` (lexemes, vocabulary entries, a special-case matcher pass)
for every call, about 5-10 µs per new chunk even in batches; indexing a Wikipedia dump meets tens of
millions of new chunks. :class:`ChunkTokenizer` returns the same token texts (tested against spaCy
on real and adversarial strings for several languages) from the same special cases, affix and infix
expressions (searched through :mod:`.affixes`), ``token_match`` and ``url_match``:

1. affixes are peeled as ``Tokenizer._split_affixes`` does (a special case stops the peeling);
2. the remaining core becomes a special case's tokens, one token (``token_match``/``url_match``) or
   is cut at its infixes (``Tokenizer._attach_tokens``);
3. special cases written with affixes are matched over the chunk's tokens, longest then leftmost
   first, and replace them (``Tokenizer._apply_special_cases``).

Whether a string ends the peeling (no affix, a special case or a ``token_match``) and what it then
becomes depends on the string alone, so cores are memoised: ``walked,`` costs two affix searches
once ``walked`` has been seen. spaCy's own cache rests on the same property. When no affix,
``token_match`` or ``url_match`` expression can match inside a word of letters only (checked once,
from the expressions: :func:`~.affixes.letters_can_match`), such a word that is not a special case is
one token without any search. Special cases that span a space (Spanish ``EE. UU.``) never match
inside one chunk; whitespace is not part of a chunk.

>>> from wino_toolkit.baselines.pmi.spacy_rules import tokenizer_rules
>>> tokenize = ChunkTokenizer(tokenizer_rules("en"))  # or ChunkTokenizer(spacy.blank("en").tokenizer)
>>> tokenize("(can't,")
['(', 'ca', "n't", ',']
"""
from __future__ import annotations

from .affixes import letters_can_match, speed_up

__all__ = ["ChunkTokenizer"]

_CORE_LIMIT = 1 << 20  # memoised cores before the memo is cleared
_ORTH = 65  # spacy.attrs.ORTH, the key of a special case's token text (spaCy also accepts "ORTH")


def _orth(attrs) -> str:
    """A special case's token text: a string already (exported rules), or spaCy's attribute dict."""
    return attrs if isinstance(attrs, str) else attrs.get(_ORTH, attrs.get("ORTH"))


class ChunkTokenizer:
    """``tokenize(chunk) -> list[str]``, as ``[t.text for t in spacy_tokenizer(chunk)]`` (for a
    chunk without whitespace)."""

    def __init__(self, tokenizer):
        """``tokenizer``: a spaCy ``Tokenizer`` or the same rules as data (:class:`~.spacy_rules.TokenizerRules`)."""
        speed_up(tokenizer)
        self._prefix = tokenizer.prefix_search
        self._suffix = tokenizer.suffix_search
        self._infix = tokenizer.infix_finditer
        self._token_match = tokenizer.token_match
        self._url_match = tokenizer.url_match
        self._rules = {text: [_orth(attrs) for attrs in substrings] for text, substrings in tokenizer.rules.items()}
        self._cores: dict[str, list[str]] = {}
        # when no affix, token_match or url_match expression can match inside a word of letters only,
        # such a word that is not a special case is one token (the common case: no search at all)
        self._letters_plain = not any(map(letters_can_match, (
            self._prefix, self._suffix, self._infix, self._token_match, self._url_match)))
        # the special cases spaCy re-matches after tokenizing (Tokenizer.add_special_case), as the
        # token sequences its rules without special cases give, indexed by their first token
        self._patterns: dict[str, dict[int, dict[tuple[str, ...], str]]] = {}
        for text in sorted(self._rules):
            if (not tokenizer.faster_heuristics or self._find_prefix(text) or self._find_suffix(text)
                    or self._find_infix(text) or " " in text):
                tokens = tuple(self._tokenize(text, specials=False))
                if len(tokens) == 1 and self._rules[text] == list(tokens):
                    continue  # replaces one token by itself, and a one-token span never blocks another
                if tokens:
                    self._patterns.setdefault(tokens[0], {}).setdefault(len(tokens), {})[tokens] = text
        self._cores.clear()

    def __call__(self, chunk: str) -> list[str]:
        if self._letters_plain and chunk.isalpha() and chunk not in self._rules:
            return [chunk]
        tokens = self._rules.get(chunk)
        tokens = list(tokens) if tokens is not None else self._tokenize(chunk, specials=True)
        return tokens if self._patterns.keys().isdisjoint(tokens) else self._apply_special_cases(tokens)

    def clear(self) -> None:
        self._cores.clear()

    # --- the three steps -------------------------------------------------------------------------

    def _tokenize(self, string: str, *, specials: bool) -> list[str]:
        rules = self._rules if specials else {}
        prefixes: list[str] = []
        suffixes: list[str] = []
        last = 0
        core = None
        while string and len(string) != last:
            core = self._cores.get(string) if specials else None
            if core is not None:
                break
            if self._letters_plain and string.isalpha() and string not in rules:
                core = [string]
                break
            if self._token_match is not None and self._token_match(string):
                break
            if string in rules:
                break
            last = len(string)
            pre = self._find_prefix(string)
            if pre:
                prefix, minus_pre = string[:pre], string[pre:]
                if minus_pre and minus_pre in rules:
                    string = minus_pre
                    prefixes.append(prefix)
                    break
            suf = self._find_suffix(string[pre:])
            if suf:
                suffix, minus_suf = string[-suf:], string[:-suf]
                if minus_suf and minus_suf in rules:
                    string = minus_suf
                    suffixes.append(suffix)
                    break
            if pre and suf and pre + suf <= len(string):
                string = string[pre:-suf]
                prefixes.append(prefix)
                suffixes.append(suffix)
            elif pre:
                string = minus_pre
                prefixes.append(prefix)
            elif suf:
                string = minus_suf
                suffixes.append(suffix)
        if core is None and string:
            core = self._attach(string, rules)
            if specials:
                if len(self._cores) >= _CORE_LIMIT:
                    self._cores.clear()
                self._cores[string] = core
        prefixes.extend(core or ())
        prefixes.extend(reversed(suffixes))
        return prefixes

    def _attach(self, string: str, rules: dict) -> list[str]:
        rule = rules.get(string)
        if rule is not None:
            return rule
        if (self._token_match is not None and self._token_match(string)) or (
                self._url_match is not None and self._url_match(string)):
            return [string]
        matches = self._find_infix(string)
        if not matches:
            return [string]
        out = []
        start = 0
        for m in matches:
            infix_start, infix_end = m.start(), m.end()
            if infix_start == 0:  # spaCy skips an infix at the very start
                continue
            if infix_start != start:
                out.append(string[start:infix_start])
            if infix_start != infix_end:
                out.append(string[infix_start:infix_end])
            start = infix_end
        if string[start:]:
            out.append(string[start:])
        return out

    def _apply_special_cases(self, tokens: list[str]) -> list[str]:
        patterns = self._patterns
        spans = []
        for i, token in enumerate(tokens):
            for length, texts in patterns.get(token, {}).items():
                text = texts.get(tuple(tokens[i:i + length]))
                if text is not None:
                    spans.append((i, i + length, text))
        if not spans:
            return tokens
        seen: set[int] = set()
        kept = []
        for i, j, text in sorted(spans, key=lambda s: (s[0] - s[1], s[0])):  # longest, then leftmost
            if i not in seen and j - 1 not in seen:
                kept.append((i, j, text))
            seen.update(range(i, j))
        out, k = [], 0
        for i, j, text in sorted(kept):
            out.extend(tokens[k:i])
            out.extend(self._rules[text])
            k = j
        out.extend(tokens[k:])
        return out

    # --- spaCy's find_* ------------------------------------------------------------------------

    def _find_prefix(self, string: str) -> int:
        m = self._prefix(string) if self._prefix is not None else None
        return m.end() - m.start() if m is not None else 0

    def _find_suffix(self, string: str) -> int:
        m = self._suffix(string) if self._suffix is not None else None
        return m.end() - m.start() if m is not None else 0

    def _find_infix(self, string: str) -> list:
        return list(self._infix(string)) if self._infix is not None else []
