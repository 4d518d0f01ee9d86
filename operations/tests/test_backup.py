"""Backup and restore: the API download, the commands, refusals, and exact round trips."""

import json
from datetime import UTC, datetime, timedelta
from io import StringIO

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.utils import timezone

from accounts import services as accounts_services
from accounts.models import Player, StaffLockout, StaffSignInFailure, User
from bank.models import AuditEntry
from exchange import services as exchange_services
from exchange.models import PearlExchangeRequest
from lending.models import Loan, PendingLoan
from lending.tests.factories import PendingLoanFactory
from operations import backup
from operations.tests.stocked import stock_bank
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db


def tables_of(data: dict) -> dict:
    return data["tables"]


def test_the_download_is_one_json_file_of_every_bank_table(admin_api, admin_user):
    stock_bank(admin=admin_user)
    response = admin_api.get("/api/backup")
    assert response.status_code == 200
    disposition = response["Content-Disposition"]
    assert disposition.startswith('attachment; filename="guild-bank-backup-v4-')
    assert disposition.endswith('Z.json"')
    data = json.loads(response.content)
    assert (data["format"], data["format_version"]) == ("guild-bank-backup", 4)
    assert set(data["tables"]) == {model._meta.label_lower for model in backup.MODELS}
    assert data["row_counts"]["accounts.player"] == 4
    assert data["row_counts"]["lending.loanpayment"] == 6
    assert len(data["tables"]["lending.savingsweek"]["rows"]) == 6


def test_the_download_runs_one_query_a_table(admin_api, admin_user, django_assert_num_queries):
    stock_bank(admin=admin_user)
    # the token, one read per table and one of the staff names, the transaction's savepoint and its
    # release (inside the test's transaction; outside one, on PostgreSQL, the snapshot's SET TRANSACTION)
    with django_assert_num_queries(AUTH_QUERIES + len(backup.MODELS) + 1 + 2):
        admin_api.get("/api/backup")


def test_backup_command_writes_the_same_file_as_the_download(admin_api, admin_user, tmp_path):
    stock_bank(admin=admin_user)
    target = tmp_path / "bank.json"
    call_command("backup", "-o", str(target), stderr=StringIO())
    written = json.loads(target.read_text())
    downloaded = json.loads(admin_api.get("/api/backup").content)
    assert tables_of(written) == tables_of(downloaded)


