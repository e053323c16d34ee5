"""Trust (issue 25): no spelling of a request target gets past the token, and no number in a
request stops the server.

1. The request target is read once (origin form only; `*` only for OPTIONS; dot segments
   resolved) before access control and routing see it. A table of targets on every route
   family, each with and without the token: `x/api/v1/documents`, `*/api/...` and the absolute
   form once answered 200 with the data, and `DELETE x/api/v1/documents/ID` trashed a document.
   Wrong tokens of the right length, in the header, the cookie and the address, are refused;
   so are servers started with `--host` (0.0.0.0 reached through another loopback address
   makes up a token and wants it; 127.0.0.2 is not reached on 127.0.0.1) and `--token`
   (issue 30: a comparison that stopped at the length, a cookie taken for being there, a
   wildcard host taken for loopback, or a host ignored at bind time passed every test).
2. Every numeric field of the command protocol, and every number in a query string or a
   header, is sent at the edges of a 64-bit integer (2^63 - 1 and 2^63 - 2, which a double
   rounds up to 2^63; -2^63 - 1; 2^64), at ±1e300, as a fraction and as a string: each answer is
   below 500 and every refusal names its field; the server is still up, and the document still
   saves into a file qpdf accepts. A `baseRevision` or `pageIndex` of 2^63 - 1 once ended the
   process with SIGILL.

Both run over the SQLite store only: neither reading depends on the store."""

from __future__ import annotations

import copy
import time
import json
import socket
import subprocess

import pytest

from serve_process import Server
from test_abuse import DOCS, parse_response, raw_exchange

TOKEN = "s3cret-token-for-trust-tests"
WRONG_SAME_LENGTH = "x" * len(TOKEN)


@pytest.fixture
def guarded(binary, tmp_path):
    """A server that needs its token (`--token`), on loopback."""
    instance = Server(binary, tmp_path / "data", args=["--token", TOKEN]).start()
    yield instance
    if instance.process.poll() is None:
        instance.process.kill()
        instance.process.wait(timeout=30)


def exchange(port: int, method: str, target: str, headers: dict | None = None, body: bytes = b"") -> tuple[int, bytes]:
    """One request whose target goes on the wire exactly as given."""
    head = f"{method} {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for name, value in (headers or {}).items():
        head += f"{name}: {value}\r\n"
    if body:
        head += f"Content-Length: {len(body)}\r\n"
    raw = raw_exchange(port, head.encode() + b"\r\n" + body)
    assert raw, f"{method} {target}: no answer"
    status, _, data = parse_response(raw)
    return status, data


def authorized(server: Server, method: str, path: str, body=None):
    status, _, data = server.request(method, path, body, {"Authorization": f"Bearer {TOKEN}"})
    assert status < 300, f"{method} {path}: {status} {data[:200]!r}"
    return json.loads(data) if data else None


# MARK: - 1. One reading of the target

def route_families(doc: str) -> list[tuple[str, str]]:
    """One request of every route family (reads only: the writes are sent without a valid
    token or with a refused target, and the document is checked unchanged at the end)."""
    one = f"{DOCS}/{doc}"
    return [
        ("GET", DOCS), ("GET", "/api/v1/trash"), ("GET", one), ("GET", f"{one}/file"),
        ("GET", f"{one}/export"), ("GET", f"{one}/annotations?page=0"), ("GET", f"{one}/fields"),
        ("GET", f"{one}/operations?after=0"), ("GET", f"{one}/presence"), ("GET", f"{one}/versions"),
        ("GET", f"{one}/versions/1/file"), ("GET", f"{one}/view-pdf?rect=0,0,100,100"),
        ("GET", "/api/v1/search?q=editor"), ("GET", f"{one}/search?q=editor"),
        ("GET", f"{one}/pages/0/text"), ("GET", f"{one}/outline"),
        ("POST", f"{one}/commands"), ("POST", f"{one}/save"), ("POST", f"{one}/save-as"),
        ("PATCH", one), ("DELETE", one), ("POST", f"{one}/restore"), ("POST", f"{one}/uploads"),
        ("POST", f"{one}/extract"), ("POST", f"{one}/versions/1/restore"), ("POST", DOCS),
        ("DELETE", f"/api/v1/trash/{doc}"), ("POST", f"{one}/presence/leave?client=t"),
    ]


