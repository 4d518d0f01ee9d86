"""The single-officer adversary (issue 29's required test): a seeded, replayable random sequence of
every admin call a treasurer, a loan officer and a teller may make, over several players and several
days of a clock the test moves, mostly by one hostile officer trying to act alone.

Every call goes through the HTTP API with the officer's own bearer token (players file their loan,
withdrawal and pearl exchange requests through the player API), and every answer must be below 500.
Afterwards the books are read, not the server's own sums:

- the bread created, moved or forgiven by one officer without a second one (ledger entries whose
  decision names no second, different officer, or a second the first appointed, at the time; an
  officer's entry with no decision at all counts as alone too) stays within the four-eyes threshold per officer and player (bank-wide changes count
  for the bank as one) over every rolling 24 hours. That is the rule of docs/rules.md, "Four eyes":
  "its amount, added to what the same officer decided alone for the same player in the last 24
  hours". The threshold is the one the test read from Bank Settings before the call that moved the
  bread, not the one the server copied onto its record. A pay-off's `solo_gain` entry is left out:
  it is a share of the interest the loan was repaid (each repayment counted where it was decided),
  as `operations.book_rules` leaves it out of a decision's amount and checks it on its own;
- a player's request one officer carried out alone was not part of more than the threshold the player
  asked for (loans, withdrawals, pearl exchanges, not denied or cancelled) in the 24 hours up to it
  ("a request split in three is three parts of one"), read from what the test's players filed;
- `reconcile` (balances and `operations.book_rules`) finds nothing.

A failure names the seed and prints every step: `ADVERSARY_SEED=<seed> ADVERSARY_STEPS=<n>` replays
it. SQLite runs a few seeds quickly; the `servers` pass (PostgreSQL) runs more seeds and more steps.
"""

import os
import random
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from django.db.models import Max, Min
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Player, User
from accounts.tests.factories import AdminFactory, PlayerFactory, made
from accounts.tokens import token_issue
from bank import roles
from bank.models import BankSettings, DecisionRecord, LedgerEntry, Proposal
from exchange.models import PearlExchangeRequest
from lending.models import Loan, PendingLoan, Savings, WithdrawalRequest
from operations.reconcile import reconcile

SEEDS = [int(os.environ["ADVERSARY_SEED"])] if os.environ.get("ADVERSARY_SEED") else [1, 2, 3, 4]
STEPS = int(os.environ.get("ADVERSARY_STEPS") or 150)
HEAVY_SEEDS = [int(os.environ["ADVERSARY_SEED"])] if os.environ.get("ADVERSARY_SEED") else list(range(11, 15))
HEAVY_STEPS = int(os.environ.get("ADVERSARY_STEPS") or 300)
ON_POSTGRESQL = os.environ.get("DATABASE_URL", "").startswith("postgres") and bool(os.environ.get("REDIS_URL"))
WINDOW = timedelta(hours=24)
PASSWORD = "officer-password-1"
# a request's model, as the cancel operation and the split-request check pick one
RequestModel = type[PendingLoan] | type[WithdrawalRequest] | type[PearlExchangeRequest]


# --- the world the adversary acts in ------------------------------------------------------------------


@dataclass
class Step:
    index: int
    at: datetime
    actor: str
    method: str
    path: str
    body: dict
    status: int = 0
    code: str = ""

    def line(self) -> str:
        answer = f"{self.status}" + (f" {self.code}" if self.code else "")
        return f"{self.index:4d} {self.at:%Y-%m-%d %H:%M} {self.actor:>8} {self.method} {self.path} {self.body} -> {answer}"


