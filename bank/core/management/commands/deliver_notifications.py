"""Send the Discord notifications that are due (bank/core/outbox.py); `--loop` keeps sending."""

import threading

from django.core.management.base import BaseCommand

from bank.core import outbox


class Command(BaseCommand):
    help = "Deliver queued Discord notifications (retries with back-off; safe to run beside the server)."

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="keep delivering every --interval seconds")
        parser.add_argument("--interval", type=float, default=5.0)

    def handle(self, *args, loop: bool = False, interval: float = 5.0, **options):
        if not outbox.enabled():
            self.stdout.write("DISCORD_WEBHOOK_URL is not set: Discord notifications are off.")
            return
        if loop:
            outbox.run_forever(threading.Event(), interval=interval)
            return
        sent = failed = 0
        while True:  # until nothing due is left (what failed waits for its back-off)
            round_ = outbox.deliver_due()
            sent, failed = sent + round_.sent, failed + round_.failed
            if round_.sent == 0:  # nothing due, or only failures now waiting for their back-off
                break
        left = outbox.undelivered()["count"]
        self.stdout.write(f"Delivered {sent}, failed {failed}, undelivered {left}.")
