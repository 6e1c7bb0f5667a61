"""The players' replay page in a real browser. With ended games' records closed to their
players (UNO_REVEAL_FINISHED_GAMES=0) a player opens the `replay_url` of their view and,
at every step, the page (its HTML, each card carrying its code) and the steps it loaded
show no card the hidden-information crawler's rules say they may not see; with the
records open, the same page shows cards of the other hand, so the check has something to
find. The viewer pages work on a 360 px wide phone: no sideways scrolling, and every card
written at 14 px or more."""

from __future__ import annotations

import random
from datetime import timedelta
from urllib.parse import urlsplit

import pytest
from security.support import (  # tests/ is on sys.path (pytest rootdir insertion)
    call,
    codes_in,
    knowledge_from_log,
    ok,
    start_table,
)
from security.test_hidden_information import RULES, canary_position

from unoservice import clock

pytestmark = pytest.mark.django_db(transaction=True)

PHONE = {"width": 360, "height": 740}


def ended_table(client, moves: int = 10):
    """The crawler's 4-seat canary game (every copy of many card kinds in one hidden
    place), random legal moves (plays preferred), then every other seat leaves: seat 1 wins."""
    table = start_table(client, seats=4, rules=RULES, position=canary_position())
    rng = random.Random(7)
    for _ in range(moves):
        game = ok(call(client, table.staff, "GET", table.path()))
        seat = game["to_act"]
        actions = ok(call(client, table.seats[seat], "GET", table.path("/legal-actions")))
        plays = [a for a in actions["actions"] if a["type"] == "play"]
        table.act(client, seat, rng.choice(plays or actions["actions"]))
    for seat in (0, 2, 3):
        ok(call(client, table.seats[seat], "POST", table.path("/leave")))
    assert ok(call(client, table.seats[1], "GET", table.path()))["status"] == "finished"
    return table


def replay_path_of(client, table, seat: int) -> str:
    view = ok(call(client, table.seats[seat], "GET", table.path()))
    return urlsplit(view["replay_url"]).path


def codes_shown_at_every_step(page) -> set[str]:
    """Steps through the whole game event by event from the first step to the last (the
    → key), the codes found in the page's HTML at each step, and in the steps it loaded."""
    page.wait_for_selector("#replay[data-shown]")
    page.check("#replay-every")
    page.keyboard.press("Home")
    page.wait_for_function("() => document.getElementById('replay').dataset.shown === '0'")
    pages = page.evaluate(
        """async () => {
        const root = document.getElementById('replay');
        const last = Number(document.getElementById('replay-slider').max);
        const html = [document.documentElement.outerHTML];
        for (let at = 1; at <= last; at++) {
          document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}));
          if (root.dataset.shown !== String(at)) throw new Error('step ' + at + ' not shown');
          html.push(document.documentElement.outerHTML);
        }
        const steps = await (await fetch(root.dataset.stepsUrl)).text();
        return [...html, steps];
      }"""
    )
    return set().union(*(codes_in(text) for text in pages))


def test_a_player_sees_no_card_they_may_not_see_on_their_replay_page(
    client, page, live_server, settings
):
    settings.UNO_REVEAL_FINISHED_GAMES = False
    table = ended_table(client)
    allowed = knowledge_from_log(table.game_id).for_seat(1)
    path = replay_path_of(client, table, 1)

    page.goto(live_server.url + path)
    shown = codes_shown_at_every_step(page)

    assert shown, "the page shows no card at all"
    assert not shown - allowed, f"hidden cards on the replay page: {sorted(shown - allowed)}"
    own = page.locator("#replay-seats tr[data-seat='1'] .card")
    assert own.count() > 0  # their own cards, always

    settings.UNO_REVEAL_FINISHED_GAMES = True  # the record opens: the check finds them now
    page.goto(live_server.url + path)
    assert codes_shown_at_every_step(page) - allowed


def test_an_expired_or_altered_link_is_refused_in_the_browser(
    client, page, live_server, settings, monkeypatch
):
    table = ended_table(client, moves=2)
    path = replay_path_of(client, table, 1)
    signed = path.rstrip("/").rsplit("/", 1)[1]

    altered = page.goto(live_server.url + path.replace(signed, signed[:-2] + "xx"))
    assert altered.status == 403
    assert "not valid" in page.locator("#refused").inner_text()
    later = clock.now() + timedelta(hours=24, minutes=1)
    monkeypatch.setattr(clock, "now", lambda: later)
    expired = page.goto(live_server.url + path)
    assert expired.status == 403
    assert "expired" in page.locator("#refused").inner_text()


def fits_a_phone(page) -> dict:
    return page.evaluate(
        """() => ({
        scroll: document.documentElement.scrollWidth,
        width: document.documentElement.clientWidth,
        cards: document.querySelectorAll('.card').length,
        smallest: Math.min(...[...document.querySelectorAll('.card, .card *')]
            .map(e => parseFloat(getComputedStyle(e).fontSize))),
        offscreen: [...document.querySelectorAll('.card')]
            .filter(c => c.getBoundingClientRect().right > document.documentElement.clientWidth)
            .length,
      })"""
    )


def test_the_viewer_pages_fit_a_360_px_phone_with_readable_cards(
    client, browser, live_server, staff_api, sign_in
):
    table = ended_table(client)
    version = ok(call(client, table.staff, "GET", table.path()))["version"]
    context = browser.new_context(viewport=PHONE, device_scale_factor=2, is_mobile=True)
    context.set_default_timeout(15_000)
    phone = context.new_page()
    try:
        phone.goto(live_server.url + replay_path_of(client, table, 1) + f"?at={version}")
        phone.wait_for_function(
            f"() => document.getElementById('replay').dataset.shown === '{version}'"
        )
        player_page = fits_a_phone(phone)
        sign_in(phone, f"/admin/games/game/{table.game_id}/replay/?at={version}")
        phone.wait_for_function(
            f"() => document.getElementById('replay').dataset.shown === '{version}'"
        )
        staff_page = fits_a_phone(phone)
    finally:
        context.close()

    for shown in (player_page, staff_page):
        assert shown["scroll"] <= shown["width"] == PHONE["width"], shown
        assert shown["cards"] > 0 and shown["offscreen"] == 0, shown
        assert shown["smallest"] >= 14, shown
