"""Bulk data for benchmarks: players with credit scores spread over 0..300 and a few credit events each,
loans with their day entries (LoanPayment rows), savings accounts with their recorded weeks, and
pending and decided loan requests, withdrawals and pearl exchanges, spread over those players.
Everything runs on SQLite and on PostgreSQL (bench/README.md, "Issue 24").

Import it from a benchmark or a test (Django already set up):

    from bench.generate import fake_counts_source, loans_create, players_create
    player_ids = players_create(count=10_000)
    loan_set = loans_create(player_ids, loans=20_000, payments=1_000_000)

or run it against the database the Django settings name (it adds rows, it never deletes any):

    DJANGO_SETTINGS_MODULE=config.settings.local SQLITE_PATH=/tmp/bench.sqlite3 \\
        .venv/bin/python bench/generate.py --players 10000 --migrate
    # the whole bank of issue 24 (10,000 players, 20,000 loans, 1,000,000 day entries, 20,000
    # savings with 80,000 weeks, 300 pending and 300 decided requests of each kind), here on PostgreSQL:
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/guild_bench_data \\
        .venv/bin/python bench/generate.py --bank --migrate

Everything is written with bulk_create, in batches, in one transaction: 10,000 players and their
~30,000 events take about a second on SQLite; 20,000 loans and 1,000,000 day entries take a few tens
of seconds (inside `fast_sqlite_writes()`, which bench_lending.py uses).
"""

import argparse
import contextlib
import itertools
import os
import random
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from datetime import time as clock_time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

DEFAULT_PLAYERS = 10_000
DEFAULT_PREFIX = "bench"
BATCH_SIZE = 1000

DEFAULT_LOANS = 20_000
DEFAULT_PAYMENTS = 1_000_000
DEFAULT_SAVINGS = 20_000
DEFAULT_WEEKS = 80_000
DEFAULT_REQUESTS = 300  # pending requests of each kind (loans, withdrawals, pearl exchanges), and as many decided
GENERATOR_USERNAME = "bench-generator"  # the staff account that "decided" the generated requests
DEFAULT_HEAVY_LOANS = 100  # the first player's loans: "a player with many loans"
# Rows built in memory at a time: loans handed to bulk_create (which splits them to the backend's
# variable limit) or day entries handed to one executemany.
CHUNK_SIZE = 50_000
LOAN_VALUES = (100_000, 250_000, 500_000, 1_000_000, 2_000_000, 5_000_000)
ACTIVE_DAYS = (7, 14, 30, 45, 60, 90)
PAID_OFF_DAYS = (180, 240, 300, 365)


