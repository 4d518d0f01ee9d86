import os

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from accounts.services import LockoutsLifted, admin_ensure, staff_unlock
from bank.errors import BankError


class Command(BaseCommand):
    help = (
        "Create or update the bank admin from BANK_ADMIN_USERNAME / BANK_ADMIN_PASSWORD, "
        "and lift every sign-in lockout of that admin (at every address). With --unlock <username>, only "
        "lift the sign-in lockouts of that officer (any staff account)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--unlock",
            metavar="USERNAME",
            help="lift this officer's sign-in lockouts and failed attempts at every address, and change nothing else",
        )

    def handle(self, *args, **options):
        if options["unlock"] is not None:
            self._unlock(options["unlock"])
            return
        username = settings.BANK_ADMIN_USERNAME
        password = os.environ.get("BANK_ADMIN_PASSWORD", "")
        user, created, generated, lifted = admin_ensure(username=username, password=password)
        if lifted is not None:
            self.stdout.write(f"Admin '{user.username}' {_lifted(lifted)}; unlocked.")
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

    def _unlock(self, username: str) -> None:
        try:
            user, lifted = staff_unlock(username=username)
        except BankError as error:
            raise CommandError(error.detail) from None
        if lifted is None:
            self.stdout.write(f"Officer '{user.username}' was not locked out; nothing changed.")
            return
        self.stdout.write(f"Officer '{user.username}' {_lifted(lifted)}; unlocked.")


def _lifted(lifted: LockoutsLifted) -> str:
    where = "1 address" if lifted.addresses == 1 else f"{lifted.addresses} addresses"
    return (
        f"had {lifted.lockouts} sign-in lockout(s) and {lifted.failed_attempts} failed attempt(s) since, from {where}"
    )