def test_a_restore_into_an_empty_bank_reproduces_every_row(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    before = backup.backup_data()
    target = tmp_path / "bank.json"
    target.write_text(backup.backup_json(before))
    from django.db import transaction

    with transaction.atomic():
        backup._empty_all()
    assert not Player.objects.exists()
    out = StringIO()
    call_command("restore", str(target), stdout=out)
    assert "Restored" in out.getvalue()
    assert tables_of(backup.backup_data()) == tables_of(before)


def test_a_replace_swaps_all_bank_data_for_the_files(admin_user, tmp_path):
    players = stock_bank(admin=admin_user)
    before = backup.backup_data()
    target = tmp_path / "bank.json"
    target.write_text(backup.backup_json(before))
    Loan.objects.filter(player=players[0]).delete()
    Player.objects.create(name="Newcomer", discord="new.dc")
    # the newcomer is newer than the file: the operator says to go back to it
    call_command("restore", str(target), "--replace", "--accept-older", stdout=StringIO())
    assert tables_of(backup.backup_data()) == tables_of(before)
    # new rows get ids after the restored ones
    assert Player.objects.create(name="Later", discord="later.dc").pk > max(p.pk for p in players)


def test_a_restore_is_in_the_audit_trail_which_outlives_the_replace(admin_user, tmp_path):
    players = stock_bank(admin=admin_user)
    target = tmp_path / "bank.json"
    target.write_text(backup.backup_json(backup.backup_data()))
    accounts_services.player_update(player_id=players[0].pk, admin=admin_user, has_solo_access=True)
    trail_before = list(AuditEntry.objects.values_list("pk", "kind"))
    call_command("restore", str(target), "--replace", stdout=StringIO())
    restored = AuditEntry.objects.get(kind="bank.restored")
    # every entry written before the restore is still there, and the restore is the newest
    assert list(AuditEntry.objects.exclude(pk=restored.pk).values_list("pk", "kind")) == trail_before
    assert restored.pk > max(pk for pk, _ in trail_before)
    assert (restored.actor_id, restored.actor_name) == (None, "system")
    assert restored.after["replace"] is True
    assert restored.after["rows"]["accounts.player"] == 4


def test_a_refused_restore_leaves_no_entry(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    target = tmp_path / "bank.json"
    target.write_text(backup.backup_json(backup.backup_data()))
    with pytest.raises(CommandError):
        call_command("restore", str(target))
    assert not AuditEntry.objects.filter(kind="bank.restored").exists()


def test_a_restore_into_a_bank_with_data_is_refused_without_replace(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    target = tmp_path / "bank.json"
    target.write_text(backup.backup_json(backup.backup_data()))
    before = backup.backup_data()
    with pytest.raises(CommandError, match=r"already holds bank data .*--replace"):
        call_command("restore", str(target))
    assert tables_of(backup.backup_data()) == tables_of(before)


def _refused(tmp_path, text: str, match: str):
    stock_before = backup.backup_data()
    target = tmp_path / "bad.json"
    target.write_text(text)
    with pytest.raises(CommandError, match=match):
        call_command("restore", str(target), "--replace")
    assert tables_of(backup.backup_data()) == tables_of(stock_before)


def test_a_file_of_another_format_version_is_refused_and_nothing_changes(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    data = backup.backup_data()
    data["format_version"] = 1
    _refused(
        tmp_path,
        json.dumps(backup.sign(data)),
        r"format version 1; this bank restores versions 3 and 4\. Nothing was",
    )


def as_version_3(data: dict) -> dict:
    """A backup as version 3 wrote it: a loan request's decision in approved_by/approved_date or
    denied_by/denied_date and its creation in request_date; the columns in another order."""
    data = json.loads(json.dumps(data))
    loans = data["tables"]["lending.pendingloan"]
    shared = ["decided_by_id", "decided_at", "created_at"]
    columns = [column for column in loans["columns"] if column not in shared]
    columns += ["request_date", "approved_by_id", "approved_date", "denied_by_id", "denied_date"]
    rows = []
    for row in loans["rows"]:
        values = dict(zip(loans["columns"], row, strict=True))
        by, at = values.pop("decided_by_id"), values.pop("decided_at")
        approved, denied = values["status"] == "approved", values["status"] == "denied"
        values |= {
            "request_date": values.pop("created_at"),
            "approved_by_id": by if approved else None,
            "approved_date": at if approved else None,
            "denied_by_id": by if denied else None,
            "denied_date": at if denied else None,
        }
        rows.append([values[column] for column in columns])
    data["tables"]["lending.pendingloan"] = {"columns": columns, "rows": rows}
    for name in ("lending.withdrawalrequest", "exchange.pearlexchangerequest"):
        table = data["tables"][name]
        table["columns"].reverse()
        for row in table["rows"]:
            row.reverse()
    data["format_version"] = 3
    return data


def test_a_version_3_file_restores_every_loan_request_with_its_decision(admin_user, tmp_path):
    """Version 4 gave every request one decider and one time: a file written before restores as it
    was, an approved request's approver and a denied one's denier becoming its decider."""
    stock_bank(admin=admin_user)
    approved, denied = PendingLoanFactory(), PendingLoanFactory()
    for pending, status in ((approved, "approved"), (denied, "denied")):
        PendingLoan.objects.filter(pk=pending.pk).update(
            status=status, decided_by=admin_user, decided_at=timezone.now()
        )
    before = backup.backup_data()
    assert {
        row[before["tables"]["lending.pendingloan"]["columns"].index("status")]
        for row in before["tables"]["lending.pendingloan"]["rows"]
    } >= {"approved", "denied", "pending"}
    old = as_version_3(before)
    assert "approved_by_id" in old["tables"]["lending.pendingloan"]["columns"]
    target = tmp_path / "v3.json"
    target.write_text(json.dumps(backup.sign(old)))
    call_command("restore", str(target), "--replace", stdout=StringIO())
    assert tables_of(backup.backup_data()) == tables_of(before)
    restored = PendingLoan.objects.get(pk=denied.pk)
    assert (restored.status, restored.decided_by_id) == ("denied", admin_user.pk)


def test_a_truncated_file_is_refused_and_nothing_changes(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    text = backup.backup_json(backup.backup_data())
    _refused(tmp_path, text[: len(text) // 2], r"damaged \(it is not complete JSON")


@pytest.mark.parametrize(
    "damage,match",
    [
        (lambda d: d["tables"]["lending.loan"]["rows"].pop(), "does not hold the 6 rows it announces"),
        (lambda d: d["tables"].pop("lending.savings"), "list of tables is not this bank's"),
        (lambda d: d["tables"]["lending.loan"]["rows"][0].__setitem__(2, "lots"), r"lending\.loan\.value holds"),
        (lambda d: d["tables"]["lending.loan"]["columns"].reverse(), "columns of lending.loan"),
        (lambda d: d["tables"]["lending.loan"]["rows"][0].__setitem__(1, 999_999), "database refused its rows"),
        (lambda d: d.__setitem__("format", "other"), "not a Guild Bank backup file"),
    ],
)
def test_a_damaged_file_is_refused_and_nothing_changes(admin_user, tmp_path, damage, match):
    """Signed again after the damage (as a file written wrong by the bank itself would be): each check
    below the signature still refuses it."""
    stock_bank(admin=admin_user)
    data = backup.backup_data()
    damage(data)
    _refused(tmp_path, json.dumps(backup.sign(data)), match)


def test_a_missing_file_is_a_clear_error(tmp_path):
    with pytest.raises(CommandError, match=r"Cannot read .*Nothing was restored"):
        call_command("restore", str(tmp_path / "none.json"))


# --- officers' sign-in lockouts and failures are not bank data (issue 29, item 6) ---------------


def test_officers_sign_in_failures_and_lockouts_are_left_out(api, admin_user):
    for _ in range(5):
        api.post("/api/login", {"username": "admin", "password": "wrong-password"}, format="json")
    assert (StaffSignInFailure.objects.count(), StaffLockout.objects.count()) == (5, 1)
    tables = tables_of(backup.backup_data())
    assert not {"accounts.staffsigninfailure", "accounts.stafflockout"} & set(tables)


def test_a_users_display_name_travels_as_a_players_blank(admin_user, player):
    users = tables_of(backup.backup_data())["accounts.user"]
    assert "display_name" in users["columns"]
    assert [dict(zip(users["columns"], row, strict=True))["display_name"] for row in users["rows"]] == [""]


# --- an older backup -------------------------------------------------------------------------


def _older_backup_and_a_decision_since(admin_user, tmp_path):
    """A stocked bank's backup taken on 2 Mar 2026 at 10:00 UTC, then a pearl sale decided on 4 Mar at
    13:30 (a cash-out: one ledger entry)."""
    with time_machine.travel(datetime(2026, 3, 2, 10, 0, tzinfo=UTC), tick=False):
        players = stock_bank(admin=admin_user)
        target = tmp_path / "older.json"
        target.write_text(backup.backup_json(backup.backup_data()))
    with time_machine.travel(datetime(2026, 3, 4, 13, 30, tzinfo=UTC), tick=False):
        request = PearlExchangeRequest.objects.filter(player=players[0]).get()
        exchange_services.exchange_request_approve(request_id=request.pk, admin=admin_user)
    return target


def test_a_backup_older_than_the_banks_data_is_refused_saying_how_old_and_what_would_be_lost(admin_user, tmp_path):
    target = _older_backup_and_a_decision_since(admin_user, tmp_path)
    before = tables_of(backup.backup_data())
    with pytest.raises(CommandError) as refused:
        call_command("restore", str(target), "--replace", stdout=StringIO())
    assert str(refused.value) == (
        "This backup is older than the bank's data: its newest record is from 2 Mar 2026 10:00 UTC, 2 days 3 hours "
        "before the bank's newest (4 Mar 2026 13:30 UTC). Restoring it would lose what happened since: 1 request "
        "decided (loans, withdrawals, pearl exchanges) and 1 ledger entry, the newest at 4 Mar 2026 13:30 UTC; records "
        "made or changed since: 1 pearl exchange request, 1 decision record, 1 ledger entry. Nothing was restored. "
        "Restore a newer backup, or say --accept-older to go back to this one anyway."
    )
    assert tables_of(backup.backup_data()) == before
    assert not AuditEntry.objects.filter(kind="bank.restored").exists()


def test_an_older_backup_restores_when_the_operator_accepts_it(admin_user, tmp_path):
    target = _older_backup_and_a_decision_since(admin_user, tmp_path)
    out = StringIO()
    call_command("restore", str(target), "--replace", "--accept-older", stdout=out)
    assert "Restored" in out.getvalue()
    assert PearlExchangeRequest.objects.filter(status=PearlExchangeRequest.Status.APPROVED).count() == 0


def test_a_sign_in_since_the_backup_loses_nothing_so_the_backup_is_not_older(admin_user, tmp_path):
    players = stock_bank(admin=admin_user)
    target = tmp_path / "now.json"
    target.write_text(backup.backup_json(backup.backup_data()))
    User.objects.filter(pk=players[0].user_id).update(last_login=timezone.now() + timedelta(hours=1))
    call_command("restore", str(target), "--replace", stdout=StringIO())
    assert Player.objects.count() == 4


@pytest.mark.parametrize(
    "delta,text",
    [
        (timedelta(seconds=30), "under a minute"),
        (timedelta(minutes=1), "1 minute"),
        (timedelta(hours=5, minutes=20, seconds=9), "5 hours 20 minutes"),
        (timedelta(hours=2), "2 hours"),
        (timedelta(days=1, minutes=59), "1 day"),
        (timedelta(days=400, hours=1), "400 days 1 hour"),
    ],
)
def test_how_much_older_a_backup_is_reads_in_its_two_largest_units(delta, text):
    assert backup._duration_text(delta) == text
