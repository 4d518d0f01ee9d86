"""Thin views of the bank-wide calls: Overview stats, Report, Bad Payers, bulk delete, backup, the audit trail,
the Discord outbox's count and statements."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_for_call
from bank import audit, clock, controls, decisions, outbox, step_up
from bank.errors import BankError
from bank.fields import ChoiceTextField, IsoDateField, RecordIdField, StrictBooleanField, TextField, WholeNumberField
from bank.idempotency import IDEMPOTENCY_KEY_HEADER, idempotent
from bank.inputs import InputSerializer, parse
from bank.models import AuditEntry, BankSettings, LedgerEntry, Proposal
from bank.paging import PageIn, PageOut, page_of
from bank.permissions import IsBankAdmin
from lending.fields import AmountField, RateField, rate_field
from lending.fields import DecisionIn as DecisionNotesIn
from lending.loans.arrears import arrears_page_and_book
from lending.rules import MAX_SAVINGS_RATE
from lending.savings.serializers import WEEKLY_RATE_MESSAGE
from operations import backup, bank_health, dashboard, jobs, statements, waiting

from .administration import players_bulk_delete
from .audit_trail import CSV_MAX_ROWS, audit_csv, audit_entries, audit_officers, audit_page
from .ledger_view import ledger_page
from .reconcile import last_reconciliation
from .serializers import (
    ArrearsIn,
    ArrearsOut,
    BadPayersOut,
    BankHealthIn,
    BankHealthOut,
    BulkDeleteIn,
    BulkDeleteOut,
    DashboardOut,
    JobsOut,
    ReconcileOut,
    ReportIn,
    ReportOut,
)


class DashboardStatsApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        responses={200: DashboardOut},
        summary="Admin Overview: the bank's figures, counted by the database, and the short lists under its banners",
    )
    def get(self, request):
        return Response(DashboardOut(dashboard.dashboard()).data)


class ReportApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[ReportIn],
        responses={200: ReportOut},
        summary="Admin Report: the counters and every loan and savings account, newest first, a page at a time",
    )
    def get(self, request):
        data = parse(ReportIn, request, body=False)
        page = page_of(data)
        found = dashboard.report(
            product_type=data.get("product_type"), status=data.get("status"), offset=page.offset, limit=page.size
        )
        return Response(ReportOut(found | page.answer(found["count"])).data)


class BadPayersApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[PageIn],
        responses={200: BadPayersOut},
        summary="Admin Bad Payers: bad payers by name with their Active loans and savings, a page at a time",
    )
    def get(self, request):
        page = page_of(parse(PageIn, request, body=False))
        found = dashboard.bad_payers_page(offset=page.offset, limit=page.size)
        return Response(BadPayersOut(found | page.answer(found["count"])).data)


class PlayersBulkDeleteApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=BulkDeleteIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: BulkDeleteOut},
        summary="Admin: remove players with their loans, savings, requests and credit events, in one transaction",
    )
    @idempotent
    def delete(self, request):
        data = parse(BulkDeleteIn, request, query=False, list_as="player_ids")  # the spec sends the bare list
        counts = players_bulk_delete(player_ids=data["player_ids"], admin=request.user)
        players = counts["players_count"]
        detail = f"Deleted {players} player{'s' if players != 1 else ''} and all their data."
        return Response(BulkDeleteOut(counts | {"detail": detail}).data)


class BackupApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        responses={200: OpenApiResponse(OpenApiTypes.OBJECT, description="the backup file (JSON), as an attachment")},
        summary="Admin: download every bank table as one JSON file with its format version",
    )
    def get(self, request):
        step_up.require(request.user, what="download a backup")
        created_at = clock.now()
        data = backup.backup_data(created_at=created_at)
        name = backup.backup_filename(created_at)
        response = HttpResponse(backup.backup_json(data), content_type="application/json; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="{name}"'
        response["Cache-Control"] = "no-store"
        return response


# --- audit trail -------------------------------------------------------------------------------


class CsvRenderer(BaseRenderer):
    """Answers a CSV call's error as text when the client asked for CSV only."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        if isinstance(data, dict) and "detail" in data:
            return str(data["detail"]).encode()
        return data if isinstance(data, bytes) else str(data).encode()


