"""Three `marginalia serve` replicas on one PostgreSQL database with HAProxy in front
(deploy/haproxy.cfg), all started by the tests (issue 17): any replica serves any document,
events reach subscribers on every replica, a client that moves to another replica gets what
it missed, two replicas applying at the same instant keep the log dense, saves and restores
from different replicas agree, sticky routing keeps a document on one replica, and a database
outage gives 503s and then heals. HAProxy terminating TLS with a test-made certificate
(issue 27) is checked on its own; MARGINALIA_REPLICAS_TLS=1 runs every test here over HTTPS."""

from __future__ import annotations

import http.client
import itertools
import json
import math
import os
import subprocess
import threading
import time

import pymupdf
import pytest

from pg_cluster import wait_for
from replicas import EventClient, ReplicaSet
from tls_certificate import make_certificate

DOCS = "/api/v1/documents"
_names = itertools.count(1)


def stroke(client: str, revision: int, n: int, page: int = 0) -> dict:
    y = 60 + (n % 30) * 22
    points = [[60 + i * 5, y + 6 * math.sin(i / 3), 0.5] for i in range(30)]
    return {"baseRevision": revision, "clientId": client,
            "action": {"stroke": {"pageIndex": page, "points": points}}}


@pytest.fixture
def replicas(binary, tmp_path, pg_cluster):
    tls = make_certificate(tmp_path / "tls") if os.environ.get("MARGINALIA_REPLICAS_TLS") == "1" else None
    instance = ReplicaSet(binary, tmp_path, pg_cluster, f"replicas{next(_names)}", tls=tls).start()
    yield instance
    instance.stop()


def sample(endpoint) -> str:
    documents = endpoint.json("GET", DOCS)["documents"]
    assert len(documents) == 1, "replicas starting together import one sample between them"
    return documents[0]["id"]


def qpdf_ok(path) -> bool:
    return subprocess.run(["qpdf", "--check", str(path)], capture_output=True).returncode == 0


def test_health_readiness_and_round_robin(replicas):
    for replica in replicas:
        assert replica.json("GET", "/healthz")["status"] == "ok"
        assert replica.json("GET", "/readyz") == {"status": "ready", "store": "postgresql"}
    served = [replicas.front.request("GET", DOCS)[1].get("x-marginalia-replica") for _ in range(9)]
    assert sorted(set(served)) == ["replica1", "replica2", "replica3"]


def test_any_replica_serves_any_document_and_every_subscriber_hears_every_entry(replicas):
    doc = sample(replicas.front)
    listeners = [EventClient([replica], doc, name=f"events-{n}") for n, replica in enumerate(replicas)]
    listeners.append(EventClient([replicas.front], doc, name="events-front"))
    for listener in listeners:
        listener.start()
        assert listener.connected.wait(10)
    revision = 0
    for n in range(30):
        reply = replicas[n % 3].json("POST", f"{DOCS}/{doc}/operations", stroke(f"tab-{n % 3}", revision, n))
        assert reply["revision"] == revision + 1
        revision = reply["revision"]
    wait_for(lambda: all(len(listener.revisions) >= 30 for listener in listeners), 15, what="every subscriber")
    for listener in listeners:
        listener.stop()
        assert listener.revisions == list(range(1, 31)), listener.name
    logs = [replica.json("GET", f"{DOCS}/{doc}/operations?after=0") for replica in replicas]
    assert all(log == logs[0] for log in logs)
    annotations = [sorted(a["id"] for a in replica.json("GET", f"{DOCS}/{doc}/annotations")["annotations"])
                   for replica in replicas]
    assert all(ids == annotations[0] for ids in annotations)
    assert listeners[0].entries[7] == logs[0]["operations"][6]
    # Each replica counts its commits to the log (`/healthz`, docs/scale-out.md): the 30
    # strokes were 30 batches, each rebased at most once.
    counts = [replica.json("GET", "/healthz")["logAppends"] for replica in replicas]
    assert sum(count["committed"] for count in counts) == 30, counts
    assert all(count["rebases"] <= count["committed"] and count["locked"] <= count["committed"] for count in counts), counts


