"""Input and output shapes of the loans API: one serializer per call parses its query and body at
the edge (bank.inputs.parse), and the OpenAPI schema comes from these same classes."""

from django_stubs_ext import StrOrPromise
from rest_framework import serializers

from bank.decisions import AwaitingSecondApprovalOut, approvals_field
from bank.fields import ChoiceTextField, IsoDateField, RecordIdField, StrictBooleanField, TextField, enum_field
from bank.inputs import InputSerializer
from bank.paging import PageIn, PageOut
from lending import rules
from lending.fields import (
    AmountField,
    DaysField,
    RateField,
    ignored_user_field,
    notes_field,
    rate_field,
)
from lending.loans.models import Loan, LoanPayment, PendingLoan

LoanStatusField = enum_field("LoanStatusField", Loan.Status.values)
PaymentStatusField = enum_field("PaymentStatusField", LoanPayment.Status.values)
RequestStatusField = enum_field("RequestStatusField", PendingLoan.Status.values)
ListingStatusField = enum_field("ListingStatusField", list(rules.LOAN_LISTING_STATUSES))


# --- output --------------------------------------------------------------------------------


def daily_rate_field() -> serializers.DecimalField:
    return rate_field(help_text="the whole-term rate spread over the days, shown beside it: 0.0214 = 2.14% a day")


class PaymentEntryOut(serializers.Serializer):
    date = serializers.DateField()
    status = PaymentStatusField()
    value = serializers.IntegerField()


class LoanFiguresOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    value = serializers.IntegerField()
    interest_rate = rate_field(help_text="whole-term fraction: 0.3 = 30%")
    daily_rate = daily_rate_field()
    total_days = serializers.IntegerField()
    total_to_pay = serializers.IntegerField()
    daily_payment = serializers.IntegerField()
    start_date = serializers.DateField()
    status = LoanStatusField()
    paid_off = serializers.BooleanField()
    paid_off_at = serializers.DateTimeField(allow_null=True)
    solo_gain = serializers.IntegerField(help_text="what the pay-off added to the solo dividends")
    current_day = serializers.IntegerField(help_text="(today - start_date) + 1; 0 or less before the start")
    days_passed = serializers.IntegerField(help_text="current_day within 0..total_days")
    amount_paid = serializers.IntegerField(help_text="its Paid days and, once paid off, the rest paid at once")
    repaid_at_pay_off = serializers.IntegerField(help_text="the rest the player paid at once when it was paid off")
    written_off = serializers.IntegerField(help_text="what the bank forgave when it wrote the loan off")
    remaining = serializers.IntegerField()
    payments_made = serializers.IntegerField(help_text="days marked Paid")
    missed_payments = serializers.IntegerField(help_text="days marked Not Paid")
    paid_percent = serializers.FloatField(help_text="share of the total paid, 0..100; 100 once paid off")
    payoff_solo_gain = serializers.IntegerField(
        help_text="what paying it off adds to the solo dividends (35% of its interest); once paid off, what it added"
    )
    admin_notes = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class LoanOut(LoanFiguresOut):
    payments_history = PaymentEntryOut(many=True)


class LoanCheckOut(LoanFiguresOut):
    """A Check Loans row: the figures and today's entry; the history comes from GET /api/loans/{id}."""

    today_entry = PaymentEntryOut(allow_null=True)
    listing_status = ListingStatusField()
    status_text = serializers.CharField()


class LoanChartOut(serializers.Serializer):
    """My Loans' chart of one loan (lending.rules.loan_chart): one figure per day from day 1, at most
    30 days."""

    recorded_days = serializers.IntegerField(
        help_text="days 1..recorded_days are what the Paid entries say; later days are the plan if every day is paid"
    )
    amount_paid = serializers.ListField(
        child=serializers.IntegerField(), help_text="Amount Paid at the end of each day, day 1 first"
    )
    remaining = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Remaining Amount at the end of each day (total - paid, never below 0)",
    )


