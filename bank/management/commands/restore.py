from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from bank import backup


class Command(BaseCommand):
    help = (
        "Load a backup file into an empty bank, or with --replace instead of all its data, in one transaction. "
        "A file of another format version, or a damaged one, is refused and nothing changes."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="a file written by `manage.py backup` or downloaded from GET /api/backup")
        parser.add_argument("--replace", action="store_true", help="remove all bank data first (same transaction)")

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            text = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}. Nothing was restored.") from None
        try:
            parsed = backup.backup_parse(text)
            loaded = backup.restore(parsed, replace=options["replace"])
        except backup.BackupRefused as refusal:
            raise CommandError(refusal.detail) from None
        rows = sum(loaded.values())
        self.stdout.write(
            self.style.SUCCESS(
                f"Restored {rows} rows in {len(loaded)} tables from {path} (taken {parsed['created_at']})."
            )
        )
