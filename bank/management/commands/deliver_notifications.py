"""Send the Discord notifications that are due now, here, without a task worker (bank/outbox.py)."""

from django.core.management.base import BaseCommand

from bank import outbox


class Command(BaseCommand):
    help = (
        "Deliver the queued Discord notifications that are due, once, without a task worker (retries with "
        "back-off; safe beside the workers: each message is claimed before it is sent)."
    )

    def handle(self, *args, **options):
        if not outbox.enabled():
            self.stdout.write("DISCORD_WEBHOOK_URL is not set: Discord notifications are off.")
            return
        sent = failed = 0
        while True:  # until nothing due is left (what failed waits for its back-off)
            round_ = outbox.deliver_due()
            sent, failed = sent + round_.sent, failed + round_.failed
            if round_.sent == 0:  # nothing due, or only failures now waiting for their back-off
                break
        left = outbox.undelivered()["count"]
        self.stdout.write(f"Delivered {sent}, failed {failed}, undelivered {left}.")
