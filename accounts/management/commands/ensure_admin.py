import os

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from accounts.factors import factors_reset
from accounts.models import User
from accounts.services import LockoutsLifted, admin_ensure, staff_unlock
from bank.errors import BankError


class Command(BaseCommand):
    help = (
        "Create or update the bank admin from BANK_ADMIN_USERNAME / BANK_ADMIN_PASSWORD, "
        "and lift every sign-in lockout of that admin (at every address). With --unlock <username>, only "
        "lift the sign-in lockouts of that officer (any staff account). With --reset-factors <username> "
        "(and --reason), remove that officer's second factors and recovery codes and end their sessions (the "
        "last treasurer who lost theirs)."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--unlock",
            metavar="USERNAME",
            help="lift this officer's sign-in lockouts and failed attempts at every address, and change nothing else",
        )
        parser.add_argument(
            "--reset-factors",
            metavar="USERNAME",
            help="remove this officer's second factors and recovery codes and end their sessions; nothing else",
        )
        parser.add_argument(
            "--reason",
            default="reset on the server (manage.py ensure_admin --reset-factors)",
            help="why, for the audit trail (with --reset-factors)",
        )

    def handle(self, *args, **options):
        if options["unlock"] is not None:
            self._unlock(options["unlock"])
            return
        if options["reset_factors"] is not None:
            self._reset_factors(options["reset_factors"], options["reason"])
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

    def _reset_factors(self, username: str, reason: str) -> None:
        officer = User.objects.filter(is_staff=True, username__iexact=username).first()
        if officer is None:
            raise CommandError(f"No officer is called '{username}'. Nothing was changed.")
        try:
            removed = factors_reset(officer_id=officer.pk, by=None, reason=reason)
        except BankError as error:
            raise CommandError(error.detail) from None
        self.stdout.write(
            f"Officer '{officer.username}': {removed} second factor(s) and every recovery code removed; their "
            "sessions ended. They set up a new factor at their next sign-in."
        )


def _lifted(lifted: LockoutsLifted) -> str:
    where = "1 address" if lifted.addresses == 1 else f"{lifted.addresses} addresses"
    return (
        f"had {lifted.lockouts} sign-in lockout(s) and {lifted.failed_attempts} failed attempt(s) since, from {where}"
    )
