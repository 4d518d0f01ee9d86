"""The audit trail: one entry per admin change, in its transaction, that nothing can change or delete."""

from datetime import timedelta
from decimal import Decimal

import pytest
import time_machine
from django.db import transaction
from django.utils import timezone

from accounts import services as accounts_services
from accounts.tests.factories import AdminFactory, PlayerFactory, made
from bank import audit
from bank.models import AppendOnlyError, AuditEntry
from conftest import RULES_DAY
from credit import services as credit_services
from exchange import services as exchange_services
from exchange.models import PearlExchangeRequest
from lending.loans import services as lending_services
from lending.savings import services as savings_services
from lending.tests.factories import LoanFactory, PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from operations import administration
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db

AUDIT = "/api/admin/audit"
AUDIT_CSV = "/api/admin/audit.csv"


def only_entry() -> AuditEntry:
    entries = list(AuditEntry.objects.all())
    assert len(entries) == 1, [entry.kind for entry in entries]
    return entries[0]


# --- append-only ---------------------------------------------------------------------------------


@pytest.fixture
def entry(admin_user, player):
    with transaction.atomic():
        return audit.record(actor=admin_user, kind="dividends.set", before={"dividends": 1}, after={"dividends": 2})


def test_an_entry_cannot_be_saved_again(entry):
    entry.kind = "loan.created"
    with pytest.raises(AppendOnlyError):
        entry.save()
    assert AuditEntry.objects.get().kind == "dividends.set"


def test_an_entry_cannot_be_deleted(entry):
    with pytest.raises(AppendOnlyError):
        entry.delete()
    assert AuditEntry.objects.count() == 1


@pytest.mark.parametrize(
    "change",
    [
        lambda entries: entries.update(kind="loan.created"),
        lambda entries: entries.delete(),
        lambda entries: entries.bulk_update(list(entries), ["kind"]),
        lambda entries: AuditEntry.objects.update_or_create(pk=1, defaults={"kind": "x"}),  # type: ignore[misc]  # the plugin reads `defaults` as a field; the manager refuses it all
    ],
)
def test_the_manager_refuses_updates_and_deletes(entry, change):
    with pytest.raises(AppendOnlyError):
        change(AuditEntry.objects.all())
    assert AuditEntry.objects.get().kind == "dividends.set"


def test_an_unknown_kind_is_refused(admin_user):
    with pytest.raises(ValueError, match="unknown audit kind"), transaction.atomic():
        audit.record(actor=admin_user, kind="weather.changed")


@pytest.mark.django_db(transaction=True)
def test_recording_outside_a_transaction_is_refused():
    admin = AdminFactory()
    with pytest.raises(RuntimeError, match="inside the transaction"):
        audit.record(actor=admin, kind="dividends.set")
    assert not AuditEntry.objects.exists()


def test_an_entry_rolls_back_with_the_change(admin_user):
    loan = LoanFactory()
    with pytest.raises(ZeroDivisionError), transaction.atomic():
        lending_services.loan_change_days(loan_id=loan.pk, new_days=20, admin=admin_user)
        assert AuditEntry.objects.count() == 1
        _ = 1 / 0
    assert not AuditEntry.objects.exists()


@pytest.mark.usefixtures("high_threshold")
def test_a_refused_change_writes_no_entry(admin_user):
    loan = LoanFactory()
    lending_services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    count = AuditEntry.objects.count()
    with pytest.raises(Exception, match="paid off"):
        lending_services.loan_pay_off(loan_id=loan.pk, admin=admin_user)
    assert AuditEntry.objects.count() == count


# --- every admin service writes one entry ----------------------------------------------------------


def test_changing_a_loans_days_keeps_who_what_and_the_values_before_and_after(admin_user):
    loan = LoanFactory(total_days=10)
    lending_services.loan_change_days(loan_id=loan.pk, new_days=20, admin=admin_user)
    entry = only_entry()
    assert (entry.actor_id, entry.actor_name, entry.kind) == (admin_user.pk, admin_user.username, "loan.days_changed")
    assert (entry.object_type, entry.object_id, entry.player_id) == ("loan", loan.pk, loan.player_id)
    assert entry.player_name == loan.player.name
    assert entry.before == {"total_days": 10, "daily_payment": 130_000}
    assert entry.after == {"total_days": 20, "daily_payment": 65_000}
    assert timezone.now() - entry.created_at < timedelta(minutes=1)


