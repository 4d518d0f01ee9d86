"""The daily backup (a daily job, operations/jobs.py): a signed backup file written to BANK_BACKUP_DIR,
checked by restoring it into a scratch database and reconciling it there (operations/backup_check.py),
recorded (operations.models.BackupRun: what the Overview and /metrics read), and the folder pruned to
the BANK_BACKUP_KEEP newest.

BANK_BACKUP_DIR is meant to be a disk or a mount of another machine: a backup on the bank's own disk
is lost with it. Unset, the daily backup is off and the Overview says so. The folder must exist (the
bank never creates it). The file is read back from the folder for its check: what is checked is the
copy kept there.

Files: the bank's own names only, `guild-bank-backup-v4-20261129-000102Z.json` (`backup.backup_filename`);
a file whose check failed is renamed `....json.failed`, so that it is never taken for a good backup nor
counted among the kept ones. Pruning touches no other file: after a backup that passed its check, the
newest BANK_BACKUP_KEEP backups of the bank's naming stay and older ones go, with every failed file
older than the new one; after a failed check only that newest failed file is kept (a failing backup
tried again every ten minutes fills no disk) and no good backup is removed.
"""

import logging
import re
from pathlib import Path

from django.conf import settings

from bank import clock, live
from bank.texts import counted
from operations import backup
from operations.backup_check import check_backup
from operations.models import BackupRun

logger = logging.getLogger("operations.backup_schedule")

# the bank's backup files: its name for them (backup.backup_filename), any format version
BACKUP_NAME = re.compile(r"^guild-bank-backup-v\d+-(\d{8}-\d{6})Z\.json$")
FAILED_SUFFIX = ".failed"
FAILED_NAME = re.compile(r"^guild-bank-backup-v\d+-(\d{8}-\d{6})Z\.json\.failed$")
# the records kept of the runs (the newest count; a failure tried again every ten minutes adds many)
KEEP_RECORDS = 400


class BackupFailed(Exception):
    """The daily backup was not written, or its check refused it; recorded, and the job is tried again."""


def backup_directory() -> Path | None:
    return Path(settings.BANK_BACKUP_DIR) if settings.BANK_BACKUP_DIR else None


def run_daily_backup() -> str:
    """Write today's backup to BANK_BACKUP_DIR, check it, record it and prune the folder; answers what
    it did, in a sentence. A backup not written, or refused by its check, is recorded as failed and
    raises BackupFailed (the job is tried again later)."""
    directory = backup_directory()
    if directory is None:  # the job does not run then (jobs.JOBS): a call by hand is told why
        raise BackupFailed("Daily backups are off: BANK_BACKUP_DIR is not set.")
    created_at = clock.now()
    name = backup.backup_filename(created_at)
    run = BackupRun.objects.create(created_at=created_at, file_name=name, directory=str(directory))
    live.notify({"backups"})
    try:
        if not directory.is_dir():
            raise BackupFailed(
                f"The backup folder {directory} (BANK_BACKUP_DIR) does not exist or is not a folder: mount or "
                "make it; the bank never makes it."
            )
        path = directory / name
        try:
            size = backup.write_file(path, backup.backup_json(backup.backup_data(created_at=created_at)))
        except OSError as error:
            raise BackupFailed(f"It could not be written to {directory}: {error.strerror or error}.") from None
        BackupRun.objects.filter(pk=run.pk).update(size_bytes=size)
        try:
            checked = check_backup(path.read_bytes())
        except OSError as error:
            raise BackupFailed(f"It could not be read back from {directory}: {error.strerror or error}.") from None
        except backup.BackupRefused as refused:
            _set_aside(path)
            raise BackupFailed(f"Its check failed: {refused.detail}") from None
    except BackupFailed as failed:
        _record(run, BackupRun.State.FAILED, str(failed))
        raise
    except Exception as error:  # the database, a bug: recorded as failed, then as the job's own failure
        _record(run, BackupRun.State.FAILED, f"It stopped on an error: {type(error).__name__}: {error}")
        raise
    _record(run, BackupRun.State.VERIFIED, checked.text())
    kept, removed = prune(directory, keep=settings.BANK_BACKUP_KEEP)
    return (
        f"Wrote {name} ({_size_text(size)}) and checked it: {checked.text()} "
        f"{counted(kept, 'backup')} kept (at most {settings.BANK_BACKUP_KEEP}), {counted(removed, 'older file')} "
        "removed."
    )


def _record(run: BackupRun, state: str, detail: str) -> None:
    BackupRun.objects.filter(pk=run.pk).update(state=state, detail=detail[:500], checked_at=clock.now())
    stale = BackupRun.objects.order_by("-created_at", "-id").values_list("pk", flat=True)[KEEP_RECORDS:]
    BackupRun.objects.filter(pk__in=list(stale)).delete()
    live.notify({"backups"})


def _set_aside(path: Path) -> None:
    """A file whose check failed: renamed, and the failed files before it removed."""
    failed = path.with_name(path.name + FAILED_SUFFIX)
    try:
        path.replace(failed)
        for older in _files(path.parent, FAILED_NAME):
            if older.name < failed.name:
                older.unlink(missing_ok=True)
    except OSError as error:
        logger.warning("The failed backup %s could not be set aside: %s", path, error)


def _files(directory: Path, pattern: re.Pattern) -> list[Path]:
    """The folder's files of `pattern`, oldest first (by the time in their names)."""
    found = [entry for entry in directory.iterdir() if pattern.match(entry.name) and entry.is_file()]
    return sorted(found, key=lambda entry: pattern.match(entry.name).group(1))  # type: ignore[union-attr]


def prune(directory: Path, *, keep: int) -> tuple[int, int]:
    """Keep the `keep` newest backups of the bank's naming in `directory`; remove the older ones, and
    every failed file older than the newest backup. No other file is touched. Answers how many backups
    are kept and how many files went."""
    backups = _files(directory, BACKUP_NAME)
    if not backups:
        return 0, 0
    newest = BACKUP_NAME.match(backups[-1].name).group(1)  # type: ignore[union-attr]
    doomed = backups[:-keep] + [
        entry
        for entry in _files(directory, FAILED_NAME)
        if FAILED_NAME.match(entry.name).group(1) < newest  # type: ignore[union-attr]
    ]
    removed = 0
    for entry in doomed:
        try:
            entry.unlink()
            removed += 1
        except FileNotFoundError:
            continue
        except OSError as error:
            logger.warning("An old backup could not be removed (%s): %s", entry, error)
    return len(backups[-keep:]), removed


def _size_text(size: int) -> str:
    for unit, scale in (("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10)):
        if size >= scale:
            return f"{size / scale:.1f} {unit}"
    return counted(size, "byte")
