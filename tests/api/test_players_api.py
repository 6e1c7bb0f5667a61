"""Players over HTTP: registration, the caller's profile, tokens, and bearer auth."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from players.models import ApiToken, Player, token_digest

from .conftest import assert_problem

pytestmark = pytest.mark.django_db

ME = "/api/v1/players/me"
TOKENS = "/api/v1/players/me/tokens"


def bearer(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


# --- registration ----------------------------------------------------------------------


def test_register_returns_201_with_id_name_and_a_working_token(register):
    response = register("ann")

    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"id", "name", "token"}
    assert body["name"] == "ann"
    me = bearer(body["token"]).get(ME)
    assert me.status_code == 200
    assert me.json()["id"] == body["id"]


def test_registration_token_is_stored_hashed_and_never_shown_again(register, auth):
    token = register("ann").json()["token"]

    stored = ApiToken.objects.get()
    assert stored.digest == token_digest(token)
    assert token not in {stored.digest, stored.hint, stored.label}
    listed = auth(APIClient(), token).get(TOKENS)
    assert listed.status_code == 200
    assert token not in listed.content.decode()
    assert [t["hint"] for t in listed.json()["results"]] == [token[:8]]


def test_register_trims_surrounding_whitespace(register):
    assert register("  bob  ").json()["name"] == "bob"


@pytest.mark.parametrize(
    "body",
    [
        {"name": ""},
        {"name": "   "},
        {"name": "x" * 41},
        {"name": 0},
        {"name": None},
        {"name": ["ann"]},
        {"name": "ann\x00"},
        {},
    ],
    ids=["empty", "blank", "too-long", "number", "null", "list", "control-char", "missing"],
)
def test_register_refuses_a_bad_name_with_invalid_request(api_client, body):
    response = api_client.post("/api/v1/players", body, format="json")

    problem = assert_problem(response, 400, "invalid_request")
    assert "name" in problem["errors"]
    assert Player.objects.count() == 0


def test_register_refuses_a_body_that_is_not_json(api_client):
    response = api_client.post("/api/v1/players", "name=ann", content_type="text/plain")

    assert_problem(response, 415, "unsupported_media_type")
    response = api_client.post("/api/v1/players", "{not json", content_type="application/json")
    assert_problem(response, 400, "invalid_request")


def test_registration_is_throttled_per_address_with_retry_after(api_client):
    for n in range(30):
        assert (
            api_client.post("/api/v1/players", {"name": f"p{n}"}, format="json").status_code == 201
        )

    response = api_client.post("/api/v1/players", {"name": "one-too-many"}, format="json")

    assert_problem(response, 429, "throttled")
    assert int(response["Retry-After"]) >= 1
    assert Player.objects.count() == 30


# --- the caller's profile --------------------------------------------------------------


def test_get_me_shows_the_caller(make_player):
    ann = make_player("ann")

    body = ann.get(ME).json()

    assert body["id"] == ann.id
    assert body["name"] == "ann"
    assert body["is_staff"] is False
    assert body["created_at"]


def test_get_me_says_staff_for_a_staff_player(staff):
    assert staff.get(ME).json()["is_staff"] is True


def test_patch_me_changes_the_display_name(make_player):
    ann = make_player("ann")

    response = ann.patch(ME, {"name": "Ann Smith"})

    assert response.status_code == 200
    assert response.json()["name"] == "Ann Smith"
    assert Player.objects.get(pk=ann.player.pk).name == "Ann Smith"


def test_patch_me_refuses_a_bad_name_and_keeps_the_old_one(make_player):
    ann = make_player("ann")

    assert_problem(ann.patch(ME, {"name": ""}), 400, "invalid_request")
    assert_problem(ann.patch(ME, {"name": 0}), 400, "invalid_request")
    assert Player.objects.get(pk=ann.player.pk).name == "ann"


def test_patch_me_is_partial_a_member_left_out_keeps_its_value(make_player):
    ann = make_player("ann")

    response = ann.patch(ME, {})

    assert response.status_code == 200, response.content
    assert response.json()["name"] == "ann"
    assert Player.objects.get(pk=ann.player.pk).name == "ann"


def test_a_token_label_must_be_text(make_player):
    ann = make_player("ann")

    problem = assert_problem(ann.post(TOKENS, {"label": 0}), 400, "invalid_request")

    assert "label" in problem["errors"]
    assert ann.player.tokens.count() == 1


# --- tokens ----------------------------------------------------------------------------


def test_tokens_list_shows_hints_and_labels_not_values(make_player):
    ann = make_player("ann")

    body = ann.get(TOKENS).json()["results"]

    assert len(body) == 1
    assert set(body[0]) == {"id", "hint", "label", "created_at", "last_used_at", "revoked_at"}
    assert body[0]["hint"] == ann.token[:8]
    assert body[0]["label"] == "registration"
    assert body[0]["revoked_at"] is None


def test_token_create_shows_the_new_token_once_and_it_works(make_player):
    ann = make_player("ann")

    response = ann.post(TOKENS, {"label": "laptop"})

    assert response.status_code == 201
    created = response.json()
    assert created["label"] == "laptop"
    assert created["token"].startswith(created["hint"])
    assert bearer(created["token"]).get(ME).json()["id"] == ann.id
    listed = ann.get(TOKENS).json()["results"]
    assert {t["id"] for t in listed} == {created["id"], listed[-1]["id"]}
    assert all("token" not in t for t in listed)


def test_token_create_without_a_body_gets_an_empty_label(make_player):
    ann = make_player("ann")

    response = ann.post(TOKENS)

    assert response.status_code == 201
    assert response.json()["label"] == ""


def test_a_revoked_token_is_refused_with_not_authenticated(make_player):
    ann = make_player("ann")
    spare = ann.post(TOKENS, {"label": "spare"}).json()

    revoked = ann.post(f"{TOKENS}/{spare['id']}/revoke")

    assert revoked.status_code == 200
    assert revoked.json()["revoked_at"] is not None
    response = bearer(spare["token"]).get(ME)
    assert_problem(response, 401, "not_authenticated")
    assert ann.get(ME).status_code == 200  # the other token still works


def test_revoking_your_only_token_locks_you_out(make_player):
    ann = make_player("ann")
    token_id = ann.get(TOKENS).json()["results"][0]["id"]

    assert ann.post(f"{TOKENS}/{token_id}/revoke").status_code == 200

    assert_problem(ann.get(ME), 401, "not_authenticated")


def test_revoking_someone_elses_or_an_unknown_or_a_revoked_token_is_404(make_player):
    ann, bob = make_player("ann"), make_player("bob")
    bobs = bob.get(TOKENS).json()["results"][0]["id"]
    spare = ann.post(TOKENS, {"label": "spare"}).json()["id"]
    ann.post(f"{TOKENS}/{spare}/revoke")

    assert_problem(ann.post(f"{TOKENS}/{bobs}/revoke"), 404, "token_not_found")
    assert_problem(ann.post(f"{TOKENS}/999999/revoke"), 404, "token_not_found")
    assert_problem(ann.get(f"{TOKENS}/{bobs}"), 404, "token_not_found")
    assert ann.get(f"{TOKENS}/{spare}").json()["revoked_at"] is not None
    assert_problem(ann.post(f"{TOKENS}/{spare}/revoke"), 404, "token_not_found")
    assert bob.get(ME).status_code == 200


# --- authentication --------------------------------------------------------------------


def test_no_token_is_401_not_authenticated_with_www_authenticate_bearer(api_client):
    for path in (ME, TOKENS, "/api/v1/games"):
        response = api_client.get(path)
        assert_problem(response, 401, "not_authenticated")
        assert response["WWW-Authenticate"] == "Bearer"


def test_a_bad_token_is_401_not_authenticated(db):
    for header in ("Bearer uno_not-a-token", "Bearer ", "bearer nope"):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=header)
        response = client.get(ME)
        assert_problem(response, 401, "not_authenticated")
        assert response["WWW-Authenticate"] == "Bearer"


def test_another_auth_scheme_is_treated_as_no_token(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Basic YW5uOnB3")

    response = client.get(ME)

    assert_problem(response, 401, "not_authenticated")


def test_using_a_token_records_when_it_was_last_used(make_player):
    ann = make_player("ann")
    assert ApiToken.objects.get().last_used_at is None

    ann.get(ME)

    assert ApiToken.objects.get().last_used_at is not None


# --- manage.py create_token ------------------------------------------------------------


def test_create_token_prints_the_token_alone_on_its_last_line_and_it_works(
    django_user_model,
):
    django_user_model.objects.create_superuser("ops", "ops@example.com", "pw-for-tests")
    out = StringIO()

    call_command("create_token", "ops", stdout=out)

    token = out.getvalue().strip().splitlines()[-1]
    assert token.startswith("uno_") and " " not in token
    me = bearer(token).get(ME)
    assert me.status_code == 200
    assert me.json()["is_staff"] is True
    assert me.json()["name"] == "ops"


def test_create_token_for_an_unknown_user_fails(db):
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no user named"):
        call_command("create_token", "ghost", stdout=StringIO())


def test_a_deactivated_staff_accounts_token_stops_working_at_once(staff, django_user_model):
    assert staff.get("/api/v1/games").status_code == 200
    django_user_model.objects.filter(username="root").update(is_active=False)

    response = staff.get("/api/v1/games")

    assert_problem(response, 401, "account_disabled")


def test_the_registration_limit_is_per_client_address(api_client):
    crowded = {"REMOTE_ADDR": "203.0.113.7"}
    for n in range(30):
        created = api_client.post("/api/v1/players", {"name": f"p{n}"}, format="json", **crowded)
        assert created.status_code == 201
    refused = api_client.post("/api/v1/players", {"name": "x"}, format="json", **crowded)

    elsewhere = api_client.post(
        "/api/v1/players", {"name": "y"}, format="json", REMOTE_ADDR="203.0.113.8"
    )

    assert_problem(refused, 429, "throttled")
    assert elsewhere.status_code == 201


def test_a_forged_x_forwarded_for_does_not_escape_the_registration_throttle(api_client):
    for n in range(30):
        forged = {"HTTP_X_FORWARDED_FOR": f"203.0.113.{n}"}
        created = api_client.post("/api/v1/players", {"name": f"p{n}"}, format="json", **forged)
        assert created.status_code == 201

    response = api_client.post(
        "/api/v1/players", {"name": "x"}, format="json", HTTP_X_FORWARDED_FOR="198.51.100.1"
    )

    assert_problem(response, 429, "throttled")
