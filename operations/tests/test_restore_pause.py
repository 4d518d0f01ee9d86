"""The bank paused for a restore (issue 31, bank/maintenance.py): while `restore` runs, every
write (the API's, the Django admin site's) answers 503 being_restored and changes nothing, reads go
on; the restore waits for the writes in flight (PostgreSQL), and the pause is lifted after it,
whether it succeeded or failed, and ends on its own when a restore was killed."""

import os
import threading
import time
from collections import Counter
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection, connections, transaction
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Player
from bank import maintenance
from bank.models import RestorePause
from lending.models import WithdrawalRequest
from lending.tests.factories import WithdrawalRequestFactory
from operations import backup
from operations.models import ReconcileRun
from operations.tests.stocked import stock_bank

postgresql_only = pytest.mark.skipif(
    not os.environ.get("DATABASE_URL", "").startswith("postgres"),
    reason="needs DATABASE_URL (PostgreSQL): SQLite's IMMEDIATE transaction already excludes other writers",
)


def adjust(client, player, points: int = 5):
    body = {"player_id": player.pk, "points_change": points, "reason": "Paused?"}
    return client.post("/api/admin/credit-score/adjust", body, format="json")


def assert_being_restored(response) -> None:
    assert response.status_code == 503, response.content
    assert response.json() == {"detail": maintenance.BEING_RESTORED, "code": "being_restored", "fields": {}}
    assert response["Retry-After"] == str(maintenance.RETRY_AFTER_SECONDS)


def staff_client(user) -> APIClient:
    """Signed in without a session (a restore ends every session; it leaves staff accounts as they are)."""
    client = APIClient()
    client.force_authenticate(user)
    return client


def snapshot(tmp_path):
    target = tmp_path / "bank.json"
    target.write_text(backup.backup_json(backup.backup_data()))
    return target


# --- the pause, seen by the API and the admin site ----------------------------------------------


@pytest.mark.django_db
def test_a_paused_bank_answers_an_api_write_503_being_restored_and_changes_nothing(admin_api, player):
    score = player.credit_score
    maintenance.pause()
    assert_being_restored(adjust(admin_api, player))
    assert_being_restored(admin_api.post("/api/players", {"name": "Late", "discord": "late.dc"}, format="json"))
    player.refresh_from_db()
    assert player.credit_score == score
    assert not Player.objects.filter(name="Late").exists()
    # reads go on
    assert admin_api.get("/api/admin/dashboard-stats").status_code == 200
    assert admin_api.get("/api/admin/players/blocked").status_code == 200


@pytest.mark.django_db
def test_a_paused_bank_refuses_the_admin_sites_writes_and_serves_its_pages(client, admin_user, player):
    client.force_login(admin_user)
    url = f"/django-admin/accounts/user/{admin_user.pk}/change/"
    assert client.get(url).status_code == 200
    maintenance.pause()
    assert client.get(url).status_code == 200
    response = client.post(url, {"username": "renamed-while-paused"})
    assert_being_restored(response)
    admin_user.refresh_from_db()
    assert admin_user.username != "renamed-while-paused"


@pytest.mark.django_db
def test_an_expired_pause_blocks_no_write(admin_api, player):
    """A restore killed half-way leaves its row; once its time has passed, writes go through."""
    RestorePause.objects.create(until=timezone.now() - timedelta(seconds=1))
    assert not maintenance.is_paused()
    assert adjust(admin_api, player).status_code == 200


@pytest.mark.django_db
def test_the_check_is_one_primary_key_read_and_reads_do_not_ask(admin_api, player, django_assert_num_queries):
    with django_assert_num_queries(1) as captured:
        assert not maintenance.is_paused()
    assert "restorepause" in captured.captured_queries[0]["sql"].lower()
    maintenance.pause()
    with django_assert_num_queries(1):  # the pause's read, and nothing else: no view ran
        assert_being_restored(adjust(admin_api, player))


# --- a restore pauses the bank and lifts the pause ---------------------------------------------


@pytest.mark.django_db
def test_the_bank_is_paused_during_a_restore_and_writes_again_after_it(admin_user, tmp_path, monkeypatch):
    players = stock_bank(admin=admin_user)
    target = snapshot(tmp_path)
    seen = []
    check_books = backup._refuse_unbalanced_books

    def noting_the_pause() -> None:
        seen.append(maintenance.is_paused())
        check_books()

    monkeypatch.setattr(backup, "_refuse_unbalanced_books", noting_the_pause)
    call_command("restore", str(target), "--replace", stdout=StringIO())
    assert seen == [True]
    assert not RestorePause.objects.exists()
    assert adjust(staff_client(admin_user), players[0]).status_code == 200


