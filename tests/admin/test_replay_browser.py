"""The replay viewer in a real browser: it opens at the deal, steps by move (or by event on
demand) with the keyboard, the buttons and the slider, the table matching GET
/replay?at=N at each step checked, the move shown highlighted and said in words, plays
by itself, and a 1,000-event game steps with p95 ≤ 100 ms per step, measured in the
browser."""

from __future__ import annotations

import statistics
import time

import pytest

from games.admin.replay_viewer import replay_data
from games.models import Game
from players.services import player_for_user, player_register

from .test_replay_viewer import bots_game

pytestmark = pytest.mark.django_db(transaction=True)


def shown_table(page) -> dict:
    """What the viewer shows now: its step, facts and every seat's hand."""
    return page.evaluate(
        """() => ({
        at: Number(document.getElementById('replay').dataset.shown),
        facts: Object.fromEntries([...document.querySelectorAll('[data-fact]')]
            .map(dd => [dd.dataset.fact,
                 dd.querySelector('.card')?.dataset.code ?? dd.textContent.trim()])),
        hands: [...document.querySelectorAll('#replay-seats tr')]
            .map(tr => [...tr.querySelectorAll('.card')].map(c => c.dataset.code)),
      })"""
    )


def expected_table(staff_api, game: Game, at: int) -> dict:
    view = staff_api.get(f"/api/v1/games/{game.id}/replay", {"at": at}).json()

    def text(value):
        return "—" if value in (None, "") else str(value)

    facts = {
        key: text(view.get(key))
        for key in ("status", "phase", "round", "to_act", "direction", "top_card", "color")
    }
    facts["pending_draw"] = text(view.get("pending_draw"))
    return {
        "at": at,
        "facts": facts,
        "hands": [seat.get("hand", []) for seat in view["seats"]],
    }


def matches(shown: dict, expected: dict) -> bool:
    facts = {k: shown["facts"][k] for k in expected["facts"]}
    return (shown["at"], facts, shown["hands"]) == (
        expected["at"],
        expected["facts"],
        expected["hands"],
    )


def wait_for_step(page, at: int) -> None:
    page.wait_for_function(f"() => document.getElementById('replay').dataset.shown === '{at}'")


def moves_of(game: Game) -> dict:
    """What the viewer loads, as staff ("root") see it."""
    return replay_data(game=game, player=player_for_user(username="root"))


def test_the_viewer_opens_at_the_deal_and_steps_by_move_saying_each_in_words(
    page, live_server, staff_api, sign_in
):
    host, _ = player_register(name="host")
    game = bots_game(host, target_events=40)
    data = moves_of(game)
    moves, deal = data["moves"], data["deal"]

    sign_in(page, f"/admin/games/game/{game.pk}/replay/")
    wait_for_step(page, moves[deal]["at"])  # the deal, not the empty table
    assert page.locator("#replay-seats .card").count() > 0
    for index in range(deal, deal + 5):
        assert page.locator("#replay-said").inner_text() == moves[index]["words"]
        current = page.locator("#replay-moves li.current")
        assert current.count() == 1 and current.get_attribute("data-move") == str(index)
        assert current.inner_text() == moves[index]["words"]
        assert matches(shown_table(page), expected_table(staff_api, game, moves[index]["at"]))
        page.keyboard.press("ArrowRight")
        wait_for_step(page, moves[index + 1]["at"])
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, moves[deal + 4]["at"])

    page.check("#replay-every")  # the events folded into a move, one by one
    page.keyboard.press("ArrowRight")
    wait_for_step(page, moves[deal + 4]["at"] + 1)
    page.uncheck("#replay-every")
    page.locator("#replay-moves li[data-move='2'] button").click()
    wait_for_step(page, moves[2]["at"])


def test_the_viewer_plays_by_itself_at_the_speed_chosen(page, live_server, staff_api, sign_in):
    host, _ = player_register(name="host")
    game = bots_game(host, target_events=40)

    sign_in(page, f"/admin/games/game/{game.pk}/replay/")
    page.wait_for_selector("#replay[data-move]")
    first = int(page.get_attribute("#replay", "data-move"))
    page.select_option("#replay-speed", "200")
    page.click("#replay-play")
    page.wait_for_function(
        f"() => Number(document.getElementById('replay').dataset.move) >= {first + 3}"
    )
    page.click("#replay-play")
    assert page.get_attribute("#replay", "data-playing") == "false"
    stopped = page.get_attribute("#replay", "data-move")
    page.wait_for_timeout(500)
    assert page.get_attribute("#replay", "data-move") == stopped


def test_stepping_with_keys_buttons_and_slider_shows_the_replay_of_each_step(
    page, live_server, staff_api, sign_in
):
    host, _ = player_register(name="host")
    game = bots_game(host, target_events=40)
    replay = f"/admin/games/game/{game.pk}/replay/"

    sign_in(page, replay + "?at=5")
    wait_for_step(page, 5)  # the deep link
    page.check("#replay-every")
    checked = [5]
    assert matches(shown_table(page), expected_table(staff_api, game, 5))
    for _ in range(6):
        page.keyboard.press("ArrowRight")
        checked.append(checked[-1] + 1)
        wait_for_step(page, checked[-1])
        assert matches(shown_table(page), expected_table(staff_api, game, checked[-1]))
    page.keyboard.press("ArrowLeft")
    wait_for_step(page, checked[-1] - 1)
    assert matches(shown_table(page), expected_table(staff_api, game, checked[-1] - 1))
    page.locator("#replay-slider").fill("30")
    wait_for_step(page, 30)
    assert matches(shown_table(page), expected_table(staff_api, game, 30))
    assert page.url.endswith("?at=30")
    page.click("[data-go=last]")
    wait_for_step(page, game.version)
    assert matches(shown_table(page), expected_table(staff_api, game, game.version))
    page.keyboard.press("Home")
    wait_for_step(page, 0)


def test_a_thousand_event_game_steps_in_well_under_100_ms(page, live_server, staff_api, sign_in):
    host, _ = player_register(name="host")
    game = bots_game(host, target_events=1000)
    assert game.version >= 1000

    sign_in(page, f"/admin/games/game/{game.pk}/replay/?at=0")
    wait_for_step(page, 0)
    page.check("#replay-every")
    opened = time.perf_counter()
    page.reload()
    wait_for_step(page, 0)
    page.check("#replay-every")
    opening = time.perf_counter() - opened
    for _ in range(300):
        page.keyboard.press("ArrowRight")
    wait_for_step(page, 300)
    page.locator("#replay-slider").fill(str(game.version))
    wait_for_step(page, game.version)

    timings = page.evaluate("() => window.replayTimings")
    p95 = statistics.quantiles(timings, n=20)[-1]
    print(
        f"replay viewer, {game.version} events: opened in {opening:.2f} s, {len(timings)} steps, "
        f"p50 {statistics.median(timings):.2f} ms, p95 {p95:.2f} ms, max {max(timings):.2f} ms"
    )
    assert len(timings) >= 300
    assert p95 <= 100
