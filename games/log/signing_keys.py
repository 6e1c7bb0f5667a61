"""The service's Ed25519 signing key: a private key in a file (never in the database),
and every public key it has used listed in the `SigningKey` table for `GET /keys`.

The file is PEM (PKCS#8), mode 0600, named by UNO_SIGNING_KEY_FILE (embedded mode: made
once in the data folder). Each process loads it once and again only when the file
changes, so `manage.py retire_signing_key` (which writes a new file) takes effect in
every process at its next seal without a restart.
"""

from __future__ import annotations

import base64
import hashlib
import os
from dataclasses import dataclass
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.conf import settings
from django.db import transaction

from games.models import SigningKey
from unoservice import clock

ALG = "Ed25519"


class SigningKeyMissing(Exception):
    """The key file named by UNO_SIGNING_KEY_FILE does not exist (production never makes
    one up: `manage.py create_signing_key` does, once)."""


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


def current_key() -> KeyPair:
    """The key new seals are signed with, listed in the database (checked at each use:
    a process outlives database restores and test rollbacks)."""
    path = key_file()
    if not path.exists():
        if settings.PRODUCTION:
            raise SigningKeyMissing(
                f"the signing key file {path} does not exist: create it with "
                "`manage.py create_signing_key`"
            )
        create_key_file(path)
    stat = path.stat()
    stamp = (str(path), stat.st_ino, stat.st_mtime_ns, stat.st_size)
    if _loaded.get("stamp") != stamp:
        _loaded.update(stamp=stamp, pair=_pair_of(_read_private_key(path)))
    pair = _loaded["pair"]
    _register(pair)  # one indexed read per seal: the list must hold every key ever used
    return pair


_loaded: dict = {}


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
    """Starts a new key: the current one is marked retired (and stays listed, so its
    seals still verify) and a new private key replaces the file. Returns both key ids."""
    path = key_file()
    old = _pair_of(_read_private_key(path)) if path.exists() else None
    temp = _write_temp_key(path)
    new = _pair_of(_read_private_key(temp))
    with transaction.atomic():
        _register(new)
        os.replace(temp, path)
    _loaded.clear()
    return (old.key_id if old else None), new.key_id


def public_keys() -> dict[str, str]:
    """Every key the service has signed with, by key id (raw, base64url)."""
    return dict(SigningKey.objects.values_list("key_id", "public_key"))


def _register(pair: KeyPair) -> None:
    """Lists the key (once) and retires every other key still marked current."""
    now = clock.now()
    _, created = SigningKey.objects.get_or_create(
        key_id=pair.key_id,
        defaults={"alg": ALG, "public_key": pair.public_key, "created_at": now},
    )
    if created:
        SigningKey.objects.filter(retired_at__isnull=True).exclude(key_id=pair.key_id).update(
            retired_at=now
        )


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
