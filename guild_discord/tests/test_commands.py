"""The player's commands (issue 36, part 3): each answers the caller alone, for a linked player, the
link for an unlinked Discord user, the site's refusal for a bad payer; /bank loan and /bank withdraw
show what they would file with Confirm and Cancel, and Confirm files it through the site's service
once, however often it is pressed."""

from datetime import timedelta

import pytest
from django.test import override_settings

from accounts.tests.factories import PlayerFactory
from bank import clock, live
from bank.models import AuditEntry
from conftest import bearer_for
from guild_discord import commands, rules
from guild_discord.models import PendingCommand
from guild_discord.tests.helpers import PUBLIC_KEY, signed
from guild_discord.tests.presses import button, custom_ids, linked_officer, linked_player, sub_command
from lending.loans.services import loan_request_refusal
from lending.models import PendingLoan, Savings, WithdrawalRequest
from lending.tests.factories import LoanFactory, SavingsFactory
from testkit.threads import run_at_once

pytestmark = pytest.mark.django_db

LINKED = "555000555000555005"
STRANGER = "999000999000999009"


@pytest.fixture(autouse=True)
def _public_key():
    with override_settings(DISCORD_PUBLIC_KEY=PUBLIC_KEY):
        yield


def answer_to(api, interaction: dict) -> dict:
    response = signed(api, interaction)
    assert response.status_code == 200, response.content
    return response.json()


def content_of(api, interaction: dict) -> str:
    answer = answer_to(api, interaction)
    assert answer["type"] == 4 and answer["data"]["flags"] == 64  # only the caller sees it
    return answer["data"]["content"]


def test_every_command_is_registered_with_its_options():
    [bank] = commands.definitions()
    options = {sub["name"]: sub.get("options", []) for sub in bank["options"]}
    assert set(options) == {"balance", "loans", "savings", "credit", "quote", "loan", "withdraw"}
    assert [(o["name"], o["type"], o["required"]) for o in options["quote"]] == [("amount", 3, True), ("days", 4, True)]
    assert [(o["name"], o["required"]) for o in options["loan"]] == [
        ("amount", True),
        ("days", True),
        ("reason", False),
    ]
    assert [(o["name"], o["type"]) for o in options["withdraw"]] == [
        ("amount", 3),
        ("date", 3),
        ("time", 3),
        ("timezone", 4),
    ]
    # Discord's limits: a description of 1 to 100 characters, lower-case names
    described = [*bank["options"], *(option for sub in options.values() for option in sub)]
    assert all(0 < len(item["description"]) <= 100 and item["name"].islower() for item in described)


def test_an_officers_linked_account_runs_no_players_command(api):
    officer = linked_officer(LINKED, username="lou")
    PlayerFactory(user=officer)  # an officer with a player record too: the site's player calls refuse them
    for name, options in (("loans", {}), ("loan", {"amount": "100k", "days": 10})):
        assert content_of(api, sub_command(LINKED, name, **options)) == rules.OFFICER_ACCOUNT
    assert not PendingCommand.objects.exists()


@pytest.mark.parametrize(
    ("name", "options"),
    [
        ("loans", {}),
        ("savings", {}),
        ("credit", {}),
        ("quote", {"amount": "100k", "days": 10}),
        ("loan", {"amount": "100k", "days": 10}),
        ("withdraw", {"amount": "10k", "date": "2030-01-01", "time": "18:00", "timezone": 1}),
    ],
)
def test_an_unlinked_discord_user_is_sent_the_link(api, name, options):
    PlayerFactory()
    content = content_of(api, sub_command(STRANGER, name, **options))
    assert "not linked" in content and "http://testserver/" in content and "Link Discord" in content
    assert not PendingCommand.objects.exists()


def test_bank_loans_lists_the_active_loans_and_waiting_requests(api):
    player = linked_player(LINKED, credit_score=100)
    loan = LoanFactory(player=player, value=1_000_000)
    request = PendingLoan.objects.create(
        player=player,
        value=200_000,
        total_days=10,
        interest_rate="0.35",
        total_to_pay=270_000,
        requested_by=player.user,
    )
    lines = content_of(api, sub_command(LINKED, "loans")).splitlines()
    assert lines[0] == f"**{player.name}: loans**"
    assert any(
        line.startswith(f"Loan #{loan.pk}: €1,000,000 at 30%") and "€1,300,000 still to pay" in line for line in lines
    )
    assert f"Request #{request.pk}: €200,000 over 10 days, waiting for an officer" in lines


def test_bank_savings_lists_the_active_accounts(api):
    player = linked_player(LINKED)
    account = SavingsFactory(player=player, invested_value=2_000_000)
    lines = content_of(api, sub_command(LINKED, "savings")).splitlines()
    assert any(line.startswith(f"Savings #{account.pk}: €2,000,000 at") for line in lines)
    assert lines[-1] == "In all: €2,000,000"
    linked_player("555000555000555006")
    assert "No active savings accounts." in content_of(api, sub_command("555000555000555006", "savings"))


