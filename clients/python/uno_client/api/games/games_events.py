from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.event_feed import EventFeed
from ...models.games_events_problem import GamesEventsProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    params: dict[str, Any] = {}

    params["after"] = after

    params["wait"] = wait

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/events".format(
            game_id=quote(str(game_id), safe=""),
        ),
        "params": params,
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | EventFeed | GamesEventsProblem | None:
    if response.status_code == 200:
        response_200 = EventFeed.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = GamesEventsProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesEventsProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = GamesEventsProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = GamesEventsProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesEventsProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesEventsProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | EventFeed | GamesEventsProblem]:
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
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | EventFeed | GamesEventsProblem]:
    """Your redacted event feed after a seq (long-poll with wait)

     With `wait`, the request is held until an event after `after` exists or `wait` seconds have passed
    (then `events` is empty). A waiting request counts toward the streams a player may hold open (429
    `too_many_streams`). The `ETag` is the game's version (`"12"`); `If-None-Match` naming it gives a
    304 (after the wait, with `wait`).

    Args:
        game_id (UUID):
        after (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | EventFeed | GamesEventsProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        wait=wait,
        if_none_match=if_none_match,
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
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | EventFeed | GamesEventsProblem | None:
    """Your redacted event feed after a seq (long-poll with wait)

     With `wait`, the request is held until an event after `after` exists or `wait` seconds have passed
    (then `events` is empty). A waiting request counts toward the streams a player may hold open (429
    `too_many_streams`). The `ETag` is the game's version (`"12"`); `If-None-Match` naming it gives a
    304 (after the wait, with `wait`).

    Args:
        game_id (UUID):
        after (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | EventFeed | GamesEventsProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        after=after,
        wait=wait,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | EventFeed | GamesEventsProblem]:
    """Your redacted event feed after a seq (long-poll with wait)

     With `wait`, the request is held until an event after `after` exists or `wait` seconds have passed
    (then `events` is empty). A waiting request counts toward the streams a player may hold open (429
    `too_many_streams`). The `ETag` is the game's version (`"12"`); `If-None-Match` naming it gives a
    304 (after the wait, with `wait`).

    Args:
        game_id (UUID):
        after (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | EventFeed | GamesEventsProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        after=after,
        wait=wait,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    after: int | Unset = UNSET,
    wait: int | Unset = UNSET,
    if_none_match: str | Unset = UNSET,
) -> Any | EventFeed | GamesEventsProblem | None:
    """Your redacted event feed after a seq (long-poll with wait)

     With `wait`, the request is held until an event after `after` exists or `wait` seconds have passed
    (then `events` is empty). A waiting request counts toward the streams a player may hold open (429
    `too_many_streams`). The `ETag` is the game's version (`"12"`); `If-None-Match` naming it gives a
    304 (after the wait, with `wait`).

    Args:
        game_id (UUID):
        after (int | Unset):
        wait (int | Unset):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | EventFeed | GamesEventsProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            after=after,
            wait=wait,
            if_none_match=if_none_match,
        )
    ).parsed
