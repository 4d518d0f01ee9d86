"""The production layout under load and faults: deploy/serve (supervisor, two daphne processes sharing
one socket, the scheduler, production settings with the connection pool) on PostgreSQL and Redis.

- 5,000 mixed requests at 32 at a time: no error, and the bank's database connections stay within
  (servers + scheduler) x BANK_DB_POOL_MAX all along;
- the servers' database connections killed again and again mid-request: 503, never 500, every
  withdrawal retried with its Idempotency-Key is taken out of the savings exactly once, and each 503
  told the truth (one that said "Nothing was changed" never hid the approval that committed);
- bulk delete racing approvals on one player, 20 rounds: no deadlock at all, none reaching a client;
- writes racing `manage.py restore --replace`: 2xx, 409 or 503 with what to do, never 500.
"""

import json
import os
import random
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import timedelta

import pytest
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.db import connection
from django.db.models import Sum
from django.utils import timezone

from accounts.models import User
from accounts.tests.factories import AdminFactory, PlayerFactory
from bank import errors
from bank.models import BankSettings
from lending.models import Loan, PendingLoan, Savings, WithdrawalRequest
from lending.tests.factories import PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from operations import backup
from testkit.layout import APPLICATION_NAME, ConnectionSampler, production_layout
from testkit.servers import ROOT, call, env_for_test_database, needs_postgresql_and_redis

pytestmark = [
    pytest.mark.servers,
    needs_postgresql_and_redis,
    pytest.mark.django_db(transaction=True),
    # after the load, the killed connections and the races: the books balance
    pytest.mark.usefixtures("books_balance"),
]

PASSWORD = "layout-pass-2025"


def production_hash(password: str) -> str:
    """A hash the production settings read (the test settings hash with MD5); few iterations, so that
    a sign-in costs little: the server upgrades it on the first sign-in, as Django does."""
    return PBKDF2PasswordHasher().encode(password, PBKDF2PasswordHasher().salt(), iterations=1_000)


def call_answering_headers(
    base_url: str, method: str, path: str, *, token: str, headers: dict[str, str], timeout: float = 30
) -> tuple[int, dict, dict[str, str]]:
    """As testkit.servers.call, with the answer's headers (Idempotent-Replayed)."""
    request = urllib.request.Request(f"{base_url}{path}", method=method)
    request.add_header("Authorization", f"Bearer {token}")
    for name, value in headers.items():
        request.add_header(name, value)
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            raw, status, answered = response.read(), response.status, response.headers
    except urllib.error.HTTPError as error:
        raw, status, answered = error.read(), error.code, error.headers
    return status, json.loads(raw) if raw else {}, {name.lower(): value for name, value in answered.items()}


def sign_in(base_url: str, username: str) -> str:
    status, body = call(base_url, "POST", "/api/login", {"username": username, "password": PASSWORD})
    assert status == 200, body
    return body["access_token"]


def one_officer_decides_everything() -> None:
    """The servers read a four-eyes threshold of the largest amount: these tests measure load and
    faults, not who must approve (operations/tests/test_four_eyes*.py; conftest's high_threshold)."""
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 1_000_000_000})


def with_production_passwords(*users: User) -> None:
    """After every factory ran: the factories' admin is shared (get or create), and resets its password."""
    User.objects.filter(pk__in=[user.pk for user in users]).update(password=production_hash(PASSWORD))


