"""Seals: an ended game's log is signed with the service's Ed25519 key, which lives in a
file; anyone verifies a seal with the public key from GET /keys alone. The public keys
come from the key files (the current private key and the keyring beside it), never from
the database."""

from __future__ import annotations

import json
import os
import stat

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command

from games import selectors
from games.log import audit, signing_keys
from games.log.audit import audit_game
from games.log.hashing import canonical
from games.log.signing_keys import b64url_decode
from games.models import Game, GameEvent
from unoservice import env

from .support import API, call, ok, register, start_table

pytestmark = pytest.mark.django_db

RULES = {"preset": "classic", "options": {"target_score": 50}}
#: Seat 1 goes out with its last card and its 8 points end the match.
LAST_CARD = {
    "hands": {"0": ["green-4", "green-4"], "1": ["blue-1"]},
    "discard": ["blue-5"],
    "draw": ["red-9", "red-9", "yellow-9", "yellow-9"],
    "color": "blue",
    "to_act": 1,
    "unplaced": "draw_bottom",
    "scores": {"0": 0, "1": 45},
}


@pytest.fixture(autouse=True)
def key_file_of_its_own(tmp_path, settings):
    settings.UNO_SIGNING_KEY_FILE = tmp_path / "keys" / "signing_key.pem"
    signing_keys._loaded.clear()
    yield settings.UNO_SIGNING_KEY_FILE
    signing_keys._loaded.clear()


def finished_table(client):
    table = start_table(client, seats=2, rules=RULES, position=LAST_CARD)
    table.act(client, 1, {"type": "play", "card": "blue-1"})
    assert Game.objects.get(pk=table.game_id).status == "finished"
    return table


def verifies(seal: dict, keys: list[dict]) -> bool:
    """What an auditor does with the API's answers and an Ed25519 library alone."""
    key = next(k for k in keys if k["key_id"] == seal["key_id"])
    message = canonical(
        {"game": seal["game"], "head_hash": seal["head_hash"], "version": seal["version"]}
    ).encode("utf-8")
    try:
        Ed25519PublicKey.from_public_bytes(b64url_decode(key["public_key"])).verify(
            b64url_decode(seal["signature"]), message
        )
    except Exception:
        return False
    return True


def test_a_finished_game_is_sealed_with_a_key_anyone_can_fetch(client):
    table = finished_table(client)
    seal = ok(call(client, table.seats[1], "GET", table.path("/seal")))
    game = ok(call(client, table.seats[1], "GET", table.path()))
    assert (seal["game"], seal["version"], seal["head_hash"]) == (
        table.game_id,
        game["version"],
        game["head_hash"],
    )
    assert seal["alg"] == "Ed25519" and "=" not in seal["signature"]
    keys = ok(call(client, register(), "GET", f"{API}/keys"))["keys"]
    anonymous = client.get(f"{API}/keys")
    assert anonymous.status_code == 200 and anonymous.json()["keys"] == keys
    assert verifies(seal, keys)
    assert verifies({**seal, "sealed_at": "2000-01-01T00:00:00.000Z"}, keys)  # not signed
    assert not verifies({**seal, "version": seal["version"] - 1}, keys)


def test_the_key_id_is_the_start_of_the_raw_public_keys_sha256(client):
    import hashlib

    finished_table(client)
    [key] = ok(call(client, register(), "GET", f"{API}/keys"))["keys"]
    raw = b64url_decode(key["public_key"])
    assert len(raw) == 32
    assert key["key_id"] == hashlib.sha256(raw).hexdigest()[:16]
    assert key["retired_at"] is None


def test_a_running_game_has_no_seal_yet(client):
    table = start_table(client, seats=2, rules=RULES, position=LAST_CARD)
    reply = call(client, table.seats[0], "GET", table.path("/seal"))
    assert reply.status == 409
    assert reply.headers["Content-Type"] == "application/problem+json"
    assert reply.json()["code"] == "game_not_ended"


def test_an_aborted_game_is_sealed_too(client):
    table = start_table(client, seats=2, rules=RULES, position=LAST_CARD)
    ok(call(client, table.staff, "POST", table.path("/abort"), {"reason": "test"}))
    seal = ok(call(client, table.seats[1], "GET", table.path("/seal")))
    keys = ok(call(client, table.seats[1], "GET", f"{API}/keys"))["keys"]
    assert verifies(seal, keys)
    assert seal["version"] == Game.objects.get(pk=table.game_id).version


