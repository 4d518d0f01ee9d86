"""A database fault answers honestly: 503 (or 409) in the error shape, never 500, saying "nothing was
changed" only when nothing was; a deadlock is run again before anyone hears of it.

The faults are raised the way Django raises them from psycopg (a django.db error whose cause is the
driver's), at the moment the real fault would happen; the real ones, on a real PostgreSQL and real
server processes, are in test_production_layout.py.
"""

import json

import psycopg
import pytest
from django.contrib.sessions.backends.db import SessionStore
from django.core.handlers.exception import convert_exception_to_response
from django.db import IntegrityError, OperationalError, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.test import Client
from psycopg import errors as pg

from accounts.tests.factories import PlayerFactory
from bank import errors, writes
from bank.middleware import DatabaseFaultMiddleware
from conftest import bearer_for
from lending.loans import apis as lending_apis
from lending.loans import services
from lending.models import Loan, PendingLoan
from lending.tests.factories import PendingLoanFactory
from operations import views as bank_views


def django_error(driver_error: BaseException, kind=OperationalError) -> BaseException:
    error = kind(str(driver_error))
    error.__cause__ = driver_error
    return error


def connection_lost() -> BaseException:
    return django_error(psycopg.OperationalError("server closed the connection unexpectedly"))


def deadlock() -> BaseException:
    return django_error(pg.DeadlockDetected("deadlock detected"))


@pytest.mark.parametrize(
    ("sql", "write"),
    [
        ("SELECT 1", False),
        ('  (SELECT "a" FROM "b") UNION (SELECT 2)', False),
        ('SELECT "id" FROM "accounts_player" WHERE "id" = 1 FOR UPDATE', False),
        ('SAVEPOINT "s1"', False),
        ("BEGIN IMMEDIATE", False),
        ('INSERT INTO "lending_loan" ("value") VALUES (1)', True),
        ('UPDATE "lending_savings" SET "invested_value" = 1', True),
        ('DELETE FROM "lending_loan"', True),
        ("WITH t AS (SELECT 1) SELECT * FROM t", False),
        ("WITH t AS (DELETE FROM x RETURNING id) SELECT * FROM t", True),
    ],
)
def test_a_statement_counts_as_a_write_only_when_it_changes_rows(sql, write):
    assert writes.is_write(sql) is write


@pytest.mark.parametrize(
    ("error", "lost"),
    [
        (psycopg.OperationalError("server closed the connection unexpectedly"), True),
        (pg.AdminShutdown("terminating connection due to administrator command"), True),
        (pg.TooManyConnections("sorry, too many clients already"), True),
        (pg.QueryCanceled("canceling statement due to statement timeout"), True),
        (pg.DeadlockDetected("deadlock detected"), False),
        (pg.UndefinedTable('relation "x" does not exist'), False),
    ],
)
def test_a_lost_connection_is_told_from_a_bug(error, lost):
    kind = OperationalError if isinstance(error, psycopg.OperationalError) else IntegrityError
    assert writes.is_connection_lost(django_error(error, kind)) is lost


def test_sqlite_faults_that_mean_unavailable_and_those_that_mean_a_bug():
    assert writes.is_connection_lost(OperationalError("database is locked"))
    assert writes.is_connection_lost(OperationalError("unable to open database file"))
    assert not writes.is_connection_lost(OperationalError("no such table: lending_loan"))


def test_only_unique_and_foreign_key_violations_are_collisions():
    assert writes.is_collision(django_error(pg.ForeignKeyViolation("fk"), IntegrityError))
    assert writes.is_collision(django_error(pg.UniqueViolation("unique"), IntegrityError))
    assert not writes.is_collision(django_error(pg.CheckViolation("check"), IntegrityError))
    assert writes.is_collision(IntegrityError("FOREIGN KEY constraint failed"))
    assert not writes.is_collision(IntegrityError("CHECK constraint failed: savings_balance_not_negative"))


