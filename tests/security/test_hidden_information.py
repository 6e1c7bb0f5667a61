"""No response reveals a card its caller may not see (DESIGN.md section 4).

A crawler (tests/security/support.py) calls every GET endpoint of a game as every seat,
a spectator and an anonymous caller, and looks for card codes the caller may not see
at that moment: the allowed set is built from the game's stored log and the rules, not
from the server's redaction code. The games start from staff positions whose hands,
draw pile and out-of-play cards hold canaries: card kinds whose every copy sits in one
hidden place.
"""

from __future__ import annotations

import random

import pytest

from games.engine.cards import build_deck

from .support import (
    ALL_CODES,
    ANONYMOUS,
    API,
    act_and_check,
    call,
    crawl,
    knowledge_from_log,
    ok,
    probe_refusals,
    register,
    start_table,
    stored_events,
)

pytestmark = pytest.mark.django_db

# A 4-seat game (classic rules, Seven-O, the modern deck with Swap Hands). Seat 0 is the
# staff member who set it up; seats 1-3 are ordinary players. Every kind below has all
# its copies in the one place it is listed (0s have one copy per color).
HANDS = {
    "0": ["green-4", "green-4", "yellow-8", "yellow-8", "blue-0"],
    "1": ["red-1", "red-1", "yellow-2", "yellow-2", "red-0"],
    "2": ["blue-7", "blue-7", "wild-swap", "wild-draw4", "blue-9", "blue-9", "green-6", "green-6"],
    "3": ["yellow-3", "yellow-3", "green-0", "red-8", "red-8", "green-7", "green-7"],
}
DISCARD = ["blue-5", "yellow-5"]  # top first: the visible table
DRAW = [
    "green-8", "green-8", "yellow-9", "yellow-9", "red-2", "red-2", "green-2", "green-2",
    "blue-2", "blue-2", "yellow-4", "yellow-4", "red-3", "red-3", "blue-3", "blue-3",
    "green-5", "green-5", "red-6", "red-6", "yellow-6", "yellow-6", "blue-6", "blue-6",
]  # fmt: skip
RULES = {"preset": "classic", "options": {"seven_o": True, "cards": "modern-swap"}}


def canary_position(**overrides) -> dict:
    position = {
        "hands": HANDS,
        "discard": DISCARD,
        "draw": DRAW,
        "color": "blue",
        "to_act": 1,
        "dealer": 0,
        "unplaced": "out_of_play",
    }
    return position | overrides


def out_of_play_kinds() -> set[str]:
    """Kinds none of whose copies was placed: they are out of play for the round."""
    placed = set(DISCARD) | set(DRAW) | {c for hand in HANDS.values() for c in hand}
    return {c.code for c in build_deck("modern-swap", False)} - placed


def assert_no_leaks(result) -> None:
    assert not result.leaks, "hidden cards leaked:\n" + "\n".join(str(x) for x in result.leaks)


def event_types_since(table, version: int) -> list[str]:
    return [row.type for row in stored_events(table.game_id) if row.seq > version]


@pytest.fixture
def canary_table(client):
    table = start_table(client, seats=4, rules=RULES, position=canary_position())
    spectator = register("spectator")
    return table, spectator


