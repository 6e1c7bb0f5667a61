from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.players_tokens_revoke_problem import PlayersTokensRevokeProblem
from ...models.token_output import TokenOutput
from ...types import Response


def _get_kwargs(
    token_id: int,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/players/me/tokens/{token_id}/revoke".format(
            token_id=quote(str(token_id), safe=""),
        ),
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayersTokensRevokeProblem | TokenOutput | None:
    if response.status_code == 200:
        response_200 = TokenOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PlayersTokensRevokeProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlayersTokensRevokeProblem.from_dict(response.json())

        return response_401

    if response.status_code == 404:
        response_404 = PlayersTokensRevokeProblem.from_dict(response.json())

        return response_404

    if response.status_code == 415:
        response_415 = PlayersTokensRevokeProblem.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = PlayersTokensRevokeProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PlayersTokensRevokeProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PlayersTokensRevokeProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayersTokensRevokeProblem | TokenOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    token_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[PlayersTokensRevokeProblem | TokenOutput]:
    """Revoke one of your tokens

    Args:
        token_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersTokensRevokeProblem | TokenOutput]
    """

    kwargs = _get_kwargs(
        token_id=token_id,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    token_id: int,
    *,
    client: AuthenticatedClient,
) -> PlayersTokensRevokeProblem | TokenOutput | None:
    """Revoke one of your tokens

    Args:
        token_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersTokensRevokeProblem | TokenOutput
    """

    return sync_detailed(
        token_id=token_id,
        client=client,
    ).parsed


async def asyncio_detailed(
    token_id: int,
    *,
    client: AuthenticatedClient,
) -> Response[PlayersTokensRevokeProblem | TokenOutput]:
    """Revoke one of your tokens

    Args:
        token_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersTokensRevokeProblem | TokenOutput]
    """

    kwargs = _get_kwargs(
        token_id=token_id,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    token_id: int,
    *,
    client: AuthenticatedClient,
) -> PlayersTokensRevokeProblem | TokenOutput | None:
    """Revoke one of your tokens

    Args:
        token_id (int):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersTokensRevokeProblem | TokenOutput
    """

    return (
        await asyncio_detailed(
            token_id=token_id,
            client=client,
        )
    ).parsed