def spellings(path: str) -> dict[str, str]:
    """Targets other than origin form, each a way around a check that reads the target
    differently from the router (RFC 9112 §3.2)."""
    return {
        "no leading slash": "x" + path,
        "asterisk prefix": "*" + path,
        "letter prefix": "a" + path,
        "absolute form": "http://127.0.0.1" + path,
        "authority form": "127.0.0.1:80",
    }


def test_every_route_family_needs_the_token_whatever_the_target(guarded):
    doc = authorized(guarded, "GET", DOCS)["documents"][0]["id"]
    before = authorized(guarded, "GET", f"{DOCS}/{doc}")
    for method, path in route_families(doc):
        # Without the token, with a wrong one of the same length, or a wrong cookie: 401.
        for headers in ({}, {"Authorization": f"Bearer {WRONG_SAME_LENGTH}"},
                        {"Cookie": f"marginalia_token={WRONG_SAME_LENGTH}"}, {"Cookie": "marginalia_token="}):
            status, data = exchange(guarded.port, method, path, headers)
            assert status == 401, f"{method} {path} {headers}: {status} {data[:200]!r}"
        # Spelled another way: 400, with or without the token, never the data.
        for name, target in spellings(path).items():
            for headers in ({}, {"Authorization": f"Bearer {TOKEN}"}):
                status, data = exchange(guarded.port, method, target, headers)
                assert status == 400, f"{method} {target} ({name}, {headers}): {status} {data[:200]!r}"
                assert b"badRequest" in data
        # Dot segments are resolved before the check: the token is needed all the same.
        for target in ("/app/.." + path, "/app/./.." + path, "/vendor/pdfjs/../.." + path):
            status, data = exchange(guarded.port, method, target)
            assert status == 401, f"{method} {target}: {status} {data[:200]!r}"
        # An empty segment is another path: still refused without the token.
        status, _ = exchange(guarded.port, method, "/" + path)
        assert status == 401, f"{method} /{path}: {status}"
    # Nothing the refused requests named was changed.
    after = authorized(guarded, "GET", f"{DOCS}/{doc}")
    assert (after["revision"], after["name"], after.get("trashed")) == (before["revision"], before["name"], before.get("trashed"))
    assert [d["id"] for d in authorized(guarded, "GET", DOCS)["documents"]] == [doc]


def test_the_token_opens_each_family_and_a_resolved_target_reads_like_its_origin_form(guarded):
    doc = authorized(guarded, "GET", DOCS)["documents"][0]["id"]
    bearer = {"Authorization": f"Bearer {TOKEN}"}
    for method, path in route_families(doc):
        if method != "GET":
            continue
        status, data = exchange(guarded.port, method, path, bearer)
        assert status == 200, f"{method} {path}: {status} {data[:200]!r}"
        cookie_status, cookie_data = exchange(guarded.port, method, path, {"Cookie": f"a=b; marginalia_token={TOKEN}"})
        assert cookie_status == 200, f"{method} {path} with the cookie: {cookie_status}"
        dotted_status, dotted_data = exchange(guarded.port, method, "/app/.." + path, bearer)
        assert dotted_status == 200, f"{method} /app/..{path}: {dotted_status}"
        if path.endswith("/file"):
            assert dotted_data == data


