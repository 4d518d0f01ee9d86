"""Run the bank's daily jobs (bank/jobs.py): what is due now, or, with --loop, every minute."""

import threading

from django.core.management.base import BaseCommand
from django.utils import timezone

from bank import jobs


class Command(BaseCommand):
    help = (
        "Run the daily jobs that are due (the overdue savings run); --loop keeps checking every --interval "
        "seconds (the scheduler process of `make serve`); --list says when each last ran. Safe beside the servers."
    )

    def add_arguments(self, parser):
        parser.add_argument("--loop", action="store_true", help="keep running what falls due")
        parser.add_argument("--interval", type=float, default=jobs.CHECK_SECONDS)
        parser.add_argument(
            "--list", action="store_true", dest="list_jobs", help="when each job last ran, and what it did"
        )

    def handle(
        self, *args, loop: bool = False, interval: float = jobs.CHECK_SECONDS, list_jobs: bool = False, **options
    ):
        if list_jobs:
            for job in jobs.jobs_status():
                last = timezone.localtime(job["last_started_at"]).isoformat() if job["last_started_at"] else "never"
                line = f"{job['title']}: last ran {last}; next on {job['next_run_on'].isoformat()}"
                if job["last_outcome"]:
                    line += f". {job['last_outcome']}"
                if job["last_error"]:
                    line += f" Last error: {job['last_error']}"
                self.stdout.write(line)
            return
        if loop:
            jobs.run_forever(threading.Event(), interval=interval)
            return
        ran = jobs.run_due()
        self.stdout.write(f"Ran {len(ran)} job(s): {', '.join(ran) or 'none was due'}.")