def test_no_endpoint_shows_a_card_its_caller_may_not_see_through_draws_swaps_and_a_challenge(
    client, canary_table
):
    table, spectator = canary_table
    spectators = [spectator]

    move_leaks = []

    def move(seat, action):
        move_leaks.extend(act_and_check(client, table, seat, action))

    def checkpoint(long_poll=False):
        result = crawl(client, table, spectators=spectators, long_poll=long_poll)
        result.leaks += probe_refusals(client, table) + move_leaks
        assert_no_leaks(result)
        return result

    # The opening position: every seat sees its own hand and nobody else's.
    first = checkpoint()
    for seat in (1, 2, 3):
        assert set(HANDS[str(seat)]) <= first.seen[table.seats[seat].name], seat
    assert first.status_of("anonymous", "game") == 401
    assert first.status_of(spectator.name, "game") == 200
    assert first.status_of(table.seats[1].name, "audit") == 403  # not while it is played

    # 1. Seat 1 cannot play on blue-5: it draws the draw pile's top card, which it alone sees.
    before = table.version()
    move(1, {"type": "draw"})
    assert "cards_drawn" in event_types_since(table, before)
    seen = checkpoint().seen
    assert "green-8" in seen[table.seats[1].name]
    assert "green-8" not in seen[table.seats[2].name] | seen[spectator.name]

    # 2. Seat 2 bluffs a Wild Draw Four (it holds blue cards); 3. seat 3 challenges: seat
    # 2's hand is shown to seat 3 alone, and seat 2 draws four that only it sees.
    move(2, {"type": "play", "card": "wild-draw4", "color": "red"})
    checkpoint()
    before = table.version()
    move(3, {"type": "challenge"})
    assert {"draw4_challenged", "cards_drawn"} <= set(event_types_since(table, before))
    seen = checkpoint().seen
    assert {"blue-9", "wild-swap"} <= seen[table.seats[3].name]
    assert "blue-9" not in seen[table.seats[1].name] | seen[spectator.name]
    assert "yellow-9" in seen[table.seats[2].name]  # drawn as the penalty
    assert "yellow-9" not in seen[table.seats[3].name] | seen[table.seats[1].name]

    # 4-6. Plain plays by seat 3, the staff seat and seat 1.
    move(3, {"type": "play", "card": "red-8"})
    move(0, {"type": "play", "card": "yellow-8"})
    move(1, {"type": "play", "card": "yellow-2"})
    checkpoint()

    # 7. Swap Hands: seat 2 swaps with seat 1, who now sees the cards seat 2 drew.
    before = table.version()
    move(2, {"type": "play", "card": "wild-swap", "color": "green", "target": 1})
    assert event_types_since(table, before).count("hand_replaced") == 2
    seen = checkpoint().seen
    assert "yellow-9" in seen[table.seats[1].name]
    assert "yellow-9" not in seen[table.seats[3].name] | seen[spectator.name]

    # 8. Seven-O: seat 3 plays a 7 and swaps with seat 1.
    before = table.version()
    move(3, {"type": "play", "card": "green-7", "target": 1})
    assert event_types_since(table, before).count("hand_replaced") == 2
    seen = checkpoint(long_poll=True).seen
    assert "yellow-9" in seen[table.seats[3].name]
    assert "yellow-3" in seen[table.seats[1].name]  # seat 3's old hand
    assert "yellow-3" not in seen[table.seats[2].name] | seen[spectator.name]

    # Then random legal play, crawling after each move.
    rng = random.Random(7)
    for _ in range(4):
        game = ok(call(client, table.staff, "GET", table.path()))
        if game["status"] != "active":
            break
        seat = game["to_act"]
        actions = ok(call(client, table.seats[seat], "GET", table.path("/legal-actions")))
        move(seat, rng.choice(actions["actions"]))
        checkpoint()

    # Out-of-play canaries never reached any non-staff caller, yet staff see them.
    hidden = out_of_play_kinds()
    staff_view = crawl(client, table, spectators=spectators, include_staff=True)
    assert hidden & staff_view.seen[table.staff.name], "the canaries are not detectable"
    for caller in [*table.seats[1:], spectator, ANONYMOUS]:
        assert not hidden & staff_view.seen[caller.name], caller.name


def test_a_spectator_and_an_anonymous_caller_see_no_hand_at_all(client, canary_table):
    table, spectator = canary_table
    result = crawl(client, table, spectators=[spectator])
    assert_no_leaks(result)
    hands = {c for seat in ("1", "2", "3") for c in HANDS[seat]}
    assert not hands & result.seen[spectator.name]
    assert not result.seen["anonymous"]
    anonymous = {
        name: status for (who, name), status in result.statuses.items() if who == "anonymous"
    }
    assert anonymous.pop("keys") == 200  # the public keys are for anyone
    assert set(anonymous.values()) == {401}


