"""Django's middleware for sessions, the admin's user and messages, passed by on the games
API (`/api/v1/games...`), where they do nothing: every view there is a DRF view
authenticated by a bearer token or a stream ticket (never a session or a cookie), and none
reads a session, a message or Django's `request.user` before DRF sets it. Each would still
cost every request a call or two, and on the event loop (a waiting long-poll) two thread
hops each. The admin, the documentation pages and `/api/v1/metrics` (staff by session)
keep them. (CSRF's middleware stays Django's own, which `check --deploy` asks for: on the
API it finds no cookie, and DRF exempts its views.)"""

from __future__ import annotations

from django.contrib.auth import middleware as auth_middleware
from django.contrib.messages import middleware as messages_middleware
from django.contrib.sessions import middleware as sessions_middleware

#: The paths passed by: the games API's.
GAMES_API = "/api/v1/games"


class _PassedByOnTheGamesApi:
    def __call__(self, request):
        if request.path_info.startswith(GAMES_API):
            return self.get_response(request)  # a coroutine in async mode, as the chain awaits
        return super().__call__(request)


class SessionMiddleware(_PassedByOnTheGamesApi, sessions_middleware.SessionMiddleware):
    pass


class AuthenticationMiddleware(_PassedByOnTheGamesApi, auth_middleware.AuthenticationMiddleware):
    pass


class MessageMiddleware(_PassedByOnTheGamesApi, messages_middleware.MessageMiddleware):
    pass
