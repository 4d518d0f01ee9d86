"""Second factor (issue 34, part 1): authenticator codes (TOTP) and recovery codes, the sign-in's second
step, the bank-wide requirement with its enrolment-only session, a treasurer's reset of another
officer's factors, and the Django admin site asking for the same code. The clock is fixed
(time-machine): a code is computed for an exact 30-second step."""

import json
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django_otp.oath import TOTP
from django_otp.plugins.otp_static.models import StaticToken
from django_otp.plugins.otp_totp.models import TOTPDevice

from accounts import factors
from accounts.models import BankSession, SignInChallenge, StaffLockout
from accounts.tests.factories import PASSWORD, AdminFactory
from bank import roles
from bank.models import AuditEntry, BankSettings
from conftest import bearer_for

pytestmark = pytest.mark.django_db

T0 = datetime(2026, 3, 2, 10, 0, 5, tzinfo=UTC)  # 5 s into a 30 s step
SITE_LOGIN = "/django-admin/login/?next=/django-admin/"


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


def code_for(device: TOTPDevice, *, steps_from_now: int = 0) -> str:
    """The code an authenticator app shows for this device's secret, `steps_from_now` 30 s steps away."""
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits)
    totp.time = datetime.now(UTC).timestamp() + steps_from_now * device.step
    return f"{totp.token():06d}"


def enrol(user, name="My phone") -> tuple[TOTPDevice, list[str]]:
    """Enrol an authenticator through the API, as the Security screen does; answers it and the recovery codes."""
    api = bearer_for(user)
    started = api.post("/api/me/factors/totp", {"name": name}, format="json")
    assert started.status_code == 201, started.json()
    device = TOTPDevice.objects.get(pk=started.json()["id"])
    confirmed = api.post(f"/api/me/factors/totp/{device.pk}/confirm", {"otp": code_for(device)}, format="json")
    assert confirmed.status_code == 200, confirmed.json()
    device.refresh_from_db()
    return device, confirmed.json()["recovery_codes"]


def password_step(api, username="admin", password=PASSWORD):
    return api.post("/api/login", {"username": username, "password": password}, format="json")


def code_step(api, challenge, otp):
    return api.post("/api/login/factor", {"challenge": challenge, "otp": otp}, format="json")


def next_step(device: TOTPDevice, clock) -> None:
    """Let the clock reach the device's next 30 s step (a code works once: the next one is new)."""
    clock.shift(timedelta(seconds=device.step))


# --- enrolment ----------------------------------------------------------------------------------------


def test_enrolment_shows_a_qr_code_and_the_secret_and_confirms_with_the_first_code(clock, admin_user):
    api = bearer_for(admin_user)
    started = api.post("/api/me/factors/totp", {"name": "Phone"}, format="json").json()
    assert started["qr_svg"].startswith("data:image/svg+xml")
    assert len(started["secret"]) == 32  # 20 random bytes in base32
    device = TOTPDevice.objects.get(pk=started["id"])
    assert device.confirmed is False
    assert api.get("/api/me/factors").json()["factors"] == []  # not a factor until confirmed

    answer = api.post(f"/api/me/factors/totp/{device.pk}/confirm", {"otp": code_for(device)}, format="json").json()
    device.refresh_from_db()
    assert device.confirmed is True
    assert len(answer["recovery_codes"]) == 10 and len(set(answer["recovery_codes"])) == 10
    listed = api.get("/api/me/factors").json()
    assert [(f["kind"], f["name"]) for f in listed["factors"]] == [("totp", "Phone")]
    assert listed["recovery_codes_left"] == 10


def test_a_wrong_first_code_confirms_nothing_and_is_in_the_audit_trail(clock, admin_user):
    api = bearer_for(admin_user)
    started = api.post("/api/me/factors/totp", {"name": "Phone"}, format="json").json()
    right = code_for(TOTPDevice.objects.get(pk=started["id"]))
    wrong = "000000" if right != "000000" else "111111"
    response = api.post(f"/api/me/factors/totp/{started['id']}/confirm", {"otp": wrong}, format="json")
    assert response.status_code == 400
    assert "does not match" in response.json()["detail"]
    assert TOTPDevice.objects.get(pk=started["id"]).confirmed is False
    assert AuditEntry.objects.filter(kind="factor.code_failed", object_id=admin_user.pk).count() == 1


