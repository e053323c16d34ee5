"""Search through `marginalia serve` on each store: over a data folder the server keeps its
text index in SQLite FTS5 (text-index.sqlite), over PostgreSQL in `tsvector` tables of the
database (docs/api.md, "Search and text"); both find the sample's words with the same pages,
matches and quads. A page's text is read from the document and answers on both."""

import json

from pg_cluster import wait_for

DOCS = "/api/v1/documents"


def test_search_answers_alike_on_both_stores_and_page_text_works_on_both(server):
    doc = server.json("GET", DOCS)["documents"][0]["id"]
    within = server.json("GET", f"{DOCS}/{doc}/search?q=newsletter")
    assert [hit["page"] for hit in within["results"]] == [1]
    assert [m["text"].lower() for m in within["results"][0]["matches"]] == ["newsletter"]
    across = wait_for(lambda: server.json("GET", "/api/v1/search?q=newsletter")["results"] or None, 20,
                      what="the sample indexed")
    assert [(hit["document"], hit["page"]) for hit in across] == [(doc, 1)]
    assert across[0]["matches"] == within["results"][0]["matches"]
    if server.kind == "sqlite":
        assert server.data.joinpath("text-index.sqlite").exists()
    status, _, body = server.request("GET", "/api/v1/search?q=%21%21%21")
    assert status == 400, body[:300]
    page = server.json("GET", f"{DOCS}/{doc}/pages/1/text")
    assert page["page"] == 1 and page["blocks"]