@pytest.mark.usefixtures("high_threshold")
def test_a_loan_edit_keeps_rates_as_text_and_amounts_as_integers(admin_user):
    loan = LoanFactory()
    lending_services.loan_edit(loan_id=loan.pk, admin=admin_user, value=800_000, interest_rate=Decimal("0.25"))
    entry = only_entry()
    assert entry.before["value"] == 1_000_000 and entry.after["value"] == 800_000
    assert (entry.before["interest_rate"], entry.after["interest_rate"]) == ("0.3000", "0.25")
    assert entry.after["total_to_pay"] == 1_000_000


def _approve_exchange(admin):
    request = PearlExchangeRequest.objects.create(
        player=PlayerFactory(),
        exchange_type="sell",
        pearls_amount=10,
        exchange_rate=2_500,
        bread_amount=25_000,
        savings_option="cashout",
    )
    exchange_services.exchange_request_approve(request_id=request.pk, admin=admin)


def _deny_exchange(admin):
    request = PearlExchangeRequest.objects.create(
        player=PlayerFactory(),
        exchange_type="sell",
        pearls_amount=10,
        exchange_rate=2_500,
        bread_amount=25_000,
        savings_option="cashout",
    )
    exchange_services.exchange_request_deny(request_id=request.pk, admin=admin, reason="No pearls today")


def _approve_withdrawal(admin):
    savings = SavingsFactory()
    request = WithdrawalRequestFactory(player=savings.player)
    savings_services.withdrawal_request_approve(request_id=request.pk, admin=admin)


def _auto_process(admin):
    savings = SavingsFactory(weeks=1)
    savings.next_due_date = timezone.localdate() - timedelta(days=1)
    savings.save()
    savings_services.savings_auto_process_overdue(admin=admin)


def _mark_old(admin):
    PlayerFactory(client_type="new")
    accounts_services.players_mark_old(admin=admin)


SERVICES = {
    "loan.created": lambda a: lending_services.loan_create(
        player_id=made(PlayerFactory).pk, value=100_000, total_days=7, admin=a
    ),
    "loan.payment_marked": lambda a: lending_services.loan_payment_mark(
        loan_id=made(LoanFactory).pk, status="Not Paid", admin=a
    ),
    "loan.paid_off": lambda a: lending_services.loan_pay_off(loan_id=made(LoanFactory).pk, admin=a),
    "loan.edited": lambda a: lending_services.loan_edit(loan_id=made(LoanFactory).pk, admin=a, admin_notes="Checked"),
    "loan.date_changed": lambda a: lending_services.loan_change_date(
        loan_id=made(LoanFactory).pk, new_date=timezone.localdate() - timedelta(days=2), admin=a
    ),
    "loan.days_changed": lambda a: lending_services.loan_change_days(loan_id=made(LoanFactory).pk, new_days=5, admin=a),
    "loan_request.approved": lambda a: lending_services.loan_request_approve(
        request_id=made(PendingLoanFactory).pk, admin=a
    ),
    "loan_request.denied": lambda a: lending_services.loan_request_deny(
        request_id=made(PendingLoanFactory).pk, admin=a, reason="Too much"
    ),
    "dividends.set": lambda a: lending_services.solo_dividends_set(dividends=5_000, admin=a),
    "savings.created": lambda a: savings_services.savings_create(
        player_id=made(PlayerFactory).pk, invested_value=100_000, admin=a
    ),
    "savings.payment_marked": lambda a: savings_services.savings_payment_mark(
        savings_id=made(SavingsFactory, weeks=1).pk, status="Paid", admin=a
    ),
    "savings.edited": lambda a: savings_services.savings_edit(
        savings_id=made(SavingsFactory).pk, admin=a, admin_notes="x"
    ),
    "savings.date_changed": lambda a: savings_services.savings_change_date(
        savings_id=made(SavingsFactory).pk, new_date=timezone.localdate() - timedelta(days=1), admin=a
    ),
    "savings.auto_processed": _auto_process,
    "withdrawal.approved": _approve_withdrawal,
    "withdrawal.denied": lambda a: savings_services.withdrawal_request_deny(
        request_id=made(WithdrawalRequestFactory).pk, admin=a, reason="Not now"
    ),
    "exchange.rates_set": lambda a: exchange_services.exchange_settings_set(admin=a, sell_rate=2_000),
    "exchange.approved": _approve_exchange,
    "exchange.denied": _deny_exchange,
    "credit.penalty": lambda a: credit_services.credit_penalty(
        player_id=made(PlayerFactory, credit_score=50).pk, penalty_type="missed_payment", admin=a
    ),
    "credit.adjusted": lambda a: credit_services.credit_adjust(
        player_id=made(PlayerFactory).pk, points_change=15, reason="Helped", admin=a
    ),
    "credit.migrated": lambda a: credit_services.credit_migration_execute(player_ids=[made(PlayerFactory).pk], admin=a),
    "player.updated": lambda a: accounts_services.player_update(
        player_id=made(PlayerFactory).pk, admin=a, bad_payer=True
    ),
    "player.client_type_changed": _mark_old,
    "player.identity_changed": lambda a: accounts_services.player_identity_change(
        player_id=made(PlayerFactory).pk, name="Renamed", discord="renamed.one", admin=a
    ),
    "player.unblocked": lambda a: accounts_services.player_unblock(
        player_id=made(PlayerFactory, blocked_at=timezone.now(), failed_attempts=5).pk, admin=a
    ),
    "player.password_set": lambda a: accounts_services.player_password_set(
        player_id=made(PlayerFactory).pk, new_password="a-new-password", admin=a
    ),
    "player.created": lambda a: accounts_services.player_create(name="Newcomer", discord="newcomer.one", admin=a),
    "player.deleted": lambda a: administration.players_bulk_delete(player_ids=[made(PlayerFactory).pk], admin=a),
}