def test_bank_credit_answers_score_tier_and_what_it_allows(api):
    linked_player(LINKED, credit_score=120)
    content = content_of(api, sub_command(LINKED, "credit"))
    assert "Credit score: 120/" in content and "Loans up to €" in content and "You can request loans up to" in content


def test_bank_quote_is_the_servers_quote_and_reads_shortcuts(api):
    player = linked_player(LINKED, credit_score=100)
    site = bearer_for(player.user).get("/api/loans/quote", {"value": "500k", "total_days": 14}).json()
    assert site["value"] == 500_000
    content = content_of(api, sub_command(LINKED, "quote", amount="500k", days=14))
    assert f"To pay: €{site['total_to_pay']:,}, €{site['daily_payment']:,} a day" in content
    assert "€500,000 over 14 days" in content and "A request would be accepted." in content


def test_bank_quote_refuses_bad_input_as_the_site_does(api, player_api):
    linked_player(LINKED, credit_score=100)
    site = player_api.get("/api/loans/quote", {"value": "ten", "total_days": 14}).json()
    assert content_of(api, sub_command(LINKED, "quote", amount="ten", days=14)) == site["detail"]


def test_a_bad_payer_is_refused_as_the_site_refuses_them(api):
    player = linked_player(LINKED, credit_score=100, bad_payer=True)

    site = bearer_for(player.user).post("/api/pending-loans", {"value": 100_000, "total_days": 10}, format="json")
    assert site.status_code == 400
    refusal = loan_request_refusal(player=player, value=100_000)
    assert refusal is not None and site.json()["detail"] == refusal.detail
    answer = answer_to(api, sub_command(LINKED, "loan", amount="100k", days=10))
    assert answer["data"]["content"] == site.json()["detail"] and "components" not in answer["data"]
    assert "Not possible now: " + site.json()["detail"] in content_of(
        api, sub_command(LINKED, "quote", amount="100k", days=10)
    )
    assert "Marked as a bad payer" in content_of(api, sub_command(LINKED, "balance"))
    assert not PendingCommand.objects.exists() and not PendingLoan.objects.exists()


def test_bank_loan_above_the_tiers_limit_gets_the_sites_message(api, player_api):
    linked_player(LINKED, credit_score=100)
    content = content_of(api, sub_command(LINKED, "loan", amount="1000m", days=10))
    assert content.startswith("The maximum loan amount for your tier is €")
    assert content_of(api, sub_command(LINKED, "loan", amount="100k", days=0)).startswith("Loan duration must be")


def test_bank_loan_shows_the_quote_and_confirm_files_it_once(api, admin_api, monkeypatch):
    player = linked_player(LINKED, credit_score=100)
    answer = answer_to(api, sub_command(LINKED, "loan", amount="0.5m", days=20, reason="A ship"))
    assert answer["data"]["flags"] == 64
    assert "€500,000 over 20 days" in answer["data"]["content"] and "Reason: A ship" in answer["data"]["content"]
    pending = PendingCommand.objects.get()
    assert custom_ids(answer) == [f"bank:confirm:{pending.pk}", f"bank:cancel:{pending.pk}"]
    assert not PendingLoan.objects.exists()

    notices = []
    real = live.notify

    def recorded(kinds, player_ids=(), **options):
        notices.append((set(kinds), list(player_ids)))
        real(kinds, player_ids, **options)

    monkeypatch.setattr(live, "notify", recorded)
    confirmed = answer_to(api, button(LINKED, f"bank:confirm:{pending.pk}"))
    request = PendingLoan.objects.get()
    assert confirmed["type"] == 7 and confirmed["data"]["components"] == []
    assert confirmed["data"]["content"].startswith(f"Filed: loan request #{request.pk} for €500,000 over 20 days")
    assert (request.player, request.value, request.total_days, request.request_reason) == (
        player,
        500_000,
        20,
        "A ship",
    )
    assert request.requested_by_id == player.user_id
    assert PendingCommand.objects.get().filed_id == request.pk
    assert ({"pending_loans"}, [player.pk]) in notices  # the admins' pending list refreshes live

    # on the site: the admin's pending list, and the player's own requests
    pending_list = admin_api.get("/api/admin/pending-loans").json()
    assert [row["id"] for row in pending_list["pending_loans"]] == [request.pk]
    mine = bearer_for(player.user).get("/api/me/bank-data").json()
    assert [row["id"] for row in mine["pending_loans"]] == [request.pk]

    again = answer_to(api, button(LINKED, f"bank:confirm:{pending.pk}"))
    assert again["data"]["content"] == "This was already filed, cancelled or has expired: run the command again."
    assert again["type"] == 4  # a message of its own: "Filed: ..." stays on the first
    assert PendingLoan.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_confirm_pressed_by_many_at_once_files_once():
    linked_player(LINKED, credit_score=100)
    from rest_framework.test import APIClient

    answer_to(APIClient(), sub_command(LINKED, "loan", amount="100k", days=10))
    pending = PendingCommand.objects.get()
    answers = run_at_once(
        lambda index: signed(APIClient(), button(LINKED, f"bank:confirm:{pending.pk}")).json(), threads=8
    )
    assert not [answer for answer in answers if isinstance(answer, Exception)], answers
    filed = [answer for answer in answers if answer["data"]["content"].startswith("Filed:")]
    assert len(filed) == 1
    assert PendingLoan.objects.count() == 1


