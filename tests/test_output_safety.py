"""Every file the toolkit writes: special files written through, umask respected, inputs never
replaced, failing runs writing nothing, unwritable paths one line each, SIGTERM cleaning up.

Most run the real ``wino`` command in a subprocess, as a shell user would.
"""
from __future__ import annotations

import json
import os
import signal
import stat
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from conftest import SAMPLES

import wino_toolkit as wt
from wino_toolkit.cli import main
from wino_toolkit.io import atomic_output

WG = SAMPLES / "winogrande.jsonl"
MANDARINOGRAD = SAMPLES / "mandarinograd.json"  # no whitespace tokens: SuperGLUE skips its items


def wino(*argv: str, umask: int | None = None, **kwargs) -> subprocess.CompletedProcess:
    """Run the installed command from outside the checkout (its own package, not the source tree)."""
    pre = (lambda: os.umask(umask)) if umask is not None else None
    return subprocess.run(
        [sys.executable, "-m", "wino_toolkit.cli", *argv], capture_output=True, text=True, timeout=120,
        cwd=Path(kwargs.pop("cwd", "/")), preexec_fn=pre, **kwargs,
    )


def native_lines(path: Path = WG) -> str:
    return "".join(json.dumps(item.to_dict(), ensure_ascii=False) + "\n" for item in wt.read(path))


def test_dev_stdout_is_written_through_not_replaced(tmp_path):
    """`-o /dev/stdout` (as root) used to replace the /dev/stdout symlink with a regular file."""
    before = os.readlink("/dev/stdout")
    done = wino("convert", str(WG), "--to", "jsonl", "-o", "/dev/stdout")
    assert done.returncode == 0, done.stderr
    assert done.stdout == native_lines()
    assert os.path.islink("/dev/stdout") and os.readlink("/dev/stdout") == before


def test_dev_stdout_redirected_to_a_file_keeps_the_shells_file(tmp_path):
    """With stdout redirected to a file, that file (the shell's open inode) receives the output."""
    out = tmp_path / "redirected.jsonl"
    with open(out, "wb") as fh:
        inode = os.fstat(fh.fileno()).st_ino
        done = subprocess.run(
            [sys.executable, "-m", "wino_toolkit.cli", "convert", str(WG), "--to", "jsonl", "-o", "/dev/stdout"],
            stdout=fh, stderr=subprocess.PIPE, text=True, cwd="/", timeout=120,
        )
    assert done.returncode == 0, done.stderr
    assert out.stat().st_ino == inode and out.read_text() == native_lines()


def test_fifo_output_is_written_through(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    done = wino("convert", str(WG), "--to", "jsonl", "-o", str(fifo))
    reader.join(timeout=60)
    assert done.returncode == 0, done.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)
    assert received == [native_lines().encode()]


def test_symlink_output_replaces_the_target_and_keeps_the_link(tmp_path):
    real = tmp_path / "real.jsonl"
    real.write_text("old\n")
    link = tmp_path / "link.jsonl"
    link.symlink_to(real)
    assert main(["convert", str(WG), "--to", "jsonl", "-o", str(link)]) == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == native_lines()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.jsonl", "real.jsonl"]


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o077, 0o600), (0o002, 0o664)])
def test_output_mode_respects_umask(tmp_path, umask, mode):
    target = tmp_path / "out.jsonl"
    done = wino("convert", str(WG), "--to", "jsonl", "-o", str(target), umask=umask)
    assert done.returncode == 0, done.stderr
    assert stat.S_IMODE(target.stat().st_mode) == mode


def test_overwritten_output_keeps_its_mode(tmp_path):
    target = tmp_path / "out.jsonl"
    target.write_text("old\n")
    target.chmod(0o640)
    with atomic_output(target) as fh:
        fh.write(b"new\n")
    assert stat.S_IMODE(target.stat().st_mode) == 0o640 and target.read_text() == "new\n"


def test_output_equal_to_an_input_is_refused(tmp_path, capsys):
    source = tmp_path / "dev.jsonl"
    source.write_bytes(WG.read_bytes())
    alias = tmp_path / "alias.jsonl"
    alias.symlink_to(source)
    for output in (source, alias):
        code = main(["convert", str(source), "--to", "jsonl", "-o", str(output)])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1 and "-o and INPUT name the same file" in err  # a usage error
        assert source.read_bytes() == WG.read_bytes()


