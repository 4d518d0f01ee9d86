"""An officer's own account in the app (issue 30, item 1): one's own password, a treasurer's reset and
unlock of an officer, and what a deactivated or locked officer is told (docs/rules.md, "Officers")."""

from datetime import timedelta

import pytest
import time_machine
from django.utils import timezone

from accounts.models import BankSession, StaffLockout, User
from accounts.tests.factories import PASSWORD, AdminFactory
from accounts.tokens import token_issue
from bank import roles
from bank.models import AuditEntry
from conftest import bearer_for
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db


def bearer(issued):
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {issued.access_token}")
    return client


def sign_in(api, username, password=PASSWORD):
    return api.post("/api/login", {"username": username, "password": password}, format="json")


def test_an_officer_changes_their_own_password_and_their_other_sessions_end(api):
    lou = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    elsewhere = token_issue(user=lou)
    here = token_issue(user=lou)
    client = api
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {here.access_token}")
    wrong = client.post("/api/me/password", {"current_password": "nope", "new_password": "a-new-pass-1"}, format="json")
    assert (wrong.status_code, wrong.json()["fields"]) == (
        400,
        {"current_password": ["Your current password is not right"]},
    )
    short = client.post("/api/me/password", {"current_password": PASSWORD, "new_password": "short"}, format="json")
    assert short.status_code == 400
    assert list(short.json()["fields"]) == ["new_password"]  # the form's field, where the message shows
    same = client.post("/api/me/password", {"current_password": PASSWORD, "new_password": PASSWORD}, format="json")
    assert same.status_code == 400
    done = client.post(
        "/api/me/password", {"current_password": PASSWORD, "new_password": "a-new-pass-1"}, format="json"
    )
    assert done.status_code == 200
    assert client.get("/api/me").status_code == 200  # this session goes on
    assert bearer(elsewhere).get("/api/me").status_code == 401  # the other session ended
    lou.refresh_from_db()
    assert lou.check_password("a-new-pass-1")
    entry = AuditEntry.objects.get(kind="officer.password_changed")
    assert (entry.actor_name, entry.after["other_sessions_ended"]) == ("lou", 1)
    assert "a-new-pass-1" not in str(entry.after)


def test_a_player_changes_their_own_password(player, player_api):
    response = player_api.post(
        "/api/me/password", {"current_password": PASSWORD, "new_password": "guild-pass-2"}, format="json"
    )
    assert response.status_code == 200
    player.user.refresh_from_db()
    assert player.user.check_password("guild-pass-2")
    assert AuditEntry.objects.get(kind="player.password_changed").player_id == player.pk


def test_a_treasurer_resets_an_officers_password_with_a_second_treasurer(api):
    treasurer, second = AdminFactory(username="tess"), AdminFactory(username="otto")
    lou = AdminFactory(username="lou", role=roles.TELLER, is_superuser=False)
    lou_session = token_issue(user=lou)
    StaffLockout.objects.create(user=lou, address="203.0.113.9", locked_until=timezone.now() + timedelta(minutes=9))
    response = bearer_for(treasurer).put(
        f"/api/admin/officers/{lou.pk}/password", {"new_password": "fresh-start-1"}, format="json"
    )
    assert response.status_code == 202
    assert "second treasurer" in response.json()["reason"]
    lou.refresh_from_db()
    assert lou.check_password(PASSWORD)  # nothing yet
    proposal_id = response.json()["proposal"]["id"]
    assert bearer_for(second).put(f"/api/admin/proposals/{proposal_id}/approve").status_code == 200
    lou.refresh_from_db()
    assert lou.check_password("fresh-start-1")
    assert bearer(lou_session).get("/api/me").status_code == 401
    assert not BankSession.objects.filter(user=lou, ended_at__isnull=True).exists()
    assert not StaffLockout.objects.filter(user=lou).exists()
    assert AuditEntry.objects.get(kind="officer.password_set").after["approved_by"] == "tess and otto"
    assert sign_in(api, "lou", "fresh-start-1").status_code == 200


def test_a_treasurer_resets_no_password_of_their_own_and_a_loan_officer_none(api):
    treasurer = AdminFactory(username="tess")
    lou = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    own = bearer_for(treasurer).put(
        f"/api/admin/officers/{treasurer.pk}/password", {"new_password": "fresh-start-1"}, format="json"
    )
    assert own.status_code == 403
    assert (
        bearer_for(lou)
        .put(f"/api/admin/officers/{treasurer.pk}/password", {"new_password": "x" * 10}, format="json")
        .status_code
        == 403
    )


def test_a_treasurer_sees_and_lifts_an_officers_lockout(api, django_assert_num_queries):
    treasurer = AdminFactory(username="tess")
    lou = AdminFactory(username="lou", role=roles.TELLER, is_superuser=False)
    until = timezone.now() + timedelta(minutes=14)
    StaffLockout.objects.create(user=lou, address="203.0.113.9", locked_until=until, lockouts=1)
    StaffLockout.objects.create(user=lou, address="198.51.100.7", locked_until=timezone.now() - timedelta(minutes=1))
    client = bearer_for(treasurer)
    with django_assert_num_queries(AUTH_QUERIES + 1):
        rows = {row["username"]: row for row in client.get("/api/admin/officers").json()["results"]}
    assert rows["lou"]["locked_addresses"] == 1 and rows["lou"]["locked_until"]
    assert rows["tess"]["locked_until"] is None
    lifted = client.delete(f"/api/admin/officers/{lou.pk}/lockout")
    assert lifted.json() == {"addresses": 2, "detail": "The lockout was lifted."}
    assert not StaffLockout.objects.filter(user=lou).exists()
    entry = AuditEntry.objects.get(kind="staff.unlocked")
    assert (entry.actor_name, entry.after["by"]) == ("tess", "tess on the Officers tab")
    assert client.delete(f"/api/admin/officers/{lou.pk}/lockout").json()["detail"] == "There was no lockout to lift."


def test_a_deactivated_officer_is_told_so_with_the_right_password_only(api):
    User.objects.create_user(username="gone", password=PASSWORD, is_staff=True, is_active=False, role=roles.TELLER)
    told = sign_in(api, "gone")
    assert (told.status_code, told.json()["detail"]) == (
        403,
        "This officer account is deactivated: ask a treasurer to reactivate it.",
    )
    wrong = sign_in(api, "gone", "not-it-at-all")
    assert (wrong.status_code, wrong.json()["code"]) == (401, "incorrect_password")


def test_a_locked_officer_is_told_until_when_and_who_can_lift_it(api):
    AdminFactory(username="lou", role=roles.TELLER, is_superuser=False)
    for _ in range(5):
        sign_in(api, "lou", "wrong-password")
    told = sign_in(api, "lou")
    assert told.status_code == 403
    detail = told.json()["detail"]
    assert detail.startswith("This officer account is locked at this address after 5 failed sign-in attempts")
    assert "A treasurer can lift the lock on the Officers tab, or run manage.py ensure_admin --unlock lou" in detail
    with time_machine.travel(timezone.now() + timedelta(minutes=16), tick=False):
        assert sign_in(api, "lou").status_code == 200
