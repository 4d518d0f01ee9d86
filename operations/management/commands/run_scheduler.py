"""Run the bank's daily jobs (operations/jobs.py) that are due now, here, without a task worker; or list them."""

from django.core.management.base import BaseCommand

from bank import clock
from operations import jobs


class Command(BaseCommand):
    help = (
        "Run the daily jobs that are due (the overdue savings run, the books check) once, without a task worker; "
        "--list says when each last ran. Safe beside the workers: each run is claimed first."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--list", action="store_true", dest="list_jobs", help="when each job last ran, and what it did"
        )

    def handle(self, *args, list_jobs: bool = False, **options):
        if list_jobs:
            for job in jobs.jobs_status():
                last = clock.local(job["last_started_at"]).isoformat() if job["last_started_at"] else "never"
                line = f"{job['title']}: last ran {last}; next on {job['next_run_on'].isoformat()}"
                if job["last_outcome"]:
                    line += f". {job['last_outcome']}"
                if job["last_error"]:
                    line += f" Last error: {job['last_error']}"
                self.stdout.write(line)
            return
        ran = jobs.run_due()
        self.stdout.write(f"Ran {len(ran)} job(s): {', '.join(ran) or 'none was due'}.")
