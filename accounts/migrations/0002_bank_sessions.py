"""Sessions: one row per sign-in, kept across extensions; tickets belong to a session.

The revoked-token list goes: a token now works only while it is its session's current one.
"""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def forget_tickets(apps, schema_editor):
    # tickets live 30 seconds and now need a session: the few that may exist are simply dropped
    apps.get_model("accounts", "WsTicket").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="BankSession",
            fields=[
                ("sid", models.CharField(max_length=64, primary_key=True, serialize=False)),
                (
                    "token_jti",
                    models.CharField(help_text="The one token of this session that works now", max_length=64),
                ),
                ("expires_at", models.DateTimeField(db_index=True)),
                ("ended_at", models.DateTimeField(blank=True, null=True)),
                ("created_at", models.DateTimeField(auto_now_add=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="bank_sessions",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
        migrations.RunPython(forget_tickets, migrations.RunPython.noop),
        migrations.AddField(
            model_name="wsticket",
            name="session",
            field=models.ForeignKey(
                default="",
                on_delete=django.db.models.deletion.CASCADE,
                related_name="tickets",
                to="accounts.banksession",
            ),
            preserve_default=False,
        ),
        migrations.DeleteModel(
            name="RevokedToken",
        ),
    ]
