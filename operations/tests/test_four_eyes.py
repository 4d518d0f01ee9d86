"""Four eyes on large amounts (docs/rules.md, "Four eyes"): above the bank's `four_eyes_above` a
decision that pays out or lends needs two different officers; at or below it one is enough."""

from collections import Counter

import pytest
from django.test import override_settings

from accounts.tests.factories import AdminFactory, PlayerFactory
from bank import outbox, roles
from bank.models import AuditEntry, BankSettings, LedgerEntry, OutboxMessage
from conftest import bearer_for
from exchange.models import PearlExchangeRequest
from lending.models import Loan, PendingLoan, Savings
from lending.tests.factories import PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from operations.tests.stocked import exchange_request
from testkit.discord import fake_discord

pytestmark = pytest.mark.django_db

WEBHOOK = "http://127.0.0.1:9/webhook"


@pytest.fixture
def lou(db):
    return AdminFactory(username="lou", display_name="Lena the Lender", role=roles.LOAN_OFFICER, is_superuser=False)


@pytest.fixture
def mia(db):
    return AdminFactory(username="mia", display_name="Mira the Minder", role=roles.LOAN_OFFICER, is_superuser=False)


def approve(officer, path: str, notes: str = ""):
    return bearer_for(officer).put(path, {"admin_notes": notes}, format="json")


@pytest.fixture
def big_withdrawal(db):
    player = PlayerFactory()
    SavingsFactory(player=player, invested_value=3_000_000)
    return WithdrawalRequestFactory(player=player, amount=2_000_000)


def withdrawal_path(request) -> str:
    return f"/api/admin/withdrawal-requests/{request.pk}/approve"


def test_the_threshold_is_a_million_by_default_and_treasurers_change_it(admin_api, lou):
    body = admin_api.get("/api/admin/bank-settings").json()
    assert body["four_eyes_above"] == 1_000_000
    response = admin_api.put("/api/admin/bank-settings", {"four_eyes_above": 250_000}, format="json")
    assert (response.status_code, response.json()["four_eyes_above"], response.json()["updated_by"]) == (
        200,
        250_000,
        "admin",
    )
    assert BankSettings.current().four_eyes_above == 250_000
    entry = AuditEntry.objects.get(kind="bank.settings_set")
    assert (entry.before, entry.after) == ({"four_eyes_above": 1_000_000}, {"four_eyes_above": 250_000})
    assert bearer_for(lou).get("/api/admin/bank-settings").status_code == 200  # every officer reads the controls
    assert bearer_for(lou).put("/api/admin/bank-settings", {"four_eyes_above": 1}, format="json").status_code == 403


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (-1, "The amount must be between €0 and €1,000,000,000"),
        (1_000_000_001, "The amount must be between €0 and €1,000,000,000"),
        ("1e6", "Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m"),
        (True, "Please enter a valid amount: a whole number or a shortcut such as 100k, 500k or 1m"),
    ],
)
def test_the_threshold_is_a_whole_number_of_bread_in_a_persons_words(admin_api, value, message):
    response = admin_api.put("/api/admin/bank-settings", {"four_eyes_above": value}, format="json")
    assert response.status_code == 400
    assert response.json()["detail"] == message  # never the API's field name (issue 30)
    assert response.json()["fields"]["four_eyes_above"] == [message]


def test_the_threshold_takes_the_shortcuts_every_amount_takes(admin_api):
    response = admin_api.put("/api/admin/bank-settings", {"four_eyes_above": "1.5m"}, format="json")
    assert response.status_code in (200, 202), response.json()  # loosening may wait for a second treasurer
    tighter = admin_api.put("/api/admin/bank-settings", {"four_eyes_above": "500k"}, format="json")
    assert (tighter.status_code, tighter.json()["four_eyes_above"]) == (200, 500_000)


def test_days_back_are_named_as_the_form_names_them(admin_api):
    response = admin_api.put("/api/admin/bank-settings", {"start_date_back_days": "a week"}, format="json")
    assert response.status_code == 400
    assert "start_date_back_days" not in response.json()["detail"]
    assert response.json()["detail"].startswith("Days back")


