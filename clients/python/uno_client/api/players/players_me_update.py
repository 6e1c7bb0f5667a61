from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.patched_profile_input import PatchedProfileInput
from ...models.player_output import PlayerOutput
from ...models.players_me_update_problem import PlayersMeUpdateProblem
from ...types import UNSET, Response, Unset


def _get_kwargs(
    *,
    body: PatchedProfileInput | Unset = UNSET,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "patch",
        "url": "/api/v1/players/me",
    }

    if not isinstance(body, Unset):
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> PlayerOutput | PlayersMeUpdateProblem | None:
    if response.status_code == 200:
        response_200 = PlayerOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = PlayersMeUpdateProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = PlayersMeUpdateProblem.from_dict(response.json())

        return response_401

    if response.status_code == 415:
        response_415 = PlayersMeUpdateProblem.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = PlayersMeUpdateProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = PlayersMeUpdateProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = PlayersMeUpdateProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[PlayerOutput | PlayersMeUpdateProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedProfileInput | Unset = UNSET,
) -> Response[PlayerOutput | PlayersMeUpdateProblem]:
    """Change your display name

     A partial update: members left out keep their values.

    Args:
        body (PatchedProfileInput | Unset): A request body: a member the operation does not take
            is a 400 `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerOutput | PlayersMeUpdateProblem]
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
    client: AuthenticatedClient,
    body: PatchedProfileInput | Unset = UNSET,
) -> PlayerOutput | PlayersMeUpdateProblem | None:
    """Change your display name

     A partial update: members left out keep their values.

    Args:
        body (PatchedProfileInput | Unset): A request body: a member the operation does not take
            is a 400 `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerOutput | PlayersMeUpdateProblem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
    body: PatchedProfileInput | Unset = UNSET,
) -> Response[PlayerOutput | PlayersMeUpdateProblem]:
    """Change your display name

     A partial update: members left out keep their values.

    Args:
        body (PatchedProfileInput | Unset): A request body: a member the operation does not take
            is a 400 `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[PlayerOutput | PlayersMeUpdateProblem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
    body: PatchedProfileInput | Unset = UNSET,
) -> PlayerOutput | PlayersMeUpdateProblem | None:
    """Change your display name

     A partial update: members left out keep their values.

    Args:
        body (PatchedProfileInput | Unset): A request body: a member the operation does not take
            is a 400 `unknown_field`
            whose `field` names it (with its path, e.g. `rules.presets`), not silently dropped,
            so a typo never passes for a default.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        PlayerOutput | PlayersMeUpdateProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
