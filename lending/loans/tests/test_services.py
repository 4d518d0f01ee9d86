from datetime import date, timedelta
from decimal import Decimal

import pytest
from django.utils import timezone

from accounts.tests.factories import PlayerFactory
from bank.errors import BankError
from bank.models import LedgerEntry
from credit.models import CreditEvent
from lending.loans import selectors, services
from lending.loans.selectors import solo_dividends_amount
from lending.models import Loan, LoanPayment, PendingLoan, SoloDividends
from lending.tests.factories import LoanFactory, LoanPaymentFactory, PendingLoanFactory

pytestmark = pytest.mark.django_db


def request_loan(player, value, days=10, **extra):
    return services.loan_request_create(user=player.user, player_id=player.pk, value=value, total_days=days, **extra)


def events(player, action):
    return list(CreditEvent.objects.filter(player=player, action_type=action).values_list("points_change", flat=True))


# --- requests: rates, totals, eligibility ---------------------------------------------------


@pytest.mark.parametrize(
    "value,rate,total",
    [
        (100_000, "0.50", 150_000),  # exactly 100,000 -> 50%
        (500_000, "0.35", 675_000),  # exactly 500,000 -> 35%
        (250_000, "0.30", 325_000),  # any other amount -> 30%
        (1_000_000, "0.30", 1_300_000),
        (100_001, "0.30", 130_001),  # 130001.3 rounds down
    ],
)
def test_request_gets_the_base_rate_for_its_amount(eligible_player, value, rate, total):
    pending = request_loan(eligible_player, value)
    assert pending.interest_rate == Decimal(rate)
    assert pending.total_to_pay == total
    assert pending.status == PendingLoan.Status.PENDING


@pytest.mark.parametrize(
    "score,value,rate",
    [
        (150, 100_000, "0.49"),  # Silver: one point off
        (150, 500_000, "0.34"),
        (150, 2_000_000, "0.29"),
        (300, 100_000, "0.48"),  # Gold: two points off
        (300, 500_000, "0.33"),
        (300, 10_000_000, "0.28"),
        (149, 250_000, "0.30"),  # still Basic
    ],
)
def test_tier_discount_is_taken_off_the_rate(score, value, rate):
    player = PlayerFactory(credit_score=score)
    pending = request_loan(player, value)
    assert pending.interest_rate == Decimal(rate)


def test_request_stores_its_terms_reason_and_requester(eligible_player):
    pending = request_loan(eligible_player, 1_000_000, days=30, request_reason="A new ship")
    assert (pending.value, pending.total_days, pending.request_reason) == (1_000_000, 30, "A new ship")
    assert pending.requested_by == eligible_player.user


def test_bad_payer_cannot_request_a_loan():
    player = PlayerFactory(credit_score=200, bad_payer=True)
    with pytest.raises(BankError) as error:
        request_loan(player, 100_000)
    assert error.value.status == 400 and "Bad payers" in error.value.detail
    assert not PendingLoan.objects.exists()


def test_a_score_below_50_cannot_request_a_loan():
    player = PlayerFactory(credit_score=49)
    with pytest.raises(BankError) as error:
        request_loan(player, 100_000)
    assert error.value.detail == "You need at least 50 credit score points to apply for loans."


@pytest.mark.parametrize(
    "score,allowed,refused,maximum",
    [
        (50, 1_000_000, 1_000_001, "€1,000,000"),
        (150, 5_000_000, 5_000_001, "€5,000,000"),
        (300, 10_000_000, 10_000_001, "€10,000,000"),
    ],
)
def test_request_over_the_tier_maximum_is_refused_naming_the_maximum(score, allowed, refused, maximum):
    player = PlayerFactory(credit_score=score)
    request_loan(player, allowed)
    with pytest.raises(BankError) as error:
        request_loan(player, refused)
    assert error.value.status == 400
    assert error.value.detail == f"The maximum loan amount for your tier is {maximum}"


