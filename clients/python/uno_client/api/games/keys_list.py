from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.keys_list_problem import KeysListProblem
from ...models.signing_keys import SigningKeys
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/api/v1/keys",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> KeysListProblem | SigningKeys | None:
    if response.status_code == 200:
        response_200 = SigningKeys.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = KeysListProblem.from_dict(response.json())

        return response_400

    if response.status_code == 429:
        response_429 = KeysListProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = KeysListProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = KeysListProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[KeysListProblem | SigningKeys]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[KeysListProblem | SigningKeys]:
    """The public keys that verify seals (no authentication)

     Every key the service has sealed games with, retired ones included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[KeysListProblem | SigningKeys]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
) -> KeysListProblem | SigningKeys | None:
    """The public keys that verify seals (no authentication)

     Every key the service has sealed games with, retired ones included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        KeysListProblem | SigningKeys
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
) -> Response[KeysListProblem | SigningKeys]:
    """The public keys that verify seals (no authentication)

     Every key the service has sealed games with, retired ones included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[KeysListProblem | SigningKeys]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
) -> KeysListProblem | SigningKeys | None:
    """The public keys that verify seals (no authentication)

     Every key the service has sealed games with, retired ones included.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        KeysListProblem | SigningKeys
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
