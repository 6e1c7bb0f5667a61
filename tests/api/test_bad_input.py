"""Bad input is a 4xx problem that changes nothing, never a 500."""

from __future__ import annotations

import json

import pytest
from django.conf import global_settings
from rest_framework.fields import JSONField

from games.engine.cards import build_deck
from games.engine.rules import OPTION_KINDS, option_default
from games.http.serializers import MAX_DECK_CARDS, BotInput, CardField
from games.models import Game, IdempotencyRecord
from players.models import Player
from unoservice import parsers

from .conftest import NO_TIMERS, assert_problem

pytestmark = pytest.mark.django_db


def nested(levels: int) -> str:
    return "[" * levels + "]" * levels


@pytest.mark.parametrize("levels", [33, 5000])
def test_json_nested_too_deep_is_a_400_for_anyone(api_client, make_player, levels):
    body = '{"name": ' + nested(levels) + "}"
    anonymous = api_client.post("/api/v1/players", body, content_type="application/json")
    assert_problem(anonymous, 400, "invalid_request")
    ann = make_player("ann")
    options = '{"x": ' + nested(levels) + "}"
    body = '{"seats": 2, "rules": {"preset": "classic", "options": ' + options + "}}"
    created = ann.client.post("/api/v1/games", body, content_type="application/json")
    assert_problem(created, 400, "invalid_request")
    assert not Game.objects.exists()


def test_a_non_ascii_invite_code_is_refused_like_any_wrong_one_without_the_version(
    make_player,
):
    ann, bob = make_player("ann"), make_player("bob")
    game = ann.post("/api/v1/games", {"seats": 2, "visibility": "invite", "timers": NO_TIMERS})
    assert game.status_code == 201

    refused = bob.post(f"/api/v1/games/{game.json()['id']}/join", {"invite_code": "é"})

    problem = assert_problem(refused, 403, "invite_required")
    assert "version" not in problem


def test_staff_position_keys_must_be_ascii_seat_digits(staff):
    position = {"hands": {"²": ["red-1"], "0": ["red-2"]}, "discard": ["red-3"], "to_act": 0}
    response = staff.post("/api/v1/games", {"seats": 2, "position": position})
    assert_problem(response, 400, "invalid_request")
    assert not Game.objects.exists()


WIDE = 50_000  # items: a body of a few hundred KB
ONE_HAND = {"0": ["red-1"], "1": ["red-2"]}


@pytest.fixture
def raised_body_limit(settings):
    """Django's own limit (2.5 MB) instead of the service's 64 KiB, as an operator may set
    it (UNO_MAX_BODY_BYTES): the protections below must hold then too."""
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = global_settings.DATA_UPLOAD_MAX_MEMORY_SIZE


@pytest.mark.parametrize(
    "body",
    [
        {"seats": 2, "deck": ["red-5"] * WIDE},
        {"seats": 2, "bots": [{"strategy": "random"}] * WIDE},
        {"seats": 2, "position": {"hands": {"0": ["red-5"] * WIDE}, "discard": ["red-3"]}},
        {"seats": 2, "position": {"hands": {str(n): ["red-5"] for n in range(WIDE)}}},
        {"seats": 2, "position": {"hands": ONE_HAND, "discard": ["red-3"] * WIDE}},
        {"seats": 2, "position": {"hands": ONE_HAND, "discard": ["red-3"], "draw": ["r"] * WIDE}},
    ],
    ids=["deck", "bots", "a-hand", "hands", "discard", "draw"],
)
@pytest.mark.usefixtures("raised_body_limit")
def test_a_list_longer_than_any_deck_is_refused_before_its_items_are_read(
    make_player, monkeypatch, body
):
    """Anyone may send these (the staff check comes after the body is read): each item
    read costs microseconds, and a body of 2.5 MB holds 300,000."""
    read = []
    for field in (CardField, BotInput):
        reads = field.to_internal_value
        monkeypatch.setattr(
            field, "to_internal_value", lambda s, d, r=reads: read.append(d) or r(s, d)
        )

    response = make_player("ann").post("/api/v1/games", body)

    assert_problem(response, 400, "invalid_request")
    assert len(read) <= MAX_DECK_CARDS
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"seats": 2, "visibilty": "invite"}, "visibilty"),
        ({"seats": 2, "rules": {"presets": "house"}}, "rules.presets"),
        ({"seats": 2, "rules": {"preset": "house", "options": {}, "x": 1}}, "rules.x"),
    ],
    ids=["top-level-typo", "nested-typo", "nested-extra"],
)
def test_a_typo_in_a_game_is_400_unknown_field_naming_it(make_player, body, field):
    ann = make_player("ann")

    problem = assert_problem(ann.post("/api/v1/games", body), 400, "unknown_field")

    assert problem["field"] == field
    assert not Game.objects.exists()


