"""The hash chain of every game's event log, as the API documents it.

`canonical(x)`: JSON with sorted keys, no whitespace, non-ASCII kept, UTF-8.
`private_digest`: sha256 hex of canonical(private), or "" without a private part.
`hash`: sha256 hex of `prev_hash + "\\n" + canonical(envelope) + "\\n" + private_digest`,
where the envelope is {seq, type, schema_version, recorded_at, actor, public}; the first
prev_hash is 64 zeros.
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

GENESIS_HASH = "0" * 64


def canonical(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def sha256_hex(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def private_digest(private: dict | None) -> str:
    return "" if private is None else sha256_hex(canonical(private))


def envelope(
    *, seq: int, type_: str, schema_version: int, recorded_at: str, actor: str, public: dict
) -> dict:
    return {
        "seq": seq,
        "type": type_,
        "schema_version": schema_version,
        "recorded_at": recorded_at,
        "actor": actor,
        "public": public,
    }


def event_hash(prev_hash: str, envelope_: dict, digest: str) -> str:
    return sha256_hex(prev_hash + "\n" + canonical(envelope_) + "\n" + digest)
