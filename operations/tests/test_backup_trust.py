"""A restore refuses what it cannot trust: an altered file, another key's signature, a staff account,
books that do not balance; and it never creates or changes a staff account."""

import json
import stat
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.test import override_settings

from accounts.models import User
from lending.models import Savings
from operations import backup
from operations.reconcile import reconcile
from operations.tests.stocked import stock_bank

pytestmark = pytest.mark.django_db


def tables_of(data: dict) -> dict:
    return data["tables"]


def restore_refused(tmp_path, data: dict, match: str, *options: str) -> None:
    """The file is refused with `match`, and the bank is exactly as it was."""
    before = tables_of(backup.backup_data())
    staff_before = list(User.objects.filter(is_staff=True).values())
    target = tmp_path / "backup.json"
    target.write_text(json.dumps(data))
    with pytest.raises(CommandError, match=match):
        call_command("restore", str(target), "--replace", *options, stdout=StringIO())
    assert tables_of(backup.backup_data()) == before
    assert list(User.objects.filter(is_staff=True).values()) == staff_before


def with_staff_row(data: dict) -> dict:
    users = data["tables"]["accounts.user"]
    columns = users["columns"]
    row = list(users["rows"][0])
    row[columns.index("id")] = 9_999
    row[columns.index("username")] = "intruder"
    row[columns.index("is_staff")] = True
    row[columns.index("is_superuser")] = True
    users["rows"].append(row)
    data["row_counts"]["accounts.user"] += 1
    return data


def with_balance(data: dict, balance: int) -> dict:
    savings = data["tables"]["lending.savings"]
    savings["rows"][0][savings["columns"].index("invested_value")] = balance
    return data


