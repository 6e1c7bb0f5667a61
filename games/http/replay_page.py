"""The players' replay page: the viewer staff use in the admin, opened by a signed link
(games.replay_links) and showing the game as the link's player may see it: their own
cards always, everyone's once the game's full record is open to them. Every step goes
through the same redaction as the API (games.presentation)."""

from __future__ import annotations

from django.http import HttpResponse, JsonResponse
from django.template.response import TemplateResponse
from django.urls import path, reverse
from django.views.decorators.http import require_GET

from games import selectors
from games.admin.replay_viewer import replay_data
from games.replay_links import ReplayLinkRefused, replay_link_open
from unoservice.errors import DomainError


def _private(response: HttpResponse) -> HttpResponse:
    """The link is the key to the page: it is kept out of caches, search engines and the
    Referer header of links followed from it."""
    response["Cache-Control"] = "private, no-store"
    response["Referrer-Policy"] = "no-referrer"
    response["X-Robots-Tag"] = "noindex"
    return response


def _opened(game_id, signed: str):
    link = replay_link_open(game_id=game_id, signed=signed)
    game = selectors.game_get(game_id=game_id, player=link.player)
    return game, link.player


def _refused(request, reason: str, status: int) -> HttpResponse:
    response = TemplateResponse(request, "games/replay_refused.html", {"reason": reason})
    response.status_code = status
    return _private(response)


@require_GET
def replay_page(request, game_id, signed: str):
    try:
        game, player = _opened(game_id, signed)
    except ReplayLinkRefused as refused:
        return _refused(request, refused.reason, 403)
    except DomainError:
        return _refused(request, "No such game.", 404)
    try:  # no step asked for: the viewer opens at the deal
        at = max(0, min(int(request.GET["at"]), game.version))
    except (KeyError, ValueError):
        at = None
    context = {
        "game": game,
        "player": player,
        "at": at,
        "fault": None,
        "steps_url": reverse("replay-page-steps", args=[game.id, signed]),
    }
    return _private(TemplateResponse(request, "games/replay_page.html", context))


@require_GET
def replay_page_steps(request, game_id, signed: str):
    try:
        game, player = _opened(game_id, signed)
    except ReplayLinkRefused as refused:
        return _private(JsonResponse({"detail": refused.reason}, status=403))
    except DomainError:
        return _private(JsonResponse({"detail": "No such game."}, status=404))
    return _private(JsonResponse(replay_data(game=game, player=player)))


urlpatterns = [
    path("games/<uuid:game_id>/replay/<str:signed>/", replay_page, name="replay-page"),
    path(
        "games/<uuid:game_id>/replay/<str:signed>/steps.json",
        replay_page_steps,
        name="replay-page-steps",
    ),
]
