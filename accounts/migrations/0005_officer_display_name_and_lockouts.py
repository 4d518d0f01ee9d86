"""Issue 29, item 6: officers are not exposed to players.

- Officers get a display name, what players see instead of the sign-in name. Every staff account
  that exists now gets "Officer <id>" (a treasurer renames it on the Officers tab).
- The sign-in lockout is kept per officer and client address: a stranger's wrong passwords from one
  address no longer lock the officer out everywhere. The old rows (one per officer, no address) are
  dropped with their table: a lockout under way is lifted by this migration.
- Each wrong password given for an officer is recorded (time, address, door) for that officer to see,
  and a session remembers the sign-in before it, so that the notice counts what happened since.
"""

import django.db.models.deletion
import django.db.models.functions.text
from django.conf import settings
from django.db import migrations, models


def officers_get_display_names(apps, schema_editor):
    """Every staff account gets a display name that is not its sign-in name: "Officer <id>"."""
    User = apps.get_model("accounts", "User")
    for pk in User.objects.filter(is_staff=True, display_name="").values_list("pk", flat=True):
        User.objects.filter(pk=pk).update(display_name=f"Officer {pk}")


class Migration(migrations.Migration):

    dependencies = [
        ("accounts", "0004_officer_roles"),
        ("auth", "0012_alter_user_first_name_max_length"),
    ]

    operations = [
        migrations.AddField(
            model_name="user",
            name="display_name",
            field=models.CharField(
                blank=True,
                default="",
                help_text="what players see of an officer (never the sign-in name); blank for players",
                max_length=64,
            ),
        ),
        migrations.RunPython(officers_get_display_names, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="user",
            constraint=models.UniqueConstraint(
                django.db.models.functions.text.Lower("display_name"),
                condition=models.Q(("is_staff", True), models.Q(("display_name", ""), _negated=True)),
                name="officer_display_name_unique_ignoring_case",
            ),
        ),
        # the lockout's key changes from the officer to (officer, address): a new table
        migrations.DeleteModel(name="StaffLockout"),
        migrations.CreateModel(
            name="StaffLockout",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "address",
                    models.CharField(help_text="the client address the attempts came from", max_length=100),
                ),
                (
                    "failed_attempts",
                    models.PositiveIntegerField(default=0, help_text="wrong passwords since the last lockout"),
                ),
                (
                    "lockouts",
                    models.PositiveIntegerField(default=0, help_text="lockouts since the last successful sign-in"),
                ),
                ("locked_until", models.DateTimeField(blank=True, null=True)),
                ("updated_at", models.DateTimeField(auto_now=True)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="staff_lockouts",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(fields=("user", "address"), name="staff_lockout_one_per_user_and_address")
                ],
            },
        ),
        migrations.CreateModel(
            name="StaffSignInFailure",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("at", models.DateTimeField()),
                ("address", models.CharField(max_length=100)),
                ("door", models.CharField(help_text="app sign-in, or the Django admin site", max_length=32)),
                (
                    "user",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="sign_in_failures",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
            options={
                "indexes": [models.Index(fields=["user", "-at"], name="sign_in_failure_user_at")],
            },
        ),
        migrations.AddField(
            model_name="banksession",
            name="previous_sign_in_at",
            field=models.DateTimeField(
                blank=True,
                help_text="an officer's sign-in before this one: their failed sign-ins since then are shown to them",
                null=True,
            ),
        ),
    ]