def test_an_invite_only_game_shows_nothing_to_a_player_not_seated(client):
    table = start_table(
        client, seats=4, rules=RULES, position=canary_position(), visibility="invite"
    )
    outsider = register("outsider")
    result = crawl(client, table, spectators=[outsider])
    assert_no_leaks(result)
    statuses = {name: s for (who, name), s in result.statuses.items() if who == outsider.name}
    assert statuses.pop("lobby") == 200 and statuses.pop("lobby_active") == 200
    assert statuses.pop("keys") == 200
    assert statuses.pop("player_stream") == 200  # the outsider's own notices
    assert set(statuses.values()) == {404}, statuses
    assert table.game_id not in result.bodies[(outsider.name, "lobby")]
    assert table.game_id not in result.bodies[(outsider.name, "player_stream")]


def test_round_end_reveals_hands_left_to_all_and_shuffles_to_its_seats(client):
    """Seat 1 goes out: the round's end reveals the hands left to everyone and the
    shuffles to the round's seats, the next round is dealt, and cards that were only
    ever in the draw pile stay hidden from the spectator; once the match is over, its
    players may see everything."""
    position = {
        "hands": {"0": ["green-4", "green-4"], "1": ["blue-1"]},
        "discard": ["blue-5"],
        "draw": ["red-9", "red-9", "yellow-9", "yellow-9"],
        "color": "blue",
        "to_act": 1,
        "unplaced": "draw_bottom",
        "scores": {"0": 0, "1": 0},
    }
    rules = {"preset": "classic", "options": {"target_score": 50}}
    table = start_table(client, seats=2, rules=rules, position=position)
    spectator = register("watcher")
    assert_no_leaks(crawl(client, table, spectators=[spectator]))

    table.act(client, 1, {"type": "play", "card": "blue-1"})
    types = [row.type for row in stored_events(table.game_id)]
    assert "round_ended" in types
    mid = crawl(client, table, spectators=[spectator])
    assert_no_leaks(mid)
    # Seat 1 scored 8 points (two green 4s): the match goes on to round 2, freshly dealt.
    game = ok(call(client, table.staff, "GET", table.path()))
    assert game["round"] == 2 and game["status"] == "active"
    # The round's end revealed the hands left to everyone, and the unplaced cards'
    # shuffle to its seats only; the draw pile the position set up was never shuffled,
    # so red-9 stays private.
    ended = next(row for row in stored_events(table.game_id) if row.type == "round_ended")
    assert "shuffles" not in ended.public
    left = {card for hand in ended.public["hands"].values() for card in hand}
    shuffled = {card for shuffle in ended.private["shuffles"] for card in shuffle["order"]}
    assert "green-4" in left and "red-9" not in left | shuffled
    known = knowledge_from_log(table.game_id)
    assert "green-4" in known.public
    assert shuffled - known.public  # the shuffle shows cards nobody else has seen
    assert shuffled <= known.for_seat(0) and shuffled <= known.for_seat(1)

    # Play the match out with random legal moves, crawling now and then.
    rng = random.Random(3)
    for move in range(600):
        game = ok(call(client, table.staff, "GET", table.path()))
        if game["status"] != "active":
            break
        seat = game["to_act"]
        actions = ok(call(client, table.seats[seat], "GET", table.path("/legal-actions")))
        plays = [a for a in actions["actions"] if a["type"] == "play"]
        table.act(client, seat, rng.choice(plays or actions["actions"]))
        if move % 40 == 0:
            assert_no_leaks(crawl(client, table, spectators=[spectator]))
    assert game["status"] == "finished", "the match did not finish in 600 moves"
    final = crawl(client, table, spectators=[spectator])
    assert_no_leaks(final)
    assert final.status_of(table.seats[1].name, "audit") == 200  # open once it has ended
    assert final.seen[table.seats[1].name] >= {"green-4"}


