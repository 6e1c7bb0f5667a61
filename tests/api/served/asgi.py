"""Talking to the service as the web server serves it: an httpx client on the ASGI
application, the caller's token, waiting on the event loop, the streams a player holds."""

from __future__ import annotations

import asyncio
import time

import httpx

from unoservice.streams import stream_slots

API = "/api/v1"
HOST = "http://testserver"
#: Seat 0 (staff) plays red-5.
PLAY_POSITION = {
    "hands": {"0": ["red-5", "blue-7", "wild"], "1": ["green-3", "yellow-4", "red-9"]},
    "discard": ["red-3"],
    "to_act": 0,
}


def served(app) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url=HOST, timeout=60)


def bearer(player) -> dict:
    return {"Authorization": f"Bearer {player.token}"}


async def wait_until(predicate, timeout: float = 10.0) -> None:
    """Checks the predicate on the loop's thread (it is quick): asyncio's own executor
    would start threads of its own."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def slots_held(player) -> int:
    return stream_slots().held(player.player.pk)