@pytest.mark.parametrize("kind", sorted(SERVICES))
@pytest.mark.usefixtures("high_threshold")
@pytest.mark.bank_date(RULES_DAY)  # the date changes move a start back days: not across New Year
def test_each_admin_service_writes_one_entry_of_its_kind_by_the_acting_admin(kind, admin_user):
    SERVICES[kind](admin_user)
    entries = list(AuditEntry.objects.all())
    assert [entry.kind for entry in entries] == [kind]
    assert entries[0].actor_id == admin_user.pk
    if kind not in ("dividends.set", "exchange.rates_set"):
        assert entries[0].player_id is not None
    # a removal keeps what was there; every other change what it became
    assert entries[0].before if kind == "player.deleted" else entries[0].after


def test_a_password_never_enters_the_trail(admin_user):
    SERVICES["player.password_set"](admin_user)
    assert "a-new-password" not in str(only_entry().after) + str(only_entry().before)


def test_a_bulk_delete_keeps_who_each_removed_player_was(admin_user):
    kept = PlayerFactory(name="Kept")
    gone = [PlayerFactory(name="Aria", discord="aria.dc", credit_score=120), PlayerFactory(name="Bo", bad_payer=True)]
    administration.players_bulk_delete(player_ids=[player.pk for player in gone], admin=admin_user)
    entries = AuditEntry.objects.filter(kind="player.deleted").order_by("player_id")
    assert [(entry.player_id, entry.player_name) for entry in entries] == [(player.pk, player.name) for player in gone]
    assert entries[0].before == {
        "name": "Aria",
        "discord": "aria.dc",
        "bad_payer": False,
        "client_type": "new",
        "credit_score": 120,
    }
    assert entries[1].before["bad_payer"] is True
    assert not AuditEntry.objects.filter(player_id=kept.pk).exists()


def test_a_player_made_by_an_admin_is_recorded_without_a_password(admin_user):
    accounts_services.player_create(name="Newcomer", discord="newcomer.one", password="secret-pass-1", admin=admin_user)
    entry = only_entry()
    assert entry.after == {
        "name": "Newcomer",
        "discord": "newcomer.one",
        "bad_payer": False,
        "client_type": "new",
        "password": "set",
    }
    assert "secret-pass-1" not in str(entry.after)


def test_a_migration_writes_one_entry_per_player(admin_user):
    players = PlayerFactory.create_batch(3, credit_score=80)
    credit_services.credit_migration_execute(player_ids=[player.pk for player in players], admin=admin_user)
    entries = AuditEntry.objects.filter(kind="credit.migrated")
    assert sorted(entries.values_list("player_id", flat=True)) == sorted(player.pk for player in players)
    assert {entry.before["credit_score"] for entry in entries} == {80}


def test_an_entry_outlives_its_player(admin_user):
    player = PlayerFactory(name="Gone")
    accounts_services.player_update(player_id=player.pk, admin=admin_user, bad_payer=True)
    player_id = player.pk
    player.delete()
    entry = only_entry()
    assert (entry.player_id, entry.player_name) == (player_id, "Gone")


# --- the call ------------------------------------------------------------------------------------