def test_five_thousand_mixed_requests_at_32_at_a_time_with_no_error_and_connections_within_the_bound():
    one_officer_decides_everything()
    players = [PlayerFactory(credit_score=200) for _ in range(12)]
    for player in players:
        SavingsFactory(player=player, invested_value=1_000_000, principal=1_000_000)
    pending = [PendingLoanFactory(player=players[index % len(players)]) for index in range(50)]  # 1 in 100
    admin = AdminFactory()
    with_production_passwords(admin, *(player.user for player in players))
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()

    with production_layout(pool_max=4) as layout, ConnectionSampler() as sampler:
        base = layout.base_url
        admin_token = sign_in(base, admin.username)
        tokens = {player.pk: sign_in(base, player.name) for player in players}
        to_approve = iter(pending)
        lock = threading.Lock()

        def one(index: int) -> tuple[str, int]:
            player = players[index % len(players)]
            token = tokens[player.pk]
            roll = index % 100
            if roll < 50:
                return "bank data", call(base, "GET", "/api/me/bank-data", token=token)[0]
            if roll < 56:
                body: dict[str, object] = {"value": 100_000, "total_days": 14}
                return "loan request", call(
                    base, "POST", "/api/pending-loans", body, token=token, headers={"Idempotency-Key": uuid.uuid4().hex}
                )[0]
            if roll < 60:
                body = {"amount": 1_000, "withdrawal_date": tomorrow, "withdrawal_time": "18:30", "player_timezone": 1}
                return "withdrawal request", call(base, "POST", "/api/withdrawal-requests", body, token=token)[0]
            if roll < 61:
                with lock:
                    request = next(to_approve, None)
                if request is not None:
                    path = f"/api/pending-loans/{request.pk}/approve"
                    return "approval", call(base, "PUT", path, token=admin_token)[0]
            if roll < 62:
                return "sign-in", call(base, "POST", "/api/login", {"username": player.name, "password": PASSWORD})[0]
            admin_list = [
                "/api/admin/dashboard-stats",
                "/api/admin/loans/check",
                "/api/admin/pending-loans",
                "/api/admin/savings/check",
                "/api/admin/withdrawal-requests",
                "/api/admin/audit",
                "/api/search/players?term=player",
            ][roll % 7]
            return "admin list", call(base, "GET", admin_list, token=admin_token)[0]

        started = time.monotonic()
        with ThreadPoolExecutor(max_workers=32) as pool:
            answers = list(pool.map(one, range(5_000)))
        elapsed = time.monotonic() - started

    expected = {"bank data": {200}, "loan request": {201}, "withdrawal request": {201}, "approval": {200}}
    unexpected = Counter((kind, status) for kind, status in answers if status not in expected.get(kind, {200}))
    assert not unexpected, f"{unexpected}\n{layout.logs()}"
    assert len(answers) == 5_000
    assert Counter(kind for kind, _ in answers)["approval"] == len(pending)
    assert Loan.objects.count() == len(pending)  # every approval made its loan, once
    assert max(sampler.samples) <= layout.connection_bound, sampler.samples
    assert max(sampler.samples) > 0
    print(f"5,000 requests in {elapsed:.1f} s; the servers' connections peaked at {max(sampler.samples)}")


KILL_SECONDS = 30


