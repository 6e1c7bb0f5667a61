from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_game_page import PlayerGamePage
from ...models.players_games_list_problem import PlayersGamesListProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    player_id: UUID,
    *,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/{player_id}/games".format(
            player_id=quote(str(player_id), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerGamePage | PlayersGamesListProblem | None:
    if response.status_code == 200:
        response_200 = PlayerGamePage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PlayersGamesListProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlayersGamesListProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = PlayersGamesListProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = PlayersGamesListProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PlayersGamesListProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PlayersGamesListProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayerGamePage | PlayersGamesListProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[PlayerGamePage | PlayersGamesListProblem]:
    """A player's ended games you may read, newest first

    Args:
        player_id (UUID):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGamePage | PlayersGamesListProblem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> PlayerGamePage | PlayersGamesListProblem | None:
    """A player's ended games you may read, newest first

    Args:
        player_id (UUID):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGamePage | PlayersGamesListProblem
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[PlayerGamePage | PlayersGamesListProblem]:
    """A player's ended games you may read, newest first

    Args:
        player_id (UUID):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerGamePage | PlayersGamesListProblem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> PlayerGamePage | PlayersGamesListProblem | None:
    """A player's ended games you may read, newest first

    Args:
        player_id (UUID):
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerGamePage | PlayersGamesListProblem
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
