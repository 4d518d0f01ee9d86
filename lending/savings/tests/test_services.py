"""Savings: weeks, compounding, client limits, the overdue run, and withdrawals (services and rules)."""

from datetime import date, time, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.tests.factories import AdminFactory, PlayerFactory
from bank import decisions, ledger
from bank.errors import BankError
from bank.texts import day_text
from credit.models import CreditEvent
from lending import rules
from lending.models import Savings, SavingsWeek, WithdrawalRequest
from lending.savings import services
from lending.savings.selectors import savings_check, savings_detail, savings_quote
from lending.tests.factories import SavingsFactory, WithdrawalRequestFactory

pytestmark = pytest.mark.django_db

TODAY = date(2026, 6, 15)


def today() -> date:
    return timezone.localdate()


def points(player, action):
    return list(CreditEvent.objects.filter(player=player, action_type=action).values_list("points_change", flat=True))


# --- rules ---------------------------------------------------------------------------------


def test_week_n_falls_due_n_weeks_after_the_start():
    start = date(2026, 6, 1)
    assert [rules.week_due_date(start, week) for week in (1, 2, 3)] == [
        date(2026, 6, 8),
        date(2026, 6, 15),
        date(2026, 6, 22),
    ]


@pytest.mark.parametrize(
    "next_due,status",
    [(TODAY - timedelta(days=1), "overdue"), (TODAY, "due_today"), (TODAY + timedelta(days=1), "upcoming")],
)
def test_listing_status_around_today(next_due, status):
    assert rules.savings_listing_status(next_due=next_due, today=TODAY, week=3)[0] == status


def test_listing_text_says_the_week_and_its_day():
    assert rules.savings_listing_status(next_due=TODAY - timedelta(days=2), today=TODAY, week=4)[1] == (
        "Week 4 overdue since 13 Jun 2026 (2 days)"
    )
    assert rules.savings_listing_status(next_due=TODAY, today=TODAY, week=1)[1] == "Week 1 due today"


@pytest.mark.parametrize("score,rate", [(0, "0.07"), (149, "0.07"), (150, "0.075"), (300, "0.075")])
def test_a_new_account_gets_7_percent_plus_the_tiers_bonus(score, rate):
    assert rules.savings_rate(score=score) == Decimal(rate)


def test_projections_compound_week_by_week_rounding_each_week():
    weeks = rules.project([(1_000_000, Decimal("0.07"))], 3)
    assert [(row.earnings, row.balance) for row in weeks] == [
        (70_000, 1_070_000),
        (74_900, 1_144_900),
        (80_143, 1_225_043),  # 80,143 = round(1,144,900 x 0.07)
    ]
    two = rules.project([(100, Decimal("0.005")), (100, Decimal("0.005"))], 1)
    assert two[0].earnings == 2  # each account's 0.5 rounds up on its own


def test_projections_stop_compounding_at_the_client_limit_and_pay_the_rest_out():
    """The bank refuses to compound a week past the client limit (the week is paid out in the game):
    the projection shows the same, never a balance the player may not hold (issue 30)."""
    weeks = rules.project([(1_400_000, Decimal("0.07"))], 3, cap=1_500_000)
    assert [(row.earnings, row.balance) for row in weeks] == [
        (98_000, 1_498_000),  # compounded: 1,498,000 is within 1,500,000
        (104_860, 1_498_000),  # 104,860 more would pass it: paid out
        (104_860, 1_498_000),
    ]
    # two accounts share the limit: the first week's interest that fits compounds, the rest is paid out
    shared = rules.project([(720_000, Decimal("0.07")), (720_000, Decimal("0.07"))], 1, cap=1_500_000)
    assert (shared[0].earnings, shared[0].balance) == (100_800, 1_490_400)


@pytest.mark.parametrize(
    "client_type,count,total,new,added,refused",
    [
        ("new", 2, 1_000_000, 1, 500_000, False),  # exactly at 1.5M and 3 accounts
        ("new", 2, 1_000_000, 1, 500_001, True),  # one bread over 1.5M
        ("new", 3, 300_000, 1, 1, True),  # a fourth account
        ("old", 2, 3_000_000, 1, 1_000_000, False),  # exactly at 4M
        ("old", 2, 3_000_000, 1, 1_000_001, True),
        ("old", 3, 300_000, 1, 1, True),
        ("old", 3, 3_999_999, 0, 1, False),  # growing an account counts no new account
    ],
)
def test_client_limits_at_and_over_the_total_and_the_account_cap(client_type, count, total, new, added, refused):
    refusal = rules.client_limit_refusal(
        limit=rules.CLIENT_LIMITS[client_type],
        active_count=count,
        active_total=total,
        new_accounts=new,
        added_value=added,
    )
    assert (refusal is not None) is refused


