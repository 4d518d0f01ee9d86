"""The books balance: every movement of money is an entry, and `reconcile` proves every balance."""

from datetime import time, timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone

from accounts.tests.factories import PlayerFactory, made
from bank import ledger
from bank.models import AppendOnlyError, LedgerEntry
from bank.outcomes import decided
from exchange import services as exchange_services
from lending.loans import services
from lending.models import Loan, LoanPayment, Savings, SoloDividends
from lending.savings import services as savings_services
from operations.administration import players_bulk_delete
from operations.reconcile import reconcile, reconcile_and_record
from testkit.queries import AUTH_QUERIES

URL = "/api/admin/reconcile"


def net(account: ledger.Account) -> int:
    """An account's balance from its entries alone."""
    kind, account_id = account
    incoming = sum(LedgerEntry.objects.filter(to_account=kind, to_id=account_id).values_list("amount", flat=True))
    outgoing = sum(LedgerEntry.objects.filter(from_account=kind, from_id=account_id).values_list("amount", flat=True))
    return incoming - outgoing


def _every_money_movement(admin) -> Loan:
    """Every service that moves money, once at least; answers the loan."""
    today = timezone.localdate()
    aria = made(PlayerFactory, name="Aria", credit_score=200, client_type="old")
    assert aria.user is not None  # a registered player (the factory's default)
    # savings: a deposit; weeks Paid, Not Paid, changed back; an edit; a withdrawal
    first = decided(
        savings_services.savings_create(
            player_id=aria.pk, invested_value=1_000_000, admin=admin, start_date=today - timedelta(days=21)
        )
    )
    savings_services.savings_payment_mark(savings_id=first.pk, status="Paid", admin=admin)
    savings_services.savings_payment_mark(savings_id=first.pk, status="Not Paid", admin=admin)
    savings_services.savings_payment_mark(savings_id=first.pk, status="Paid", admin=admin, week=2)
    savings_services.savings_payment_mark(savings_id=first.pk, status="Not Paid", admin=admin, week=2)
    savings_services.savings_edit(savings_id=first.pk, admin=admin, invested_value=1_050_000, admin_notes="typo")
    second = decided(savings_services.savings_create(player_id=aria.pk, invested_value=300_000, admin=admin))
    withdrawal = savings_services.withdrawal_request_create(
        user=aria.user,
        player_id=aria.pk,
        amount=1_100_000,
        withdrawal_date=today + timedelta(days=1),
        withdrawal_time=time(18, 30),
        player_timezone=1,
    )
    savings_services.withdrawal_request_approve(request_id=withdrawal.pk, admin=admin)
    # the pearl exchange: sales into new and existing savings and to hand, a purchase
    for kind, pearls, option, savings_id in [
        ("sell", 100, "new_savings", None),
        ("sell", 40, "savings", second.pk),
        ("sell", 10, "cashout", None),
        ("buy", 20, "savings", second.pk),
    ]:
        request = exchange_services.exchange_request_create(
            user=aria.user,
            player_id=aria.pk,
            exchange_type=kind,
            pearls_amount=pearls,
            savings_option=option,
            savings_id=savings_id,
        )
        exchange_services.exchange_request_approve(request_id=request.pk, admin=admin)
    # loans: lent, days Paid, changed to Not Paid and back, an edit, a pay-off; the dividends edited
    loan = decided(
        services.loan_create(
            player_id=aria.pk, value=500_000, total_days=10, admin=admin, start_date=today - timedelta(days=3)
        )
    )
    for day in range(3):
        services.loan_payment_mark(
            loan_id=loan.pk, status="Paid", admin=admin, on_date=loan.start_date + timedelta(days=day)
        )
    services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin, on_date=loan.start_date)
    services.loan_edit(loan_id=loan.pk, admin=admin, value=600_000, admin_notes="agreed more")
    services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin, on_date=loan.start_date)
    services.loan_pay_off(loan_id=loan.pk, admin=admin)
    # ... and a loan partly repaid, the rest forgiven
    forgiven = decided(services.loan_create(player_id=aria.pk, value=100_000, total_days=10, admin=admin))
    services.loan_payment_mark(loan_id=forgiven.pk, status="Paid", admin=admin)
    services.loan_write_off(loan_id=forgiven.pk, admin=admin, reason="Left the guild")
    services.solo_dividends_set(dividends=12_345, admin=admin)
    # the overdue run, and a removed player with bread still in savings
    borin = made(PlayerFactory, name="Borin")
    savings_services.savings_create(
        player_id=borin.pk, invested_value=200_000, admin=admin, start_date=today - timedelta(days=15)
    )
    savings_services.savings_auto_process_overdue(admin=admin)
    gone = made(PlayerFactory, name="Gone")
    savings_services.savings_create(player_id=gone.pk, invested_value=400_000, admin=admin)
    players_bulk_delete(player_ids=[gone.pk], admin=admin)
    return loan