def approve(admin_api, pending, **headers):
    return admin_api.put(f"/api/pending-loans/{pending.pk}/approve", **headers)


@pytest.mark.django_db(transaction=True)
def test_a_connection_lost_before_any_write_answers_503_nothing_was_changed(admin_api, monkeypatch):
    pending = PendingLoanFactory()

    def lost(**kwargs):
        raise connection_lost()

    monkeypatch.setattr(lending_apis.services, "loan_request_approve", lost)
    response = approve(admin_api, pending)
    assert response.status_code == 503
    assert response.json() == {"detail": errors.UNAVAILABLE, "code": "unavailable", "fields": {}}
    assert response["Retry-After"] == "1"


@pytest.mark.django_db(transaction=True)
def test_a_connection_lost_after_the_approval_committed_says_the_change_was_saved(admin_api, monkeypatch):
    """The approval commits; the connection dies while the answer is read back."""
    pending = PendingLoanFactory()

    def lost_while_reading(**kwargs):
        raise connection_lost()

    monkeypatch.setattr(lending_apis.selectors, "loan_detail", lost_while_reading)
    response = approve(admin_api, pending)
    assert response.status_code == 503
    assert response.json()["detail"] == errors.SAVED_THEN_LOST
    assert "Nothing was changed" not in response.json()["detail"]
    assert PendingLoan.objects.get().status == "approved"


@pytest.mark.django_db(transaction=True)
def test_a_connection_lost_during_commit_says_it_cannot_tell_and_that_the_same_key_is_safe(admin_api, monkeypatch):
    pending = PendingLoanFactory()
    original = BaseDatabaseWrapper.commit  # Django's own, which CommitReportingMixin wraps

    def commit_then_lose_the_answer(self):
        original(self)  # the database applied it; its answer never arrived
        raise connection_lost()

    monkeypatch.setattr(BaseDatabaseWrapper, "commit", commit_then_lose_the_answer)
    response = approve(admin_api, pending, HTTP_IDEMPOTENCY_KEY="approve-1")
    monkeypatch.undo()
    assert response.status_code == 503
    assert response.json()["detail"] == errors.MAYBE_SAVED + errors.SAME_KEY_IS_SAFE
    # and it is: the same key answers the first result, and the loan is not made twice
    retried = approve(admin_api, pending, HTTP_IDEMPOTENCY_KEY="approve-1")
    assert retried.status_code == 200
    assert Loan.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_call_that_does_not_answer_its_key_once_never_calls_a_retry_safe(admin_api, monkeypatch):
    """A client type change ignores Idempotency-Key, so a lost commit must not tell the client that
    sending it again with the key is safe."""
    player = PlayerFactory(client_type="new")
    original = BaseDatabaseWrapper.commit

    def commit_then_lose_the_answer(self):
        original(self)
        raise connection_lost()

    monkeypatch.setattr(BaseDatabaseWrapper, "commit", commit_then_lose_the_answer)
    response = admin_api.put(
        f"/api/admin/players/{player.pk}/client-type?client_type=old", HTTP_IDEMPOTENCY_KEY="client-type-1"
    )
    monkeypatch.undo()
    assert (response.status_code, response.json()["detail"]) == (503, errors.MAYBE_SAVED)
    player.refresh_from_db()
    assert player.client_type == "old"  # it was saved: the answer says it cannot tell, and to check