def test_request_for_another_players_id_is_not_found(eligible_player, other_player):
    with pytest.raises(BankError) as error:
        services.loan_request_create(user=eligible_player.user, player_id=other_player.pk, value=100_000, total_days=5)
    assert (error.value.status, error.value.code, error.value.detail) == (404, "not_found", "Player not found")
    assert not PendingLoan.objects.exists()


# --- approve and deny ----------------------------------------------------------------------


def test_approval_creates_an_active_loan_starting_today_on_the_requests_terms(admin_user):
    pending = PendingLoanFactory(interest_rate=Decimal("0.34"), total_to_pay=670_000)
    loan = services.loan_request_approve(request_id=pending.pk, admin=admin_user, notes="Welcome")
    assert loan.status == Loan.Status.ACTIVE and not loan.paid_off
    assert loan.start_date == timezone.localdate()
    assert (loan.value, loan.interest_rate, loan.total_days, loan.total_to_pay) == (
        500_000,
        Decimal("0.34"),
        14,
        670_000,
    )
    assert loan.daily_payment == 47_857  # 670000 / 14 = 47857.14
    assert loan.created_by == admin_user
    pending.refresh_from_db()
    assert pending.status == PendingLoan.Status.APPROVED
    assert (pending.decided_by, pending.converted_loan, pending.admin_notes) == (admin_user, loan, "Welcome")
    assert pending.decided_at is not None


def test_approval_gives_20_loan_taken_points(admin_user):
    pending = PendingLoanFactory()
    services.loan_request_approve(request_id=pending.pk, admin=admin_user)
    pending.player.refresh_from_db()
    assert pending.player.credit_score == 120
    assert events(pending.player, "loan_taken") == [20]


def test_deny_without_a_reason_answers_400_and_changes_nothing(admin_user):
    pending = PendingLoanFactory()
    with pytest.raises(BankError) as error:
        services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="")
    assert (error.value.status, error.value.detail) == (400, "A reason is required to deny a loan request")
    pending.refresh_from_db()
    assert pending.status == PendingLoan.Status.PENDING


def test_denying_a_decided_request_without_a_reason_answers_409_first(admin_user):
    pending = PendingLoanFactory()
    services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="Too soon")
    with pytest.raises(BankError) as error:
        services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="")
    assert (error.value.status, error.value.code) == (409, "already_processed")


def test_deny_stores_reason_decider_and_date(admin_user):
    pending = PendingLoanFactory()
    services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="Too soon")
    pending.refresh_from_db()
    assert (pending.status, pending.admin_notes, pending.decided_by) == ("denied", "Too soon", admin_user)
    assert pending.decided_at is not None
    assert not Loan.objects.exists()


@pytest.mark.parametrize(
    "first,second",
    [("approve", "approve"), ("approve", "deny"), ("deny", "approve"), ("deny", "deny")],
)
def test_deciding_a_request_twice_answers_409_and_changes_nothing(admin_user, first, second):
    pending = PendingLoanFactory()
    decide = {
        "approve": lambda: services.loan_request_approve(request_id=pending.pk, admin=admin_user),
        "deny": lambda: services.loan_request_deny(request_id=pending.pk, admin=admin_user, reason="No"),
    }
    decide[first]()
    pending.refresh_from_db()
    before = (pending.status, pending.admin_notes, pending.converted_loan_id, Loan.objects.count())
    with pytest.raises(BankError) as error:
        decide[second]()
    assert (error.value.status, error.value.detail) == (409, "This loan request was already processed.")
    pending.refresh_from_db()
    assert (pending.status, pending.admin_notes, pending.converted_loan_id, Loan.objects.count()) == before


def test_approval_for_a_player_who_became_a_bad_payer_is_refused_and_stays_pending(admin_user):
    pending = PendingLoanFactory()
    pending.player.bad_payer = True
    pending.player.save()
    with pytest.raises(BankError) as error:
        services.loan_request_approve(request_id=pending.pk, admin=admin_user)
    assert error.value.detail == "Cannot create products for bad payers"
    pending.refresh_from_db()
    assert pending.status == PendingLoan.Status.PENDING and not Loan.objects.exists()


