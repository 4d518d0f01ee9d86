"""An officer sees their own failed sign-ins (issue 29, item 6): each wrong password given for an
officer's account is recorded with its time, client address and door; `GET /api/me` tells the
officer how many since their last sign-in and the latest few. Nobody else reads them, the table
stays bounded, and a backup leaves it out."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts import rules
from accounts.models import StaffSignInFailure
from accounts.tests.factories import PASSWORD, AdminFactory
from bank import roles
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db

WRONG = "not-the-password"
STRANGER = "203.0.113.9"


def api_sign_in(api, username, password=PASSWORD, address="127.0.0.1"):
    return api.post("/api/login", {"username": username, "password": password}, format="json", REMOTE_ADDR=address)


def site_sign_in(client, username, password=PASSWORD, address="127.0.0.1"):
    body = {"username": username, "password": password, "next": "/django-admin/"}
    return client.post("/django-admin/login/?next=/django-admin/", body, REMOTE_ADDR=address)


def me(api, login) -> dict:
    return api.get("/api/me", HTTP_AUTHORIZATION=f"Bearer {login.json()['access_token']}").json()


def test_each_wrong_password_is_recorded_with_its_time_address_and_door(client, api, admin_user):
    api_sign_in(api, "admin", WRONG, address=STRANGER)
    site_sign_in(client, "ADMIN", WRONG, address="198.51.100.7")
    rows = list(StaffSignInFailure.objects.order_by("id").values_list("user", "address", "door"))
    assert rows == [
        (admin_user.pk, STRANGER, "app sign-in"),
        (admin_user.pk, "198.51.100.7", "Django admin site"),
    ]
    assert all(abs(row.at - timezone.now()) < timedelta(minutes=1) for row in StaffSignInFailure.objects.all())


def test_a_players_wrong_password_or_an_unknown_name_records_nothing(api, player):
    api_sign_in(api, player.name, WRONG)
    api_sign_in(api, "nobody-at-all", WRONG)
    assert not StaffSignInFailure.objects.exists()


def test_the_officer_sees_the_failures_since_their_last_sign_in(api, admin_user):
    first = api_sign_in(api, "admin")
    assert me(api, first)["failed_sign_ins"] == {"count": 0, "since": None, "latest": []}
    for address in ("192.0.2.1", "192.0.2.2", "192.0.2.3", STRANGER):
        api_sign_in(api, "admin", WRONG, address=address)
    second = api_sign_in(api, "admin")
    seen = me(api, second)["failed_sign_ins"]
    assert seen["count"] == 4
    assert seen["since"] is not None  # the first sign-in
    assert [row["address"] for row in seen["latest"]] == [STRANGER, "192.0.2.3", "192.0.2.2"]
    assert {row["door"] for row in seen["latest"]} == {"app sign-in"}
    # the first session keeps counting from the sign-in before it (none): every failure since
    assert me(api, first)["failed_sign_ins"]["count"] == 4
    # the next sign-in starts from the second one
    third = api_sign_in(api, "admin")
    assert me(api, third)["failed_sign_ins"]["count"] == 0


def test_failures_while_signed_in_show_at_once(api, admin_user):
    login = api_sign_in(api, "admin")
    api_sign_in(api, "admin", WRONG, address=STRANGER)
    seen = me(api, login)["failed_sign_ins"]
    assert (seen["count"], seen["latest"][0]["address"]) == (1, STRANGER)


def test_an_officer_sees_only_their_own_and_a_player_none(api, admin_user, player_api):
    AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    for _ in range(3):
        api_sign_in(api, "lou", WRONG, address=STRANGER)
    assert me(api, api_sign_in(api, "admin"))["failed_sign_ins"]["count"] == 0
    assert me(api, api_sign_in(api, "lou"))["failed_sign_ins"]["count"] == 3
    assert "failed_sign_ins" not in player_api.get("/api/me").json()
    # a stranger learns nothing of the attempts: the sign-in answer is the same as before
    assert "failed_sign_ins" not in api_sign_in(api, "lou").json()


def test_the_record_keeps_the_latest_50_and_30_days(api, admin_user):
    long_ago = timezone.now() - timedelta(days=rules.SIGN_IN_FAILURES_KEPT_DAYS + 1)
    StaffSignInFailure.objects.create(user=admin_user, at=long_ago, address="192.0.2.200", door="app sign-in")
    StaffSignInFailure.objects.bulk_create(
        StaffSignInFailure(user=admin_user, at=timezone.now() - timedelta(hours=1), address="192.0.2.1", door="x")
        for _ in range(rules.SIGN_IN_FAILURES_KEPT + 5)
    )
    api_sign_in(api, "admin", WRONG, address=STRANGER)
    kept = StaffSignInFailure.objects.filter(user=admin_user)
    assert kept.count() == rules.SIGN_IN_FAILURES_KEPT
    assert kept.order_by("-at").first().address == STRANGER
    assert not kept.filter(address="192.0.2.200").exists()


def test_me_reads_the_failures_in_two_queries_whatever_their_count(api, admin_user, django_assert_num_queries):
    login = api_sign_in(api, "admin")
    for address in ("192.0.2.1", "192.0.2.2", STRANGER):
        for _ in range(4):
            api_sign_in(api, "admin", WRONG, address=address)
    token = login.json()["access_token"]
    with django_assert_num_queries(AUTH_QUERIES + 2):
        assert api.get("/api/me", HTTP_AUTHORIZATION=f"Bearer {token}").json()["failed_sign_ins"]["count"] == 12