class PlayerLoanOut(LoanOut):
    """One of a player's loans (bank data, a player's products): its day history, its chart and,
    while Active, today's entry and listing status as Check Loans gives them (null once closed)."""

    today_entry = PaymentEntryOut(allow_null=True)
    listing_status = ListingStatusField(allow_null=True)
    status_text = serializers.CharField(help_text="the listing status in words; the status once closed")
    due_today = serializers.IntegerField(
        help_text="what today's day asks beyond what was paid ahead (0 once closed; docs/rules.md, Arrears)"
    )
    arrears = serializers.IntegerField(help_text="what fell due by yesterday and is not paid (0 once closed)")
    arrears_days = serializers.IntegerField(help_text="the arrears over the daily payment, rounded up")
    chart = LoanChartOut(
        help_text="Amount Paid vs Remaining Amount over the loan's first 30 days, as My Loans draws it"
    )


class LoansCheckCountersOut(serializers.Serializer):
    paid_today = serializers.IntegerField()
    not_paid_today = serializers.IntegerField()
    start_today = serializers.IntegerField()
    period_over = serializers.IntegerField()
    upcoming = serializers.IntegerField()
    total_value = serializers.IntegerField(help_text="the Active loans' values")


class LoansCheckOut(PageOut):
    count = serializers.IntegerField(help_text="Active loans matching the filters")
    counters = LoansCheckCountersOut(help_text="the whole bank's Active loans, whatever the filters")
    loans = LoanCheckOut(many=True)


class PendingLoanOut(serializers.Serializer):
    """A loan request: who asked for what, and how it was decided."""

    # reads the rows selectors.pending_loan_rows shapes in one query with its joins, not models

    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    player_discord = serializers.CharField()
    value = serializers.IntegerField()
    total_days = serializers.IntegerField()
    interest_rate = rate_field(help_text="whole-term fraction computed at request time")
    daily_rate = daily_rate_field()
    total_to_pay = serializers.IntegerField()
    user = serializers.CharField(
        allow_null=True, help_text="who asked: the player's name, or the proposing officer's display name"
    )
    request_reason = serializers.CharField(allow_blank=True)
    request_date = serializers.DateTimeField()
    created_date = serializers.DateTimeField()
    status = RequestStatusField()
    admin_notes = serializers.CharField(allow_blank=True)
    approved_by = serializers.CharField(allow_null=True, help_text="the approving officer's display name")
    approved_date = serializers.DateTimeField(allow_null=True)
    denied_by = serializers.CharField(allow_null=True, help_text="the denying officer's display name")
    denied_date = serializers.DateTimeField(allow_null=True)
    converted_loan_id = serializers.IntegerField(allow_null=True)


class PendingLoanOfficerOut(PendingLoanOut):
    """A request as officers read it: with the approvals it has while it waits for a second officer."""

    approvals = approvals_field()


class PendingLoanDecisionOut(serializers.Serializer):
    pending_loan = PendingLoanOfficerOut()
    loan = LoanOut(allow_null=True, help_text="the new loan on approval; null on denial")
    detail = serializers.CharField()


class PendingLoansOut(PageOut):
    pending_loans = PendingLoanOfficerOut(many=True)
    count = serializers.IntegerField(help_text="every pending request (the tab's badge)")


class DividendsOut(serializers.Serializer):
    dividends = serializers.IntegerField()


class PaymentMarkOut(serializers.Serializer):
    loan_id = serializers.IntegerField()
    date = serializers.DateField()
    status = PaymentStatusField()
    value = serializers.IntegerField()
    replaced = serializers.CharField(allow_null=True, help_text="the day's earlier status when it was marked before")
    credit_points = serializers.IntegerField(help_text="points this mark gave (5 the first time a day is Paid)")
    detail = serializers.CharField()


class PayOffOut(serializers.Serializer):
    loan = LoanOut()
    solo_gain = serializers.IntegerField()
    detail = serializers.CharField()


class RateRowOut(serializers.Serializer):
    label = serializers.CharField()  # type: ignore[assignment]  # the answer's field, not Field.label
    amount = serializers.IntegerField(allow_null=True, help_text="null: any other amount")
    rate = rate_field(help_text="base whole-term rate before the tier discount")