# --- opening accounts ----------------------------------------------------------------------


def test_admin_opens_savings_at_the_players_rate_with_its_first_week_due_in_seven_days(admin_user):
    player = PlayerFactory(credit_score=160)
    savings = services.savings_create(player_id=player.pk, invested_value=500_000, admin=admin_user)
    assert (savings.principal, savings.invested_value, savings.interest_rate) == (500_000, 500_000, Decimal("0.075"))
    assert (savings.next_week, savings.next_due_date) == (1, today() + timedelta(days=7))
    assert savings.status == "Active"


def test_the_first_account_gives_10_points_and_each_next_5(admin_user, player):
    for _ in range(3):
        services.savings_create(player_id=player.pk, invested_value=100_000, admin=admin_user)
    assert points(player, "savings_opened") == [5, 5, 10]  # newest first


def test_bad_payers_get_no_savings(admin_user):
    player = PlayerFactory(bad_payer=True)
    with pytest.raises(BankError) as error:
        services.savings_create(player_id=player.pk, invested_value=100_000, admin=admin_user)
    assert error.value.detail == "Cannot create products for bad payers"
    assert not Savings.objects.exists()


@pytest.mark.parametrize("client_type,allowed", [("new", 1_500_000), ("old", 4_000_000)])
@pytest.mark.usefixtures("high_threshold")
def test_opening_savings_stops_at_the_client_types_total(admin_user, client_type, allowed):
    player = PlayerFactory(client_type=client_type)
    services.savings_create(player_id=player.pk, invested_value=allowed - 1, admin=admin_user)
    with pytest.raises(BankError) as error:
        services.savings_create(player_id=player.pk, invested_value=2, admin=admin_user)
    assert (error.value.status, error.value.code) == (400, "client_limit")
    assert f"at most €{allowed:,} in savings" in error.value.detail and "at most €1 more" in error.value.detail
    services.savings_create(player_id=player.pk, invested_value=1, admin=admin_user)  # exactly at the limit
    assert Savings.objects.filter(player=player).count() == 2


@pytest.mark.parametrize("client_type", ["new", "old"])
def test_a_fourth_active_account_is_refused_for_both_client_types(admin_user, client_type):
    player = PlayerFactory(client_type=client_type)
    for _ in range(3):
        services.savings_create(player_id=player.pk, invested_value=100_000, admin=admin_user)
    with pytest.raises(BankError) as error:
        services.savings_create(player_id=player.pk, invested_value=100_000, admin=admin_user)
    assert (
        error.value.detail
        == f"{client_type.capitalize()} clients can hold at most 3 active savings accounts (this player has 3)"
    )


def test_a_closed_account_does_not_count_against_the_limits(admin_user, player):
    closed = SavingsFactory(player=player, invested_value=1_400_000)
    services.savings_take(savings=closed, amount=1_400_000, to=ledger.player(player.pk), reason="withdrawal")
    services.savings_create(player_id=player.pk, invested_value=1_500_000, admin=admin_user)


# --- weeks ---------------------------------------------------------------------------------


def test_paid_pays_the_weeks_interest_out_and_keeps_the_balance(admin_user):
    savings = SavingsFactory(start_date=today() - timedelta(days=7), next_due_date=today())
    mark = services.savings_payment_mark(savings_id=savings.pk, status="Paid", admin=admin_user)
    savings.refresh_from_db()
    assert (mark.entry.week, mark.entry.interest, mark.entry.interest_compounded) == (1, 70_000, 0)
    assert (savings.invested_value, savings.next_week, savings.next_due_date) == (
        1_000_000,
        2,
        today() + timedelta(days=7),
    )
    assert mark.solo_gain == 0
    assert points(savings.player, "weekly_payment") == [1]


def test_not_paid_compounds_the_weeks_interest_into_the_balance(admin_user):
    savings = SavingsFactory(weeks=1)  # week 2 due today
    mark = services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", admin=admin_user)
    savings.refresh_from_db()
    assert (mark.entry.week, mark.entry.interest, mark.entry.interest_compounded) == (2, 70_000, 70_000)
    assert savings.invested_value == 1_070_000
    assert points(savings.player, "weekly_payment") == []


