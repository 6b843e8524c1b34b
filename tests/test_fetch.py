"""Downloading cards' files: resume, checksum, caching and errors, against a local HTTP server only."""
from __future__ import annotations

import hashlib
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from wino_toolkit.cards import Card, CardFile
from wino_toolkit.fetch import ChecksumError, FetchError, cache_root, fetch, file_status, source_url

TIMEOUT = 5.0
DATA = bytes(range(256)) * 40 + b"tail"  # 10,244 bytes: several reads, a known prefix to cut at
OTHER = b'{"id": "x"}\n' * 50


class Handler(BaseHTTPRequestHandler):
    """Serves ``server.files`` with Range support; can cut a response short, stall, or mishandle Range."""

    protocol_version = "HTTP/1.1"

    def do_GET(self):  # noqa: N802 (http.server's naming)
        srv = self.server
        srv.requests.append((self.path, self.headers.get("Range")))
        data = srv.files.get(self.path)
        if data is None:
            self.send_error(404, "Not Found")
            return
        start = 0
        rng = self.headers.get("Range")
        if rng and srv.wrong_range:  # claims a partial answer but sends the whole file
            self.send_response(206)
            self.send_header("Content-Range", f"bytes 0-{len(data) - 1}/{len(data)}")
        elif rng and not srv.ignore_range:
            start = int(rng.removeprefix("bytes=").split("-")[0])
            if start >= len(data):
                self.send_error(416, "Range Not Satisfiable")
                return
            self.send_response(206)
            self.send_header("Content-Range", f"bytes {start}-{len(data) - 1}/{len(data)}")
        else:
            self.send_response(200)
        body = data[start:]
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Connection", "close")
        self.end_headers()
        if srv.cut_after is not None:  # send part of the body, then drop the connection
            body, srv.cut_after = body[: srv.cut_after], None
        if srv.stall:  # send a little, then go silent until the test ends
            self.wfile.write(body[:10])
            srv.release.wait(TIMEOUT)
            return
        self.wfile.write(body)
        self.wfile.flush()
        self.close_connection = True

    def log_message(self, *args):
        pass


@pytest.fixture
def server():
    srv = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    srv.files, srv.requests, srv.cut_after = {}, [], None
    srv.ignore_range = srv.wrong_range = srv.stall = False
    srv.release = threading.Event()
    srv.daemon_threads = True
    srv.url = f"http://127.0.0.1:{srv.server_address[1]}"
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    yield srv
    srv.release.set()
    srv.shutdown()
    srv.server_close()
    thread.join(TIMEOUT)


@pytest.fixture(autouse=True)
def no_env(monkeypatch):
    """Tests never see the user's mirror or cache settings."""
    for var in ("WINO_MIRROR", "WINO_CACHE", "XDG_CACHE_HOME"):
        monkeypatch.delenv(var, raising=False)


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def make_card(url: str, data: bytes = DATA, name: str = "data.bin", *, digest: str | None = None, **more) -> Card:
    files = [CardFile(name=name, url=url, sha256=digest or sha(data), size=len(data))]
    files += [CardFile(name=n, url=u, sha256=sha(d), size=len(d)) for n, (u, d) in more.items()]
    return Card(
        name="toy", title="Toy", languages=("en",), format="jsonl", license="CC0-1.0",
        homepage="https://example.org", citation="@misc{toy}\n", files=tuple(files),
    )


def test_full_download_verifies_and_reports_progress(server, tmp_path):
    server.files["/c/data.bin"] = DATA
    server.files["/c/other.jsonl"] = OTHER
    card = make_card(f"{server.url}/c/data.bin", other_jsonl=(f"{server.url}/c/other.jsonl", OTHER))
    seen = []
    paths = fetch(card, tmp_path, progress=lambda *args: seen.append(args), timeout=TIMEOUT)
    assert paths == [tmp_path / "toy" / "data.bin", tmp_path / "toy" / "other_jsonl"]
    assert paths[0].read_bytes() == DATA and paths[1].read_bytes() == OTHER
    assert not list((tmp_path / "toy").glob("*.part"))
    first = [(done, total) for label, done, total in seen if label == "toy/data.bin"]
    assert first[0] == (0, len(DATA)) and first[-1] == (len(DATA), len(DATA))
    assert [d for d, _ in first] == sorted(d for d, _ in first)
    assert seen[-1] == ("toy/other_jsonl", len(OTHER), len(OTHER))
    assert [r[1] for r in server.requests] == [None, None]


