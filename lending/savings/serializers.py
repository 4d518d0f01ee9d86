"""Input and output shapes of the savings and withdrawals API (parsed at the edge; the OpenAPI schema
comes from these same classes)."""

from django_stubs_ext import StrOrPromise
from rest_framework import serializers

from accounts.models import Player
from accounts.serializers import PlayerOut
from bank.decisions import AwaitingSecondApprovalOut, ProposalOut, approvals_field
from bank.fields import (
    ChoiceTextField,
    ClockTimeField,
    IsoDateField,
    RecordIdField,
    TextField,
    WholeNumberField,
    enum_field,
)
from bank.inputs import InputSerializer
from bank.paging import PageIn, PageOut
from lending import rules
from lending.fields import AmountField, RateField, rate_field
from lending.savings.models import SavingsWeek, WithdrawalRequest

SavingsStatusField = enum_field("SavingsStatusField", ["Active", "Withdrawn"])
SavingsListingField = enum_field("SavingsListingField", list(rules.SAVINGS_LISTING_STATUSES))
WithdrawalStatusField = enum_field("WithdrawalStatusField", WithdrawalRequest.Status.values)

_FILL: dict[str, StrOrPromise] = {
    "required": rules.FILL_REQUIRED,
    "null": rules.FILL_REQUIRED,
    "blank": rules.FILL_REQUIRED,
}


def weekly_rate_field(**kwargs) -> serializers.DecimalField:
    kwargs.setdefault("help_text", "weekly fraction: 0.07 = 7% a week")
    return rate_field(**kwargs)


# --- output --------------------------------------------------------------------------------


class SavingsWeekOut(serializers.Serializer):
    week = serializers.IntegerField()
    date = serializers.DateField(help_text="the day the week fell due")
    status = enum_field("SavingsWeekStatusField", SavingsWeek.Status.values)()
    interest = serializers.IntegerField(help_text="the week's interest: the balance before it x the rate")
    interest_compounded = serializers.IntegerField(help_text="what the week added to the balance (Not Paid)")
    auto_processed = serializers.BooleanField()
    reverted_from = serializers.CharField(allow_null=True, help_text="'Not Paid' when changed to Paid afterwards")


class SavingsRowOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    principal = serializers.IntegerField(help_text="first invested")
    invested_value = serializers.IntegerField(help_text="the balance now")
    interest_rate = weekly_rate_field()
    weekly_rate = weekly_rate_field()
    weekly_payment = serializers.IntegerField(help_text="this week's interest at the current balance")
    start_date = serializers.DateField()
    status = SavingsStatusField()
    paid_off = serializers.BooleanField(help_text="true once closed")
    next_week = serializers.IntegerField()
    next_payment_date = serializers.DateField(allow_null=True)
    latest_week = SavingsWeekOut(
        allow_null=True,
        help_text="the latest recorded week (next_week - 1), which may still change (week=); null before week 1",
    )
    listing_status = SavingsListingField(allow_null=True)
    status_text = serializers.CharField()
    admin_notes = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField()


class SavingsOut(SavingsRowOut):
    payments_count = serializers.IntegerField(help_text="weeks recorded")
    paid_weeks = serializers.IntegerField()
    not_paid_weeks = serializers.IntegerField()
    total_paid_out = serializers.IntegerField(help_text="interest paid out in the game (Paid weeks)")
    total_compounded = serializers.IntegerField(help_text="interest added to the balance (Not Paid weeks)")
    payments_history = SavingsWeekOut(many=True)


class SavingsCountersOut(serializers.Serializer):
    overdue = serializers.IntegerField()
    due_today = serializers.IntegerField()
    upcoming = serializers.IntegerField()
    total_value = serializers.IntegerField()


class SavingsCheckOut(PageOut):
    count = serializers.IntegerField(help_text="accounts matching the filters")
    counters = SavingsCountersOut(help_text="the whole bank's active accounts, whatever the filters")
    savings = SavingsRowOut(many=True)


class SavingsMarkOut(serializers.Serializer):
    savings_id = serializers.IntegerField()
    week = serializers.IntegerField()
    date = serializers.DateField()
    status = serializers.CharField()
    interest = serializers.IntegerField()
    interest_compounded = serializers.IntegerField()
    reverted = serializers.BooleanField()
    changed = serializers.BooleanField(help_text="false when the week already had this status")
    balance_change = serializers.IntegerField(
        help_text="what the call did to the balance: the interest compounded (+) or taken back out (-); 0 for Paid"
    )
    solo_gain = serializers.IntegerField(help_text="always 0: savings never feed the solo dividends")
    entry = SavingsWeekOut()
    savings = SavingsOut()
    detail = serializers.CharField()


class RefusedCatchUpOut(serializers.Serializer):
    savings_id = serializers.IntegerField()
    player_name = serializers.CharField()
    reason = serializers.CharField(help_text="why the account could not be caught up (further)")