def test_paid_then_not_paid_then_paid_on_one_week_leaves_the_balance_where_it_started(admin_user):
    savings = SavingsFactory(weeks=1)
    services.savings_payment_mark(savings_id=savings.pk, status="Paid", admin=admin_user)
    compounded = services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", week=2, admin=admin_user)
    assert compounded.savings.invested_value == 1_070_000 and not compounded.reverted
    back = services.savings_payment_mark(savings_id=savings.pk, status="Paid", week=2, admin=admin_user)
    savings.refresh_from_db()
    assert savings.invested_value == 1_000_000
    assert back.reverted is True and back.entry.reverted_from == "Not Paid"
    assert points(savings.player, "weekly_payment") == [1]  # once per week, whatever the re-marks


def test_changing_a_not_paid_week_to_paid_takes_its_interest_back_out(admin_user):
    savings = SavingsFactory(weeks=1)
    services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", admin=admin_user)
    mark = services.savings_payment_mark(savings_id=savings.pk, status="Paid", week=2, admin=admin_user)
    assert (mark.reverted, mark.savings.invested_value, mark.entry.interest_compounded) == (True, 1_000_000, 0)


def test_a_change_of_the_latest_week_says_what_it_did_to_the_balance(admin_user):
    savings = SavingsFactory(weeks=1)
    missed = services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", admin=admin_user)
    assert missed.balance_change == 70_000
    back = services.savings_payment_mark(savings_id=savings.pk, status="Paid", week=2, admin=admin_user)
    assert (back.reverted, back.balance_change) == (True, -70_000)
    again = services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", week=2, admin=admin_user)
    assert (again.reverted, again.balance_change, again.savings.invested_value) == (False, 70_000, 1_070_000)
    same = services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", week=2, admin=admin_user)
    assert (same.changed, same.balance_change) == (False, 0)


def test_the_audit_of_a_changed_week_keeps_the_balance_before_the_change(admin_user):
    from bank.models import AuditEntry

    savings = SavingsFactory(weeks=1)
    services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", admin=admin_user)
    services.savings_payment_mark(savings_id=savings.pk, status="Paid", week=2, admin=admin_user)
    entry = AuditEntry.objects.filter(kind="savings.payment_marked").order_by("-id").first()
    assert (entry.before["status"], entry.before["invested_value"]) == ("Not Paid", 1_070_000)
    assert (entry.after["status"], entry.after["invested_value"]) == ("Paid", 1_000_000)


def test_only_the_latest_week_can_change(admin_user):
    savings = SavingsFactory(weeks=3)
    with pytest.raises(BankError) as error:
        services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", week=2, admin=admin_user)
    assert (error.value.status, error.value.detail) == (409, "Only the latest recorded week (week 3) can be changed")


def test_a_week_not_yet_due_cannot_be_recorded(admin_user):
    savings = SavingsFactory()  # week 1 due in 7 days
    with pytest.raises(BankError) as error:
        services.savings_payment_mark(savings_id=savings.pk, status="Paid", admin=admin_user)
    assert error.value.detail == f"Week 1 is not due until {day_text(today() + timedelta(days=7))}"
    assert not SavingsWeek.objects.exists()


def test_marking_the_same_status_again_changes_nothing(admin_user):
    savings = SavingsFactory(weeks=1)
    services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", admin=admin_user)
    again = services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", week=2, admin=admin_user)
    assert (again.changed, again.savings.invested_value) == (False, 1_070_000)


def test_the_due_week_compounds_on_the_compounded_balance(admin_user):
    savings = SavingsFactory(start_date=today() - timedelta(days=14), next_due_date=today() - timedelta(days=7))
    services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", admin=admin_user)
    services.savings_payment_mark(savings_id=savings.pk, status="Not Paid", admin=admin_user)
    savings.refresh_from_db()
    assert savings.invested_value == 1_144_900  # 1,000,000 x 1.07 x 1.07


# --- the overdue run -----------------------------------------------------------------------


def test_auto_processing_catches_up_every_overdue_week_and_twice_changes_nothing(admin_user):
    behind = SavingsFactory(start_date=today() - timedelta(days=29), next_due_date=today() - timedelta(days=22))
    due_today = SavingsFactory(weeks=2)
    upcoming = SavingsFactory()
    run = services.savings_auto_process_overdue(admin=admin_user)
    assert (run.processed_count, run.accounts_count, run.total_solo_gain) == (4, 1, 0)
    behind.refresh_from_db()
    assert behind.invested_value == 1_310_796  # four weeks compounded: 1.07^4, rounded each week
    assert behind.next_due_date == today() + timedelta(days=6)
    weeks = SavingsWeek.objects.filter(savings=behind)
    assert {(week.status, week.auto_processed) for week in weeks} == {("Not Paid", True)}
    assert SavingsWeek.objects.filter(savings__in=[due_today, upcoming], auto_processed=True).count() == 0

    state = list(Savings.objects.order_by("pk").values_list("invested_value", "next_week"))
    again = services.savings_auto_process_overdue(admin=admin_user)
    assert (again.processed_count, again.accounts_count) == (0, 0)
    assert list(Savings.objects.order_by("pk").values_list("invested_value", "next_week")) == state


