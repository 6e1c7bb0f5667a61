from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.players_register_problem import PlayersRegisterProblem
from ...models.register_input import RegisterInput
from ...models.register_output import RegisterOutput
from ...types import Response


def _get_kwargs(
    *,
    body: RegisterInput,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/players",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayersRegisterProblem | RegisterOutput | None:
    if response.status_code == 201:
        response_201 = RegisterOutput.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = PlayersRegisterProblem.from_dict(response.json())

        return response_400

    if response.status_code == 415:
        response_415 = PlayersRegisterProblem.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = PlayersRegisterProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PlayersRegisterProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PlayersRegisterProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayersRegisterProblem | RegisterOutput]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterInput,
) -> Response[PlayersRegisterProblem | RegisterOutput]:
    """Register: get a player and a token

    Args:
        body (RegisterInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersRegisterProblem | RegisterOutput]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterInput,
) -> PlayersRegisterProblem | RegisterOutput | None:
    """Register: get a player and a token

    Args:
        body (RegisterInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersRegisterProblem | RegisterOutput
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterInput,
) -> Response[PlayersRegisterProblem | RegisterOutput]:
    """Register: get a player and a token

    Args:
        body (RegisterInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayersRegisterProblem | RegisterOutput]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: RegisterInput,
) -> PlayersRegisterProblem | RegisterOutput | None:
    """Register: get a player and a token

    Args:
        body (RegisterInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayersRegisterProblem | RegisterOutput
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