def setup_django(settings_module: str = "config.settings.local") -> None:
    """For scripts: make the project importable and set Django up (settings from the environment first)."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", settings_module)
    # the benchmarks call the API in-process through DRF's APIClient, whose host is "testserver"
    os.environ.setdefault("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
    import django

    django.setup()


def typical_player():
    """The typical player of the HTTP benches (bench_http, bench_layout, bench_profile): two loans of
    five days with four marked days each, a savings account with two recorded weeks, a loan request."""
    from django.utils import timezone

    from accounts.tests.factories import PlayerFactory
    from lending.tests.factories import LoanFactory, LoanPaymentFactory, PendingLoanFactory, SavingsFactory

    today = timezone.localdate()
    typical = PlayerFactory(credit_score=120)
    for _ in range(2):
        loan = LoanFactory(player=typical, start_date=today - timedelta(days=5))
        for day in range(4):
            LoanPaymentFactory(loan=loan, date=loan.start_date + timedelta(days=day))
    SavingsFactory(player=typical, weeks=2)
    PendingLoanFactory(player=typical)
    return typical


def spread_score(index: int, count: int) -> int:
    """Scores spread evenly over 0..300: the first player has 0, the last 300, every tier is hit."""
    from credit import rules

    return rules.MAX_SCORE * index // max(count - 1, 1)


def score_steps(score: int, events: int, rng: random.Random) -> list[tuple[str, int]]:
    """(action_type, points) steps that take a score from 0 to `score` in about `events` steps."""
    from credit.models import CreditEvent

    Action = CreditEvent.Action
    if score == 0:  # a few points earned, then lost: a history that ends at 0
        return [(Action.SAVINGS_OPENED, 10), (Action.PAYMENT_MISSED, -10)]
    events = max(1, min(events, score))
    cuts = sorted(rng.sample(range(1, score), events - 1)) if events > 1 else []
    bounds = [0, *cuts, score]
    kinds = (
        Action.SAVINGS_OPENED,
        Action.LOAN_TAKEN,
        Action.PAYMENT_MADE,
        Action.WEEKLY_PAYMENT,
        Action.LOAN_COMPLETED,
    )
    return [(kinds[step % len(kinds)], bounds[step + 1] - bounds[step]) for step in range(events)]


def players_create(
    count: int = DEFAULT_PLAYERS,
    *,
    events_per_player: int = 3,
    prefix: str = DEFAULT_PREFIX,
    seed: int = 0,
    batch_size: int = BATCH_SIZE,
) -> list[int]:
    """Create `count` players (no sign-in account) with scores 0..300 and their events; answer their ids.

    Names are `<prefix>000001`, ... continuing after the players this prefix already made, so calling
    it twice adds more players instead of failing on the unique names.
    """
    from django.db import transaction

    from accounts.models import Player
    from credit.models import CreditEvent

    rng = random.Random(seed)
    start = Player.objects.filter(name__startswith=prefix).count()
    with transaction.atomic():
        players = Player.objects.bulk_create(
            (
                Player(
                    name=f"{prefix}{start + index:06d}",
                    discord=f"{prefix}{start + index:06d}.discord",
                    credit_score=spread_score(index, count),
                    bad_payer=index % 50 == 49,  # 2% bad payers, as a real bank would have a few
                    client_type=Player.ClientType.OLD if index % 3 == 0 else Player.ClientType.NEW,
                )
                for index in range(count)
            ),
            batch_size=batch_size,
        )
        if any(player.pk is None for player in players):  # a backend that cannot return ids
            names = [player.name for player in players]
            ids = dict(Player.objects.filter(name__in=names).values_list("name", "pk"))
            for player in players:
                player.pk = ids[player.name]

        def events():
            for player in players:
                score = 0
                for action_type, points in score_steps(player.credit_score, events_per_player, rng):
                    yield CreditEvent(
                        player_id=player.pk,
                        action_type=action_type,
                        reason=f"Generated: {action_type}",
                        points_change=points,
                        old_score=score,
                        new_score=score + points,
                    )
                    score += points

        CreditEvent.objects.bulk_create(events(), batch_size=batch_size)
    return [player.pk for player in players]


def fake_counts(player_id: int) -> dict[str, int]:
    """Banking-record counts for one player, a pure function of its id (0..300+ points when scored)."""
    loans_taken = player_id % 4
    return {
        "savings_opened": player_id % 5,
        "loans_taken": loans_taken,
        "loans_completed": min(loans_taken, player_id % 3),
        "loan_days_paid": player_id % 31,
        "savings_weeks_paid": player_id % 53,
    }


def fake_counts_source(player_ids):
    """A migration source standing in for the lending records: every player in one query.

    Register it with credit.migration.register_source; the real lending sources replace it.
    """
    from accounts.models import Player

    players = Player.objects.all() if player_ids is None else Player.objects.filter(pk__in=list(player_ids))
    return {player_id: fake_counts(player_id) for player_id in players.values_list("pk", flat=True).iterator()}


def fake_counts_sql(players):
    """fake_counts_source in SQL (its `grouped` form for credit.migration): the same counts, each a
    function of the player's id (`%%` is SQL's modulo, written for a query run with parameters)."""
    from django.db import connection

    from accounts.models import Player

    taken, completed_cap = "(id %% 4)", "(id %% 3)"
    columns = {
        "savings_opened": "id %% 5",
        "loans_taken": taken,
        "loans_completed": f"CASE WHEN {taken} < {completed_cap} THEN {taken} ELSE {completed_cap} END",
        "loan_days_paid": "id %% 31",
        "savings_weeks_paid": "id %% 53",
    }
    selected = ", ".join(f"{sql} AS {name}" for name, sql in columns.items())
    sql = f"SELECT id AS player_id, {selected} FROM {connection.ops.quote_name(Player._meta.db_table)}"
    if players is None:
        return sql, [], tuple(columns)
    return f"{sql} WHERE id IN ({players[0]})", list(players[1]), tuple(columns)


@contextlib.contextmanager
def fast_sqlite_writes(using: str = "default") -> Iterator[None]:
    """On a SQLite connection, write without syncing to disk or keeping a rollback journal file.

    For a scratch benchmark file only (a crash mid-way may corrupt it); the previous settings are
    restored on exit. Other backends are left alone.
    """
    from django.db import connections

    connection = connections[using]
    if connection.vendor != "sqlite":
        yield
        return
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA synchronous")
        synchronous = cursor.fetchone()[0]
        cursor.execute("PRAGMA journal_mode")
        journal_mode = cursor.fetchone()[0]
        cursor.execute("PRAGMA synchronous=OFF")
        cursor.execute("PRAGMA journal_mode=MEMORY")
    try:
        yield
    finally:
        with connection.cursor() as cursor:
            cursor.execute(f"PRAGMA journal_mode={journal_mode}")
            cursor.execute(f"PRAGMA synchronous={int(synchronous)}")


@dataclass(frozen=True)
class LoanSet:
    """What loans_create made."""

    loans: int
    active: int
    paid_off: int
    payments: int
    paid: int
    heavy_player_id: int | None  # the player given `heavy_loans` loans
    today: date


def _fit(capacities: Sequence[int], target: int) -> list[int]:
    """Share `target` entries over loans in proportion to what each can hold (never more): sums to target."""
    total = sum(capacities)
    if target >= total:
        return list(capacities)
    counts = [capacity * target // total for capacity in capacities]
    short = target - sum(counts)
    for index, capacity in enumerate(capacities):
        if short == 0:
            break
        if counts[index] < capacity:
            counts[index] += 1
            short -= 1
    return counts


def _insert_rows(model, columns: Sequence[str], rows, *, chunk_size: int = CHUNK_SIZE) -> int:
    """INSERT plain value tuples with executemany (bank.bulk): for the million day entries, bulk_create
    took about 160 s on the 2-CPU machine of bench/README.md, executemany a few seconds."""
    from bank.bulk import insert_rows

    return insert_rows(model, columns, rows, chunk_size=chunk_size)


def loans_create(
    player_ids: Sequence[int],
    *,
    loans: int = DEFAULT_LOANS,
    payments: int = DEFAULT_PAYMENTS,
    heavy_loans: int = DEFAULT_HEAVY_LOANS,
    paid_off_share: float = 0.10,
    today: date | None = None,
    seed: int = 0,
) -> LoanSet:
    """Create `loans` loans over `player_ids` and exactly `payments` LoanPayment rows; answer a LoanSet.

    - The first player gets `heavy_loans` of them, the rest go to random players (about 2 each for
      20,000 loans over 10,000 players).
    - About 90% are Active, started within the last 60 days (terms of 7 to 90 days, so some are past
      their period); about 2 in 3 of them already have today's entry. The rest are Paid-Off loans of
      180 to 365 days that started and ended in the past.
    - Amounts follow the rules: the rate by amount minus the player's tier discount,
      total_to_pay = round(value x (1 + rate)), daily_payment = round(total_to_pay / total_days);
      a Paid-Off loan carries its solo_gain.
    - One entry per loan and date, from the start date on: an Active loan keeps its most recent days
      (ending today, or yesterday when today is not marked yet), a Paid-Off loan its first days.
      Active loans are filled first, the Paid-Off ones share the rest; ValueError when the loans
      cannot hold `payments` entries. Paid entries are worth the daily payment, Not Paid ones 0.
    """
    from django.db import transaction
    from django.utils import timezone

    from accounts.models import Player
    from credit.selectors import credit_tier
    from lending import rules
    from lending.models import Loan, LoanPayment

    if not player_ids:
        raise ValueError("loans_create needs players")
    rng = random.Random(seed)
    today = today or timezone.localdate()
    now = timezone.now()
    players = Player.objects.in_bulk(list(player_ids))
    heavy_id = player_ids[0] if heavy_loans else None
    owners = [player_ids[0]] * min(heavy_loans, loans) + [
        rng.choice(player_ids) for _ in range(loans - min(heavy_loans, loans))
    ]
    rates = {}  # (tier, value) -> rate: a handful of Decimals computed once

    def loan_rows() -> Iterator[Loan]:
        for player_id in owners:
            player = players[player_id]
            value = rng.choice(LOAN_VALUES)
            key = (credit_tier(player.credit_score).name, value)
            if key not in rates:
                rates[key] = rules.loan_terms(value=value, score=player.credit_score).interest_rate
            rate = rates[key]
            total = rules.total_to_pay(value, rate)
            if rng.random() < paid_off_share:
                days = rng.choice(PAID_OFF_DAYS)
                start = today - timedelta(days=days + rng.randrange(1, 180))
                ended = datetime.combine(start + timedelta(days=days), clock_time(12), tzinfo=now.tzinfo)
                extra = {
                    "status": Loan.Status.PAID_OFF,
                    "paid_off": True,
                    "paid_off_at": ended,
                    "solo_gain": rules.solo_dividend_gain(value=value, total=total),
                }
            else:
                days = rng.choice(ACTIVE_DAYS)
                start = today - timedelta(days=rng.randrange(60))
                extra = {"status": Loan.Status.ACTIVE, "paid_off": False}
            yield Loan(
                player_id=player_id,
                value=value,
                interest_rate=rate,
                total_days=days,
                total_to_pay=total,
                daily_payment=rules.daily_payment(total, days),
                start_date=start,
                end_date=start + timedelta(days=days - 1),  # bulk_create skips Loan.save()
                admin_notes="",
                created_at=now,
                **extra,
            )

    with transaction.atomic():
        created: list[Loan] = []
        for chunk in itertools.batched(loan_rows(), CHUNK_SIZE):
            created.extend(Loan.objects.bulk_create(chunk, batch_size=CHUNK_SIZE))
        if any(loan.pk is None for loan in created):
            raise RuntimeError("loans_create needs a backend that returns the ids of bulk-created rows")

        # How many days each loan can hold, and where its entries end (Active) or begin (Paid-Off).
        active = [loan for loan in created if not loan.paid_off]
        paid_off = [loan for loan in created if loan.paid_off]
        marked_today = {loan.pk: rng.random() < 2 / 3 for loan in active}
        active_caps = [max(0, (today - loan.start_date).days + (1 if marked_today[loan.pk] else 0)) for loan in active]
        paid_off_caps = [loan.total_days for loan in paid_off]
        room = sum(active_caps) + sum(paid_off_caps)
        if payments > room:
            raise ValueError(f"{len(created)} loans hold at most {room:,} day entries, not {payments:,}")
        active_counts = _fit(active_caps, payments)
        paid_off_counts = _fit(paid_off_caps, payments - sum(active_counts))
        paid_count = 0

        # The rows as the database stores them: dates and the marking time adapted once, not per row.
        from django.db import connection

        marked_at = connection.ops.adapt_datetimefield_value(now)
        day_text: dict[date, str | None] = {}

        def day(value: date) -> str | None:  # a date's text (the stubs answer None for None only)
            if value not in day_text:
                day_text[value] = connection.ops.adapt_datefield_value(value)
            return day_text[value]

        def payment_rows() -> Iterator[tuple]:
            nonlocal paid_count
            plans = [
                (loan, count, today - timedelta(days=count + (0 if marked_today[loan.pk] else 1)), 0.85)
                for loan, count in zip(active, active_counts, strict=True)
            ] + [
                (loan, count, loan.start_date - timedelta(days=1), 0.95)
                for loan, count in zip(paid_off, paid_off_counts, strict=True)
            ]
            paid_status, not_paid_status = LoanPayment.Status.PAID.value, LoanPayment.Status.NOT_PAID.value
            for loan, count, before_first, paid_share in plans:
                for offset in range(1, count + 1):
                    if rng.random() < paid_share:
                        paid_count += 1
                        yield (
                            loan.pk,
                            day(before_first + timedelta(days=offset)),
                            paid_status,
                            loan.daily_payment,
                            True,
                            marked_at,
                        )
                    else:
                        yield loan.pk, day(before_first + timedelta(days=offset)), not_paid_status, 0, False, marked_at

        written = _insert_rows(
            LoanPayment, ("loan", "date", "status", "value", "points_awarded", "marked_at"), payment_rows()
        )
    return LoanSet(
        loans=len(created),
        active=len(active),
        paid_off=len(paid_off),
        payments=written,
        paid=paid_count,
        heavy_player_id=heavy_id,
        today=today,
    )


def savings_create(player_ids: Sequence[int], *, accounts: int, weeks_total: int, seed: int = 1) -> int:
    """`accounts` Active savings over random players and exactly `weeks_total` recorded weeks (the
    oldest first, 80% Paid, the rest compounded Not Paid), each account started one week after its
    last recorded week so that its next week is due (today, or a day or two ago). Answers the weeks
    written."""
    from decimal import Decimal

    from django.db import connection, transaction
    from django.utils import timezone

    from lending import rules
    from lending.models import Savings, SavingsWeek

    rng = random.Random(seed)
    today = timezone.localdate()
    now = timezone.now()
    base, extra = divmod(weeks_total, accounts)
    rate = Decimal("0.07")
    weeks_of = [base + (1 if index < extra else 0) for index in range(accounts)]
    with transaction.atomic():
        rows = []
        for weeks in weeks_of:
            value = rng.choice((100_000, 250_000, 500_000))
            start = today - timedelta(days=7 * (weeks + 1) + rng.randrange(0, 3))
            rows.append(
                Savings(
                    player_id=rng.choice(player_ids),
                    principal=value,
                    invested_value=value,
                    interest_rate=rate,
                    start_date=start,
                    next_week=weeks + 1,
                    next_due_date=rules.week_due_date(start, weeks + 1),
                    created_at=now,
                )
            )
        created = Savings.objects.bulk_create(rows, batch_size=5_000)
        marked_at = connection.ops.adapt_datetimefield_value(now)

        def week_rows():
            for savings, weeks in zip(created, weeks_of, strict=True):
                interest = rules.week_interest(savings.invested_value, savings.interest_rate)
                for week in range(1, weeks + 1):
                    due = connection.ops.adapt_datefield_value(rules.week_due_date(savings.start_date, week))
                    if rng.random() < 0.8:
                        yield savings.pk, week, due, "Paid", interest, 0, False, "", True, marked_at
                    else:
                        yield savings.pk, week, due, "Not Paid", interest, interest, True, "", False, marked_at

        columns = (
            "savings",
            "week",
            "due_date",
            "status",
            "interest",
            "interest_compounded",
            "auto_processed",
            "reverted_from",
            "points_awarded",
            "marked_at",
        )
        written = _insert_rows(SavingsWeek, columns, week_rows())
    return written


def requests_create(player_ids: Sequence[int], *, each: int, decided: int = 0, seed: int = 2) -> None:
    """`each` pending loan requests, withdrawals and pearl exchanges from random players, and
    `decided` more of each kind denied by the generator's staff account (no money moves)."""
    from datetime import time as clock_time
    from decimal import Decimal

    from django.utils import timezone

    from accounts.models import User
    from exchange.models import PearlExchangeRequest
    from lending.models import PendingLoan, WithdrawalRequest

    rng = random.Random(seed)
    now = timezone.now()
    tomorrow = timezone.localdate() + timedelta(days=1)
    admin = None
    if decided:
        admin, _ = User.objects.get_or_create(
            username=GENERATOR_USERNAME, defaults={"is_staff": True, "role": "treasurer"}
        )
    kinds: list[tuple[str, dict[str, str]]] = [("pending", {})] * each + [
        ("denied", {"admin_notes": "Generated: denied"})
    ] * decided
    PendingLoan.objects.bulk_create(
        PendingLoan(
            player_id=rng.choice(player_ids),
            value=500_000,
            total_days=14,
            interest_rate=Decimal("0.35"),
            total_to_pay=675_000,
            request_reason="Generated",
            status=status,
            decided_by=admin if status == "denied" else None,
            decided_at=now if status == "denied" else None,
            **extra,
        )
        for status, extra in kinds
    )
    decision = {"decided_by": admin, "decided_at": now}
    WithdrawalRequest.objects.bulk_create(
        WithdrawalRequest(
            player_id=rng.choice(player_ids),
            amount=50_000,
            withdrawal_date=tomorrow,
            withdrawal_time=clock_time(18, 0),
            player_timezone=1,
            status=status,
            **(extra | decision if status == "denied" else {}),
        )
        for status, extra in kinds
    )
    PearlExchangeRequest.objects.bulk_create(
        PearlExchangeRequest(
            player_id=rng.choice(player_ids),
            exchange_type="sell",
            pearls_amount=10,
            exchange_rate=2500,
            bread_amount=25_000,
            savings_option="cashout",
            status=status,
            **(extra | decision if status == "denied" else {}),
        )
        for status, extra in kinds
    )