def _entries_for(admin, players, per_player: int):
    for player in players:
        for _ in range(per_player):
            accounts_services.player_update(player_id=player.pk, admin=admin, has_solo_access=True)


def test_a_player_cannot_read_the_audit_trail(player_api):
    response = player_api.get(AUDIT)
    assert response.status_code == 403


def test_the_trail_lists_newest_first_with_the_kinds_for_the_filter(admin_api, admin_user):
    first, second = PlayerFactory(), PlayerFactory()
    _entries_for(admin_user, [first, second], 1)
    body = admin_api.get(AUDIT).json()
    assert body["count"] == 2
    assert [entry["player_id"] for entry in body["entries"]] == [second.pk, first.pk]
    assert body["entries"][0]["actor_name"] == admin_user.username
    assert body["entries"][0]["kind_label"] == "Player flags changed"
    assert {"kind": "loan.created", "label": "Loan added"} in body["kinds"]


def test_the_trail_filters_by_player_and_kind_and_pages(admin_api, admin_user):
    first, second = PlayerFactory(), PlayerFactory()
    _entries_for(admin_user, [first, second], 3)
    accounts_services.player_unblock(player_id=first.pk, admin=admin_user)
    body = admin_api.get(AUDIT, {"player_id": first.pk, "page_size": 2, "page": 2}).json()
    assert (body["count"], body["page"], body["page_size"]) == (4, 2, 2)
    assert {entry["player_id"] for entry in body["entries"]} == {first.pk}
    assert len(body["entries"]) == 2
    unblocked = admin_api.get(AUDIT, {"kind": "player.unblocked"}).json()
    assert [entry["kind"] for entry in unblocked["entries"]] == ["player.unblocked"]


@pytest.mark.parametrize(
    "query,message",
    [
        ({"kind": "weather"}, "is not a valid choice"),
        ({"player_id": "abc"}, "whole number"),
        ({"page": "0"}, "page must be between 1"),
        ({"date_from": "01/02/2026"}, "Invalid date format. Please use YYYY-MM-DD"),
        ({"date_from": "2026-02-02", "date_to": "2026-02-01"}, "The first day must not be after the last day"),
    ],
)
def test_bad_filters_answer_400_with_a_detail(admin_api, query, message):
    response = admin_api.get(AUDIT, query)
    assert response.status_code == 400
    assert message in response.json()["detail"]


def test_the_trail_runs_a_fixed_number_of_queries(admin_api, admin_user, django_assert_num_queries):
    players = PlayerFactory.create_batch(3)
    _entries_for(admin_user, players[:1], 1)
    # the count, the page, the officers to pick from
    with django_assert_num_queries(AUTH_QUERIES + 3):
        assert admin_api.get(AUDIT).json()["count"] == 1
    _entries_for(admin_user, players, 10)
    AdminFactory.create_batch(3)
    with django_assert_num_queries(AUTH_QUERIES + 3):
        assert admin_api.get(AUDIT).json()["count"] == 31
    with django_assert_num_queries(AUTH_QUERIES + 2):  # the count and the rows
        assert admin_api.get(AUDIT_CSV).content.decode("utf-8-sig").count("\n") == 32


def test_the_trail_names_a_record_by_its_kind_and_number_and_a_player_by_name(admin_api, admin_user):
    loan = LoanFactory(total_days=10)
    lending_services.loan_change_days(loan_id=loan.pk, new_days=20, admin=admin_user)
    player = PlayerFactory(name="Aria", discord="aria.guild")
    accounts_services.player_unblock(player_id=player.pk, admin=admin_user)
    labels = [entry["object_label"] for entry in admin_api.get(AUDIT).json()["entries"]]
    assert labels == ["Aria (aria.guild)", f"Loan #{loan.pk}"]
    assert AuditEntry.objects.get(kind="loan.days_changed").object_label == f"Loan #{loan.pk}"


def test_an_entry_stored_with_a_records_raw_text_reads_with_its_name_and_number(admin_api, admin_user):
    loan = LoanFactory()
    raw = f"Loan #{loan.pk} {loan.player_id} €1,000,000 active"  # how entries were labelled before
    AuditEntry.objects.create(
        actor_id=admin_user.pk,
        actor_name="admin",
        kind="loan.created",
        object_type="loan",
        object_id=loan.pk,
        object_label=raw,
    )
    assert [entry["object_label"] for entry in admin_api.get(AUDIT).json()["entries"]] == [f"Loan #{loan.pk}"]


