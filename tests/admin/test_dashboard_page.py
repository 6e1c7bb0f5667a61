"""The operator's dashboard under /admin/dashboard/: staff only; its numbers are the
tables' and each links to the admin list it was counted from."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.models import Game, GameEvent
from players.services import player_register
from unoservice import clock
from unoservice.ops import figures
from unoservice.ops.models import FigureBucket, WorkerPing

pytestmark = pytest.mark.django_db

DASHBOARD = "/admin/dashboard/"


@pytest.fixture
def staff_client():
    client = Client()
    client.force_login(
        get_user_model().objects.create_user("root", is_staff=True, is_superuser=True)
    )
    return client


def started_game(host_name: str, guest_name: str) -> Game:
    host, _ = player_register(name=host_name)
    guest, _ = player_register(name=guest_name)
    game = services.game_create(host=host, seats=2, rules={"preset": "classic"})
    services.game_join(game_id=game.id, player=guest)
    services.game_start(game_id=game.id, player=host)
    return game


def shown(page: bytes) -> dict[str, tuple[str, str]]:
    """Each figure on the page: its key -> (text, link)."""
    found = re.findall(
        r'<a class="figure-value" data-figure="([^"]+)" href="([^"]+)">([^<]*)</a>',
        page.decode(),
    )
    return {key: (text.strip(), href.replace("&amp;", "&")) for key, href, text in found}


def test_the_dashboard_is_for_staff_only(client):
    assert client.get(DASHBOARD).status_code == 302  # to the admin's sign-in
    client.force_login(get_user_model().objects.create_user("pat"))  # signed in, not staff
    assert client.get(DASHBOARD).status_code == 302
    assert client.get(DASHBOARD + "figures.json").status_code == 302


def test_the_numbers_are_the_tables_and_link_to_their_lists(staff_client):
    started_game("ann", "bob")
    aborted = started_game("cy", "di")
    services.game_abort(game_id=aborted.id, reason="test", staff=aborted.host)
    host, _ = player_register(name="eve")
    services.game_create(host=host, seats=3, rules={"preset": "classic"})
    figures.count("refused:not_your_turn", 2)
    figures.count("throttled:actions")
    figures.flush()

    page = shown(staff_client.get(DASHBOARD).content)

    assert page["games_waiting"][0] == "1"
    assert page["games_active"][0] == "1"
    assert page["games_finished_today"][0] == "0"
    assert page["games_aborted_today"][0] == "1"
    assert page["refused:not_your_turn"][0] == "2"
    assert page["throttled_last_hour"][0] == "1"
    listed = staff_client.get(page["games_aborted_today"][1])
    assert listed.status_code == 200
    assert [str(g.pk) for g in listed.context["cl"].result_list] == [str(aborted.id)]
    refusals = staff_client.get(page["refused:not_your_turn"][1])
    assert [b.count for b in refusals.context["cl"].result_list] == [2]


def test_every_link_opens_its_filtered_list(staff_client):
    started_game("ann", "bob")
    figures.count("refused:not_your_turn")
    figures.count("server_error:KeyError at games:detail")
    figures.count("sweeper_run")
    figures.flush()

    page = staff_client.get(DASHBOARD).content.decode()
    links = {h.replace("&amp;", "&") for h in re.findall(r'href="(/admin/[^"]+\?[^"]*)"', page)}

    assert len(links) >= 10
    for link in links:
        response = staff_client.get(link)
        assert response.status_code == 200, link  # a lookup the admin refuses redirects


def test_deadlines_pending_and_overdue_come_from_the_head_rows(staff_client):
    game = started_game("ann", "bob")
    now = clock.now()
    late = (now - timedelta(seconds=30)).isoformat()
    soon = (now + timedelta(seconds=30)).isoformat()
    Game.objects.filter(pk=game.id).update(
        open_deadlines={
            "t1": {"kind": "turn", "seat": 0, "closes_at": late, "due_at": late},
            "t2": {"kind": "uno", "seat": 1, "closes_at": soon, "due_at": soon},
        },
        next_due_at=now - timedelta(seconds=30),
    )

    page = shown(staff_client.get(DASHBOARD).content)

    assert page["deadlines_pending"][0] == "2"
    assert page["deadlines_overdue"][0] == "1"


def test_the_page_polls_its_own_figures_part(staff_client):
    started_game("ann", "bob")
    part = staff_client.get(DASHBOARD + "?part=figures")

    assert part.status_code == 200
    assert b"<html" not in part.content
    assert shown(part.content)["games_active"][0] == "1"


def test_the_json_figures_match_the_page(staff_client):
    game = started_game("ann", "bob")
    WorkerPing.objects.create(
        token="00000000-0000-0000-0000-000000000001",
        source="beat",
        handled_at=clock.now(),
        worker="w1",
    )
    FigureBucket.objects.create(
        name="sweeper_run", minute=figures.minute_of(clock.now()), count=1, last_at=clock.now()
    )

    body = staff_client.get(DASHBOARD + "figures.json").json()

    assert {f["key"]: f["value"] for f in body["games"]}["games_active"] == 1
    events = GameEvent.objects.filter(game_id=game.id).count()
    assert sum(m["count"] for m in body["events_per_minute"]) == events
    assert len(body["events_per_minute"]) == 60
    assert body["worker_heartbeat"] is not None
    assert body["sweeper_last_run"] is not None


def test_the_admin_index_links_to_the_dashboard(staff_client):
    assert b'href="/admin/dashboard/"' in staff_client.get("/admin/").content