@dataclass
class World:
    seed: int
    rng: random.Random
    clock: time_machine.Traveller  # time_machine.travel(...) as clock: shift() moves it
    hostile: User
    officers: list[User]
    steps: list[Step] = field(default_factory=list)
    # (first ledger entry id of the step, threshold in force during it), in step order
    thresholds: list[tuple[int, int]] = field(default_factory=list)
    # who appointed whom (officer id -> appointing officer id) during each step, in step order
    appointed: list[dict[int, int]] = field(default_factory=list)
    made: int = 0
    # the requests players filed: (record type, id) -> (player id, when, bread asked for)
    filed: dict[tuple[str, int], tuple[int, datetime, int]] = field(default_factory=dict)

    def replay(self) -> str:
        return f"replay: ADVERSARY_SEED={self.seed} ADVERSARY_STEPS={len(self.steps)}\n" + "\n".join(
            step.line() for step in self.steps
        )

    def threshold(self) -> int:
        return BankSettings.current().four_eyes_above

    def officer(self, *, hostile: float = 0.75) -> User:
        """Mostly the hostile officer; sometimes another (active or not: a deactivated one must be refused)."""
        if self.rng.random() < hostile:
            return self.hostile
        return self.rng.choice(self.officers)

    def players(self) -> list[Player]:
        return list(Player.objects.order_by("pk"))

    def call(self, actor: User, method: str, path: str, body: dict | None = None) -> tuple[int, dict]:
        body = body or {}
        step = Step(len(self.steps) + 1, timezone.now(), actor.username, method.upper(), path, body)
        self.steps.append(step)
        self.thresholds.append((_next_entry_id(), self.threshold()))
        self.appointed.append(_appointments())
        actor.refresh_from_db()
        # as conftest's bearer_for, but a server error is an answer (500) to report with the steps
        client = APIClient(raise_request_exception=False)
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token_issue(user=actor, factor_verified=True).access_token}")
        send = getattr(client, method)
        response = send(path, body) if method == "get" else send(path, body, format="json")
        step.status = response.status_code
        try:
            answer = response.json()
        except ValueError:
            answer = {}
        step.code = str(answer.get("code", "")) if isinstance(answer, dict) else ""
        assert response.status_code < 500, f"step {step.index} answered {response.status_code}\n{self.replay()}"
        return response.status_code, answer if isinstance(answer, dict) else {}

    def file(self, player: Player, path: str, body: dict) -> tuple[int, dict]:
        """A player files a request through the player API; the test remembers what was asked, and when."""
        at = timezone.now()
        assert player.user is not None  # the players who file signed up
        status, answer = self.call(player.user, "post", path, body)
        if status == 201:
            kind, amount = {
                "/api/pending-loans": ("pendingloan", "value"),
                "/api/withdrawal-requests": ("withdrawalrequest", "amount"),
                "/api/pearl-exchange-requests": ("pearlexchangerequest", "bread_amount"),
            }[path]
            self.filed[(kind, answer["id"])] = (player.pk, at, answer[amount])
        return status, answer

    def tick(self, delta: timedelta) -> None:
        self.clock.shift(delta)


def _appointments() -> dict[int, int]:
    return dict(User.objects.filter(appointed_by__isnull=False).values_list("pk", "appointed_by_id"))


def _appointed_by(appointed: dict[int, int], second: int, first: int | None) -> bool:
    """Was `second` appointed by `first`, or by someone `first` appointed ...?"""
    seen, current = set(), second
    while current in appointed and current not in seen:
        seen.add(current)
        current = appointed[current]
        if current == first:
            return True
    return False


def _next_entry_id() -> int:
    return (LedgerEntry.objects.aggregate(last=Max("id"))["last"] or 0) + 1


def _pick(rng: random.Random, rows: list):
    return rng.choice(rows) if rows else None