def test_interrupted_transfer_keeps_part_and_resumes_with_range(server, tmp_path):
    """A cut connection leaves ``.part``; the next fetch asks only for the rest and gets the right file."""
    server.files["/data.bin"] = DATA
    server.cut_after = 4000
    card = make_card(f"{server.url}/data.bin")
    with pytest.raises(FetchError, match=r"interrupted after 4000 of 10244 bytes.*fetch again to resume") as info:
        fetch(card, tmp_path, retries=0, timeout=TIMEOUT)
    assert "\n" not in str(info.value)
    part = tmp_path / "toy" / "data.bin.part"
    assert part.read_bytes() == DATA[:4000]
    assert not (tmp_path / "toy" / "data.bin").exists()

    seen = []
    [path] = fetch(card, tmp_path, retries=0, timeout=TIMEOUT, progress=lambda *args: seen.append(args[1]))
    assert server.requests == [("/data.bin", None), ("/data.bin", "bytes=4000-")]
    assert seen[0] == 4000 and seen[-1] == len(DATA)
    assert path.read_bytes() == DATA
    assert not part.exists()


def test_interruption_is_resumed_within_one_call(server, tmp_path):
    server.files["/data.bin"] = DATA
    server.cut_after = 100
    [path] = fetch(make_card(f"{server.url}/data.bin"), tmp_path, retries=1, timeout=TIMEOUT)
    assert [r[1] for r in server.requests] == [None, "bytes=100-"]
    assert path.read_bytes() == DATA


def test_server_ignoring_range_restarts_cleanly(server, tmp_path):
    """A 200 answer to a Range request replaces the partial file instead of appending to it."""
    server.files["/data.bin"] = DATA
    server.ignore_range = True
    part = tmp_path / "toy" / "data.bin.part"
    part.parent.mkdir(parents=True)
    part.write_bytes(b"\xff" * 3000)  # not a prefix of DATA: appending would give a wrong file
    [path] = fetch(make_card(f"{server.url}/data.bin"), tmp_path, timeout=TIMEOUT)
    assert server.requests == [("/data.bin", "bytes=3000-")]
    assert path.read_bytes() == DATA


def test_partial_answer_from_the_wrong_offset_restarts(server, tmp_path):
    """A 206 whose Content-Range does not start where the part ends is discarded for a full request."""
    server.files["/data.bin"] = DATA
    server.wrong_range = True
    part = tmp_path / "toy" / "data.bin.part"
    part.parent.mkdir(parents=True)
    part.write_bytes(DATA[:500])
    [path] = fetch(make_card(f"{server.url}/data.bin"), tmp_path, timeout=TIMEOUT)
    assert server.requests == [("/data.bin", "bytes=500-"), ("/data.bin", None)]
    assert path.read_bytes() == DATA


def test_stalled_server_times_out(server, tmp_path):
    """A server that stops sending is given up on after ``timeout`` seconds; what arrived is kept."""
    server.files["/data.bin"] = DATA
    server.stall = True
    with pytest.raises(FetchError, match=r"interrupted after 10 of 10244 bytes \(timed out\)"):
        fetch(make_card(f"{server.url}/data.bin"), tmp_path, retries=0, timeout=0.3)
    assert (tmp_path / "toy" / "data.bin.part").read_bytes() == DATA[:10]


def test_range_past_the_end_restarts(server, tmp_path):
    """A part longer than the file is dropped and the whole file fetched again."""
    server.files["/data.bin"] = DATA
    part = tmp_path / "toy" / "data.bin.part"
    part.parent.mkdir(parents=True)
    part.write_bytes(DATA + b"junk")
    [path] = fetch(make_card(f"{server.url}/data.bin"), tmp_path, timeout=TIMEOUT)
    assert server.requests == [("/data.bin", None)]
    assert path.read_bytes() == DATA


def test_checksum_mismatch_raises_and_leaves_nothing(server, tmp_path):
    server.files["/data.bin"] = DATA
    wrong = "ab" * 32
    with pytest.raises(ChecksumError) as info:
        fetch(make_card(f"{server.url}/data.bin", digest=wrong), tmp_path, timeout=TIMEOUT)
    message = str(info.value)
    assert "toy/data.bin" in message and wrong in message and sha(DATA) in message
    assert (info.value.expected, info.value.actual) == (wrong, sha(DATA))
    assert list((tmp_path / "toy").iterdir()) == []


def test_more_bytes_than_the_card_says_is_an_error(server, tmp_path):
    server.files["/data.bin"] = DATA + b"extra"
    with pytest.raises(FetchError, match="sent more than the expected 10244 bytes"):
        fetch(make_card(f"{server.url}/data.bin"), tmp_path, timeout=TIMEOUT)
    assert list((tmp_path / "toy").iterdir()) == []


def test_http_404_is_one_line(server, tmp_path):
    with pytest.raises(FetchError, match=r"^toy/data\.bin: HTTP 404 Not Found from http://127\.0\.0\.1:\d+/gone$"):
        fetch(make_card(f"{server.url}/gone"), tmp_path, timeout=TIMEOUT)
    assert list((tmp_path / "toy").iterdir()) == []


def test_unreachable_host_is_one_line(tmp_path):
    with socket.socket() as sock:  # a port that was free a moment ago: nothing listens there
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    with pytest.raises(FetchError, match=r"^toy/data\.bin: cannot reach 127\.0\.0\.1: ") as info:
        fetch(make_card(f"http://127.0.0.1:{port}/data.bin"), tmp_path, timeout=TIMEOUT)
    assert "\n" not in str(info.value)


