"""Large uploads (issue 36, "Large files"): a document upload is written to disk as it arrives,
under its own limit (--max-upload), never held whole in the server's memory, and the stored
file is read by mapping it, when it is indexed and opened and when its pieces are served.
Other requests keep their in-memory limit (--max-body)."""

from __future__ import annotations

import hashlib
import os
import threading
import time

import pikepdf
import pytest

from serve_process import Server
from test_abuse import assert_json_error, make_server, parse_response, raw_exchange  # noqa: F401 (fixture)

DOCS = "/api/v1/documents"
MIB = 1 << 20


WORD = "zebracorn"


def big_pdf(path, megabytes: int) -> bytes:
    """A one-page PDF showing WORD and carrying `megabytes` of incompressible bytes in an
    unused stream."""
    pdf = pikepdf.new()
    pdf.add_blank_page(page_size=(300, 200))
    page = pdf.pages[0]
    page.Resources = pikepdf.Dictionary(Font=pikepdf.Dictionary(F1=pikepdf.Dictionary(
        Type=pikepdf.Name.Font, Subtype=pikepdf.Name.Type1, BaseFont=pikepdf.Name.Helvetica)))
    page.Contents = pdf.make_stream(f"BT /F1 12 Tf 20 100 Td ({WORD}) Tj ET".encode())
    pdf.Root.Ballast = pdf.make_stream(os.urandom(megabytes * MIB))
    pdf.save(path)
    return path.read_bytes()


class AnonymousMemory:
    """The most anonymous memory (RssAnon: the heap, not the page cache of mapped files) the
    server process held while the block ran, sampled every 5 ms."""

    def __init__(self, pid: int):
        self.pid, self.peak, self.stop = pid, 0, threading.Event()

    def sample(self) -> int:
        with open(f"/proc/{self.pid}/status") as status:
            line = next(line for line in status if line.startswith("RssAnon:"))
        return int(line.split()[1]) * 1024

    def __enter__(self):
        self.baseline = self.sample()

        def run():
            while not self.stop.is_set():
                self.peak = max(self.peak, self.sample())
                time.sleep(0.005)

        self.thread = threading.Thread(target=run, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *_):
        self.stop.set()
        self.thread.join()

    @property
    def growth(self) -> int:
        return self.peak - self.baseline


def wait_indexed(server: Server, doc: str):
    """Waits until the background indexer has read `doc`: the search across documents finds WORD in it."""
    deadline = time.time() + 60
    while time.time() < deadline:
        results = server.json("GET", f"/api/v1/search?q={WORD}")["results"]
        if any(result["document"] == doc for result in results):
            return
        time.sleep(0.1)
    raise AssertionError(f"document {doc} was not indexed within 60 s")


def wait_no_uploads_in_progress(server: Server):
    """Waits until the folder of uploads in progress is empty: a request's file goes when the
    request ends, which is once its answer has been sent (a moment after the client has it)."""
    folder = server.data / "uploads-in-progress"
    deadline = time.time() + 10
    while list(folder.iterdir()):
        assert time.time() < deadline, f"uploads left in progress: {list(folder.iterdir())}"
        time.sleep(0.02)


def test_an_upload_over_the_body_limit_goes_to_disk_and_comes_back_whole(make_server, tmp_path):
    server = make_server("--max-body", str(MIB), "--max-upload", str(48 * MIB))
    data = big_pdf(tmp_path / "big.pdf", 40)
    status, _, body = server.request("POST", f"{DOCS}?name=big", data)
    assert status == 201, body[:300]
    doc = __import__("json").loads(body)["id"]
    status, headers, back = server.request("GET", f"{DOCS}/{doc}/file")
    assert status == 200 and hashlib.sha256(back).digest() == hashlib.sha256(data).digest()
    # The editor reads a large file by ranges.
    status, _, piece = server.request("GET", f"{DOCS}/{doc}/file", headers={"Range": "bytes=100-199"})
    assert status == 206 and piece == data[100:200]
    # The page is there for every engine.
    with pikepdf.open(tmp_path / "big.pdf") as original:
        assert len(original.pages) == 1
    assert server.json("GET", f"{DOCS}/{doc}")["pageCount"] == 1
    # A JSON body over --max-body is still refused, naming the limit.
    raw = raw_exchange(server.port, f"POST {DOCS}/{doc}/commands HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
                       f"Content-Type: application/json\r\nContent-Length: {MIB + 1}\r\n\r\n".encode() + b" " * (MIB + 1))
    status, _, body = parse_response(raw)
    assert "--max-body" in assert_json_error(status, body, 413, "tooLarge")
    if server.kind == "sqlite":
        wait_no_uploads_in_progress(server)


