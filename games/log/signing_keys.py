"""The service's Ed25519 signing keys, in files only: the database never adds a key.

The current private key is a PEM (PKCS#8) file, mode 0600, named by UNO_SIGNING_KEY_FILE
(embedded mode: made once in the data folder). Beside it, the keyring file
(`<stem>.public.json`: `signing_key.pem` has `signing_key.public.json`) lists every
public key the service has signed with, in the shape `GET /keys` answers:
`{"keys": [{"key_id", "alg", "public_key", "created_at", "retired_at"}]}`. The keyring
holds no secret; it is what an operator publishes and an auditor pins.

`GET /keys`, the audit's seal check and `seal_games` take keys from these files alone.
The current key is always trusted (it is derived from the private key file) and is added
to the keyring the first time it is seen there (a new deployment, or one upgraded from
when keys were listed in the database); `manage.py retire_signing_key` writes a new
private key and marks the old one retired in the keyring, keeping only its public half.
Writes to the keyring take a lock on the folder and replace the file whole.

Each process loads the files again only when they change (their inode, time and size),
so a retirement takes effect in every process at its next seal without a restart.
"""

from __future__ import annotations

import base64
import fcntl
import hashlib
import json
import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.conf import settings

from unoservice import clock
from unoservice.clock import format_time

log = logging.getLogger(__name__)

ALG = "Ed25519"
FIELDS = ("key_id", "alg", "public_key", "created_at", "retired_at")


class SigningKeyMissing(Exception):
    """The key file named by UNO_SIGNING_KEY_FILE does not exist (production never makes
    one up: `manage.py create_signing_key` does, once)."""


class KeyringInvalid(Exception):
    """The keyring file is not a list of Ed25519 keys, each under its own key id."""


