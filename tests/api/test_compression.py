"""The games API's JSON answers in the coding the client asks for (unoservice.compression):
the same bytes once decoded, the same ETag, and nothing changed for a client that does
not ask."""

from __future__ import annotations

import gzip

import brotli
import pytest

from unoservice.compression import MIN_BYTES, chosen_coding


@pytest.mark.parametrize(
    ("header", "coding"),
    [
        ("", None),
        ("identity", None),
        ("gzip", "gzip"),
        ("gzip, deflate", "gzip"),
        ("gzip, deflate, br, zstd", "br"),
        ("br;q=0, gzip", "gzip"),
        ("br;q=0.5, gzip;q=0.8", "gzip"),
        ("BR", "br"),
        ("*", "br"),
        ("*;q=0", None),
        ("gzip;q=0, br;q=0", None),
        ("br;q=oops, gzip", "gzip"),
    ],
)
def test_the_coding_follows_the_accept_encoding_weights(header, coding):
    assert chosen_coding(header) == coding


def _one_move(player, game_id, action, **headers):
    return player.act(game_id, action, HTTP_IDEMPOTENCY_KEY="one-move", **headers)


@pytest.mark.parametrize(
    ("asked", "decode"), [("br", brotli.decompress), ("gzip", gzip.decompress)]
)
def test_a_move_answer_is_compressed_when_asked_and_decodes_to_the_same_bytes(
    ann, bob, started_game, asked, decode
):
    game = started_game(ann, [bob])
    player = ann if game["to_act"] == 0 else bob
    action = player.legal(game["id"])[0]
    first = _one_move(player, game["id"], action)
    # The same key and body: the stored answer again, as it is, then in the coding asked for.
    plain = _one_move(player, game["id"], action)
    coded = _one_move(player, game["id"], action, HTTP_ACCEPT_ENCODING=f"{asked}, deflate")

    assert first.status_code == plain.status_code == coded.status_code == 200, first.content
    assert "Content-Encoding" not in first and "Content-Encoding" not in plain
    assert coded["Content-Encoding"] == asked
    assert decode(coded.content) == plain.content
    assert len(coded.content) < 0.5 * len(plain.content)
    assert int(coded["Content-Length"]) == len(coded.content)
    assert coded["ETag"] == plain["ETag"]  # the game's version, whatever the coding
    for answer in (first, plain, coded):
        assert "Accept-Encoding" in answer["Vary"]


def test_only_the_games_api_json_answers_are_compressed(ann, bob, started_game):
    game = started_game(ann, [bob])
    me = ann.get("/api/v1/players/me", HTTP_ACCEPT_ENCODING="br, gzip")
    assert me.status_code == 200 and "Content-Encoding" not in me
    legal = f"/api/v1/games/{game['id']}/legal-actions"
    short, short_coded = ann.get(legal), ann.get(legal, HTTP_ACCEPT_ENCODING="gzip")
    if len(short.content) < MIN_BYTES:  # too short to gain: sent as it is
        assert short_coded.content == short.content and "Content-Encoding" not in short_coded
    view = ann.get(f"/api/v1/games/{game['id']}", HTTP_ACCEPT_ENCODING="gzip")
    assert view["Content-Encoding"] == "gzip"
    assert gzip.decompress(view.content).startswith(b"{")
    not_modified = ann.get(
        f"/api/v1/games/{game['id']}", HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=view["ETag"]
    )
    assert not_modified.status_code == 304 and "Content-Encoding" not in not_modified


def test_an_operator_turns_compression_off_where_a_proxy_compresses(
    ann, bob, started_game, settings
):
    settings.UNO_COMPRESSION = False
    game = started_game(ann, [bob])
    player = ann if game["to_act"] == 0 else bob

    answer = _one_move(player, game["id"], player.legal(game["id"])[0], HTTP_ACCEPT_ENCODING="br")

    assert answer.status_code == 200 and "Content-Encoding" not in answer
    assert answer.json()["version"] > game["version"]
