from datetime import timedelta

from django.db import migrations, models


def fill_end_dates(apps, schema_editor):
    Loan = apps.get_model("lending", "Loan")
    loans = list(Loan.objects.only("pk", "start_date", "total_days"))
    for loan in loans:
        loan.end_date = loan.start_date + timedelta(days=loan.total_days - 1)
    Loan.objects.bulk_update(loans, ["end_date"], batch_size=1000)


class Migration(migrations.Migration):
    dependencies = [("lending", "0003_savings_and_withdrawals")]

    operations = [
        migrations.AddField(
            model_name="loan",
            name="end_date",
            field=models.DateField(null=True, db_index=True),
        ),
        migrations.RunPython(fill_end_dates, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="loan",
            name="end_date",
            field=models.DateField(db_index=True, help_text="the term's last day: start_date + total_days - 1"),
        ),
    ]
