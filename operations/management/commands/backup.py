import os
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone

from operations import backup


class Command(BaseCommand):
    help = (
        "Write every bank table to one JSON file (the same file GET /api/backup downloads), checksummed and "
        "signed with BANK_BACKUP_KEY, readable by its owner only."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "-o", "--output", help="the file to write ('-' for standard output); default: a timestamped name here"
        )

    def handle(self, *args, **options):
        created_at = timezone.now()
        try:
            text = backup.backup_json(backup.backup_data(created_at=created_at))
        except backup.BackupKeyMissing as missing:
            raise CommandError(missing.detail) from None
        target = options.get("output") or backup.backup_filename(created_at)
        if target == "-":
            self.stdout.write(text)
            return
        path = Path(target)
        temporary = path.with_name(path.name + ".partial")
        temporary.unlink(missing_ok=True)
        # readable by its owner only: the file holds every player's password hash
        descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(descriptor, "w", encoding="utf-8") as file:
            file.write(text)
        temporary.replace(path)  # a crash never leaves a half-written file under the real name
        self.stderr.write(self.style.SUCCESS(f"Backup written to {path} (format version {backup.FORMAT_VERSION})."))
