"""Every long command shows its progress where nobody watches a terminal (issue #30): `corpora fetch`, `pmi index`
and `logic verify` / `render` drew a rich bar or spinner only, which a log file or CI never shows. With stderr not a
terminal (pytest's capture) and $WINO_PROGRESS_INTERVAL at 0, each prints its progress lines there."""
from __future__ import annotations

import hashlib
import json
import random
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from wino_toolkit.cli import main

DATA = bytes(range(256)) * 400  # 102,400 bytes: several reads of the download loop
LOGIC = Path(__file__).parent / "fixtures" / "logic"


@pytest.fixture(autouse=True)
def every_update_is_a_line(monkeypatch):
    monkeypatch.setenv("WINO_PROGRESS_INTERVAL", "0")


def progress_lines(err: str, head: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith(head)]


class Serve(BaseHTTPRequestHandler):
    def do_GET(self):  # noqa: N802 (http.server's naming)
        self.send_response(200)
        self.send_header("Content-Length", str(len(DATA)))
        self.end_headers()
        self.wfile.write(DATA)

    def log_message(self, *args):
        pass


def test_corpora_fetch_prints_progress_lines_in_a_log(tmp_path, monkeypatch, capsys):
    from wino_toolkit import cards

    srv = ThreadingHTTPServer(("127.0.0.1", 0), Serve)
    threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True).start()
    try:
        card = cards.Card(name="toy", title="Toy", languages=("en",), format="jsonl", license="CC0-1.0",
                          homepage="https://example.org", citation="@misc{toy}\n",
                          files=(cards.CardFile(name="data.bin", url=f"http://127.0.0.1:{srv.server_address[1]}/d",
                                                sha256=hashlib.sha256(DATA).hexdigest(), size=len(DATA)),))
        monkeypatch.setattr(cards, "get_card", lambda name: card)
        code = main(["corpora", "fetch", "toy", "--cache", str(tmp_path)])
    finally:
        srv.shutdown()
        srv.server_close()
    out, err = capsys.readouterr()
    assert code == 0 and out.strip() == str(tmp_path / "toy" / "data.bin")
    lines = progress_lines(err, "fetching toy/data.bin: ")
    assert lines and lines[-1].startswith("fetching toy/data.bin: 102/102 kB (100%)") and "done in" in lines[-1]


def test_pmi_index_prints_progress_lines_in_a_log(tmp_path, capsys):
    rng = random.Random(3)
    words = "the cat sat on a mat while dogs ran far away".split()
    src = tmp_path / "c.txt"
    src.write_text("\n\n".join(" ".join(rng.choices(words, k=20)) for _ in range(300)) + "\n", encoding="utf-8")
    code = main(["pmi", "index", str(src), "--lang", "en", "-o", str(tmp_path / "idx"), "--batch-docs", "50",
                 "--processes", "1"])
    err = capsys.readouterr().err
    lines = progress_lines(err, "indexing: ")
    assert code == 0 and len(lines) >= 2  # one per batch, not only the last
    assert "docs" in lines[0] and "tokens" in lines[0] and "(100%)" in lines[-1]


def test_logic_verify_prints_progress_lines_in_a_log(capsys):
    pytest.importorskip("z3")
    pytest.importorskip("lark")
    code = main(["logic", "verify", str(LOGIC / "lift_weak.smt2"), "--json"])
    out, err = capsys.readouterr()
    assert code == 0 and json.loads(out)["summary"]["files"] == 1
    assert progress_lines(err, "checking: 1/1 files (100%)")