def test_a_typo_at_registration_is_400_unknown_field(api_client):
    response = api_client.post("/api/v1/players", {"name": "ann", "nmae": "x"}, format="json")
    assert assert_problem(response, 400, "unknown_field")["field"] == "nmae"


@pytest.mark.parametrize("seats", ["2", 2.5, True])
def test_numbers_must_be_numbers(make_player, seats):
    ann = make_player("ann")
    problem = assert_problem(ann.post("/api/v1/games", {"seats": seats}), 400, "invalid_request")
    assert "seats" in problem["errors"]
    assert not Game.objects.exists()


def test_a_body_over_the_size_limit_and_a_foreign_host_are_problems_not_pages(
    make_player, settings, client
):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    ann = make_player("ann")
    ann.client.raise_request_exception = False
    too_big = ann.post("/api/v1/games", {"seats": 2, "pad": "x" * 2000})
    problem = assert_problem(too_big, 400, "invalid_request")
    assert problem["detail"] == "The request body is larger than the 1000 bytes the service reads."
    assert not Game.objects.exists()

    client.raise_request_exception = False
    # (Not the health check: it answers whatever the host, for probes by address.)
    foreign = client.get("/api/v1/keys", HTTP_HOST="evil.example")
    assert_problem(foreign, 400, "invalid_request")


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ('{"seats": 2, "visibility": "\\ud800"}', "visibility"),
        ('{"seats": 2, "rules": {"options": {"\\udfff": 1}}}', "rules.options"),
    ],
    ids=["in-a-choice", "in-a-member-name"],
)
def test_a_lone_surrogate_escape_is_a_400_naming_where_not_a_500(make_player, body, where):
    ann = make_player("ann")
    ann.client.raise_request_exception = False

    response = ann.client.post("/api/v1/games", body, content_type="application/json")

    assert list(assert_problem(response, 400, "invalid_request")["errors"]) == [where]
    assert not Game.objects.exists()


@pytest.mark.usefixtures("raised_body_limit")
def test_more_rule_options_than_there_are_is_refused_on_the_first_unknown_name_unread(
    make_player, monkeypatch
):
    read = []
    reads = JSONField.to_internal_value
    monkeypatch.setattr(JSONField, "to_internal_value", lambda s, d: read.append(d) or reads(s, d))
    options = {"hand_size": 7, **{f"option{n}": n for n in range(WIDE)}}

    response = make_player("ann").post(
        "/api/v1/games", {"seats": 2, "rules": {"preset": "house", "options": options}}
    )

    problem = assert_problem(response, 400, "unknown_option")
    assert problem["option"] == "option0"
    assert read == []
    assert not Game.objects.exists()


def test_a_lone_surrogate_a_charset_decodes_to_is_a_400_too(api_client):
    api_client.raise_request_exception = False
    body = b'{"name": "ann+2AA-"}'  # UTF-7 for "ann" and U+D800 alone

    response = api_client.post(
        "/api/v1/players", body, content_type="application/json; charset=utf-7"
    )

    errors = assert_problem(response, 400, "invalid_request")["errors"]
    assert "lone surrogate" in errors["name"][0]
    assert not Player.objects.exists()


@pytest.mark.usefixtures("raised_body_limit")
def test_a_body_is_walked_for_depth_and_characters_only_when_its_text_could_fail(
    api_client, monkeypatch
):
    """A walk of a large body costs seconds; searching its text, milliseconds."""
    walked = []
    for name in ("_depth_exceeds", "_unstorable_character_at"):
        check = getattr(parsers, name)
        monkeypatch.setattr(parsers, name, lambda *a, c=check, n=name: walked.append(n) or c(*a))

    def post(body: str):
        return api_client.post("/api/v1/players", body, content_type="application/json")

    assert_problem(post('{"name": [' + ",".join(["0"] * WIDE) + "]}"), 400, "invalid_request")
    assert walked == []

    assert_problem(post('{"name": ' + "[" * 40 + "]" * 40 + "}"), 400, "invalid_request")
    assert_problem(post('{"name": "\\u0000"}'), 400, "invalid_request")
    assert walked == ["_depth_exceeds", "_unstorable_character_at"]


