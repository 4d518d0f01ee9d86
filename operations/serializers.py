"""Input and output shapes of the bank-wide admin calls (dashboard, report, bad payers, bulk delete)."""

from rest_framework import serializers

from accounts.serializers import PlayerOut
from bank.fields import ChoiceTextField, IsoDateField, RecordIdField, enum_field
from bank.inputs import InputSerializer
from bank.paging import PageIn, PageOut
from exchange.serializers import ExchangeRequestOut
from lending.loans.arrears import ARREARS_ORDERS
from lending.loans.serializers import PendingLoanOut
from lending.rules import ARREARS_BUCKET_KEYS
from lending.savings.serializers import WithdrawalOut

from .administration import MAX_BULK_DELETE, MSG_SELECT_ONE
from .bank_health import FIGURE_FIELDS
from .models import BackupRun, DailyFigures


class StatsOut(serializers.Serializer):
    total_players = serializers.IntegerField()
    bad_payers = serializers.IntegerField()
    blocked_accounts = serializers.IntegerField()
    solo_access_players = serializers.IntegerField()
    new_clients = serializers.IntegerField()
    old_clients = serializers.IntegerField()
    active_loans = serializers.IntegerField()
    total_loan_value = serializers.IntegerField(help_text="the Active loans' values")
    total_to_pay = serializers.IntegerField(help_text="the Active loans' totals to pay")
    total_outstanding = serializers.IntegerField(help_text="still owed on Active loans (total to pay less Paid days)")
    total_loans = serializers.IntegerField(help_text="every loan ever, any status")
    total_lent = serializers.IntegerField(help_text="the values of every loan ever")
    paid_off_loans = serializers.IntegerField()
    bad_payer_loans = serializers.IntegerField()
    bad_payer_loans_value = serializers.IntegerField()
    active_savings = serializers.IntegerField()
    total_savings_value = serializers.IntegerField(help_text="the Active savings' balances")
    total_invested = serializers.IntegerField(help_text="the Active savings' principals")
    bad_payer_savings = serializers.IntegerField()
    bad_payer_savings_value = serializers.IntegerField()
    pending_loans = serializers.IntegerField()
    pending_withdrawals = serializers.IntegerField()
    pending_exchanges = serializers.IntegerField()
    solo_dividends = serializers.IntegerField()


class PlayerHoldingsOut(PlayerOut):
    active_loans_count = serializers.IntegerField()
    active_loans_value = serializers.IntegerField()
    active_savings_count = serializers.IntegerField()
    active_savings_value = serializers.IntegerField()

    class Meta(PlayerOut.Meta):
        fields = [
            *PlayerOut.Meta.fields,
            "active_loans_count",
            "active_loans_value",
            "active_savings_count",
            "active_savings_value",
        ]


BackupStateField = enum_field("BackupStateField", BackupRun.State.values)


class BackupStatusOut(serializers.Serializer):
    enabled = serializers.BooleanField(help_text="false while BANK_BACKUP_DIR is not set: no daily backup is made")
    last_at = serializers.DateTimeField(allow_null=True, help_text="when the newest daily backup was taken")
    last_file = serializers.CharField(help_text="its file's name in BANK_BACKUP_DIR")
    last_size = serializers.IntegerField(allow_null=True, help_text="its size in bytes (null when not written)")
    last_state = BackupStateField(allow_null=True, help_text="null before the first backup")
    last_detail = serializers.CharField(help_text="what its check found, or why it failed")
    last_verified_at = serializers.DateTimeField(
        allow_null=True, help_text="when the newest backup that passed its check was taken"
    )
    stale = serializers.BooleanField(help_text="no backup that passed its check was taken in the last 26 hours")
    failed = serializers.BooleanField(help_text="the newest backup failed (not written, or refused by its check)")
    warnings = serializers.ListField(
        child=serializers.CharField(), help_text="what the Overview warns of; empty when all is well"
    )


def _share_field(**kwargs) -> serializers.DecimalField:
    # a fraction as a JSON number (0.0725 = 7.25%), as rates are
    return serializers.DecimalField(max_digits=6, decimal_places=4, coerce_to_string=False, **kwargs)


class ArrearsBucketOut(serializers.Serializer):
    bucket = serializers.ChoiceField(choices=list(ARREARS_BUCKET_KEYS))
    title = serializers.CharField(help_text="the bucket as the screens name it, from Bank Settings: 1–3 days")
    least_days = serializers.IntegerField(help_text="its first day in arrears")
    most_days = serializers.IntegerField(allow_null=True, help_text="its last day in arrears; null for the last bucket")
    count = serializers.IntegerField(help_text="loans in this bucket")
    amount = serializers.IntegerField(help_text="bread in arrears on them")
    outstanding = serializers.IntegerField(help_text="what they still owe")
    share = _share_field(help_text="their outstanding over all the open loans' (portfolio at risk)")


