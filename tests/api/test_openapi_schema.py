"""The OpenAPI schema: it validates, documents every path with its bodies, the action union
and problem responses, and the server keeps to it under schemathesis' fuzzing (no server
errors; every documented response conforms)."""

from __future__ import annotations

import pytest
import schemathesis
import yaml
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import response_schema_conformance

from games.models import Game
from players.models import ApiToken
from unoservice.wsgi import application

from .conftest import NO_TIMERS, clear_throttles

ACTION_TYPES = {
    "play",
    "draw",
    "pass",
    "keep",
    "choose_color",
    "choose_target",
    "call_uno",
    "catch_uno",
    "challenge",
    "accept",
}
API_PATHS = {
    "/api/v1/health",
    "/api/v1/metrics",
    "/api/v1/players",
    "/api/v1/players/me",
    "/api/v1/players/me/tokens",
    "/api/v1/players/me/stream",
    "/api/v1/players/me/tokens/{token_id}",
    "/api/v1/players/me/tokens/{token_id}/revoke",
    "/api/v1/stream-tickets",
    "/api/v1/games",
    "/api/v1/games/{game_id}",
    "/api/v1/quick-match",
    "/api/v1/games/{game_id}/join",
    "/api/v1/games/{game_id}/leave",
    "/api/v1/games/{game_id}/start",
    "/api/v1/games/{game_id}/abort",
    "/api/v1/games/{game_id}/rematch",
    "/api/v1/games/{game_id}/legal-actions",
    "/api/v1/games/{game_id}/actions",
    "/api/v1/games/{game_id}/events",
    "/api/v1/games/{game_id}/stream",
    "/api/v1/games/{game_id}/replay",
    "/api/v1/games/{game_id}/export",
    "/api/v1/games/{game_id}/audit",
    "/api/v1/games/{game_id}/seal",
    "/api/v1/keys",
    "/api/v1/players/{player_id}",
    "/api/v1/players/{player_id}/games",
    "/api/v1/players/{player_id}/ratings",
    "/api/v1/leaderboards/{preset}",
}


@pytest.fixture(scope="module")
def document(tmp_path_factory):
    """The schema as `manage.py spectacular --validate --fail-on-warn` writes it."""
    import subprocess
    import sys

    from django.conf import settings

    out = tmp_path_factory.mktemp("schema") / "schema.yaml"
    result = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--validate", "--fail-on-warn"]
        + ["--file", str(out)],
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    assert "warning" not in result.stderr.lower(), result.stderr
    return yaml.safe_load(out.read_text())


def resolve(document: dict, ref: str) -> dict:
    node = document
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def test_schema_validates_with_no_warnings_and_documents_every_api_path(document):
    assert set(document["paths"]) == API_PATHS


def test_every_operation_documents_its_bodies_and_its_problems(document):
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            if method not in {"get", "post", "patch", "put", "delete"}:
                continue
            where = f"{method.upper()} {path}"
            responses = operation["responses"]
            success = [s for s in responses if s.startswith("2")]
            assert success, where
            for status in success:
                assert responses[status].get("content"), f"{where} {status} has no body"
            if method in {"post", "patch"} and path not in {
                "/api/v1/games/{game_id}/leave",
                "/api/v1/games/{game_id}/start",
                "/api/v1/games/{game_id}/rematch",
                "/api/v1/players/me/tokens/{token_id}",
                "/api/v1/players/me/tokens/{token_id}/revoke",
                "/api/v1/stream-tickets",
            }:
                assert operation.get("requestBody"), f"{where} has no request body"
            if path == "/api/v1/health":
                continue
            errors = [s for s in responses if s[0] in "45"]
            anonymous = not any(operation.get("security") or [])
            assert "401" in errors or anonymous, where
            own_problem = {"$ref": problem_ref(operation["operationId"])}
            for status in errors:
                content = responses[status]["content"]
                assert list(content) == ["application/problem+json"], (where, status)
                schema = content["application/problem+json"]["schema"]
                assert schema == own_problem, (where, status)
            narrowed = resolve(document, own_problem["$ref"])
            assert narrowed["allOf"][0] == {"$ref": "#/components/schemas/Problem"}, where


def problem_ref(operation_id: str) -> str:
    name = "".join(part.title() for part in operation_id.split("_"))
    return f"#/components/schemas/{name}Problem"


def operation_codes(document, operation) -> list[str]:
    narrowed = resolve(document, problem_ref(operation["operationId"]))
    return narrowed["allOf"][1]["properties"]["code"]["enum"]


def test_problem_schema_has_the_contract_members(document):
    problem = document["components"]["schemas"]["Problem"]

    assert {"type", "title", "status", "detail", "code"} <= set(problem["required"])
    assert {"version", "errors", "instance", "field", "option"} <= set(problem["properties"])
    assert "game_not_found" in problem["properties"]["code"]["enum"]


def test_the_problem_responses_name_the_contract_codes(document):
    operation = document["paths"]["/api/v1/games/{game_id}/actions"]["post"]
    act = operation["responses"]
    text = " ".join(act[status]["description"] for status in act if status[0] == "4")
    codes = operation_codes(document, operation)

    for code in (
        "invalid_request",
        "unknown_card",
        "not_authenticated",
        "not_seated",
        "game_not_found",
        "not_your_turn",
        "card_not_in_hand",
        "card_not_playable",
        "color_required",
        "target_required",
        "window_closed",
        "nothing_to_challenge",
        "game_not_active",
        "request_in_progress",
        "stale_version",
        "idempotency_key_reused",
        "throttled",
    ):
        assert f"`{code}`" in text, code
        assert code in codes, code


