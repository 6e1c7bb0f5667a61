"""Seals: when a game ends, the service signs the UTF-8 bytes of
`canonical({"game": id, "head_hash": h, "version": V})` with Ed25519, so a log rewritten
together with its hash chain is caught by anyone who holds the public key.

The seal is written on the head row in the same statement as the write that ended the
game; an ended game accepts no further event, so the seal never goes stale.
"""

from __future__ import annotations

from datetime import datetime

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from games.log.hashing import canonical
from games.log.signing_keys import ALG, b64url, b64url_decode, current_key
from unoservice.clock import format_time


def sealed_message(game_id: str, head_hash: str, version: int) -> bytes:
    return canonical({"game": game_id, "head_hash": head_hash, "version": version}).encode()


def seal(game_id: str, head_hash: str, version: int, sealed_at: datetime) -> dict:
    key = current_key()
    signature = key.private.sign(sealed_message(game_id, head_hash, version))
    return {
        "game": game_id,
        "version": version,
        "head_hash": head_hash,
        "sealed_at": format_time(sealed_at),
        "key_id": key.key_id,
        "alg": ALG,
        "signature": b64url(signature),
    }


def seal_fault(
    seal_: dict, *, game_id: str, head_hash: str, version: int, keys: dict[str, str]
) -> str | None:
    """What is wrong with `seal_` for the log that ends at (`version`, `head_hash`), or
    None when it is a valid signature of exactly that by one of `keys` (key id ->
    raw public key, base64url)."""
    signed = (seal_.get("game"), seal_.get("head_hash"), seal_.get("version"))
    if signed != (game_id, head_hash, version):
        return (
            f"the seal signs version {seal_.get('version')} with head hash "
            f"{str(seal_.get('head_hash'))[:12]}…, the log ends at version {version} "
            f"with {head_hash[:12]}…"
        )
    if seal_.get("alg") != ALG or seal_.get("key_id") not in keys:
        return f"the seal's key {seal_.get('key_id')!r} is not one of the service's keys"
    if not signature_valid(keys[seal_["key_id"]], seal_.get("signature", ""), signed):
        return "the seal's signature does not verify"
    return None


def signature_valid(public_key: str, signature: str, signed: tuple) -> bool:
    game_id, head_hash, version = signed
    try:
        Ed25519PublicKey.from_public_bytes(b64url_decode(public_key)).verify(
            b64url_decode(signature), sealed_message(game_id, head_hash, version)
        )
    except (InvalidSignature, ValueError):
        return False
    return True