def test_a_client_moving_to_another_replica_gets_exactly_what_it_missed(replicas):
    doc = sample(replicas.front)
    first = EventClient([replicas[0]], doc, name="before-the-move")
    first.start()
    assert first.connected.wait(10)
    revision = 0
    for n in range(10):
        revision = replicas[1].json("POST", f"{DOCS}/{doc}/operations", stroke("tab-b", revision, n))["revision"]
    wait_for(lambda: len(first.revisions) >= 10, 10, what="the first ten entries")
    first.stop()
    seen = first.last_id
    for n in range(10, 25):
        revision = replicas[1 + n % 2].json("POST", f"{DOCS}/{doc}/operations", stroke("tab-c", revision, n))["revision"]
    # The client comes back on replica 3 with the last id it saw.
    moved = EventClient([replicas[2]], doc, name="after-the-move")
    moved.last_id = seen
    moved.start()
    wait_for(lambda: len(moved.revisions) >= 15, 10, what="the missed entries")
    time.sleep(0.3)
    moved.stop()
    assert first.revisions == list(range(1, 11))
    assert moved.revisions == list(range(11, 26))


def test_two_replicas_applying_at_the_same_instant_keep_the_log_dense(replicas):
    doc = sample(replicas.front)
    threads_per_replica, applies = 8, 10
    barrier = threading.Barrier(2 * threads_per_replica)
    acknowledged: dict[int, tuple[str, int]] = {}
    failures: list[str] = []
    lock = threading.Lock()

    def client(replica, name):
        barrier.wait()
        for n in range(applies):
            status, _, data = replica.request("POST", f"{DOCS}/{doc}/operations", stroke(name, 0, n))
            if status != 200:
                with lock:
                    failures.append(f"{name}: {status} {data[:200]!r}")
                continue
            reply = json.loads(data)
            with lock:
                for entry in reply["applied"]:
                    assert entry["revision"] not in acknowledged, f"revision {entry['revision']} given twice"
                    acknowledged[entry["revision"]] = (name, n)

    threads = [threading.Thread(target=client, args=(replicas[r], f"r{r}-t{t}"))
               for r in (0, 1) for t in range(threads_per_replica)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not failures, failures[:5]
    total = 2 * threads_per_replica * applies
    assert sorted(acknowledged) == list(range(1, total + 1))
    for replica in replicas:
        log = replica.json("GET", f"{DOCS}/{doc}/operations?after=0")
        assert [entry["revision"] for entry in log["operations"]] == list(range(1, total + 1))
        assert {entry["revision"]: entry["clientId"] for entry in log["operations"]} == \
               {revision: name for revision, (name, _) in acknowledged.items()}


def test_saves_and_restores_from_different_replicas_agree(replicas, tmp_path):
    doc = sample(replicas.front)
    one, two, three = replicas
    revision = one.json("POST", f"{DOCS}/{doc}/operations", stroke("tab-1", 0, 1))["revision"]
    assert two.json("POST", f"{DOCS}/{doc}/save", b"")["version"]["number"] == 2
    revision = three.json("POST", f"{DOCS}/{doc}/operations", stroke("tab-3", revision, 2, page=1))["revision"]
    assert one.json("POST", f"{DOCS}/{doc}/save", b"")["version"]["number"] == 3
    assert two.json("POST", f"{DOCS}/{doc}/versions/2/restore", b"")["savedRevision"] == revision
    revision = three.json("POST", f"{DOCS}/{doc}/operations", stroke("tab-3", revision, 3, page=2))["revision"]
    assert one.json("POST", f"{DOCS}/{doc}/save", b"")["version"]["number"] == 5

    listings = [replica.json("GET", f"{DOCS}/{doc}/versions") for replica in replicas]
    assert all(listing == listings[0] for listing in listings)
    assert [v["number"] for v in listings[0]["versions"]] == [1, 2, 3, 4, 5]
    for version in listings[0]["versions"]:
        bodies = [replica.request("GET", f"{DOCS}/{doc}/versions/{version['number']}/file")[2] for replica in replicas]
        assert bodies[0] == bodies[1] == bodies[2] and len(bodies[0]) == version["size"]
        path = tmp_path / f"v{version['number']}.pdf"
        path.write_bytes(bodies[0])
        assert qpdf_ok(path), f"version {version['number']}"
    # Version 5: version 2's content (one stroke on page 1) plus the stroke made after the restore.
    pdf = pymupdf.open(stream=one.request("GET", f"{DOCS}/{doc}/versions/5/file")[2], filetype="pdf")
    inks = [len([a for a in page.annots() if a.type[1] == "Ink"]) for page in pdf]
    before = pymupdf.open(stream=one.request("GET", f"{DOCS}/{doc}/versions/1/file")[2], filetype="pdf")
    base = [len([a for a in page.annots() if a.type[1] == "Ink"]) for page in before]
    assert [i - b for i, b in zip(inks, base)] == [1, 0, 1]


def test_sticky_routing_keeps_a_document_on_one_replica(binary, tmp_path, pg_cluster):
    replicas = ReplicaSet(binary, tmp_path, pg_cluster, f"sticky{next(_names)}", sticky=True).start()
    try:
        doc = sample(replicas[0])
        served = {replicas.front.request("GET", f"{DOCS}/{doc}/annotations")[1]["x-marginalia-replica"] for _ in range(12)}
        assert len(served) == 1
        # Its replica dies: the document is served by another one, as correctly.
        owner = replicas[int(served.pop()[-1]) - 1]
        revision = replicas.front.json("POST", f"{DOCS}/{doc}/operations", stroke("tab", 0, 1))["revision"]
        owner.kill()
        status, headers, data = replicas.front.request("POST", f"{DOCS}/{doc}/operations", stroke("tab", revision, 2))
        assert status == 200, data[:300]
        assert headers["x-marginalia-replica"] != f"replica{replicas.replicas.index(owner) + 1}"
        assert json.loads(data)["revision"] == revision + 1
    finally:
        replicas.stop()


def test_while_the_database_is_down_requests_get_503_and_then_it_heals(replicas, pg_cluster):
    doc = sample(replicas.front)
    listener = EventClient([replicas[2]], doc, name="through-the-outage")
    listener.start()
    assert listener.connected.wait(10)
    revision = replicas[0].json("POST", f"{DOCS}/{doc}/operations", stroke("tab", 0, 1))["revision"]
    pg_cluster.stop("fast")
    try:
        for replica in replicas:
            status, _, data = replica.request("GET", "/readyz")
            assert status == 503 and json.loads(data)["error"]["code"] == "unavailable"
            assert replica.json("GET", "/healthz")["status"] == "ok"
            for method, path, body in (("POST", f"{DOCS}/{doc}/operations", stroke("tab", revision, 2)),
                                       ("GET", f"{DOCS}/{doc}/annotations", None), ("GET", DOCS, None),
                                       ("POST", f"{DOCS}/{doc}/save", b"")):
                status, _, data = replica.request(method, path, body)
                assert status == 503, f"{method} {path}: {status} {data[:200]!r}"
                # The editor says it in the user's language (docs/api.md, "Reasons").
                assert (json.loads(data)["error"]["code"], json.loads(data)["error"].get("reason")) == \
                    ("unavailable", "unavailable.database"), data[:300]
        status, _, data = replicas.front.request("GET", DOCS)
        assert status == 503 and json.loads(data)["error"]["code"] == "unavailable"
    finally:
        pg_cluster.start()
    wait_for(lambda: all(replica.ready() for replica in replicas), 20, what="the replicas to be ready again")
    for n, replica in enumerate(replicas):
        revision = replica.json("POST", f"{DOCS}/{doc}/operations", stroke("tab", revision, 3 + n))["revision"]
    assert revision == 4
    wait_for(lambda: len(listener.revisions) >= 4, 15, what="the entries after the outage")
    listener.stop()
    assert listener.revisions == [1, 2, 3, 4]


def test_search_answers_alike_through_every_replica_from_one_index_in_the_database(binary, tmp_path, pg_cluster):
    """The text index lives in the database: a document one replica uploaded and indexed is
    found through another, and a search within a document through any replica answers its
    latest state at once (issue 18)."""
    pair = ReplicaSet(binary, tmp_path, pg_cluster, f"replicas{next(_names)}", count=2).start(with_haproxy=False)
    try:
        a, b = pair[0], pair[1]
        words = "Walruses gather on the drifting ice"
        pdf = pymupdf.open()
        pdf.new_page().insert_text((72, 100), words, fontsize=12)
        doc = a.json("POST", f"{DOCS}?name=walrus.pdf", pdf.tobytes(), expect=201)["id"]
        # Within a document the query is one phrase as typed (a viewer's find: no quotes).
        within = b.json("GET", f"{DOCS}/{doc}/search?q=drifting%20ice")
        assert [(hit["page"], [m["text"] for m in hit["matches"]]) for hit in within["results"]] == [(0, ["drifting ice"])]
        assert len(within["results"][0]["matches"][0]["quads"][0]) == 8
        found = wait_for(lambda: b.json("GET", "/api/v1/search?q=walruses")["results"] or None, 20,
                         what="the upload through A found through B")
        assert [hit["document"] for hit in found] == [doc]
        assert found[0]["snippet"] == words
        answers = [json.loads(r.request("GET", "/api/v1/search?q=newsletter")[2]) for r in (a, b)]
        assert answers[0] == answers[1] and [hit["page"] for hit in answers[0]["results"]] == [1]
    finally:
        pair.stop()


def test_over_https_haproxy_terminates_tls_redirects_plain_http_and_the_replicas_mark_it(binary, tmp_path, pg_cluster):
    """deploy/haproxy.cfg with MARGINALIA_TLS_CERT: verified HTTPS through HAProxy to every
    replica (run with --behind-tls-proxy), HSTS from the replicas because HAProxy says
    X-Forwarded-Proto https, a client's own X-Forwarded-Proto replaced, and plain
    HTTP answered with 308 to the same host, path and query over HTTPS."""
    certificate = make_certificate(tmp_path / "tls")
    replicas = ReplicaSet(binary, tmp_path, pg_cluster, f"tls{next(_names)}", tls=certificate).start()
    try:
        served = set()
        for _ in range(6):
            status, headers, _ = replicas.front.request("GET", DOCS)
            assert status == 200
            assert headers["strict-transport-security"] == "max-age=31536000"
            served.add(headers["x-marginalia-replica"])
        assert served == {"replica1", "replica2", "replica3"}
        doc = sample(replicas.front)
        revision = replicas.front.json("POST", f"{DOCS}/{doc}/operations", stroke("tab", 0, 1))["revision"]
        assert revision == 1
        # Straight to a replica, plain HTTP without the proxy's header: no HSTS.
        assert "Strict-Transport-Security" not in replicas[0].request("GET", DOCS)[1]
        # A client claiming plain HTTP through the TLS front is overruled by HAProxy.
        headers = replicas.front.request("GET", DOCS, headers={"X-Forwarded-Proto": "http"})[1]
        assert headers["strict-transport-security"] == "max-age=31536000"
        connection = http.client.HTTPConnection("127.0.0.1", replicas.redirect_port, timeout=10)
        connection.request("POST", f"{DOCS}/{doc}/operations?x=1&y=a%20b", body=b"{}")
        response = connection.getresponse()
        response.read()
        assert response.status == 308
        assert response.getheader("location") == \
            f"https://127.0.0.1:{replicas.front.port}{DOCS}/{doc}/operations?x=1&y=a%20b"
    finally:
        replicas.stop()