@dataclass(frozen=True)
class KeyPair:
    private: Ed25519PrivateKey
    public_key: str  # raw 32 bytes, base64url without padding
    key_id: str  # the first 16 hex characters of the raw public key's sha256


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def b64url_decode(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def key_id_of(raw_public_key: bytes) -> str:
    return hashlib.sha256(raw_public_key).hexdigest()[:16]


def key_file() -> Path:
    return Path(settings.UNO_SIGNING_KEY_FILE)


def keyring_file() -> Path:
    path = key_file()
    return path.with_name(f"{path.stem}.public.json")


def current_key() -> KeyPair:
    """The key new seals are signed with, listed in the keyring (checked at each use: the
    keyring may have been restored or replaced since)."""
    path = key_file()
    if not path.exists():
        if settings.PRODUCTION:
            raise SigningKeyMissing(
                f"the signing key file {path} does not exist: create it with "
                "`manage.py create_signing_key`"
            )
        create_key_file(path)
    pair = _pair_in(path)
    try:
        _keys_listing(pair)
    except KeyringInvalid as error:  # the seal is still made: the key file is what signs
        log.error("signing with key %s, which is not listed: %s", pair.key_id, error)
    return pair


def keyring() -> list[dict]:
    """Every key the service has signed with, oldest first, as GET /keys lists them: the
    keyring file's, and the current key file's (listed as current)."""
    path = key_file()
    current = _pair_in(path) if path.exists() else None
    return [dict(key) for key in _keys_listing(current)]


def public_keys() -> dict[str, str]:
    """Every key the service has signed with, by key id (raw, base64url)."""
    return {key["key_id"]: key["public_key"] for key in keyring()}


def create_key_file(path: Path) -> bool:
    """Writes a new private key to `path` (0600) unless one is there; False if it was.
    Safe when processes race: the file appears whole, once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = _write_temp_key(path)
    try:
        os.link(temp, path)
        return True
    except FileExistsError:
        return False
    finally:
        temp.unlink()


def retire_current_key() -> tuple[str | None, str]:
    """Starts a new key: the current one is marked retired in the keyring (and stays
    listed, so its seals still verify; its private key is gone) and a new private key
    replaces the file. Returns both key ids."""
    path = key_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    with _folder_locked(path.parent):
        old = _pair_of(_read_private_key(path)) if path.exists() else None
        temp = _write_temp_key(path)
        new = _pair_of(_read_private_key(temp))
        now = clock.now()
        keys = _read_keyring(keyring_file())
        if old is not None and not _listed_as_current(keys, old):
            keys = _listing_as_current(keys, old, now)
        # The private key first: a crash before the keyring is written leaves a key that
        # is not listed yet, which the next seal lists (retiring the others then).
        os.replace(temp, path)
        _write_keyring(keyring_file(), _listing_as_current(keys, new, now))
    _loaded.clear()
    return (old.key_id if old else None), new.key_id


# --- loading, each file again only when it changed ------------------------------------

_loaded: dict = {}


def _stamp(path: Path) -> tuple | None:
    try:
        stat = path.stat()
    except FileNotFoundError:
        return None
    return (str(path), stat.st_ino, stat.st_mtime_ns, stat.st_size)


def _pair_in(path: Path) -> KeyPair:
    stamp = _stamp(path)
    if _loaded.get("stamp") != stamp:
        _loaded.update(stamp=stamp, pair=_pair_of(_read_private_key(path)))
    return _loaded["pair"]


def _keys_listing(current: KeyPair | None) -> list[dict]:
    """The keyring's keys, with `current` listed as the current key (the keyring file is
    written when it did not say so)."""
    ring = keyring_file()
    current_id = current.key_id if current else None
    stamp = (_stamp(ring), current_id)
    if _loaded.get("ring_stamp") == stamp:
        return _loaded["ring"]
    keys = _read_keyring(ring)
    if current is not None and not _listed_as_current(keys, current):
        try:
            with _folder_locked(ring.parent):
                keys = _read_keyring(ring)  # again: another process may have just listed it
                if not _listed_as_current(keys, current):
                    keys = _listing_as_current(keys, current, clock.now())
                    _write_keyring(ring, keys)
        except OSError as error:  # a read-only folder: listed here, for this process
            log.error("could not list key %s in %s: %s", current.key_id, ring, error)
            keys = _listing_as_current(keys, current, clock.now())
    _loaded.update(ring_stamp=(_stamp(ring), current_id), ring=keys)
    return keys


def _listed_as_current(keys: list[dict], pair: KeyPair) -> bool:
    return any(k["key_id"] == pair.key_id and k["retired_at"] is None for k in keys)


def _listing_as_current(keys: list[dict], pair: KeyPair, now: datetime) -> list[dict]:
    """`keys` with `pair` as the one current key (listed now unless it was) and every
    other key retired (now, unless it already was)."""
    at = format_time(now)
    listed = next((k for k in keys if k["key_id"] == pair.key_id), None)
    others = [
        k if k["retired_at"] else {**k, "retired_at": at}
        for k in keys
        if k["key_id"] != pair.key_id
    ]
    current = {
        "key_id": pair.key_id,
        "alg": ALG,
        "public_key": pair.public_key,
        "created_at": listed["created_at"] if listed else at,
        "retired_at": None,
    }
    return sorted([*others, current], key=lambda k: k["created_at"])


# --- the files ------------------------------------------------------------------------


def _read_keyring(path: Path) -> list[dict]:
    try:
        document = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except ValueError as error:
        raise KeyringInvalid(f"the keyring file {path} is not JSON: {error}") from None
    keys = document.get("keys") if isinstance(document, dict) else None
    if not isinstance(keys, list):
        raise KeyringInvalid(f'the keyring file {path} has no "keys" list')
    for key in keys:
        fault = _key_fault(key)
        if fault:
            raise KeyringInvalid(f"the keyring file {path}: {fault}")
    return keys


def _key_fault(key) -> str | None:
    if not isinstance(key, dict) or set(key) != set(FIELDS):
        return f"a key must have exactly the fields {', '.join(FIELDS)}: {key!r}"
    if key["alg"] != ALG:
        return f"key {key['key_id']!r} is not an {ALG} key"
    try:
        raw = b64url_decode(key["public_key"])
    except (TypeError, ValueError):
        raw = b""
    if len(raw) != 32 or key_id_of(raw) != key["key_id"]:
        return f"key {key['key_id']!r}: its public key is not 32 bytes with that key id"
    if not isinstance(key["created_at"], str) or not isinstance(key["retired_at"], str | None):
        return f"key {key['key_id']!r}: created_at and retired_at must be times"
    return None


def _write_keyring(path: Path, keys: list[dict]) -> None:
    """Replaces the keyring file whole (readable by all: it holds public keys only)."""
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(json.dumps({"keys": keys}, indent=2) + "\n")
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temp, path)


@contextmanager
def _folder_locked(folder: Path) -> Iterator[None]:
    """An exclusive lock on the key folder, between processes, for a keyring update."""
    fd = os.open(folder, os.O_RDONLY)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)


def _pair_of(private: Ed25519PrivateKey) -> KeyPair:
    raw = private.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    return KeyPair(private=private, public_key=b64url(raw), key_id=key_id_of(raw))


def _read_private_key(path: Path) -> Ed25519PrivateKey:
    key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise ValueError(f"{path} does not hold an Ed25519 private key")
    return key


def _write_temp_key(path: Path) -> Path:
    pem = Ed25519PrivateKey.generate().private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )
    temp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "wb") as handle:
        handle.write(pem)
    return temp
