from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.game_create_input import GameCreateInput
from ...models.game_view import GameView
from ...models.games_create_problem import GamesCreateProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: GameCreateInput,
    idempotency_key: str | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}
    if not isinstance(idempotency_key, Unset):
        headers["Idempotency-Key"] = idempotency_key

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/games",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> GameView | GamesCreateProblem | None:
    if response.status_code == 201:
        response_201 = GameView.from_dict(response.json())

        return response_201

    if response.status_code == 400:
        response_400 = GamesCreateProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = GamesCreateProblem.from_dict(response.json())

        return response_401

    if response.status_code == 403:
        response_403 = GamesCreateProblem.from_dict(response.json())

        return response_403

    if response.status_code == 409:
        response_409 = GamesCreateProblem.from_dict(response.json())

        return response_409

    if response.status_code == 415:
        response_415 = GamesCreateProblem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = GamesCreateProblem.from_dict(response.json())

        return response_422

    if response.status_code == 429:
        response_429 = GamesCreateProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = GamesCreateProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = GamesCreateProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[GameView | GamesCreateProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: GameCreateInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | GamesCreateProblem]:
    """Create a game; you take seat 0

     The lobby: list the games you may see; create a game and take seat 0.

    Args:
        idempotency_key (str | Unset):
        body (GameCreateInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesCreateProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
    body: GameCreateInput,
    idempotency_key: str | Unset = UNSET,
) -> GameView | GamesCreateProblem | None:
    """Create a game; you take seat 0

     The lobby: list the games you may see; create a game and take seat 0.

    Args:
        idempotency_key (str | Unset):
        body (GameCreateInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesCreateProblem
    """

    return sync_detailed(
        client=client,
        body=body,
        idempotency_key=idempotency_key,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: GameCreateInput,
    idempotency_key: str | Unset = UNSET,
) -> Response[GameView | GamesCreateProblem]:
    """Create a game; you take seat 0

     The lobby: list the games you may see; create a game and take seat 0.

    Args:
        idempotency_key (str | Unset):
        body (GameCreateInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[GameView | GamesCreateProblem]
    """

    kwargs = _get_kwargs(
        body=body,
        idempotency_key=idempotency_key,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: GameCreateInput,
    idempotency_key: str | Unset = UNSET,
) -> GameView | GamesCreateProblem | None:
    """Create a game; you take seat 0

     The lobby: list the games you may see; create a game and take seat 0.

    Args:
        idempotency_key (str | Unset):
        body (GameCreateInput): A request body: a member the operation does not take is a 400
            `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        GameView | GamesCreateProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
            idempotency_key=idempotency_key,
        )
    ).parsed