def test_a_genuine_backup_restores_and_its_books_balance(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    before = backup.backup_data()
    target = tmp_path / "backup.json"
    target.write_text(backup.backup_json(before))
    call_command("restore", str(target), "--replace", stdout=StringIO())
    assert tables_of(backup.backup_data()) == tables_of(before)
    assert reconcile().differences == []


def test_a_backup_holds_no_staff_account_only_their_names(admin_user):
    stock_bank(admin=admin_user)
    data = backup.backup_data()
    columns = data["tables"]["accounts.user"]["columns"]
    rows = data["tables"]["accounts.user"]["rows"]
    assert admin_user.pk not in [row[columns.index("id")] for row in rows]
    assert not any(row[columns.index("is_staff")] or row[columns.index("is_superuser")] for row in rows)
    assert data["staff"] == [[admin_user.pk, admin_user.username]]


def test_a_file_with_an_added_staff_account_is_refused(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    added = with_staff_row(backup.backup_data())
    restore_refused(tmp_path, added, "checksum does not match")  # altered: its checksum says so
    # ... and even checksummed and signed with this bank's key, a staff row is never loaded
    restore_refused(tmp_path, backup.sign(added), r"holds a staff account \('intruder'\)")
    assert not User.objects.filter(username="intruder").exists()


def test_a_file_with_an_edited_balance_is_refused(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    edited = with_balance(backup.backup_data(), 999_999_999)
    restore_refused(tmp_path, edited, "checksum does not match")
    # signed again (with the key): the books it carries do not balance
    restore_refused(tmp_path, backup.sign(edited), r"books do not balance: Savings #\d+: The balance is €999,999,999")


def test_a_changed_checksum_is_refused(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    data = backup.backup_data()
    data["checksum"] = "sha256:" + "0" * 64
    restore_refused(tmp_path, data, "checksum does not match")


def nesting(value) -> int:
    if isinstance(value, dict):
        value = list(value.values())
    return 1 + max(map(nesting, value), default=0) if isinstance(value, list) else 0


def test_a_file_nested_thousands_deep_is_refused_as_damaged_without_a_traceback(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    before = tables_of(backup.backup_data())
    target = tmp_path / "backup.json"
    target.write_text('{"format": "guild-bank-backup", "tables": ' + "[" * 100_000 + "]" * 100_000 + "}")
    with pytest.raises(CommandError, match=r"damaged \(its JSON is nested more than 32 levels deep") as refused:
        call_command("restore", str(target), "--replace", stdout=StringIO())
    assert str(refused.value).endswith("Nothing was restored.")
    assert tables_of(backup.backup_data()) == before


def test_a_signed_file_nested_deeper_than_a_backup_nests_is_refused_before_its_checksum_is_computed(
    admin_user, tmp_path
):
    stock_bank(admin=admin_user)
    genuine = backup.backup_data()
    assert nesting(genuine) <= 7 < backup.MAX_NESTING  # what the bank writes, far under the bound
    deep: list = []
    for _ in range(200):  # shallow enough for Python's JSON to write and sign, deeper than any backup
        deep = [deep]
    restore_refused(tmp_path, backup.sign({**genuine, "note": deep}), "nested more than 32 levels deep")


def test_a_file_signed_with_another_key_or_not_at_all_is_refused_unless_said_unsigned(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    with override_settings(BANK_BACKUP_KEY="another-bank-key-0123456789-abcdefghijkl"):
        elsewhere = backup.backup_data()
    restore_refused(tmp_path, elsewhere, r"signature is not this bank's .* say --unsigned")
    unsigned = {key: value for key, value in backup.backup_data().items() if key != "signature"}
    restore_refused(tmp_path, unsigned, "signature is not this bank's")
    # said on purpose: the file is restored, and still checked (checksum, staff, books)
    target = tmp_path / "unsigned.json"
    target.write_text(json.dumps(unsigned))
    call_command("restore", str(target), "--replace", "--unsigned", stdout=StringIO())
    restore_refused(tmp_path, with_balance(backup.backup_data(), 5), "checksum does not match", "--unsigned")


def test_a_restore_never_creates_or_changes_a_staff_account(admin_user, tmp_path):
    """The file names its staff by username: an admin here keeps their account as it is; one unknown
    here becomes a stand-in that can never sign in."""
    stock_bank(admin=admin_user)
    data = backup.backup_data()
    data["staff"].append([4242, "former-treasurer"])
    data["tables"]["lending.loan"]["rows"][0][data["tables"]["lending.loan"]["columns"].index("created_by_id")] = 4242
    admin_before = User.objects.filter(pk=admin_user.pk).values().get()
    target = tmp_path / "backup.json"
    target.write_text(json.dumps(backup.sign(data)))
    call_command("restore", str(target), "--replace", stdout=StringIO())
    assert User.objects.filter(pk=admin_user.pk).values().get() == admin_before
    stand_in = User.objects.get(username="former-staff-former-treasurer")
    assert (stand_in.is_staff, stand_in.is_superuser, stand_in.is_active, stand_in.has_usable_password()) == (
        False,
        False,
        False,
        False,
    )
    assert User.objects.filter(is_staff=True).count() == 1


def test_the_backup_file_is_readable_by_its_owner_only(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    target = tmp_path / "bank.json"
    call_command("backup", "-o", str(target), stderr=StringIO())
    assert stat.S_IMODE(target.stat().st_mode) == 0o600


def test_the_download_is_signed_and_never_cached(admin_api, admin_user):
    stock_bank(admin=admin_user)
    response = admin_api.get("/api/backup")
    assert response["Cache-Control"] == "no-store"
    data = json.loads(response.content)
    assert backup.backup_parse(json.dumps(data))["tables"]  # its checksum and signature hold


def test_without_a_backup_key_no_backup_is_made(admin_api, admin_user, tmp_path):
    with override_settings(BANK_BACKUP_KEY=""):
        response = admin_api.get("/api/backup")
        with pytest.raises(CommandError, match="BANK_BACKUP_KEY"):
            call_command("backup", "-o", str(tmp_path / "x.json"), stderr=StringIO())
    assert response.status_code == 503
    assert response.json()["code"] == "backup_key_missing"
    assert not (tmp_path / "x.json").exists()


def test_a_savings_balance_changed_in_a_file_signed_by_the_bank_changes_nothing(admin_user, tmp_path):
    """The case the hostile review found: 999,999,999 restored silently. Now refused, bank unchanged."""
    stock_bank(admin=admin_user)
    balances = list(Savings.objects.order_by("pk").values_list("invested_value", flat=True))
    restore_refused(tmp_path, backup.sign(with_balance(backup.backup_data(), 999_999_999)), "do not balance")
    assert list(Savings.objects.order_by("pk").values_list("invested_value", flat=True)) == balances
