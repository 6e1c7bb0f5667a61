"""The script in docs/verifying-games.md, run as a user would run it, on what the API
gives and on keys pinned once: it passes an untouched export and catches an edit and a
full re-chained rewrite (the last only by the seal), whether re-sealed or not."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from games.log.hashing import canonical, sha256_hex
from games.log.signing_keys import b64url, key_id_of

from .support import API, call, register
from .test_seals import finished_table, key_file_of_its_own  # noqa: F401 (fixture)

pytestmark = pytest.mark.django_db

DOC = Path(__file__).resolve().parents[2] / "docs" / "verifying-games.md"


@pytest.fixture
def verify_script(tmp_path) -> Path:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(), flags=re.S)
    assert len(blocks) == 1, "the page shows one script"
    script = tmp_path / "verify_game.py"
    script.write_text(blocks[0])
    return script


@pytest.fixture
def downloaded(client, tmp_path):
    """What a player of an ended game downloads: the export and the keys."""
    table = finished_table(client)
    export = call(client, table.seats[1], "GET", table.path("/export")).body
    keys = call(client, register(), "GET", f"{API}/keys").body
    (tmp_path / "keys.json").write_text(keys)
    return export, tmp_path / "keys.json"


def run(script: Path, export_text: str, keys: Path) -> subprocess.CompletedProcess:
    export = keys.with_name("game.ndjson")
    export.write_text(export_text, encoding="utf-8")
    return subprocess.run(
        [sys.executable, str(script), str(export), str(keys)],
        capture_output=True,
        text=True,
        timeout=60,
    )


def lines_of(export_text: str) -> list[dict]:
    return [json.loads(line) for line in export_text.splitlines() if line.strip()]


def text_of(lines: list[dict]) -> str:
    return "".join(json.dumps(line, ensure_ascii=False) + "\n" for line in lines)


def test_the_documented_script_verifies_an_untouched_export(verify_script, downloaded):
    export, keys = downloaded
    result = run(verify_script, export, keys)
    assert result.returncode == 0, result.stderr
    assert "events chain to" in result.stdout and "sealed at version" in result.stdout
    assert "revealed shuffles match" in result.stdout


def test_the_documented_script_catches_an_edited_event(verify_script, downloaded):
    export, keys = downloaded
    header, *events = lines_of(export)
    events[3]["actor"] = "seat:0" if events[3]["actor"] != "seat:0" else "seat:1"
    result = run(verify_script, text_of([header, *events]), keys)
    assert result.returncode != 0
    assert "event 4: the hash chain is broken" in result.stderr


def rewritten(export: str) -> tuple[dict, list[dict]]:
    """The export with an event edited and every hash and the header recomputed: what a
    forger does. The seal still names the old key and signature."""
    header, *events = lines_of(export)
    events[1]["recorded_at"] = "2001-01-01T00:00:00.000Z"
    prev = "0" * 64
    for event in events:
        envelope = {
            k: event[k] for k in ("seq", "type", "schema_version", "recorded_at", "actor", "public")
        }
        event["prev_hash"] = prev
        event["hash"] = sha256_hex(
            prev + "\n" + canonical(envelope) + "\n" + event["private_digest"]
        )
        prev = event["hash"]
    header["head_hash"] = prev
    header["seal"] = {**header["seal"], "head_hash": prev}
    return header, events


def resealed_by_a_forger(header: dict) -> tuple[dict, dict]:
    """The header's seal signed again with a key of the forger's own, and that key as
    `/keys` would list it."""
    private = Ed25519PrivateKey.generate()
    raw = private.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    seal = header["seal"]
    message = canonical(
        {"game": seal["game"], "head_hash": seal["head_hash"], "version": seal["version"]}
    ).encode("utf-8")
    key = {
        "key_id": key_id_of(raw),
        "alg": "Ed25519",
        "public_key": b64url(raw),
        "created_at": "2001-01-01T00:00:00.000Z",
        "retired_at": "2001-01-02T00:00:00.000Z",
    }
    forged = {**seal, "key_id": key["key_id"], "signature": b64url(private.sign(message))}
    return {**header, "seal": forged}, key


def test_the_documented_script_catches_a_full_rewrite_by_the_seal(verify_script, downloaded):
    """The forger edits an event and recomputes every hash and the header: the chain is
    whole again, and only the seal tells."""
    export, keys = downloaded
    header, events = rewritten(export)
    result = run(verify_script, text_of([header, *events]), keys)
    assert result.returncode != 0
    assert "the seal's signature does not verify" in result.stderr
    assert "events chain to" in result.stdout  # the chain itself was made whole


def test_the_documented_script_refuses_a_seal_from_an_unknown_key(verify_script, downloaded):
    export, keys = downloaded
    keys.write_text(json.dumps({"keys": []}))
    result = run(verify_script, export, keys)
    assert result.returncode != 0 and "is not in the keys file" in result.stderr


def test_the_documented_script_refuses_a_forgers_reseal_against_the_pinned_keys(
    verify_script, downloaded
):
    """A forger who rewrites the log and signs it with a key of their own: the keys
    pinned beforehand do not hold that key, whatever the service would list later."""
    export, keys = downloaded
    header, events = rewritten(export)
    header, forged_key = resealed_by_a_forger(header)
    result = run(verify_script, text_of([header, *events]), keys)
    assert result.returncode != 0
    assert f"the seal's key {forged_key['key_id']} is not in the keys file" in result.stderr


def test_the_documented_script_refuses_a_key_listed_under_another_keys_id(
    verify_script, downloaded
):
    """People compare short key ids: a keys file that puts the forger's key under the
    service's id is caught, since the id is the key's own hash."""
    export, keys = downloaded
    header, events = rewritten(export)
    genuine_id = header["seal"]["key_id"]
    header, forged_key = resealed_by_a_forger(header)
    header["seal"]["key_id"] = genuine_id
    keys.write_text(json.dumps({"keys": [{**forged_key, "key_id": genuine_id}]}))
    result = run(verify_script, text_of([header, *events]), keys)
    assert result.returncode != 0
    assert f"the keys file lists key {genuine_id} with another key's bytes" in result.stderr