def test_a_first_approval_above_the_threshold_waits_for_a_second_officer(big_withdrawal, lou):
    response = approve(lou, withdrawal_path(big_withdrawal), notes="Checked in game")
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "awaiting_second_approval"
    # officers read approvals by display name, as every card names officers; the trail keeps usernames
    assert [(a["officer"], a["notes"]) for a in body["approvals"]] == [("Lena the Lender", "Checked in game")]
    assert body["detail"] == "Approved by Lena the Lender; a second officer must approve"
    assert body["withdrawal_request"]["status"] == "pending"
    big_withdrawal.refresh_from_db()
    assert big_withdrawal.status == "pending"
    assert Savings.objects.get(player=big_withdrawal.player).invested_value == 3_000_000
    listed = bearer_for(lou).get("/api/admin/withdrawal-requests").json()["withdrawal_requests"][0]
    assert [a["officer"] for a in listed["approvals"]] == ["Lena the Lender"]
    assert AuditEntry.objects.filter(kind="withdrawal.first_approved", actor_name="lou").count() == 1


def test_the_same_officer_approving_again_answers_409(big_withdrawal, lou):
    assert approve(lou, withdrawal_path(big_withdrawal)).status_code == 202
    response = approve(lou, withdrawal_path(big_withdrawal))
    assert response.status_code == 409
    assert response.json()["code"] == "already_approved_by_you"
    big_withdrawal.refresh_from_db()
    assert (big_withdrawal.status, len(big_withdrawal.approvals)) == ("pending", 1)


@override_settings(DISCORD_WEBHOOK_URL=WEBHOOK)
def test_a_second_officers_approval_carries_it_out_and_names_both(big_withdrawal, lou, mia):
    assert approve(lou, withdrawal_path(big_withdrawal)).status_code == 202
    response = approve(mia, withdrawal_path(big_withdrawal), notes="Second look")
    assert response.status_code == 200
    row = response.json()["withdrawal_request"]
    assert (row["status"], row["decided_by"]) == ("approved", "Mira the Minder")
    assert [a["officer"] for a in row["approvals"]] == ["Lena the Lender", "Mira the Minder"]
    assert Savings.objects.get(player=big_withdrawal.player).invested_value == 1_000_000
    entry = AuditEntry.objects.get(kind="withdrawal.approved")
    assert (entry.actor_name, entry.after["approved_by"]) == ("mia", "lou and mia")
    message = OutboxMessage.objects.get(kind="withdrawal.approved")
    assert message.officer == "Lena the Lender and Mira the Minder"  # the player reads it: display names


def test_a_denial_by_any_deciding_officer_ends_it(big_withdrawal, lou, mia):
    assert approve(lou, withdrawal_path(big_withdrawal)).status_code == 202
    response = bearer_for(mia).put(
        f"/api/admin/withdrawal-requests/{big_withdrawal.pk}/deny", {"admin_notes": "Too much"}, format="json"
    )
    assert response.status_code == 200
    big_withdrawal.refresh_from_db()
    assert (big_withdrawal.status, big_withdrawal.decided_by.username) == ("denied", "mia")
    assert approve(lou, withdrawal_path(big_withdrawal)).status_code == 409  # already decided


def test_at_or_below_the_threshold_one_approval_is_enough(lou):
    player = PlayerFactory()
    SavingsFactory(player=player, invested_value=3_000_000)
    at_threshold = WithdrawalRequestFactory(player=player, amount=1_000_000)
    response = approve(lou, withdrawal_path(at_threshold))
    assert response.status_code == 200
    # the decided card names its one approver, with their notes and time (issue 30)
    [approval] = response.json()["withdrawal_request"]["approvals"]
    assert (approval["officer"], approval["notes"]) == (lou.display_name, "")
    assert approval["at"]


def test_a_lower_threshold_brings_four_eyes_to_smaller_amounts(admin_api, lou, mia):
    admin_api.put("/api/admin/bank-settings", {"four_eyes_above": 100_000}, format="json")
    pending = PendingLoanFactory(value=500_000)
    path = f"/api/pending-loans/{pending.pk}/approve"
    first = approve(lou, path)
    assert first.status_code == 202
    assert first.json()["pending_loan"]["status"] == "pending"
    assert not Loan.objects.filter(player=pending.player).exists()
    second = approve(mia, path)
    assert second.status_code == 200
    assert second.json()["pending_loan"]["approved_by"] == "Mira the Minder"
    assert Loan.objects.filter(player=pending.player).count() == 1