def test_only_the_editor_files_and_probes_are_open(guarded):
    for path in ("/", "/index.html", "/healthz", "/readyz"):
        status, _ = exchange(guarded.port, "GET", path)
        assert status == 200, path
    # Paths no route knows need the token too: 401, not 404, so nothing leaks what exists.
    for path in ("/nothing", "/api", "/API/v1/documents", "/api/v1/documents/", "/%61pi/v1/documents"):
        status, _ = exchange(guarded.port, "GET", path)
        assert status == 401, path
    status, _ = exchange(guarded.port, "OPTIONS", "*")
    assert status == 204
    for method in ("GET", "POST", "DELETE"):
        status, _ = exchange(guarded.port, method, "*")
        assert status == 400, method
    for target in ("/app/%00/x", "/api/v1/documents%00", "/a\\b", "/../etc/passwd", "/app/../../etc/passwd"):
        status, data = exchange(guarded.port, "GET", target, {"Authorization": f"Bearer {TOKEN}"})
        assert status == 400, f"{target}: {status} {data[:200]!r}"
    # The address's token logs a browser in only on the editor's page, and only when right.
    status, _ = exchange(guarded.port, "GET", f"/?token={WRONG_SAME_LENGTH}")
    assert status == 401
    status, _ = exchange(guarded.port, "GET", f"{DOCS}?token={TOKEN}")
    assert status == 401


# MARK: - 1b. Where the server listens (`--host`) and which token it wants (`--token`)

def serve_on(binary, tmp_path, host: str, address: str | None = None, args: list[str] | None = None) -> Server:
    return Server(binary, tmp_path / f"data-{host}", host=host, address=address, args=args).start()


def stopped(server: Server) -> None:
    if server.process and server.process.poll() is None:
        server.process.kill()
        server.process.wait(timeout=30)


def printed_token(server: Server) -> str:
    """The token `serve` made up and printed in its address (`Open http://...?token=T`)."""
    deadline = time.time() + 10
    while time.time() < deadline:
        for line in server.log.read_text().splitlines():
            if line.startswith("Open ") and "?token=" in line:
                return line.rsplit("?token=", 1)[1].strip()
        time.sleep(0.05)
    raise AssertionError(f"no token in the printed address: {server.log.read_text()[-500:]}")


def status_at(server: Server, headers: dict | None = None) -> int:
    return server.request("GET", DOCS, headers=headers)[0]


def test_a_server_on_every_address_makes_up_a_token_and_wants_it(binary, tmp_path):
    """`--host 0.0.0.0` without `--token`: reached through another loopback address, the API
    wants the token the server printed (a wildcard host taken for loopback served it open)."""
    server = serve_on(binary, tmp_path, "0.0.0.0", address="127.0.0.2")
    try:
        token = printed_token(server)
        assert len(token) == 32
        assert status_at(server) == 401
        assert status_at(server, {"Authorization": f"Bearer {'0' * len(token)}"}) == 401
        assert status_at(server, {"Cookie": f"marginalia_token={token[::-1]}"}) == 401
        assert status_at(server, {"Authorization": f"Bearer {token}"}) == 200
        assert status_at(server, {"Cookie": f"marginalia_token={token}"}) == 200
    finally:
        stopped(server)


def test_a_server_on_every_address_with_its_own_token(binary, tmp_path):
    server = serve_on(binary, tmp_path, "0.0.0.0", address="127.0.0.3", args=["--token", TOKEN])
    try:
        assert printed_token(server) == TOKEN
        for headers in ({}, {"Authorization": f"Bearer {WRONG_SAME_LENGTH}"},
                        {"Cookie": f"marginalia_token={WRONG_SAME_LENGTH}"}, {"Cookie": "marginalia_token=x"}):
            assert status_at(server, headers) == 401, headers
        assert status_at(server, {"Authorization": f"Bearer {TOKEN}"}) == 200
    finally:
        stopped(server)


def test_a_server_on_one_loopback_address_listens_there_only(binary, tmp_path):
    """`--host 127.0.0.2`: answered there (loopback: no token), refused on 127.0.0.1 (a server
    that ignored its host and listened everywhere was answered)."""
    server = serve_on(binary, tmp_path, "127.0.0.2")
    try:
        assert status_at(server) == 200
        with pytest.raises(ConnectionRefusedError):
            socket.create_connection(("127.0.0.1", server.port), timeout=5).close()
    finally:
        stopped(server)


