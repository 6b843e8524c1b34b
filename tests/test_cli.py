"""The `wino` command contract: convert, validate, stats, formats, corpora, demo; errors and exit codes."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from conftest import SAMPLES

from wino_toolkit.cli import main

WG = str(SAMPLES / "winogrande.jsonl")


def run(capsys, *argv):
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_convert_to_stdout_and_file(capsys, tmp_path):
    code, out, _ = run(capsys, "convert", WG, "--to", "jsonl")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 7 and json.loads(lines[0])["corpus"] == "winogrande"
    target = tmp_path / "o.jsonl"
    code, _, err = run(capsys, "convert", WG, "--to", "jsonl", "-o", str(target))
    assert code == 0 and "wrote 7 records" in err
    assert target.read_text() == out


def test_convert_back_is_byte_exact(capsys, tmp_path):
    native, back = tmp_path / "n.jsonl", tmp_path / "b.jsonl"
    assert run(capsys, "convert", WG, "--to", "jsonl", "-o", str(native))[0] == 0
    assert run(capsys, "convert", str(native), "--to", "winogrande", "-o", str(back))[0] == 0
    assert back.read_bytes() == (SAMPLES / "winogrande.jsonl").read_bytes()


def test_unknown_format_suggests_and_exits_2(capsys):
    code, _, err = run(capsys, "convert", WG, "--to", "winogrand")
    assert code == 2
    assert "Did you mean 'winogrande'" in err and err.count("\n") == 1


def test_bad_input_one_line_nonzero_and_no_output(capsys, tmp_path):
    bad = tmp_path / "bad.jsonl"
    lines = (SAMPLES / "winogrande.jsonl").read_text().splitlines()
    bad.write_text("\n".join(lines[:3] + [lines[3][:40]]) + "\n")
    target = tmp_path / "out.jsonl"
    code, out, err = run(capsys, "convert", str(bad), "--from", "winogrande", "--to", "jsonl", "-o", str(target))
    assert code == 1
    assert err.startswith(f"wino: error: {bad}: line 4: invalid JSON") and err.count("\n") == 1
    assert not target.exists() and list(tmp_path.iterdir()) == [bad]
    code, out, err = run(capsys, "convert", str(bad), "--from", "winogrande", "--to", "jsonl")
    assert code == 1 and out == ""


def test_validate_lists_every_problem(capsys, tmp_path):
    native = tmp_path / "n.jsonl"
    run(capsys, "convert", WG, "--to", "jsonl", "-o", str(native))
    rows = [json.loads(line) for line in native.read_text().splitlines()]
    rows[1]["answer"] = 5
    rows[4]["pronoun"] = [0, 3, "xyz"]
    rows[5]["id"] = rows[6]["id"]
    native.write_text("".join(json.dumps(r) + "\n" for r in rows))
    code, out, err = run(capsys, "validate", str(native))
    assert code == 1
    problems = err.strip().splitlines()
    assert problems[-1] == "3 problem(s) in 7 records"
    assert f"{native}: line 2 (id '1A7GQ2XKT9-2'): answer: 5 is not an index" in problems[0]
    assert "line 5" in problems[1] and "pronoun: says 'xyz'" in problems[1]
    assert "line 7" in problems[2] and "duplicate id" in problems[2]
    assert run(capsys, "validate", WG)[:2] == (0, "ok: 7 records valid\n")


def test_stats_json_has_table5_columns(capsys):
    code, out, _ = run(capsys, "stats", WG, "--json")
    assert code == 0
    s = json.loads(out)["total"]
    assert (s["items"], s["schemas"], s["twins"], s["singletons"]) == (7, 4, 3, 1)
    assert s["labels"] == {"1": 4, "2": 3}
    assert s["singleton_ids"] == ["3ZZT81MNBV-2"] and s["larger_group_ids"] == []
    assert s["vocabulary"] > 20 and 10 < s["avg_tokens"] < 25
    code, out, _ = run(capsys, "stats", WG)
    assert code == 0 and "winogrande" in out and "vocabulary" in out


def test_formats_lists_registry(capsys):
    code, out, _ = run(capsys, "formats", "--json")
    names = {f["name"] for f in json.loads(out)["formats"]}
    assert {"jsonl", "winogrande"} <= names


def test_option_errors_are_clean(capsys):
    code, _, err = run(capsys, "convert", WG, "--to", "jsonl", "-W", "nonsense=1")
    assert code == 2 and "has no option 'nonsense' (options: ensure_ascii)" in err
    code, _, err = run(capsys, "convert", WG, "--to", "jsonl", "-W", "novalue")
    assert code == 2 and "-W takes KEY=VALUE" in err


def test_missing_input_file(capsys, tmp_path):
    code, _, err = run(capsys, "stats", str(tmp_path / "nope.jsonl"))
    assert code == 1 and "nope.jsonl: no such file" in err


def test_console_script_runs_demo(tmp_path):
    """`wino demo` (the README's first command) runs all samples and ends with a summary line."""
    script = Path(sys.executable).with_name("wino")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "wino_toolkit.cli"]
    # run outside the checkout so the installed package, not the source folder, is imported
    proc = subprocess.run([*command, "demo", "-o", str(tmp_path / "out")], capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "summary" in proc.stdout and "lossless: all" in proc.stdout
    assert (tmp_path / "out" / "winogrande.wino.jsonl").exists()


def test_corpora_list_and_info(capsys):
    code, out, _ = run(capsys, "corpora", "list", "--json")
    names = {c["name"] for c in json.loads(out)}
    assert code == 0 and {"wsc285", "winogrande", "mandarinograd", "xwino"} <= names
    code, out, _ = run(capsys, "corpora", "info", "winogrande")
    assert code == 0 and "Sakaguchi" in out
    code, _, err = run(capsys, "corpora", "info", "winogrand")
    assert code == 2 and "Did you mean 'winogrande'" in err
    code, _, err = run(capsys, "corpora", "fetch")
    assert code == 2 and "needs a corpus NAME" in err


def test_corpora_fetch_from_a_mirror_verifies_and_caches(capsys, tmp_path, monkeypatch, shared):
    """`fetch` reads <mirror>/<card>/<file>, checks sha256 and stores <cache>/<card>/<file>."""
    import shutil

    mirror = tmp_path / "mirror" / "xwino"
    mirror.mkdir(parents=True)
    shutil.copy(shared / "xwino" / "dataset.selected.tsv", mirror / "dataset.selected.tsv")
    monkeypatch.setenv("WINO_MIRROR", str(tmp_path / "mirror"))
    code, out, _ = run(capsys, "corpora", "fetch", "xwino", "-o", str(tmp_path / "cache"))
    assert code == 0
    fetched = tmp_path / "cache" / "xwino" / "dataset.selected.tsv"
    assert out.strip() == str(fetched) and fetched.read_bytes() == (mirror / "dataset.selected.tsv").read_bytes()
    (mirror / "dataset.selected.tsv").write_text("tampered\n")
    code, _, err = run(capsys, "corpora", "fetch", "xwino", "-o", str(tmp_path / "cache2"))
    assert code == 1 and "sha256" in err and not (tmp_path / "cache2" / "xwino" / "dataset.selected.tsv").exists()