class OverdueRunOut(serializers.Serializer):
    processed_count = serializers.IntegerField(help_text="weeks marked Not Paid")
    accounts_count = serializers.IntegerField(help_text="accounts caught up")
    total_solo_gain = serializers.IntegerField()
    refused = RefusedCatchUpOut(many=True, help_text="accounts that could not be processed, each on its own")
    proposals = ProposalOut(many=True, help_text="players' catch-ups waiting for a second officer")
    detail = serializers.CharField()


class BreakdownRowOut(serializers.Serializer):
    savings_id = serializers.IntegerField()
    amount = serializers.IntegerField()
    interest_rate = weekly_rate_field()
    payments_count = serializers.IntegerField()
    start_date = serializers.DateField()


class TotalSavingsOut(serializers.Serializer):
    total_available = serializers.IntegerField()
    savings_count = serializers.IntegerField()
    withdrawal_date_min = serializers.DateField(help_text="a withdrawal may be asked for from this day (today)")
    withdrawal_date_max = serializers.DateField(help_text="to this one (31 December next year)")
    savings_breakdown = BreakdownRowOut(many=True)


class ProjectionWeekOut(serializers.Serializer):
    week = serializers.IntegerField()
    earnings = serializers.IntegerField()
    balance = serializers.IntegerField()


class ProjectionOut(serializers.Serializer):
    weeks = serializers.IntegerField()
    final_amount = serializers.IntegerField()
    total_earnings = serializers.IntegerField()


class SavingsQuoteOut(serializers.Serializer):
    player_id = serializers.IntegerField()
    invested_value = serializers.IntegerField(allow_null=True)
    interest_rate = weekly_rate_field(help_text="the weekly rate a new account gets for this player")
    tier = serializers.CharField()
    weekly_payment = serializers.IntegerField(allow_null=True)
    client_type = serializers.CharField()
    max_accounts = serializers.IntegerField()
    max_total = serializers.IntegerField()
    active_count = serializers.IntegerField()
    active_total = serializers.IntegerField()
    remaining = serializers.IntegerField(help_text="how much more the client limits allow")
    allowed = serializers.BooleanField()
    reason = serializers.CharField(allow_blank=True)
    current_balance = serializers.IntegerField()
    current_weekly_earnings = serializers.IntegerField()
    weekly_chart = ProjectionWeekOut(many=True)
    projections = ProjectionOut(many=True)


class ClientRowOut(serializers.Serializer):
    player_id = serializers.IntegerField()
    name = serializers.CharField()
    discord = serializers.CharField()
    client_type = serializers.ChoiceField(choices=Player.ClientType.choices)
    bad_payer = serializers.BooleanField()
    savings_count = serializers.IntegerField()
    max_accounts = serializers.IntegerField()
    total_savings_value = serializers.IntegerField()
    limit = serializers.IntegerField()
    percent_of_limit = serializers.FloatField()
    status = serializers.CharField(help_text="Bad Payer, Over Limit or Within Limit")


class ClientSummaryOut(serializers.Serializer):
    new_clients_count = serializers.IntegerField()
    new_clients_total_value = serializers.IntegerField()
    old_clients_count = serializers.IntegerField()
    old_clients_total_value = serializers.IntegerField()


class ClientLimitOut(serializers.Serializer):
    client_type = serializers.ChoiceField(choices=Player.ClientType.choices)
    max_accounts = serializers.IntegerField()
    max_total = serializers.IntegerField()


class ClientOverviewOut(PageOut):
    count = serializers.IntegerField(help_text="players matching the filters")
    summary = ClientSummaryOut(help_text="the whole bank, whatever the filters")
    limits = ClientLimitOut(many=True)
    clients = ClientRowOut(many=True, help_text="this page, by name")


class ClientTypeOut(serializers.Serializer):
    player = PlayerOut()
    detail = serializers.CharField()


class MarkedOldOut(serializers.Serializer):
    updated_count = serializers.IntegerField()
    detail = serializers.CharField()


class WithdrawalOut(serializers.Serializer):
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField(source="player.name")
    player_discord = serializers.CharField(source="player.discord")
    amount = serializers.IntegerField()
    withdrawal_date = serializers.DateField()
    withdrawal_time = ClockTimeField(help_text="HH:MM, in the player's timezone")
    player_timezone = serializers.IntegerField(help_text="GMT offset in hours")
    status = WithdrawalStatusField()
    admin_notes = serializers.CharField(allow_blank=True)
    decided_by = serializers.CharField(
        source="decided_by.public_name", default=None, allow_null=True, help_text="the deciding officer's display name"
    )
    decided_at = serializers.DateTimeField(allow_null=True)
    created_at = serializers.DateTimeField()
    # the names the spec's history view also reads
    request_date = serializers.DateTimeField(source="created_at")
    date = serializers.DateField(source="withdrawal_date")
    time = ClockTimeField(source="withdrawal_time")
    timezone = serializers.IntegerField(source="player_timezone")


