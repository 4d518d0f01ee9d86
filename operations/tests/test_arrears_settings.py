"""Arrears in Bank Settings (issue 35, part 4): the buckets' last days (1–3, 4–7, 8–30 and over 30 by
default), checked and audited, read by every arrears figure in the same queries; and the bank marking a
player a bad payer after N days in arrears (off by default): a looser setting takes a second treasurer,
the marking runs in the daily job, audited as the bank's, once a loan."""

from datetime import date, timedelta

import pytest

from accounts.models import Player
from accounts.tests.factories import AdminFactory
from bank import live
from bank.models import AuditEntry, BankSettings
from conftest import bearer_for
from lending.loans import services as loan_services
from lending.loans.arrears import arrears_page, loan_book
from lending.models import LoanArrearsBucket
from lending.tests.factories import LoanFactory
from operations import jobs
from operations.models import ScheduledJob
from testkit.threads import run_at_once

DAY = date(2027, 3, 10)
pytestmark = pytest.mark.bank_date("2027-03-10 06:00")


def behind(days: int, **player):
    """A loan `days` days in arrears today (started `days` days ago, nothing paid)."""
    return LoanFactory(
        start_date=DAY - timedelta(days=days), total_days=60, **{f"player__{k}": v for k, v in player.items()}
    )


@pytest.fixture
def treasurer(db):
    return AdminFactory(username="tess")


@pytest.fixture
def other_treasurer(db):
    return AdminFactory(username="otto")


def put(officer, body: dict):
    return bearer_for(officer).put("/api/admin/bank-settings", body, format="json")


@pytest.mark.django_db
def test_the_buckets_are_settings_with_the_usual_defaults(treasurer):
    body = bearer_for(treasurer).get("/api/admin/bank-settings").json()
    assert (body["arrears_bucket_1_to"], body["arrears_bucket_2_to"], body["arrears_bucket_3_to"]) == (3, 7, 30)
    assert (body["auto_bad_payer"], body["auto_bad_payer_days"]) == (False, 30)
    book = loan_book(DAY)
    assert [(b["bucket"], b["title"], b["least_days"], b["most_days"]) for b in book["buckets"]] == [
        ("1_3", "1–3 days", 1, 3),
        ("4_7", "4–7 days", 4, 7),
        ("8_30", "8–30 days", 8, 30),
        ("over_30", "Over 30 days", 31, None),
    ]


@pytest.mark.django_db
def test_new_bucket_days_are_done_at_once_audited_and_read_by_every_arrears_figure(treasurer):
    loans = [behind(days) for days in (2, 5, 9, 15)]
    response = put(treasurer, {"arrears_bucket_1_to": 1, "arrears_bucket_2_to": 5, "arrears_bucket_3_to": 10})
    assert response.status_code == 200, response.json()  # what reports group by, not a control: either way at once
    entry = AuditEntry.objects.get(kind="bank.settings_set")
    assert (entry.actor_name, entry.before, entry.after) == (
        "tess",
        {"arrears_bucket_1_to": 3, "arrears_bucket_2_to": 7, "arrears_bucket_3_to": 30},
        {"arrears_bucket_1_to": 1, "arrears_bucket_2_to": 5, "arrears_bucket_3_to": 10},
    )
    book = loan_book(DAY)
    assert [(b["bucket"], b["title"], b["count"]) for b in book["buckets"]] == [
        ("1_3", "1 day", 0),
        ("4_7", "2–5 days", 2),
        ("8_30", "6–10 days", 1),
        ("over_30", "Over 10 days", 1),
    ]
    page = arrears_page(on=DAY, order="days")
    assert [(row["loan_id"], row["bucket"]) for row in page["rows"]] == list(
        zip([loan.pk for loan in loans], ["4_7", "4_7", "8_30", "over_30"], strict=True)
    )
    assert arrears_page(on=DAY, bucket="over_30")["count"] == 1
    # the history and the reminders follow the settings too
    loan_services.loan_arrears_history_record(on=DAY)
    assert list(LoanArrearsBucket.objects.order_by("loan_id").values_list("bucket", flat=True)) == [
        "4_7",
        "4_7",
        "8_30",
        "over_30",
    ]
    listed = bearer_for(treasurer).get("/api/admin/arrears").json()
    assert [bucket["title"] for bucket in listed["book"]["buckets"]] == [
        "1 day",
        "2–5 days",
        "6–10 days",
        "Over 10 days",
    ]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "field", "message"),
    [
        ({"arrears_bucket_2_to": 3}, "arrears_bucket_2_to", "Each arrears bucket must end after the one before"),
        ({"arrears_bucket_3_to": 7}, "arrears_bucket_3_to", "Each arrears bucket must end after the one before"),
        ({"arrears_bucket_1_to": 8}, "arrears_bucket_2_to", "Each arrears bucket must end after the one before"),
        ({"arrears_bucket_1_to": 0}, "arrears_bucket_1_to", "First bucket ends on"),
        ({"arrears_bucket_1_to": "three"}, "arrears_bucket_1_to", "First bucket ends on"),
        ({"auto_bad_payer_days": 0}, "auto_bad_payer_days", "Days in arrears"),
        ({"auto_bad_payer": "yes"}, "auto_bad_payer", ""),
    ],
)
def test_bucket_days_rise_and_are_positive(treasurer, body, field, message):
    response = put(treasurer, body)
    assert response.status_code == 400, response.json()
    assert response.json()["detail"].startswith(message)
    assert field in response.json()["fields"]
    row = BankSettings.current()
    assert (row.arrears_bucket_1_to, row.arrears_bucket_2_to, row.arrears_bucket_3_to, row.auto_bad_payer) == (
        3,
        7,
        30,
        False,
    )
    assert not AuditEntry.objects.filter(kind="bank.settings_set").exists()