def test_a_loopback_server_with_a_token_wants_it(binary, tmp_path):
    server = serve_on(binary, tmp_path, "127.0.0.2", args=["--token", TOKEN])
    try:
        assert status_at(server) == 401
        assert status_at(server, {"Authorization": f"Bearer {WRONG_SAME_LENGTH}"}) == 401
        assert status_at(server, {"Authorization": f"Bearer {TOKEN}"}) == 200
    finally:
        stopped(server)


# MARK: - 2. Numbers at the edges

# 2^63 - 2 becomes 2^63 as a double, which Int() traps on.
EDGE_NUMBERS = [2 ** 63 - 1, 2 ** 63 - 2, -(2 ** 63) - 1, 2 ** 64, 1e300, -1e300, 0.5, "NaN"]


def command_templates() -> list[dict]:
    """One valid command of every kind that carries numbers. Integers are written as int and
    measures as float, so the test knows which fields must be whole numbers."""
    square = {"type": "square", "id": "t-square", "pageIndex": 0, "rect": [100.0, 100.0, 200.0, 180.0],
              "color": "#FF0000", "width": 2.0, "opacity": 1.0}
    ink = {"type": "ink", "id": "t-ink", "pageIndex": 0, "paths": [[[110.0, 110.0], [150.0, 160.0]]],
           "pressures": [[0.5, 0.75]], "width": 3.0, "color": "#0000FF"}
    line = {"type": "line", "id": "t-line", "pageIndex": 0, "points": [[50.0, 50.0], [150.0, 90.0]],
            "lineEndings": ["none", "openArrow"], "width": 1.0, "dash": [3.0, 2.0], "borderStyle": "dashed"}
    text = {"type": "freeText", "id": "t-text", "pageIndex": 0, "rect": [300.0, 300.0, 400.0, 340.0],
            "text": "Edge", "fontSize": 12.0}
    highlight = {"type": "highlight", "id": "t-mark", "pageIndex": 0,
                 "quads": [[70.0, 718.0, 192.0, 718.0, 70.0, 694.0, 192.0, 694.0]]}
    stamp = {"type": "stamp", "id": "t-stamp", "pageIndex": 0, "rect": [400.0, 500.0, 500.0, 540.0], "name": "Approved"}
    return [
        {"type": "add", "annotation": square}, {"type": "add", "annotation": ink},
        {"type": "add", "annotation": line}, {"type": "add", "annotation": text},
        {"type": "add", "annotation": highlight}, {"type": "add", "annotation": stamp},
        {"type": "change", "annotation": {**square, "rect": [110.0, 110.0, 210.0, 190.0]}},
        {"type": "move", "ids": ["t-square"], "dx": 5.0, "dy": 5.0},
        {"type": "paste", "annotations": [{**square, "id": "t-copy"}], "dx": 10.0, "dy": 10.0},
        {"type": "resize", "id": "t-square", "rect": [100.0, 100.0, 220.0, 200.0]},
        {"type": "restyle", "ids": ["t-square"], "width": 3.0, "opacity": 0.5},
        {"type": "restyle", "ids": ["t-text"], "fontSize": 14.0},
        {"type": "stroke", "pageIndex": 0, "points": [[100.0, 100.0, 0.5, 0.0], [150.0, 120.0, 0.5, 0.02]],
         "ink": {"color": "#ff0000", "width": 2.0, "opacity": 1.0, "usesPressure": False}, "zoom": 1.0},
        {"type": "erase", "pageIndex": 0, "mode": "stroke", "size": 4.0, "points": [[5.0, 5.0]]},
        {"type": "insertPage", "index": 1, "width": 612.0, "height": 792.0},
        {"type": "rotatePage", "index": 1, "degrees": 90},
        {"type": "movePage", "from": 1, "to": 2},
        {"type": "removePage", "index": 2},
        {"type": "duplicatePages", "pages": [0], "to": 1},
        {"type": "rotatePages", "pages": [0], "degrees": 90},
        {"type": "movePages", "pages": [1], "to": 0},
        {"type": "removePages", "pages": [1]},
    ]