@pytest.mark.parametrize(
    ("body", "where"),
    [
        ('{"seats": 2, "visibility": "\\u0000"}', "visibility"),
        ('{"seats": 2, "rules": {"\\u0000": 1}}', "rules"),
        ('{"seats": 2, "deck": ["red-1", "\\u0000"]}', "deck.1"),
    ],
    ids=["in-a-choice", "in-a-member-name", "in-an-item"],
)
def test_a_nul_character_is_a_400_and_no_retry_record_even_with_an_idempotency_key(
    make_player, body, where
):
    ann = make_player("ann")
    ann.client.raise_request_exception = False

    response = ann.client.post(
        "/api/v1/games", body, content_type="application/json", HTTP_IDEMPOTENCY_KEY="k1"
    )

    assert list(assert_problem(response, 400, "invalid_request")["errors"]) == [where]
    assert not Game.objects.exists()
    assert not IdempotencyRecord.objects.exists()


def test_a_lone_surrogate_in_an_action_is_a_400(make_player, started_game):
    ann, bob = make_player("ann"), make_player("bob")
    game = started_game(ann, [bob])
    ann.client.raise_request_exception = False
    body = '{"type": "play", "card": "wild", "color": "\\ud83d"}'

    response = ann.client.post(
        f"/api/v1/games/{game['id']}/actions", body, content_type="application/json"
    )

    assert "color" in assert_problem(response, 400, "invalid_request")["errors"]
    assert ann.view(game["id"])["version"] == game["version"]


def test_a_surrogate_pair_is_one_character_and_accepted(api_client):
    response = api_client.post(
        "/api/v1/players", '{"name": "ann \\ud83c\\udccf"}', content_type="application/json"
    )

    assert response.status_code == 201, response.content
    assert response.json()["name"] == "ann 🃏"


@pytest.mark.parametrize("value", ["١", "1_0", " 1", "+1", "0x1", "9" * 5000])
@pytest.mark.parametrize("param", ["after", "wait"])
def test_feed_numbers_are_ascii_digits(make_player, create_game, param, value):
    ann = make_player("ann")
    game = create_game(ann)

    response = ann.get(f"/api/v1/games/{game['id']}/events", data={param: value})

    assert param in assert_problem(response, 400, "invalid_request")["errors"]


def test_a_replay_point_is_ascii_digits(make_player, create_game):
    ann = make_player("ann")
    game = create_game(ann)

    response = ann.get(f"/api/v1/games/{game['id']}/replay", data={"at": "١"})

    assert "at" in assert_problem(response, 400, "invalid_request")["errors"]


@pytest.mark.parametrize("body", ["null", "[]", "false"])
def test_a_join_body_that_is_not_an_object_is_refused(make_player, create_game, body):
    ann, bob = make_player("ann"), make_player("bob")
    game = create_game(ann)

    response = bob.client.post(
        f"/api/v1/games/{game['id']}/join", body, content_type="application/json"
    )

    assert_problem(response, 400, "invalid_request")
    assert len(ann.view(game["id"])["seats"]) == 2
    assert ann.view(game["id"])["version"] == game["version"]


@pytest.mark.parametrize("body", ["null", "[]"])
def test_a_token_body_that_is_not_an_object_is_refused(make_player, body):
    ann = make_player("ann")

    response = ann.client.post("/api/v1/players/me/tokens", body, content_type="application/json")

    assert_problem(response, 400, "invalid_request")
    assert ann.player.tokens.count() == 1


@pytest.mark.parametrize(
    ("body", "code"),
    [('{"force": true}', "unknown_field"), ("[]", "invalid_request"), ('"go"', "invalid_request")],
)
def test_start_and_leave_take_no_body_and_refuse_one_with_members(
    make_player, create_game, body, code
):
    ann, bob = make_player("ann"), make_player("bob")
    game = create_game(ann)
    bob.post(f"/api/v1/games/{game['id']}/join", {})
    path = f"/api/v1/games/{game['id']}"

    for action in ("start", "leave"):
        response = ann.client.post(f"{path}/{action}", body, content_type="application/json")
        problem = assert_problem(response, 400, code)
        if code == "unknown_field":
            assert problem["field"] == "force"
    assert ann.view(game["id"])["status"] == "waiting"
    assert (
        ann.client.post(f"{path}/start", "{}", content_type="application/json").status_code == 200
    )