def test_strict_failure_writes_nothing(tmp_path, capsys):
    """`--strict` used to exit 1 after writing every derivable row to the output."""
    target = tmp_path / "out.jsonl"
    report = tmp_path / "skipped.tsv"
    code = main(["convert", str(MANDARINOGRAD), "--to", "superglue", "-o", str(target), "--strict", "--skipped", str(report)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1
    assert "--strict:" in err and "would be skipped, so nothing was written" in err
    assert not target.exists()
    assert report.read_text().startswith("item_id\tcorpus\treason\n") and len(report.read_text().splitlines()) > 1
    code = main(["convert", str(MANDARINOGRAD), "--to", "superglue", "--strict"])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""


def test_report_is_written_even_when_nothing_was_skipped(tmp_path, capsys):
    report = tmp_path / "skipped.tsv"
    assert main(["convert", str(WG), "--to", "jsonl", "-o", str(tmp_path / "o.jsonl"), "--report", str(report)]) == 0
    assert report.read_text() == "item_id\tcorpus\treason\n"


def test_report_and_output_the_same_file_is_refused(tmp_path, capsys):
    target = tmp_path / "o.jsonl"
    assert main(["convert", str(WG), "--to", "jsonl", "-o", str(target), "--report", str(target)]) == 2
    assert "name the same file" in capsys.readouterr().err and not target.exists()


@pytest.mark.parametrize(
    "make, problem",
    [
        (lambda d: d / "missing" / "out.jsonl", "does not exist"),
        (lambda d: d, "is a directory"),
        (lambda d: (d / "file.txt").write_text("x") and d / "file.txt" / "out.jsonl", "not a directory"),
    ],
    ids=["missing-directory", "existing-directory", "path-under-a-regular-file"],
)
def test_unwritable_output_is_one_line(tmp_path, capsys, make, problem):
    target = make(tmp_path)
    before = sorted(p.name for p in tmp_path.iterdir())
    code = main(["convert", str(WG), "--to", "jsonl", "-o", str(target)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and err.startswith("wino: error: ") and problem in err.lower()
    assert sorted(p.name for p in tmp_path.iterdir()) == before


def test_output_on_a_file_system_refusing_writes_is_one_line(capsys):
    target = Path("/sys/wino-test.jsonl")
    if os.access("/sys", os.W_OK) and not _refuses("/sys"):
        pytest.skip("/sys accepts new files here")
    code = main(["convert", str(WG), "--to", "jsonl", "-o", str(target)])
    err = capsys.readouterr().err
    assert code == 1 and err.count("\n") == 1 and "cannot write" in err


def _refuses(directory: str) -> bool:
    import tempfile

    try:
        fd, name = tempfile.mkstemp(dir=directory)
    except OSError:
        return True
    os.close(fd)
    os.unlink(name)
    return False


def test_sigterm_removes_the_partial_file(tmp_path):
    """SIGTERM used to leave a hidden `.part` file beside the target (SIGINT cleaned up)."""
    big = tmp_path / "big.jsonl"
    rows = [json.loads(line) for line in WG.read_text().splitlines()]
    with open(big, "w") as fh:
        for k in range(60000):
            row = dict(rows[k % len(rows)], qID=f"Q{k // 2}-{k % 2 + 1}")
            fh.write(json.dumps(row) + "\n")
    target = tmp_path / "out.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "wino_toolkit.cli", "convert", str(big), "--to", "jsonl", "-o", str(target)],
        stderr=subprocess.PIPE, text=True, cwd="/",
    )
    deadline = time.monotonic() + 60
    while not any(p.name.endswith(".part") for p in tmp_path.iterdir()):
        assert proc.poll() is None, "finished before the signal could be sent; make the input larger"
        assert time.monotonic() < deadline
        time.sleep(0.01)
    proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 143 and err == "wino: terminated\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.jsonl"]


@pytest.mark.parametrize("name", ["-", "/dev/stdin"])
def test_piped_input_reads_whole(name):
    """A pipe can be read once: detection used to consume the head that the reader then missed."""
    done = wino("convert", name, "--to", "jsonl", input=WG.read_text())
    assert done.returncode == 0, done.stderr
    assert done.stdout == native_lines()


def test_piped_input_errors_name_the_pipe_not_a_copy():
    text = "".join(WG.read_text().splitlines(keepends=True)[:3]) + "{bad\n"
    done = wino("convert", "/dev/stdin", "--to", "jsonl", input=text)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.startswith("wino: error: /dev/stdin: line 4: invalid JSON") and done.stderr.count("\n") == 1


def test_fifo_input_reads_whole(tmp_path):
    fifo = tmp_path / "in.pipe"
    os.mkfifo(fifo)
    writer = threading.Thread(target=lambda: fifo.write_bytes(WG.read_bytes()))
    writer.start()
    done = wino("convert", str(fifo), "--to", "jsonl")
    writer.join(timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout == native_lines()


def test_output_error_is_exported_and_names_the_path(tmp_path):
    with pytest.raises(wt.OutputError) as caught:
        wt.write(wt.read(WG), tmp_path / "missing" / "o.jsonl", to="jsonl")
    assert caught.value.path == str(tmp_path / "missing" / "o.jsonl") and "does not exist" in caught.value.problem