@pytest.mark.django_db(transaction=True)
def test_a_lost_commit_of_a_credit_adjustment_says_the_same_key_is_safe_and_it_is(admin_api, monkeypatch):
    """A credit adjustment adds its points each time it runs: it answers its Idempotency-Key once,
    so after a lost commit the same key replays the first answer instead of adding them again."""
    player = PlayerFactory(credit_score=100)
    original = BaseDatabaseWrapper.commit

    def commit_then_lose_the_answer(self):
        original(self)
        raise connection_lost()

    def adjust():
        body = {"player_id": player.pk, "points_change": 15, "reason": "Donated"}
        return admin_api.post("/api/admin/credit-score/adjust", body, format="json", HTTP_IDEMPOTENCY_KEY="adjust-1")

    monkeypatch.setattr(BaseDatabaseWrapper, "commit", commit_then_lose_the_answer)
    response = adjust()
    monkeypatch.undo()
    assert (response.status_code, response.json()["detail"]) == (503, errors.MAYBE_SAVED + errors.SAME_KEY_IS_SAFE)
    retried = adjust()
    assert (retried.status_code, retried["Idempotent-Replayed"]) == (200, "true")
    player.refresh_from_db()
    assert player.credit_score == 115  # once


@pytest.mark.django_db(transaction=True)
def test_a_deadlock_is_run_again_and_the_client_never_hears_of_it(admin_api, monkeypatch):
    pending = PendingLoanFactory()
    calls = []
    real = services.loan_request_approve

    def deadlocked_once(**kwargs):
        calls.append(kwargs)
        if len(calls) == 1:
            with transaction.atomic():
                PendingLoan.objects.filter(pk=pending.pk).update(admin_notes="written, then rolled back")
                raise deadlock()
        return real(**kwargs)

    monkeypatch.setattr(lending_apis.services, "loan_request_approve", deadlocked_once)
    response = approve(admin_api, pending)
    assert response.status_code == 200
    assert len(calls) == 2
    assert Loan.objects.count() == 1
    assert PendingLoan.objects.get().admin_notes == ""


@pytest.mark.django_db(transaction=True)
def test_a_deadlock_that_stays_answers_503_after_its_retries(admin_api, monkeypatch):
    pending = PendingLoanFactory()
    calls = []

    def always_deadlocked(**kwargs):
        calls.append(kwargs)
        raise deadlock()

    monkeypatch.setattr(lending_apis.services, "loan_request_approve", always_deadlocked)
    response = approve(admin_api, pending)
    assert (response.status_code, response.json()["detail"]) == (503, errors.UNAVAILABLE)
    assert len(calls) == 1 + DatabaseFaultMiddleware.RETRIES


@pytest.mark.django_db(transaction=True)
def test_a_request_that_already_saved_something_is_not_run_again_after_a_deadlock(monkeypatch):
    """A body read twice must not file twice: what committed before the deadlock stays once. The
    filing and its answer's read commit together; the deadlock here comes after, as the answer is
    written out."""
    player_api = bearer_for(PlayerFactory(credit_score=100).user)
    calls = []

    class DeadlockedAnswer:
        def __init__(self, row):
            calls.append(row)

        @property
        def data(self):
            raise deadlock()

    monkeypatch.setattr(lending_apis, "PendingLoanOut", DeadlockedAnswer)
    response = player_api.post("/api/pending-loans", {"value": 100_000, "total_days": 14}, format="json")
    assert response.status_code == 503
    assert response.json()["detail"] == errors.SAVED_THEN_LOST
    assert len(calls) == 1
    assert PendingLoan.objects.count() == 1


@pytest.mark.django_db(transaction=True)
def test_a_deadlock_while_the_filing_reads_its_answer_files_nothing(monkeypatch):
    """The filing and the read of its answer are one transaction (a restore waits for both): a
    deadlock in the read takes the filing back with it, and the answer says nothing was changed."""
    player_api = bearer_for(PlayerFactory(credit_score=100).user)

    def deadlocked(**kwargs):
        raise deadlock()

    monkeypatch.setattr(lending_apis.selectors, "pending_loan_detail", deadlocked)
    response = player_api.post("/api/pending-loans", {"value": 100_000, "total_days": 14}, format="json")
    assert response.status_code == 503
    assert response.json()["detail"] == errors.UNAVAILABLE
    assert PendingLoan.objects.count() == 0