# --- the crawler can fail ------------------------------------------------------------


def test_the_crawler_reports_a_view_that_reveals_every_hand(client, canary_table, monkeypatch):
    import games.presentation

    table, spectator = canary_table
    honest = games.presentation.view_for

    def leaky_view_for(state, viewer, *, reveal_all=False):
        return honest(state, viewer, reveal_all=True)

    monkeypatch.setattr(games.presentation, "view_for", leaky_view_for)
    result = crawl(client, table, spectators=[spectator])
    leakers = {leak.caller for leak in result.leaks}
    assert {table.seats[1].name, table.seats[2].name, spectator.name} <= leakers
    leaked = {code for leak in result.leaks for code in leak.codes}
    assert {"yellow-3", "green-8"} <= leaked  # seat 3's hand, the draw pile's top
    # The mover's reply carries its new view: the leak shows there too.
    move_leaks = act_and_check(client, table, 1, {"type": "draw"})
    assert move_leaks and "yellow-3" in move_leaks[0].codes


def test_the_crawler_reports_an_event_feed_that_shows_private_parts(
    client, canary_table, monkeypatch
):
    import games.presentation

    table, spectator = canary_table
    honest = games.presentation.redact_for

    def leaky_redact_for(event, viewer, **_):
        return honest(event, viewer, reveal_all=True)

    monkeypatch.setattr(games.presentation, "redact_for", leaky_redact_for)
    result = crawl(client, table, spectators=[spectator])
    by_path = {(leak.caller, leak.path.split("?")[0].rsplit("/", 1)[-1]) for leak in result.leaks}
    assert (spectator.name, "events") in by_path
    assert (spectator.name, "export") in by_path
    leaked = {code for leak in result.leaks for code in leak.codes}
    assert out_of_play_kinds() & leaked  # the out-of-play cards, from position_loaded


def test_the_crawler_treats_nothing_as_visible_to_an_anonymous_caller():
    # The model, not the server: a code in an anonymous body is always a leak.
    from .support import codes_in

    assert codes_in('{"hand": ["red-1", "wild"]}') == {"red-1", "wild"}
    assert codes_in('{"card": "wild-draw4"}') == {"wild-draw4"}
    assert codes_in('{"rules": {"wild_first_card": "choose"}}') == set()
    assert len(ALL_CODES) == 4 * 13 + 7


def test_lobby_lists_public_games_without_cards(client, canary_table):
    table, spectator = canary_table
    reply = call(client, spectator, "GET", f"{API}/games")
    assert reply.status == 200
    assert table.game_id in reply.body
    assert not (set(ALL_CODES) & set(k for k in ALL_CODES if f'"{k}"' in reply.body))


def test_the_crawler_calls_every_readable_games_endpoint():
    """A GET route added to games/urls.py (a stream, say) must join the crawl."""
    import games.urls

    readable = {
        pattern.name
        for pattern in games.urls.urlpatterns
        if hasattr(pattern.callback.view_class, "get")
    }
    crawled = {
        "list",
        "detail",
        "legal-actions",
        "events",
        "stream",
        "player-stream",
        "replay",
        "export",
        "audit",
        "seal",
        "keys",
    }
    assert readable == crawled, f"not crawled: {readable - crawled}"