def test_wrong_codes_while_setting_up_an_app_do_not_count_toward_the_lockout(clock, api, admin_user):
    """The person types a code of a secret the bank just showed them, in a session they already hold: a mistake
    there proves nothing about a stolen password, so it is recorded but locks nothing."""
    me = bearer_for(admin_user)
    started = me.post("/api/me/factors/totp", {"name": "Phone"}, format="json").json()
    device = TOTPDevice.objects.get(pk=started["id"])
    wrong = "000000" if code_for(device) != "000000" else "111111"
    for _ in range(6):
        answer = me.post(f"/api/me/factors/totp/{device.pk}/confirm", {"otp": wrong}, format="json")
        assert answer.status_code == 400
    assert not StaffLockout.objects.filter(user=admin_user).exists()
    assert AuditEntry.objects.filter(kind="factor.code_failed", after__step="enrolment").count() == 6
    confirmed = me.post(f"/api/me/factors/totp/{device.pk}/confirm", {"otp": code_for(device)}, format="json")
    assert confirmed.status_code == 200
    assert password_step(api).status_code == 202  # and the password still opens the code step


def test_a_factor_needs_a_name(admin_user):
    response = bearer_for(admin_user).post("/api/me/factors/totp", {"name": "  "}, format="json")
    assert response.status_code == 400
    assert "name" in response.json()["detail"]


def test_several_named_factors_are_allowed_and_only_the_first_makes_recovery_codes(clock, admin_user):
    _first, codes = enrol(admin_user, "Phone")
    next_step(_first, clock)
    api = bearer_for(admin_user)
    started = api.post("/api/me/factors/totp", {"name": "Tablet"}, format="json").json()
    second = TOTPDevice.objects.get(pk=started["id"])
    answer = api.post(f"/api/me/factors/totp/{second.pk}/confirm", {"otp": code_for(second)}, format="json").json()
    assert answer["recovery_codes"] is None
    assert [f["name"] for f in api.get("/api/me/factors").json()["factors"]] == ["Phone", "Tablet"]
    assert len(codes) == 10


# --- signing in with a code -------------------------------------------------------------------------------


def test_a_password_alone_issues_no_token_to_an_account_with_a_factor(clock, api, admin_user):
    enrol(admin_user)
    response = password_step(api)
    assert response.status_code == 202
    body = response.json()
    assert "access_token" not in body
    assert body["factor_required"] is True and body["challenge"]


def test_the_right_code_signs_in_once_and_the_same_code_is_refused_a_second_time(clock, api, admin_user):
    device, _codes = enrol(admin_user)
    next_step(device, clock)  # the enrolment used this step's code
    code = code_for(device)
    signed_in = code_step(api, password_step(api).json()["challenge"], code)
    assert signed_in.status_code == 200
    assert signed_in.json()["access_token"]
    # the session keeps the moment the factor was given (a step-up will read it)
    assert BankSession.objects.filter(user=admin_user, factor_verified_at=datetime.now(UTC)).count() == 1

    again = code_step(api, password_step(api).json()["challenge"], code)
    assert again.status_code == 401
    assert again.json()["code"] == "wrong_code"


def test_a_code_of_the_step_before_works_but_one_from_two_steps_ago_is_refused(clock, api, admin_user):
    device, _codes = enrol(admin_user)
    clock.shift(timedelta(minutes=5))
    two_ago = code_for(device, steps_from_now=-2)
    refused = code_step(api, password_step(api).json()["challenge"], two_ago)
    assert refused.status_code == 401
    one_ago = code_for(device, steps_from_now=-1)
    assert code_step(api, password_step(api).json()["challenge"], one_ago).status_code == 200


def test_five_wrong_codes_lock_the_officer_like_five_wrong_passwords(clock, api, admin_user):
    device, _codes = enrol(admin_user)
    next_step(device, clock)
    right = code_for(device)
    wrong = "000000" if right != "000000" else "111111"
    challenge = password_step(api).json()["challenge"]
    answers = [code_step(api, challenge, wrong) for _ in range(5)]
    assert [a.status_code for a in answers] == [401, 401, 401, 401, 403]
    assert answers[-1].json()["code"] == "account_locked"
    # locked: the right code is refused, and so is the right password
    assert code_step(api, challenge, right).status_code == 403
    assert password_step(api).status_code == 403
    assert AuditEntry.objects.filter(kind="factor.code_failed").count() == 5
    assert AuditEntry.objects.filter(kind="staff.locked", object_id=admin_user.pk).exists()