class AuditFiltersIn(InputSerializer):
    player_id = RecordIdField(required=False, help_text="only this player's entries")
    player = TextField(max_length=64, required=False, help_text="only players whose name holds this, ignoring case")
    kind = ChoiceTextField(choices=sorted(audit.KINDS), required=False, help_text="only this kind of action")
    officer = TextField(
        max_length=150, required=False, help_text="only what this officer did (a username, ignoring case)"
    )
    date_from = IsoDateField(required=False, help_text="from this day (YYYY-MM-DD, the bank's days)")
    date_to = IsoDateField(required=False, help_text="to this day, included (YYYY-MM-DD)")

    def validate(self, attrs):
        first, last = attrs.get("date_from"), attrs.get("date_to")
        if first and last and first > last:
            message = "The first day must not be after the last day"
            raise serializers.ValidationError({"date_from": [message]})
        return attrs


def audit_filters(data: dict) -> dict:
    return {
        "officer": (data.get("officer") or "").strip(),
        "player_id": data.get("player_id"),
        "player": (data.get("player") or "").strip(),
        "kind": data.get("kind") or "",
        "first": data.get("date_from"),
        "last": data.get("date_to"),
    }


class AuditIn(AuditFiltersIn, PageIn):
    pass


@extend_schema_field(
    {"type": "object", "additionalProperties": {}, "description": "the recorded fields and their values"}
)
class AuditValuesField(serializers.JSONField):
    """An entry's before or after: always an object of field names to JSON values."""


class AuditEntryOut(serializers.ModelSerializer):
    before = AuditValuesField()
    after = AuditValuesField()
    kind_label = serializers.SerializerMethodField()
    object_label = serializers.SerializerMethodField()
    field_kinds = serializers.SerializerMethodField()

    class Meta:
        model = AuditEntry
        fields = [
            "id",
            "created_at",
            "actor_id",
            "actor_name",
            "kind",
            "kind_label",
            "object_type",
            "object_id",
            "object_label",
            "player_id",
            "player_name",
            "before",
            "after",
            "field_kinds",
        ]

    def get_kind_label(self, entry) -> str:
        return audit.KINDS.get(entry.kind, entry.kind)

    @extend_schema_field(
        serializers.DictField(
            child=serializers.ChoiceField(choices=sorted(set(audit.FIELD_KINDS.values()))),
            help_text="how to show a value of before/after: money (bread), rate (a fraction), date, datetime; "
            "a field not named is shown as recorded",
        )
    )
    def get_field_kinds(self, entry) -> dict[str, str]:
        return audit.field_kinds(entry.before, entry.after)

    def get_object_label(self, entry) -> str:
        # read again from the type and number: entries written before the labels were named read the same
        return audit.object_label(object_type=entry.object_type, object_id=entry.object_id, text=entry.object_label)


class AuditKindOut(serializers.Serializer):
    kind = serializers.CharField()
    label = serializers.CharField()  # type: ignore[assignment]  # the answer's field, not Field.label


class AuditOfficerOut(serializers.Serializer):
    username = serializers.CharField()
    display_name = serializers.CharField()
    active = serializers.BooleanField()


class AuditPageOut(PageOut):
    entries = AuditEntryOut(many=True)
    count = serializers.IntegerField(help_text="every entry matching the filters")
    kinds = AuditKindOut(many=True, help_text="every kind the filter accepts, with its label")
    officers = AuditOfficerOut(many=True, help_text="every officer, to pick from (the filter takes the username)")


class AuditListApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[AuditIn],
        responses={200: AuditPageOut},
        summary="Admin: the audit trail, newest first, a page at a time (filters: officer, player_id, player's "
        "name, kind, days)",
    )
    def get(self, request):
        data = parse(AuditIn, request, body=False)
        page = page_of(data)
        found = audit_page(offset=page.offset, limit=page.size, **audit_filters(data))
        # by label, for the filter: the apps register their kinds in the order they start
        kinds = [
            {"kind": kind, "label": label} for kind, label in sorted(audit.KINDS.items(), key=lambda item: item[1])
        ]
        body = found | page.answer(found["count"]) | {"kinds": kinds, "officers": audit_officers()}
        return Response(AuditPageOut(body).data)


