"""The daily backup: written to BANK_BACKUP_DIR, checked by restoring it into a scratch database and
reconciling it there, pruned to BANK_BACKUP_KEEP, recorded; the Overview warns when the newest checked
backup is older than 26 hours or the newest failed. `manage.py backup --verify FILE` runs the same
check by hand."""

import json
import re
import stat
import tempfile
from datetime import timedelta
from io import StringIO
from pathlib import Path

import pytest
import time_machine
from django.core.management import CommandError, call_command
from django.db import connection
from django.utils import timezone

from accounts.models import Player
from bank import live
from lending.models import Savings
from operations import backup, backup_check, jobs
from operations.models import BackupRun, ScheduledJob
from operations.tests.stocked import stock_bank

pytestmark = pytest.mark.django_db

DASHBOARD = "/api/admin/dashboard-stats"


@pytest.fixture
def backups(settings, tmp_path) -> Path:
    """A folder of its own for the daily backup (the tests' settings leave it off)."""
    folder = tmp_path / "backups"
    folder.mkdir()
    settings.BANK_BACKUP_DIR = str(folder)
    settings.BANK_BACKUP_KEEP = 2
    return folder


def bank_files(folder: Path) -> list[str]:
    return sorted(entry.name for entry in folder.iterdir())


@pytest.fixture(autouse=True)
def temporary_folder(monkeypatch, tmp_path) -> Path:
    """The test's own temporary folder, where a check on SQLite makes its scratch file (a test running
    beside this one makes its own elsewhere)."""
    folder = tmp_path / "tmp"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def scratch_left() -> list[str]:
    """What a check may leave behind: a scratch schema (PostgreSQL: in this test's database) or a
    temporary folder (SQLite: in this test's temporary folder)."""
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT nspname FROM pg_namespace WHERE nspname LIKE %s", [backup_check.SCHEMA_PREFIX + "%"])
            return [row[0] for row in cursor.fetchall()]
    return [entry.name for entry in Path(tempfile.gettempdir()).iterdir()]


def test_a_scheduled_backup_is_written_checked_and_pruned_to_the_kept_number(
    backups, admin_user, admin_api, monkeypatch
):
    stock_bank(admin=admin_user)
    # files the bank did not write stay, whatever their names say
    (backups / "notes.txt").write_text("the operator's")
    (backups / "guild-bank-backup-by-hand.json").write_text("{}")
    notices = []
    monkeypatch.setattr(live, "notify", lambda kinds, *args, **kwargs: notices.append(set(kinds)))
    start = timezone.now()
    names = []
    for day in range(3):  # three daily runs, KEEP=2
        with time_machine.travel(start + timedelta(days=day), tick=False):
            assert jobs.run_due(names=["backup"]) == ["backup"]
            run = BackupRun.objects.order_by("-created_at").first()
            names.append(run.file_name)
            assert run.state == BackupRun.State.VERIFIED, run.detail
            assert run.detail.startswith("Restored ") and "into a scratch database; the books balance" in run.detail
            assert run.size_bytes == (backups / run.file_name).stat().st_size
            assert stat.S_IMODE((backups / run.file_name).stat().st_mode) == 0o600
            # the file is the bank's backup: signed, every table
            data = backup.backup_parse((backups / run.file_name).read_bytes())
            assert len(data["tables"][Player]) == 4
    assert names[0] < names[1] < names[2]
    # the two newest are kept, the oldest is gone; the operator's files are untouched
    assert bank_files(backups) == sorted([*names[1:], "notes.txt", "guild-bank-backup-by-hand.json"])
    assert BackupRun.objects.count() == 3
    outcome = ScheduledJob.objects.get(name="backup").last_outcome
    assert re.fullmatch(
        rf"Wrote {re.escape(names[2])} \([\d.]+ KB\) and checked it: Restored \d+ rows in 14 tables into a scratch "
        r"database; the books balance: 10 accounts checked\. 2 backups kept \(at most 2\), 1 older file removed\.",
        outcome,
    ), outcome
    assert {"backups"} in notices  # an open Overview reads the new record
    assert scratch_left() == []  # every scratch database was removed
    # the Overview: the newest backup, checked, and nothing to warn of
    status = admin_api.get(DASHBOARD).json()["backup"]
    assert (status["last_file"], status["last_state"], status["stale"], status["failed"]) == (
        names[2],
        "verified",
        False,
        False,
    )
    assert status["warnings"] == []