def test_an_operation_lists_only_the_codes_it_can_answer(document):
    register = document["paths"]["/api/v1/players"]["post"]
    keys = document["paths"]["/api/v1/keys"]["get"]

    assert "unknown_card" not in operation_codes(document, register)
    assert "not_authenticated" not in operation_codes(document, keys)
    assert "game_not_found" not in operation_codes(document, keys)


def test_the_event_feed_documents_the_cap_on_waiting_long_polls(document):
    feed = document["paths"]["/api/v1/games/{game_id}/events"]["get"]

    assert "`too_many_streams`" in feed["responses"]["429"]["description"]
    assert "Retry-After" in feed["responses"]["429"]["headers"]


def test_the_action_body_is_a_union_discriminated_by_type(document):
    operation = document["paths"]["/api/v1/games/{game_id}/actions"]["post"]
    ref = operation["requestBody"]["content"]["application/json"]["schema"]["$ref"]
    union = resolve(document, ref)

    assert union["discriminator"]["propertyName"] == "type"
    mapping = union["discriminator"]["mapping"]
    assert set(mapping) == ACTION_TYPES
    assert sorted(mapping.values()) == sorted(member["$ref"] for member in union["oneOf"])
    for name, member_ref in mapping.items():
        member = resolve(document, member_ref)
        assert "type" in member["required"]
        type_enum = resolve(document, member["properties"]["type"]["$ref"])
        assert type_enum["enum"] == [name]
    play = resolve(document, mapping["play"])
    assert {"card", "color", "target", "uno"} <= set(play["properties"])


def test_the_rematch_is_documented_with_its_answers_and_its_problems(document):
    operation = document["paths"]["/api/v1/games/{game_id}/rematch"]["post"]
    responses = operation["responses"]

    assert operation["operationId"] == "games_rematch"
    assert operation["tags"] == ["games"]
    assert operation["summary"].startswith("Rematch")
    assert "requestBody" not in operation
    assert {p["name"] for p in operation["parameters"] if p["in"] == "header"} == {
        "Idempotency-Key"
    }
    for status in ("200", "201"):
        schema = responses[status]["content"]["application/json"]["schema"]
        assert schema == {"$ref": "#/components/schemas/GameView"}, status
    assert {"400", "401", "403", "404", "409", "422", "429"} <= set(responses)
    assert "`game_not_ended`" in responses["409"]["description"]
    assert "`not_seated`" in responses["403"]["description"]
    assert "Location" in responses["201"]["headers"]
    view = document["components"]["schemas"]["GameView"]
    assert view["properties"]["next_game_id"]["nullable"] is True
    assert "next_game_id" in view["required"]


def test_legal_actions_are_documented_as_the_action_union(document):
    legal = document["components"]["schemas"]["LegalActions"]

    items = legal["properties"]["actions"]["items"]
    union = resolve(document, items["$ref"])
    assert set(union["discriminator"]["mapping"]) == ACTION_TYPES


def test_the_headers_of_safe_retries_and_conditional_moves_are_documented(document):
    operation = document["paths"]["/api/v1/games/{game_id}/actions"]["post"]

    headers = {p["name"] for p in operation["parameters"] if p["in"] == "header"}
    assert headers == {"Idempotency-Key", "If-Match"}


# --- schemathesis ----------------------------------------------------------------------

# The live streams are left to tests of their own: their framing over the web server's
# application (tests/api/served), their refusals by the security fuzzer.
schema = schemathesis.openapi.from_wsgi("/api/schema/", application).exclude(
    operation_id=["games_stream", "players_me_stream"]
)


@pytest.fixture
def fuzz_context(db, settings, staff, players, started_game):
    """What the fuzzer's calls use: a staff token (so that staff-only set-ups reach the
    engine too) and a running game in which staff holds seat 0."""
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    context = {"staff": staff, "players": players, "started_game": started_game}
    context["game"] = started_game(staff, players[:1], timers=NO_TIMERS)["id"]
    return context


def _prepare(case, context) -> None:
    """Authenticate the case, keep its tokens valid and its throttles empty, and aim half
    of the game operations at the running game (the other half keep their random ids).
    Actions on the running game are sent by the seat to act, so that they reach the
    engine's rules rather than stopping at `not_your_turn`."""
    staff, ann = context["staff"], context["players"][0]
    clear_throttles()
    ApiToken.objects.filter(player__in=[staff.player, ann.player]).update(revoked_at=None)
    sender = staff
    game_id = (case.path_parameters or {}).get("game_id")
    if game_id is not None and str(game_id)[0] in "01234567":
        game = Game.objects.get(pk=context["game"])
        if game.status != "active":
            game = Game.objects.get(
                pk=context["started_game"](staff, [ann], timers=NO_TIMERS)["id"]
            )
            context["game"] = game.id
        case.path_parameters["game_id"] = str(game.id)
        if case.path.endswith("/actions") and game.to_act == 1:
            sender = ann
    # Schemathesis's in-process calls ask for br and gzip but read the body undecoded.
    case.headers = {
        **(case.headers or {}),
        "Authorization": f"Bearer {sender.token}",
        "Accept-Encoding": "identity",
    }


@pytest.mark.django_db(transaction=True)
@schema.parametrize()
@hypothesis_settings(
    max_examples=8,
    deadline=None,
    derandomize=True,
    suppress_health_check=[
        HealthCheck.too_slow,
        HealthCheck.filter_too_much,
        HealthCheck.function_scoped_fixture,
    ],
)
def test_no_operation_errors_or_strays_from_its_documented_responses(case, fuzz_context):
    _prepare(case, fuzz_context)

    case.call_and_validate(checks=[not_a_server_error, response_schema_conformance])
