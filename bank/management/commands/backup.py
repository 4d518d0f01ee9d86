from pathlib import Path

from django.core.management.base import BaseCommand
from django.utils import timezone

from bank import backup


class Command(BaseCommand):
    help = "Write every bank table to one JSON file (the same file GET /api/backup downloads)."

    def add_arguments(self, parser):
        parser.add_argument(
            "-o", "--output", help="the file to write ('-' for standard output); default: a timestamped name here"
        )

    def handle(self, *args, **options):
        created_at = timezone.now()
        text = backup.backup_json(backup.backup_data(created_at=created_at))
        target = options.get("output") or backup.backup_filename(created_at)
        if target == "-":
            self.stdout.write(text)
            return
        path = Path(target)
        temporary = path.with_name(path.name + ".partial")
        temporary.write_text(text, encoding="utf-8")
        temporary.replace(path)  # a crash never leaves a half-written file under the real name
        self.stderr.write(self.style.SUCCESS(f"Backup written to {path} (format version {backup.FORMAT_VERSION})."))