def test_connections_killed_mid_request_answer_503_never_500_and_no_money_is_lost_or_doubled():
    withdrawals = []
    for _ in range(200):
        savings = SavingsFactory(invested_value=1_000_000, principal=1_000_000)
        withdrawals.append(WithdrawalRequestFactory(player=savings.player, amount=250_000))
    admin = AdminFactory()
    with_production_passwords(admin)

    with production_layout(pool_max=4) as layout:
        token = sign_in(layout.base_url, admin.username)
        stop = threading.Event()
        kills = []

        def kill_connections() -> None:
            # for KILL_SECONDS: then the requests still retrying go through (on a loaded machine a
            # request can meet a killed connection at every try while the killing goes on)
            killing_until = time.monotonic() + KILL_SECONDS
            try:
                while not stop.wait(random.uniform(0.02, 0.1)) and time.monotonic() < killing_until:
                    with connection.cursor() as cursor:
                        # mid-request: connections running a statement or inside a transaction
                        cursor.execute(
                            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity "
                            "WHERE datname = current_database() AND application_name = %s "
                            "AND state IN ('active', 'idle in transaction')",
                            [APPLICATION_NAME],
                        )
                        kills.append(cursor.fetchone()[0])
            finally:
                connection.close()

        def approve_until_answered(request: WithdrawalRequest) -> list[Answer]:
            key = f"approve-{request.pk}"
            path = f"/api/admin/withdrawal-requests/{request.pk}/approve"
            answers = []
            retrying_until = time.monotonic() + KILL_SECONDS + 120
            while time.monotonic() < retrying_until:
                # a request may wait for a connection as long as the pool's timeout (5 s), then 503
                status, body, headers = call_answering_headers(
                    layout.base_url, "PUT", path, token=token, headers={"Idempotency-Key": key}
                )
                answers.append(Answer(status, body, headers.get("idempotent-replayed") == "true"))
                if status != 503:
                    break
                time.sleep(0.05)
            return answers

        killer = threading.Thread(target=kill_connections, daemon=True)
        killer.start()
        try:
            with ThreadPoolExecutor(max_workers=8) as pool:
                results = list(pool.map(approve_until_answered, withdrawals))
        finally:
            stop.set()
            killer.join(timeout=10)

    statuses = Counter(answer.status for answers in results for answer in answers)
    assert sum(kills) > 0, "no connection was killed: the test did not test anything"
    assert set(statuses) <= {200, 503}, statuses
    assert statuses[503] > 0, "no request met a killed connection"
    told = Counter()
    for answers in results:
        told.update(answer.told for answer in answers)
        assert answers[-1].status == 200, answers[-1]
        assert_told_the_truth(answers)
    # exactly once: each request approved, each account 250,000 lighter, no more; the money that left
    # the savings is that of the approvals that committed (the books balance too: books_balance)
    assert set(WithdrawalRequest.objects.values_list("status", flat=True)) == {"approved"}
    assert set(Savings.objects.values_list("invested_value", flat=True)) == {750_000}
    committed = sum(1 for answers in results for answer in answers if answer.status == 200 and not answer.replayed)
    committed += sum(1 for answers in results if any(answer.replayed for answer in answers))
    assert committed == len(withdrawals)
    assert Savings.objects.aggregate(total=Sum("invested_value"))["total"] == len(withdrawals) * 750_000
    print(f"{sum(kills)} connections killed; answers: {dict(statuses)}; told: {dict(told)}")


@dataclass(frozen=True)
class Answer:
    status: int
    body: dict
    replayed: bool  # Idempotent-Replayed: the stored answer of an earlier attempt that committed

    @property
    def told(self) -> str:
        if self.status != 503:
            return f"{self.status} replayed" if self.replayed else str(self.status)
        detail = self.body.get("detail", "")
        if detail == errors.UNAVAILABLE:
            return "503 nothing was changed"
        if detail.startswith(errors.SAVED_THEN_LOST):
            return "503 saved"
        if detail.startswith(errors.MAYBE_SAVED):
            return "503 cannot tell"
        return f"503 {detail!r}"


def assert_told_the_truth(answers: list[Answer]) -> None:
    """One withdrawal's approval, sent again with its key after each 503 until answered, holds what
    each answer said against what happened: the attempt that committed is either the one answered
    200 (not replayed), or one answered 503 that did not say "Nothing was changed", after which every
    answer is the replay of its result; a 503 that said the change was saved is followed by replays
    only (never by an approval that ran again)."""
    for answer in answers:
        if answer.status == 503:
            assert answer.body["code"] == "unavailable", answer
            assert answer.told in {"503 nothing was changed", "503 saved", "503 cannot tell"}, answer
            if answer.told != "503 nothing was changed":
                assert answer.body["detail"].endswith(errors.SAME_KEY_IS_SAFE), answer  # it carried its key
    fresh = [index for index, answer in enumerate(answers) if answer.status == 200 and not answer.replayed]
    replayed = [index for index, answer in enumerate(answers) if answer.replayed]
    assert len(fresh) + (1 if replayed else 0) == 1, answers  # it committed once
    if fresh:
        # nothing committed before it: every earlier 503 said nothing changed, or could not tell
        assert all(answer.told != "503 saved" for answer in answers[: fresh[0]]), answers
    else:
        # an earlier attempt committed, and its answer did not say "Nothing was changed"
        before = answers[: replayed[0]]
        assert any(answer.told in {"503 saved", "503 cannot tell"} for answer in before), answers