class ArrearsBookOut(serializers.Serializer):
    open_loans = serializers.IntegerField()
    outstanding = serializers.IntegerField(help_text="what the open loans still owe")
    principal_outstanding = serializers.IntegerField()
    interest_outstanding = serializers.IntegerField(help_text="interest still to come")
    arrears_loans = serializers.IntegerField(help_text="loans in arrears")
    arrears_amount = serializers.IntegerField(help_text="bread in arrears")
    arrears_outstanding = serializers.IntegerField(help_text="what the loans in arrears still owe")
    portfolio_at_risk = _share_field(help_text="the loans in arrears' outstanding over all the outstanding")
    buckets = ArrearsBucketOut(many=True)


class DashboardOut(serializers.Serializer):
    stats = StatsOut()
    solo_dividends = serializers.IntegerField()
    pending_loans = PendingLoanOut(many=True, help_text="the oldest pending loan requests (at most 5)")
    withdrawal_requests = WithdrawalOut(many=True, help_text="the oldest pending withdrawals (at most 5)")
    pearl_exchange_requests = ExchangeRequestOut(many=True, help_text="the oldest pending exchanges (at most 5)")
    bad_payers = PlayerHoldingsOut(many=True, help_text="the first bad payers by name (at most 5)")
    backup = BackupStatusOut(help_text="the daily backups: the newest, its check, and what to warn of")
    arrears = ArrearsBookOut(help_text="the Active loans' arrears, by bucket (docs/rules.md, Arrears)")


class BadPayersOut(PageOut):
    bad_payers = PlayerHoldingsOut(many=True)


class ReportIn(PageIn):
    product_type = ChoiceTextField(choices=["loan", "saving"], required=False, help_text="only loans or only savings")
    status = ChoiceTextField(
        choices=["Active", "Paid-Off", "Withdrawn"], required=False, help_text="only products in this status"
    )


class ReportCountersOut(serializers.Serializer):
    active_savings = serializers.IntegerField()
    total_savings_value = serializers.IntegerField()
    active_loans = serializers.IntegerField()
    total_loan_value = serializers.IntegerField()
    bad_payers = serializers.IntegerField()
    solo_dividends = serializers.IntegerField()


ReportKindField = enum_field("ReportKindField", ["Loan", "Saving"])


class ReportRowOut(serializers.Serializer):
    type = ReportKindField(source="kind", help_text="Loan or Saving")
    id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    value = serializers.IntegerField(help_text="a loan's value; a savings account's balance")
    interest_rate = serializers.DecimalField(
        max_digits=6, decimal_places=4, coerce_to_string=False, help_text="a loan's whole-term rate; a weekly rate"
    )
    total_days = serializers.IntegerField(allow_null=True, help_text="a loan's days; null for savings")
    daily_rate = serializers.DecimalField(
        max_digits=6,
        decimal_places=4,
        coerce_to_string=False,
        allow_null=True,
        help_text="a loan's whole-term rate spread over its days (0.0214 = 2.14% a day); null for savings",
    )
    start_date = serializers.DateField()
    status = serializers.CharField()
    created_at = serializers.DateTimeField()


class ReportOut(PageOut):
    counters = ReportCountersOut()
    rows = ReportRowOut(many=True)


class BulkDeleteIn(InputSerializer):
    player_ids = serializers.ListField(
        child=RecordIdField(),
        required=False,
        default=list,
        allow_empty=True,
        max_length=MAX_BULK_DELETE,
        error_messages={
            "not_a_list": "player_ids must be a list of player ids",
            "max_length": f"At most {MAX_BULK_DELETE:,} players can be deleted at once",
        },
        help_text="the players to remove (the body may also be the bare list)",
    )

    def validate_player_ids(self, ids):
        if not ids:
            raise serializers.ValidationError(MSG_SELECT_ONE)
        return ids


class BulkDeleteOut(serializers.Serializer):
    players_count = serializers.IntegerField()
    loans_count = serializers.IntegerField()
    savings_count = serializers.IntegerField()
    pending_loans_count = serializers.IntegerField(help_text="loan requests, whatever their status")
    withdrawal_requests_count = serializers.IntegerField()
    pearl_exchange_requests_count = serializers.IntegerField()
    credit_events_count = serializers.IntegerField()
    detail = serializers.CharField()


class JobOut(serializers.Serializer):
    name = serializers.CharField()
    title = serializers.CharField()
    last_started_at = serializers.DateTimeField(allow_null=True)
    last_finished_at = serializers.DateTimeField(allow_null=True)
    last_succeeded_at = serializers.DateTimeField(allow_null=True)
    last_outcome = serializers.CharField(help_text="what the last successful run did")
    last_error = serializers.CharField(help_text="why the last run failed; empty when it did not")
    running = serializers.BooleanField()
    requested_at = serializers.DateTimeField(
        allow_null=True, help_text="an officer asked for a run now; the scheduler runs it within a minute"
    )
    next_run_on = serializers.DateField(help_text="the day it runs next (today until it has succeeded today)")


class JobsOut(serializers.Serializer):
    results = JobOut(many=True)