class AuditCsvApi(APIView):
    permission_classes = [IsBankAdmin]
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        parameters=[AuditFiltersIn],
        responses={
            (200, "text/csv"): OpenApiResponse(
                response=OpenApiTypes.BINARY,
                description="CSV, UTF-8 with BOM: time, officer, action, object, player, before, after; newest "
                f"first, at most {CSV_MAX_ROWS:,} entries (X-Total-Count says how many matched)",
            ),
            400: OpenApiResponse(description="a filter that is not valid"),
        },
        summary="Admin: the audit entries the filters select, as CSV",
        operation_id="admin_audit_csv",
    )
    def get(self, request):
        data = parse(AuditFiltersIn, request, body=False)
        content, total = audit_csv(audit_entries(**audit_filters(data)))
        answer = HttpResponse(content, content_type="text/csv; charset=utf-8")
        answer["Content-Disposition"] = f'attachment; filename="audit-{clock.today().isoformat()}.csv"'
        answer["Cache-Control"] = "no-store"
        answer["X-Total-Count"] = str(total)
        return answer


# --- Discord outbox ----------------------------------------------------------------------------


class UndeliveredOut(serializers.Serializer):
    count = serializers.IntegerField(help_text="messages not delivered yet (waiting, retrying or given up)")
    oldest = serializers.DateTimeField(allow_null=True, help_text="when the oldest of them was queued")
    enabled = serializers.BooleanField(help_text="whether DISCORD_WEBHOOK_URL is set")


class UndeliveredApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(responses={200: UndeliveredOut}, summary="Admin: Discord notifications not delivered yet")
    def get(self, request):
        return Response(UndeliveredOut(outbox.undelivered() | {"enabled": outbox.enabled()}).data)


# --- statements --------------------------------------------------------------------------------


class StatementIn(InputSerializer):
    # "from" is a Python keyword: the field is named in get_fields
    to = IsoDateField(help_text="the last day of the statement (YYYY-MM-DD)")

    def get_fields(self):
        fields = {"from": IsoDateField(help_text="the first day of the statement (YYYY-MM-DD)")}
        fields.update(super().get_fields())
        fields["from"].error_messages["required"] = "from is required (the statement's first day, YYYY-MM-DD)"
        fields["to"].error_messages["required"] = "to is required (the statement's last day, YYYY-MM-DD)"
        return fields


STATEMENT_RESPONSES = {
    (200, "text/csv"): OpenApiResponse(
        response=OpenApiTypes.BINARY,
        description="CSV, UTF-8 with BOM: date, type, reference, status, amount, details (an attachment)",
    ),
    400: OpenApiResponse(description="from or to missing, not YYYY-MM-DD, in the wrong order or too far apart"),
    404: OpenApiResponse(description="no such player, or another player's id"),
}


def _statement_answer(request, player) -> HttpResponse:
    data = parse(StatementIn, request, body=False)
    first, last = data["from"], data["to"]
    lines = statements.statement_lines(player=player, first=first, last=last)
    answer = HttpResponse(statements.statement_csv(lines), content_type="text/csv; charset=utf-8")
    filename = statements.statement_filename(player=player, first=first, last=last)
    answer["Content-Disposition"] = f'attachment; filename="{filename}"'
    answer["Cache-Control"] = "no-store"
    return answer


class MyStatementApi(APIView):
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        parameters=[StatementIn],
        responses=STATEMENT_RESPONSES,
        summary="The caller's statement for a date range, as CSV",
        operation_id="me_statement_csv",
    )
    def get(self, request):
        player = player_for_call(
            user=request.user, player_id=None, no_profile="You have no player profile, so no statement"
        )
        return _statement_answer(request, player)


class PlayerStatementApi(APIView):
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        parameters=[StatementIn],
        responses=STATEMENT_RESPONSES,
        summary="A player's statement for a date range, as CSV (admin, or the player's own)",
        operation_id="player_statement_csv",
    )
    def get(self, request, pk: int):
        player = player_for_call(user=request.user, player_id=pk)
        return _statement_answer(request, player)


class JobsApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        responses={200: JobsOut},
        summary="Admin: the daily jobs (the overdue savings run): when each last ran, what it did, when it runs next",
    )
    def get(self, request):
        return Response(JobsOut({"results": jobs.jobs_status()}).data)


class ReconcileApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        responses={200: ReconcileOut},
        summary="Admin: the last check of the books (daily, and manage.py reconcile): what differed, if anything",
    )
    def get(self, request):
        return Response(ReconcileOut(last_reconciliation()).data)


class ReconcileRunOut(serializers.Serializer):
    requested_at = serializers.DateTimeField()
    detail = serializers.CharField()


class ReconcileRunApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        responses={202: ReconcileRunOut},
        summary="Treasurer: check the books now; the scheduler runs the check within a minute in the background "
        "(the Overview shows its result when it ends)",
    )
    def post(self, request):
        row = jobs.job_request(name="reconcile", by=request.user)
        body = {"requested_at": row.requested_at, "detail": "The books will be checked within a minute."}
        return Response(ReconcileRunOut(body).data, status=202)


# --- the ledger of one account (a difference links to it) --------------------------------------------


class LedgerIn(PageIn):
    account = ChoiceTextField(choices=[choice for choice, _ in LedgerEntry.Account.choices])
    account_id = RecordIdField(required=False, help_text="the savings account's or loan's id (none for the bank-wide)")


class LedgerEntryOut(serializers.Serializer):
    id = serializers.IntegerField()
    created_at = serializers.DateTimeField()
    amount = serializers.IntegerField()
    direction = serializers.ChoiceField(choices=["in", "out"], help_text="into the account asked for, or out of it")
    from_account = serializers.CharField()
    from_id = serializers.IntegerField(allow_null=True)
    to_account = serializers.CharField()
    to_id = serializers.IntegerField(allow_null=True)
    reason = serializers.CharField()
    reason_label = serializers.CharField()
    player_id = serializers.IntegerField(allow_null=True)
    cause_type = serializers.CharField(allow_blank=True)
    cause_id = serializers.IntegerField(allow_null=True)
    actor = serializers.CharField(allow_blank=True, help_text="the officer's display name, a player's name, or system")
    decision_id = serializers.IntegerField(allow_null=True)
    notes = serializers.CharField(allow_blank=True)


class LedgerPageOut(PageOut):
    entries = LedgerEntryOut(many=True)
    balance = serializers.IntegerField(help_text="what the account's entries add up to")


class LedgerApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[LedgerIn],
        responses={200: LedgerPageOut},
        summary="Admin: one account's ledger entries, newest first, a page at a time, with what they add up to",
    )
    def get(self, request):
        data = parse(LedgerIn, request, body=False)
        page = page_of(data)
        body = ledger_page(
            account=data["account"], account_id=data.get("account_id"), offset=page.offset, limit=page.size
        )
        return Response(LedgerPageOut(body | page.answer(body["count"])).data)


# --- bank settings (treasurers) ----------------------------------------------------------------

# the largest amount any call accepts (docs/rules.md, Money): above it no decision could ever need two
START_DATE_BACK_MAX = 3650


class BankSettingsIn(InputSerializer):
    # an amount as every form takes one (1.5m), its messages a person's (issue 30)
    four_eyes_above = AmountField(
        required=False,
        min_value=0,
        help_text="bread: a decision paying out or lending more than this needs two different officers",
    )
    savings_rate_min = RateField(
        required=False, max_value=MAX_SAVINGS_RATE, message=WEEKLY_RATE_MESSAGE, help_text="weekly fraction"
    )
    savings_rate_max = RateField(
        required=False, max_value=MAX_SAVINGS_RATE, message=WEEKLY_RATE_MESSAGE, help_text="weekly fraction"
    )
    loan_rate_min = RateField(required=False, help_text="whole-term fraction")
    loan_rate_max = RateField(required=False, help_text="whole-term fraction")
    start_date_back_days = WholeNumberField(
        required=False,
        min_value=0,
        max_value=START_DATE_BACK_MAX,
        spoken_name="Days back",
        help_text="how many days back one officer may move a start date",
    )
    require_second_factor = StrictBooleanField(
        required=False,
        help_text="every officer signs in with a second factor; turning it on is done at once, off takes a second "
        "treasurer",
    )
    arrears_bucket_1_to = WholeNumberField(
        required=False,
        min_value=1,
        max_value=START_DATE_BACK_MAX,
        spoken_name="First bucket ends on",
        help_text="days in arrears: the first bucket is 1 day to this (3 by default)",
    )
    arrears_bucket_2_to = WholeNumberField(
        required=False,
        min_value=2,
        max_value=START_DATE_BACK_MAX,
        spoken_name="Second bucket ends on",
        help_text="days in arrears: the second bucket ends on this (7 by default), after the first",
    )
    arrears_bucket_3_to = WholeNumberField(
        required=False,
        min_value=3,
        max_value=START_DATE_BACK_MAX,
        spoken_name="Third bucket ends on",
        help_text="days in arrears: the third bucket ends on this (30 by default); the fourth is every day past it",
    )
    auto_bad_payer = StrictBooleanField(
        required=False,
        help_text="the daily job marks a player a bad payer once a loan of theirs is auto_bad_payer_days in arrears; "
        "turning it on is done at once, off takes a second treasurer",
    )
    auto_bad_payer_days = WholeNumberField(
        required=False,
        min_value=1,
        max_value=START_DATE_BACK_MAX,
        spoken_name="Days in arrears",
        help_text="days in arrears before the bank marks the player a bad payer (more days, while on, takes a "
        "second treasurer)",
    )

    def validate(self, attrs):
        if not attrs:
            raise serializers.ValidationError({"four_eyes_above": ["Send at least one setting to change."]})
        return attrs


