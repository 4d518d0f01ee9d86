"""The lending rules read the bank's clock (bank/clock.py), which the tests set (conftest.py, bank_clock): the
same assertions hold on any day, the awkward ones too (issue 32). Each case runs on its own pinned day:
late on a Sunday, a month's last minute, a leap day, the year's last minute and the next year's first,
and the first night of summer time in a bank whose clock is Berlin's (its day is not UTC's there)."""

from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import pytest

from bank import clock
from bank.texts import day_text
from lending.tests.factories import LoanFactory, SavingsFactory

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("high_threshold")]


def _on(when: str, day: date, *, id: str, time_zone: str = "UTC"):
    """A case: `when` on the wall clock of a bank in `time_zone` (a day: its noon), where today is `day`."""
    moment = datetime.fromisoformat(when if len(when) > len("2028-02-29") else f"{when} 12:00")
    return pytest.param(
        (day, time_zone), marks=pytest.mark.bank_date(moment.replace(tzinfo=ZoneInfo(time_zone))), id=id
    )


AWKWARD_DAYS = [
    _on("2027-03-14 23:59", date(2027, 3, 14), id="sunday-23:59"),
    _on("2027-04-30 23:59", date(2027, 4, 30), id="month-end-23:59"),
    _on("2028-02-29", date(2028, 2, 29), id="leap-day"),
    _on("2027-12-31 23:59", date(2027, 12, 31), id="new-years-eve-23:59"),
    _on("2028-01-01 00:00", date(2028, 1, 1), id="new-years-day-00:00"),
    # 00:30 summer time in Berlin (CEST), 22:30 of the day before in UTC
    _on("2027-03-29 00:30", date(2027, 3, 29), time_zone="Europe/Berlin", id="berlin-after-dst-00:30"),
]


@pytest.fixture
def bank_day(request, settings) -> date:
    """The case's day, in the case's time zone (the bank's clock reads settings.TIME_ZONE)."""
    day, time_zone = request.param
    settings.TIME_ZONE = time_zone
    assert clock.today() == day  # the clock reads the pinned day, not the calendar's
    assert clock.local(clock.now()).date() == day
    return day


@pytest.mark.parametrize("bank_day", AWKWARD_DAYS, indirect=True)
def test_a_loan_counts_its_days_from_the_bank_day(admin_api, bank_day):
    starting = LoanFactory()  # starts today: 1,300,000 to pay over 10 days, 130,000 a day
    fourth_day = LoanFactory(start_date=bank_day - timedelta(days=3))
    over = LoanFactory(start_date=bank_day - timedelta(days=10))
    later = LoanFactory(start_date=bank_day + timedelta(days=1))
    rows = {row["id"]: row for row in admin_api.get("/api/admin/loans/check").json()["loans"]}
    assert [(rows[loan.pk]["current_day"], rows[loan.pk]["status_text"]) for loan in (starting, fourth_day)] == [
        (1, "Starts today: day 1 of 10, €130,000 due"),
        (4, "Day 4 of 10: €130,000 due today"),
    ]
    assert (rows[over.pk]["current_day"], rows[over.pk]["listing_status"]) == (11, "period_over")
    assert rows[later.pk]["status_text"] == f"Starts on {day_text(bank_day + timedelta(days=1))}"


@pytest.mark.parametrize("bank_day", AWKWARD_DAYS, indirect=True)
def test_a_savings_week_falls_due_on_the_bank_day(admin_api, bank_day):
    due = SavingsFactory(weeks=2)  # opened three weeks ago, weeks 1 and 2 recorded: week 3 falls due today
    opened = SavingsFactory()  # opened today: week 1 falls due in 7 days
    late = SavingsFactory(weeks=1, next_due_date=bank_day - timedelta(days=1))
    rows = {row["id"]: row for row in admin_api.get("/api/admin/savings/check").json()["savings"]}
    assert (rows[due.pk]["listing_status"], rows[due.pk]["status_text"]) == ("due_today", "Week 3 due today")
    assert rows[opened.pk]["status_text"] == f"Week 1 due on {day_text(bank_day + timedelta(days=7))}"
    assert rows[late.pk]["status_text"] == f"Week 2 overdue since {day_text(bank_day - timedelta(days=1))} (1 day)"


@pytest.mark.parametrize("bank_day", AWKWARD_DAYS, indirect=True)
def test_the_date_windows_run_from_the_bank_day(admin_api, player_api, player, bank_day):
    year = bank_day.year
    loan = LoanFactory()
    refused = f"Date must be between 1 Jan {year} and 31 Dec {year + 1}"
    for outside in (date(year - 1, 12, 31), date(year + 2, 1, 1)):
        answer = admin_api.put(f"/api/admin/loans/{loan.pk}/change-date?new_date={outside}")
        assert (answer.status_code, answer.json()["detail"]) == (400, refused)
    last = admin_api.put(f"/api/admin/loans/{loan.pk}/change-date?new_date={date(year + 1, 12, 31)}")
    assert (last.status_code, last.json()["start_date"]) == (200, f"{year + 1}-12-31")

    SavingsFactory(player=player)
    window = player_api.get(f"/api/players/{player.pk}/total-savings").json()
    assert (window["withdrawal_date_min"], window["withdrawal_date_max"]) == (f"{bank_day}", f"{year + 1}-12-31")
    for day, status in ((bank_day - timedelta(days=1), 400), (bank_day, 201)):
        body = {"amount": 100_000, "withdrawal_date": f"{day}", "withdrawal_time": "18:30", "player_timezone": 1}
        assert player_api.post("/api/withdrawal-requests", body, format="json").status_code == status