def test_cancel_files_nothing_and_confirm_after_it_is_refused(api):
    linked_player(LINKED, credit_score=100)
    answer_to(api, sub_command(LINKED, "loan", amount="100k", days=10))
    pending = PendingCommand.objects.get()
    cancelled = answer_to(api, button(LINKED, f"bank:cancel:{pending.pk}"))
    assert (cancelled["type"], cancelled["data"]["content"]) == (7, "Cancelled: nothing was filed.")
    assert "already filed, cancelled" in answer_to(api, button(LINKED, f"bank:confirm:{pending.pk}"))["data"]["content"]
    assert not PendingLoan.objects.exists()


def test_another_members_confirm_is_refused_and_an_old_one_expired(api):
    linked_player(LINKED, credit_score=100)
    linked_player("555000555000555007", credit_score=100)
    answer_to(api, sub_command(LINKED, "loan", amount="100k", days=10))
    pending = PendingCommand.objects.get()
    other = answer_to(api, button("555000555000555007", f"bank:confirm:{pending.pk}"))
    assert other["data"]["content"] == "This button belongs to another member's command." and other["type"] == 4
    PendingCommand.objects.update(created_at=clock.now() - timedelta(minutes=16))
    assert "has expired" in answer_to(api, button(LINKED, f"bank:confirm:{pending.pk}"))["data"]["content"]
    assert not PendingLoan.objects.exists()


def test_what_the_service_refuses_at_confirm_is_answered_and_nothing_is_filed(api):
    player = linked_player(LINKED, credit_score=100)
    answer_to(api, sub_command(LINKED, "loan", amount="100k", days=10))
    pending = PendingCommand.objects.get()
    type(player).objects.filter(pk=player.pk).update(bad_payer=True)  # marked while the buttons waited
    answer = answer_to(api, button(LINKED, f"bank:confirm:{pending.pk}"))
    assert answer["data"]["content"] == "Not filed: Bad payers are not eligible for loans. Contact an admin."
    assert not PendingLoan.objects.exists()


def test_bank_withdraw_shows_the_request_and_confirm_files_it(api):
    player = linked_player(LINKED)
    SavingsFactory(player=player, invested_value=300_000)
    day = clock.today() + timedelta(days=2)
    answer = answer_to(
        api, sub_command(LINKED, "withdraw", amount="250k", date=day.isoformat(), time="18:30", timezone=2)
    )
    assert "€250,000 on" in answer["data"]["content"] and "at 18:30 (GMT+2)" in answer["data"]["content"]
    assert "Your active savings hold €300,000 in 1 account." in answer["data"]["content"]
    pending = PendingCommand.objects.get()
    filed = answer_to(api, button(LINKED, f"bank:confirm:{pending.pk}"))
    request = WithdrawalRequest.objects.get()
    assert filed["data"]["content"].startswith(f"Filed: withdrawal request #{request.pk} for €250,000")
    assert (request.amount, request.withdrawal_date, f"{request.withdrawal_time:%H:%M}", request.player_timezone) == (
        250_000,
        day,
        "18:30",
        2,
    )


def test_bank_withdraw_refusals_are_the_sites(api):
    player = linked_player(LINKED)
    SavingsFactory(player=player, invested_value=100_000)
    day = (clock.today() + timedelta(days=1)).isoformat()
    bad_time = content_of(api, sub_command(LINKED, "withdraw", amount="10k", date=day, time="25:00", timezone=1))
    assert bad_time == "The withdrawal time must be written HH:MM (24-hour clock)"
    site = (
        bearer_for(player.user)
        .post(
            "/api/withdrawal-requests",
            {"amount": "200k", "withdrawal_date": day, "withdrawal_time": "18:00", "player_timezone": 1},
            format="json",
        )
        .json()["detail"]
    )
    assert site == "You can withdraw at most €100,000, the total of your active savings"
    over = answer_to(api, sub_command(LINKED, "withdraw", amount="200k", date=day, time="18:00", timezone=1))
    assert over["data"]["content"] == site and "components" not in over["data"]
    past = content_of(api, sub_command(LINKED, "withdraw", amount="10k", date="2000-01-01", time="18:00", timezone=1))
    assert past.startswith("The withdrawal date must be between ")
    assert not PendingCommand.objects.exists()
    # what changed while the buttons waited is refused at Confirm, by the service
    answer_to(api, sub_command(LINKED, "withdraw", amount="90k", date=day, time="18:00", timezone=1))
    pending = PendingCommand.objects.get()
    Savings.objects.filter(player=player).update(invested_value=50_000)
    refused = answer_to(api, button(LINKED, f"bank:confirm:{pending.pk}"))
    assert refused["data"]["content"] == "Not filed: You can withdraw at most €50,000, the total of your active savings"
    assert not WithdrawalRequest.objects.exists()
    assert not AuditEntry.objects.filter(kind__startswith="withdrawal").exists()
