"""People managed by an admin over the API (issue 27 item 2: admins manage users): a user
added with `POST /api/v1/users` signs in with the token in that answer (and nowhere else),
is listed, and is refused from the moment `DELETE /api/v1/users/{name}` revokes them; the
audit log names the admin."""

from __future__ import annotations

from people import add_user, location_of, send
from serve_process import Server


def test_an_admin_adds_lists_and_revokes_a_user(binary, tmp_path):
    server = Server(binary, tmp_path / "data")
    root = add_user(binary, location_of(server), "root", "admin")
    server.start()
    try:
        status, added = send(server, "POST", "/api/v1/users", root, {"name": "eve", "role": "commenter",
                                                                     "expires": "2099-01-01T00:00:00Z"})
        assert status == 201, added
        token = added.pop("token")
        assert added == {"name": "eve", "role": "commenter", "state": "active", "created": added["created"],
                         "expires": "2099-01-01T00:00:00Z", "revoked": None}
        assert send(server, "GET", "/api/v1/me", token)[1] == {"name": "eve", "role": "commenter", "signedIn": True}
        listed = send(server, "GET", "/api/v1/users", root)[1]["users"]
        assert [(u["name"], u["state"]) for u in listed] == [("root", "active"), ("eve", "active")]
        assert all("token" not in u for u in listed)
        status, answer = send(server, "POST", "/api/v1/users", root, {"name": "eve", "role": "reader"})
        assert status == 409 and "exists already" in answer["error"]["message"]
        status, answer = send(server, "POST", "/api/v1/users", root, {"name": "old", "role": "reader",
                                                                      "expires": "2001-01-01T00:00:00Z"})
        assert status == 400 and "has passed" in answer["error"]["message"]

        status, revoked = send(server, "DELETE", "/api/v1/users/eve", root)
        assert status == 200 and revoked["state"] == "revoked"
        status, answer = send(server, "GET", "/api/v1/me", token)
        assert status == 401 and "'eve' was revoked" in answer["error"]["message"]
        assert send(server, "DELETE", "/api/v1/users/nobody", root)[0] == 404
        audit = [(e["actor"], e["action"], e["detail"]) for e in send(server, "GET", "/api/v1/audit", root)[1]["entries"]]
        assert audit[-2:] == [("root", "addUser", "eve role=commenter"), ("root", "revokeUser", "eve")]
    finally:
        server.stop()


def test_a_server_without_users_takes_none_over_the_api(binary, tmp_path):
    server = Server(binary, tmp_path / "data").start()
    try:
        status, answer = send(server, "POST", "/api/v1/users", None, {"name": "eve", "role": "admin"})
        assert status == 403 and "marginalia users add" in answer["error"]["message"]
        assert send(server, "GET", "/api/v1/users", None) == (200, {"users": []})
        assert send(server, "GET", "/api/v1/documents", None)[0] == 200  # still open, as before
    finally:
        server.stop()
