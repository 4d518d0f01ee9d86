"""Passkeys (issue 34): several per person, each named; registered from the Security screen (options, then
the browser's answer), then a second factor at sign-in and at a step-up; a passkey that does not check out
counts toward the lockout as a wrong code does; removal and failures in the audit trail. The authenticator is
a software one (testkit/passkey.py) answering as a browser would."""

import pytest
from webauthn.helpers import base64url_to_bytes

from accounts.models import BankSession, Passkey, StaffLockout
from accounts.tests.factories import PASSWORD, AdminFactory
from bank.models import AuditEntry, BankSettings
from conftest import bearer_for
from testkit.passkey import SoftPasskey

pytestmark = pytest.mark.django_db


def add_passkey(api, name="My laptop", passkey: SoftPasskey | None = None):
    passkey = passkey or SoftPasskey()
    started = api.post("/api/me/factors/passkey/options", format="json")
    assert started.status_code == 200, started.json()
    body = {
        "challenge": started.json()["challenge"],
        "name": name,
        "credential": passkey.create(started.json()["options"]),
    }
    return passkey, api.post("/api/me/factors/passkey", body, format="json")


def password_step(api, username="admin"):
    answer = api.post("/api/login", {"username": username, "password": PASSWORD}, format="json")
    assert answer.status_code == 202, answer.json()
    return answer.json()


def passkey_step(api, passkey: SoftPasskey, challenge: str):
    options = api.post("/api/login/passkey/options", {"challenge": challenge}, format="json")
    assert options.status_code == 200, options.json()
    credential = passkey.get(options.json()["options"])
    return api.post("/api/login/passkey", {"challenge": challenge, "credential": credential}, format="json")


def test_registration_makes_a_named_passkey_the_first_factor_with_recovery_codes(admin_user):
    api = bearer_for(admin_user, factor=False)
    passkey, added = add_passkey(api)
    assert added.status_code == 201, added.json()
    assert added.json()["factor"]["kind"] == "passkey"
    assert added.json()["factor"]["name"] == "My laptop"
    assert len(added.json()["recovery_codes"]) == 10
    stored = Passkey.objects.get(user=admin_user)
    assert (stored.name, stored.confirmed, stored.transports) == ("My laptop", True, ["internal"])
    listed = api.get("/api/me/factors").json()["factors"]
    assert [(f["kind"], f["label"], f["name"]) for f in listed] == [("passkey", "Passkey", "My laptop")]
    entry = AuditEntry.objects.get(kind="factor.enrolled")
    assert entry.after == {"factor": "Passkey", "name": "My laptop", "recovery_codes_made": True}
    assert passkey.credential_id.hex() not in str(entry.after)


def test_several_passkeys_each_named_the_second_asks_for_the_first(admin_user):
    add_passkey(bearer_for(admin_user, factor=False), "Laptop")
    refused = bearer_for(admin_user, factor=False).post("/api/me/factors/passkey/options", format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "step_up_required")
    _, second = add_passkey(bearer_for(admin_user), "Security key")
    assert second.status_code == 201
    assert second.json()["recovery_codes"] is None  # the first factor made them
    assert list(Passkey.objects.order_by("pk").values_list("name", flat=True)) == ["Laptop", "Security key"]
    # the options leave out the passkeys the person has (no second registration of one authenticator)
    options = bearer_for(admin_user).post("/api/me/factors/passkey/options", format="json").json()["options"]
    assert len(options["excludeCredentials"]) == 2


def test_a_passkey_needs_a_name_and_a_credential_that_checks_out(admin_user):
    api = bearer_for(admin_user, factor=False)
    _, unnamed = add_passkey(api, name=" ")
    assert unnamed.status_code == 400
    started = api.post("/api/me/factors/passkey/options", format="json").json()
    forged = SoftPasskey(origin="https://phish.example").create(started["options"])
    answer = api.post(
        "/api/me/factors/passkey", {"challenge": started["challenge"], "name": "x", "credential": forged}, format="json"
    )
    assert (answer.status_code, answer.json()["code"]) == (400, "passkey_refused")
    assert not Passkey.objects.exists()
    assert AuditEntry.objects.filter(kind="factor.passkey_failed", after__step="enrolment").count() == 1


