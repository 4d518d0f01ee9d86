from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from bank import clock
from operations import backup
from operations.backup_check import check_backup


class Command(BaseCommand):
    help = (
        "Write every bank table to one JSON file (the same file GET /api/backup downloads), checksummed and "
        "signed with BANK_BACKUP_KEY, readable by its owner only. With --verify FILE, check a backup file "
        "instead: restore it into a scratch database and reconcile it there (the daily backup's check); "
        "exit 0 when it would restore, 1 when not, saying why."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "-o", "--output", help="the file to write ('-' for standard output); default: a timestamped name here"
        )
        parser.add_argument(
            "--verify",
            metavar="FILE",
            help="check FILE: restored into a scratch database (the bank's own data is not touched) and reconciled",
        )

    def handle(self, *args, **options):
        if options.get("verify"):
            self._verify(Path(options["verify"]))
            return
        created_at = clock.now()
        try:
            text = backup.backup_json(backup.backup_data(created_at=created_at))
        except backup.BackupKeyMissing as missing:
            raise CommandError(missing.detail) from None
        target = options.get("output") or backup.backup_filename(created_at)
        if target == "-":
            self.stdout.write(text)
            return
        path = Path(target)
        backup.write_file(path, text)
        self.stderr.write(self.style.SUCCESS(f"Backup written to {path} (format version {backup.FORMAT_VERSION})."))

    def _verify(self, path: Path) -> None:
        try:
            text = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}. It was not checked.") from None
        try:
            checked = check_backup(text)
        except (backup.BackupRefused, backup.BackupKeyMissing) as refusal:
            raise CommandError(f"{path} failed its check: {refusal.detail}") from None
        self.stdout.write(self.style.SUCCESS(f"{path} (taken {checked.created_at}) passed its check. {checked.text()}"))
