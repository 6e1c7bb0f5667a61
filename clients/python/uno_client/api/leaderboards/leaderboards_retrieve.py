from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.leaderboard_page import LeaderboardPage
from ...models.leaderboards_retrieve_preset import LeaderboardsRetrievePreset
from ...models.leaderboards_retrieve_problem import LeaderboardsRetrieveProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    preset: LeaderboardsRetrievePreset,
    *,
    bots: bool | Unset = False,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> dict[str, Any]:

    params: dict[str, Any] = {}

    params["bots"] = bots

    params["cursor"] = cursor

    params["limit"] = limit

    params = {k: v for k, v in params.items() if v is not UNSET and v is not None}

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/leaderboards/{preset}".format(
            preset=quote(str(preset), safe=""),
        ),
        "params": params,
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> LeaderboardPage | LeaderboardsRetrieveProblem | None:
    if response.status_code == 200:
        response_200 = LeaderboardPage.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = LeaderboardsRetrieveProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = LeaderboardsRetrieveProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = LeaderboardsRetrieveProblem.from_dict(response.json())

        return response_404

    if response.status_code == 429:
        response_429 = LeaderboardsRetrieveProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = LeaderboardsRetrieveProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = LeaderboardsRetrieveProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[LeaderboardPage | LeaderboardsRetrieveProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    preset: LeaderboardsRetrievePreset,
    *,
    client: AuthenticatedClient,
    bots: bool | Unset = False,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[LeaderboardPage | LeaderboardsRetrieveProblem]:
    """A preset's leaderboard, best rating first

    Args:
        preset (LeaderboardsRetrievePreset):
        bots (bool | Unset):  Default: False.
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LeaderboardPage | LeaderboardsRetrieveProblem]
    """

    kwargs = _get_kwargs(
        preset=preset,
        bots=bots,
        cursor=cursor,
        limit=limit,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    preset: LeaderboardsRetrievePreset,
    *,
    client: AuthenticatedClient,
    bots: bool | Unset = False,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> LeaderboardPage | LeaderboardsRetrieveProblem | None:
    """A preset's leaderboard, best rating first

    Args:
        preset (LeaderboardsRetrievePreset):
        bots (bool | Unset):  Default: False.
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LeaderboardPage | LeaderboardsRetrieveProblem
    """

    return sync_detailed(
        preset=preset,
        client=client,
        bots=bots,
        cursor=cursor,
        limit=limit,
    ).parsed


async def asyncio_detailed(
    preset: LeaderboardsRetrievePreset,
    *,
    client: AuthenticatedClient,
    bots: bool | Unset = False,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> Response[LeaderboardPage | LeaderboardsRetrieveProblem]:
    """A preset's leaderboard, best rating first

    Args:
        preset (LeaderboardsRetrievePreset):
        bots (bool | Unset):  Default: False.
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[LeaderboardPage | LeaderboardsRetrieveProblem]
    """

    kwargs = _get_kwargs(
        preset=preset,
        bots=bots,
        cursor=cursor,
        limit=limit,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    preset: LeaderboardsRetrievePreset,
    *,
    client: AuthenticatedClient,
    bots: bool | Unset = False,
    cursor: str | Unset = UNSET,
    limit: int | Unset = 50,
) -> LeaderboardPage | LeaderboardsRetrieveProblem | None:
    """A preset's leaderboard, best rating first

    Args:
        preset (LeaderboardsRetrievePreset):
        bots (bool | Unset):  Default: False.
        cursor (str | Unset):
        limit (int | Unset):  Default: 50.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        LeaderboardPage | LeaderboardsRetrieveProblem
    """

    return (
        await asyncio_detailed(
            preset=preset,
            client=client,
            bots=bots,
            cursor=cursor,
            limit=limit,
        )
    ).parsed
