from http import HTTPStatus
from typing import Any
from urllib.parse import quote
from uuid import UUID

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.player_record_output import PlayerRecordOutput
from ...models.players_retrieve_problem import PlayersRetrieveProblem
from ...types import Response


def _get_kwargs(
    player_id: UUID,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/players/{player_id}".format(
            player_id=quote(str(player_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerRecordOutput | PlayersRetrieveProblem | None:
    if response.status_code == 200:
        response_200 = PlayerRecordOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PlayersRetrieveProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlayersRetrieveProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = PlayersRetrieveProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = PlayersRetrieveProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PlayersRetrieveProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PlayersRetrieveProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayerRecordOutput | PlayersRetrieveProblem]:
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
) -> Response[PlayerRecordOutput | PlayersRetrieveProblem]:
    """A player and their stats

    Args:
        player_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerRecordOutput | PlayersRetrieveProblem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
) -> PlayerRecordOutput | PlayersRetrieveProblem | None:
    """A player and their stats

    Args:
        player_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerRecordOutput | PlayersRetrieveProblem
    """

    return sync_detailed(
        player_id=player_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
) -> Response[PlayerRecordOutput | PlayersRetrieveProblem]:
    """A player and their stats

    Args:
        player_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerRecordOutput | PlayersRetrieveProblem]
    """

    kwargs = _get_kwargs(
        player_id=player_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    player_id: UUID,
    *,
    client: AuthenticatedClient,
) -> PlayerRecordOutput | PlayersRetrieveProblem | None:
    """A player and their stats

    Args:
        player_id (UUID):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerRecordOutput | PlayersRetrieveProblem
    """

    return (
        await asyncio_detailed(
            player_id=player_id,
            client=client,
        )
    ).parsed
