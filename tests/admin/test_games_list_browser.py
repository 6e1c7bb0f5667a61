"""The admin's list of games on a 1280 px wide screen, in Chromium: every column shows
whole, with no sideways scrolling, beside the filters."""

from __future__ import annotations

import pytest

from games import services
from players.services import player_register

pytestmark = pytest.mark.django_db(transaction=True)

NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}


def test_the_games_list_fits_a_1280_px_screen(browser, live_server, staff_api, sign_in):
    names = ["annabelle", "bartholomew", "cyrielle", "dimitrios"]
    players = [player_register(name=name)[0] for name in names]
    for seats in (2, 4):
        game = services.game_create(
            host=players[0], seats=seats, rules={"preset": "modern-shuffle"}, timers=NO_TIMERS
        )
        for player in players[1:seats]:
            services.game_join(game_id=game.id, player=player)
        services.game_start(game_id=game.id, player=players[0])
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.set_default_timeout(15_000)
    page = context.new_page()
    try:
        sign_in(page, "/admin/games/game/")
        shown = page.evaluate(
            """() => {
            const width = document.documentElement.clientWidth;
            const results = document.querySelector('.results');
            const filters = document.getElementById('changelist-filter');
            return {
              width,
              page: document.documentElement.scrollWidth,
              results: [results.scrollWidth, results.clientWidth],
              headers: [...document.querySelectorAll('#result_list thead th')]
                .map(th => [th.textContent.trim(), th.getBoundingClientRect().right]),
              table: document.getElementById('result_list').getBoundingClientRect().right,
              filters: filters.getBoundingClientRect().left,
            };
          }"""
        )
    finally:
        context.close()

    assert shown["page"] <= shown["width"] == 1280, shown
    assert shown["results"][0] <= shown["results"][1], shown  # nothing scrolled out of sight
    assert [h for h, _ in shown["headers"]][1:] == [
        "Game",
        "Status",
        "Preset",
        "Seats",
        "Players",
        "Version",
        "Last event",
        "Created",
    ]
    assert all(right <= shown["filters"] for _, right in shown["headers"]), shown
