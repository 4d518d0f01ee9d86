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
    from bank import live

    player = PlayerFactory()
    sent = []
    monkeypatch.setattr(live, "notify", lambda kinds, ids=(), **kw: sent.append((set(kinds), list(ids))))
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


ADD_URL = "/django-admin/accounts/player/add/"


def add_form(**fields) -> dict:
    return {"name": "Newcomer", "discord": "newcomer.guild", "client_type": "new"} | fields


def page_text(response) -> str:
    return response.content.decode()


def test_adding_a_player_on_the_site_goes_through_the_service(client, admin_user, monkeypatch):
    from bank import live

    sent = []
    monkeypatch.setattr(live, "notify", lambda kinds, ids=(), **kw: sent.append((set(kinds), list(ids))))
    other_admin = PlayerFactory().user  # any other user: the form cannot name who added the player
    client.force_login(admin_user)
    response = client.post(ADD_URL, add_form(has_solo_access="on", added_by=other_admin.pk, user=other_admin.pk))
    assert response.status_code == 302, page_text(response)[:2000]
    player = Player.objects.get(name="Newcomer")
    assert player.added_by == admin_user  # the acting admin, never a form value
    assert player.user is None  # the player claims the record by registering
    assert player.has_solo_access is True
    assert ({"players"}, [player.pk]) in sent


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"name": "aria.guild"}, "Player name &#x27;aria.guild&#x27; is already taken"),
        ({"discord": "ARIA"}, "Discord username &#x27;ARIA&#x27; is already registered"),
        ({"name": "A"}, "Player name must be at least 2 characters"),
        ({"name": "admin"}, "is reserved"),
    ],
)
def test_adding_on_the_site_applies_the_registration_rules(client, admin_user, fields, message):
    PlayerFactory(name="Aria", discord="aria.guild")
    client.force_login(admin_user)
    response = client.post(ADD_URL, add_form(**fields))
    assert response.status_code == 200
    assert message in page_text(response)
    assert Player.objects.count() == 1


def test_renaming_on_the_site_applies_the_registration_rules(client, admin_user):
    PlayerFactory(name="Aria", discord="aria.guild")
    borin = PlayerFactory(name="Borin", discord="borin.guild")
    client.force_login(admin_user)
    response = client.post(f"/django-admin/accounts/player/{borin.pk}/change/", change_form(borin, name="Aria.Guild"))
    assert response.status_code == 200
    assert "Player name &#x27;Aria.Guild&#x27; is already taken" in page_text(response)
    borin.refresh_from_db()
    assert borin.name == "Borin"


def test_renaming_on_the_site_saves_through_the_service(client, admin_user, monkeypatch):
    from bank import live

    sent = []
    monkeypatch.setattr(live, "notify", lambda kinds, ids=(), **kw: sent.append((set(kinds), list(ids))))
    borin = PlayerFactory(name="Borin", discord="borin.guild")
    client.force_login(admin_user)
    form = change_form(borin, name="  Borin the Bold ", discord="borin")
    response = client.post(f"/django-admin/accounts/player/{borin.pk}/change/", form)
    assert response.status_code == 302, page_text(response)[:2000]
    borin.refresh_from_db()
    assert (borin.name, borin.discord) == ("Borin the Bold", "borin")
    assert sent == [({"players"}, [borin.pk])]


def test_the_site_cannot_link_a_player_to_another_user(client, admin_user):
    player = PlayerFactory()
    own_user = player.user_id
    client.force_login(admin_user)
    response = client.post(
        f"/django-admin/accounts/player/{player.pk}/change/", change_form(player, user=admin_user.pk)
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.user_id == own_user


def test_a_clash_arising_after_the_forms_check_is_shown_and_nothing_is_saved(client, admin_user, monkeypatch):
    """Another admin or a registration takes the name between the form's check and the save."""
    from accounts import admin as player_admin

    PlayerFactory(name="Aria", discord="aria.guild")
    borin = PlayerFactory(name="Borin", discord="borin.guild")
    monkeypatch.setattr(player_admin, "player_identity_validate", lambda name, discord, player_id: (name, discord))
    client.force_login(admin_user)
    url = f"/django-admin/accounts/player/{borin.pk}/change/"
    response = client.post(url, change_form(borin, name="aria.guild", has_solo_access="on"), follow=True)
    assert response.status_code == 200
    assert "Player name &#x27;aria.guild&#x27; is already taken" in page_text(response)
    borin.refresh_from_db()
    assert (borin.name, borin.has_solo_access) == ("Borin", False)


def password_form(password: str) -> dict:
    return {"password1": password, "password2": password, "usable_password": "true", "set-password": "1"}


def test_a_password_changed_on_the_site_ends_the_players_sessions_unblocks_and_is_in_the_trail(
    client, admin_user, player_api, player
):
    from bank.models import AuditEntry

    assert player_api.get("/api/me").status_code == 200
    Player.objects.filter(pk=player.pk).update(blocked_at=timezone.now(), failed_attempts=5)
    client.force_login(admin_user)

    response = client.post(f"/django-admin/accounts/user/{player.user_id}/password/", password_form("new-pass-123"))

    assert response.status_code == 302 and response.url.endswith(f"/accounts/user/{player.user_id}/change/")
    # the token that was good a moment ago no longer is: the old password's sessions ended
    assert player_api.get("/api/me").status_code == 401
    player.refresh_from_db()
    assert player.blocked_at is None and player.failed_attempts == 0
    assert player.user.check_password("new-pass-123")
    entry = AuditEntry.objects.get(kind="player.password_set")
    assert entry.actor_id == admin_user.pk and entry.after["password"] == "changed"
    assert "new-pass-123" not in str(entry.before) + str(entry.after)


def test_an_officers_password_changed_on_the_site_ends_their_sessions_and_is_in_the_trail(client, admin_user):
    from accounts.tests.factories import AdminFactory
    from bank.models import AuditEntry
    from conftest import bearer_for

    officer = AdminFactory(username="lou", is_superuser=False, role="teller")
    officer_api = bearer_for(officer)
    assert officer_api.get("/api/me").status_code == 200
    client.force_login(admin_user)

    response = client.post(f"/django-admin/accounts/user/{officer.pk}/password/", password_form("officer-pass-9"))

    assert response.status_code == 302
    assert officer_api.get("/api/me").status_code == 401
    entry = AuditEntry.objects.get(kind="officer.password_set")
    assert entry.actor_id == admin_user.pk and entry.after["password"] == "changed"


def test_a_short_password_is_refused_on_the_site_and_nothing_changes(client, admin_user, player_api, player):
    from bank.models import AuditEntry

    client.force_login(admin_user)
    response = client.post(f"/django-admin/accounts/user/{player.user_id}/password/", password_form("short"))

    assert response.status_code == 200
    assert "Password must be at least 8 characters" in response.content.decode()
    assert player_api.get("/api/me").status_code == 200
    assert not AuditEntry.objects.filter(kind="player.password_set").exists()


def test_users_are_not_added_on_the_site(client, admin_user):
    client.force_login(admin_user)
    assert client.get("/django-admin/accounts/user/add/").status_code == 403
