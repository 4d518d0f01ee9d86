import os

from django.conf import settings
from django.core.management.base import BaseCommand

from accounts.services import admin_ensure


class Command(BaseCommand):
    help = (
        "Create or update the bank admin from BANK_ADMIN_USERNAME / BANK_ADMIN_PASSWORD, "
        "and lift a sign-in lockout of that admin."
    )

    def handle(self, *args, **options):
        username = settings.BANK_ADMIN_USERNAME
        password = os.environ.get("BANK_ADMIN_PASSWORD", "")
        user, created, generated, lifted = admin_ensure(username=username, password=password)
        if lifted is not None:
            self.stdout.write(
                f"Admin '{user.username}' had {lifted.lockouts} sign-in lockout(s) and "
                f"{lifted.failed_attempts} failed attempt(s) since; unlocked."
            )
        if generated:
            self.stdout.write(self.style.WARNING(f"Admin '{user.username}' created with password: {generated}"))
            self.stdout.write("This password is shown only once. Set BANK_ADMIN_PASSWORD to choose your own.")
        elif created:
            self.stdout.write(
                self.style.SUCCESS(f"Admin '{user.username}' created with the password from BANK_ADMIN_PASSWORD.")
            )
        elif password:
            self.stdout.write(f"Admin '{user.username}' exists; password updated from BANK_ADMIN_PASSWORD.")
        else:
            self.stdout.write(f"Admin '{user.username}' exists; nothing changed.")
