"""For bench/load.py's `--server granian`: the production application (unoservice.asgi)
under granian's ASGI interface. granian's `receive` returns an awaitable that is not a
coroutine, which a2wsgi's body reader (asyncio.run_coroutine_threadsafe) cannot take: it
is wrapped in one."""

from unoservice.asgi import application as service


async def application(scope, receive, send):
    async def receive_coroutine():
        return await receive()

    await service(scope, receive_coroutine, send)
