"""`manage.py db_worker`: django-tasks-db's task worker, which first seeds the bank's minute tick
(operations/tasks.py). This command stands in for the package's own because "bank" comes before
"django_tasks_db" in INSTALLED_APPS; its options are the package's (--interval, --queue-name, --batch ...)."""

from django_tasks_db.management.commands import db_worker

from operations.metrics import start_pool_sampler
from operations.tasks import seed_tick


class Command(db_worker.Command):
    help = "Run the bank's background tasks (Discord notifications, the daily jobs): seeds the minute tick first."

    def handle(self, *args, **options):
        start_pool_sampler()  # this worker's database pool in /metrics
        seed_tick()
        super().handle(*args, **options)
