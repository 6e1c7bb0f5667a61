"""The games API's request path leaves out the work that does nothing for it."""

from __future__ import annotations

import pytest

#: What Django's session, CSRF, user and messages middleware leave on a request (CSRF's
#: stays on the games API, where it finds no cookie to note).
SESSION_AND_COMPANY = ("session", "user", "_messages", "META.CSRF_COOKIE")


def left_on(request) -> set[str]:
    found = {name for name in SESSION_AND_COMPANY if "." not in name and hasattr(request, name)}
    if "CSRF_COOKIE" in request.META:
        found.add("META.CSRF_COOKIE")
    return found


def test_the_games_api_passes_by_the_session_user_and_messages_middleware(ann, bob, started_game):
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


def test_an_action_is_parsed_without_deep_copying_its_fields_and_leaves_them_unbound(
    monkeypatch,
):
    from rest_framework import serializers
    from rest_framework.fields import Field

    from games.engine import Color, PlayCard, card
    from games.http.serializers import PlayAction, parse_action

    def deep_copy(field, memo):
        raise AssertionError(f"{field!r} deep-copied")

    monkeypatch.setattr(Field, "__deepcopy__", deep_copy)
    body = {"type": "play", "card": "wild", "color": "blue", "target": 1, "uno": True}

    assert parse_action(body).command(0) == PlayCard(0, card("wild"), Color("blue"), 1, True)
    assert parse_action({"type": "play", "card": "red-5"}).command(1) == PlayCard(
        1, card("red-5"), None, None, False
    )
    with pytest.raises(serializers.ValidationError) as refused:
        parse_action({"type": "play", "card": "wild", "color": "black"})
    assert set(refused.value.detail) == {"color"}
    # Each parse binds copies: the declared fields stay the class's, unbound.
    assert all(field.parent is None for field in PlayAction._declared_fields.values())


def test_a_moves_routes_are_the_first_its_url_is_matched_against():
    """URLs are matched against the routes in order: the hot ones come first."""
    from django.urls import get_resolver

    api = next(p for p in get_resolver().url_patterns if str(p.pattern) == "api/v1/")
    first = api.url_patterns[0]
    assert first.urlconf_name.__name__ == "games.urls"
    names = [route.name for route in first.url_patterns[:4]]
    assert names == ["legal-actions", "actions", "events", "detail"]


@pytest.mark.parametrize(
    "accept", [None, "*/*", "application/json", "application/json; q=0.9, */*", "text/html"]
)
def test_the_games_api_answers_json_as_drfs_negotiation_would(accept):
    from rest_framework.exceptions import NotAcceptable
    from rest_framework.negotiation import DefaultContentNegotiation
    from rest_framework.request import Request
    from rest_framework.test import APIRequestFactory

    from games.http.apis import GameLegalActionsApi

    headers = {} if accept is None else {"HTTP_ACCEPT": accept}
    request = Request(APIRequestFactory().get("/api/v1/games/x/legal-actions", **headers))
    view = GameLegalActionsApi()
    view.request, view.format_kwarg = request, None
    try:
        renderer, media_type = DefaultContentNegotiation().select_renderer(
            request, view.get_renderers()
        )
        expected = (type(renderer), media_type)
    except NotAcceptable:
        expected = NotAcceptable
    try:
        renderer, media_type = view.perform_content_negotiation(request)
        found = (type(renderer), media_type)
    except NotAcceptable:
        found = NotAcceptable
    assert found == expected


def test_legal_actions_read_only_the_head_row_columns_they_need_and_nothing_more(
    ann, bob, cid, started_game
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    game = started_game(ann, [bob], visibility="invite")
    path = f"/api/v1/games/{game['id']}/legal-actions"
    ann.get(path)  # the token's owner cached where it can be

    for player in (ann, bob):
        with CaptureQueriesContext(connection) as queries:
            answer = player.get(path)
        assert answer.status_code == 200, answer.content
        game_reads = [q["sql"] for q in queries if "games_game" in q["sql"]]
        # One read of the head row, and no deferred column read after it.
        assert len(game_reads) == 1, game_reads
        assert '"rules"' not in game_reads[0] and '"state"' in game_reads[0]
    assert cid.get(path).status_code == 404  # an invite game, to a player never seated