@pytest.mark.usefixtures("high_threshold")
def test_every_money_service_writes_the_entries_that_prove_its_balances(admin_user):
    loan = _every_money_movement(admin_user)
    result = reconcile()
    assert result.differences == []
    assert result.accounts_checked == Savings.objects.count() + Loan.objects.count() + 1
    for savings in Savings.objects.all():
        assert net(ledger.savings(savings.pk)) == savings.invested_value
    loan.refresh_from_db()
    paid = sum(LoanPayment.objects.filter(loan=loan, status="Paid").values_list("value", flat=True))
    assert net(ledger.loan(loan.pk)) == paid + loan.repaid_at_pay_off == loan.total_to_pay
    assert net(ledger.SOLO_DIVIDENDS) == SoloDividends.objects.get().dividends == 12_345
    reasons = set(LedgerEntry.objects.values_list("reason", flat=True))
    assert reasons == set(ledger.REASONS) - {"opening_balance"}  # every kind of movement happened once at least


def test_an_entry_says_what_moved_from_where_to_where_and_why(admin_user, player):
    savings = savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    entry = LedgerEntry.objects.get()
    assert (entry.amount, entry.from_account, entry.from_id) == (300_000, "player", player.pk)
    assert (entry.to_account, entry.to_id, entry.reason) == ("savings", savings.pk, "savings_deposit")
    assert (entry.actor_id, entry.player_id, entry.cause_type, entry.cause_id) == (
        admin_user.pk,
        player.pk,
        "savings",
        savings.pk,
    )


def test_reconcile_finds_a_balance_changed_behind_its_back_and_names_the_account(admin_user, player):
    savings = savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    assert reconcile().differences == []
    with connection.cursor() as cursor:
        cursor.execute("UPDATE lending_savings SET invested_value = 999999999 WHERE id = %s", [savings.pk])
    [difference] = reconcile().differences
    assert (difference.account, difference.account_id, difference.label) == (
        "savings",
        savings.pk,
        f"Savings #{savings.pk}",
    )
    assert (difference.player_id, difference.player_name) == (player.pk, player.name)
    assert (difference.stored, difference.from_entries) == (999_999_999, 300_000)
    assert difference.what == "The balance is €999,999,999, its entries add up to €300,000."


def test_reconcile_finds_a_loan_day_and_the_dividends_changed_behind_its_back(admin_user, player):
    loan = services.loan_create(player_id=player.pk, value=100_000, total_days=5, admin=admin_user)
    services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    services.solo_dividends_set(dividends=500, admin=admin_user)
    with connection.cursor() as cursor:
        cursor.execute("UPDATE lending_loanpayment SET value = value + 1 WHERE loan_id = %s", [loan.pk])
        cursor.execute("UPDATE lending_solodividends SET dividends = 7")
    labels = {(difference.label, difference.stored, difference.from_entries) for difference in reconcile().differences}
    assert labels == {(f"Loan #{loan.pk}", loan.daily_payment + 1, loan.daily_payment), ("Solo dividends", 7, 500)}


def test_the_command_says_the_books_balance_or_names_each_difference_and_fails(admin_user, player):
    savings = savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    out = StringIO()
    call_command("reconcile", stdout=out)
    assert out.getvalue().strip() == "The books balance: 2 accounts checked."
    Savings.objects.filter(pk=savings.pk).update(invested_value=300_001)
    out = StringIO()
    with pytest.raises(CommandError, match=r"^1 difference in 2 accounts checked: the books do not balance\.$"):
        call_command("reconcile", stdout=out)
    assert f"Savings #{savings.pk} ({player.name}, player #{player.pk})" in out.getvalue()


def test_reconcile_names_a_savings_account_deleted_behind_its_back_and_the_command_fails(admin_user, player):
    savings = savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    Savings.objects.filter(pk=savings.pk).delete()  # no service: no entry takes its bread out of the books
    [difference] = reconcile().differences
    assert (difference.account, difference.account_id, difference.label) == (
        "savings",
        savings.pk,
        f"Savings #{savings.pk}",
    )
    assert (difference.player_id, difference.player_name) == (player.pk, player.name)
    assert (difference.stored, difference.from_entries) == (0, 300_000)
    assert difference.what == "The savings account no longer exists; its entries still hold €300,000."
    out = StringIO()
    with pytest.raises(CommandError, match=r"^1 difference in [0-9,]+ accounts? checked: the books do not balance\.$"):
        call_command("reconcile", stdout=out)
    assert (
        f"Savings #{savings.pk} ({player.name}, player #{player.pk}): The savings account no longer" in out.getvalue()
    )


def test_reconcile_names_an_orphan_whose_player_went_too_by_raw_sql(admin_user, player):
    savings = savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    with connection.cursor() as cursor:
        cursor.execute("DELETE FROM lending_savings WHERE id = %s", [savings.pk])
        cursor.execute("DELETE FROM credit_creditevent WHERE player_id = %s", [player.pk])
        cursor.execute("DELETE FROM accounts_player WHERE id = %s", [player.pk])
    [difference] = reconcile().differences
    assert (difference.label, difference.player_id, difference.player_name) == (f"Savings #{savings.pk}", player.pk, "")
    assert difference.from_entries == 300_000