def test_revoking_a_token_takes_no_body(make_player):
    ann = make_player("ann")
    token_id = ann.player.tokens.get().pk

    response = ann.client.post(
        f"/api/v1/players/me/tokens/{token_id}/revoke",
        '{"all": true}',
        content_type="application/json",
    )

    assert assert_problem(response, 400, "unknown_field")["field"] == "all"
    assert ann.player.tokens.get().revoked_at is None


@pytest.mark.parametrize(
    ("operation", "body", "field"),
    [("join", {"invite_code": -8796093022208}, "invite_code"), ("abort", {"reason": 5}, "reason")],
)
def test_text_must_be_a_json_string_even_where_the_operation_would_change_nothing(
    make_player, staff, create_game, operation, body, field
):
    """Found by schemathesis: on an aborted game, a number passed for the text (DRF's
    CharField turns it into one) and the request answered 200."""
    ann = make_player("ann")
    game = create_game(ann)
    assert staff.post(f"/api/v1/games/{game['id']}/abort", {"reason": "test"}).status_code == 200
    caller = ann if operation == "join" else staff

    response = caller.post(f"/api/v1/games/{game['id']}/{operation}", body)

    assert list(assert_problem(response, 400, "invalid_request")["errors"]) == [field]


def test_an_anonymous_body_over_64_kib_is_refused_unread(api_client, monkeypatch):
    """Registering needs no account, so anyone could make the server parse a body of
    megabytes (a 2 MB array took 60 ms); past the service's 64 KiB it reads none."""
    parsed = []
    parse = parsers.JsonParser.parse
    monkeypatch.setattr(
        parsers.JsonParser, "parse", lambda *a, **k: parsed.append(1) or parse(*a, **k)
    )
    api_client.raise_request_exception = False
    body = '{"name": "ann", "pad": "' + "x" * 64 * 1024 + '"}'

    response = api_client.post("/api/v1/players", body, content_type="application/json")

    problem = assert_problem(response, 400, "invalid_request")
    assert "65536 bytes" in problem["detail"]
    assert parsed == []
    assert not Player.objects.exists()


def test_the_largest_valid_request_fits_the_body_limit_many_times(staff, settings):
    """A staff game of ten seats whose position holds every card of the largest deck
    (116), with every rule option named: the largest body a valid request has."""
    options = {name: option_default(name) for name in OPTION_KINDS}
    options.update(cards="modern-swap", downpour=True)
    deck = [c.code for c in build_deck("modern-swap", True)]
    assert len(deck) == MAX_DECK_CARDS
    hands = {str(seat): deck[1 + seat * 10 : 11 + seat * 10] for seat in range(10)}
    position = {"hands": hands, "discard": deck[:1], "draw": deck[101:], "to_act": 0}
    body = {"seats": 10, "rules": {"preset": "classic", "options": options}, "position": position}
    assert len(json.dumps(body)) * 4 < settings.DATA_UPLOAD_MAX_MEMORY_SIZE

    response = staff.post("/api/v1/games", body)

    assert response.status_code == 201, response.content


@pytest.mark.parametrize("value", ["true", "false", 1, 0, "yes"])
def test_a_boolean_must_be_json_true_or_false(make_player, started_game, value):
    """DRF's BooleanField takes "true", "yes", 1 and the like: the schema says boolean."""
    ann, bob = make_player("ann"), make_player("bob")
    refused = ann.post("/api/v1/games", {"seats": 2, "seat_host": value, "timers": NO_TIMERS})
    assert list(assert_problem(refused, 400, "invalid_request")["errors"]) == ["seat_host"]
    assert not Game.objects.exists()

    game = started_game(ann, [bob])
    to_act = ann if game["to_act"] == 0 else bob
    card = to_act.get(f"/api/v1/games/{game['id']}").json()["you"]["hand"][0]
    play = {"type": "play", "card": card, "uno": value}

    response = to_act.post(f"/api/v1/games/{game['id']}/actions", play)

    assert list(assert_problem(response, 400, "invalid_request")["errors"]) == ["uno"]
    assert to_act.get(f"/api/v1/games/{game['id']}").json()["version"] == game["version"]