@pytest.mark.django_db
def test_marking_bad_payers_on_is_done_at_once_and_off_or_later_takes_a_second_treasurer(treasurer, other_treasurer):
    # turned on with more days than stored: a marking starts, nothing loosens
    assert put(treasurer, {"auto_bad_payer": True, "auto_bad_payer_days": 45}).status_code == 200
    assert put(treasurer, {"auto_bad_payer_days": 20}).status_code == 200  # fewer days: tighter
    assert (BankSettings.current().auto_bad_payer, BankSettings.current().auto_bad_payer_days) == (True, 20)
    for looser in ({"auto_bad_payer_days": 25}, {"auto_bad_payer": False}):
        response = put(treasurer, looser)
        assert response.status_code == 202, response.json()
        proposal_id = response.json()["proposal"]["id"]
        assert bearer_for(other_treasurer).put(f"/api/admin/proposals/{proposal_id}/approve").status_code == 200
    row = BankSettings.current()
    assert (row.auto_bad_payer, row.auto_bad_payer_days) == (False, 25)
    # while off, more days mark no one sooner or later: done at once
    assert put(treasurer, {"auto_bad_payer_days": 40}).status_code == 200
    # and fewer days is tighter
    assert put(treasurer, {"auto_bad_payer_days": 10}).status_code == 200
    assert AuditEntry.objects.filter(kind="bank.settings_set").count() == 6  # on, 20, two approved, 40, 10


def settings_set(**values):
    BankSettings.current()
    BankSettings.objects.filter(pk=1).update(**values)


@pytest.mark.django_db
def test_the_bank_marks_no_one_while_the_setting_is_off():
    behind(40)
    assert loan_services.bad_payers_mark_by_arrears(on=DAY) == []
    assert not Player.objects.filter(bad_payer=True).exists()


@pytest.mark.django_db
def test_the_bank_marks_a_player_once_a_loan_audited_as_the_banks_with_the_officers_notice(monkeypatch):
    settings_set(auto_bad_payer=True, auto_bad_payer_days=10)
    late = behind(12, name="Late Lou")
    also = LoanFactory(player=late.player, start_date=DAY - timedelta(days=11))  # the same player: one mark
    early = behind(9)
    notices = []
    monkeypatch.setattr(
        live, "notify", lambda kinds, player_ids=(), **_: notices.append((set(kinds), list(player_ids)))
    )
    assert loan_services.bad_payers_mark_by_arrears(on=DAY) == [late.player_id]
    assert list(Player.objects.filter(bad_payer=True).values_list("pk", flat=True)) == [late.player_id]
    entry = AuditEntry.objects.get(kind="loan.bad_payer_by_bank")
    assert (entry.actor_id, entry.actor_name, entry.object_type, entry.object_id, entry.player_id) == (
        None,
        "system",  # the bank, no officer
        "loan",
        late.pk,
        late.player_id,
    )
    assert (entry.before, entry.after) == (
        {"bad_payer": False},
        {"bad_payer": True, "arrears_days": 12, "auto_bad_payer_days": 10},
    )
    assert notices == [({"players", "credit"}, [late.player_id])]  # what an officer's marking sends
    # again: nothing new
    assert loan_services.bad_payers_mark_by_arrears(on=DAY) == []
    # an officer clears the player: the bank leaves them alone while a loan it marked them for is that late,
    # their other late loan too; it marks the player whose loan reached the days today
    Player.objects.filter(pk=late.player_id).update(bad_payer=False)
    assert also.player_id == late.player_id
    assert loan_services.bad_payers_mark_by_arrears(on=DAY + timedelta(days=1)) == [early.player_id]
    assert loan_services.bad_payers_mark_by_arrears(on=DAY + timedelta(days=2)) == []
    assert AuditEntry.objects.filter(kind="loan.bad_payer_by_bank").count() == 2


@pytest.mark.django_db(transaction=True)
def test_the_daily_job_marks_once_across_two_workers():
    settings_set(auto_bad_payer=True, auto_bad_payer_days=5)
    loans = [behind(days) for days in (6, 8, 2)]
    results = run_at_once(lambda _index: jobs.run_due(names=["bank_health"]), threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert set(Player.objects.filter(bad_payer=True).values_list("pk", flat=True)) == {
        loans[0].player_id,
        loans[1].player_id,
    }
    assert AuditEntry.objects.filter(kind="loan.bad_payer_by_bank").count() == 2
    assert "2 players marked a bad payer" in ScheduledJob.objects.get(name="bank_health").last_outcome
    # two markings at once outside the job's claim: the players' rows are locked and read again
    Player.objects.update(bad_payer=False)
    results = run_at_once(lambda _index: loan_services.bad_payers_mark_by_arrears(on=DAY), threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sum(len(result) for result in results) == 0  # marked for these loans already: officers cleared them
    other = behind(7)
    results = run_at_once(lambda _index: loan_services.bad_payers_mark_by_arrears(on=DAY), threads=2)
    assert not [result for result in results if isinstance(result, Exception)], results
    assert sorted(player_id for result in results for player_id in result) == [other.player_id]
    assert AuditEntry.objects.filter(kind="loan.bad_payer_by_bank").count() == 3