@pytest.mark.django_db(transaction=True)
def test_a_write_that_collides_with_a_removed_row_answers_409_with_what_to_do(admin_api, monkeypatch):
    pending = PendingLoanFactory()

    def collides(**kwargs):
        raise django_error(pg.ForeignKeyViolation("insert violates foreign key constraint"), IntegrityError)

    monkeypatch.setattr(lending_apis.services, "loan_request_approve", collides)
    response = approve(admin_api, pending)
    assert response.status_code == 409
    assert response.json() == {"detail": errors.CONFLICT, "code": "conflict", "fields": {}}


def test_a_server_error_after_a_saved_change_does_not_say_nothing_changed():
    recorded, token = writes.begin()
    try:
        recorded.durable = True
        response = errors.exception_handler(RuntimeError("a bug after the commit"), {"view": None, "request": None})
    finally:
        writes.end(token)
    assert response.status_code == 500
    assert response.data["detail"] == errors.SERVER_ERROR_AFTER_SAVE


# --- outside DRF: the Django admin site, the app's page ----------------------------------------------


def page_client(user=None) -> Client:
    """A client that gets the answer a browser would, not the view's exception re-raised."""
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def lose_sessions(monkeypatch) -> None:
    """The next query for a signed-in session finds the database gone."""

    def lost(self, *args, **kwargs):
        raise connection_lost()

    monkeypatch.setattr(SessionStore, "load", lost)


@pytest.mark.django_db(transaction=True)
def test_the_admin_site_answers_a_lost_database_with_503_not_django_500(admin_user, monkeypatch):
    client = page_client(admin_user)
    assert client.get("/django-admin/").status_code == 200
    lose_sessions(monkeypatch)
    response = client.get("/django-admin/accounts/player/")
    assert response.status_code == 503
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Retry-After"] == "1"
    assert response.content.decode() == errors.UNAVAILABLE + "\n"


@pytest.mark.django_db(transaction=True)
def test_an_admin_site_write_whose_commit_was_lost_does_not_say_nothing_changed(admin_user, monkeypatch):
    player = PlayerFactory(name="Zed", discord="zed.guild", client_type="new", bad_payer=False)
    original = BaseDatabaseWrapper.commit

    def commit_then_lose_the_answer(self):
        original(self)
        raise connection_lost()

    client = page_client(admin_user)
    monkeypatch.setattr(BaseDatabaseWrapper, "commit", commit_then_lose_the_answer)
    form = {"name": "Zed", "discord": "zed.guild", "client_type": "new", "bad_payer": "on"}
    response = client.post(f"/django-admin/accounts/player/{player.pk}/change/", form)
    monkeypatch.undo()
    assert response.status_code == 503
    assert response.content.decode() == errors.MAYBE_SAVED + "\n"
    player.refresh_from_db()
    assert player.bad_payer is True  # it was saved: the page says it cannot tell, and to check


@pytest.mark.django_db(transaction=True)
def test_the_apps_page_answers_a_lost_database_with_503_not_django_500(monkeypatch):
    def lost():
        raise connection_lost()

    monkeypatch.setattr(bank_views, "page_config", lost)
    response = page_client().get("/loans")
    assert response.status_code == 503
    assert response.content.decode() == errors.UNAVAILABLE + "\n"


def test_an_api_address_that_no_drf_view_answers_gets_the_json_shape(rf):
    def view(request):
        raise connection_lost()

    middleware = DatabaseFaultMiddleware(convert_exception_to_response(view))
    response = middleware(rf.get("/api/anything"))
    assert response.status_code == 503
    assert json.loads(response.content) == {"detail": errors.UNAVAILABLE, "code": "unavailable", "fields": {}}


def test_an_error_that_is_not_the_databases_stays_a_500(rf):
    def view(request):
        raise RuntimeError("a bug")

    middleware = DatabaseFaultMiddleware(convert_exception_to_response(view))
    assert middleware(rf.get("/django-admin/")).status_code == 500