class WithdrawalOfficerOut(WithdrawalOut):
    """A withdrawal as officers read it: with the approvals it has while it waits for a second officer."""

    approvals = approvals_field()


class WithdrawalHistoryOut(serializers.Serializer):
    withdrawal_history = WithdrawalOut(many=True)


class WithdrawalListOut(PageOut):
    pending_count = serializers.IntegerField(help_text="for the tab's badge")
    withdrawal_requests = WithdrawalOfficerOut(many=True)


class WithdrawalDecisionOut(serializers.Serializer):
    withdrawal_request = WithdrawalOfficerOut()
    detail = serializers.CharField()


class TimezoneSettingsOut(serializers.Serializer):
    admin_timezone = serializers.IntegerField(help_text="the admins' GMT offset")
    display_format = serializers.CharField()
    min_timezone = serializers.IntegerField()
    max_timezone = serializers.IntegerField()


class TimezoneSettingsAnswerOut(serializers.Serializer):
    timezone_settings = TimezoneSettingsOut()


# --- input ---------------------------------------------------------------------------------


WEEKLY_RATE_MESSAGE = (
    f"The weekly interest rate must be a fraction from 0 to {rules.MAX_SAVINGS_RATE} (0.07 = 7% a week)"
)


def _weekly_rate_in(**kwargs) -> RateField:
    return RateField(max_value=rules.MAX_SAVINGS_RATE, message=WEEKLY_RATE_MESSAGE, **kwargs)


class SavingsCreateIn(InputSerializer):
    _select = {"required": rules.SELECT_PLAYER, "null": rules.SELECT_PLAYER}
    _value = {"required": rules.ENTER_VALUE, "null": rules.ENTER_VALUE, "blank": rules.ENTER_VALUE}

    player_id = RecordIdField(error_messages=_select)
    invested_value = AmountField(error_messages=_value)
    interest_rate = _weekly_rate_in(required=False, allow_null=True, help_text="default: 0.07 plus the tier's bonus")
    admin_notes = TextField(max_length=rules.MAX_NOTES_LENGTH)
    user = TextField(max_length=150, help_text="ignored: the admin comes from the token")


class SavingsPaymentIn(InputSerializer):
    payment_status = ChoiceTextField(
        choices=SavingsWeek.Status.values,
        error_messages={
            "required": "payment_status must be Paid or Not Paid",
            "invalid_choice": "payment_status must be Paid or Not Paid",
        },
    )
    week = WholeNumberField(
        required=False,
        min_value=1,
        max_value=100_000,
        help_text="the latest recorded week, to change it; default the due week",
    )


class SavingsEditIn(InputSerializer):
    invested_value = AmountField(required=False, allow_null=True)
    interest_rate = _weekly_rate_in(required=False, allow_null=True)
    admin_notes = TextField(max_length=rules.MAX_NOTES_LENGTH, allow_null=True)


class SavingsCheckIn(PageIn):
    listing_status = ChoiceTextField(choices=list(rules.SAVINGS_LISTING_STATUSES), required=False)
    search = TextField(max_length=64, help_text="a player's name, Discord name or id, or an account id")


class SavingsQuoteIn(InputSerializer):
    player_id = RecordIdField(required=False, help_text="required for admins; a player's own id by default")
    invested_value = AmountField(required=False)


class ClientOverviewIn(PageIn):
    client_type = ChoiceTextField(
        choices=["new", "old"], required=False, error_messages={"invalid_choice": "client_type must be new or old"}
    )
    status = ChoiceTextField(
        choices=["bad_payer", "over_limit", "within_limit"],
        required=False,
        error_messages={"invalid_choice": "status must be bad_payer, over_limit or within_limit"},
    )
    search = TextField(max_length=64, help_text="a player's name, Discord name or id")


class ClientTypeIn(InputSerializer):
    client_type = ChoiceTextField(
        choices=["new", "old"], error_messages={"invalid_choice": "client_type must be new or old"}
    )


class WithdrawalRequestIn(InputSerializer):
    player_id = RecordIdField(required=False, allow_null=True, help_text="the caller's own player")
    amount = AmountField(error_messages=_FILL)
    withdrawal_date = IsoDateField(error_messages=_FILL)
    withdrawal_time = ClockTimeField(
        error_messages={**_FILL, "invalid": "The withdrawal time must be written HH:MM (24-hour clock)"}
    )
    player_timezone = WholeNumberField(min_value=rules.MIN_TIMEZONE, max_value=rules.MAX_TIMEZONE, error_messages=_FILL)
    player_name = TextField(max_length=64, help_text="ignored: the caller's own player")
    player_discord = TextField(max_length=64, help_text="ignored: the caller's own player")


class WithdrawalListIn(PageIn):
    status = ChoiceTextField(choices=WithdrawalRequest.Status.values, required=False)


class WithdrawalAwaitingOut(AwaitingSecondApprovalOut):
    withdrawal_request = WithdrawalOfficerOut()
