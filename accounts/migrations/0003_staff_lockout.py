"""Staff accounts cool down after five failed sign-ins instead of never locking (issue 20)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('accounts', '0002_bank_sessions'),
    ]

    operations = [
        migrations.CreateModel(
            name='StaffLockout',
            fields=[
                ('user', models.OneToOneField(on_delete=django.db.models.deletion.CASCADE, primary_key=True, related_name='staff_lockout', serialize=False, to=settings.AUTH_USER_MODEL)),
                ('failed_attempts', models.PositiveIntegerField(default=0, help_text='wrong passwords since the last lockout')),
                ('lockouts', models.PositiveIntegerField(default=0, help_text='lockouts since the last successful sign-in')),
                ('locked_until', models.DateTimeField(blank=True, null=True)),
                ('updated_at', models.DateTimeField(auto_now=True)),
            ],
        ),
    ]