def test_unknown_request_answers_404(admin_user):
    with pytest.raises(BankError) as error:
        services.loan_request_approve(request_id=999_999, admin=admin_user)
    assert error.value.status == 404


# --- Add Product ---------------------------------------------------------------------------


def test_admin_creates_a_loan_at_the_players_rate_without_the_score_rule(admin_user):
    player = PlayerFactory(credit_score=0)
    loan = services.loan_create(player_id=player.pk, value=100_000, total_days=10, admin=admin_user)
    assert (loan.interest_rate, loan.total_to_pay, loan.daily_payment) == (Decimal("0.50"), 150_000, 15_000)
    player.refresh_from_db()
    assert player.credit_score == 20


def test_admin_cannot_create_products_for_bad_payers(admin_user):
    player = PlayerFactory(bad_payer=True)
    with pytest.raises(BankError) as error:
        services.loan_create(player_id=player.pk, value=100_000, total_days=10, admin=admin_user)
    assert error.value.detail == "Cannot create products for bad payers"
    assert not Loan.objects.exists()


def test_add_product_without_days_names_them_after_the_bad_payer_check(admin_user, player):
    with pytest.raises(BankError) as error:
        services.loan_create(player_id=player.pk, value=100_000, total_days=None, admin=admin_user)
    assert error.value.detail == "Please enter loan duration in days"
    bad_payer = PlayerFactory(bad_payer=True)
    with pytest.raises(BankError) as error:
        services.loan_create(player_id=bad_payer.pk, value=100_000, total_days=None, admin=admin_user)
    assert error.value.detail == "Cannot create products for bad payers"


# --- payments ------------------------------------------------------------------------------


def test_paid_day_records_the_daily_payment_and_not_paid_records_0(admin_user):
    loan = LoanFactory(days_ago=True)
    today = timezone.localdate()
    paid = services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    assert (paid.payment.date, paid.payment.value, paid.replaced) == (today, 130_000, None)
    missed = services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin_user, on_date=loan.start_date)
    assert (missed.payment.status, missed.payment.value) == ("Not Paid", 0)


def test_marking_the_same_day_again_replaces_its_entry(admin_user):
    loan = LoanFactory()
    services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin_user)
    mark = services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    assert mark.replaced == "Not Paid"
    assert list(LoanPayment.objects.filter(loan=loan).values_list("status", "value")) == [("Paid", 130_000)]
    services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin_user)
    assert list(LoanPayment.objects.filter(loan=loan).values_list("status", "value")) == [("Not Paid", 0)]


def test_a_paid_day_gives_5_points_once_whatever_the_re_marks(admin_user):
    loan = LoanFactory()
    for status in ("Paid", "Paid", "Not Paid", "Paid"):
        services.loan_payment_mark(loan_id=loan.pk, status=status, admin=admin_user)
    assert events(loan.player, "payment_made") == [5]
    loan.player.refresh_from_db()
    assert loan.player.credit_score == 5


def test_not_paid_gives_no_points(admin_user):
    loan = LoanFactory()
    services.loan_payment_mark(loan_id=loan.pk, status="Not Paid", admin=admin_user)
    assert events(loan.player, "payment_made") == []


def test_payment_date_must_fall_between_start_and_today(admin_user):
    loan = LoanFactory(days_ago=True)
    for day in (loan.start_date - timedelta(days=1), timezone.localdate() + timedelta(days=1)):
        with pytest.raises(BankError):
            services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user, on_date=day)
    assert not LoanPayment.objects.exists()


# --- pay-off -------------------------------------------------------------------------------


