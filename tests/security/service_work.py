"""The service's everyday work, run in a process of its own against whatever DATABASE_URL
names: tests point it at the service's PostgreSQL role (to show the role can do all the
write path does) or at an embedded SQLite file. Everything goes through the real code:
HTTP requests through Django's whole stack, the admin, the Celery tasks' functions and
management commands. It prints one JSON line saying what it did.

    python tests/security/service_work.py        (cwd: the repository; PYTHONPATH too)
"""

from __future__ import annotations

import json
import os
import sys
import time
from datetime import timedelta

NO_TIMERS = {"turn_seconds": None, "response_seconds": None, "uno_window_seconds": None}
MOVES = 30
# A first card that is a wild asks the first seat for a colour: a response, with its own timer.
ONE_SECOND_DEADLINES = {"turn_seconds": 1, "response_seconds": 1}


def main() -> dict:
    import django

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "unoservice.settings")
    django.setup()
    from django.test.utils import setup_test_environment

    setup_test_environment()  # lets the test client's host, "testserver", in
    done: dict = {}
    ann, bob, staff = _players(done)
    game_id = _play_a_game(ann, bob, done)
    _waiting_game_left_and_aborted_from_the_admin(ann, bob, staff, done)
    _timeout_enforced_by_the_sweeper(ann, bob, done)
    _housekeeping(done)
    done["audit_ok"] = _audit_ok(game_id)
    return done


def _audit_ok(game_id: str) -> bool:
    from games.log.audit import audit_game
    from games.models import Game

    return audit_game(Game.objects.get(pk=game_id))["ok"]


class Caller:
    def __init__(self, token: str):
        from django.test import Client

        self.client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
        self.keys = 0

    def get(self, path: str):
        return self.client.get(path)

    def post(self, path: str, body: dict | None = None, *, key: str | None = None):
        self.keys += 1
        headers = {"HTTP_IDEMPOTENCY_KEY": key or f"k{self.keys}"}
        return self.client.post(
            path, json.dumps(body or {}), content_type="application/json", **headers
        )


def _checked(response, status: int = 200) -> dict:
    if response.status_code != status:
        raise SystemExit(f"expected {status}, got {response.status_code}: {response.content!r}")
    return response.json()


def _players(done: dict) -> tuple[Caller, Caller, object]:
    from django.contrib.auth import get_user_model
    from django.test import Client

    anonymous = Client()
    tokens = []
    for name in ("ann", "bob"):
        reply = anonymous.post("/api/v1/players", {"name": name}, content_type="application/json")
        tokens.append(_checked(reply, 201)["token"])
    staff = get_user_model().objects.create_user("role-staff", is_staff=True, is_superuser=True)
    done["players"] = 3
    return Caller(tokens[0]), Caller(tokens[1]), staff


def _play_a_game(ann: Caller, bob: Caller, done: dict) -> str:
    body = {"seats": 2, "visibility": "invite", "timers": NO_TIMERS}
    game = _checked(ann.post("/api/v1/games", body), 201)
    path = f"/api/v1/games/{game['id']}"
    _checked(bob.post(f"{path}/join", {"invite_code": game["invite_code"]}))
    _checked(ann.post(f"{path}/start"))
    seats = {0: ann, 1: bob}
    moves = 0
    while moves < MOVES:
        view = _checked(ann.get(path))
        if view["status"] != "active":
            break
        mover = seats[view["to_act"]]
        action = _checked(mover.get(f"{path}/legal-actions"))["actions"][0]
        last = (mover, action, f"move-{moves}")
        _checked(mover.post(f"{path}/actions", action, key=last[2]))
        moves += 1
    mover, action, key = last
    again = mover.post(f"{path}/actions", action, key=key)
    done["replayed"] = again.headers.get("Idempotent-Replayed") == "true"
    done["moves"] = moves
    done["game"] = game["id"]
    return game["id"]


def _waiting_game_left_and_aborted_from_the_admin(ann, bob, staff, done: dict) -> None:
    from django.test import Client

    game = _checked(bob.post("/api/v1/games", {"seats": 3, "timers": NO_TIMERS}), 201)
    path = f"/api/v1/games/{game['id']}"
    _checked(ann.post(f"{path}/join"))
    _checked(ann.post(f"{path}/leave"))  # a waiting seat's row is deleted
    admin = Client()
    admin.force_login(staff)  # a session row, and the user's last_login updated
    admin.post("/admin/games/game/", {"action": "abort_selected", "_selected_action": [game["id"]]})
    done["aborted"] = _checked(bob.get(path))["status"] == "aborted"


def _timeout_enforced_by_the_sweeper(ann, bob, done: dict) -> None:
    from games.tasks import sweep_deadlines

    game = _checked(ann.post("/api/v1/games", {"seats": 2, "timers": ONE_SECOND_DEADLINES}), 201)
    path = f"/api/v1/games/{game['id']}"
    _checked(bob.post(f"{path}/join"))
    started = _checked(ann.post(f"{path}/start"))
    time.sleep(1.3)
    done["swept"] = sweep_deadlines()
    done["timed_out"] = _checked(ann.get(path))["version"] > started["version"]


def _housekeeping(done: dict) -> None:
    from django.contrib.sessions.models import Session
    from django.core.management import call_command

    from games.models import IdempotencyRecord
    from games.tasks import purge_idempotency_records
    from unoservice import clock
    from unoservice.ops.tasks import ping

    IdempotencyRecord.objects.update(created_at=clock.now() - timedelta(days=30))
    done["purged"] = purge_idempotency_records()
    Session.objects.update(expire_date=clock.now() - timedelta(days=1))
    call_command("clearsessions")
    done["sessions_left"] = Session.objects.count()
    done["pinged"] = ping(source="role-test")["created"]


if __name__ == "__main__":
    print(json.dumps(main()))
    sys.stdout.flush()
