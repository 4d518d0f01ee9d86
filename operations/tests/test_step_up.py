"""Step-up (issue 34, part 3; docs/rules.md "Step-up"): approving above the four-eyes threshold, downloading a
backup, adding or deactivating an officer, changing a role, the Bank Settings or another officer's factors
need a second factor given in the last 5 minutes. The API answers 403 `step_up_required`; POST /api/step-up
with a code refreshes the session, and the same call then passes. Wrong step-up codes count toward the
lockout as sign-in codes do."""

from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django_otp.oath import TOTP
from django_otp.plugins.otp_totp.models import TOTPDevice
from rest_framework.test import APIClient

from accounts.models import BankSession, StaffLockout
from accounts.tests.factories import PASSWORD, AdminFactory, PlayerFactory
from bank import roles
from bank.models import AuditEntry, BankSettings, Proposal
from conftest import bearer_for
from lending.models import WithdrawalRequest
from lending.tests.factories import SavingsFactory, WithdrawalRequestFactory

pytestmark = pytest.mark.django_db

T0 = datetime(2027, 3, 10, 11, 0, 5, tzinfo=UTC)  # 5 s into a 30 s step


@pytest.fixture
def clock():
    with time_machine.travel(T0, tick=False) as traveller:
        yield traveller


@pytest.fixture
def lou(db):
    return AdminFactory(username="lou", role=roles.LOAN_OFFICER, is_superuser=False)


@pytest.fixture
def mia(db):
    return AdminFactory(username="mia", role=roles.LOAN_OFFICER, is_superuser=False)


def authenticator(user) -> TOTPDevice:
    """A confirmed authenticator app of the user's, as the Security screen leaves it."""
    return TOTPDevice.objects.create(user=user, name="Phone", confirmed=True, step=30, digits=6, tolerance=1)


def code_for(device: TOTPDevice, *, steps_from_now: int = 0) -> str:
    totp = TOTP(device.bin_key, device.step, device.t0, device.digits)
    totp.time = datetime.now(UTC).timestamp() + steps_from_now * device.step
    return f"{totp.token():06d}"


@pytest.fixture
def big_withdrawal(db):
    player = PlayerFactory()
    SavingsFactory(player=player, invested_value=3_000_000)
    return WithdrawalRequestFactory(player=player, amount=2_000_000)


def approve_path(request) -> str:
    return f"/api/admin/withdrawal-requests/{request.pk}/approve"


# --- the rule ---------------------------------------------------------------------------------------------