@pytest.mark.django_db
def test_the_pause_is_lifted_after_a_refused_restore(admin_user, tmp_path):
    players = stock_bank(admin=admin_user)
    target = snapshot(tmp_path)
    Player.objects.create(name="Newer", discord="newer.dc")
    with pytest.raises(CommandError, match="older than the bank's data"):  # refused inside the restore
        call_command("restore", str(target), "--replace", stdout=StringIO())
    assert not RestorePause.objects.exists()
    with pytest.raises(CommandError, match="already holds bank data"):
        call_command("restore", str(target), stdout=StringIO())
    assert not RestorePause.objects.exists()
    damaged = tmp_path / "damaged.json"
    damaged.write_text(target.read_text()[:-20])
    with pytest.raises(CommandError, match="damaged"):
        call_command("restore", str(damaged), "--replace", stdout=StringIO())
    assert not RestorePause.objects.exists()
    assert adjust(staff_client(admin_user), players[0]).status_code == 200


@pytest.mark.django_db
def test_the_pause_is_lifted_after_a_restore_that_broke(admin_user, tmp_path, monkeypatch):
    stock_bank(admin=admin_user)
    target = snapshot(tmp_path)

    def broken() -> None:
        raise RuntimeError("the restore broke half-way")

    monkeypatch.setattr(backup, "_refuse_unbalanced_books", broken)
    with pytest.raises(RuntimeError, match="half-way"):
        call_command("restore", str(target), "--replace", stdout=StringIO())
    assert not RestorePause.objects.exists()


@pytest.mark.django_db
def test_the_next_restore_replaces_a_killed_restores_pause(admin_user, tmp_path):
    stock_bank(admin=admin_user)
    target = snapshot(tmp_path)
    RestorePause.objects.create(until=timezone.now() + timedelta(hours=1))
    call_command("restore", str(target), "--replace", stdout=StringIO())
    assert not RestorePause.objects.exists()


# --- PostgreSQL: the writes in flight, the renewal -------------------------------------------


def hold_a_write(written: threading.Event, release: threading.Event, order: list) -> None:
    """A transaction that has written, held open until `release`."""
    try:
        with transaction.atomic():
            ReconcileRun.objects.create(checked_at=timezone.now(), accounts_checked=7)
            written.set()
            release.wait(30)
            order.append("the write commits")
    finally:
        connection.close()


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_a_restore_waits_for_the_write_in_flight(admin_user, admin_api, tmp_path, monkeypatch):
    players = stock_bank(admin=admin_user)
    target = snapshot(tmp_path)
    order: list[str] = []
    lock_out = backup._lock_out_writers

    def noting_the_start() -> None:
        order.append("the restore's transaction starts")
        lock_out()

    monkeypatch.setattr(backup, "_lock_out_writers", noting_the_start)
    written, release = threading.Event(), threading.Event()
    writer = threading.Thread(target=hold_a_write, args=(written, release, order))
    writer.start()
    assert written.wait(10)
    restorer = threading.Thread(
        target=lambda: (call_command("restore", str(target), "--replace", stdout=StringIO()), connection.close())
    )
    restorer.start()
    deadline = time.monotonic() + 10
    while not maintenance.is_paused() and time.monotonic() < deadline:
        time.sleep(0.02)
    time.sleep(0.5)  # the restore is waiting for the write now
    assert_being_restored(adjust(admin_api, players[0]))  # a new write is refused meanwhile
    assert order == []
    release.set()
    writer.join(30)
    restorer.join(60)
    assert order == ["the write commits", "the restore's transaction starts"]
    assert not RestorePause.objects.exists()
    assert ReconcileRun.objects.filter(accounts_checked=7).exists()  # not bank data: the restore keeps it


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_a_restore_refuses_clearly_when_a_write_does_not_end_in_time(admin_user, tmp_path, monkeypatch):
    stock_bank(admin=admin_user)
    target = snapshot(tmp_path)
    Player.objects.create(name="Kept", discord="kept.dc")
    monkeypatch.setattr(maintenance, "WRITES_WAIT_SECONDS", 0.5)
    written, release = threading.Event(), threading.Event()
    writer = threading.Thread(target=hold_a_write, args=(written, release, []))
    writer.start()
    try:
        assert written.wait(10)
        started = time.monotonic()
        with pytest.raises(CommandError, match=r"1 write still under way after 0\.5 seconds.*nothing was restored"):
            call_command("restore", str(target), "--replace", "--accept-older", stdout=StringIO())
        assert time.monotonic() - started < 5
        assert not RestorePause.objects.exists()
        assert Player.objects.filter(name="Kept").exists()  # nothing was restored
    finally:
        release.set()
        writer.join(30)


