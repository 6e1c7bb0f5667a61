"""`python bench/uvicorn_nodelay.py <uvicorn arguments>`: uvicorn, with its listening socket
marked as TCP so that asyncio turns TCP_NODELAY on for every accepted connection.

A record of the workaround; no script uses it now (bench/load.py's `--server uvicorn`
passes `--loop uvloop`, which turns TCP_NODELAY on by itself). With `--workers N`, uvicorn
binds the socket itself with `proto` 0; the accepted sockets inherit it, asyncio then
leaves Nagle's algorithm on, and every keep-alive request after the first waits ~40 ms
for the client's delayed ACK (https://github.com/Kludex/uvicorn/issues/3149, open at the
time of writing). Single-process uvicorn is not affected.
"""

from __future__ import annotations

import socket
import sys

import uvicorn.config
from uvicorn.main import main

_bind_socket = uvicorn.config.Config.bind_socket


def bind_socket(self) -> socket.socket:
    sock = _bind_socket(self)
    if sock.family in (socket.AF_INET, socket.AF_INET6) and sock.proto == 0:
        sock = socket.socket(sock.family, sock.type, socket.IPPROTO_TCP, fileno=sock.detach())
    return sock


uvicorn.config.Config.bind_socket = bind_socket

if __name__ == "__main__":
    sys.exit(main())
