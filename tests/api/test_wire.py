"""One source for the shapes on the wire: the REST answers are games.http.wire's Structs,
built and rendered by the views and described by the schema."""

from __future__ import annotations

import json

import msgspec
import pytest

from games.http import wire

from .test_lean_views import ONE_CARD_LEFT, url


@pytest.fixture
def game(staff, ann, started_game):
    return started_game(staff, [ann], position=ONE_CARD_LEFT)


def test_the_hot_answers_are_their_shapes_rendered_byte_for_byte(staff, ann, game):
    gid = game["id"]
    moved = staff.act(gid, {"type": "play", "card": "red-5", "uno": True})
    assert moved.status_code == 200, moved.content
    answers = {
        wire.ActionResult: moved,
        wire.GameView: staff.get(url(gid)),
        wire.LegalActions: ann.get(url(gid, "legal-actions")),
        wire.EventFeed: ann.get(url(gid, "events")),
    }
    for shape, response in answers.items():
        assert response.status_code == 200, response.content
        assert response["Content-Type"] == "application/json"
        decoded = msgspec.json.decode(response.content, type=shape)
        assert msgspec.json.encode(decoded) == response.content, shape.__name__


def test_a_document_with_a_member_its_shape_does_not_declare_is_refused_not_sent(ann, game):
    view = ann.view(game["id"])
    assert wire.answer(wire.GameView, view).id == game["id"]
    with pytest.raises(msgspec.ValidationError, match="surprise"):
        wire.answer(wire.GameView, {**view, "surprise": 1})
    with pytest.raises(msgspec.ValidationError, match="seats"):
        wire.answer(wire.GameView, {k: v for k, v in view.items() if k != "seats"})


def test_a_replayed_idempotent_answer_is_the_answer_first_sent(staff, game):
    headers = {"HTTP_IDEMPOTENCY_KEY": "wire-1"}
    body = {"type": "play", "card": "red-5"}
    first = staff.act(game["id"], body, **headers)
    again = staff.act(game["id"], body, **headers)
    assert first.status_code == again.status_code == 200
    assert again["Idempotent-Replayed"] == "true"
    assert json.loads(again.content) == json.loads(first.content)