def test_an_upload_over_its_limit_gets_413_naming_it_and_stores_nothing(make_server, tmp_path):
    server = make_server("--max-body", str(MIB), "--max-upload", str(4 * MIB))
    before = server.json("GET", DOCS)["documents"]
    files = server.stored_files()
    # Declared too long: read and dropped (nothing spooled), then refused naming the limit.
    head = b"POST /api/v1/documents HTTP/1.1\r\nHost: x\r\nConnection: close\r\n"
    raw = raw_exchange(server.port, head + b"Content-Length: %d\r\n\r\n" % (4 * MIB + 1) + b"%" * (4 * MIB + 1))
    status, _, body = parse_response(raw)
    message = assert_json_error(status, body, 413, "tooLarge")
    assert "--max-upload" in message and str(4 * MIB) in message
    # Declared beyond what is worth reading (RequestHead.maxDropped): refused before a byte of it.
    raw = raw_exchange(server.port, head + b"Content-Length: %d\r\n\r\n" % ((256 << 20) + 1))
    assert "--max-upload" in assert_json_error(*parse_response(raw)[::2], 413, "tooLarge")
    # Chunked (no Content-Length), growing past the limit as it streams.
    chunk = b"%x\r\n" % 65536 + b"a" * 65536 + b"\r\n"
    stream = (b"POST /api/v1/documents HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
              + chunk * 80 + b"0\r\n\r\n")
    status, _, body = parse_response(raw_exchange(server.port, stream))
    assert "--max-upload" in assert_json_error(status, body, 413, "tooLarge")
    # Just under the limit, read whole and refused for what it is, not for its size.
    status, _, body = server.request("POST", f"{DOCS}?name=junk", b"x" * (4 * MIB - 1))
    assert_json_error(status, body, 422, "unprocessable")
    assert server.json("GET", DOCS)["documents"] == before
    assert server.stored_files() == files
    if server.kind == "sqlite":
        wait_no_uploads_in_progress(server)


@pytest.mark.parametrize("store_kind", ["sqlite"])
def test_a_large_upload_is_never_held_whole_in_memory(make_server, tmp_path, store_kind):
    """Over a data folder: receiving, checking, storing, indexing, opening, serving ranges of
    a 96 MB upload and the whole of it to two clients grow the server's anonymous memory by
    less than a quarter of it (holding the body, or one copy of the file, would take all of it)."""
    server = make_server("--max-upload", str(128 * MIB))
    data = big_pdf(tmp_path / "big.pdf", 96)
    with AnonymousMemory(server.process.pid) as memory:
        status, _, body = server.request("POST", f"{DOCS}?name=big", data)
        assert status == 201, body[:300]
        doc = __import__("json").loads(body)["id"]
        wait_indexed(server, doc)
        server.json("GET", f"{DOCS}/{doc}/annotations")
        status, _, piece = server.request("GET", f"{DOCS}/{doc}/file", headers={"Range": "bytes=0-65535"})
        assert status == 206 and piece == data[:65536]
        # The whole file, to two clients at once: sent from its mapping, not copied per answer.
        answers = []
        readers = [threading.Thread(target=lambda: answers.append(server.request("GET", f"{DOCS}/{doc}/file")))
                   for _ in range(2)]
        for reader in readers:
            reader.start()
        for reader in readers:
            reader.join()
        assert [(status, len(body)) for status, _, body in answers] == [(200, len(data))] * 2
    assert memory.growth < len(data) // 4, f"anonymous memory grew by {memory.growth} bytes for a {len(data)}-byte upload"
