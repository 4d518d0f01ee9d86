"""Demo players in each admin-visible state for `manage.py seed_demo` (issue 12), made through the
services so that credit points follow: a bad payer holding a loan and savings, a blocked account,
an old client with savings near the limit, and a new admin-made client without a password.

Kept apart from the apps' own seeders (loans, savings, withdrawals, exchanges): it only adds its
own players. Idempotent: nothing is added once its first player exists.
"""

from datetime import timedelta

from django.contrib.auth.hashers import make_password
from django.db import transaction

from accounts.models import Player, User
from accounts.services import player_create, player_update
from bank import audit, clock
from bank.demo import DEMO_OFFICER_PASSWORD, DEMO_OFFICERS, DEMO_PASSWORD, history_controls
from bank.outcomes import decided
from credit.services import credit_adjust
from lending.loans.services import loan_create, loan_payment_mark, loan_request_approve, loan_request_create
from lending.savings.services import savings_create

# name, discord, with a password (Gorm's is an approved loan request: the other seeders add the
# pending and denied ones)
STATE_PLAYERS = [
    ("Eldric", "eldric.guild", True),  # bad payer with an active loan and savings
    ("Fenna", "fenna.guild", True),  # blocked after 5 wrong passwords
    ("Gorm", "gorm.guild", True),  # old client with two savings
    ("Hale", "hale.guild", False),  # a new client an admin added, no password yet
]


@transaction.atomic
def _seed_admin_states() -> None:
    admin = User.objects.filter(is_staff=True).order_by("pk").first()
    if admin is None or Player.objects.filter(name__iexact=STATE_PLAYERS[0][0]).exists():
        return
    made = {}
    for name, discord, with_password in STATE_PLAYERS:
        if Player.objects.filter(name__iexact=name).exists():
            continue
        made[name] = player_create(
            name=name, discord=discord, password=DEMO_PASSWORD if with_password else "", admin=admin
        )
    today = clock.today()

    if eldric := made.get("Eldric"):
        # products first: a bad payer cannot get new ones
        loan = decided(
            loan_create(
                player_id=eldric.pk, value=500_000, total_days=14, admin=admin, start_date=today - timedelta(days=10)
            )
        )
        for day in (0, 1):
            loan_payment_mark(
                loan_id=loan.pk, status="Paid", on_date=loan.start_date + timedelta(days=day), admin=admin
            )
        for day in range(2, 10):
            loan_payment_mark(
                loan_id=loan.pk, status="Not Paid", on_date=loan.start_date + timedelta(days=day), admin=admin
            )
        savings_create(player_id=eldric.pk, invested_value=150_000, admin=admin, start_date=today - timedelta(days=30))
        player_update(player_id=eldric.pk, admin=admin, bad_payer=True)

    if fenna := made.get("Fenna"):
        # what five wrong passwords in a row leave behind (accounts.services.auth_login)
        Player.objects.filter(pk=fenna.pk).update(failed_attempts=5, blocked_at=clock.now() - timedelta(hours=3))

    if gorm := made.get("Gorm"):
        player_update(player_id=gorm.pk, admin=admin, client_type="old")
        savings_create(player_id=gorm.pk, invested_value=2_000_000, admin=admin, start_date=today - timedelta(days=3))
        savings_create(player_id=gorm.pk, invested_value=1_500_000, admin=admin, start_date=today - timedelta(days=2))
        credit_adjust(player_id=gorm.pk, points_change=60, reason="Invited three friends to the guild", admin=admin)
        gorm = Player.objects.select_related("user").get(pk=gorm.pk)
        assert gorm.user is not None  # made with a password: he signed up
        request = loan_request_create(
            user=gorm.user, player_id=gorm.pk, value=100_000, total_days=7, request_reason="Seeds for the spring"
        )
        loan_request_approve(request_id=request.pk, admin=admin, notes="Welcome back, Gorm")


def _seed_officers() -> None:
    """A teller and a loan officer beside the first officer, so that a demo shows four eyes with two
    people. Demo seeding writes them at once, as ensure_admin writes the first officer (in a real bank
    a treasurer proposes an officer and a second treasurer approves, accounts/officers.py); no one
    appointed them, so each may be the second approver of the first officer's decisions. Audited."""
    first = User.objects.filter(is_staff=True).order_by("pk").first()
    for username, display_name, role in DEMO_OFFICERS:
        if User.objects.filter(username__iexact=username).exists():
            continue
        officer = User.objects.create(
            username=username,
            display_name=display_name,
            password=make_password(DEMO_OFFICER_PASSWORD),
            is_staff=True,
            role=role,
        )
        audit.record(
            actor=first,
            kind="officer.created",
            obj=officer,
            after={"username": username, "display_name": display_name, "role": role, "demo": True},
        )


def seed_admin_states() -> None:
    with history_controls():
        _seed_admin_states()
    _seed_officers()