def test_the_right_password_again_does_not_forget_the_wrong_codes(clock, api, admin_user):
    device, _codes = enrol(admin_user)
    next_step(device, clock)
    wrong = "000000" if code_for(device) != "000000" else "111111"
    for _ in range(4):
        assert code_step(api, password_step(api).json()["challenge"], wrong).status_code == 401
    # a stranger with the password cannot reset the count by giving it again
    assert code_step(api, password_step(api).json()["challenge"], wrong).status_code == 403
    assert StaffLockout.objects.get(user=admin_user).locked_until is not None


def test_five_wrong_codes_block_a_player(clock, api, player):
    device, _codes = enrol(player.user)
    next_step(device, clock)
    wrong = "000000" if code_for(device) != "000000" else "111111"
    challenge = password_step(api, player.name).json()["challenge"]
    statuses = [code_step(api, challenge, wrong).status_code for _ in range(5)]
    assert statuses == [401, 401, 401, 401, 403]
    player.refresh_from_db()
    assert player.is_blocked


def test_a_challenge_is_used_once_and_lives_five_minutes(clock, api, admin_user):
    device, _codes = enrol(admin_user)
    next_step(device, clock)
    challenge = password_step(api).json()["challenge"]
    assert code_step(api, challenge, code_for(device)).status_code == 200
    next_step(device, clock)
    reused = code_step(api, challenge, code_for(device))
    assert reused.status_code == 401 and reused.json()["code"] == "challenge_expired"

    late = password_step(api).json()["challenge"]
    clock.shift(timedelta(minutes=5, seconds=1))
    assert code_step(api, late, code_for(device)).json()["code"] == "challenge_expired"


def test_a_forged_or_another_accounts_challenge_is_refused(clock, api, admin_user, player):
    device, _codes = enrol(admin_user)
    next_step(device, clock)
    challenge = password_step(api).json()["challenge"]
    assert code_step(api, challenge + "x", code_for(device)).json()["code"] == "challenge_expired"
    # a challenge names its account: another account's row under this signature is not found
    row = SignInChallenge.objects.get()
    row.user = player.user
    row.save()
    assert code_step(api, challenge, code_for(device)).json()["code"] == "challenge_expired"


# --- recovery codes ---------------------------------------------------------------------------------------


def test_each_recovery_code_signs_in_once(clock, api, admin_user):
    _device, codes = enrol(admin_user)
    assert code_step(api, password_step(api).json()["challenge"], codes[0]).status_code == 200
    assert code_step(api, password_step(api).json()["challenge"], codes[0]).status_code == 401
    # typed in capitals and without the dashes, a code is the same code
    assert code_step(api, password_step(api).json()["challenge"], codes[1].replace("-", "").upper()).status_code == 200
    assert factors.recovery_codes_left(admin_user) == 8
    assert AuditEntry.objects.filter(kind="factor.recovery_code_used").count() == 2


def test_recovery_codes_are_kept_hashed(clock, admin_user):
    _device, codes = enrol(admin_user)
    kept = set(StaticToken.objects.values_list("token", flat=True))
    assert len(kept) == 10
    assert not kept & {code.replace("-", "") for code in codes} and not kept & set(codes)


def test_new_recovery_codes_replace_the_old_set(clock, api, admin_user):
    _device, old = enrol(admin_user)
    answer = bearer_for(admin_user).post("/api/me/recovery-codes")
    assert answer.status_code == 201
    new = answer.json()["recovery_codes"]
    assert len(new) == 10 and not set(new) & set(old)
    assert code_step(api, password_step(api).json()["challenge"], old[0]).status_code == 401
    assert code_step(api, password_step(api).json()["challenge"], new[0]).status_code == 200


def test_recovery_codes_need_a_factor(admin_user):
    response = bearer_for(admin_user).post("/api/me/recovery-codes")
    assert response.status_code == 409


# --- removing -------------------------------------------------------------------------------------------


def test_removing_the_last_factor_is_refused_while_the_bank_requires_one(clock, admin_user):
    device, _codes = enrol(admin_user)
    BankSettings.objects.update_or_create(pk=1, defaults={"require_second_factor": True})
    response = bearer_for(admin_user).delete(f"/api/me/factors/totp/{device.pk}")
    assert response.status_code == 409
    assert response.json()["code"] == "last_factor"
    assert TOTPDevice.objects.filter(pk=device.pk).exists()