def deadlocks_so_far() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT deadlocks FROM pg_stat_database WHERE datname = current_database()")
        return cursor.fetchone()[0]


def test_bulk_delete_racing_approvals_on_one_player_never_deadlocks():
    one_officer_decides_everything()
    admin = AdminFactory()
    with_production_passwords(admin)
    with production_layout(pool_max=6) as layout:
        token = sign_in(layout.base_url, admin.username)
        before = deadlocks_so_far()
        answers: Counter = Counter()
        for _ in range(20):
            player = PlayerFactory(credit_score=200)
            SavingsFactory(player=player, invested_value=1_000_000, principal=1_000_000)
            loans = [PendingLoanFactory(player=player) for _ in range(3)]
            withdrawals = [WithdrawalRequestFactory(player=player, amount=100_000) for _ in range(3)]
            calls = [("DELETE", "/api/admin/players/bulk-delete", {"player_ids": [player.pk]})]
            calls += [("PUT", f"/api/pending-loans/{loan.pk}/approve", None) for loan in loans]
            calls += [("PUT", f"/api/admin/withdrawal-requests/{w.pk}/approve", None) for w in withdrawals]
            random.shuffle(calls)
            barrier = threading.Barrier(len(calls))

            def fire(spec, barrier=barrier):
                barrier.wait(timeout=30)
                method, path, body = spec
                return path.rsplit("/", 1)[-1], call(layout.base_url, method, path, body, token=token)[0]

            with ThreadPoolExecutor(max_workers=len(calls)) as pool:
                answers.update(pool.map(fire, calls))
        time.sleep(1.5)  # PostgreSQL counts a deadlock when the backend that met it reports its statistics
        after = deadlocks_so_far()

    assert after == before, f"{after - before} deadlocks on the server"
    allowed = {("bulk-delete", 200), ("approve", 200), ("approve", 404)}
    assert set(answers) <= allowed, answers
    assert not PendingLoan.objects.exists() and not WithdrawalRequest.objects.exists()