def test_the_overview_warns_when_the_newest_backup_is_27_hours_old(backups, admin_user, admin_api):
    stock_bank(admin=admin_user)
    assert jobs.run_due(names=["backup"]) == ["backup"]
    run = BackupRun.objects.get()
    BackupRun.objects.filter(pk=run.pk).update(created_at=timezone.now() - timedelta(hours=25))
    assert admin_api.get(DASHBOARD).json()["backup"]["warnings"] == []
    BackupRun.objects.filter(pk=run.pk).update(created_at=timezone.now() - timedelta(hours=27))
    status = admin_api.get(DASHBOARD).json()["backup"]
    assert status["stale"] is True
    assert status["warnings"] == [
        "The newest checked backup is 1 day 3 hours old, more than 26 hours: the daily backup has not run, or not "
        "passed its check, since."
    ]


def test_a_backup_whose_check_fails_is_recorded_set_aside_and_warned_of(backups, admin_user, admin_api):
    """A bank whose books do not balance (a balance changed behind the services' back) writes a backup
    that a restore refuses: the check says so, the file is set aside, the job is tried again later,
    and the Overview warns; the good backups before it are not pruned."""
    stock_bank(admin=admin_user)
    assert jobs.run_due(names=["backup"]) == ["backup"]
    [good] = bank_files(backups)
    savings = Savings.objects.order_by("pk").first()
    Savings.objects.filter(pk=savings.pk).update(invested_value=1)
    now = timezone.now()
    with time_machine.travel(now + timedelta(days=1), tick=False):
        assert jobs.run_due(names=["backup"]) == ["backup"]
    failed = BackupRun.objects.order_by("-created_at").first()
    assert failed.state == BackupRun.State.FAILED
    assert failed.detail == (
        f"Its check failed: The backup's books do not balance: Savings #{savings.pk}: The balance is €1, its "
        "entries add up to €1,000,000. Nothing was restored."
    )
    assert bank_files(backups) == [good, failed.file_name + ".failed"]
    row = ScheduledJob.objects.get(name="backup")
    assert row.last_error.startswith("BackupFailed: Its check failed")
    status = admin_api.get(DASHBOARD).json()["backup"]
    assert (status["last_state"], status["failed"], status["stale"]) == ("failed", True, False)
    assert status["warnings"] == [f"The last backup failed. {failed.detail}"]
    # tried again ten minutes later: one failed file is kept, the newest
    with time_machine.travel(now + timedelta(days=1, minutes=11), tick=False):
        assert jobs.run_due(names=["backup"]) == ["backup"]
    newest = BackupRun.objects.order_by("-created_at").first()
    assert newest.pk != failed.pk
    assert bank_files(backups) == [good, newest.file_name + ".failed"]
    # the books mended, the next day's backup passes: the failed file before it goes, the warning too
    Savings.objects.filter(pk=savings.pk).update(invested_value=savings.invested_value)
    with time_machine.travel(now + timedelta(days=2), tick=False):
        assert jobs.run_due(names=["backup"]) == ["backup"]
    mended = BackupRun.objects.order_by("-created_at").first()
    assert mended.state == BackupRun.State.VERIFIED
    assert bank_files(backups) == [good, mended.file_name]
    assert admin_api.get(DASHBOARD).json()["backup"]["warnings"] == []


def test_a_folder_that_is_not_there_is_a_failed_backup(settings, tmp_path, admin_user, admin_api):
    settings.BANK_BACKUP_DIR = str(tmp_path / "unmounted")
    assert jobs.run_due(names=["backup"]) == ["backup"]
    run = BackupRun.objects.get()
    assert run.state == BackupRun.State.FAILED
    assert run.detail == (
        f"The backup folder {tmp_path / 'unmounted'} (BANK_BACKUP_DIR) does not exist or is not a folder: mount or "
        "make it; the bank never makes it."
    )
    assert not (tmp_path / "unmounted").exists()
    assert admin_api.get(DASHBOARD).json()["backup"]["failed"] is True


