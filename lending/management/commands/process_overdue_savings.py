"""For a scheduler (cron, a systemd timer): mark every overdue savings week Not Paid, as the admin
panel's Auto-Process Overdue does. Safe to run as often as you like: a second run finds nothing."""

from django.core.management.base import BaseCommand

from lending.savings.services import savings_auto_process_overdue


class Command(BaseCommand):
    help = "Mark every overdue savings week Not Paid (auto-processed), catching each account up week by week."

    def handle(self, *args, **options):
        run = savings_auto_process_overdue()
        self.stdout.write(f"Processed {run.processed_count} overdue weeks in {run.accounts_count} savings accounts.")
