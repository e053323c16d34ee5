"""Roles by route (issue 27 item 2): every route of the API, sent by a reader, a commenter, an
editor and an admin of a server whose store has users, over both stores. A role without the
route's permission gets 403 `forbidden` naming the permission; a role with it gets the
route's success. `POST …/commands` lets commenters send replies and review states only.
The table must name every route of docs/openapi.json, so a new route cannot go unchecked."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from people import ROLES, send, start_with_people, schema_store

STORE_KINDS = [kind for kind in os.environ.get("MARGINALIA_SERVER_STORES", "sqlite,postgresql").split(",") if kind]
OPENAPI = Path(__file__).resolve().parents[2] / "docs" / "openapi.json"
LEAST_ROLE = {"view": "reader", "comment": "commenter", "edit": "editor", "manage": "admin"}


def command(kind: str):
    """The body of `POST …/commands` for one command, made for an annotation and a revision."""
    return lambda annotation, revision: {"protocol": 1, "baseRevision": revision, "clientId": "tab-roles",
                                         "command": command_fields(kind, annotation)}


def command_fields(kind: str, annotation: str) -> dict:
    return {
        "reply": {"type": "reply", "to": annotation, "text": "seen"},
        "setState": {"type": "setState", "to": annotation, "state": "Accepted", "author": "someone"},
        "add": {"type": "add", "annotation": {"type": "square", "pageIndex": 0, "rect": [10, 10, 40, 40]}},
        "unlock": {"type": "unlock", "ids": [annotation]},
    }[kind]


# A saved signature (test_saved_signatures_api.py): each user keeps their own.
SAVED_SIGNATURE = {"kind": "initials", "label": "R", "drawing": {"type": "typed", "text": "R", "font": "Z003"}}

# (method, path, body, permission, document): `{id}` is the document the row names: `shared`
# (the sample, changed by nothing that would stop another row), `fresh` (a new copy) or
# `trashed` (a new copy in the trash) or `marked` (a new copy with a redaction mark); `{annotation}`
# an annotation on its first page.
ROUTES = [
    ("GET", "/api/v1/documents", None, "view", None),
    ("POST", "/api/v1/documents?name=new.pdf", "pdf", "edit", None),
    ("GET", "/api/v1/trash", None, "manage", None),
    ("GET", "/api/v1/search?q=the", None, "view", None),
    ("GET", "/api/v1/me", None, "view", None),
    ("GET", "/api/v1/audit", None, "manage", None),
    ("GET", "/api/v1/users", None, "manage", None),
    ("GET", "/api/v1/me/signatures", None, "view", None),
    ("POST", "/api/v1/me/signatures", SAVED_SIGNATURE, "view", None),
    ("PUT", "/api/v1/me/signatures/{signature}", SAVED_SIGNATURE, "view", None),
    ("DELETE", "/api/v1/me/signatures/{signature}", None, "view", None),
    ("GET", "/api/v1/me/certificate", None, "view", None),
    ("GET", "/api/v1/fonts/widths?font=Helvetica&text=%CE%A9%CE%BC%CE%AD%CE%B3%CE%B1", None, "view", None),
    ("POST", "/api/v1/users", "new user", "manage", None),
    ("DELETE", "/api/v1/users/nobody-revoked", None, "manage", None),
    ("GET", "/api/v1/documents/{id}/shares", None, "view", "shared"),
    ("PUT", "/api/v1/documents/{id}/shares/everyone", {"role": "admin"}, "manage", "fresh"),
    ("DELETE", "/api/v1/documents/{id}/shares/nobody", None, "manage", "fresh"),
    ("GET", "/api/v1/retention", None, "manage", None),
    ("PUT", "/api/v1/retention", {"keepVersions": None}, "manage", None),
    ("POST", "/api/v1/retention/apply", None, "manage", None),
    ("GET", "/api/v1/documents/{id}/retention", None, "view", "shared"),
    ("PUT", "/api/v1/documents/{id}/retention", {"keepVersions": None}, "manage", "fresh"),
    ("DELETE", "/api/v1/documents/{id}/retention", None, "manage", "fresh"),
    ("GET", "/api/v1/documents/{id}", None, "view", "shared"),
    ("PATCH", "/api/v1/documents/{id}", {"name": "renamed.pdf"}, "edit", "fresh"),
    ("DELETE", "/api/v1/documents/{id}", None, "manage", "fresh"),
    ("POST", "/api/v1/documents/{id}/restore", None, "manage", "trashed"),
    ("DELETE", "/api/v1/trash/{id}", None, "manage", "trashed"),
    ("GET", "/api/v1/documents/{id}/file", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/export", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/annotations", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/fields", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/fields/sizes?name=name&value=Ada", None, "view", "shared"),
    ("POST", "/api/v1/documents/{id}/commands", command("reply"), "comment", "fresh"),
    ("POST", "/api/v1/documents/{id}/commands", command("setState"), "comment", "fresh"),
    ("POST", "/api/v1/documents/{id}/commands", command("add"), "edit", "fresh"),
    ("POST", "/api/v1/documents/{id}/commands", command("unlock"), "edit", "fresh"),
    ("POST", "/api/v1/documents/{id}/operations", command("add"), "edit", "fresh"),
    ("POST", "/api/v1/documents/{id}/operations", command("reply"), "comment", "fresh"),
    ("GET", "/api/v1/documents/{id}/operations", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/events", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/presence", None, "view", "shared"),
    ("POST", "/api/v1/documents/{id}/presence/leave?client=tab-roles", None, "view", "shared"),
    ("POST", "/api/v1/documents/{id}/save", None, "edit", "fresh"),
    ("GET", "/api/v1/documents/{id}/versions", None, "view", "shared"),
    ("POST", "/api/v1/documents/{id}/versions/1/restore", None, "manage", "fresh"),
    ("GET", "/api/v1/documents/{id}/versions/1/file", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/view-pdf?page=0&rect=0,0,100,100", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/annotations/{annotation}/appearance", None, "view", "shared"),
    ("POST", "/api/v1/documents/{id}/save-as", {"name": "copy.pdf"}, "edit", "shared"),
    ("GET", "/api/v1/documents/{id}/search?q=the", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/pages/0/text", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/outline", None, "view", "shared"),
    ("GET", "/api/v1/documents/{id}/signatures", None, "view", "shared"),
    ("POST", "/api/v1/documents/{id}/uploads", "pdf", "edit", "shared"),
    ("POST", "/api/v1/documents/{id}/extract", {"pages": [0], "name": "extract.pdf"}, "edit", "shared"),
    ("POST", "/api/v1/images", "image", "edit", None),
    ("POST", "/api/v1/documents/{id}/redactions/apply", {"confirm": True}, "edit", "marked"),
    ("POST", "/api/v1/documents/{id}/sign", {"reason": "roles"}, "edit", "fresh"),
]

# The body of the "image" rows: a WebP the server answers as a PNG.
IMAGE = (Path(__file__).resolve().parents[1] / "Fixtures" / "images" / "marked.webp").read_bytes()


def route_id(row) -> str:
    method, path, body, _, _ = row
    suffix = f" {body('x', 0)['command']['type']}" if callable(body) else ""
    return f"{method} {path.split('?')[0]}{suffix}"


class Site:
    """One server with a user per role, the sample document and what the rows need of it."""

    def __init__(self, server, tokens):
        self.server, self.tokens = server, tokens
        status, listed = send(server, "GET", "/api/v1/documents", tokens["admin"])
        assert status == 200, listed
        self.shared = listed["documents"][0]["id"]
        status, self.pdf = send(server, "GET", f"/api/v1/documents/{self.shared}/file", tokens["admin"])
        assert status == 200

    def document(self, kind: str | None) -> str | None:
        if kind in (None, "shared"):
            return self.shared
        status, made = send(self.server, "POST", "/api/v1/documents?name=case.pdf", self.tokens["admin"], self.pdf)
        assert status == 201, made
        # The admin owns it: shared with everyone, each role is its own there.
        status, shared = send(self.server, "PUT", f"/api/v1/documents/{made['id']}/shares/everyone", self.tokens["admin"],
                              {"role": "admin"})
        assert status == 200, shared
        if kind == "trashed":
            status, _ = send(self.server, "DELETE", f"/api/v1/documents/{made['id']}", self.tokens["admin"])
            assert status == 200
        if kind == "marked":
            mark = {"type": "add", "annotation": {"type": "redact", "pageIndex": 0, "rect": [10, 10, 60, 30]}}
            status, _ = send(self.server, "POST", f"/api/v1/documents/{made['id']}/commands", self.tokens["admin"],
                             {"protocol": 1, "baseRevision": 0, "clientId": "tab-roles", "command": mark})
            assert status == 200
        return made["id"]

    def first_annotation(self, document: str) -> tuple[str, int]:
        status, listed = send(self.server, "GET", f"/api/v1/documents/{document}/annotations", self.tokens["admin"])
        # One the editor shows on its page (a popup, link, form field or reply takes no replies or states).
        shown = [a for a in listed["annotations"] if a["type"] not in ("popup", "link", "widget") and not a.get("inReplyTo")]
        assert status == 200 and shown, listed
        return shown[0]["id"], listed["revision"]


@pytest.fixture(scope="module", params=STORE_KINDS)
def site(request, binary, tmp_path_factory):
    store = schema_store(request.getfixturevalue("pg_cluster")) if request.param == "postgresql" else None
    server, tokens = start_with_people(binary, tmp_path_factory.mktemp("roles") / "data", store)
    yield Site(server, tokens)
    server.stop()


@pytest.mark.parametrize("row", ROUTES, ids=[route_id(row) for row in ROUTES])
def test_each_role_gets_the_route_or_a_403_naming_the_permission(site, row):
    method, path, body, permission, kind = row
    allowed = ROLES[ROLES.index(LEAST_ROLE[permission]):]
    for role in ROLES:
        document = site.document(kind)
        annotation, revision = site.first_annotation(document) if document else (None, 0)
        target = path.replace("{id}", document or "").replace("{annotation}", annotation or "")
        sent = site.pdf if body == "pdf" else IMAGE if body == "image" else body(annotation, revision) if callable(body) else body
        if body == "new user":  # a name of its own each time, as names are unique
            sent = {"name": f"added-by-{role}", "role": "reader"}
        if target.endswith("/nobody-revoked"):  # a user to revoke, added by the admin
            target = target.replace("nobody-revoked", f"to-revoke-by-{role}")
            assert send(site.server, "POST", "/api/v1/users", site.tokens["admin"],
                        {"name": f"to-revoke-by-{role}", "role": "reader"})[0] == 201
        if "{signature}" in target:  # one of the role's own saved signatures
            status, saved = send(site.server, "POST", "/api/v1/me/signatures", site.tokens[role], SAVED_SIGNATURE)
            assert status == 201, saved
            target = target.replace("{signature}", saved["id"])
        status, answer = send(site.server, method, target, site.tokens[role], sent)
        if role in allowed and target.endswith("/sign"):
            # Past the permission, this plain-HTTP server refuses to sign (test_signing_on_server.py signs over HTTPS).
            assert status == 409 and answer["error"]["code"] == "tlsRequired", f"{role}: {target}: {status} {answer!r:.300}"
        elif role in allowed:
            assert 200 <= status < 300, f"{role}: {method} {target}: {status} {answer!r:.300}"
        else:
            assert status == 403, f"{role}: {method} {target}: {status} {answer!r:.300}"
            assert answer["error"]["code"] == "forbidden"
            message = answer["error"]["message"]
            # A reader is stopped at the commands route itself, which commenters may use.
            named = "comment" if callable(body) and role == "reader" else permission
            assert f"'{named}'" in message and f"role {LEAST_ROLE[named]}" in message and role in message, message


def test_a_request_without_a_users_token_is_401_on_every_route(site):
    for method, path, _, _, _ in ROUTES:
        target = path.replace("{id}", site.shared).replace("{annotation}", "x")
        for token in (None, "0" * 32):
            status, answer = send(site.server, method, target, token)
            assert status == 401 and answer["error"]["code"] == "unauthorized", f"{method} {target}: {status}"


def test_the_table_names_every_route_of_the_openapi_document_with_its_permission():
    document = json.loads(OPENAPI.read_text())
    documented = {(method.upper(), path): operation.get("x-marginalia-permission")
                  for path, operations in document["paths"].items() for method, operation in operations.items()
                  if method in ("get", "post", "patch", "put", "delete") and path not in ("/healthz", "/readyz")}
    # The commands routes let commenters in; the command itself may need more.
    tabled = {(method, path.split("?")[0].removeprefix("/api/v1").replace("/1/", "/{n}/").replace("/0/", "/{n}/")
              .replace("/everyone", "/{to}").replace("/nobody-revoked", "/{name}").replace("/nobody", "/{to}")):
              "comment" if callable(body) else permission for method, path, body, permission, _ in ROUTES}
    assert documented == tabled