def test_a_large_pearl_exchange_needs_two_officers(lou, mia):
    sale = exchange_request(PlayerFactory(), pearls=1_000)  # 2,500,000 bread
    path = f"/api/admin/pearl-exchange-requests/{sale.pk}/approve"
    first = approve(lou, path)
    assert first.status_code == 202
    assert first.json()["pearl_exchange_request"]["status"] == "pending"
    assert not LedgerEntry.objects.filter(reason="pearl_sale").exists()
    assert approve(mia, path).status_code == 200
    assert LedgerEntry.objects.filter(reason="pearl_sale").count() == 1


def test_a_large_pearl_purchase_needs_two_officers(lou, mia):
    player = PlayerFactory()
    savings = SavingsFactory(player=player, invested_value=2_000_000)
    purchase = PearlExchangeRequest.objects.create(
        player=player,
        exchange_type="buy",
        pearls_amount=400,
        exchange_rate=3_500,
        bread_amount=1_400_000,  # above the million: two officers
        savings_option="savings",
        savings=savings,
    )
    path = f"/api/admin/pearl-exchange-requests/{purchase.pk}/approve"
    first = approve(lou, path)
    assert first.status_code == 202
    assert first.json()["status"] == "awaiting_second_approval"
    assert first.json()["detail"] == "Approved by Lena the Lender; a second officer must approve"
    assert first.json()["pearl_exchange_request"]["status"] == "pending"
    savings.refresh_from_db()
    assert savings.invested_value == 2_000_000
    assert not LedgerEntry.objects.filter(reason="pearl_buy").exists()
    assert approve(lou, path).status_code == 409
    second = approve(mia, path)
    assert second.status_code == 200
    assert second.json()["pearl_exchange_request"]["status"] == "approved"
    savings.refresh_from_db()
    assert savings.invested_value == 600_000
    assert LedgerEntry.objects.filter(reason="pearl_buy").count() == 1
    purchase.refresh_from_db()
    assert (purchase.status, [a["officer"] for a in purchase.approvals]) == ("approved", ["lou", "mia"])


def test_a_pearl_purchase_at_the_threshold_needs_one_officer(lou):
    player = PlayerFactory()
    savings = SavingsFactory(player=player, invested_value=2_000_000)
    purchase = PearlExchangeRequest.objects.create(
        player=player,
        exchange_type="buy",
        pearls_amount=200,
        exchange_rate=5_000,
        bread_amount=1_000_000,
        savings_option="savings",
        savings=savings,
    )
    assert approve(lou, f"/api/admin/pearl-exchange-requests/{purchase.pk}/approve").status_code == 200
    savings.refresh_from_db()
    assert savings.invested_value == 1_000_000


def test_a_large_loan_added_by_an_officer_becomes_a_proposal_a_second_officer_approves(lou, mia):
    player = PlayerFactory(credit_score=200)  # Silver: may owe up to 5,000,000
    response = bearer_for(lou).post(
        "/api/loans",
        {"player_id": player.pk, "value": 2_000_000, "total_days": 20, "admin_notes": "Ship"},
        format="json",
    )
    assert response.status_code == 202
    body = response.json()
    assert body["status"] == "awaiting_second_approval"
    assert [a["officer"] for a in body["approvals"]] == ["Lena the Lender"]
    proposal = PendingLoan.objects.get(pk=body["pending_loan"]["id"])
    assert (proposal.status, proposal.value, proposal.requested_by.username) == ("pending", 2_000_000, "lou")
    assert not Loan.objects.filter(player=player).exists()
    path = f"/api/pending-loans/{proposal.pk}/approve"
    assert approve(lou, path).status_code == 409  # the proposer cannot be the second pair of eyes
    assert approve(mia, path).status_code == 200
    loan = Loan.objects.get(player=player)
    assert (loan.value, loan.total_days) == (2_000_000, 20)
    assert AuditEntry.objects.filter(kind="loan.proposed", actor_name="lou").count() == 1


