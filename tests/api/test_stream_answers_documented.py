"""The streams answer what their schema says: an SSE event is documented as the object
test tools read (`event`, `id`, and `data` holding the frame's JSON), and the resume
points are checked as documented (`Last-Event-ID` an integer, `after` in range even when
the header wins)."""

from __future__ import annotations

import json

import jsonschema
import pytest

from .conftest import assert_problem
from .openapi_document import SCHEMAS, openapi_document, problems_with, resolve


def sse_events(body: bytes) -> list[dict]:
    events = []
    for block in body.decode().split("\n\n"):
        fields = dict(
            line.split(": ", 1) for line in block.splitlines() if line and not line.startswith(":")
        )
        if fields:
            events.append(fields)
    return events


def documented_sse_component(path: str) -> str:
    document = openapi_document()
    content = document["paths"][path]["get"]["responses"]["200"]["content"]
    return content["text/event-stream"]["schema"]["$ref"].rsplit("/", 1)[-1]


def documented_sse_event(path: str) -> dict:
    return resolve(openapi_document(), SCHEMAS + documented_sse_component(path))


def test_a_player_stream_event_matches_its_documented_sse_schema(ann, create_game):
    create_game(ann, seats=2)

    response = ann.get("/api/v1/players/me/stream", HTTP_ACCEPT="text/event-stream")

    assert response.status_code == 200
    events = sse_events(b"".join(response.streaming_content))
    assert [event["event"] for event in events] == ["snapshot"]
    component = documented_sse_component("/api/v1/players/me/stream")
    for event in events:
        assert problems_with(event, component) == []
        assert problems_with(json.loads(event["data"]), "PlayerSnapshot") == []


def test_the_game_stream_documents_its_sse_events_with_their_kinds():
    event = documented_sse_event("/api/v1/games/{game_id}/stream")

    assert event["type"] == "object"
    assert set(event["properties"]) == {"event", "id", "data"}
    assert event["properties"]["data"]["type"] == "string"


@pytest.mark.parametrize("header", ["", "x", "-1", "12345678901"])
def test_a_last_event_id_that_is_not_a_frame_id_is_400_as_documented(
    ann, bob, started_game, header
):
    game = started_game(ann, [bob])
    document = openapi_document()
    parameters = document["paths"]["/api/v1/games/{game_id}/stream"]["get"]["parameters"]
    (declared,) = [p for p in parameters if p["name"] == "Last-Event-ID"]

    response = ann.get(f"/api/v1/games/{game['id']}/stream", HTTP_LAST_EVENT_ID=header)

    assert_problem(response, 400, "invalid_request")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(header, declared["schema"])


def test_an_after_out_of_range_is_400_even_beside_a_last_event_id(ann, bob, started_game):
    game = started_game(ann, [bob])

    response = ann.get(
        f"/api/v1/games/{game['id']}/stream?after=1000000001", HTTP_LAST_EVENT_ID="0"
    )

    body = assert_problem(response, 400, "invalid_request")
    assert "after" in json.dumps(body)
