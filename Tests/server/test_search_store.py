"""Search through `marginalia serve` on each store: over a data folder the server keeps its
text index (SQLite FTS5 in text-index.sqlite) and finds the sample's words; over PostgreSQL it
keeps none yet and says so with 422 (docs/api.md, "Search and text"). A page's text is read
from the document and answers on both."""

import json

DOCS = "/api/v1/documents"


def test_search_answers_by_store_and_page_text_works_on_both(server):
    doc = server.json("GET", DOCS)["documents"][0]["id"]
    status, _, body = server.request("GET", f"{DOCS}/{doc}/search?q=newsletter")
    if server.kind == "sqlite":
        assert status == 200, body[:300]
        assert [hit["page"] for hit in json.loads(body)["results"]] == [1]
        assert server.data.joinpath("text-index.sqlite").exists()
    else:
        assert status == 422, body[:300]
        error = json.loads(body)["error"]
        assert error["code"] == "unprocessable" and "no text index" in error["message"]
        status, _, body = server.request("GET", "/api/v1/search?q=newsletter")
        assert status == 422, body[:300]
    page = server.json("GET", f"{DOCS}/{doc}/pages/1/text")
    assert page["page"] == 1 and page["blocks"]