def test_timeouts_and_bots_reveal_nothing_more(client, monkeypatch, settings):
    """Seats time out (drawing and passing) and are taken over by the server's bot, which
    plays on: nothing they draw or play shows to anyone who may not see it."""
    from datetime import timedelta

    from django.utils import timezone

    from games.services import game_deadlines_enforce

    now = [timezone.now()]
    monkeypatch.setattr("unoservice.clock.now", lambda: now[0])
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False  # the test enforces deadlines itself
    timers = {
        "turn_seconds": 5,
        "response_seconds": 5,
        "uno_window_seconds": 5,
        "abandon_after": 1,
        "on_abandon": "bot",
    }
    table = start_table(client, seats=4, rules=RULES, position=canary_position(), timers=timers)
    spectator = register("timer-watcher")
    for step in range(12):
        now[0] += timedelta(seconds=6)
        game_deadlines_enforce(game_id=table.game_id)
        if step % 4 == 3:
            assert_no_leaks(crawl(client, table, spectators=[spectator]))
    types = [row.type for row in stored_events(table.game_id)]
    assert "timed_out" in types and "seat_status_changed" in types
    assert "cards_drawn" in types
    by_bots = {row.type for row in stored_events(table.game_id) if row.actor.startswith("bot")}
    assert {"card_played", "cards_drawn"} <= by_bots, by_bots
    assert_no_leaks(crawl(client, table, spectators=[spectator]))


def test_rotated_buried_shuffled_and_abandoned_hands_reveal_nothing_more(client):
    """A 0 rotates every hand (Seven-O); a custom wild makes the others bury their wilds
    under the draw pile; Shuffle Hands deals every hand anew; a seat leaves and its hand
    goes under the draw pile. Each is crawled."""
    rotation = {
        "hands": {
            "0": ["yellow-8", "yellow-8", "green-4"],
            "1": ["blue-0", "red-1", "red-1"],
            "2": ["yellow-2", "yellow-2", "green-3"],
            "3": ["green-9", "green-9", "red-6"],
        },
        "discard": ["blue-5"],
        "to_act": 1,
        "unplaced": "out_of_play",
    }
    rules = {"preset": "classic", "options": {"seven_o": True}}
    table = start_table(client, seats=4, rules=rules, position=rotation)
    spectator = register("rotation-watcher")
    leaks = act_and_check(client, table, 1, {"type": "play", "card": "blue-0"})
    assert [r.type for r in stored_events(table.game_id)].count("hand_replaced") == 4
    result = crawl(client, table, spectators=[spectator])
    result.leaks += leaks
    assert_no_leaks(result)

    wilds = {
        "hands": {
            "0": ["blue-1", "blue-1", "wild", "green-3", "green-3"],
            "1": ["wild-custom", "wild-shuffle", "red-4", "red-4", "yellow-7"],
            "2": ["blue-6", "blue-6", "wild", "wild", "yellow-1"],
            "3": ["blue-8", "blue-8", "wild-draw4", "wild-draw4", "yellow-2"],
        },
        "discard": ["blue-5"],
        "draw": ["green-7", "green-7", "red-9", "red-9"],
        "to_act": 1,
        "unplaced": "out_of_play",
    }
    options = {"cards": "modern-shuffle", "custom_wild_effect": "others_discard_wilds"}
    table = start_table(
        client, seats=4, rules={"preset": "classic", "options": options}, position=wilds
    )
    moves = [
        (1, {"type": "play", "card": "wild-custom", "color": "blue"}),
        (2, {"type": "play", "card": "blue-6"}),
        (3, {"type": "play", "card": "blue-8"}),
        (0, {"type": "play", "card": "blue-1"}),
        (1, {"type": "play", "card": "wild-shuffle", "color": "red"}),
    ]
    for seat, move in moves:
        leaks = act_and_check(client, table, seat, move)
        result = crawl(client, table, spectators=[spectator])
        result.leaks += leaks
        assert_no_leaks(result)
    types = [r.type for r in stored_events(table.game_id)]
    assert types.count("cards_buried") == 3  # seats 0, 2 and 3 bury their wilds
    assert types.count("hand_replaced") >= 3  # the hands dealt anew
    # Seat 2 leaves the game: its hand goes under the draw pile, seen by nobody.
    ok(call(client, table.seats[2], "POST", table.path("/leave")))
    assert [r.type for r in stored_events(table.game_id)].count("cards_buried") == 4
    assert_no_leaks(crawl(client, table, spectators=[spectator, table.seats[2]]))


