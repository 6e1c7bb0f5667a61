from http import HTTPStatus
from typing import Any

import httpx

from ... import errors
from ...client import AuthenticatedClient, Client
from ...models.stream_ticket_output import StreamTicketOutput
from ...models.stream_tickets_create_problem import StreamTicketsCreateProblem
from ...types import Response


def _get_kwargs() -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/api/v1/stream-tickets",
    }

    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> StreamTicketOutput | StreamTicketsCreateProblem | None:
    if response.status_code == 200:
        response_200 = StreamTicketOutput.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = StreamTicketsCreateProblem.from_dict(response.json())

        return response_400

    if response.status_code == 401:
        response_401 = StreamTicketsCreateProblem.from_dict(response.json())

        return response_401

    if response.status_code == 415:
        response_415 = StreamTicketsCreateProblem.from_dict(response.json())

        return response_415

    if response.status_code == 429:
        response_429 = StreamTicketsCreateProblem.from_dict(response.json())

        return response_429

    if response.status_code == 431:
        response_431 = StreamTicketsCreateProblem.from_dict(response.json())

        return response_431

    if response.status_code == 503:
        response_503 = StreamTicketsCreateProblem.from_dict(response.json())

        return response_503

    if client.raise_on_unexpected_status:
        raise errors.UnexpectedStatus(response.status_code, response.content)
    else:
        return None


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[StreamTicketOutput | StreamTicketsCreateProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[StreamTicketOutput | StreamTicketsCreateProblem]:
    """A 60-second ticket for opening your streams (`?ticket=`)

     A ticket that opens your streams for 60 s, for clients that cannot send headers
    (a browser's EventSource): `?ticket=` on the stream's URL, never a token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[StreamTicketOutput | StreamTicketsCreateProblem]
    """

    kwargs = _get_kwargs()

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient,
) -> StreamTicketOutput | StreamTicketsCreateProblem | None:
    """A 60-second ticket for opening your streams (`?ticket=`)

     A ticket that opens your streams for 60 s, for clients that cannot send headers
    (a browser's EventSource): `?ticket=` on the stream's URL, never a token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        StreamTicketOutput | StreamTicketsCreateProblem
    """

    return sync_detailed(
        client=client,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient,
) -> Response[StreamTicketOutput | StreamTicketsCreateProblem]:
    """A 60-second ticket for opening your streams (`?ticket=`)

     A ticket that opens your streams for 60 s, for clients that cannot send headers
    (a browser's EventSource): `?ticket=` on the stream's URL, never a token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[StreamTicketOutput | StreamTicketsCreateProblem]
    """

    kwargs = _get_kwargs()

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient,
) -> StreamTicketOutput | StreamTicketsCreateProblem | None:
    """A 60-second ticket for opening your streams (`?ticket=`)

     A ticket that opens your streams for 60 s, for clients that cannot send headers
    (a browser's EventSource): `?ticket=` on the stream's URL, never a token.

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        StreamTicketOutput | StreamTicketsCreateProblem
    """

    return (
        await asyncio_detailed(
            client=client,
        )
    ).parsed