def test_writes_racing_restore_replace_answer_2xx_409_or_503_never_500(tmp_path):
    """Approvals, credit adjustments and New Player fired at the production layout while `manage.py
    restore --replace` (a process of its own, as an operator runs it) replaces the bank three times:
    every answer is a success, 409 or 503 with a detail saying what to do (or 401: a restore ends
    every session, and the client signs in again), never 500."""
    # one officer approves everything (the settings are not in a backup: the restores keep them), so that
    # no approval waits for a second officer's or asks for a fresh second factor (issue 34's step-up):
    # those answers are the four-eyes and step-up tests' subject, not a restore's
    one_officer_decides_everything()
    players = [PlayerFactory(credit_score=200) for _ in range(8)]
    withdrawals, loans = [], []
    for player in players:
        SavingsFactory(player=player, invested_value=1_000_000, principal=1_000_000)
        withdrawals += [WithdrawalRequestFactory(player=player, amount=50_000) for _ in range(3)]
        loans += [PendingLoanFactory(player=player) for _ in range(2)]
    admin = AdminFactory()
    with_production_passwords(admin)
    snapshot = tmp_path / "bank.json"
    snapshot.write_text(backup.backup_json(backup.backup_data()))
    restore_env = {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"} | env_for_test_database()

    with production_layout(pool_max=4) as layout:
        session = {"token": sign_in(layout.base_url, admin.username)}
        session_lock = threading.Lock()
        restoring = threading.Event()
        done = threading.Event()
        answers: list[tuple[str, int, dict]] = []

        def one_write(index: int) -> tuple[str, str, dict | None]:
            roll = index % 4
            if roll == 0:
                return (
                    "approve withdrawal",
                    f"/api/admin/withdrawal-requests/{random.choice(withdrawals).pk}/approve",
                    None,
                )
            if roll == 1:
                return "approve loan", f"/api/pending-loans/{random.choice(loans).pk}/approve", None
            if roll == 2:
                body = {"player_id": random.choice(players).pk, "points_change": 1, "reason": "Race"}
                return "credit adjustment", "/api/admin/credit-score/adjust", body
            name = f"racer{uuid.uuid4().hex[:10]}"
            return "new player", "/api/players", {"name": name, "discord": name}

        def write_until_done(worker: int) -> None:
            index = worker
            while not done.is_set():
                kind, path, body = one_write(index)
                index += 1
                method = "PUT" if kind.startswith("approve") else "POST"
                try:
                    status, answer = call(layout.base_url, method, path, body, token=session["token"], timeout=30)
                    if status == 401:
                        # the restore ended every session; a sign-in during the next restore's pause
                        # answers 503 being_restored too (a sign-in writes a session): sign in again later
                        with session_lock:
                            signed, body = call(
                                layout.base_url,
                                "POST",
                                "/api/login",
                                {"username": admin.username, "password": PASSWORD},
                            )
                            if signed == 200:
                                session["token"] = body["access_token"]
                            else:
                                assert (signed, body.get("code")) == (503, "being_restored"), body
                except Exception as error:  # noqa: BLE001 - no answer at all is a failure to report, not to lose
                    status, answer = 0, {"error": repr(error)}
                answers.append((kind, status, answer))

        waiting: list[int] = []  # the servers' connections waiting for a lock, while a restore runs

        def count_writes_waiting() -> None:
            try:
                while not done.wait(0.02):
                    if restoring.is_set():
                        with connection.cursor() as cursor:
                            cursor.execute(
                                "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                "AND application_name = %s AND wait_event_type = 'Lock'",
                                [APPLICATION_NAME],
                            )
                            waiting.append(cursor.fetchone()[0])
            finally:
                connection.close()

        threads = [threading.Thread(target=write_until_done, args=(worker,)) for worker in range(8)]
        threads.append(threading.Thread(target=count_writes_waiting))
        for thread in threads:
            thread.start()
        try:
            restores = []
            for _ in range(3):
                time.sleep(0.5)
                restoring.set()
                restores.append(
                    subprocess.run(
                        [sys.executable, "manage.py", "restore", str(snapshot), "--replace", "--accept-older"],
                        cwd=ROOT,
                        env=restore_env,
                        capture_output=True,
                        text=True,
                        timeout=300,
                        check=False,
                    )
                )
                restoring.clear()
            time.sleep(0.5)
        finally:
            done.set()
            for thread in threads:
                thread.join(timeout=60)

    for restored in restores:
        assert restored.returncode == 0, restored.stderr
    statuses = Counter((kind, status) for kind, status, _ in answers)
    print(f"answers: {dict(statuses)}; writes waiting for a restore, at most: {max(waiting, default=0)}")
    paused = [answer for _, status, answer in answers if status == 503 and answer.get("code") == "being_restored"]
    assert paused, "no write met a restore's pause: the test tested nothing"
    for kind, status, answer in answers:
        assert status in {200, 201, 401, 409, 503}, (kind, status, answer)
        if status >= 400:
            assert answer.get("detail"), (kind, status, answer)
        if status == 401:
            assert answer["code"] == "not_authenticated", answer
        if status == 503:  # the restore's pause (bank/maintenance.py): refused before anything changed
            assert answer["code"] == "being_restored" and "Nothing was changed" in answer["detail"], (kind, answer)
