"""A loan request keeps its decision as the other requests do (bank.models.PlayerRequest): one
decider and one time (`decided_by`, `decided_at`) instead of approved_by/approved_date and
denied_by/denied_date, and `created_at` for `request_date`. Every row keeps its decision: an
approved request's approver and time become its decider and time, a denied one's denier and time."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import F, Q


def fold(apps, schema_editor):
    PendingLoan = apps.get_model("lending", "PendingLoan")
    PendingLoan.objects.filter(approved_by__isnull=False).update(
        decided_by=F("approved_by"), decided_at=F("approved_date")
    )
    PendingLoan.objects.filter(denied_by__isnull=False).update(decided_by=F("denied_by"), decided_at=F("denied_date"))


def unfold(apps, schema_editor):
    PendingLoan = apps.get_model("lending", "PendingLoan")
    PendingLoan.objects.filter(status="approved").update(approved_by=F("decided_by"), approved_date=F("decided_at"))
    PendingLoan.objects.filter(status="denied").update(denied_by=F("decided_by"), denied_date=F("decided_at"))


class Migration(migrations.Migration):
    dependencies = [
        ("lending", "0009_requests_cancelled_by_players"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="pendingloan",
            name="decided_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AddField(
            model_name="pendingloan",
            name="decided_at",
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.RunPython(fold, unfold),
        migrations.RemoveConstraint(model_name="pendingloan", name="pending_loan_approved_has_decider"),
        migrations.RemoveConstraint(model_name="pendingloan", name="pending_loan_denied_has_decider"),
        migrations.RemoveField(model_name="pendingloan", name="approved_by"),
        migrations.RemoveField(model_name="pendingloan", name="approved_date"),
        migrations.RemoveField(model_name="pendingloan", name="denied_by"),
        migrations.RemoveField(model_name="pendingloan", name="denied_date"),
        migrations.RenameField(model_name="pendingloan", old_name="request_date", new_name="created_at"),
        migrations.AlterField(
            model_name="pendingloan",
            name="requested_by",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.SET_NULL,
                related_name="+",
                to=settings.AUTH_USER_MODEL,
            ),
        ),
        migrations.AlterModelOptions(name="pendingloan", options={"ordering": ["-created_at", "-id"]}),
        migrations.AddConstraint(
            model_name="pendingloan",
            constraint=models.CheckConstraint(
                condition=Q(status__in=["pending", "cancelled"])
                | (Q(decided_by__isnull=False) & Q(decided_at__isnull=False)),
                name="pending_loan_decision_has_decider",
            ),
        ),
    ]