# --- UNO FLIP! ---------------------------------------------------------------------------
# A 3-seat Flip game, light side up. Canaries: the light faces red-1 and red-2 (both
# copies in seat 1's hand), yellow-7 (both in seat 2's), and the draw pile's cards under
# its top, whose faces are hidden from everyone on both sides (green-8, teal-6).
FLIP_HANDS = {
    "0": ["blue-1/purple-1", "blue-2/purple-2", "blue-flip/wild"],
    "1": ["red-1/pink-1", "red-1/pink-2", "red-2/pink-3", "red-2/pink-4", "blue-5/teal-9"],
    "2": ["yellow-7/orange-1", "yellow-7/orange-2", "blue-6/orange-3", "blue-9/orange-4"],
}
FLIP_DRAW = ["green-3/purple-5", "green-8/teal-6", "green-8/teal-6", "green-4/purple-7"]
FLIP_POSITION = {
    "hands": FLIP_HANDS,
    "discard": ["blue-4/pink-5"],
    "draw": FLIP_DRAW,
    "color": "blue",
    "to_act": 1,
    "dealer": 0,
    "unplaced": "out_of_play",
}


@pytest.fixture
def flip_table(client):
    table = start_table(client, seats=3, rules={"preset": "flip"}, position=FLIP_POSITION)
    return table, register("flip spectator")


def test_flip_views_show_backs_but_never_the_faces_up_of_other_hands(client, flip_table):
    table, spectator = flip_table
    result = crawl(client, table, spectators=[spectator])
    assert_no_leaks(result)
    seen_by_spectator = result.seen[spectator.name]
    assert {"pink-1", "orange-1", "purple-5"} <= seen_by_spectator  # backs, the draw's top
    assert not {"red-1", "red-2", "yellow-7", "green-8", "teal-6"} & seen_by_spectator
    view = ok(call(client, spectator, "GET", table.path()))
    assert view["side"] == "light"
    assert view["draw_pile_back"] == "purple-5"
    assert view["seats"][1]["backs"] == ["pink-1", "pink-2", "pink-3", "pink-4", "teal-9"]


def test_flip_draws_and_a_flip_reveal_nothing_more_than_the_backs(client, flip_table):
    table, spectator = flip_table
    leaks = act_and_check(client, table, 1, {"type": "play", "card": "blue-5/teal-9"})
    leaks += act_and_check(client, table, 2, {"type": "draw"})  # green-3/purple-5
    assert_no_leaks(crawl(client, table, spectators=[spectator]))
    events = ok(call(client, spectator, "GET", table.path("/events?after=0")))["events"]
    (drawn,) = [e for e in events if e["type"] == "cards_drawn"]
    assert drawn["public"]["backs"] == ["purple-5"] and drawn["private"] is None
    if ok(call(client, table.seats[2], "GET", table.path()))["phase"] == "drawn_card":
        leaks += act_and_check(client, table, 2, {"type": "keep"})
    leaks += act_and_check(client, table, 0, {"type": "play", "card": "blue-flip/wild"})
    assert not leaks, leaks
    view = ok(call(client, spectator, "GET", table.path()))
    assert (view["side"], view["phase"]) == ("dark", "choose_color")
    assert view["seats"][1]["backs"] == ["red-1", "red-1", "red-2", "red-2"]
    assert_no_leaks(crawl(client, table, spectators=[spectator]))


def test_the_crawler_reports_backs_that_show_the_faces_up(client, flip_table, monkeypatch):
    import games.presentation

    table, spectator = flip_table
    honest = games.presentation.view_for

    def leaky_view_for(state, viewer, *, reveal_all=False):
        view = honest(state, viewer, reveal_all=reveal_all)
        for entry in view["seats"]:
            entry["backs"] = sorted(c.face for c in state.hands[entry["seat"]])
        return view

    monkeypatch.setattr(games.presentation, "view_for", leaky_view_for)
    result = crawl(client, table, spectators=[spectator])
    leaked = {code for leak in result.leaks for code in leak.codes}
    assert {"red-1", "red-2", "yellow-7"} <= leaked