def test_the_overdue_run_works_in_batches(admin_user, monkeypatch):
    monkeypatch.setattr(services, "AUTO_BATCH", 2)
    for _ in range(5):
        SavingsFactory(start_date=today() - timedelta(days=8), next_due_date=today() - timedelta(days=1))
    run = services.savings_auto_process_overdue(admin=admin_user)
    assert (run.processed_count, run.accounts_count) == (5, 5)


def test_the_management_command_runs_the_overdue_run():
    from io import StringIO

    from django.core.management import call_command

    SavingsFactory(start_date=today() - timedelta(days=8), next_due_date=today() - timedelta(days=1))
    out = StringIO()
    call_command("process_overdue_savings", stdout=out)
    assert out.getvalue().strip() == "Processed 1 overdue weeks in 1 savings accounts."


# --- edits and dates -----------------------------------------------------------------------


def test_changing_the_start_moves_the_unrecorded_weeks(admin_user):
    savings = SavingsFactory(weeks=2)
    # back to 1 January: further than one officer may move it, so a second officer approves
    waiting = services.savings_change_date(savings_id=savings.pk, new_date=date(today().year, 1, 1), admin=admin_user)
    assert "more than the 7 days one officer may move it" in waiting.reason
    decisions.proposal_approve(proposal_id=waiting.proposal.pk, officer=AdminFactory(username="second"))
    moved = Savings.objects.get(pk=savings.pk)
    assert moved.next_due_date == date(today().year, 1, 1) + timedelta(days=21)


def test_an_edit_that_would_break_the_limits_is_refused(admin_user):
    savings = SavingsFactory(invested_value=1_000_000)
    with pytest.raises(BankError) as error:
        services.savings_edit(savings_id=savings.pk, invested_value=1_600_000, admin=admin_user)
    assert error.value.code == "client_limit"
    edited = services.savings_edit(
        savings_id=savings.pk, invested_value=1_500_000, admin_notes="Topped up", admin=admin_user
    )
    assert (edited.invested_value, edited.admin_notes) == (1_500_000, "Topped up")


# --- withdrawals ---------------------------------------------------------------------------


def _ask(player, amount, when=None):
    return services.withdrawal_request_create(
        user=player.user,
        player_id=None,
        amount=amount,
        withdrawal_date=when or today(),
        withdrawal_time=time(18, 0),
        player_timezone=1,
    )


def test_a_withdrawal_over_the_available_total_is_refused(player):
    SavingsFactory(player=player, invested_value=300_000)
    SavingsFactory(player=player, invested_value=200_000)
    _ask(player, 500_000)
    with pytest.raises(BankError) as error:
        _ask(player, 500_001)
    assert (error.value.status, error.value.detail) == (
        400,
        "You can withdraw at most €500,000, the total of your active savings",
    )


@pytest.mark.parametrize("days", [-1, 1000])
def test_a_withdrawal_date_outside_today_to_next_years_end_is_refused(player, days):
    SavingsFactory(player=player)
    with pytest.raises(BankError) as error:
        _ask(player, 1_000, when=today() + timedelta(days=days))
    assert error.value.status == 400 and "between" in error.value.detail
    _ask(player, 1_000, when=date(today().year + 1, 12, 31))


def test_approval_takes_the_amount_oldest_first_and_closes_an_emptied_account(admin_user, player):
    oldest = SavingsFactory(player=player, invested_value=300_000)
    newer = SavingsFactory(player=player, invested_value=400_000)
    request = _ask(player, 500_000)
    services.withdrawal_request_approve(request_id=request.pk, admin=admin_user)
    oldest.refresh_from_db()
    newer.refresh_from_db()
    assert (oldest.invested_value, oldest.status) == (0, "Withdrawn")
    assert (newer.invested_value, newer.status) == (200_000, "Active")
    request.refresh_from_db()
    assert (request.status, request.decided_by) == ("approved", admin_user)