@pytest.mark.usefixtures("high_threshold")
def test_pay_off_adds_exactly_35_percent_of_the_interest_to_the_dividends(admin_user):
    SoloDividends.objects.create(pk=1, dividends=1_000)
    loan = LoanFactory(value=1_000_000, interest_rate=Decimal("0.29"), total_to_pay=1_290_000)
    paid, gain = services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    assert gain == 101_500  # 0.35 x 290,000
    assert solo_dividends_amount() == 102_500
    assert (paid.status, paid.paid_off, paid.solo_gain, paid.paid_off_by) == ("Paid-Off", True, 101_500, admin_user)


@pytest.mark.usefixtures("high_threshold")
def test_pay_off_records_the_rest_as_repaid_at_once_in_the_game(admin_user):
    loan = LoanFactory()  # 1,300,000 to pay
    LoanPaymentFactory(loan=loan)  # 130,000 paid
    paid, _ = services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    assert paid.repaid_at_pay_off == 1_170_000
    entry = LedgerEntry.objects.get(reason="loan_paid_off")
    assert (entry.amount, entry.from_account, entry.to_account, entry.to_id, entry.actor_id) == (
        1_170_000,
        "player",
        "loan",
        loan.pk,
        admin_user.pk,
    )
    assert selectors.loan_detail(loan_id=loan.pk)["remaining"] == 0


def test_pay_off_rounds_the_dividend_half_up_once(admin_user):
    loan = LoanFactory(value=100_001, interest_rate=Decimal("0.30"), total_to_pay=130_001)
    _, gain = services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    assert gain == 10_500  # 0.35 x 30,000 = 10,500 exactly
    loan = LoanFactory(value=10, interest_rate=Decimal("1"), total_to_pay=20)
    _, gain = services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    assert gain == 4  # 3.5 -> 4
    assert solo_dividends_amount() == 10_504


@pytest.mark.usefixtures("high_threshold")
def test_a_second_pay_off_answers_409_and_adds_nothing(admin_user):
    loan = LoanFactory()
    services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    with pytest.raises(BankError) as error:
        services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    assert (error.value.status, error.value.detail) == (409, "This loan is already paid off.")
    assert solo_dividends_amount() == 105_000
    assert events(loan.player, "loan_completed") == [15]


@pytest.mark.usefixtures("high_threshold")
def test_pay_off_gives_15_loan_completed_points(admin_user):
    loan = LoanFactory()
    services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    loan.player.refresh_from_db()
    assert loan.player.credit_score == 15


@pytest.mark.parametrize(
    "change",
    [
        lambda loan, admin: services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin),
        lambda loan, admin: services.loan_edit(loan_id=loan.pk, value=5, admin=admin),
        lambda loan, admin: services.loan_change_days(loan_id=loan.pk, new_days=3, admin=admin),
        lambda loan, admin: services.loan_change_date(loan_id=loan.pk, new_date=timezone.localdate(), admin=admin),
    ],
)
@pytest.mark.usefixtures("high_threshold")
def test_a_paid_off_loan_takes_no_more_changes(admin_user, change):
    loan = LoanFactory()
    services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    with pytest.raises(BankError) as error:
        change(loan, admin_user)
    assert error.value.status == 409


# --- edit, dates, days ---------------------------------------------------------------------


@pytest.mark.usefixtures("high_threshold")
def test_edit_recomputes_total_and_daily_payment(admin_user):
    loan = LoanFactory()
    edited = services.loan_edit(
        loan_id=loan.pk,
        value=800_000,
        interest_rate=Decimal("0.25"),
        total_days=20,
        admin_notes="renegotiated",
        admin=admin_user,
    )
    assert (edited.value, edited.interest_rate, edited.total_days) == (800_000, Decimal("0.25"), 20)
    assert (edited.total_to_pay, edited.daily_payment, edited.admin_notes) == (1_000_000, 50_000, "renegotiated")


def test_edit_of_one_field_keeps_the_others(admin_user):
    loan = LoanFactory()
    edited = services.loan_edit(loan_id=loan.pk, interest_rate=Decimal("0.5"), admin=admin_user)
    assert (edited.value, edited.total_days, edited.total_to_pay, edited.daily_payment) == (
        1_000_000,
        10,
        1_500_000,
        150_000,
    )


