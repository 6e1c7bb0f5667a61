"""The games API's request path leaves out the work that does nothing for it."""

from __future__ import annotations

#: What Django's session, CSRF, user and messages middleware leave on a request.
SESSION_AND_COMPANY = ("session", "user", "_messages", "META.CSRF_COOKIE")


def left_on(request) -> set[str]:
    found = {name for name in SESSION_AND_COMPANY if "." not in name and hasattr(request, name)}
    if "CSRF_COOKIE" in request.META:
        found.add("META.CSRF_COOKIE")
    return found


def test_the_games_api_passes_by_the_session_csrf_user_and_messages_middleware(
    ann, bob, started_game
):
    game = started_game(ann, [bob])
    view = ann.get(f"/api/v1/games/{game['id']}")
    legal = ann.get(f"/api/v1/games/{game['id']}/legal-actions")

    for response in (view, legal):
        assert response.status_code == 200, response.content
        # DRF sets `user` on Django's request once it authenticates the bearer token.
        assert left_on(response.wsgi_request) == {"user"}
        assert response.wsgi_request.user == ann.player
        # The headers of the middleware kept are all there.
        assert response["X-Frame-Options"] == "DENY"
        assert response["X-Content-Type-Options"] == "nosniff"
        assert "Cookie" not in response.get("Vary", "")


def test_the_admin_and_the_metrics_keep_the_whole_stack(client, db):
    for path in ("/admin/login/", "/api/v1/metrics"):
        response = client.get(path)
        assert left_on(response.wsgi_request) == set(SESSION_AND_COMPANY), path