@dataclass(frozen=True)
class BankSet:
    """What bank_create made."""

    players: int
    blocked: int
    loans: LoanSet
    savings: int
    weeks: int
    seconds: float


def bank_create(
    *,
    players: int = DEFAULT_PLAYERS,
    loans: int = DEFAULT_LOANS,
    payments: int = DEFAULT_PAYMENTS,
    savings: int = DEFAULT_SAVINGS,
    weeks: int = DEFAULT_WEEKS,
    requests: int = DEFAULT_REQUESTS,
    seed: int = 0,
) -> BankSet:
    """A whole bank for the admin lists' benchmark (issue 24): players (2% bad payers, a third old
    clients, 1% blocked after failed sign-ins), loans with their day entries, savings with their
    weeks, and `requests` pending plus `requests` denied requests of each kind."""
    from django.utils import timezone

    from accounts.models import Player

    started = time.perf_counter()
    player_ids = players_create(players, seed=seed)
    blocked = Player.objects.filter(pk__in=player_ids[::100]).update(failed_attempts=5, blocked_at=timezone.now())
    with fast_sqlite_writes():
        weeks_written = savings_create(player_ids, accounts=savings, weeks_total=weeks, seed=seed + 1) if savings else 0
        made = loans_create(player_ids, loans=loans, payments=payments, seed=seed)
        requests_create(player_ids, each=requests, decided=requests, seed=seed + 2)
    return BankSet(
        players=len(player_ids),
        blocked=blocked,
        loans=made,
        savings=savings,
        weeks=weeks_written,
        seconds=round(time.perf_counter() - started, 1),
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Add benchmark players to the database the Django settings name.")
    parser.add_argument("--players", type=int, default=DEFAULT_PLAYERS)
    parser.add_argument("--events-per-player", type=int, default=3)
    parser.add_argument("--prefix", default=DEFAULT_PREFIX)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--loans", type=int, default=0, help="also create this many loans over the new players")
    parser.add_argument("--payments", type=int, default=DEFAULT_PAYMENTS, help="loan day entries (with --loans)")
    parser.add_argument("--migrate", action="store_true", help="run migrations first")
    parser.add_argument(
        "--bank",
        action="store_true",
        help="the whole bank of issue 24 instead: players, loans, day entries, savings, weeks and requests "
        "(--players, --loans, --payments, --savings, --weeks, --requests set its sizes)",
    )
    parser.add_argument("--savings", type=int, default=DEFAULT_SAVINGS, help="savings accounts (with --bank)")
    parser.add_argument("--weeks", type=int, default=DEFAULT_WEEKS, help="recorded savings weeks (with --bank)")
    parser.add_argument("--requests", type=int, default=DEFAULT_REQUESTS, help="pending requests of each kind (--bank)")
    args = parser.parse_args(argv)

    setup_django()
    if args.migrate:
        from django.core.management import call_command

        call_command("migrate", interactive=False, verbosity=0)
    if args.bank:
        bank = bank_create(
            players=args.players,
            loans=args.loans or DEFAULT_LOANS,
            payments=args.payments,
            savings=args.savings,
            weeks=args.weeks,
            requests=args.requests,
            seed=args.seed,
        )
        print(f"created {bank}")
        return 0
    started = time.perf_counter()
    ids = players_create(args.players, events_per_player=args.events_per_player, prefix=args.prefix, seed=args.seed)
    elapsed = time.perf_counter() - started
    print(f"created {len(ids)} players (ids {min(ids, default=0)}..{max(ids, default=0)}) in {elapsed:.2f} s")
    if args.loans:
        started = time.perf_counter()
        with fast_sqlite_writes():
            made = loans_create(ids, loans=args.loans, payments=args.payments, seed=args.seed)
        elapsed = time.perf_counter() - started
        print(
            f"created {made.loans} loans ({made.active} Active, {made.paid_off} Paid-Off) and "
            f"{made.payments} day entries ({made.paid} Paid) in {elapsed:.2f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
