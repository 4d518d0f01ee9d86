"""One lockout for every door (docs/rules.md, "Signing in and sessions"): the Django admin site signs
in through the same throttle and the same failed-password counting as POST /api/login; an officer
cools down after five failures from one client address, at that address only (15 minutes,
doubling), a player stays blocked until unblocked, and every lockout is in the audit trail."""

from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.utils import timezone

from accounts import rules
from accounts.models import StaffLockout
from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from accounts.throttles import LoginRateThrottle
from bank import roles
from bank.models import AuditEntry

pytestmark = pytest.mark.django_db

SITE_LOGIN = "/django-admin/login/?next=/django-admin/"
WRONG = "not-the-password"


HOME = "127.0.0.1"  # the test client's address
STRANGER = "203.0.113.9"
OFFICE = "198.51.100.7"


def site_sign_in(client, username, password=PASSWORD, address=HOME):
    body = {"username": username, "password": password, "next": "/django-admin/"}
    return client.post(SITE_LOGIN, body, REMOTE_ADDR=address)


def api_sign_in(api, username, password=PASSWORD, address=HOME):
    return api.post("/api/login", {"username": username, "password": password}, format="json", REMOTE_ADDR=address)


def signed_in_on_the_site(client) -> bool:
    return client.get("/django-admin/").status_code == 200


def page(response) -> str:
    return response.content.decode()


def expire_the_lockout():
    """Time passes: the cool-down is over."""
    StaffLockout.objects.update(locked_until=timezone.now() - timedelta(seconds=1))


@pytest.fixture
def login_rate():
    """Set the per-address sign-in budget (the test settings allow 1,000 a minute)."""
    original = LoginRateThrottle.THROTTLE_RATES

    def set_rate(rate: str) -> None:
        LoginRateThrottle.THROTTLE_RATES = {**original, "login": rate}

    yield set_rate
    LoginRateThrottle.THROTTLE_RATES = original


# --- the throttle --------------------------------------------------------------------------------


def test_the_admin_site_is_throttled_per_client_address(client, admin_user, login_rate):
    login_rate("3/min")
    statuses = [site_sign_in(client, "admin", WRONG).status_code for _ in range(3)]
    throttled = site_sign_in(client, "admin")  # even the right password, once over the budget
    assert statuses == [200, 200, 200]
    assert throttled.status_code == 429
    assert int(throttled["Retry-After"]) > 0
    assert "Too many attempts. Please wait" in page(throttled)
    assert not signed_in_on_the_site(client)


def test_both_doors_share_one_budget(client, api, admin_user, login_rate):
    login_rate("4/min")
    assert [api_sign_in(api, "admin", WRONG).status_code for _ in range(2)] == [401, 401]
    assert [site_sign_in(client, "admin", WRONG).status_code for _ in range(2)] == [200, 200]
    assert site_sign_in(client, "admin").status_code == 429
    assert api_sign_in(api, "admin").status_code == 429


def test_a_throttled_attempt_does_not_count_as_a_failed_password(client, admin_user, login_rate):
    login_rate("2/min")
    for _ in range(6):
        site_sign_in(client, "admin", WRONG)
    assert StaffLockout.objects.get(user=admin_user).failed_attempts == 2


# --- an admin cools down --------------------------------------------------------------------------


def test_five_wrong_passwords_on_the_site_lock_the_admin_for_15_minutes(client, admin_user):
    answers = [site_sign_in(client, "admin", WRONG) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 200, 403]
    assert "Please enter the correct username and password" in page(answers[0])
    assert (
        "This officer account is locked at this address after 5 failed sign-in attempts: try again in 15 minutes"
        in (page(answers[4]))
    )
    lockout = StaffLockout.objects.get(user=admin_user)
    remaining = lockout.locked_until - timezone.now()
    assert timedelta(minutes=14) < remaining <= timedelta(minutes=15)


def test_a_locked_admin_is_refused_even_the_right_password_at_both_doors(client, api, admin_user):
    for _ in range(5):
        site_sign_in(client, "admin", WRONG)
    refused = site_sign_in(client, "admin")
    assert refused.status_code == 403
    assert not signed_in_on_the_site(client)
    by_api = api_sign_in(api, "admin")
    assert by_api.status_code == 403
    assert by_api.json()["code"] == "account_locked"
    assert by_api.json()["detail"].startswith("This officer account is locked at this address after 5 failed sign-in")