@postgresql_only
@pytest.mark.django_db(transaction=True)
def test_the_pause_is_renewed_while_the_restore_runs(admin_user, tmp_path, monkeypatch):
    stock_bank(admin=admin_user)
    target = snapshot(tmp_path)
    monkeypatch.setattr(maintenance, "RENEW_SECONDS", 0.1)
    seen = []
    check_books = backup._refuse_unbalanced_books

    def slow_books() -> None:
        seen.append(pause_ends())
        time.sleep(0.5)
        seen.append(pause_ends())
        check_books()

    def pause_ends():
        """The pause's end as another connection sees it (the restore's transaction sees its own)."""
        answer = []

        def read() -> None:
            try:
                answer.append(RestorePause.objects.get(pk=maintenance.PAUSE_ID).until)
            finally:
                connection.close()

        reader = threading.Thread(target=read)
        reader.start()
        reader.join(10)
        return answer[0]

    monkeypatch.setattr(backup, "_refuse_unbalanced_books", slow_books)
    call_command("restore", str(target), "--replace", stdout=StringIO())
    assert seen[1] > seen[0]
    assert not RestorePause.objects.exists()


# --- writes racing a restore ----------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("books_balance")
def test_writes_racing_a_restore_answer_2xx_409_or_503_being_restored_and_the_books_balance(
    admin_user, tmp_path, monkeypatch
):
    """Approvals, credit adjustments and New Player from eight threads (the Django test client, a
    connection each) while `restore --replace` runs three times: never a 500, every 503 is the
    pause's with nothing changed, and the books balance after (books_balance). Each restore, once
    the bank is paused, waits for a write to meet the pause (at most 5 s) before it begins: on a busy
    machine every thread may otherwise be waiting for SQLite's write lock while a quick restore runs."""
    players = stock_bank(admin=admin_user)
    for player in players:
        for _ in range(2):
            WithdrawalRequestFactory(player=player, amount=1_000)
    withdrawals = list(
        WithdrawalRequest.objects.filter(status=WithdrawalRequest.Status.PENDING).values_list("pk", flat=True)
    )
    target = snapshot(tmp_path)
    done = threading.Event()
    met_the_pause = threading.Event()
    answers: list[tuple[str, int, dict]] = []
    failures: list[str] = []
    restore_paused = backup._restore_paused

    def restore_once_a_write_met_the_pause(*args, **kwargs):
        # the bank is paused and the restore's transaction not yet begun: on SQLite that transaction
        # holds the one write lock, and a write waiting for it meets the pause only after it
        met_the_pause.wait(5)
        return restore_paused(*args, **kwargs)

    monkeypatch.setattr(backup, "_restore_paused", restore_once_a_write_met_the_pause)

    def write_until_done(worker: int) -> None:
        client = staff_client(admin_user)
        index = worker
        try:
            while not done.is_set():
                index += 1
                roll = index % 3
                if roll == 0:
                    kind = "approve"
                    response = client.put(
                        f"/api/admin/withdrawal-requests/{withdrawals[index % len(withdrawals)]}/approve"
                    )
                elif roll == 1:
                    kind = "adjust"
                    response = adjust(client, players[index % len(players)], points=1)
                else:
                    kind = "new player"
                    name = f"racer-{worker}-{index}"
                    response = client.post("/api/players", {"name": name, "discord": name}, format="json")
                body = response.json() if response.content else {}
                answers.append((kind, response.status_code, body))
                if response.status_code == 503:
                    met_the_pause.set()
        except Exception as error:  # noqa: BLE001 - a thread's failure is the test's, not lost
            failures.append(repr(error))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=write_until_done, args=(worker,)) for worker in range(8)]
    for thread in threads:
        thread.start()
    try:
        for _ in range(3):
            time.sleep(0.3)
            met_the_pause.clear()
            call_command("restore", str(target), "--replace", "--accept-older", stdout=StringIO())
        time.sleep(0.3)
    finally:
        done.set()
        for thread in threads:
            thread.join(60)

    statuses = Counter((kind, status) for kind, status, _ in answers)
    print(f"answers: {dict(statuses)}")
    assert not failures, failures
    assert any(status == 503 for _, status, _ in answers), "no write met the pause: the test tested nothing"
    for kind, status, body in answers:
        assert status in {200, 201, 202, 409, 503}, (kind, status, body)
        if status == 503:
            assert body["code"] == "being_restored" and "Nothing was changed" in body["detail"], (kind, status, body)
    assert not RestorePause.objects.exists()
