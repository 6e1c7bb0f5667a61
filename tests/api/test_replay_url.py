"""An ended game's view carries `replay_url`: a link signed with the service's secret for
the caller and this game, good for 24 hours, that opens the replay page and nothing else.
A link that is expired, altered, for another game or for an account since deactivated is
refused; the schema documents the field."""

from __future__ import annotations

import json
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from django.core import signing
from django.test import Client

from games.replay_links import SALT
from players.models import Player
from players.services import player_deactivate
from unoservice import clock

from .conftest import NO_TIMERS

pytestmark = pytest.mark.django_db

GAMES = "/api/v1/games"


@pytest.fixture
def ended(started_game, ann, bob):
    """A 2-seat game bob left, so ann won it."""
    game = started_game(ann, [bob], timers=NO_TIMERS)
    assert bob.post(f"{GAMES}/{game['id']}/leave").status_code == 200
    return game["id"]


def page_path(url: str) -> str:
    return urlsplit(url).path


def test_a_running_game_has_no_replay_url(started_game, ann, bob):
    game = started_game(ann, [bob], timers=NO_TIMERS)
    assert ann.view(game["id"])["replay_url"] is None


def test_an_ended_games_view_carries_an_absolute_signed_replay_url(ended, ann):
    url = ann.view(ended)["replay_url"]
    assert url.startswith(f"http://testserver/games/{ended}/replay/")
    assert "token" not in url.lower()
    page = Client().get(page_path(url))
    assert page.status_code == 200
    assert page["Cache-Control"] == "private, no-store"
    assert page["Referrer-Policy"] == "no-referrer"
    assert f"As {Player.objects.get(pk=ann.id).name} may see it" in page.content.decode()
    steps = Client().get(page_path(url) + "steps.json")
    assert steps.status_code == 200
    assert steps.json()["steps"][-1]["game"]["you"]["seat"] == 0


def test_the_link_is_good_for_24_hours_and_refused_after(ended, ann, monkeypatch):
    url = page_path(ann.view(ended)["replay_url"])
    later = clock.now()
    monkeypatch.setattr(clock, "now", lambda: later + timedelta(hours=23, minutes=59))
    assert Client().get(url).status_code == 200
    monkeypatch.setattr(clock, "now", lambda: later + timedelta(hours=24, seconds=1))
    refused = Client().get(url)
    assert refused.status_code == 403
    assert "expired" in refused.content.decode()
    assert Client().get(url + "steps.json").status_code == 403


def test_a_link_altered_to_name_another_player_is_refused(ended, ann, bob):
    """Its claims are readable (base64 JSON), not forgeable: naming bob instead of ann,
    with ann's signature kept, is refused."""
    url = page_path(ann.view(ended)["replay_url"])
    signed = url.rstrip("/").rsplit("/", 1)[1]
    payload = signed.split(":")[0]
    claims = signing.loads(signed, salt=SALT)
    as_bob = json.dumps({**claims, "player": bob.id}, separators=(",", ":")).encode()
    altered = url.replace(payload, signing.b64_encode(as_bob).decode())
    assert altered != url
    refused = Client().get(altered)
    assert refused.status_code == 403
    assert "not valid" in refused.content.decode()


def test_a_link_for_one_game_does_not_open_another(ended, ann, started_game, bob):
    url = page_path(ann.view(ended)["replay_url"])
    other = started_game(ann, [bob], timers=NO_TIMERS)["id"]
    refused = Client().get(url.replace(ended, other))
    assert refused.status_code == 403
    assert "another game" in refused.content.decode()


def test_a_deactivated_accounts_link_is_refused(ended, ann):
    url = page_path(ann.view(ended)["replay_url"])
    player_deactivate(player=Player.objects.get(pk=ann.id))
    assert Client().get(url).status_code == 403


def test_the_link_is_no_api_access(ended, ann):
    signed = page_path(ann.view(ended)["replay_url"]).rstrip("/").rsplit("/", 1)[1]
    refused = Client().get(f"{GAMES}/{ended}", HTTP_AUTHORIZATION=f"Bearer {signed}")
    assert refused.status_code == 401


def test_the_schema_documents_replay_url(api_client):
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    field = schema["components"]["schemas"]["GameView"]["properties"]["replay_url"]
    assert field["format"] == "uri"
    assert field["nullable"] is True
    assert "24 hours" in field["description"]