class LoanQuoteOut(serializers.Serializer):
    player_id = serializers.IntegerField()
    value = serializers.IntegerField(allow_null=True)
    total_days = serializers.IntegerField(allow_null=True)
    tier = serializers.CharField()
    base_rate = rate_field(allow_null=True)
    tier_discount = rate_field(help_text="a fraction taken off the base rate: 0.01 = 1 point")
    interest_rate = rate_field(allow_null=True, help_text="whole-term fraction this player gets")
    total_to_pay = serializers.IntegerField(allow_null=True)
    daily_payment = serializers.IntegerField(allow_null=True, help_text="null until total_days is given")
    max_loan_amount = serializers.IntegerField()
    eligible = serializers.BooleanField(help_text="a request of this value would be accepted now")
    reason = serializers.CharField(allow_blank=True, help_text="why not, in the request's own words; empty if eligible")
    rate_table = RateRowOut(many=True)


class LoanLimitsOut(serializers.Serializer):
    min_amount = serializers.IntegerField()
    max_amount = serializers.IntegerField()
    min_days = serializers.IntegerField()
    max_days = serializers.IntegerField()
    max_rate = rate_field()
    notes_max_length = serializers.IntegerField()
    start_date_min = serializers.DateField()
    start_date_max = serializers.DateField()
    today = serializers.DateField()


# --- input ---------------------------------------------------------------------------------

_FILL: dict[str, StrOrPromise] = {
    "required": rules.FILL_REQUIRED,
    "null": rules.FILL_REQUIRED,
    "blank": rules.FILL_REQUIRED,
}


class LoanRequestIn(InputSerializer):
    player_id = RecordIdField(
        required=False, allow_null=True, help_text="the caller's own player (another id answers 404)"
    )
    value = AmountField(error_messages=_FILL)
    total_days = DaysField(error_messages=_FILL)
    request_reason = notes_field()
    user = ignored_user_field()


class LoanQuoteIn(InputSerializer):
    player_id = RecordIdField(required=False, help_text="required for admins; a player's own id by default")
    value = AmountField(required=False)
    total_days = DaysField(required=False)


class LoanCreateIn(InputSerializer):
    _select = {"required": rules.SELECT_PLAYER, "null": rules.SELECT_PLAYER}
    _value = {"required": rules.ENTER_VALUE, "null": rules.ENTER_VALUE, "blank": rules.ENTER_VALUE}

    player_id = RecordIdField(error_messages=_select)
    value = AmountField(error_messages=_value)
    # optional here: a bad payer is refused before the missing days are named (the spec's order)
    total_days = DaysField(required=False, allow_null=True)
    admin_notes = notes_field()
    user = ignored_user_field()


class LoanUpdateIn(InputSerializer):
    paid_off = StrictBooleanField(required=False)
    status = TextField(max_length=16, help_text="'Paid-Off' also pays the loan off")


class LoanEditIn(InputSerializer):
    value = AmountField(required=False, allow_null=True)
    interest_rate = RateField(required=False, allow_null=True, help_text="a whole-term fraction, 0.3 = 30%")
    total_days = DaysField(required=False, allow_null=True)
    admin_notes = notes_field(allow_null=True)


class WriteOffIn(InputSerializer):
    reason = notes_field(required=False, help_text="why the bank forgives what is left (required)")


class PaymentMarkIn(InputSerializer):
    payment_status = ChoiceTextField(
        choices=LoanPayment.Status.values,
        error_messages={
            "required": "payment_status must be Paid or Not Paid",
            "invalid_choice": "payment_status must be Paid or Not Paid",
        },
    )
    date = IsoDateField(required=False, help_text="YYYY-MM-DD, from the start date to today; default today")


class ChangeDaysIn(InputSerializer):
    new_days = DaysField(error_messages={"required": rules.BAD_DAYS, "null": rules.BAD_DAYS, "blank": rules.BAD_DAYS})


class LoansCheckIn(PageIn):
    listing_status = ChoiceTextField(choices=list(rules.LOAN_LISTING_STATUSES), required=False)
    search = TextField(max_length=64, help_text="a player's name, Discord name or id, or a loan id")


class DividendsIn(InputSerializer):
    dividends = AmountField(min_value=0)


class LoanRequestAwaitingOut(AwaitingSecondApprovalOut):
    pending_loan = PendingLoanOfficerOut()