def test_sign_in_with_a_passkey_instead_of_a_code(api, admin_user):
    passkey, _ = add_passkey(bearer_for(admin_user, factor=False))
    step = password_step(api)
    assert (step["passkey"], step["code"]) == (True, False)
    signed_in = passkey_step(api, passkey, step["challenge"])
    assert signed_in.status_code == 200, signed_in.json()
    assert signed_in.json()["access_token"]
    session = BankSession.objects.filter(user=admin_user).latest("created_at")
    assert session.factor_verified_at is not None  # the passkey was the factor: step-up passes for 5 minutes
    stored = Passkey.objects.get()
    assert (stored.sign_count, stored.last_used_at is not None) == (1, True)
    # the challenge worked once
    again = api.post("/api/login/passkey/options", {"challenge": step["challenge"]}, format="json")
    assert (again.status_code, again.json()["code"]) == (401, "challenge_expired")


def test_another_authenticator_cannot_sign_in_and_five_failures_lock_the_officer(api, admin_user):
    add_passkey(bearer_for(admin_user, factor=False))
    # the same credential id, another key: a copied id signs nothing
    impostor = SoftPasskey(credential_id=base64url_to_bytes(Passkey.objects.get().credential_id))
    step = password_step(api)
    answers = [passkey_step(api, impostor, step["challenge"]) for _ in range(5)]
    assert [answer.status_code for answer in answers] == [401, 401, 401, 401, 403]
    assert answers[-1].json()["code"] == "account_locked"
    assert StaffLockout.objects.get(user=admin_user).locked_until is not None
    assert AuditEntry.objects.filter(kind="factor.passkey_failed").count() == 5


def test_step_up_with_a_passkey(admin_user):
    passkey, _ = add_passkey(bearer_for(admin_user, factor=False))
    api = bearer_for(admin_user, factor=False)
    refused = api.put("/api/admin/bank-settings", {"four_eyes_above": 500_000}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "step_up_required")
    options = api.post("/api/step-up/passkey/options", format="json").json()
    proof = {"challenge": options["challenge"], "credential": passkey.get(options["options"])}
    stepped = api.post("/api/step-up/passkey", proof, format="json")
    assert stepped.status_code == 200, stepped.json()
    assert api.put("/api/admin/bank-settings", {"four_eyes_above": 500_000}, format="json").status_code == 200
    assert BankSettings.current().four_eyes_above == 500_000


def test_a_step_up_challenge_is_the_callers_own(admin_user, player):
    passkey, _ = add_passkey(bearer_for(admin_user, factor=False))
    options = bearer_for(admin_user, factor=False).post("/api/step-up/passkey/options", format="json").json()
    proof = {"challenge": options["challenge"], "credential": passkey.get(options["options"])}
    answer = bearer_for(player.user, factor=False).post("/api/step-up/passkey", proof, format="json")
    assert (answer.status_code, answer.json()["code"]) == (401, "challenge_expired")


def test_a_passkey_is_removed_by_its_owner_only_and_in_the_audit_trail(admin_user, player):
    add_passkey(bearer_for(admin_user, factor=False))
    stored = Passkey.objects.get()
    assert bearer_for(player.user).delete(f"/api/me/factors/passkey/{stored.pk}").status_code == 404
    assert bearer_for(admin_user).delete(f"/api/me/factors/passkey/{stored.pk}").status_code == 204
    assert not Passkey.objects.exists()
    assert AuditEntry.objects.get(kind="factor.removed").after == {"factor": "Passkey", "name": "My laptop"}


def test_players_add_passkeys_too(player):
    _, added = add_passkey(bearer_for(player.user, factor=False), "Phone")
    assert added.status_code == 201
    assert Passkey.objects.get().user == player.user


def test_a_treasurers_reset_removes_passkeys(admin_user):
    lou = AdminFactory(username="lou", role="loan_officer", is_superuser=False)
    add_passkey(bearer_for(lou, factor=False))
    answer = bearer_for(admin_user).post(
        f"/api/admin/officers/{lou.pk}/factors/reset", {"reason": "lost"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["factors_removed"] == 1
    assert not Passkey.objects.exists()