def test_removing_the_last_factor_when_allowed_removes_the_recovery_codes_too(clock, api, admin_user):
    device, _codes = enrol(admin_user)
    assert bearer_for(admin_user).delete(f"/api/me/factors/totp/{device.pk}").status_code == 204
    assert factors.recovery_codes_left(admin_user) == 0
    assert password_step(api).status_code == 200  # the password alone again
    assert AuditEntry.objects.filter(kind="factor.removed", object_id=admin_user.pk).exists()


def test_nobody_removes_anothers_factor(clock, admin_user):
    device, _codes = enrol(admin_user)
    teller = AdminFactory(username="tina", role=roles.TELLER, is_superuser=False)
    assert bearer_for(teller).delete(f"/api/me/factors/totp/{device.pk}").status_code == 404
    assert TOTPDevice.objects.filter(pk=device.pk).exists()


# --- the bank requires a factor of every officer ---------------------------------------------------------------


def require_factor(treasurer) -> None:
    response = bearer_for(treasurer).put("/api/admin/bank-settings", {"require_second_factor": True}, format="json")
    assert response.status_code == 200, response.json()
    assert response.json()["require_second_factor"] is True


def test_turning_the_requirement_on_is_done_at_once_and_audited(admin_user):
    require_factor(admin_user)
    entry = AuditEntry.objects.get(kind="bank.settings_set")
    assert entry.after == {"require_second_factor": True}


def test_turning_the_requirement_off_loosens_a_control_and_waits_for_a_second_treasurer(admin_user):
    require_factor(admin_user)
    response = bearer_for(admin_user).put("/api/admin/bank-settings", {"require_second_factor": False}, format="json")
    assert response.status_code == 202
    assert BankSettings.current().require_second_factor is True


def test_an_officer_without_a_factor_reaches_only_enrolment_until_one_is_confirmed(clock, api, admin_user):
    teller = AdminFactory(username="tina", role=roles.TELLER, is_superuser=False)
    require_factor(admin_user)
    signed_in = password_step(api, "tina")
    assert signed_in.status_code == 200
    assert signed_in.json()["enrolment_required"] is True
    limited = bearer_for_token(signed_in.json()["access_token"])
    assert limited.get("/api/me").json()["enrolment_required"] is True
    for path in ("/api/admin/dashboard-stats", "/api/admin/audit", "/api/me/bank-data"):
        refused = limited.get(path)
        assert refused.status_code == 403, path
        assert refused.json()["code"] == "factor_enrolment_required"
    assert limited.post("/api/ws-ticket").status_code == 403
    assert limited.post("/api/me/recovery-codes").status_code == 403

    started = limited.post("/api/me/factors/totp", {"name": "Phone"}, format="json").json()
    device = TOTPDevice.objects.get(pk=started["id"])
    confirmed = limited.post(f"/api/me/factors/totp/{device.pk}/confirm", {"otp": code_for(device)}, format="json")
    assert confirmed.status_code == 200
    # the same session now reaches everything its role does, its factor given now
    assert limited.get("/api/admin/dashboard-stats").status_code == 200
    assert limited.get("/api/me").json()["enrolment_required"] is False
    assert BankSession.objects.get(user=teller, ended_at__isnull=True).factor_verified_at is not None


def test_turning_the_requirement_on_limits_the_open_sessions_of_officers_without_a_factor(clock, admin_user):
    teller = AdminFactory(username="tina", role=roles.TELLER, is_superuser=False)
    teller_api = bearer_for(teller)
    assert teller_api.get("/api/admin/dashboard-stats").status_code == 200
    require_factor(admin_user)
    assert teller_api.get("/api/admin/dashboard-stats").json()["code"] == "factor_enrolment_required"


def test_players_are_not_held_by_the_officers_requirement(clock, api, admin_user, player):
    require_factor(admin_user)
    signed_in = password_step(api, player.name)
    assert signed_in.status_code == 200
    assert signed_in.json()["enrolment_required"] is False


def bearer_for_token(token: str):
    from rest_framework.test import APIClient

    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


# --- a treasurer resets another officer's factors --------------------------------------------------------------