DIFFERENCE_ACCOUNTS = [
    "savings",
    "loan",
    "solo_dividends",
    # the books' rules (operations/book_rules.py): what a breach is about
    "rule:approvals",
    "rule:decision",
    "rule:loan",
    "rule:interest",
    "rule:limit",
]


class DifferenceOut(serializers.Serializer):
    account = serializers.ChoiceField(
        choices=DIFFERENCE_ACCOUNTS, help_text="a balance that differs, or the rule an entry broke (rule:...)"
    )
    account_id = serializers.IntegerField(allow_null=True)
    label = serializers.CharField(help_text='"Savings #12", "Loan #7", "Solo dividends"')  # type: ignore[assignment]  # the answer's field, not Field.label
    player_id = serializers.IntegerField(allow_null=True)
    player_name = serializers.CharField()
    stored = serializers.IntegerField(help_text="the figure the bank keeps (a loan's: the sum of its Paid days)")
    from_entries = serializers.IntegerField(help_text="the same figure recomputed from the ledger")
    what = serializers.CharField(help_text="the difference in a sentence")


class ReconcileOut(serializers.Serializer):
    checked_at = serializers.DateTimeField(allow_null=True, help_text="null before the first check")
    accounts_checked = serializers.IntegerField()
    differences = DifferenceOut(many=True, help_text="empty when the books balance")


# --- arrears and bank health (issue 35; docs/rules.md, "Arrears" and "Bank health") ----------------


class ArrearsIn(PageIn):
    ordering = ChoiceTextField(
        choices=list(ARREARS_ORDERS),
        required=False,
        default="-days",
        help_text="days, amount, outstanding, player, start_date or loan; a leading - sorts from the most",
    )
    bucket = ChoiceTextField(choices=list(ARREARS_BUCKET_KEYS), required=False, help_text="only this bucket")


class ArrearsRowOut(serializers.Serializer):
    loan_id = serializers.IntegerField()
    player_id = serializers.IntegerField()
    player_name = serializers.CharField()
    player_discord = serializers.CharField()
    start_date = serializers.DateField()
    total_days = serializers.IntegerField()
    value = serializers.IntegerField()
    total_to_pay = serializers.IntegerField()
    daily_payment = serializers.IntegerField()
    paid = serializers.IntegerField(help_text="its Paid days")
    due = serializers.IntegerField(help_text="what its days up to yesterday made due")
    arrears = serializers.IntegerField(help_text="due less paid")
    arrears_days = serializers.IntegerField(help_text="arrears over the daily payment, rounded up")
    outstanding = serializers.IntegerField(help_text="what it still owes")
    bucket = serializers.ChoiceField(choices=list(ARREARS_BUCKET_KEYS))


class ArrearsOut(PageOut):
    today = serializers.DateField(help_text="the bank's day the arrears are computed on")
    rows = ArrearsRowOut(many=True)
    book = ArrearsBookOut(help_text="every open loan's arrears, by bucket")


RANGE_DAYS = (30, 90, 365)
MAX_RANGE_DAYS = 3_660


class BankHealthIn(InputSerializer):
    days = ChoiceTextField(
        choices=[str(days) for days in RANGE_DAYS],
        required=False,
        help_text="the last 30, 90 or 365 days to yesterday (30 when no range is given)",
    )

    def validate(self, attrs):
        first, last = attrs.get("from"), attrs.get("to")
        if (first or last) and attrs.get("days"):
            raise serializers.ValidationError({"days": ["Give either days or a range from and to, not both"]})
        if first and last and first > last:
            raise serializers.ValidationError({"from": ["The first day must not be after the last day"]})
        if first and last and (last - first).days >= MAX_RANGE_DAYS:
            raise serializers.ValidationError({"from": [f"A range holds at most {MAX_RANGE_DAYS:,} days"]})
        return attrs


# `from` and `to` are Python words: declared by name
BankHealthIn._declared_fields["from"] = IsoDateField(
    required=False, help_text="the first day (YYYY-MM-DD); without it, `days` before `to`"
)
BankHealthIn._declared_fields["to"] = IsoDateField(
    required=False, help_text="the last day, included (YYYY-MM-DD); yesterday when left out"
)


class DailyFiguresOut(serializers.ModelSerializer):
    class Meta:
        model = DailyFigures
        fields = ["day", *FIGURE_FIELDS]


# the last day's figure less the first day's, over the range: each a whole number, either sign
FiguresChangeOut = type(
    "FiguresChangeOut", (serializers.Serializer,), {name: serializers.IntegerField() for name in FIGURE_FIELDS}
)


class BankHealthOut(serializers.Serializer):
    from_day = serializers.DateField()
    to_day = serializers.DateField()
    rows = DailyFiguresOut(many=True, help_text="one a day, oldest first (a day without figures is left out)")
    latest = DailyFiguresOut(allow_null=True, help_text="the range's last row")
    change = FiguresChangeOut(allow_null=True, help_text="the last row's figures less the first row's")
    portfolio_at_risk = _share_field(allow_null=True, help_text="on the last row's day")
