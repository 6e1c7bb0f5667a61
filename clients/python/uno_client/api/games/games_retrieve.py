from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_view import GameView
from ...models.games_retrieve_problem import GamesRetrieveProblem
from ...types import Response


def _get_kwargs(
    game_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameView | GamesRetrieveProblem | None:
    if response.status_code == 200:
        response_200 = GameView.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GamesRetrieveProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesRetrieveProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = GamesRetrieveProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = GamesRetrieveProblem.from_dict(response.json())

        return response_429

    if response.status_code == 503:
        response_503 = GamesRetrieveProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GameView | GamesRetrieveProblem]:
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
) -> Response[GameView | GamesRetrieveProblem]:
    """The game as you may see it (ETag: its version)

     The game as you may see it: your hand, everyone's counts, the table, whose turn,
    deadlines. Its `ETag` is the game's version.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesRetrieveProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> GameView | GamesRetrieveProblem | None:
    """The game as you may see it (ETag: its version)

     The game as you may see it: your hand, everyone's counts, the table, whose turn,
    deadlines. Its `ETag` is the game's version.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesRetrieveProblem
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[GameView | GamesRetrieveProblem]:
    """The game as you may see it (ETag: its version)

     The game as you may see it: your hand, everyone's counts, the table, whose turn,
    deadlines. Its `ETag` is the game's version.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesRetrieveProblem]
    """

    kwargs = _get_kwargs(
        game_id=game_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> GameView | GamesRetrieveProblem | None:
    """The game as you may see it (ETag: its version)

     The game as you may see it: your hand, everyone's counts, the table, whose turn,
    deadlines. Its `ETag` is the game's version.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesRetrieveProblem
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
