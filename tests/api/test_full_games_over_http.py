"""Whole matches over HTTP, from creation to the match's end, driven only by what
`GET /legal-actions` offers each seated player: nothing here knows the rules.

Each step every seated player asks for its legal actions (out-of-turn ones included:
jump-ins, UNO calls and catches); a seeded random picks a player with something to do
and one of its actions, preferring plays so that games end. Every action offered must be
accepted. At the end the game is finished with a winner, and its audit is ok. The deals
are seeded too (a staff host's `seed`), so a failure replays exactly.
"""

from __future__ import annotations

import random

import pytest

from .conftest import NO_TIMERS

pytestmark = pytest.mark.django_db

MAX_ACTIONS = 4000


def choose(rng: random.Random, options: list[tuple[int, dict]]) -> tuple[int, dict]:
    """A (player, action) among everything offered: UNO calls first (so that few
    penalties slow the game), then mostly plays, sometimes anything."""
    calls = [o for o in options if o[1]["type"] == "call_uno"]
    if calls and rng.random() < 0.9:
        return rng.choice(calls)
    plays = [o for o in options if o[1]["type"] == "play"]
    if plays and rng.random() < 0.85:
        return rng.choice(plays)
    return rng.choice(options)


def play_to_the_end(game_id: str, seated: list, rng: random.Random) -> tuple[dict, dict]:
    """Drive the game with legal actions only; returns (the last view, action counts)."""
    counts: dict[str, int] = {}
    for _ in range(MAX_ACTIONS):
        options = [
            (index, action)
            for index, player in enumerate(seated)
            for action in player.legal(game_id)
        ]
        if not options:
            view = seated[0].view(game_id)
            assert view["status"] == "finished", view
            return view, counts
        index, action = choose(rng, options)
        response = seated[index].act(game_id, action)
        assert response.status_code == 200, (action, response.json())
        counts[action["type"]] = counts.get(action["type"], 0) + 1
        if response.json()["game"]["status"] != "active":
            return response.json()["game"], counts
    pytest.fail(f"no end after {MAX_ACTIONS} actions: {counts}")


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("preset", ["classic", "house", "ozby", "flip"])
def test_a_whole_match_played_from_legal_actions_alone(staff, make_player, preset, seats):
    rng = random.Random(f"{preset}/{seats}")
    # The host is staff only to give a `seed`, so that a failure can be replayed exactly.
    seated = [staff] + [make_player(f"p{n}") for n in range(1, seats)]
    body = {
        "seats": seats,
        "rules": {"preset": preset, "options": {"target_score": 50}},
        "timers": NO_TIMERS,
        "seed": 20261129 + seats,
    }
    created = seated[0].post("/api/v1/games", body)
    assert created.status_code == 201, created.content
    game_id = created.json()["id"]
    for player in seated[1:]:
        assert player.post(f"/api/v1/games/{game_id}/join").status_code == 200
    assert seated[0].post(f"/api/v1/games/{game_id}/start").status_code == 200

    final, counts = play_to_the_end(game_id, seated, rng)

    assert final["status"] == "finished"
    assert final["winner"] is not None
    assert counts.get("play", 0) > 0
    scores = [seat["score"] for seat in final["seats"]]
    if preset == "ozby":  # target_loses: someone reached the target, the lowest wins
        assert max(scores) >= 50
        assert scores[final["winner"]] == min(scores)
    else:
        assert scores[final["winner"]] >= 50
    last = {"after": final["version"] - 1}
    events = seated[1].get(f"/api/v1/games/{game_id}/events", data=last).json()["events"]
    assert events[-1]["type"] == "match_ended"
    assert events[-1]["public"]["winner"] == final["winner"]
    audit = seated[1].get(f"/api/v1/games/{game_id}/audit").json()
    assert audit["ok"] is True, audit
    assert all(check["ok"] for check in audit["checks"])
    assert seated[0].legal(game_id) == []
