"""The Django admin site edits players through the same rules and live notices as the API."""

import pytest
from django.utils import timezone

from accounts.models import Player
from accounts.tests.factories import PlayerFactory

pytestmark = pytest.mark.django_db


def change_form(player: Player, **changes) -> dict:
    form = {
        "name": player.name,
        "discord": player.discord,
        "client_type": player.client_type,
        "user": player.user_id or "",
        "added_by": player.added_by_id or "",
    }
    if player.bad_payer:
        form["bad_payer"] = "on"
    if player.has_solo_access:
        form["has_solo_access"] = "on"
    form.update(changes)
    return {key: value for key, value in form.items() if value is not False}


def test_granting_solo_access_on_the_site_sends_the_players_notice(client, admin_user, monkeypatch):
    from accounts import admin as player_admin

    player = PlayerFactory()
    sent = []
    monkeypatch.setattr(player_admin.live, "notify", lambda kinds, ids=(), **kw: sent.append((set(kinds), list(ids))))
    client.force_login(admin_user)
    response = client.post(
        f"/django-admin/accounts/player/{player.pk}/change/", change_form(player, has_solo_access="on")
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    player.refresh_from_db()
    assert player.has_solo_access is True
    assert sent == [({"players", "credit"}, [player.pk])]


def test_the_site_cannot_edit_the_score_or_the_block(client, admin_user):
    player = PlayerFactory(credit_score=40, failed_attempts=5, blocked_at=timezone.now())
    client.force_login(admin_user)
    form = change_form(player, credit_score="300", failed_attempts="0", blocked_at_0="", blocked_at_1="")
    response = client.post(f"/django-admin/accounts/player/{player.pk}/change/", form)
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.credit_score, player.failed_attempts) == (40, 5)
    assert player.blocked_at is not None


def test_the_unblock_action_resets_the_failed_attempts(client, admin_user):
    blocked = PlayerFactory(failed_attempts=5, blocked_at=timezone.now())
    free = PlayerFactory(failed_attempts=2)
    client.force_login(admin_user)
    response = client.post(
        "/django-admin/accounts/player/",
        {"action": "unblock", "_selected_action": [blocked.pk, free.pk]},
    )
    assert response.status_code == 302
    blocked.refresh_from_db()
    free.refresh_from_db()
    assert (blocked.blocked_at, blocked.failed_attempts) == (None, 0)
    assert free.failed_attempts == 2  # not blocked: left alone


def test_saving_on_the_site_keeps_a_score_that_changed_meanwhile(client, admin_user, monkeypatch):
    """A credit event commits between the site loading the player and saving it."""
    from accounts.admin import PlayerAdmin

    player = PlayerFactory(credit_score=40)
    original_get_object = PlayerAdmin.get_object

    def load_then_change_elsewhere(self, request, object_id, from_field=None):
        loaded = original_get_object(self, request, object_id, from_field)
        Player.objects.filter(pk=loaded.pk).update(credit_score=65)
        return loaded

    monkeypatch.setattr(PlayerAdmin, "get_object", load_then_change_elsewhere)
    client.force_login(admin_user)
    response = client.post(
        f"/django-admin/accounts/player/{player.pk}/change/", change_form(player, has_solo_access="on")
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert (player.credit_score, player.has_solo_access) == (65, True)