def test_without_a_folder_the_daily_backup_is_off_and_the_overview_says_so(settings, admin_api):
    settings.BANK_BACKUP_DIR = ""
    assert "backup" not in jobs.run_due()
    assert [job["name"] for job in jobs.jobs_status()] == ["overdue_savings", "reconcile", "bank_health"]
    assert not BackupRun.objects.exists()
    status = admin_api.get(DASHBOARD).json()["backup"]
    assert (status["enabled"], status["last_at"], status["stale"]) == (False, None, False)
    assert status["warnings"] == [
        "Daily backups are off: BANK_BACKUP_DIR is not set on the server. Set it to a folder on another machine's "
        "disk or mount (README, Backups)."
    ]


def test_before_the_first_backup_the_overview_says_none_was_made(backups, admin_api):
    status = admin_api.get(DASHBOARD).json()["backup"]
    assert (status["enabled"], status["last_state"], status["stale"]) == (True, None, True)
    assert status["warnings"] == [
        "No backup has been made yet: the daily backup runs within a minute while a task worker runs."
    ]


# --- manage.py backup --verify -----------------------------------------------------------------------


@pytest.fixture
def written(admin_user, tmp_path) -> Path:
    stock_bank(admin=admin_user)
    path = tmp_path / "bank.json"
    call_command("backup", "-o", str(path), stderr=StringIO())
    return path


def test_verify_restores_a_file_into_a_scratch_database_and_leaves_the_bank_alone(written):
    players = Player.objects.count()
    out = StringIO()
    call_command("backup", "--verify", str(written), stdout=out)
    assert out.getvalue().startswith(f"{written} (taken ")
    assert "passed its check. Restored " in out.getvalue()
    assert "into a scratch database; the books balance: " in out.getvalue()
    assert Player.objects.count() == players
    assert scratch_left() == []


def test_verify_refuses_a_corrupted_file_saying_why(written):
    data = json.loads(written.read_text())
    data["tables"]["lending.savings"]["rows"][0][3] = 999  # a balance changed after the file was written
    written.write_text(json.dumps(data))
    with pytest.raises(CommandError) as refused:
        call_command("backup", "--verify", str(written), stdout=StringIO())
    assert str(refused.value) == (
        f"{written} failed its check: The backup's checksum does not match its content: the file was changed or "
        "damaged after it was written. Nothing was restored."
    )
    written.write_text(written.read_text()[:-100])  # truncated
    with pytest.raises(CommandError, match="failed its check: The backup file is damaged"):
        call_command("backup", "--verify", str(written), stdout=StringIO())
    with pytest.raises(CommandError, match=r"Cannot read .*: No such file or directory\. It was not checked\."):
        call_command("backup", "--verify", str(written.with_name("missing.json")), stdout=StringIO())


def test_verify_finds_what_only_a_restore_finds(written):
    """A file signed with this bank's key whose books do not balance: its checksum and signature are
    good, and only restoring it and reconciling it there says it cannot be restored."""
    data = json.loads(written.read_text())
    savings = data["tables"]["lending.savings"]
    balance = savings["columns"].index("invested_value")
    savings["rows"][0][balance] += 1
    body = {key: value for key, value in data.items() if key not in {"checksum", "signature"}}
    written.write_text(backup.backup_json(backup.sign(body)))
    with pytest.raises(CommandError, match="failed its check: The backup's books do not balance: Savings #"):
        call_command("backup", "--verify", str(written), stdout=StringIO())
    assert scratch_left() == []


def test_the_backup_is_the_last_daily_job_and_runs_once_a_day(backups, admin_user):
    stock_bank(admin=admin_user)
    assert jobs.run_due() == ["overdue_savings", "reconcile", "bank_health", "backup"]
    assert jobs.run_due() == []  # the same day: done
    assert [job["name"] for job in jobs.jobs_status()] == ["overdue_savings", "reconcile", "bank_health", "backup"]
    assert len(bank_files(backups)) == 1
