from http import HTTPStatus
from typing import Any, cast
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_view import GameView
from ...models.games_retrieve_problem import GamesRetrieveProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    game_id: UUID,
    *,
    if_none_match: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(if_none_match, Unset):
        headers["If-None-Match"] = if_none_match

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Any | GameView | GamesRetrieveProblem | None:
    if response.status_code == 200:
        response_200 = GameView.from_dict(response.json())

        return response_200

    if response.status_code == 304:
        response_304 = cast(Any, None)
        return response_304

    if response.status_code == 400:
        response_400 = GamesRetrieveProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesRetrieveProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = GamesRetrieveProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = GamesRetrieveProblem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = GamesRetrieveProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesRetrieveProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesRetrieveProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Any | GameView | GamesRetrieveProblem]:
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
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameView | GamesRetrieveProblem]:
    """The game as you may see it, with its rule set

     The only answer that carries `rules` and `timers` besides a stream's first view; every view carries
    `rules_id`. The `ETag` is the game's version (`"12"`). With `If-None-Match` naming it, the answer is
    a 304 with no body while the game is at that version: keep your copy (all but `server_time`, which
    is new on every answer, and `spectators`, a live count, are still what you hold; its `replay_url`
    stays valid until 24 hours after you got it). An ended game that a rematch has linked to its next
    game (`next_game_id`, which no event records) is always answered whole. A `POST` answer's view
    carries the same `ETag` a `GET` would.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameView | GamesRetrieveProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
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
    if_none_match: str | Unset = UNSET,
) -> Any | GameView | GamesRetrieveProblem | None:
    """The game as you may see it, with its rule set

     The only answer that carries `rules` and `timers` besides a stream's first view; every view carries
    `rules_id`. The `ETag` is the game's version (`"12"`). With `If-None-Match` naming it, the answer is
    a 304 with no body while the game is at that version: keep your copy (all but `server_time`, which
    is new on every answer, and `spectators`, a live count, are still what you hold; its `replay_url`
    stays valid until 24 hours after you got it). An ended game that a rematch has linked to its next
    game (`next_game_id`, which no event records) is always answered whole. A `POST` answer's view
    carries the same `ETag` a `GET` would.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameView | GamesRetrieveProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
        if_none_match=if_none_match,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Response[Any | GameView | GamesRetrieveProblem]:
    """The game as you may see it, with its rule set

     The only answer that carries `rules` and `timers` besides a stream's first view; every view carries
    `rules_id`. The `ETag` is the game's version (`"12"`). With `If-None-Match` naming it, the answer is
    a 304 with no body while the game is at that version: keep your copy (all but `server_time`, which
    is new on every answer, and `spectators`, a live count, are still what you hold; its `replay_url`
    stays valid until 24 hours after you got it). An ended game that a rematch has linked to its next
    game (`next_game_id`, which no event records) is always answered whole. A `POST` answer's view
    carries the same `ETag` a `GET` would.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Any | GameView | GamesRetrieveProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
        if_none_match=if_none_match,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
    if_none_match: str | Unset = UNSET,
) -> Any | GameView | GamesRetrieveProblem | None:
    """The game as you may see it, with its rule set

     The only answer that carries `rules` and `timers` besides a stream's first view; every view carries
    `rules_id`. The `ETag` is the game's version (`"12"`). With `If-None-Match` naming it, the answer is
    a 304 with no body while the game is at that version: keep your copy (all but `server_time`, which
    is new on every answer, and `spectators`, a live count, are still what you hold; its `replay_url`
    stays valid until 24 hours after you got it). An ended game that a rematch has linked to its next
    game (`next_game_id`, which no event records) is always answered whole. A `POST` answer's view
    carries the same `ETag` a `GET` would.

    Args:
        game_id (UUID):
        if_none_match (str | Unset):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Any | GameView | GamesRetrieveProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
            if_none_match=if_none_match,
        )
    ).parsed