def test_an_outsider_cannot_read_the_seal_of_an_invite_game(client):
    table = start_table(client, seats=2, rules=RULES, position=LAST_CARD, visibility="invite")
    table.act(client, 1, {"type": "play", "card": "blue-1"})
    reply = call(client, register(), "GET", table.path("/seal"))
    assert reply.status == 404


def test_the_export_header_carries_the_seal_once_the_game_has_ended(client):
    table = finished_table(client)
    export = call(client, table.seats[0], "GET", table.path("/export"))
    header = json.loads(export.body.splitlines()[0])
    seal = ok(call(client, table.seats[0], "GET", table.path("/seal")))
    assert header["seal"] == seal


def test_the_audit_checks_the_seal(client):
    table = finished_table(client)
    result = audit_game(Game.objects.get(pk=table.game_id))
    assert result["ok"], result
    assert result["checks"][-1]["name"] == "seal" and result["checks"][-1]["ok"]


def test_a_seal_moved_to_another_game_fails_the_audit(client):
    first, second = finished_table(client), finished_table(client)
    stolen = Game.objects.get(pk=first.game_id).seal
    Game.objects.filter(pk=second.game_id).update(seal=stolen)
    failed = [c for c in audit_game(Game.objects.get(pk=second.game_id))["checks"] if not c["ok"]]
    assert [c["name"] for c in failed] == ["seal"]


def test_a_seal_signed_by_a_key_not_in_the_key_files_fails_the_audit(client, key_file_of_its_own):
    table = finished_table(client)
    game = Game.objects.get(pk=table.game_id)
    key_file_of_its_own.unlink()  # the key is gone from the files: a new one replaces it
    signing_keys.keyring_file().unlink()
    call_command("create_signing_key")
    failed = [c for c in audit_game(game)["checks"] if not c["ok"]]
    assert [c["name"] for c in failed] == ["seal"]
    assert "not one of the service's keys" in failed[0]["detail"]


def test_the_keys_and_the_audits_seal_check_read_no_database(
    client, key_file_of_its_own, django_assert_num_queries
):
    table = finished_table(client)
    call_command("retire_signing_key")
    game = Game.objects.get(pk=table.game_id)
    rows = list(GameEvent.objects.filter(game=game).order_by("seq"))
    signing_keys._loaded.clear()  # as in a process that has not read the files yet
    with django_assert_num_queries(0):
        listed = selectors.signing_keys_get()
        check = audit._seal(game, rows)
    assert check.ok, check
    assert [k["key_id"] for k in listed["keys"]] == [
        k["key_id"] for k in json.loads(signing_keys.keyring_file().read_text())["keys"]
    ]


def test_retiring_keeps_only_the_old_keys_public_half_in_the_keyring_beside_the_key_file(
    client, key_file_of_its_own
):
    finished_table(client)
    old_pem = key_file_of_its_own.read_bytes()
    call_command("retire_signing_key")
    ring = signing_keys.keyring_file()
    assert ring.parent == key_file_of_its_own.parent
    assert sorted(p.name for p in ring.parent.iterdir()) == sorted(
        [key_file_of_its_own.name, ring.name]
    )
    assert key_file_of_its_own.read_bytes() != old_pem
    assert "PRIVATE" not in ring.read_text()
    old, new = json.loads(ring.read_text())["keys"]
    assert old["retired_at"] is not None and new["retired_at"] is None
    assert old["retired_at"] >= old["created_at"]
    assert new["key_id"] == signing_keys.current_key().key_id


def test_a_keyring_entry_whose_key_id_is_not_its_keys_is_refused(client, key_file_of_its_own):
    finished_table(client)
    ring = signing_keys.keyring_file()
    document = json.loads(ring.read_text())
    document["keys"][0]["key_id"] = "0" * 16
    ring.write_text(json.dumps(document))
    with pytest.raises(signing_keys.KeyringInvalid, match="not 32 bytes with that key id"):
        signing_keys.keyring()