def test_approval_no_longer_covered_answers_409_and_changes_nothing(admin_user, player):
    savings = SavingsFactory(player=player, invested_value=300_000)
    request = _ask(player, 300_000)
    services.savings_take(savings=savings, amount=100_000, to=ledger.player(player.pk), reason="withdrawal")
    with pytest.raises(BankError) as error:
        services.withdrawal_request_approve(request_id=request.pk, admin=admin_user)
    assert (error.value.status, error.value.code) == (409, "not_covered")
    savings.refresh_from_db()
    request.refresh_from_db()
    assert (savings.invested_value, request.status) == (200_000, "pending")


def test_deciding_a_withdrawal_twice_answers_409_and_deny_needs_a_reason(admin_user, player):
    request = WithdrawalRequestFactory(player=player)
    with pytest.raises(BankError) as error:
        services.withdrawal_request_deny(request_id=request.pk, admin=admin_user, reason="")
    assert error.value.detail == "A reason is required to deny a withdrawal request"
    services.withdrawal_request_deny(request_id=request.pk, admin=admin_user, reason="Not now")
    for decide in (
        lambda: services.withdrawal_request_deny(request_id=request.pk, admin=admin_user, reason=""),
        lambda: services.withdrawal_request_approve(request_id=request.pk, admin=admin_user),
    ):
        with pytest.raises(BankError) as error:
            decide()
        assert (error.value.status, error.value.detail) == (409, "This withdrawal request was already processed.")
    request.refresh_from_db()
    assert (request.status, request.admin_notes) == (WithdrawalRequest.Status.DENIED, "Not now")


# --- reads ---------------------------------------------------------------------------------


def test_check_lists_the_most_overdue_first_and_counts_the_whole_bank():
    upcoming = SavingsFactory()
    due = SavingsFactory(weeks=1)
    overdue = SavingsFactory(start_date=today() - timedelta(days=9), next_due_date=today() - timedelta(days=2))
    checked = savings_check()
    assert [row["id"] for row in checked["savings"]] == [overdue.pk, due.pk, upcoming.pk]
    assert checked["counters"] | {"total_value": 0} == {"overdue": 1, "due_today": 1, "upcoming": 1, "total_value": 0}
    only = savings_check(listing_status="due_today")
    assert (only["count"], [row["id"] for row in only["savings"]]) == (1, [due.pk])


def test_an_accounts_figures_sum_its_weeks():
    savings = SavingsFactory(weeks=3)
    figures = savings_detail(savings_id=savings.pk)
    assert (figures["payments_count"], figures["paid_weeks"], figures["total_paid_out"]) == (3, 3, 210_000)
    assert figures["weekly_payment"] == 70_000 and figures["listing_status"] == "due_today"


def test_the_quote_projects_the_players_savings_and_checks_a_new_account():
    player = PlayerFactory(credit_score=200)
    SavingsFactory(player=player, invested_value=1_000_000)
    mine = savings_quote(player=player, invested_value=None)
    assert mine["current_weekly_earnings"] == 70_000
    assert [row["earnings"] for row in mine["weekly_chart"][:2]] == [70_000, 74_900]
    assert [p["weeks"] for p in mine["projections"]] == [12, 24, 52]
    assert mine["projections"][0]["final_amount"] == mine["weekly_chart"][11]["balance"]
    # a new client holds at most 1,500,000: 52 weeks never show more, and the rest is earned as paid out
    year = mine["projections"][2]
    assert year["final_amount"] <= 1_500_000
    assert year["total_earnings"] == sum(
        row.earnings for row in rules.project([(1_000_000, Decimal("0.07"))], 52, cap=1_500_000)
    )
    assert year["total_earnings"] > year["final_amount"] - 1_000_000
    new = savings_quote(player=player, invested_value=600_000)
    assert (new["interest_rate"], new["weekly_payment"], new["allowed"]) == (Decimal("0.075"), 45_000, False)
    assert new["reason"].endswith("so at most €500,000 more")


@pytest.mark.parametrize("gone", ["closed", "removed"])
def test_growing_an_account_closed_or_removed_meanwhile_is_a_conflict_not_a_404(gone):
    savings = SavingsFactory(invested_value=500_000)
    savings_id, player = savings.pk, savings.player
    if gone == "closed":
        Savings.objects.filter(pk=savings_id).update(invested_value=0, status=Savings.Status.WITHDRAWN)
    else:
        savings.delete()
    with pytest.raises(BankError) as refused:
        services.savings_grow(
            player=player, savings_id=savings_id, amount=25_000, funded_by=ledger.BANK, reason="pearl_sale"
        )
    assert (refused.value.status, refused.value.code) == (409, "savings_closed")
    assert f"Savings #{savings_id} was closed since" in refused.value.detail
