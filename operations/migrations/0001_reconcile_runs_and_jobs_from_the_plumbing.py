from django.db import migrations, models


class Migration(migrations.Migration):
    """ReconcileRun and ScheduledJob, taken over from the plumbing (bank 0010) with the tables they
    already had: the state changes, the database does not."""

    initial = True

    dependencies = [
        ("bank", "0010_reconcile_runs_and_jobs_move_to_operations"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="ReconcileRun",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                        ("checked_at", models.DateTimeField(db_index=True)),
                        ("accounts_checked", models.PositiveIntegerField()),
                        ("differences", models.JSONField(blank=True, default=list)),
                    ],
                    options={"db_table": "bank_reconcilerun", "ordering": ["-checked_at", "-id"]},
                ),
                migrations.CreateModel(
                    name="ScheduledJob",
                    fields=[
                        ("name", models.CharField(max_length=48, primary_key=True, serialize=False)),
                        ("last_started_at", models.DateTimeField(blank=True, null=True)),
                        ("last_finished_at", models.DateTimeField(blank=True, null=True)),
                        ("last_succeeded_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "last_outcome",
                            models.CharField(blank=True, default="", help_text="what the last run did", max_length=300),
                        ),
                        ("last_error", models.CharField(blank=True, default="", max_length=300)),
                        (
                            "claimed_until",
                            models.DateTimeField(
                                blank=True, help_text="a run in progress holds the job until then", null=True
                            ),
                        ),
                        (
                            "requested_at",
                            models.DateTimeField(
                                blank=True,
                                help_text="an officer asked for a run now: the scheduler's next check runs it",
                                null=True,
                            ),
                        ),
                    ],
                    options={"db_table": "bank_scheduledjob", "ordering": ["name"]},
                ),
            ],
            database_operations=[],
        ),
    ]
