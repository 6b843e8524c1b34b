"""spaCy's tokenizer rules as data, so that segmenting and querying never import spaCy (nor torch).

``import spacy`` imports thinc, and thinc imports torch whenever it is installed: 3-5 s before the
first token, in every process, for a tokenizer that is nothing but regular expressions and a table
of special cases. A blank pipeline's tokenizer (``spacy.blank(lang).tokenizer``) is exported once
per spaCy installation and language, as JSON: the prefix, suffix and infix expressions,
``token_match``, ``url_match`` (pattern and flags), the special cases (their token texts) and
``faster_heuristics``. A child process does the export, with torch hidden from thinc there only (the
caller's thinc is untouched); the file is cached in ``<cache>/pmi/`` (``$WINO_CACHE``, else
``$XDG_CACHE_HOME/wino-toolkit``, else ``~/.cache/wino-toolkit``) and later processes compile the
expressions without importing spaCy. :class:`~.chunks.ChunkTokenizer` runs spaCy's algorithm over
them (tested equal to spaCy's tokenizer). Where the cache cannot be written the export is kept in
memory for the process; where the rules cannot be exported (a language whose tokenizer is not
rule-based) :func:`tokenizer_rules` returns None and the caller falls back to spaCy itself.

>>> rules = tokenizer_rules("en")  # doctest: +SKIP
>>> rules.suffix_search("walked,").group()  # doctest: +SKIP
','
"""
from __future__ import annotations

import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from wino_toolkit.errors import MissingDependencyError

__all__ = ["TokenizerRules", "tokenizer_rules", "spacy_version", "spacy_languages", "spacy_lang_dir"]

#: bump when the exported fields change
EXPORT_VERSION = 1
_FUNCTIONS = ("prefix_search", "suffix_search", "infix_finditer", "token_match", "url_match")

# run in a child process: spaCy's tokenizer of a blank pipeline, as JSON on stdout
_EXPORT = r"""
import json, re, sys
sys.modules["torch"] = None  # thinc then takes torch as absent: this throwaway process needs no torch
import spacy
from spacy.attrs import ORTH

tokenizer = spacy.blank(sys.argv[1]).tokenizer
out = {"spacy": spacy.__version__, "faster_heuristics": bool(getattr(tokenizer, "faster_heuristics", True))}
for name in %r:
    fn = getattr(tokenizer, name)
    owner = getattr(fn, "__self__", None)
    if fn is not None and not isinstance(owner, re.Pattern):
        sys.exit(f"{name} is not a regular expression")
    out[name] = None if fn is None else [owner.pattern, owner.flags, fn.__name__]
out["rules"] = {text: [a.get(ORTH, a.get("ORTH")) for a in subs] for text, subs in tokenizer.rules.items()}
json.dump(out, sys.stdout, ensure_ascii=False)
""" % (_FUNCTIONS,)


@dataclass
class TokenizerRules:
    """What :class:`~.chunks.ChunkTokenizer` reads from a spaCy ``Tokenizer``, without spaCy."""

    prefix_search: Callable | None
    suffix_search: Callable | None
    infix_finditer: Callable | None
    token_match: Callable | None
    url_match: Callable | None
    rules: dict[str, list[str]]  # special case -> its token texts
    faster_heuristics: bool


def spacy_lang_dir() -> Path:
    """spaCy's ``lang`` folder, found without importing spaCy."""
    spec = importlib.util.find_spec("spacy")
    if spec is None or not spec.submodule_search_locations:
        raise MissingDependencyError("the PMI segmenter needs spaCy: pip install 'spacy>=3.7,<4'")
    return Path(list(spec.submodule_search_locations)[0]) / "lang"


def spacy_languages() -> list[str]:
    """Language codes spaCy has a tokenizer for (``xx``: its multi-language one), without importing it."""
    return sorted(p.name for p in spacy_lang_dir().iterdir() if (p / "__init__.py").is_file())


def spacy_version() -> str:
    return importlib.metadata.version("spacy")


_memory: dict[str, dict | None] = {}


def tokenizer_rules(code: str) -> TokenizerRules | None:
    """The rules of ``spacy.blank(code).tokenizer``, compiled; None when they cannot be exported."""
    data = _exported(code)
    if data is None:
        return None
    compiled = {}
    for name in _FUNCTIONS:
        found = data[name]
        compiled[name] = None if found is None else getattr(re.compile(found[0], found[1]), found[2])
    return TokenizerRules(**compiled, rules=data["rules"], faster_heuristics=data["faster_heuristics"])


def _exported(code: str) -> dict | None:
    version = spacy_version()
    lang = spacy_lang_dir()
    # the installation (folder, version) and the language's files: a changed spaCy is exported again
    stamp = [EXPORT_VERSION, version, str(lang), code]
    for folder in (lang, lang / code):
        stamp += [(p.name, p.stat().st_mtime_ns) for p in sorted(folder.glob("*.py"))]
    key = hashlib.sha256(json.dumps(stamp).encode()).hexdigest()[:16]
    if key in _memory:
        return _memory[key]
    path = _cache_dir() / f"spacy-{version}-tokenizer-{code}-{key}.json"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        data = _export(code)
        if data is not None:
            _store(path, data)
    _memory[key] = data
    return data


def _export(code: str) -> dict | None:
    env = {**os.environ, "PYTHONWARNINGS": "ignore"}
    done = subprocess.run([sys.executable, "-c", _EXPORT, code], capture_output=True, env=env, cwd=tempfile.gettempdir())
    if done.returncode != 0:
        return None
    try:
        return json.loads(done.stdout.decode("utf-8"))
    except ValueError:
        return None


def _cache_dir() -> Path:
    from wino_toolkit.io import cache_root

    return cache_root() / "pmi"


def _store(path: Path, data: dict) -> None:
    """Write the export atomically; a cache that cannot be written only costs the next process time."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=".spacy-rules-")
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, ensure_ascii=False)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except (OSError, UnboundLocalError):
            pass
