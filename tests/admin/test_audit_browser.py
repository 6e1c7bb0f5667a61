"""The audit view in a real browser: every check with its result and the seal with the
key it verifies against, as GET /api/v1/keys lists it; on a tampered game the failing
check links to its first failing event, which the replay viewer opens marked."""

from __future__ import annotations

import json

import pytest
from django.db import connection

from games import services
from games.log.storage_guard import allow_event_log_rewrite
from games.models import Game, GameEvent
from players.services import player_for_user, player_register

from .test_replay_viewer import bots_game

pytestmark = pytest.mark.django_db(transaction=True)


def ended_game() -> Game:
    """A game of bots, ended (aborted by "root" if still running), so it is sealed."""
    host, _ = player_register(name="host")
    game = bots_game(host, target_events=25)
    if game.status == "active":
        services.game_abort(game_id=game.id, reason="ended for the audit", staff=host_staff())
    return Game.objects.get(pk=game.pk)


def host_staff():
    return player_for_user(username="root")


def edit_public_part(row: GameEvent, public: dict) -> None:
    """Rewrite one event behind the service's back, as a database owner could."""
    cast = "::jsonb" if connection.vendor == "postgresql" else ""
    with allow_event_log_rewrite(), connection.cursor() as cursor:
        cursor.execute(
            f"UPDATE games_gameevent SET public = %s{cast} WHERE id = %s",
            [json.dumps(public), row.pk],
        )


def checks_shown(page) -> dict[str, str]:
    return {
        row.get_attribute("data-check"): row.locator(".check-result").inner_text().strip()
        for row in page.locator("#audit-checks tr[data-check]").all()
    }


def test_an_untouched_game_passes_every_check_and_shows_its_seal_and_key(
    page,
    live_server,
    staff_api,
    sign_in,
):
    game = ended_game()
    keys = staff_api.get("/api/v1/keys").json()["keys"]
    key = next(k for k in keys if k["key_id"] == game.seal["key_id"])

    sign_in(page, f"/admin/games/game/{game.pk}/audit/")

    assert page.locator("#audit-result").inner_text() == "Every check passed."
    assert checks_shown(page) == {
        "hash_chain": "ok",
        "replay": "ok",
        "shuffles": "ok",
        "seal": "ok",
    }
    assert page.locator("#seal-key-id").inner_text() == key["key_id"]
    assert page.locator("#seal-public-key").inner_text() == key["public_key"]
    assert page.locator(".fault-link").count() == 0


def test_a_tampered_game_fails_and_its_link_opens_the_event_marked_in_the_viewer(
    page,
    live_server,
    staff_api,
    sign_in,
):
    game = ended_game()
    row = GameEvent.objects.filter(game=game, type="card_played").order_by("seq")[1]
    before = staff_api.get(f"/api/v1/games/{game.id}/replay", {"at": row.seq - 1}).json()
    hand = before["seats"][row.public["seat"]]["hand"]
    other = next(c for c in ("red-1", "red-2", "blue-1", "blue-2", "green-3") if c not in hand)
    edit_public_part(row, {**row.public, "card": other})  # a card its player does not hold

    sign_in(page, f"/admin/games/game/{game.pk}/audit/")

    assert page.locator("#audit-result").inner_text() == "The audit failed."
    assert checks_shown(page)["hash_chain"] == "failed"
    link = page.locator("tr[data-check=hash_chain] .fault-link")
    assert link.inner_text().startswith(f"{row.seq}:")
    link.click()
    page.wait_for_function(f"() => document.getElementById('replay').dataset.shown === '{row.seq}'")
    banner = page.locator("#replay-fault")
    assert banner.is_visible()
    assert "hash_chain" in banner.inner_text()
    assert "fault" in page.locator("#replay-event").get_attribute("class")
    shown = page.locator("#replay-events li.shown p").inner_text()
    assert shown.startswith(f"#{row.seq} card_played")
    # The edited card is not in its player's hand: the table cannot go past this event.
    assert (
        f"does not replay from event {row.seq} on" in page.locator("#replay-unfolded").inner_text()
    )
    page.keyboard.press("ArrowRight")  # another step is not marked
    page.wait_for_function(
        f"() => document.getElementById('replay').dataset.shown === '{row.seq + 1}'"
    )
    assert not banner.is_visible()