def test_failures_at_both_doors_add_up(client, api, admin_user):
    assert [api_sign_in(api, "admin", WRONG).status_code for _ in range(3)] == [401, 401, 401]
    assert [site_sign_in(client, "admin", WRONG).status_code for _ in range(2)] == [200, 403]
    assert StaffLockout.objects.get(user=admin_user).is_locked(timezone.now())


def test_after_the_cool_down_the_right_password_works_and_the_count_starts_again(client, admin_user):
    for _ in range(5):
        site_sign_in(client, "admin", WRONG)
    expire_the_lockout()
    assert site_sign_in(client, "admin").status_code == 302
    assert signed_in_on_the_site(client)
    assert not StaffLockout.objects.filter(user=admin_user).exists()


def test_each_further_lockout_doubles_the_cool_down(api, admin_user):
    durations = []
    for _ in range(3):
        for _ in range(5):
            api_sign_in(api, "admin", WRONG)
        lockout = StaffLockout.objects.get(user=admin_user)
        durations.append(round((lockout.locked_until - timezone.now()).total_seconds() / 60))
        expire_the_lockout()
    assert durations == [15, 30, 60]


def test_a_successful_sign_in_forgets_the_doubling(api, admin_user):
    for _ in range(5):
        api_sign_in(api, "admin", WRONG)
    expire_the_lockout()
    assert api_sign_in(api, "admin").status_code == 200
    for _ in range(5):
        api_sign_in(api, "admin", WRONG)
    remaining = StaffLockout.objects.get(user=admin_user).locked_until - timezone.now()
    assert remaining <= timedelta(minutes=15)


def test_the_cool_down_is_at_most_a_day():
    assert [rules.staff_lockout_minutes(n) for n in (0, 1, 2, 6, 7, 40)] == [15, 30, 60, 960, 1440, 1440]


def test_a_lockout_does_not_sign_the_admin_out(api, admin_user):
    token = api_sign_in(api, "admin").json()["access_token"]
    for _ in range(5):
        api_sign_in(api, "admin", WRONG)
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    assert api.get("/api/me").status_code == 200


def test_ensure_admin_lifts_the_lockout(client, admin_user):
    for _ in range(5):
        site_sign_in(client, "admin", WRONG)
    out = StringIO()
    call_command("ensure_admin", stdout=out)
    assert "unlocked" in out.getvalue()
    assert site_sign_in(client, "admin").status_code == 302
    entry = AuditEntry.objects.get(kind="staff.unlocked")
    assert (entry.object_id, entry.before["lockouts"], entry.after["locked_until"]) == (admin_user.pk, 1, None)


def test_ensure_admin_unlock_lifts_another_officers_lockout_and_nothing_else(api, admin_user):
    teller = AdminFactory(username="Tess", is_superuser=False, role="teller")
    for _ in range(5):
        api_sign_in(api, "Tess", WRONG)
    for _ in range(2):
        api_sign_in(api, "admin", WRONG)  # the bank admin's failures are not the teller's
    assert api_sign_in(api, "Tess").status_code == 403
    out = StringIO()
    call_command("ensure_admin", "--unlock", "tess", stdout=out)
    assert out.getvalue().strip() == (
        "Officer 'Tess' had 1 sign-in lockout(s) and 0 failed attempt(s) since, from 1 address; unlocked."
    )
    assert not StaffLockout.objects.filter(user=teller).exists()
    assert StaffLockout.objects.get(user=admin_user).failed_attempts == 2
    entry = AuditEntry.objects.get(kind="staff.unlocked")
    assert (entry.object_id, entry.actor_name, entry.before["lockouts"]) == (teller.pk, "system", 1)
    assert entry.after == {
        "failed_attempts": 0,
        "lockouts": 0,
        "locked_until": None,
        "by": "manage.py ensure_admin --unlock",
    }
    assert api_sign_in(api, "Tess").status_code == 200


def test_ensure_admin_unlock_of_an_officer_not_locked_changes_nothing(admin_user):
    AdminFactory(username="Tess", is_superuser=False, role="teller")
    out = StringIO()
    call_command("ensure_admin", "--unlock", "Tess", stdout=out)
    assert out.getvalue().strip() == "Officer 'Tess' was not locked out; nothing changed."
    assert not AuditEntry.objects.filter(kind="staff.unlocked").exists()


