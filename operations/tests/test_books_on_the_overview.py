"""The books on the Overview (issue 30, item 3): one status everywhere (the latest check, whoever ran
it), "Check the books now" as a job the scheduler runs, and each difference's account's entries."""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.tests.factories import AdminFactory
from bank import roles
from bank.models import AuditEntry
from conftest import bearer_for
from lending.models import Savings
from lending.savings import services as savings_services
from lending.tests.factories import SavingsFactory
from operations import jobs
from operations.models import ScheduledJob
from operations.reconcile import reconcile_and_record
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db


def test_the_daily_jobs_card_and_the_books_box_read_the_same_latest_check(admin_api):
    savings = SavingsFactory()
    jobs.run_due()  # the daily check: the books balance
    Savings.objects.filter(pk=savings.pk).update(invested_value=1)  # a real difference, found later
    reconcile_and_record()  # manage.py reconcile, say
    job = {row["name"]: row for row in admin_api.get("/api/admin/jobs").json()["results"]}["reconcile"]
    books = admin_api.get("/api/admin/reconcile").json()
    assert books["differences"]
    assert job["last_outcome"].startswith("1 difference in")
    assert f"Savings #{savings.pk}" in job["last_outcome"]


@pytest.mark.django_db(transaction=True)  # as a server runs it: no test's transaction around the call
def test_a_treasurer_asks_for_a_check_now_and_the_scheduler_runs_it_within_a_minute():
    treasurer = AdminFactory()
    teller = AdminFactory(username="tina", role=roles.TELLER, is_superuser=False)
    jobs.run_due(now=timezone.now() - timedelta(minutes=5))  # today's runs are done
    assert bearer_for(teller).post("/api/admin/reconcile/run").status_code == 403
    response = bearer_for(treasurer).post("/api/admin/reconcile/run")
    assert response.status_code == 202
    assert response.json()["detail"] == "The books will be checked within a minute."
    row = ScheduledJob.objects.get(name="reconcile")
    assert row.requested_at is not None
    assert AuditEntry.objects.filter(kind="job.requested").count() == 1
    # the scheduler's next check runs it, once, though it already ran today
    assert jobs.run_due(now=row.requested_at + timedelta(seconds=30)) == ["reconcile"]
    assert ScheduledJob.objects.get(name="reconcile").requested_at is None
    assert jobs.run_due(now=row.requested_at + timedelta(seconds=90)) == []


def test_a_difference_links_to_its_accounts_entries_a_page_at_a_time(admin_user, django_assert_num_queries):
    player_savings = SavingsFactory(invested_value=500_000)
    savings_services.savings_edit(savings_id=player_savings.pk, invested_value=600_000, admin=admin_user)
    client = bearer_for(AdminFactory(username="tina", role=roles.TELLER, is_superuser=False))
    with django_assert_num_queries(AUTH_QUERIES + 5):
        body = client.get(f"/api/admin/ledger?account=savings&account_id={player_savings.pk}&page_size=1").json()
    assert (body["count"], body["balance"], len(body["entries"])) == (2, 600_000, 1)
    newest = body["entries"][0]
    assert (newest["reason"], newest["direction"], newest["amount"], newest["actor"]) == (
        "balance_edit",
        "in",
        100_000,
        admin_user.public_name,
    )
    assert newest["reason_label"] == "An admin's edit of a savings balance"
    assert newest["decision_id"] is not None
    assert client.get("/api/admin/ledger?account=nowhere").status_code == 400