def test_reconcile_names_a_loan_deleted_behind_its_back_while_its_player_is_here(admin_user, player):
    loan = services.loan_create(player_id=player.pk, value=100_000, total_days=5, admin=admin_user)
    services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    LoanPayment.objects.filter(loan=loan).delete()
    Loan.objects.filter(pk=loan.pk).delete()
    [difference] = reconcile().differences
    assert (difference.account, difference.label, difference.player_id) == ("loan", f"Loan #{loan.pk}", player.pk)
    assert (difference.stored, difference.from_entries) == (0, loan.daily_payment)


def test_a_player_removed_by_the_bank_leaves_no_orphan(admin_user, player):
    """Bulk delete moves the savings' bread out of the books and forgives what the loans still owed
    (a write-off, never a repayment); what a loan was paid back and forgiven stays on its account,
    which is no difference once its player is gone."""
    savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    loan = services.loan_create(player_id=player.pk, value=100_000, total_days=5, admin=admin_user)
    services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    players_bulk_delete(player_ids=[player.pk], admin=admin_user)
    assert net(ledger.loan(loan.pk)) == loan.total_to_pay
    forgiven = LedgerEntry.objects.get(reason="loan_written_off")
    assert forgiven.amount == loan.total_to_pay - loan.daily_payment
    assert reconcile().differences == []


def test_admins_read_the_last_check_players_cannot(
    admin_api, player_api, admin_user, player, django_assert_num_queries
):
    assert admin_api.get(URL).json() == {"checked_at": None, "accounts_checked": 0, "differences": []}
    savings = savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    Savings.objects.filter(pk=savings.pk).update(invested_value=1)
    reconcile_and_record()
    with django_assert_num_queries(AUTH_QUERIES + 1):
        body = admin_api.get(URL).json()
    assert body["accounts_checked"] == 2 and body["checked_at"]
    assert [difference["label"] for difference in body["differences"]] == [f"Savings #{savings.pk}"]
    assert player_api.get(URL).status_code == 403


def test_reconcile_runs_a_fixed_number_of_queries_whatever_the_size(admin_user, django_assert_num_queries):
    def check(players: int) -> None:
        for _ in range(players):
            player = made(PlayerFactory)
            savings_services.savings_create(player_id=player.pk, invested_value=100_000, admin=admin_user)
            loan = decided(services.loan_create(player_id=player.pk, value=100_000, total_days=5, admin=admin_user))
            services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
        # 11 for the balances, 17 for the rules (operations/book_rules.py)
        with django_assert_num_queries(28):
            assert reconcile().differences == []

    check(1)
    check(5)


def test_the_opening_entries_balance_the_books_that_existed_before_the_ledger(admin_user, player):
    """The data migration: balances made before the ledger (no entries) get one opening entry each."""
    from importlib import import_module

    from django.apps import apps

    today = timezone.localdate()
    savings = Savings.objects.create(
        player=player, principal=5, invested_value=700_000, interest_rate="0.07", start_date=today, next_due_date=today
    )
    loan = Loan.objects.create(
        player=player, value=100_000, interest_rate="0.30", total_days=10, total_to_pay=130_000, daily_payment=13_000,
        start_date=today - timedelta(days=2), status="Paid-Off", paid_off=True, solo_gain=10_500,
    )  # fmt: skip
    LoanPayment.objects.create(loan=loan, date=loan.start_date, status="Paid", value=13_000)
    SoloDividends.objects.create(pk=1, dividends=20_000)  # 10,500 from the pay-off, the rest an admin's edit
    assert len(reconcile().differences) == 4
    import_module("lending.migrations.0006_ledger_opening_entries").opening_entries(apps, None)
    assert reconcile().differences == []
    assert net(ledger.savings(savings.pk)) == 700_000


def test_entries_are_never_changed_or_deleted(admin_user, player):
    savings_services.savings_create(player_id=player.pk, invested_value=300_000, admin=admin_user)
    entry = LedgerEntry.objects.get()
    with pytest.raises(AppendOnlyError):
        entry.save()
    with pytest.raises(AppendOnlyError):
        entry.delete()
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.update(amount=1)
    with pytest.raises(AppendOnlyError):
        LedgerEntry.objects.all().delete()


def test_an_entry_moves_a_positive_whole_amount_for_a_known_reason(db):
    with pytest.raises(ValueError, match="unknown ledger reason"):
        ledger.move_many([ledger.Move(1, ledger.BANK, ledger.SOLO_DIVIDENDS, "gift")])
    with pytest.raises(ValueError, match="positive whole amount"):
        ledger.move_many([ledger.Move(-5, ledger.BANK, ledger.SOLO_DIVIDENDS, "dividends_edit")])