class BankSettingsOut(serializers.Serializer):
    four_eyes_above = serializers.IntegerField()
    savings_rate_min = rate_field()
    savings_rate_max = rate_field()
    loan_rate_min = rate_field()
    loan_rate_max = rate_field()
    start_date_back_days = serializers.IntegerField()
    require_second_factor = serializers.BooleanField()
    arrears_bucket_1_to = serializers.IntegerField()
    arrears_bucket_2_to = serializers.IntegerField()
    arrears_bucket_3_to = serializers.IntegerField()
    auto_bad_payer = serializers.BooleanField()
    auto_bad_payer_days = serializers.IntegerField()
    sole_treasurer_delay_hours = serializers.IntegerField(
        help_text="how long a sole treasurer's looser control waits, published to every officer"
    )
    updated_at = serializers.DateTimeField()
    updated_by = serializers.CharField(allow_blank=True)


def _settings_answer(row: BankSettings) -> dict:
    return {
        **{name: getattr(row, name) for name in controls.FIELDS},
        "sole_treasurer_delay_hours": int(decisions.SOLE_TREASURER_DELAY.total_seconds() // 3600),
        "updated_at": row.updated_at,
        "updated_by": row.updated_by,
    }


class BankSettingsApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        responses={200: BankSettingsOut},
        summary="The bank's controls: the four-eyes threshold, the rate bounds, how far back a start date moves",
    )
    def get(self, request):
        return Response(BankSettingsOut(_settings_answer(BankSettings.current())).data)

    @extend_schema(
        request=BankSettingsIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: BankSettingsOut, 202: decisions.ChangeAwaitingOut},
        summary="Treasurer: change the bank's controls; tightening is done at once, loosening waits for a second "
        "treasurer (202), or a published delay while the bank has one",
    )
    @idempotent
    def put(self, request):
        data = parse(BankSettingsIn, request, query=False)
        row = controls.bank_settings_set(by=request.user, **data)
        if isinstance(row, decisions.AwaitingSecondApproval):
            return decisions.awaiting_response(row)
        return Response(BankSettingsOut(_settings_answer(row)).data)


# --- proposals: changes waiting for a second officer ------------------------------------------------


class ProposalsIn(PageIn):
    status = ChoiceTextField(
        choices=Proposal.Status.values,
        required=False,
        help_text="pending (the default), carried_out, denied or stale",
    )


class ProposalsOut(PageOut):
    results = decisions.ProposalOut(many=True)


class ProposalsApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[ProposalsIn],
        responses={200: ProposalsOut},
        summary="Admin: officers' changes waiting for a second officer (or decided), newest first, a page at a time",
    )
    def get(self, request):
        data = parse(ProposalsIn, request, body=False)
        page = page_of(data)
        rows = Proposal.objects.filter(status=data.get("status") or Proposal.Status.PENDING)
        body = {"results": list(rows[page.offset : page.offset + page.size]), **page.answer(rows.count())}
        return Response(ProposalsOut(body).data)


class ProposalDecisionOut(serializers.Serializer):
    proposal = decisions.ProposalOut()
    detail = serializers.CharField()


class ProposalApproveApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[DecisionNotesIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: ProposalDecisionOut, 202: decisions.ChangeAwaitingOut},
        summary="Admin: approve an officer's change as the second officer: it is carried out now (409 when its "
        "record changed since, the proposal then stale)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(DecisionNotesIn, request)
        outcome = decisions.proposal_approve(proposal_id=pk, officer=request.user, notes=data.get("admin_notes", ""))
        if outcome.awaiting is not None:
            return decisions.awaiting_response(outcome.awaiting)
        if outcome.stale:
            raise BankError(outcome.stale, code="stale", status=409)
        body = {"proposal": outcome.proposal, "detail": f"Carried out: {outcome.proposal.summary}"}
        return Response(ProposalDecisionOut(body).data)


class ProposalDenyApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[DecisionNotesIn],
        responses={200: ProposalDecisionOut},
        summary="Admin: deny an officer's change (a reason is required); its proposer may withdraw it so",
    )
    def put(self, request, pk: int):
        data = parse(DecisionNotesIn, request)
        proposal = decisions.proposal_deny(proposal_id=pk, officer=request.user, reason=data.get("admin_notes", ""))
        return Response(ProposalDecisionOut({"proposal": proposal, "detail": "Proposal denied."}).data)


# --- what waits for the signed-in officer (issue 30) --------------------------------------------------


class WaitingItemOut(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["loan_request", "withdrawal", "exchange", "proposal"])
    kind_label = serializers.CharField()
    id = serializers.IntegerField(help_text="the request's id, or the proposal's")
    player_id = serializers.IntegerField(allow_null=True)
    player_name = serializers.CharField(allow_blank=True)
    summary = serializers.CharField()
    amount = serializers.IntegerField(help_text="the bread at stake (a proposal: its effect)")
    created_at = serializers.DateTimeField()
    least_role = serializers.CharField(help_text="the least role that may decide it")
    reason = serializers.CharField(allow_blank=True, help_text="a proposal's: why it takes a second officer")
    not_before = serializers.DateTimeField(allow_null=True)
    approvals = decisions.ApprovalOut(many=True)


class WaitingOut(serializers.Serializer):
    for_me = WaitingItemOut(many=True, help_text="what you may decide now, oldest first (at most 50)")
    waiting_for_second = WaitingItemOut(
        many=True, help_text="approved once, waiting for a second officer you cannot be, oldest first (at most 50)"
    )
    for_me_count = serializers.IntegerField()
    waiting_for_second_count = serializers.IntegerField()


class WaitingApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        responses={200: WaitingOut},
        summary="Admin: what waits for you (requests and changes you may decide) and what waits for a second officer",
    )
    def get(self, request):
        return Response(WaitingOut(waiting.waiting_for(request.user)).data)


# --- Bank Health and Arrears (issue 35) ----------------------------------------------------------


class ArrearsApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[ArrearsIn],
        responses={200: ArrearsOut},
        summary="Admin Arrears: the loans in arrears today, sorted and paged by the server, with the buckets",
    )
    def get(self, request):
        data = parse(ArrearsIn, request, body=False)
        page = page_of(data)
        today = clock.today()
        found = arrears_page_and_book(
            on=today, order=data["ordering"], bucket=data.get("bucket"), offset=page.offset, limit=page.size
        )
        answer = found | page.answer(found["count"]) | {"today": today}
        return Response(ArrearsOut(answer).data)


def _health_of(request) -> dict:
    data = parse(BankHealthIn, request, body=False)
    days = data.get("days")
    first, last = bank_health.health_range(
        first=data.get("from"), last=data.get("to"), days=int(days) if days else None, today=clock.today()
    )
    return bank_health.health(first=first, last=last)


class BankHealthApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[BankHealthIn],
        responses={200: BankHealthOut},
        summary="Admin Bank Health: the daily figures over a range, the last day's and their change over it",
    )
    def get(self, request):
        return Response(BankHealthOut(_health_of(request)).data)


class BankHealthCsvApi(APIView):
    permission_classes = [IsBankAdmin]
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        parameters=[BankHealthIn],
        responses={
            (200, "text/csv"): OpenApiResponse(
                response=OpenApiTypes.BINARY,
                description="CSV, UTF-8 with BOM: the day, then every figure of Bank Health's rows, oldest first",
            ),
            400: OpenApiResponse(description="a range that is not valid"),
        },
        summary="Admin: Bank Health's rows as CSV",
        operation_id="admin_bank_health_csv",
    )
    def get(self, request):
        found = _health_of(request)
        answer = HttpResponse(bank_health.health_csv(found["rows"]), content_type="text/csv; charset=utf-8")
        name = f"bank-health-{found['from_day'].isoformat()}-to-{found['to_day'].isoformat()}.csv"
        answer["Content-Disposition"] = f'attachment; filename="{name}"'
        answer["Cache-Control"] = "no-store"
        return answer
