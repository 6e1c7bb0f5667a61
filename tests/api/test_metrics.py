"""`GET /api/v1/metrics`: Prometheus figures for staff or the metrics token; moves and
refusals by code, request latency by route, open streams, the Celery queue's depth."""

from __future__ import annotations

import uuid

import pytest
from django.test import override_settings
from kombu import Connection, Exchange, Queue
from prometheus_client.parser import text_string_to_metric_families

from games.engine.commands import ACTION_TYPES

from .conftest import assert_problem

METRICS = "/api/v1/metrics"
TOKEN = "scrape-secret-0123456789"


def sample(text: str, name: str, **labels) -> float:
    """The value of one sample (0 when the series does not exist yet)."""
    for family in text_string_to_metric_families(text):
        for found in family.samples:
            if found.name == name and all(found.labels.get(k) == v for k, v in labels.items()):
                return found.value
    return 0.0


def scrape(client) -> str:
    with override_settings(UNO_METRICS_TOKEN=TOKEN):
        response = client.get(METRICS, HTTP_AUTHORIZATION=f"Bearer {TOKEN}")
    assert response.status_code == 200, response.content
    assert response["Content-Type"].startswith("text/plain")
    return response.content.decode()


def test_metrics_need_the_metrics_token_or_a_staff_session(client, ann, django_user_model):
    """No token or a bad one is a 401, as anywhere; a signed-in account that is not staff
    is a 403."""
    with override_settings(UNO_METRICS_TOKEN=TOKEN):
        assert_problem(client.get(METRICS), 401, "not_authenticated")
        wrong = client.get(METRICS, HTTP_AUTHORIZATION="Bearer not-the-token")
        assert_problem(wrong, 401, "not_authenticated")
        as_a_player = ann.client.get(METRICS)
        assert_problem(as_a_player, 401, "not_authenticated")
        assert client.get(METRICS, HTTP_AUTHORIZATION=f"Bearer {TOKEN}").status_code == 200
    with override_settings(UNO_METRICS_TOKEN=""):
        empty_token = client.get(METRICS, HTTP_AUTHORIZATION="Bearer ")
        assert_problem(empty_token, 401, "not_authenticated")
        not_staff = django_user_model.objects.create_user("clerk", is_staff=False)
        client.force_login(not_staff)
        assert_problem(client.get(METRICS), 403, "metrics_not_allowed")
        staff = django_user_model.objects.create_user("ops", is_staff=True)
        client.force_login(staff)
        assert client.get(METRICS).status_code == 200


@pytest.mark.parametrize("offered", ["é", "tökén", "\u2603" * 30, "scrape-secret-0123456789é"])
def test_a_bearer_that_is_not_ascii_is_refused_like_any_wrong_token(client, offered):
    # Sent as a client can (UTF-8 bytes, which the server reads as Latin-1).
    header = f"Bearer {offered}".encode().decode("latin-1")
    with override_settings(UNO_METRICS_TOKEN=TOKEN):
        assert_problem(client.get(METRICS, HTTP_AUTHORIZATION=header), 401, "not_authenticated")
        assert_problem(
            client.get(METRICS, HTTP_AUTHORIZATION=f"Bearer {offered}"), 401, "not_authenticated"
        )


def test_moves_and_refusals_are_counted_by_command_and_code(client, ann, bob, started_game):
    game = started_game(ann, [bob])
    seat_to_act = {0: ann, 1: bob}[game["to_act"]]
    waiting = {0: bob, 1: ann}[game["to_act"]]
    before = scrape(client)

    refused = waiting.act(game["id"], {"type": "draw"})
    action = seat_to_act.legal(game["id"])[0]
    applied = seat_to_act.act(game["id"], action)

    after = scrape(client)
    code = refused.json()["code"]
    assert applied.status_code == 200, applied.content
    refusals = "uno_refusals_total"
    assert sample(after, refusals, code=code) == sample(before, refusals, code=code) + 1
    command = ACTION_TYPES[action["type"]].__name__
    commands = "uno_commands_total"
    labels = {"command": command, "actor": "player"}
    assert sample(after, commands, **labels) == sample(before, commands, **labels) + 1


def test_request_latency_is_observed_by_route_pattern_not_by_path(client, ann, create_game):
    game = create_game(ann)
    route = "/api/v1/games/<uuid:game_id>"
    count = "uno_request_duration_seconds_count"
    before = sample(scrape(client), count, route=route, method="GET", status="2xx")

    ann.get(f"/api/v1/games/{game['id']}")
    ann.get(f"/api/v1/games/{uuid.uuid4()}")

    after = scrape(client)
    assert sample(after, count, route=route, method="GET", status="2xx") == before + 1
    assert sample(after, count, route=route, method="GET", status="4xx") >= 1
    assert game["id"] not in after


@pytest.mark.usefixtures("db")
def test_the_queue_depth_is_read_from_the_broker_at_scrape_time(client, settings):
    queue_name = f"metrics-test-{uuid.uuid4().hex[:8]}"
    queue = Queue(queue_name, Exchange(queue_name), routing_key=queue_name)
    options = dict(settings.CELERY_BROKER_TRANSPORT_OPTIONS or {})
    with Connection(settings.CELERY_BROKER_URL, transport_options=options) as connection:
        producer = connection.Producer()
        for n in range(3):
            producer.publish(
                {"n": n}, exchange=queue.exchange, routing_key=queue_name, declare=[queue]
            )
        settings.CELERY_TASK_DEFAULT_QUEUE = queue_name
        try:
            depth = sample(scrape(client), "uno_celery_queue_depth", queue=queue_name)
        finally:
            queue(connection.default_channel).delete()

    assert depth == 3


def test_a_method_the_metrics_endpoint_lacks_is_405_to_anyone(client):
    with override_settings(UNO_METRICS_TOKEN=TOKEN):
        assert_problem(client.post(METRICS), 405, "method_not_allowed")
        assert_problem(client.generic("TRACE", METRICS), 405, "method_not_allowed")