@pytest.mark.parametrize("username", ["Aria", "nobody"])
def test_ensure_admin_unlock_names_a_username_that_is_not_staff(admin_user, username):
    PlayerFactory(name="Aria", failed_attempts=5, blocked_at=timezone.now())
    with pytest.raises(CommandError, match=f"'{username}' is not a staff account"):
        call_command("ensure_admin", "--unlock", username, stdout=StringIO())
    assert not AuditEntry.objects.filter(kind="staff.unlocked").exists()


def test_every_admin_lockout_is_in_the_audit_trail(client, api, admin_user):
    for _ in range(5):
        site_sign_in(client, "admin", WRONG)
    expire_the_lockout()
    for _ in range(5):
        api_sign_in(api, "admin", WRONG)
    entries = list(AuditEntry.objects.filter(kind="staff.locked").order_by("id"))
    assert [(entry.actor_name, entry.object_id) for entry in entries] == [("system", admin_user.pk)] * 2
    assert [(entry.after["door"], entry.after["minutes"]) for entry in entries] == [
        ("Django admin site", 15),
        ("app sign-in", 30),
    ]


def test_one_officers_lockout_leaves_the_other_officers_free_to_sign_in(client, api, admin_user):
    lou = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    AdminFactory(username="mia", role=roles.TELLER, is_superuser=False)
    assert [api_sign_in(api, "lou", WRONG).status_code for _ in range(5)] == [401, 401, 401, 401, 403]
    assert api_sign_in(api, "lou").json()["code"] == "account_locked"
    assert StaffLockout.objects.get().user == lou
    for other in ("mia", "admin"):
        answer = api_sign_in(api, other)
        assert answer.status_code == 200, other
        assert answer.json()["is_admin"] is True
    assert site_sign_in(client, "admin").status_code == 302  # the other door too
    entry = AuditEntry.objects.get(kind="staff.locked")
    assert entry.object_id == lou.pk


# --- a player stays blocked -----------------------------------------------------------------------


