"""Files named on the command line may be pipes: a shell's process substitution (`<(…)`) or a
FIFO, which a secret manager or a decrypting command writes into so the secret never lands on
disk. Foundation's `FileManager.contents(atPath:)` answered nil for a pipe, so `serve <(…)`,
`--jwt-hs256-secret-file <(…)` and `annotate --from <(…)` all failed with "cannot read" and
no reason. Each is read here from a pipe another thread writes into while it is read; a file
that cannot be read is named with the system's reason."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request

import pypdf

from handmade_pdf import handmade_pdf
from serve_process import Server, free_port


def fifo_with(path, content: bytes) -> threading.Thread:
    """A named pipe at `path` that a thread fills with `content` once a reader opens it."""
    os.mkfifo(path)

    def write():
        with open(path, "wb") as pipe:  # blocks until the reader opens it
            pipe.write(content)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def sample(binary, path) -> bytes:
    subprocess.run([str(binary), "sample", "-o", str(path)], check=True, timeout=60)
    return path.read_bytes()


def test_serve_imports_a_document_and_reads_a_secret_from_pipes(binary, tmp_path):
    pdf = sample(binary, tmp_path / "sample.pdf")
    writers = [fifo_with(tmp_path / "report.pdf", pdf), fifo_with(tmp_path / "secret", b"ab" * 32 + b"\n")]
    server = Server(binary, tmp_path / "data", files=[tmp_path / "report.pdf"],
                    args=["--jwt-hs256-secret-file", str(tmp_path / "secret")]).start()
    try:
        for writer in writers:
            writer.join(timeout=30)
            assert not writer.is_alive(), "the server never read a pipe to its end"
        # With a secret set, a request without a token is refused even on loopback: the
        # secret was read.
        assert server.request("GET", "/api/v1/documents")[0] == 401
    finally:
        assert server.stop() == 0
    printed = server.log.read_text()
    assert f"Imported {tmp_path / 'report.pdf'} as " in printed, printed


def test_a_document_given_by_process_substitution_is_named_document_pdf(binary, tmp_path):
    """`serve <(…)` as a shell runs it: the path is /dev/fd/63, whose last part is no name."""
    pdf = tmp_path / "sample.pdf"
    sample(binary, pdf)
    data, log = tmp_path / "data", tmp_path / "serve.log"
    port = free_port()
    with open(log, "w") as output:
        process = subprocess.Popen(["bash", "-c", f'exec "{binary}" serve <(cat "{pdf}") --port {port} --data "{data}"'],
                                   stdout=output, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 60
        while process.poll() is None and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/documents", timeout=5) as answer:
                    documents = json.load(answer)["documents"]
                break
            except OSError:
                time.sleep(0.05)
        else:
            raise AssertionError(f"serve did not answer: {log.read_text()}")
    finally:
        process.send_signal(signal.SIGTERM)
        status = process.wait(timeout=60)
    printed = log.read_text()
    assert status == 0 and "Imported /dev/fd/" in printed, printed
    assert [d["name"] for d in documents] == ["document.pdf"], documents


def test_annotate_reads_its_annotations_from_a_pipe(binary, tmp_path):
    sample(binary, tmp_path / "in.pdf")
    square = {"id": "piped", "pageIndex": 0, "type": "square", "rect": [100, 100, 200, 180], "color": "#FF0000"}
    writer = fifo_with(tmp_path / "annotations.json", json.dumps({"annotations": [square]}).encode())
    done = subprocess.run([str(binary), "annotate", str(tmp_path / "in.pdf"), "--from", str(tmp_path / "annotations.json"),
                           "-o", str(tmp_path / "out.pdf")], capture_output=True, text=True, timeout=60)
    writer.join(timeout=30)
    assert done.returncode == 0, done.stderr
    squares = [a.get_object() for a in pypdf.PdfReader(tmp_path / "out.pdf").pages[0]["/Annots"]
               if a.get_object()["/Subtype"] == "/Square" and a.get_object().get("/NM") == "piped"]
    assert len(squares) == 1 and [float(v) for v in squares[0]["/Rect"]] == [100, 100, 200, 180]


def test_a_document_opened_from_a_pipe_is_read_whole(binary, tmp_path):
    """`info <(…)`: a pipe has no size to map, so its bytes are read before parsing (it
    said "not a PDF file: no PDF header" when mapped as an empty file)."""
    pdf = sample(binary, tmp_path / "sample.pdf")
    writer = fifo_with(tmp_path / "piped.pdf", pdf)
    done = subprocess.run([str(binary), "info", str(tmp_path / "piped.pdf")], capture_output=True, text=True, timeout=60)
    writer.join(timeout=30)
    assert done.returncode == 0 and "Pages:       3" in done.stdout, done.stdout + done.stderr


# Runs a command with this process's standard input and prints the most resident memory it
# took, in KiB. The count of the process the test starts would include the test's own memory,
# which a child inherits until it executes another program: this small process's child's does not.
PEAK_OF_CHILD = """
import resource, subprocess, sys
done = subprocess.run(sys.argv[1:], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
sys.stdout.write(done.stdout.decode())
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
sys.exit(done.returncode)
"""


def peak_memory_of_info(binary, pdf) -> tuple[int, str]:
    """`info /dev/stdin` with the file `pdf` written into its standard input, a pipe: its most
    resident memory in bytes (the kernel's count for that one process) and what it printed."""
    process = subprocess.Popen([sys.executable, "-c", PEAK_OF_CHILD, str(binary), "info", "/dev/stdin"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def write():
        with open(pdf, "rb") as source:
            while chunk := source.read(1 << 20):
                process.stdin.write(chunk)
        process.stdin.close()

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    printed = process.stdout.read().decode()  # to its end: the command has ended
    process.wait(timeout=60)
    writer.join(timeout=30)
    assert process.returncode == 0, printed
    *report, peak = printed.splitlines()
    return int(peak) * 1024, "\n".join(report)


def test_a_document_read_from_standard_input_is_held_once(binary, tmp_path):
    """A PDF read from a pipe was read into one buffer and copied into another: a 128 MiB file
    took three times its size at its peak. Now the peak stays under 1.5 times the file over
    what the same command takes for a small file (the base: the program and its libraries)."""
    sample(binary, tmp_path / "sample.pdf")
    base, printed = peak_memory_of_info(binary, tmp_path / "sample.pdf")
    assert "Pages:       3" in printed, printed
    size = 128 << 20
    large = tmp_path / "large.pdf"
    large.write_bytes(handmade_pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
                                    b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>",
                                    b"<< /Length %d >>\nstream\n" % size + os.urandom(size) + b"\nendstream"]))
    peak, printed = peak_memory_of_info(binary, large)
    assert "Pages:       1" in printed, printed
    length = large.stat().st_size
    assert peak < base + 1.5 * length, f"peak {peak >> 20} MiB for a {length >> 20} MiB file, base {base >> 20} MiB"


def test_a_file_that_cannot_be_read_is_named_with_the_reason(binary, tmp_path):
    sample(binary, tmp_path / "in.pdf")
    missing = tmp_path / "absent.json"
    done = subprocess.run([str(binary), "annotate", str(tmp_path / "in.pdf"), "--from", str(missing), "-o", str(tmp_path / "out.pdf")],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 1 and f"{missing}: cannot read the file: no such file or directory" in done.stderr, done.stderr
    done = subprocess.run([str(binary), "serve", "--port", "0", "--data", str(tmp_path / "data"),
                           "--jwt-hs256-secret-file", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and f"--jwt-hs256-secret-file: {tmp_path}: cannot read the file: is a directory" in done.stderr, done.stderr
