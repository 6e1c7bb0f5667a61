"""The staff replay viewer: each step it shows is what GET /replay?at=N answers staff, and
stepping through a game happens in the browser (keys, buttons, slider, ?at=N)."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games import services
from games.admin.replay_viewer import card_words, replay_data, replay_moves, replay_steps
from games.models import Game
from games.selectors import game_replay_get
from players.services import player_for_user, player_register

pytestmark = pytest.mark.django_db

GAMES = "/admin/games/game/"
NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}


def without_clock(document: dict) -> dict:
    """The document without what depends on when it was asked: the server's time, and
    the caller's replay link (signed until 24 hours from then; the viewer has no use
    for it)."""
    return {k: v for k, v in document.items() if k not in ("server_time", "replay_url")}


def bots_game(host, target_events: int) -> Game:
    """A game of bots alone at 0 ms a move (only staff may make one: `host` becomes
    staff), swept until it has at least `target_events` events."""
    host.user = get_user_model().objects.create_user(f"host-{host.id}", is_staff=True)
    host.save(update_fields=["user"])
    game = services.game_create(
        host=host,
        seats=3,
        rules={"preset": "classic", "options": {"target_score": 5000}},
        bots=[{"strategy": "greedy"}, {"strategy": "random"}, {"strategy": "greedy"}],
        seat_host=False,
        bot_think_ms=0,
    )
    services.game_start(game_id=game.id, player=host)
    for _ in range(5 * target_events):
        game = Game.objects.get(pk=game.pk)
        if game.version >= target_events or game.status != "active":
            return game
        services.game_deadlines_enforce(game_id=game.id)
    raise AssertionError(f"only {game.version} events")


@pytest.fixture
def staff():
    get_user_model().objects.create_user("root", is_staff=True, is_superuser=True)
    return player_for_user(username="root")


def test_every_step_is_what_the_replay_endpoint_answers(staff, settings):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    host, _ = player_register(name="host")
    game = bots_game(host, target_events=60)

    steps = replay_steps(game=game, player=staff)

    assert [s["at"] for s in steps] == list(range(game.version + 1))
    for step in steps:
        expected = game_replay_get(game=game, player=staff, at=step["at"])
        assert without_clock(step["game"]) == without_clock(expected), step["at"]
    assert steps[0]["event"] is None
    assert [s["event"]["seq"] for s in steps[1:]] == list(range(1, game.version + 1))
    assert any(s["event"]["private"] for s in steps[1:])  # staff see the private parts


def test_the_viewer_page_and_its_steps_are_staff_only(staff, settings, client):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    ann, _ = player_register(name="ann")
    bob, _ = player_register(name="bob")
    game = services.game_create(host=ann, seats=2, rules={"preset": "classic"}, timers=NO_TIMERS)
    services.game_join(game_id=game.id, player=bob)
    services.game_start(game_id=game.id, player=ann)
    url = f"{GAMES}{game.pk}/replay/"

    assert client.get(url).status_code == 302
    staff_client = Client()
    staff_client.force_login(staff.user)
    page = staff_client.get(url, {"at": "2"})
    assert page.status_code == 200
    assert b'data-at="2"' in page.content
    body = staff_client.get(url + "steps.json").json()
    assert len(body["steps"]) == Game.objects.get(pk=game.pk).version + 1
    assert all("hand" in seat for seat in body["steps"][-1]["game"]["seats"])


# --- moves and words ----------------------------------------------------------------------
NAMES = ["Ann", "Bob", "Cy"]


def table(side: str = "light") -> dict:
    seats = [{"seat": i, "player": {"id": str(i), "name": n}} for i, n in enumerate(NAMES)]
    return {"seats": seats, "side": side}


def logged(*events: tuple) -> list[dict]:
    """Steps as replay_steps gives them, from (type, public[, private]) tuples."""
    steps = [{"at": 0, "game": table(), "event": None}]
    for seq, (kind, public, *private) in enumerate(events, start=1):
        event = {"seq": seq, "type": kind, "actor": "seat:0", "public": public}
        event["private"] = private[0] if private else None
        steps.append({"at": seq, "game": table(), "event": event})
    return steps


def turn(seat: int, phase: str = "play") -> tuple:
    return ("turn_changed", {"seat": seat, "phase": phase, "pending": None, "owed": None})


def play(seat: int, card: str, color: str | None = None) -> tuple:
    public = {"seat": seat, "card": card, "color": color, "target": None, "jump_in": False}
    return ("card_played", {**public, "forced": False})


A_ROUND = (
    ("game_created", {"seats": 3}),
    ("seat_taken", {"seat": 0, "player": {"id": "0", "name": "Ann"}}),
    ("game_started", {"seats": 3}),
    ("round_started", {"round": 1, "dealer": 2, "seats_in_play": [0, 1, 2]}),
    ("deck_shuffled", {"reason": "deal", "count": 108, "commitment": "c"}),
    ("cards_dealt", {"seat": 0, "count": 7}),
    ("cards_dealt", {"seat": 1, "count": 7}),
    ("first_card_turned", {"card": "red-5"}),
    turn(0),  # 9: the deal's move ends here
    play(0, "red-7"),
    ("uno_called", {"seat": 0}),
    turn(1),  # 12
    ("cards_drawn", {"seat": 1, "count": 1, "reason": "draw"}),
    turn(1, "drawn_card"),
    ("turn_passed", {"seat": 1}),
    turn(2),  # 16
    ("cards_drawn", {"seat": 2, "count": 1, "reason": "draw"}),
    turn(2, "drawn_card"),
    play(2, "wild-draw4", "green"),
    turn(0, "respond_draw4"),  # 20
    ("draw4_challenged", {"seat": 0, "target": 2, "guilty": False}),
    ("cards_drawn", {"seat": 0, "count": 6, "reason": "penalty"}),
    ("seat_skipped", {"seat": 0}),
    turn(1),  # 24
    play(1, "blue-skip"),
    ("round_ended", {"round": 1, "winner": 1, "points": {"1": 35}, "blocked": False}),
)


def test_a_move_runs_to_the_turn_it_hands_over_with_its_colour_and_its_draws_keep():
    moves, deal = replay_moves(logged(*A_ROUND))

    assert [(m["from"], m["at"]) for m in moves] == [
        (1, 1),  # created
        (2, 2),  # a seat taken
        (3, 9),  # the deal
        (10, 12),  # a play and its UNO
        (13, 16),  # a draw and its keep
        (17, 20),  # a draw, and the drawn card played with its colour
        (21, 24),  # the challenge, its penalty and the skip
        (25, 26),  # the round's last card and its end
    ]
    assert deal == 2


def test_each_move_is_said_in_words():
    moves, _ = replay_moves(logged(*A_ROUND))

    assert [m["words"] for m in moves] == [
        "The game is created for 3 seats.",
        "Ann takes seat 0.",
        "Round 1 is dealt by Cy. Red 5 turns up.",
        "Ann plays Red 7 and calls UNO.",
        "Bob draws a card and keeps it.",
        "Cy draws a card and plays Wild Draw Four and chooses Green.",
        "Ann challenges Cy's Wild Draw Four (it was fair) and draws 6 cards and is skipped.",
        "Bob plays Blue Skip and wins round 1 (35 points).",
    ]


def test_every_event_has_its_words_and_bookkeeping_is_marked_internal():
    steps = logged(*A_ROUND)
    replay_moves(steps)

    assert steps[9]["words"] == "Ann to play." and steps[9]["internal"]
    assert steps[11]["words"] == "Ann calls UNO." and not steps[11]["internal"]
    internal = {s["event"]["type"] for s in steps[1:] if s["internal"]}
    assert internal == {"game_started", "deck_shuffled", "cards_dealt", "turn_changed"}


def test_a_draw_names_its_cards_only_where_the_event_shows_them():
    hidden = ("cards_drawn", {"seat": 1, "count": 2, "reason": "uno_penalty"})
    shown = (*hidden, {"cards": ["yellow-skip", "wild"]})
    moves, _ = replay_moves(logged(hidden, turn(2), shown, turn(2)))

    assert moves[0]["words"] == "Bob draws 2 cards for not calling UNO."
    assert moves[1]["words"] == "Bob draws Yellow Skip, Wild for not calling UNO."


@pytest.mark.parametrize(
    ("code", "side", "words"),
    [
        ("red-7", "light", "Red 7"),
        ("wild-draw4", "light", "Wild Draw Four"),
        ("blue-draw2", "light", "Blue Draw Two"),
        ("wild", "light", "Wild"),
        ("yellow-1/pink-skip-everyone", "dark", "Pink Skip Everyone"),
        ("yellow-1/pink-skip-everyone", "light", "Yellow 1"),
    ],
)
def test_cards_in_words(code, side, words):
    assert card_words(code, side) == words


def test_a_real_game_moves_cover_every_event_once_and_open_at_the_deal(staff, settings):
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    host, _ = player_register(name="host")
    game = bots_game(host, target_events=80)

    data = replay_data(game=game, player=staff)

    moves = data["moves"]
    covered = [seq for m in moves for seq in range(m["from"], m["at"] + 1)]
    assert covered == list(range(1, game.version + 1))
    deal = moves[data["deal"]]
    types = [data["steps"][seq]["event"]["type"] for seq in range(deal["from"], deal["at"] + 1)]
    assert "cards_dealt" in types and types[-1] == "turn_changed"
    assert all(seat["hand"] for seat in data["steps"][deal["at"]]["game"]["seats"])
    assert len(moves) < game.version / 2  # internal events folded in
    for move in moves[data["deal"] + 1 :]:
        inside = [data["steps"][seq]["event"] for seq in range(move["from"], move["at"])]
        handed_over = [
            e for e in inside if e["type"] == "turn_changed" and e["public"]["phase"] == "play"
        ]
        assert not handed_over, move  # a move never runs past a turn handed over


def test_the_words_name_no_card_the_caller_may_not_see(staff, settings):
    """An onlooker of a game of bots sees no hand while it is played: no draw's words
    name a card for them, where staff's name each one."""
    settings.UNO_SCHEDULE_DEADLINE_TASKS = False
    host, _ = player_register(name="host")
    onlooker, _ = player_register(name="onlooker")
    game = bots_game(host, target_events=80)

    for caller, named in ((onlooker, False), (staff, True)):
        steps = replay_data(game=Game.objects.get(pk=game.pk), player=caller)["steps"]
        draws = [s for s in steps[1:] if s["event"]["type"] == "cards_drawn"]
        assert draws
        for step in draws:
            count = step["event"]["public"]["count"]
            hidden = "a card" if count == 1 else f"{count} cards"
            assert (f"draws {hidden}" not in step["words"]) is named, step["words"]