def _amount(world: World) -> int | str:
    """Amounts that probe the threshold and the limits, and a shortcut now and then."""
    rng = world.rng
    threshold = world.threshold()
    amounts: list[int | str] = [
        rng.randint(1, 60_000),
        rng.randint(60_000, 400_000),
        100_000,
        500_000,
        max(1, threshold // 3),
        max(1, threshold // 2),
        max(1, threshold - 1),
        max(1, threshold),
        threshold + 1,
        rng.randint(threshold + 1, 3 * threshold + 2),
        rng.choice(["250k", "1m", "1.2m", "2m"]),
    ]
    return rng.choice(amounts)


def _rate(rng: random.Random, *, weekly: bool) -> str:
    if weekly:
        return rng.choice(["0.05", "0.07", "0.075", "0.1", "0.12", "0"])
    return rng.choice(["0.28", "0.3", "0.35", "0.5", "0.9", "1.2", "0"])


def _day(world: World, low: int, high: int) -> str:
    return (timezone.localdate() + timedelta(days=world.rng.randint(low, high))).isoformat()


def _missing_id(model) -> int:
    return (model.objects.aggregate(last=Max("pk"))["last"] or 0) + 1000


# --- the operations ---------------------------------------------------------------------------------


def op_loan_create(world: World):
    player = _pick(world.rng, world.players())
    if player:
        body = {"player_id": player.pk, "value": _amount(world), "total_days": world.rng.choice([1, 5, 10, 14, 30])}
        world.call(world.officer(), "post", "/api/loans", body)


def op_savings_create(world: World):
    player = _pick(world.rng, world.players())
    if player:
        body = {"player_id": player.pk, "invested_value": _amount(world)}
        if world.rng.random() < 0.3:
            body["interest_rate"] = _rate(world.rng, weekly=True)
        world.call(world.officer(), "post", "/api/savings", body)


def _loan(world: World) -> int:
    loans = list(Loan.objects.order_by("pk").values_list("pk", "status"))
    active = [pk for pk, status in loans if status == Loan.Status.ACTIVE]
    if active and world.rng.random() < 0.9:
        return world.rng.choice(active)
    if loans and world.rng.random() < 0.8:
        return world.rng.choice(loans)[0]
    return _missing_id(Loan)


def _savings(world: World) -> int:
    rows = list(Savings.objects.order_by("pk").values_list("pk", "status"))
    active = [pk for pk, status in rows if status == Savings.Status.ACTIVE]
    if active and world.rng.random() < 0.9:
        return world.rng.choice(active)
    if rows and world.rng.random() < 0.8:
        return world.rng.choice(rows)[0]
    return _missing_id(Savings)


def op_loan_edit(world: World):
    rng = world.rng
    body: dict[str, object] = {"admin_notes": "adversary edit"}
    for name, make in (
        ("value", lambda: _amount(world)),
        ("interest_rate", lambda: _rate(rng, weekly=False)),
        ("total_days", lambda: rng.choice([1, 3, 7, 10, 20, 60])),
    ):
        if rng.random() < 0.5:
            body[name] = make()
    world.call(world.officer(), "put", f"/api/admin/loans/{_loan(world)}/edit", body)


def op_savings_edit(world: World):
    rng = world.rng
    body: dict[str, object] = {"admin_notes": "adversary edit"}
    if rng.random() < 0.6:
        body["invested_value"] = _amount(world)
    if rng.random() < 0.5:
        body["interest_rate"] = _rate(rng, weekly=True)
    world.call(world.officer(), "put", f"/api/admin/savings/{_savings(world)}/edit", body)


def op_loan_change_date(world: World):
    body = {"new_date": _day(world, -40, 10)}
    world.call(world.officer(), "put", f"/api/admin/loans/{_loan(world)}/change-date", body)


def op_savings_change_date(world: World):
    body = {"new_date": _day(world, -60, 10)}
    world.call(world.officer(), "put", f"/api/admin/savings/{_savings(world)}/change-date", body)


def op_loan_change_days(world: World):
    body = {"new_days": world.rng.choice([1, 2, 5, 10, 30, 365])}
    world.call(world.officer(), "put", f"/api/admin/loans/{_loan(world)}/change-days", body)


def op_loan_payment(world: World):
    rng = world.rng
    body = {"payment_status": rng.choice(["Paid", "Paid", "Not Paid"])}
    if rng.random() < 0.4:
        body["date"] = _day(world, -10, 0)
    world.call(world.officer(), "post", f"/api/loans/{_loan(world)}/payment", body)


def op_savings_payment(world: World):
    rng = world.rng
    savings_id = _savings(world)
    body: dict[str, object] = {"payment_status": rng.choice(["Paid", "Not Paid"])}
    if rng.random() < 0.3:
        latest = Savings.objects.filter(pk=savings_id).values_list("next_week", flat=True).first() or 2
        body["week"] = max(1, latest - 1)
    world.call(world.officer(), "post", f"/api/savings/{savings_id}/payment", body)


def op_pay_off(world: World):
    world.call(world.officer(), "put", f"/api/loans/{_loan(world)}", {"paid_off": True})


def op_write_off(world: World):
    world.call(world.officer(), "post", f"/api/admin/loans/{_loan(world)}/write-off", {"reason": "adversary"})


def op_auto_process(world: World):
    world.call(world.officer(), "post", "/api/admin/savings/auto-process-overdue")


def op_dividends(world: World):
    world.call(world.officer(), "put", "/api/solo-dividends", {"dividends": world.rng.choice([0, 1, _amount(world)])})


def op_bank_settings(world: World):
    rng = world.rng
    threshold = world.threshold()
    changes: list[dict[str, object]] = [
        {"four_eyes_above": rng.choice([threshold * 2, threshold + 1, 5_000_000, 1_000_000_000])},
        {"four_eyes_above": rng.choice([max(0, threshold // 2), 250_000, 1_000_000])},
        {"savings_rate_max": rng.choice(["0.2", "0.08", "0.1"])},
        {"loan_rate_max": rng.choice(["2", "0.5", "1"])},
        {"start_date_back_days": rng.choice([0, 3, 7, 60, 3650])},
    ]
    body = rng.choice(changes)
    world.call(world.officer(), "put", "/api/admin/bank-settings", body)


def op_officer_create(world: World):
    world.made += 1
    name = f"adv{world.seed}x{world.made}"
    body = {
        "username": name,
        "display_name": f"Helper {world.seed} {world.made}",
        "password": PASSWORD,
        "role": world.rng.choice(roles.ROLES),
    }
    world.call(world.officer(), "post", "/api/admin/officers", body)


def op_officer_update(world: World):
    rng = world.rng
    target = _pick(rng, list(User.objects.filter(is_staff=True).order_by("pk")))
    if target is None:
        return
    changes: list[dict[str, object]] = [{"role": rng.choice(roles.ROLES)}, {"active": rng.random() < 0.5}]
    body = rng.choice(changes)
    world.call(world.officer(), "patch", f"/api/admin/officers/{target.pk}", body)


def op_credit_adjust(world: World):
    player = _pick(world.rng, world.players())
    if player:
        body = {"player_id": player.pk, "points_change": world.rng.choice([60, 100, 150, -40]), "reason": "adversary"}
        world.call(world.officer(), "post", "/api/admin/credit-score/adjust", body)


def op_player_flags(world: World):
    rng = world.rng
    player = _pick(rng, world.players())
    if player is None:
        return
    if rng.random() < 0.5:
        world.call(world.officer(), "put", f"/api/players/{player.pk}", {"bad_payer": rng.random() < 0.3})
    else:
        body = {"client_type": rng.choice(["new", "old"])}
        world.call(world.officer(), "put", f"/api/admin/players/{player.pk}/client-type", body)


def op_exchange_settings(world: World):
    rng = world.rng
    body = rng.choice([{"sell_rate": 2500, "buy_rate": 3500}, {"sell_rate": 100_000, "buy_rate": 200_000}])
    world.call(world.officer(), "put", "/api/admin/pearl-exchange-settings", body)


def op_player_create(world: World):
    world.made += 1
    body = {
        "name": f"Newbie{world.seed}x{world.made}",
        "discord": f"newbie{world.seed}x{world.made}",
        "password": PASSWORD,
    }
    world.call(world.officer(), "post", "/api/players", body)


def op_mark_old(world: World):
    world.call(world.officer(), "post", "/api/admin/savings/mark-existing-players")


def op_bulk_delete(world: World):
    players = world.players()
    if len(players) > 3:
        world.call(
            world.officer(), "delete", "/api/admin/players/bulk-delete", {"player_ids": [world.rng.choice(players).pk]}
        )


# players' own requests


def _player_with_user(world: World) -> Player | None:
    return _pick(world.rng, [player for player in world.players() if player.user_id is not None])


def op_loan_request(world: World):
    player = _player_with_user(world)
    if player:
        body = {"value": _amount(world), "total_days": world.rng.choice([5, 10, 14]), "request_reason": "gear"}
        world.file(player, "/api/pending-loans", body)


def op_withdrawal_request(world: World):
    player = _player_with_user(world)
    if player:
        body = {
            "amount": _amount(world),
            "withdrawal_date": _day(world, 0, 3),
            "withdrawal_time": "18:30",
            "player_timezone": 1,
        }
        world.file(player, "/api/withdrawal-requests", body)


def op_exchange_request(world: World):
    rng = world.rng
    player = _player_with_user(world)
    if player is None:
        return
    own = list(Savings.objects.filter(player=player, status=Savings.Status.ACTIVE).values_list("pk", flat=True))
    kind = rng.choice(["sell", "sell", "buy"])
    option = rng.choice(["cashout", "new_savings", *own]) if kind == "sell" else _pick(rng, own)
    body = {"exchange_type": kind, "pearls_amount": rng.choice([1, 10, 100, 400, 1000]), "savings_option": option}
    world.file(player, "/api/pearl-exchange-requests", body)


def op_cancel_request(world: World):
    rng = world.rng
    cancels: list[tuple[RequestModel, str]] = [
        (PendingLoan, "/api/pending-loans/{}/cancel"),
        (WithdrawalRequest, "/api/withdrawal-requests/{}/cancel"),
        (PearlExchangeRequest, "/api/pearl-exchange-requests/{}/cancel"),
    ]
    model, path = rng.choice(cancels)
    request = _pick(rng, list(model.objects.filter(status="pending").select_related("player__user").order_by("pk")))
    if request is not None and request.player.user is not None:
        world.call(request.player.user, "put", path.format(request.pk))


def _decide(world: World, model, path: str):
    rng = world.rng
    rows = list(model.objects.order_by("pk").values_list("pk", "status"))
    pending = [pk for pk, status in rows if status == "pending"]
    if not rows:
        return
    request_id = rng.choice(pending) if pending and rng.random() < 0.9 else rng.choice(rows)[0]
    verb = "approve" if rng.random() < 0.8 else "deny"
    notes = "adversary" if verb == "deny" or rng.random() < 0.5 else ""
    world.call(world.officer(hostile=0.5), "put", path.format(request_id, verb), {"admin_notes": notes})


def op_decide_loan_request(world: World):
    _decide(world, PendingLoan, "/api/pending-loans/{}/{}")


def op_decide_withdrawal(world: World):
    _decide(world, WithdrawalRequest, "/api/admin/withdrawal-requests/{}/{}")


def op_decide_exchange(world: World):
    _decide(world, PearlExchangeRequest, "/api/admin/pearl-exchange-requests/{}/{}")


def op_decide_proposal(world: World):
    rng = world.rng
    others = [officer for officer in world.officers if officer.pk != world.hostile.pk]
    officer = world.hostile if rng.random() < 0.5 or not others else rng.choice(others)
    status, answer = world.call(officer, "get", "/api/admin/proposals", {"page_size": 200})
    listed = [row["id"] for row in answer.get("results", [])] if status == 200 else []
    if not listed:
        listed = list(Proposal.objects.order_by("pk").values_list("pk", flat=True))
    if not listed:
        return
    proposal_id = rng.choice(listed)
    if rng.random() < 0.8:
        world.call(officer, "put", f"/api/admin/proposals/{proposal_id}/approve", {"admin_notes": ""})
    else:
        world.call(officer, "put", f"/api/admin/proposals/{proposal_id}/deny", {"admin_notes": "adversary"})


def op_split(world: World):
    """The hostile officer splits: the same kind of change for one player, a little under the threshold
    each time, several times within the hour."""
    rng = world.rng
    player = _pick(rng, world.players())
    if player is None:
        return
    part = world.threshold() // rng.choice([2, 3]) + rng.randint(1, 1_000)
    for _ in range(rng.randint(2, 4)):
        kind = rng.choice(["loan", "savings", "edit", "payment", "withdrawal"])
        if kind == "loan":
            world.call(world.hostile, "post", "/api/loans", {"player_id": player.pk, "value": part, "total_days": 2})
        elif kind == "savings":
            world.call(world.hostile, "post", "/api/savings", {"player_id": player.pk, "invested_value": part})
        else:
            savings = _pick(rng, list(Savings.objects.filter(player=player, status="Active").order_by("pk")))
            loan = _pick(rng, list(Loan.objects.filter(player=player, status="Active").order_by("pk")))
            if kind == "edit" and savings is not None:
                body = {"invested_value": savings.invested_value + part, "admin_notes": "split"}
                world.call(world.hostile, "put", f"/api/admin/savings/{savings.pk}/edit", body)
            elif kind == "payment" and loan is not None:
                body = {"payment_status": "Paid", "date": _day(world, -3, 0)}
                world.call(world.hostile, "post", f"/api/loans/{loan.pk}/payment", body)
            elif kind == "withdrawal" and player.user is not None:
                body = {
                    "amount": part,
                    "withdrawal_date": _day(world, 0, 2),
                    "withdrawal_time": "20:00",
                    "player_timezone": 0,
                }
                status, answer = world.file(player, "/api/withdrawal-requests", body)
                if status == 201:
                    path = f"/api/admin/withdrawal-requests/{answer['id']}/approve"
                    world.call(world.hostile, "put", path, {"admin_notes": ""})
        world.tick(timedelta(minutes=rng.randint(1, 15)))


def op_second_look(world: World):
    """Another officer approves what waits with one approval (a request or a proposal): the two-officer path."""
    rng = world.rng
    waiting = [
        (path.format(row.pk), row.approvals)
        for model, path in (
            (PendingLoan, "/api/pending-loans/{}/approve"),
            (WithdrawalRequest, "/api/admin/withdrawal-requests/{}/approve"),
            (PearlExchangeRequest, "/api/admin/pearl-exchange-requests/{}/approve"),
            (Proposal, "/api/admin/proposals/{}/approve"),
        )
        for row in model.objects.filter(status="pending").order_by("pk")
        if row.approvals
    ]
    if not waiting:
        return
    path, approvals = rng.choice(waiting)
    first = {approval.get("officer_id") for approval in approvals}
    others = [officer for officer in world.officers if officer.pk not in first]
    if others:
        world.call(rng.choice(others), "put", path, {"admin_notes": "second look"})


def op_time_passes(world: World):
    rng = world.rng
    world.tick(
        rng.choice(
            [
                timedelta(minutes=rng.randint(1, 90)),
                timedelta(hours=rng.randint(2, 12)),
                timedelta(days=rng.randint(1, 3), hours=rng.randint(0, 5)),
            ]
        )
    )


OPERATIONS = [
    (op_loan_create, 6),
    (op_savings_create, 6),
    (op_loan_edit, 6),
    (op_savings_edit, 6),
    (op_loan_change_date, 4),
    (op_savings_change_date, 4),
    (op_loan_change_days, 3),
    (op_loan_payment, 6),
    (op_savings_payment, 5),
    (op_pay_off, 4),
    (op_write_off, 3),
    (op_auto_process, 3),
    (op_dividends, 3),
    (op_bank_settings, 3),
    (op_officer_create, 1),
    (op_officer_update, 2),
    (op_credit_adjust, 2),
    (op_player_flags, 2),
    (op_exchange_settings, 1),
    (op_player_create, 1),
    (op_mark_old, 1),
    (op_bulk_delete, 1),
    (op_loan_request, 5),
    (op_withdrawal_request, 5),
    (op_exchange_request, 4),
    (op_cancel_request, 1),
    (op_decide_loan_request, 6),
    (op_decide_withdrawal, 6),
    (op_decide_exchange, 5),
    (op_decide_proposal, 8),
    (op_split, 5),
    (op_second_look, 5),
    (op_time_passes, 8),
]


# --- the run and its checks -------------------------------------------------------------------------


def _setup(world: World, treasurer: User, loan_officer: User) -> None:
    """Players with a credit score (so that they may ask for loans) and a first product or two, made
    through the API like everything else."""
    rng = world.rng
    for index in range(4):
        player = made(
            PlayerFactory,
            name=f"Adv{world.seed}p{index}",
            discord=f"adv{world.seed}p{index}",
            client_type=rng.choice(["new", "old"]),
        )
        points = rng.choice([60, 120, 160, 300])
        world.call(
            treasurer,
            "post",
            "/api/admin/credit-score/adjust",
            {"player_id": player.pk, "points_change": points, "reason": "set-up"},
        )
        world.call(loan_officer, "post", "/api/savings", {"player_id": player.pk, "invested_value": 200_000})
        world.call(loan_officer, "post", "/api/loans", {"player_id": player.pk, "value": 300_000, "total_days": 10})


def _alone_breaches(world: World) -> list[str]:
    """Bread moved by one officer alone, per officer and player over any 24 hours, above the threshold
    in force when it moved: read from the ledger and the decision records."""
    starts = [start for start, _ in world.thresholds]
    records = {
        row["id"]: row for row in DecisionRecord.objects.values("id", "at", "officer_id", "second_officer_id", "kind")
    }
    moved: dict[tuple, list[tuple[datetime, int, int, str, int]]] = defaultdict(list)
    for entry in LedgerEntry.objects.exclude(reason__in=("solo_gain", "opening_balance")).order_by("id"):
        record = records.get(entry.decision_id) if entry.decision_id is not None else None
        index = _step_of(starts, entry.id)
        threshold = world.thresholds[index][1]
        if record is not None:
            first, second = record["officer_id"], record["second_officer_id"]
            appointed = world.appointed[index] if index < len(world.appointed) else {}
            if second is not None and second != first and not _appointed_by(appointed, second, first):
                continue  # two different officers, the second not one the first appointed
            officer, at, what = first, record["at"], f"{record['kind']} #{record['id']}"
        else:
            officer, at, what = entry.actor_id, entry.created_at, "no decision"
        moved[(officer, entry.player_id)].append(
            (at, entry.amount, threshold, f"entry #{entry.id} {entry.reason} ({what}, step {index + 1})", entry.id)
        )
    breaches = []
    for (officer, player_id), rows in moved.items():
        rows.sort(key=lambda row: (row[0], row[4]))
        for index, (at, _, threshold, what, _) in enumerate(rows):
            window = [row for row in rows[: index + 1] if row[0] > at - WINDOW]
            total = sum(row[1] for row in window)
            if total > threshold:
                listed = "; ".join(f"{row[3]} €{row[1]:,}" for row in window)
                breaches.append(
                    f"officer #{officer} moved €{total:,} alone for player #{player_id} in the 24 hours up to {what}, "
                    f"above the threshold €{threshold:,}: {listed}"
                )
                break
    return breaches


REQUESTS: dict[str, RequestModel] = {
    "pendingloan": PendingLoan,
    "withdrawalrequest": WithdrawalRequest,
    "pearlexchangerequest": PearlExchangeRequest,
}


def _split_request_breaches(world: World) -> list[str]:
    """A request one officer carried out alone: what its player asked for in the 24 hours up to it (loans,
    withdrawals, pearl exchanges, not denied or cancelled; a request split in parts is one) stays within
    the threshold in force when it was decided ("Four eyes": "what the player asked for ... in the 24 hours
    up to the request"). Read from what the test's players filed, not from the server's sums."""
    starts = [start for start, _ in world.thresholds]
    first_entry = dict(
        LedgerEntry.objects.filter(decision_id__isnull=False)
        .values("decision_id")
        .annotate(first=Min("id"))
        .values_list("decision_id", "first")
    )
    gone = {
        (kind, pk)
        for kind, model in REQUESTS.items()
        for pk in model.objects.filter(status__in=("denied", "cancelled")).values_list("pk", flat=True)
    }
    breaches = []
    records = DecisionRecord.objects.filter(object_type__in=REQUESTS).order_by("id")
    for record in records:
        if record.second_officer_id is not None and record.second_officer_id != record.officer_id:
            continue
        filing = world.filed.get((record.object_type, record.object_id)) if record.object_id is not None else None
        if filing is None or record.pk not in first_entry:
            continue  # an officer's own proposal of a loan, or a decision that moved nothing
        player_id, at, _ = filing
        parts = [
            (key, amount)
            for key, (other, when, amount) in world.filed.items()
            if other == player_id and at - WINDOW < when <= at and key not in gone
        ]
        threshold = world.thresholds[_step_of(starts, first_entry[record.pk])][1]
        if sum(amount for _, amount in parts) > threshold:
            listed = ", ".join(f"{kind} #{pk} €{amount:,}" for (kind, pk), amount in parts)
            breaches.append(
                f"{record.kind} #{record.pk} ({record.object_type} #{record.object_id}) was carried out by officer "
                f"#{record.officer_id} alone, but player #{player_id} asked for €{sum(a for _, a in parts):,} in "
                f"the 24 hours up to it, above the threshold €{threshold:,}: {listed}"
            )
    return breaches


def _step_of(starts: list[int], entry_id: int) -> int:
    """The step an entry was written in: the last whose first entry id is at most the entry's."""
    low, high = 0, len(starts) - 1
    while low < high:
        middle = (low + high + 1) // 2
        if starts[middle] <= entry_id:
            low = middle
        else:
            high = middle - 1
    return low


def run_adversary(seed: int, steps: int) -> World:
    rng = random.Random(seed)
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC) + timedelta(days=rng.randint(0, 200), minutes=rng.randint(0, 600))
    treasurer = made(AdminFactory, username=f"tess{seed}", display_name=f"Treasurer {seed}")
    loan_officer = made(
        AdminFactory, username=f"lou{seed}", display_name=f"Lender {seed}", role=roles.LOAN_OFFICER, is_superuser=False
    )
    teller = made(
        AdminFactory, username=f"tina{seed}", display_name=f"Teller {seed}", role=roles.TELLER, is_superuser=False
    )
    officers = [treasurer, loan_officer, teller]
    with time_machine.travel(start, tick=False) as clock:
        world = World(seed=seed, rng=rng, clock=clock, hostile=officers[seed % 3], officers=officers)
        _setup(world, treasurer, loan_officer)
        operations, weights = zip(*OPERATIONS, strict=True)
        while len(world.steps) < steps:
            rng.choices(operations, weights)[0](world)
            world.tick(timedelta(seconds=rng.randint(5, 600)))
            # officers made during the run join those who act, as they would
            world.officers = list(User.objects.filter(is_staff=True).order_by("pk"))
        world.thresholds.append((_next_entry_id(), world.threshold()))
        world.appointed.append(_appointments())
    return world


def check(world: World) -> None:
    alone = _alone_breaches(world) + _split_request_breaches(world)
    assert not alone, "\n".join(alone) + f"\nseed {world.seed}, hostile {world.hostile.username}\n" + world.replay()
    differences = [f"{d.label} (player #{d.player_id}): {d.what}" for d in reconcile().differences]
    assert not differences, "\n".join(differences) + f"\nseed {world.seed}\n" + world.replay()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seed", SEEDS)
def test_one_officer_never_moves_more_than_the_threshold_alone_and_the_books_hold(seed):
    world = run_adversary(seed, STEPS)
    # the run did what it is for: money moved alone and with two, and officers were refused
    assert LedgerEntry.objects.exists() and DecisionRecord.objects.exists()
    check(world)


@pytest.mark.servers
@pytest.mark.skipif(not ON_POSTGRESQL, reason="needs DATABASE_URL (PostgreSQL) and REDIS_URL; .ci/run sets both")
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seed", HEAVY_SEEDS)
def test_the_heavier_adversary_on_postgresql(seed):
    world = run_adversary(seed, HEAVY_STEPS)
    check(world)


# --- the check itself can fail -------------------------------------------------------------------------


def _books_entry(
    *, officer_id: int, second_id: int | None, player_id: int, amount: int, at: datetime, request_id: int | None = None
) -> None:
    record = DecisionRecord.objects.create(
        at=at,
        kind="withdrawal" if request_id else "savings.edit",
        player_id=player_id,
        amount=amount,
        officer_id=officer_id,
        officer_name=f"officer {officer_id}",
        second_officer_id=second_id,
        four_eyes_above=1_000_000,
        object_type="withdrawalrequest" if request_id else "savings",
        object_id=request_id or 1,
    )
    with time_machine.travel(at, tick=False):
        LedgerEntry.objects.create(
            amount=amount,
            from_account="bank",
            to_account="savings",
            to_id=1,
            reason="balance_edit",
            player_id=player_id,
            actor_id=officer_id,
            decision_id=record.pk,
        )


@pytest.mark.django_db
def test_the_check_names_bread_moved_alone_above_the_threshold_in_24_hours_and_nothing_else():
    """Books written by hand: what the adversary's check must find, and what it must let be."""
    start = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
    world = World(seed=0, rng=random.Random(0), clock=None, hostile=None, officers=[])
    world.thresholds = [(1, 1_000_000)]
    # officer 1 for player 7: 600,000 and, 25 hours later, 600,000 again: each 24 hours holds one
    _books_entry(officer_id=1, second_id=None, player_id=7, amount=600_000, at=start)
    _books_entry(officer_id=1, second_id=None, player_id=7, amount=600_000, at=start + timedelta(hours=25))
    # another officer, another player, and a decision two officers took: none of them adds up with officer 1's
    _books_entry(officer_id=2, second_id=None, player_id=7, amount=900_000, at=start + timedelta(hours=26))
    _books_entry(officer_id=1, second_id=None, player_id=8, amount=900_000, at=start + timedelta(hours=26))
    _books_entry(officer_id=1, second_id=3, player_id=7, amount=5_000_000, at=start + timedelta(hours=26))
    assert _alone_breaches(world) == []
    # 400,001 more by officer 1 for player 7 within 24 hours of the second 600,000: one bread too many
    _books_entry(officer_id=1, second_id=None, player_id=7, amount=400_001, at=start + timedelta(hours=48))
    # an officer who names themselves as the second approver is alone
    _books_entry(officer_id=4, second_id=4, player_id=7, amount=1_000_001, at=start)
    # and so is one whose second approver they appointed (officer 6, appointed by 5)
    world.appointed = [{6: 5}]
    _books_entry(officer_id=5, second_id=6, player_id=9, amount=1_000_001, at=start)
    breaches = _alone_breaches(world)
    assert len(breaches) == 3, breaches
    assert "officer #1 moved €1,000,001 alone for player #7" in breaches[0]
    assert "officer #4 moved €1,000,001 alone for player #7" in breaches[1]
    assert "officer #5 moved €1,000,001 alone for player #9" in breaches[2]


@pytest.mark.django_db
def test_the_check_names_a_request_carried_out_alone_that_was_part_of_more_than_the_threshold():
    start = datetime(2026, 5, 4, 9, 0, tzinfo=UTC)
    world = World(seed=0, rng=random.Random(0), clock=None, hostile=None, officers=[])
    world.thresholds = [(1, 1_000_000)]
    # player 7 asks for 600,000 twice within the hour, and 600,000 again two days later
    world.filed = {
        ("withdrawalrequest", 501): (7, start, 600_000),
        ("withdrawalrequest", 502): (7, start + timedelta(hours=1), 600_000),
        ("withdrawalrequest", 503): (7, start + timedelta(days=2), 600_000),
    }
    # the first and the third were each all the player asked for in their 24 hours: one officer is enough
    _books_entry(officer_id=1, second_id=None, player_id=7, amount=600_000, at=start, request_id=501)
    _books_entry(
        officer_id=2, second_id=None, player_id=7, amount=600_000, at=start + timedelta(days=2), request_id=503
    )
    # the second with a second officer: as it should be
    _books_entry(officer_id=1, second_id=2, player_id=7, amount=600_000, at=start + timedelta(hours=2), request_id=502)
    assert _split_request_breaches(world) == []
    # the second carried out by one officer alone: 1,200,000 asked for in 24 hours
    _books_entry(
        officer_id=3, second_id=None, player_id=7, amount=600_000, at=start + timedelta(hours=3), request_id=502
    )
    breaches = _split_request_breaches(world)
    assert len(breaches) == 1, breaches
    assert "player #7 asked for €1,200,000 in the 24 hours up to it" in breaches[0]
