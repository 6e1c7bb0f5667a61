"""The leaderboards in the admin: ratings best first, by preset and board, read only."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model

from scoring.models import Board, Rating

from .play import people

pytestmark = pytest.mark.django_db


@pytest.fixture
def admin_client(client):
    client.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    return client


def rate(player, preset, board, mu, sigma=2.0):
    return Rating.objects.create(
        player=player,
        preset=preset,
        board=board,
        mu=mu,
        sigma=sigma,
        rating=mu - 3 * sigma,
        games=12,
        last_end_seq=1,
    )


def test_the_admin_lists_a_boards_ratings_best_first(admin_client):
    ann, bob, cid = people(3, "adm")
    rate(ann, "classic", Board.PLAYERS, 20)
    rate(bob, "classic", Board.PLAYERS, 30)
    rate(cid, "house", Board.PLAYERS, 40)

    response = admin_client.get("/admin/scoring/rating/", {"preset": "classic", "board": "players"})
    assert response.status_code == 200
    shown = list(response.context["cl"].result_list)
    assert [r.player for r in shown] == [bob, ann]


def test_a_rating_cannot_be_changed_or_deleted_from_the_admin(admin_client):
    (ann,) = people(1, "ro")
    rating = rate(ann, "classic", Board.PLAYERS, 20)
    page = f"/admin/scoring/rating/{rating.pk}/change/"
    assert admin_client.get(page).status_code == 200
    admin_client.post(page, {"mu": 99})
    admin_client.post(f"/admin/scoring/rating/{rating.pk}/delete/", {"post": "yes"})
    rating.refresh_from_db()
    assert rating.mu == 20
    assert admin_client.get("/admin/scoring/rating/add/").status_code == 403
