from django.db import migrations


class Migration(migrations.Migration):
    """ReconcileRun and ScheduledJob belong to the bank-wide features (operations): they leave the
    plumbing's state here and join operations' in operations 0001. Their tables stay as they are
    (bank_reconcilerun, bank_scheduledjob, pinned in operations/models.py): no row moves."""

    dependencies = [
        ("bank", "0009_restore_pause"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.DeleteModel(name="ReconcileRun"),
                migrations.DeleteModel(name="ScheduledJob"),
            ],
            database_operations=[],
        ),
    ]