def test_a_game_that_ended_before_seals_is_sealed_by_seal_games(client, capsys):
    table = finished_table(client)
    Game.objects.filter(pk=table.game_id).update(seal=None)  # as if it ended before seals
    reply = call(client, table.seats[0], "GET", table.path("/seal"))
    assert (reply.status, reply.json()["code"]) == (409, "game_not_sealed")
    assert not audit_game(Game.objects.get(pk=table.game_id))["ok"]

    call_command("seal_games")
    assert "1 sealed, 0 not sealed" in capsys.readouterr().out
    seal = ok(call(client, table.seats[0], "GET", table.path("/seal")))
    assert verifies(seal, ok(call(client, table.seats[0], "GET", f"{API}/keys"))["keys"])
    assert audit_game(Game.objects.get(pk=table.game_id))["ok"]


def test_seal_games_never_seals_a_log_at_fault(client, capsys):
    table = finished_table(client)
    Game.objects.filter(pk=table.game_id).update(seal=None, head_hash="0" * 64)
    with pytest.raises(CommandError):
        call_command("seal_games")
    assert "NOT SEALED" in capsys.readouterr().out
    assert Game.objects.get(pk=table.game_id).seal is None


def test_retiring_the_key_keeps_old_seals_verifiable_and_signs_new_ones_with_the_new_key(
    client, key_file_of_its_own
):
    before = finished_table(client)
    call_command("retire_signing_key")
    after = finished_table(client)
    keys = ok(call(client, register(), "GET", f"{API}/keys"))["keys"]
    old_seal = ok(call(client, before.seats[0], "GET", before.path("/seal")))
    new_seal = ok(call(client, after.seats[0], "GET", after.path("/seal")))
    assert old_seal["key_id"] != new_seal["key_id"]
    by_id = {k["key_id"]: k for k in keys}
    assert by_id[old_seal["key_id"]]["retired_at"] is not None
    assert by_id[new_seal["key_id"]]["retired_at"] is None
    assert verifies(old_seal, keys) and verifies(new_seal, keys)


def test_the_private_key_lives_in_a_file_only_its_owner_reads(client, key_file_of_its_own):
    finished_table(client)
    mode = stat.S_IMODE(os.stat(key_file_of_its_own).st_mode)
    assert mode == 0o600
    pem = key_file_of_its_own.read_text()
    assert pem.startswith("-----BEGIN PRIVATE KEY-----")
    listed = json.loads(signing_keys.keyring_file().read_text())["keys"]
    assert [set(key) for key in listed] == [
        {"key_id", "alg", "public_key", "created_at", "retired_at"}
    ]


def test_create_signing_key_makes_the_file_once(key_file_of_its_own, capsys):
    call_command("create_signing_key")
    first = key_file_of_its_own.read_bytes()
    call_command("create_signing_key")
    assert key_file_of_its_own.read_bytes() == first
    assert "already there" in capsys.readouterr().out


def test_production_refuses_to_start_without_a_signing_key_file(tmp_path):
    with pytest.raises(ImproperlyConfigured, match="UNO_SIGNING_KEY_FILE"):
        env.signing_key_file({}, "production", tmp_path)
    named = env.signing_key_file({"UNO_SIGNING_KEY_FILE": "/keys/k.pem"}, "production", tmp_path)
    assert str(named) == "/keys/k.pem"


def test_production_never_makes_up_a_missing_key(settings, key_file_of_its_own):
    settings.PRODUCTION = True
    with pytest.raises(signing_keys.SigningKeyMissing):
        signing_keys.current_key()
    assert not key_file_of_its_own.exists()


def test_a_game_ending_while_the_key_file_is_missing_still_ends_and_is_sealed_later(
    client, settings, key_file_of_its_own, capsys
):
    settings.PRODUCTION = True
    table = finished_table(client)  # the last move counts
    game = Game.objects.get(pk=table.game_id)
    assert game.status == "finished" and game.seal is None
    settings.PRODUCTION = False
    call_command("create_signing_key")
    call_command("seal_games")
    assert audit_game(Game.objects.get(pk=table.game_id))["ok"]


def test_a_game_ending_while_the_keyring_is_broken_is_still_sealed_with_the_key_file(
    client, key_file_of_its_own, caplog
):
    finished_table(client)
    ring = signing_keys.keyring_file()
    listed = ring.read_text()
    ring.write_text("{not json")
    table = finished_table(client)
    assert "which is not listed" in caplog.text
    ring.write_text(listed)
    assert audit_game(Game.objects.get(pk=table.game_id))["ok"]