def test_edit_with_nothing_answers_400(admin_user):
    loan = LoanFactory()
    with pytest.raises(BankError) as error:
        services.loan_edit(loan_id=loan.pk, admin=admin_user)
    assert error.value.code == "nothing_to_change"


def test_change_days_keeps_the_total_and_recomputes_the_daily_payment(admin_user):
    loan = LoanFactory()
    changed = services.loan_change_days(loan_id=loan.pk, new_days=4, admin=admin_user)
    assert (changed.total_days, changed.total_to_pay, changed.daily_payment) == (4, 1_300_000, 325_000)


def test_change_date_moves_the_start_within_the_window(admin_user):
    loan = LoanFactory()
    year = timezone.localdate().year
    changed = services.loan_change_date(loan_id=loan.pk, new_date=date(year + 1, 12, 31), admin=admin_user)
    assert changed.start_date == date(year + 1, 12, 31)
    with pytest.raises(BankError) as error:
        services.loan_change_date(loan_id=loan.pk, new_date=date(year - 1, 12, 31), admin=admin_user)
    assert error.value.detail == f"Date must be between 1 Jan {year} and 31 Dec {year + 1}"
    loan.refresh_from_db()
    assert loan.start_date == date(year + 1, 12, 31)


def test_unknown_loan_answers_404(admin_user):
    with pytest.raises(BankError) as error:
        services.loan_pay_off(loan_id=424242, admin=admin_user)
    assert error.value.status == 404


def test_database_refuses_a_paid_off_flag_that_disagrees_with_the_status():
    from django.db import IntegrityError, transaction

    loan = LoanFactory()
    with pytest.raises(IntegrityError), transaction.atomic():
        Loan.objects.filter(pk=loan.pk).update(paid_off=True)
    with pytest.raises(IntegrityError), transaction.atomic():
        PendingLoan.objects.filter(pk=PendingLoanFactory().pk).update(status="approved")


# --- live notices --------------------------------------------------------------------------


@pytest.fixture
def notices(monkeypatch):
    """The lending notices sent (credit.services sends its own {credit, players} ones too)."""
    sent = []

    def record(kinds, player_ids=(), *, everyone=False):
        if set(kinds) != {"credit", "players"}:
            sent.append((set(kinds), list(player_ids), everyone))

    monkeypatch.setattr(services.live, "notify", record)
    return sent


def test_each_write_names_the_kinds_it_changed(admin_user, eligible_player, notices):
    pending = request_loan(eligible_player, 100_000)
    assert notices.pop() == ({"pending_loans"}, [eligible_player.pk], False)
    loan = services.loan_request_approve(request_id=pending.pk, admin=admin_user)
    # the approval names each kind it changed exactly once
    assert sorted(notices, key=lambda notice: sorted(notice[0])) == [
        ({"loans"}, [eligible_player.pk], False),
        ({"pending_loans"}, [eligible_player.pk], False),
    ]
    notices.clear()
    services.loan_payment_mark(loan_id=loan.pk, status="Paid", admin=admin_user)
    assert notices == [({"loans"}, [eligible_player.pk], False)]
    notices.clear()
    services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    assert notices == [({"loans"}, [eligible_player.pk], False), ({"solo_dividends"}, [], True)]
    other = request_loan(eligible_player, 100_000)
    notices.clear()
    services.loan_request_deny(request_id=other.pk, admin=admin_user, reason="No")
    assert notices == [({"pending_loans"}, [eligible_player.pk], False)]


def test_a_refused_change_sends_no_notice(admin_user, notices):
    loan = LoanFactory()
    with pytest.raises(BankError):
        services.loan_payment_mark(
            loan_id=loan.pk, status="Paid", admin=admin_user, on_date=loan.start_date - timedelta(days=1)
        )
    assert notices == []