def test_a_retry_with_the_same_idempotency_key_replays_the_first_approval(big_withdrawal, lou):
    client = bearer_for(lou)
    path = withdrawal_path(big_withdrawal)
    first = client.put(path, {}, format="json", HTTP_IDEMPOTENCY_KEY="click-1")
    again = client.put(path, {}, format="json", HTTP_IDEMPOTENCY_KEY="click-1")
    assert (first.status_code, again.status_code) == (202, 202)
    assert again["Idempotent-Replayed"] == "true"
    big_withdrawal.refresh_from_db()
    assert len(big_withdrawal.approvals) == 1


def test_a_teller_cannot_approve_at_all(big_withdrawal):
    teller = AdminFactory(username="tina", role=roles.TELLER, is_superuser=False)
    assert approve(teller, withdrawal_path(big_withdrawal)).status_code == 403


def test_a_player_does_not_see_the_officers_approvals(big_withdrawal, lou):
    approve(lou, withdrawal_path(big_withdrawal))
    player_api = bearer_for(big_withdrawal.player.user)
    history = player_api.get(f"/api/players/{big_withdrawal.player_id}/withdrawal-history").json()
    assert history["withdrawal_history"][0]["status"] == "pending"
    assert "approvals" not in history["withdrawal_history"][0]


def test_the_audit_tab_filters_by_officer(big_withdrawal, lou, mia, admin_api):
    approve(lou, withdrawal_path(big_withdrawal))
    approve(mia, withdrawal_path(big_withdrawal))
    kinds = Counter(entry["kind"] for entry in admin_api.get("/api/admin/audit", {"officer": "LOU"}).json()["entries"])
    assert kinds == {"withdrawal.first_approved": 1}
    mias = admin_api.get("/api/admin/audit", {"officer": "mia"}).json()["entries"]
    assert [entry["kind"] for entry in mias] == ["withdrawal.approved"]


def test_discord_names_the_officers_who_decided(big_withdrawal, lou, mia):
    """The posted message's footer names both officers of a four-eyes approval, and the one officer
    of a decision below the threshold (docs/rules.md: "Every entry names its officer")."""
    small = PendingLoanFactory(value=500_000)
    with fake_discord() as discord, override_settings(DISCORD_WEBHOOK_URL=discord.url):
        assert approve(lou, withdrawal_path(big_withdrawal)).status_code == 202
        assert approve(mia, withdrawal_path(big_withdrawal)).status_code == 200
        assert approve(lou, f"/api/pending-loans/{small.pk}/approve").status_code == 200
        assert outbox.deliver_due() == outbox.Delivery(sent=2, failed=0)
    withdrawal, loan = sorted(discord.received, key=lambda body: "withdrawal" not in body["content"])
    assert withdrawal["content"].startswith(f"@{big_withdrawal.player.discord}: ")
    assert withdrawal["embeds"] == [{"footer": {"text": "Officer: Lena the Lender and Mira the Minder"}}]
    assert loan["content"].startswith(f"@{small.player.discord}: your loan request")
    assert loan["embeds"] == [{"footer": {"text": "Officer: Lena the Lender"}}]


def test_credit_history_names_the_officer_who_acted(lou, mia, admin_api):
    """Credit history's "Admin: ..." is the officer who acted, not the bank's admin: a loan officer
    alone below the threshold, the second officer above it."""
    small = PendingLoanFactory(value=500_000)
    large = PendingLoanFactory(value=2_000_000, player=PlayerFactory(credit_score=200))
    assert approve(lou, f"/api/pending-loans/{small.pk}/approve").status_code == 200
    assert approve(lou, f"/api/pending-loans/{large.pk}/approve").status_code == 202
    assert approve(mia, f"/api/pending-loans/{large.pk}/approve").status_code == 200
    for pending, officer in ((small, "Lena the Lender"), (large, "Mira the Minder")):
        history = admin_api.get(f"/api/players/{pending.player_id}/credit-history").json()["history"]
        taken = [(event["action_type"], event["admin_user"]) for event in history]
        assert taken == [("loan_taken", officer)], pending