def test_another_treasurer_resets_an_officers_factors_and_ends_their_sessions(clock, admin_user):
    officer = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    enrol(officer)
    officer_api = bearer_for(officer)
    response = bearer_for(admin_user).post(
        f"/api/admin/officers/{officer.pk}/factors/reset", {"reason": "lost phone"}, format="json"
    )
    assert response.status_code == 200
    assert response.json()["factors_removed"] == 1
    assert not factors.has_factor(officer) and factors.recovery_codes_left(officer) == 0
    assert officer_api.get("/api/me").status_code == 401
    entry = AuditEntry.objects.get(kind="factor.reset")
    assert entry.after["reason"] == "lost phone" and entry.actor_id == admin_user.pk


def test_a_reset_needs_a_reason(admin_user):
    officer = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    response = bearer_for(admin_user).post(f"/api/admin/officers/{officer.pk}/factors/reset", {}, format="json")
    assert response.status_code == 400


def test_only_a_treasurer_resets_and_never_their_own(clock, admin_user):
    loan_officer = AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)
    enrol(admin_user)
    refused = bearer_for(loan_officer).post(
        f"/api/admin/officers/{admin_user.pk}/factors/reset", {"reason": "x"}, format="json"
    )
    assert refused.status_code == 403
    own = bearer_for(admin_user).post(
        f"/api/admin/officers/{admin_user.pk}/factors/reset", {"reason": "x"}, format="json"
    )
    assert own.status_code == 403 and own.json()["code"] == "own_factor"
    assert factors.has_factor(admin_user)


def test_ensure_admin_resets_an_officers_factors_on_the_server(clock, admin_user):
    enrol(admin_user)
    out = StringIO()
    call_command("ensure_admin", "--reset-factors", "ADMIN", stdout=out)
    assert "1 second factor(s)" in out.getvalue()
    assert not factors.has_factor(admin_user)
    assert AuditEntry.objects.get(kind="factor.reset").actor_id is None
    with pytest.raises(CommandError, match="No officer"):
        call_command("ensure_admin", "--reset-factors", "nobody")


# --- the Django admin site --------------------------------------------------------------------------------------


def test_the_admin_site_refuses_a_password_alone_for_an_account_with_a_factor(clock, client, admin_user):
    device, _codes = enrol(admin_user)
    next_step(device, clock)
    refused = client.post(SITE_LOGIN, {"username": "admin", "password": PASSWORD})
    assert refused.status_code == 200
    assert "second factor" in refused.content.decode()
    assert client.get("/django-admin/").status_code == 302  # still signed out

    wrong = "000000" if code_for(device) != "000000" else "111111"
    client.post(SITE_LOGIN, {"username": "admin", "password": PASSWORD, "otp_token": wrong})
    assert AuditEntry.objects.filter(kind="factor.code_failed").count() == 1

    signed_in = client.post(SITE_LOGIN, {"username": "admin", "password": PASSWORD, "otp_token": code_for(device)})
    assert signed_in.status_code == 302
    assert client.get("/django-admin/").status_code == 200


def test_a_site_session_without_the_factor_has_no_access(clock, client, admin_user):
    enrol(admin_user)
    client.force_login(admin_user)  # a session that never gave the code
    assert client.get("/django-admin/").status_code == 302


def test_the_admin_site_sends_an_unenrolled_treasurer_to_enrol_while_the_bank_requires_it(client, admin_user):
    require_factor(admin_user)
    refused = client.post(SITE_LOGIN, {"username": "admin", "password": PASSWORD})
    assert "Security screen" in refused.content.decode()


# --- secrets stay out of the trail and the backup ------------------------------------------------------------


def test_no_secret_or_code_reaches_the_audit_trail(clock, api, admin_user):
    api_user = bearer_for(admin_user)
    started = api_user.post("/api/me/factors/totp", {"name": "Phone"}, format="json").json()
    device = TOTPDevice.objects.get(pk=started["id"])
    code = code_for(device)
    codes = api_user.post(f"/api/me/factors/totp/{device.pk}/confirm", {"otp": code}, format="json").json()[
        "recovery_codes"
    ]
    code_step(api, password_step(api).json()["challenge"], codes[0])
    trail = json.dumps(list(AuditEntry.objects.values("before", "after", "object_label")))
    for secret in (started["secret"], device.key, code, *codes):
        assert secret not in trail
