"""Check the books: every savings balance, loan's paid amount and the solo dividends against the ledger."""

from django.core.management.base import BaseCommand, CommandError

from operations.reconcile import differences_text, outcome_text, reconcile_and_record


class Command(BaseCommand):
    help = (
        "Recompute every savings balance, every loan's paid amount and the solo dividends from their ledger "
        "entries and the history; list every account whose stored figure differs (exit 1), or say that the "
        "books balance (exit 0). The result is kept for the admin Overview."
    )

    def handle(self, *args, **options):
        result = reconcile_and_record()
        if result.balanced:
            self.stdout.write(self.style.SUCCESS(outcome_text(result)))
            return
        for difference in result.differences:
            who = f" ({difference.player_name}, player #{difference.player_id})" if difference.player_id else ""
            self.stdout.write(f"{difference.label}{who}: {difference.what}")
        raise CommandError(f"{differences_text(result)}: the books do not balance.")
