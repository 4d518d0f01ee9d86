from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from bank import maintenance
from operations import backup


class Command(BaseCommand):
    help = (
        "Load a backup file into an empty bank, or with --replace instead of all its data, in one transaction. "
        "A file of another format version, a damaged or altered one (checksum, signature made with "
        "BANK_BACKUP_KEY), one holding a staff account, one whose books do not balance, or one older than the "
        "bank's data (without --accept-older) is refused and nothing changes. While it runs the bank is paused: "
        "every write answers 503 being_restored (reads go on), after the writes in flight have ended."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a file written by `manage.py backup` or downloaded from GET /api/backup")
        parser.add_argument("--replace", action="store_true", help="remove all bank data first (same transaction)")
        parser.add_argument(
            "--accept-older",
            action="store_true",
            help="with --replace, restore a file whose newest data is older than the bank's, losing what "
            "happened since (refused without it, saying how old the file is and what would be lost)",
        )
        parser.add_argument(
            "--unsigned",
            action="store_true",
            help="restore a file whose signature is missing or not this bank's (its checksum, its books and "
            "its lack of staff accounts are still checked): only for a file you trust",
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            text = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}. Nothing was restored.") from None
        try:
            parsed = backup.backup_parse(text, unsigned=options["unsigned"])
            loaded = backup.restore(parsed, replace=options["replace"], accept_older=options["accept_older"])
        except (backup.BackupRefused, backup.BackupKeyMissing, maintenance.WritesStillRunning) as refusal:
            raise CommandError(refusal.detail) from None
        rows = sum(loaded.values())
        self.stdout.write(
            self.style.SUCCESS(
                f"Restored {rows} rows in {len(loaded)} tables from {path} (taken {parsed['created_at']})."
            )
        )
