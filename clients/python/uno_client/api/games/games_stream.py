from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.games_stream_problem import GamesStreamProblem
from ...models.games_stream_views import GamesStreamViews
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    views: GamesStreamViews | Unset = GamesStreamViews.ALL,
    last_event_id: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(last_event_id, Unset):
        headers["Last-Event-ID"] = last_event_id

    params: dict[str, Any] = {}

    params["after"] = after

    params["ticket"] = ticket

    json_views: str | Unset = UNSET
    if not isinstance(views, Unset):
        json_views = views.value

    params["views"] = json_views

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/stream".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GamesStreamProblem | str | None:
    if response.status_code == 200:
        response_200 = response.text
        return response_200

    if response.status_code == 400:
        response_400 = GamesStreamProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesStreamProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = GamesStreamProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = GamesStreamProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesStreamProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesStreamProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GamesStreamProblem | str]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    views: GamesStreamViews | Unset = GamesStreamViews.ALL,
    last_event_id: str | Unset = UNSET,
) -> Response[GamesStreamProblem | str]:
    """The game live, as Server-Sent Events or NDJSON (resumable)

     Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one `{"kind", "id", "data"}` object
    per line): `view` (your view, as `GET /games/{id}`, with `rules` and `timers`; `id` its version)
    first, then for each batch of appended events one `event` per event (redacted for you, as in the
    feed; `id` its seq) and a `view` (without `rules` and `timers`: its `rules_id` is the first view's;
    none with `?views=first`); keepalives (`: keepalive`, or an empty NDJSON line) at least every 15 s;
    once the game has ended, the final view and `end` (`{"version": V}`), then the stream closes. Resume
    with `Last-Event-ID: N` (or `?after=N`; the header wins): every event after N, then a view, then
    live; nothing lost or repeated. Counts toward the streams a player may hold open (429
    `too_many_streams`). Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).

    Args:
        game_id (UUID):
        after (int | Unset):
        ticket (str | Unset):
        views (GamesStreamViews | Unset):  Default: GamesStreamViews.ALL.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamesStreamProblem | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        ticket=ticket,
        views=views,
        last_event_id=last_event_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    views: GamesStreamViews | Unset = GamesStreamViews.ALL,
    last_event_id: str | Unset = UNSET,
) -> GamesStreamProblem | str | None:
    """The game live, as Server-Sent Events or NDJSON (resumable)

     Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one `{"kind", "id", "data"}` object
    per line): `view` (your view, as `GET /games/{id}`, with `rules` and `timers`; `id` its version)
    first, then for each batch of appended events one `event` per event (redacted for you, as in the
    feed; `id` its seq) and a `view` (without `rules` and `timers`: its `rules_id` is the first view's;
    none with `?views=first`); keepalives (`: keepalive`, or an empty NDJSON line) at least every 15 s;
    once the game has ended, the final view and `end` (`{"version": V}`), then the stream closes. Resume
    with `Last-Event-ID: N` (or `?after=N`; the header wins): every event after N, then a view, then
    live; nothing lost or repeated. Counts toward the streams a player may hold open (429
    `too_many_streams`). Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).

    Args:
        game_id (UUID):
        after (int | Unset):
        ticket (str | Unset):
        views (GamesStreamViews | Unset):  Default: GamesStreamViews.ALL.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamesStreamProblem | str
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        ticket=ticket,
        views=views,
        last_event_id=last_event_id,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    views: GamesStreamViews | Unset = GamesStreamViews.ALL,
    last_event_id: str | Unset = UNSET,
) -> Response[GamesStreamProblem | str]:
    """The game live, as Server-Sent Events or NDJSON (resumable)

     Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one `{"kind", "id", "data"}` object
    per line): `view` (your view, as `GET /games/{id}`, with `rules` and `timers`; `id` its version)
    first, then for each batch of appended events one `event` per event (redacted for you, as in the
    feed; `id` its seq) and a `view` (without `rules` and `timers`: its `rules_id` is the first view's;
    none with `?views=first`); keepalives (`: keepalive`, or an empty NDJSON line) at least every 15 s;
    once the game has ended, the final view and `end` (`{"version": V}`), then the stream closes. Resume
    with `Last-Event-ID: N` (or `?after=N`; the header wins): every event after N, then a view, then
    live; nothing lost or repeated. Counts toward the streams a player may hold open (429
    `too_many_streams`). Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).

    Args:
        game_id (UUID):
        after (int | Unset):
        ticket (str | Unset):
        views (GamesStreamViews | Unset):  Default: GamesStreamViews.ALL.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamesStreamProblem | str]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        ticket=ticket,
        views=views,
        last_event_id=last_event_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    ticket: str | Unset = UNSET,
    views: GamesStreamViews | Unset = GamesStreamViews.ALL,
    last_event_id: str | Unset = UNSET,
) -> GamesStreamProblem | str | None:
    """The game live, as Server-Sent Events or NDJSON (resumable)

     Frames (SSE: `event:`, `id:`, one line of `data:` JSON; NDJSON: one `{"kind", "id", "data"}` object
    per line): `view` (your view, as `GET /games/{id}`, with `rules` and `timers`; `id` its version)
    first, then for each batch of appended events one `event` per event (redacted for you, as in the
    feed; `id` its seq) and a `view` (without `rules` and `timers`: its `rules_id` is the first view's;
    none with `?views=first`); keepalives (`: keepalive`, or an empty NDJSON line) at least every 15 s;
    once the game has ended, the final view and `end` (`{"version": V}`), then the stream closes. Resume
    with `Last-Event-ID: N` (or `?after=N`; the header wins): every event after N, then a view, then
    live; nothing lost or repeated. Counts toward the streams a player may hold open (429
    `too_many_streams`). Browsers authenticate with `?ticket=` (`POST /api/v1/stream-tickets`).

    Args:
        game_id (UUID):
        after (int | Unset):
        ticket (str | Unset):
        views (GamesStreamViews | Unset):  Default: GamesStreamViews.ALL.
        last_event_id (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamesStreamProblem | str
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            ticket=ticket,
            views=views,
            last_event_id=last_event_id,
        )
    ).parsed