def test_a_players_wrong_passwords_on_the_site_block_the_player(client, api):
    player = PlayerFactory(name="Aria")
    answers = [site_sign_in(client, "Aria", WRONG) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [200, 200, 200, 200, 403]
    assert rules.MSG_BLOCKED in page(answers[4]).replace("&#x27;", "'")
    player.refresh_from_db()
    assert player.is_blocked
    assert api_sign_in(api, "Aria").json()["code"] == "account_blocked"
    entry = AuditEntry.objects.get(kind="player.blocked")
    assert (entry.player_id, entry.actor_name, entry.after["door"]) == (player.pk, "system", "Django admin site")


def test_a_player_blocked_by_the_app_is_in_the_audit_trail(api):
    player = PlayerFactory(name="Aria")
    for _ in range(5):
        api_sign_in(api, "Aria", WRONG)
    entry = AuditEntry.objects.get(kind="player.blocked")
    assert (entry.player_id, entry.after["failed_attempts"], entry.after["door"]) == (player.pk, 5, "app sign-in")


def test_a_blocked_player_stays_blocked_after_any_time(api):
    player = PlayerFactory(name="Aria", failed_attempts=5, blocked_at=timezone.now() - timedelta(days=30))
    assert api_sign_in(api, "Aria").status_code == 403
    player.refresh_from_db()
    assert player.is_blocked


def test_a_players_right_password_does_not_open_the_site(client):
    PlayerFactory(name="Aria", failed_attempts=2)
    answer = site_sign_in(client, "Aria")
    assert answer.status_code == 200
    assert "Please enter the correct username and password for a staff account" in page(answer)
    assert not signed_in_on_the_site(client)


# --- per client address (issue 29, item 6: a stranger cannot lock an officer out) ----------------


def test_five_wrong_passwords_from_one_address_lock_the_officer_there_only(client, api, admin_user):
    lou = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    answers = [api_sign_in(api, "lou", WRONG, address=STRANGER) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [401, 401, 401, 401, 403]
    # at the stranger's address even the right password is refused, at both doors ...
    assert api_sign_in(api, "lou", address=STRANGER).json()["code"] == "account_locked"
    assert site_sign_in(client, "admin", address=STRANGER).status_code == 302  # another officer is not locked
    # ... while the officer signs in from anywhere else, at either door
    assert api_sign_in(api, "lou", address=OFFICE).status_code == 200
    assert api_sign_in(api, "lou").status_code == 200
    lockout = StaffLockout.objects.get(user=lou)
    assert (lockout.address, lockout.is_locked(timezone.now())) == (STRANGER, True)
    entry = AuditEntry.objects.get(kind="staff.locked")
    assert (entry.object_id, entry.after["address"], entry.after["door"]) == (lou.pk, STRANGER, "app sign-in")


def test_the_admin_site_door_locks_per_address_too(client, admin_user):
    for _ in range(5):
        site_sign_in(client, "admin", WRONG, address=STRANGER)
    assert site_sign_in(client, "admin", address=STRANGER).status_code == 403
    assert site_sign_in(client, "admin", address=OFFICE).status_code == 302
    assert signed_in_on_the_site(client)
    assert AuditEntry.objects.get(kind="staff.locked").after["address"] == STRANGER


def test_the_doubling_is_kept_per_address(api, admin_user):
    def lock_from(address) -> int:
        for _ in range(5):
            api_sign_in(api, "admin", WRONG, address=address)
        lockout = StaffLockout.objects.get(user=admin_user, address=address)
        assert lockout.locked_until is not None  # five wrong passwords lock
        return round((lockout.locked_until - timezone.now()).total_seconds() / 60)

    assert lock_from(STRANGER) == 15
    expire_the_lockout()
    assert lock_from(STRANGER) == 30
    assert lock_from(OFFICE) == 15  # another address starts at 15
    # the officer signing in from a third address forgets nothing of the stranger's doubling
    assert api_sign_in(api, "admin").status_code == 200
    expire_the_lockout()
    assert lock_from(STRANGER) == 60
    # a successful sign-in from an address forgets that address's doubling
    expire_the_lockout()
    assert api_sign_in(api, "admin", address=OFFICE).status_code == 200
    assert lock_from(OFFICE) == 15


def test_failures_from_two_addresses_do_not_add_up(api, admin_user):
    for _ in range(4):
        api_sign_in(api, "admin", WRONG, address=STRANGER)
        api_sign_in(api, "admin", WRONG, address=OFFICE)
    assert not any(lockout.is_locked(timezone.now()) for lockout in StaffLockout.objects.all())
    assert api_sign_in(api, "admin", WRONG, address=STRANGER).json()["code"] == "account_locked"
    assert api_sign_in(api, "admin", address=OFFICE).status_code == 200


@pytest.mark.parametrize("unlock", [[], ["--unlock", "ADMIN"]])
def test_ensure_admin_lifts_the_lockouts_at_every_address(api, admin_user, unlock):
    for address in (STRANGER, OFFICE):
        for _ in range(5):
            api_sign_in(api, "admin", WRONG, address=address)
    api_sign_in(api, "admin", WRONG)  # one failure at a third address, not locked
    out = StringIO()
    call_command("ensure_admin", *unlock, stdout=out)
    assert "2 sign-in lockout(s) and 1 failed attempt(s) since, from 3 addresses; unlocked." in out.getvalue()
    assert not StaffLockout.objects.exists()
    for address in (STRANGER, OFFICE, HOME):
        assert api_sign_in(api, "admin", address=address).status_code == 200, address
    entry = AuditEntry.objects.get(kind="staff.unlocked")
    assert (entry.before["lockouts"], entry.before["failed_attempts"]) == (2, 1)
    assert sorted(entry.before["addresses"]) == sorted([STRANGER, OFFICE, HOME])


def test_the_address_is_the_one_the_throttle_counts(api, admin_user, settings):
    """Without trusted proxies (BANK_NUM_PROXIES=0) X-Forwarded-For is the client's to write: it is
    ignored, or a stranger would pick a fresh address for every five guesses. With one proxy in front,
    the address it names is the client's."""
    forwarded = {"HTTP_X_FORWARDED_FOR": "192.0.2.44"}
    api.post("/api/login", {"username": "admin", "password": WRONG}, format="json", REMOTE_ADDR=OFFICE, **forwarded)
    assert StaffLockout.objects.get().address == OFFICE
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "NUM_PROXIES": 1}
    api.post("/api/login", {"username": "admin", "password": WRONG}, format="json", REMOTE_ADDR=OFFICE, **forwarded)
    assert sorted(StaffLockout.objects.values_list("address", flat=True)) == ["192.0.2.44", OFFICE]