def test_each_entry_says_which_values_are_bread_rates_days_and_moments(admin_api, admin_user):
    player = PlayerFactory()
    lending_services.loan_create(
        admin=admin_user, player_id=player.pk, value=200_000, total_days=7, start_date=timezone.localdate(), notes=""
    )
    [entry] = admin_api.get(AUDIT).json()["entries"]
    assert entry["field_kinds"] == {
        "value": "money",
        "interest_rate": "rate",
        "total_to_pay": "money",
        "daily_payment": "money",
        "start_date": "date",
    }
    assert isinstance(entry["after"]["total_days"], int) and "total_days" not in entry["field_kinds"]


def test_field_kinds_name_only_the_fields_with_a_kind_and_read_any_stored_shape():
    assert audit.field_kinds({"status": "pending", "amount": 5}, {"blocked_at": None}) == {
        "amount": "money",
        "blocked_at": "datetime",
    }
    assert audit.field_kinds([], None) == {}


def test_every_named_record_is_a_model_of_the_bank():
    from django.apps import apps

    assert set(audit.OBJECT_NAMES) <= {model._meta.model_name for model in apps.get_models()}


# --- the Django admin site -----------------------------------------------------------------------


def test_the_django_admin_site_shows_entries_and_cannot_add_change_or_delete_them(client, admin_user, entry):
    client.force_login(admin_user)
    assert client.get("/django-admin/bank/auditentry/").status_code == 200
    assert client.get("/django-admin/bank/auditentry/add/").status_code == 403
    assert client.post(f"/django-admin/bank/auditentry/{entry.pk}/delete/", {"post": "yes"}).status_code == 403
    client.post(f"/django-admin/bank/auditentry/{entry.pk}/change/", {"kind": "loan.created"})
    assert AuditEntry.objects.get().kind == "dividends.set"


@pytest.mark.bank_date(RULES_DAY)  # 72 hours back is 3 days back: not across a change to summer time
def test_an_officer_picks_an_officer_finds_a_player_by_name_and_narrows_to_days(admin_api, admin_user):
    lou = AdminFactory(username="lou", display_name="Lou S.")
    aria, borin = PlayerFactory(name="Aria"), PlayerFactory(name="Borin")
    with time_machine.travel(timezone.now() - timedelta(days=3)):
        _entries_for(admin_user, [borin], 1)
    _entries_for(admin_user, [aria], 1)
    _entries_for(lou, [aria], 1)
    body = admin_api.get(AUDIT).json()
    assert {(o["username"], o["display_name"]) for o in body["officers"]} == {
        (admin_user.username, admin_user.display_name),
        ("lou", "Lou S."),
    }
    by_lou = admin_api.get(AUDIT, {"officer": "LOU"}).json()
    assert [(e["actor_name"], e["player_name"]) for e in by_lou["entries"]] == [("lou", "Aria")]
    arias = admin_api.get(AUDIT, {"player": "ARI"}).json()
    assert {e["player_name"] for e in arias["entries"]} == {"Aria"} and arias["count"] == 2
    today = timezone.localdate()
    recent = admin_api.get(AUDIT, {"date_from": (today - timedelta(days=1)).isoformat()}).json()
    assert {e["player_name"] for e in recent["entries"]} == {"Aria"}
    back_then = (today - timedelta(days=3)).isoformat()
    old = admin_api.get(AUDIT, {"date_from": back_then, "date_to": back_then}).json()
    assert [e["player_name"] for e in old["entries"]] == ["Borin"]


def test_the_csv_holds_what_the_filters_select(admin_api, admin_user):
    aria = PlayerFactory(name="Aria")
    formula = PlayerFactory(name="=cmd|' /C calc'!A0")  # a name a spreadsheet would run
    _entries_for(admin_user, [aria], 2)
    _entries_for(admin_user, [formula], 1)
    response = admin_api.get(AUDIT_CSV, {"player": "aria"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].startswith('attachment; filename="audit-')
    assert response["X-Total-Count"] == "2"
    lines = response.content.decode("utf-8-sig").splitlines()
    assert lines[0] == "time,officer,action,object,player,before,after"
    assert len(lines) == 3 and all(f",{admin_user.username}," in line and ",Aria," in line for line in lines[1:])
    every = admin_api.get(AUDIT_CSV).content.decode("utf-8-sig")
    assert "'=cmd" in every  # kept as text
    assert admin_api.get(AUDIT_CSV, {"date_to": "yesterday"}).status_code == 400


def test_a_player_cannot_export_the_audit_trail(player_api):
    assert player_api.get(AUDIT_CSV).status_code == 403