def numeric_leaves(value, path=()):
    """(path, value) of every number in a JSON value; paths are tuples of keys and indexes."""
    if isinstance(value, bool):
        return
    if isinstance(value, (int, float)):
        yield path, value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from numeric_leaves(item, path + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            yield from numeric_leaves(item, path + (index,))


def replaced(value, path, new):
    result = copy.deepcopy(value)
    target = result
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = new
    return result


def post_command(server: Server, doc: str, body: dict) -> tuple[int, bytes]:
    status, _, data = server.request("POST", f"{DOCS}/{doc}/commands", body)
    return status, data


def revision(server: Server, doc: str) -> int:
    return server.json("GET", f"{DOCS}/{doc}")["revision"]


def test_every_numeric_field_at_the_edges_gets_an_answer_naming_it(open_server, tmp_path):
    server = open_server
    doc = server.json("GET", DOCS)["documents"][0]["id"]
    refusals = 0
    for template in command_templates():
        envelope = {"protocol": 1, "baseRevision": 0, "clientId": "tab-edges", "command": template}
        for path, original in numeric_leaves(envelope):
            if path == ("protocol",):
                continue
            must_be_whole = isinstance(original, int)
            for edge in EDGE_NUMBERS:
                body = replaced(envelope, path, edge)
                if path != ("baseRevision",):
                    body["baseRevision"] = revision(server, doc)
                status, data = post_command(server, doc, body)
                where = f"{template['type']} {'.'.join(map(str, path))} = {edge!r}"
                assert server.process.poll() is None, f"the server stopped on {where}"
                assert status < 500, f"{where}: {status} {data[:300]!r}"
                if status >= 400:
                    refusals += 1
                    message = json.loads(data)["error"]["message"]
                    field = next(str(key) for key in reversed(path) if isinstance(key, str))
                    if status == 400:
                        assert field in message, f"{where}: the refusal does not name {field}: {message}"
                elif must_be_whole:
                    pytest.fail(f"{where}: a whole-number field accepted {edge!r} ({status})")
        # The valid command itself still applies (the template is not refused for another reason).
        envelope["baseRevision"] = revision(server, doc)
        status, data = post_command(server, doc, envelope)
        assert status == 200, f"{template['type']}: {status} {data[:300]!r}"
    assert refusals > 300
    # Still serving, and what was accepted saves into a file qpdf accepts.
    assert server.request("GET", "/healthz")[0] == 200
    server.json("POST", f"{DOCS}/{doc}/save")
    status, _, pdf = server.request("GET", f"{DOCS}/{doc}/file")
    assert status == 200
    saved = tmp_path / "saved.pdf"
    saved.write_bytes(pdf)
    check = subprocess.run(["qpdf", "--check", str(saved)], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout[-2000:] + check.stderr[-2000:]


QUERY_EDGES = ["9223372036854775807", "9223372036854775808", "-9223372036854775809", "18446744073709551616",
               "1e300", "1e3", "0.5", "NaN", "inf", "-1", "0x10", "+"]
WHOLE = "9223372036854775807"  # a whole number in range: a 4xx or an empty answer, never a crash


def test_numbers_in_query_strings_paths_and_headers_are_checked(open_server):
    server = open_server
    doc = server.json("GET", DOCS)["documents"][0]["id"]
    one = f"{DOCS}/{doc}"
    for edge in QUERY_EDGES:
        quoted = edge.replace("+", "%2B")
        whole_numbers = [(f"{one}/annotations?page={quoted}", "page"), (f"{one}/operations?after={quoted}", "after"),
                         (f"{one}/export?format=png&page={quoted}", "page"),
                         (f"{one}/view-pdf?page={quoted}&rect=0,0,10,10", "page"),
                         (f"{one}/search?q=the&from={quoted}", "from"), (f"{one}/search?q=the&limit={quoted}", "limit"),
                         (f"/api/v1/search?q=the&limit={quoted}", "limit"),
                         (f"{one}/versions/{quoted}/file", "n"), (f"{one}/pages/{quoted}/text", "n")]
        if edge != WHOLE:
            whole_numbers.append((f"{one}/events?after={quoted}", "after"))  # in range, it would stream
        for path, name in whole_numbers:
            status, _, data = server.request("GET", path, timeout=10)
            assert server.process.poll() is None, f"the server stopped on {path}"
            if edge == WHOLE:
                assert status < 500, f"GET {path}: {status} {data[:200]!r}"
            else:
                assert 400 <= status < 500, f"GET {path}: {status} {data[:200]!r}"
        for path in (f"{one}/export?format=png&scale={quoted}", f"{one}/view-pdf?rect={quoted},0,10,10"):
            status, _, data = server.request("GET", path, timeout=30)
            assert server.process.poll() is None, f"the server stopped on {path}"
            assert status < 500, f"GET {path}: {status} {data[:200]!r}"
        status, _, data = server.request("GET", f"{one}/operations", headers={"Last-Event-ID": edge}, timeout=10)
        if edge != WHOLE:
            assert 400 <= status < 500, f"Last-Event-ID {edge!r}: {status} {data[:200]!r}"
    assert server.request("GET", "/healthz")[0] == 200


# MARK: - 2b. Numbers in files

def marker_pdf(word: str) -> bytes:
    from hostile_numbers import page_pdf
    return page_pdf(b"BT /F1 12 Tf 72 700 Td (" + word.encode() + b") Tj ET")


def wait_until_indexed(server: Server, word: str, timeout: float = 120) -> None:
    """Waits for the text index to find `word` (the indexer has then read what came before it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        assert server.process.poll() is None, "the server stopped while indexing"
        results = server.json("GET", f"/api/v1/search?q={word}")["results"]
        if results:
            return
        time.sleep(0.1)
    pytest.fail(f"the index did not find {word} within {timeout} s")


def test_files_with_numbers_past_an_integer_are_read_exported_and_filled(open_server):
    from hostile_numbers import HOSTILE_NUMBER_FILES
    server = open_server
    uploaded = {}
    for name, make in HOSTILE_NUMBER_FILES.items():
        status, _, data = server.request("POST", f"{DOCS}?name={name}.pdf", make())
        assert server.process.poll() is None, f"the server stopped on the upload of {name}"
        assert status in (201, 422), f"{name}: {status} {data[:300]!r}"
        if status == 201:
            uploaded[name] = json.loads(data)["id"]
    assert len(uploaded) == len(HOSTILE_NUMBER_FILES), f"refused: {set(HOSTILE_NUMBER_FILES) - set(uploaded)}"
    for name, doc in uploaded.items():
        one = f"{DOCS}/{doc}"
        for method, path, body in (("GET", f"{one}/pages/0/text", None), ("GET", f"{one}/search?q=a", None),
                                   ("GET", f"{one}/export", None), ("GET", f"{one}/export?format=png&scale=0.5", None),
                                   ("GET", f"{one}/fields", None),
                                   ("POST", f"{one}/commands", {"protocol": 1, "baseRevision": 0, "clientId": "t",
                                                                "command": {"type": "fill", "name": "choice", "value": "two"}})):
            status, _, data = server.request(method, path, body, timeout=60)
            assert server.process.poll() is None, f"the server stopped on {method} {path} ({name})"
            assert status < 500, f"{name}: {method} {path}: {status} {data[:300]!r}"
    server.request("POST", f"{DOCS}?name=marker.pdf", marker_pdf("Zanzibarian"))
    wait_until_indexed(server, "Zanzibarian")
    # At every start the indexer reads again what it had not finished: it must start and stay up.
    server.restart()
    server.request("POST", f"{DOCS}?name=marker2.pdf", marker_pdf("Quixotical"))
    wait_until_indexed(server, "Quixotical")
    assert server.request("GET", "/healthz")[0] == 200
