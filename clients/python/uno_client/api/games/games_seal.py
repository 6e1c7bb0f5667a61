from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.games_seal_problem import GamesSealProblem
from ...models.seal_view import SealView
from ...types import Response


def _get_kwargs(
    game_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/games/{game_id}/seal".format(
            game_id=quote(str(game_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GamesSealProblem | SealView | None:
    if response.status_code == 200:
        response_200 = SealView.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = GamesSealProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesSealProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = GamesSealProblem.from_dict(response.json())

        return response_404

    if response.status_code == 409:
        response_409 = GamesSealProblem.from_dict(response.json())

        return response_409

    if response.status_code == 429:
        response_429 = GamesSealProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesSealProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesSealProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GamesSealProblem | SealView]:
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
) -> Response[GamesSealProblem | SealView]:
    """The seal of an ended game (Ed25519 over its id, version and head hash)

     The Ed25519 seal of an ended game: anyone who may read the game may check that its
    log ends where the service signed it did, with a key from GET /keys.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamesSealProblem | SealView]
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
) -> GamesSealProblem | SealView | None:
    """The seal of an ended game (Ed25519 over its id, version and head hash)

     The Ed25519 seal of an ended game: anyone who may read the game may check that its
    log ends where the service signed it did, with a key from GET /keys.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamesSealProblem | SealView
    """

    return sync_detailed(
        game_id=game_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    game_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[GamesSealProblem | SealView]:
    """The seal of an ended game (Ed25519 over its id, version and head hash)

     The Ed25519 seal of an ended game: anyone who may read the game may check that its
    log ends where the service signed it did, with a key from GET /keys.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GamesSealProblem | SealView]
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
) -> GamesSealProblem | SealView | None:
    """The seal of an ended game (Ed25519 over its id, version and head hash)

     The Ed25519 seal of an ended game: anyone who may read the game may check that its
    log ends where the service signed it did, with a key from GET /keys.

    Args:
        game_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GamesSealProblem | SealView
    """

    return (
        await asyncio_detailed(
            game_id=game_id,
            client=client,
        )
    ).parsed