def test_approving_above_the_threshold_asks_for_a_fresh_factor_then_passes_after_a_step_up(clock, lou, big_withdrawal):
    device = authenticator(lou)
    api = bearer_for(lou, factor=False)  # signed in by password alone
    refused = api.put(approve_path(big_withdrawal), {}, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "step_up_required"
    assert "confirm it is you" in refused.json()["detail"]
    big_withdrawal.refresh_from_db()
    assert big_withdrawal.approvals == []  # nothing recorded

    stepped = api.post("/api/step-up", {"otp": code_for(device)}, format="json")
    assert stepped.status_code == 200, stepped.json()
    assert stepped.json()["fresh_until"] == (T0 + timedelta(minutes=5)).isoformat().replace("+00:00", "Z")

    again = api.put(approve_path(big_withdrawal), {}, format="json")
    assert again.status_code == 202, again.json()  # the first of two approvals
    assert again.json()["status"] == "awaiting_second_approval"


def test_the_second_officer_of_a_large_decision_is_asked_too(clock, lou, mia, big_withdrawal):
    assert bearer_for(lou).put(approve_path(big_withdrawal), {}, format="json").status_code == 202
    refused = bearer_for(mia, factor=False).put(approve_path(big_withdrawal), {}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "step_up_required")
    assert bearer_for(mia).put(approve_path(big_withdrawal), {}, format="json").status_code == 200
    big_withdrawal.refresh_from_db()
    assert big_withdrawal.status == WithdrawalRequest.Status.APPROVED


def test_a_decision_one_officer_may_make_alone_asks_for_no_factor(clock, lou):
    player = PlayerFactory()
    SavingsFactory(player=player, invested_value=3_000_000)
    small = WithdrawalRequestFactory(player=player, amount=200_000)
    assert bearer_for(lou, factor=False).put(approve_path(small), {}, format="json").status_code == 200


def test_a_factor_given_more_than_five_minutes_ago_is_not_fresh(clock, lou, big_withdrawal):
    api = bearer_for(lou)  # the sign-in gave a factor now
    clock.shift(timedelta(minutes=4, seconds=50))
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {_extended(api)}")  # an extension keeps the sign-in's moment
    clock.shift(timedelta(seconds=20))
    refused = api.put(approve_path(big_withdrawal), {}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "step_up_required")
    assert BankSession.objects.get(user=lou).factor_verified_at == T0


def _extended(api) -> str:
    answer = api.post("/api/extend-session")
    assert answer.status_code == 200, answer.json()
    return answer.json()["access_token"]


def test_an_officer_without_a_factor_is_told_to_add_one_first(clock, lou, big_withdrawal):
    refused = bearer_for(lou, factor=False).put(approve_path(big_withdrawal), {}, format="json")
    assert refused.status_code == 403
    assert refused.json()["code"] == "step_up_required"
    assert "you have none" in refused.json()["detail"]
    assert "Security screen" in refused.json()["detail"]
    # and no code can step them up
    answer = bearer_for(lou, factor=False).post("/api/step-up", {"otp": "123456"}, format="json")
    assert answer.status_code == 401


def test_a_recovery_code_steps_up_once(clock, admin_user):
    authenticator(admin_user)
    codes = bearer_for(admin_user).post("/api/me/recovery-codes").json()["recovery_codes"]
    api = bearer_for(admin_user, factor=False)
    assert api.post("/api/step-up", {"otp": codes[0]}, format="json").status_code == 200
    assert api.post("/api/step-up", {"otp": codes[0]}, format="json").status_code == 401
    assert AuditEntry.objects.filter(kind="factor.recovery_code_used", after__door="step-up").count() == 1


def test_five_wrong_step_up_codes_lock_the_officer_like_five_wrong_passwords(clock, lou):
    device = authenticator(lou)
    api = bearer_for(lou, factor=False)
    wrong = "000000" if code_for(device) != "000000" else "111111"
    answers = [api.post("/api/step-up", {"otp": wrong}, format="json") for _ in range(5)]
    assert [answer.status_code for answer in answers] == [401, 401, 401, 401, 403]
    assert answers[-1].json()["code"] == "account_locked"
    assert StaffLockout.objects.get(user=lou).locked_until is not None
    # locked: even the right code is refused now
    locked = api.post("/api/step-up", {"otp": code_for(device)}, format="json")
    assert (locked.status_code, locked.json()["code"]) == (403, "account_locked")
    assert AuditEntry.objects.filter(kind="factor.code_failed", after__door="step-up").count() == 5


def test_a_step_up_code_works_once(clock, lou):
    device = authenticator(lou)
    api = bearer_for(lou, factor=False)
    code = code_for(device)
    assert api.post("/api/step-up", {"otp": code}, format="json").status_code == 200
    assert api.post("/api/step-up", {"otp": code}, format="json").status_code == 401


def test_an_empty_step_up_code_is_asked_for_and_not_counted(clock, lou):
    authenticator(lou)
    answer = bearer_for(lou, factor=False).post("/api/step-up", {"otp": " "}, format="json")
    assert (answer.status_code, answer.json()["code"]) == (400, "missing_fields")
    assert not StaffLockout.objects.filter(user=lou).exists()


def test_a_step_up_refreshes_only_its_own_session(clock, lou):
    device = authenticator(lou)
    here, elsewhere = bearer_for(lou, factor=False), bearer_for(lou, factor=False)
    assert here.post("/api/step-up", {"otp": code_for(device)}, format="json").status_code == 200
    assert BankSession.objects.filter(user=lou, factor_verified_at=T0).count() == 1
    assert elsewhere.get("/api/me").status_code == 200  # a read asks for nothing


# --- every route that asks for it (with a fresh factor each passes the step-up: test_roles.py) -------------


def _step_up_calls(treasurer, other) -> list[tuple[str, str, dict]]:
    return [
        ("get", "/api/backup", {}),
        (
            "post",
            "/api/admin/officers",
            {
                "username": "Nova",
                "display_name": "Stella of the Vault",
                "password": "a-good-password-1",
                "role": "teller",
            },
        ),
        ("patch", f"/api/admin/officers/{other.pk}", {"active": False}),
        ("patch", f"/api/admin/officers/{other.pk}", {"role": roles.TELLER}),
        ("put", "/api/admin/bank-settings", {"four_eyes_above": 500_000}),
        ("post", f"/api/admin/officers/{other.pk}/factors/reset", {"reason": "lost phone"}),
        ("put", f"/api/admin/officers/{other.pk}/password", {"new_password": "another-password-2"}),
    ]


def test_each_sensitive_route_answers_step_up_required_without_a_fresh_factor(clock, admin_user, lou):
    for method, path, body in _step_up_calls(admin_user, lou):
        client = bearer_for(admin_user, factor=False)
        response = client.get(path) if method == "get" else getattr(client, method)(path, body, format="json")
        assert response.status_code == 403, (method, path, response.status_code)
        assert response.json()["code"] == "step_up_required", (method, path)
    lou.refresh_from_db()
    assert (lou.is_active, lou.role) == (True, roles.LOAN_OFFICER)
    assert BankSettings.current().four_eyes_above == 1_000_000
    assert not Proposal.objects.exists()


def test_each_sensitive_route_passes_with_a_fresh_factor(clock, admin_user, lou):
    for method, path, body in _step_up_calls(admin_user, lou):
        client = bearer_for(admin_user)
        response = client.get(path) if method == "get" else getattr(client, method)(path, body, format="json")
        assert response.status_code in {200, 202}, (method, path, response.status_code, response.content[:300])


def test_renaming_an_officer_asks_for_no_factor(clock, admin_user, lou):
    response = bearer_for(admin_user, factor=False).patch(
        f"/api/admin/officers/{lou.pk}", {"display_name": "Lena the Lender"}, format="json"
    )
    assert response.status_code == 200


def test_changing_ones_own_factors_asks_for_the_factor_one_has(clock, lou):
    device = authenticator(lou)
    api = bearer_for(lou, factor=False)
    for response in (
        api.post("/api/me/factors/totp", {"name": "Second phone"}, format="json"),
        api.post("/api/me/recovery-codes"),
        api.delete(f"/api/me/factors/totp/{device.pk}"),
    ):
        assert (response.status_code, response.json()["code"]) == (403, "step_up_required")
    assert TOTPDevice.objects.filter(user=lou).count() == 1


def test_the_first_factor_is_set_up_with_the_password_alone(clock, lou):
    api = bearer_for(lou, factor=False)
    assert api.post("/api/me/factors/totp", {"name": "Phone"}, format="json").status_code == 201


# --- a player who lost every factor (issue 34, lost factors) -------------------------------------------------


def test_a_treasurer_resets_a_players_lost_factors_with_a_reason_and_a_fresh_factor(clock, admin_user):
    player = PlayerFactory()
    authenticator(player.user)
    players_session = bearer_for(player.user)
    path = f"/api/admin/players/{player.pk}/factors/reset"
    refused = bearer_for(admin_user, factor=False).post(path, {"reason": "lost phone"}, format="json")
    assert (refused.status_code, refused.json()["code"]) == (403, "step_up_required")
    assert bearer_for(admin_user).post(path, {"reason": " "}, format="json").status_code == 400
    answer = bearer_for(admin_user).post(
        path, {"reason": "lost phone and codes; known on Discord voice"}, format="json"
    )
    assert answer.status_code == 200, answer.json()
    assert answer.json()["factors_removed"] == 1
    assert not TOTPDevice.objects.filter(user=player.user).exists()
    assert players_session.get("/api/me").status_code == 401  # their sessions ended
    entry = AuditEntry.objects.get(kind="factor.reset")
    assert (entry.player_id, entry.after["reason"]) == (player.pk, "lost phone and codes; known on Discord voice")
    assert entry.after["factors_removed"] == ["Authenticator app: Phone"]
    # the password alone signs the player in again
    login = APIClient().post("/api/login", {"username": player.name, "password": PASSWORD}, format="json")
    assert login.status_code == 200, login.json()


def test_only_a_treasurer_resets_a_players_factors(clock, lou):
    player = PlayerFactory()
    answer = bearer_for(lou).post(f"/api/admin/players/{player.pk}/factors/reset", {"reason": "x"}, format="json")
    assert answer.status_code == 403