def test_cached_file_makes_no_request(server, tmp_path):
    server.files["/data.bin"] = DATA
    target = tmp_path / "toy" / "data.bin"
    target.parent.mkdir(parents=True)
    target.write_bytes(DATA)
    seen = []
    assert fetch(make_card(f"{server.url}/data.bin"), tmp_path, progress=lambda *args: seen.append(args)) == [target]
    assert server.requests == []
    assert seen == [("toy/data.bin", len(DATA), len(DATA))]


def test_corrupt_cached_file_is_replaced_and_force_downloads_again(server, tmp_path):
    server.files["/data.bin"] = DATA
    card = make_card(f"{server.url}/data.bin")
    target = tmp_path / "toy" / "data.bin"
    target.parent.mkdir(parents=True)
    target.write_bytes(DATA[:-1] + b"!")
    assert file_status(card, tmp_path) == {"data.bin": "corrupt"}
    fetch(card, tmp_path, timeout=TIMEOUT)
    assert target.read_bytes() == DATA and len(server.requests) == 1
    fetch(card, tmp_path, force=True, timeout=TIMEOUT)
    assert len(server.requests) == 2
    assert file_status(card, tmp_path) == {"data.bin": "ok"}


def test_file_url_and_directory_mirror(tmp_path):
    """``file://`` URLs work, and a mirror folder laid out like the cache replaces every URL."""
    source = tmp_path / "src" / "data.bin"
    source.parent.mkdir()
    source.write_bytes(DATA)
    [path] = fetch(make_card(source.as_uri()), tmp_path / "cache")
    assert path.read_bytes() == DATA

    mirror = tmp_path / "mirror"
    (mirror / "toy").mkdir(parents=True)
    (mirror / "toy" / "data.bin").write_bytes(DATA)
    card = make_card("https://unreachable.invalid/data.bin")
    [path] = fetch(card, tmp_path / "cache2", base_url=str(mirror))
    assert path.read_bytes() == DATA


def test_missing_local_file_is_one_line(tmp_path):
    with pytest.raises(FetchError, match=r"^toy/data\.bin: cannot open file://.*: No such file"):
        fetch(make_card((tmp_path / "absent.bin").as_uri()), tmp_path)


def test_mirror_from_environment(server, tmp_path, monkeypatch):
    server.files["/m/toy/data.bin"] = DATA
    monkeypatch.setenv("WINO_MIRROR", f"{server.url}/m/")
    card = make_card("https://unreachable.invalid/data.bin")
    assert source_url(card, card.files[0]) == f"{server.url}/m/toy/data.bin"
    [path] = fetch(card, tmp_path, timeout=TIMEOUT)
    assert server.requests == [("/m/toy/data.bin", None)]
    assert path.read_bytes() == DATA


def test_default_cache_comes_from_environment(server, tmp_path, monkeypatch):
    server.files["/data.bin"] = DATA
    monkeypatch.setenv("WINO_CACHE", str(tmp_path / "wc"))
    assert cache_root() == tmp_path / "wc"
    [path] = fetch(make_card(f"{server.url}/data.bin"), timeout=TIMEOUT)
    assert path == tmp_path / "wc" / "toy" / "data.bin"
    monkeypatch.delenv("WINO_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert cache_root() == tmp_path / "xdg" / "wino-toolkit"
    assert cache_root(tmp_path / "explicit") == tmp_path / "explicit"


def test_fetch_by_name_uses_the_bundled_card(tmp_path):
    """A real card fetched from a local mirror: same URLs resolved, same checksums verified."""
    mirror = tmp_path / "mirror" / "wnli"
    mirror.mkdir(parents=True)
    (mirror / "dev.tsv").write_bytes(b"not the real file\n")
    with pytest.raises(ChecksumError, match="wnli/dev.tsv"):
        fetch("wnli", tmp_path / "cache", base_url=str(tmp_path / "mirror"))
    assert file_status("wnli", tmp_path / "cache") == {"dev.tsv": "missing"}


def test_partial_status(tmp_path):
    card = make_card("https://unreachable.invalid/data.bin")
    part = tmp_path / "toy" / "data.bin.part"
    part.parent.mkdir(parents=True)
    part.write_bytes(DATA[:10])
    assert file_status(card, tmp_path) == {"data.bin": "partial"}


def test_unknown_card_name(tmp_path):
    with pytest.raises(KeyError, match="Did you mean 'winogrande'"):
        fetch("winogrand", tmp_path)


def test_paths_are_inside_the_card_folder(server, tmp_path):
    server.files["/a"] = OTHER
    [path] = fetch(make_card(f"{server.url}/a", OTHER, name="sub/dir/a.jsonl"), tmp_path, timeout=TIMEOUT)
    assert path == tmp_path / "toy" / "sub" / "dir" / "a.jsonl"
    assert Path(path).read_bytes() == OTHER
