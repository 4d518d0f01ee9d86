"""What waits for me (issue 30, item 2): what the signed-in officer may decide now, apart from what
waits for a second officer they cannot be; across requests and proposals; a fixed number of queries."""

import pytest

from accounts.tests.factories import AdminFactory, PlayerFactory
from bank import roles
from conftest import bearer_for
from lending.savings import services as savings_services
from lending.tests.factories import PendingLoanFactory, SavingsFactory, WithdrawalRequestFactory
from testkit.queries import AUTH_QUERIES

pytestmark = pytest.mark.django_db


def officer(username, role):
    return AdminFactory(username=username, role=role, is_superuser=role == roles.TREASURER)


def listed(client):
    body = client.get("/api/admin/waiting").json()
    return (
        [(item["kind"], item["id"]) for item in body["for_me"]],
        [(item["kind"], item["id"]) for item in body["waiting_for_second"]],
        body,
    )


def test_what_i_may_decide_and_what_waits_for_a_second_officer():
    lou, mia = officer("lou", roles.LOAN_OFFICER), officer("mia", roles.LOAN_OFFICER)
    tina = officer("tina", roles.TELLER)
    small = PendingLoanFactory(value=100_000)
    player = PlayerFactory(client_type="old")
    SavingsFactory(player=player, invested_value=3_000_000)
    big = WithdrawalRequestFactory(player=player, amount=2_000_000)
    bearer_for(lou).put(f"/api/admin/withdrawal-requests/{big.pk}/approve")  # first of two
    savings = SavingsFactory(player=PlayerFactory(client_type="old"), invested_value=1_000_000)
    proposal = savings_services.savings_edit(savings_id=savings.pk, invested_value=3_000_000, admin=mia).proposal

    mine, second, body = listed(bearer_for(lou))
    assert mine == [("loan_request", small.pk), ("proposal", proposal.pk)]
    assert second == [("withdrawal", big.pk)]  # lou approved it: it waits for someone else
    assert body["waiting_for_second"][0]["approvals"][0]["notes"] == ""

    mine, second, _ = listed(bearer_for(mia))
    assert mine == [("loan_request", small.pk), ("withdrawal", big.pk)]
    assert second == [("proposal", proposal.pk)]  # hers: it waits for a second officer

    # a teller decides none of these: the approved ones wait for a second officer
    mine, second, body = listed(bearer_for(tina))
    assert mine == []
    assert second == [("withdrawal", big.pk), ("proposal", proposal.pk)]
    assert (body["for_me_count"], body["waiting_for_second_count"]) == (0, 2)


def test_the_list_runs_a_fixed_number_of_queries(django_assert_num_queries):
    lou = officer("lou", roles.LOAN_OFFICER)
    client = bearer_for(lou)
    # one approved once: the officers whose approvals are read are looked up (one query, for all)
    player = PlayerFactory(client_type="old")
    SavingsFactory(player=player, invested_value=3_000_000)
    client.put(f"/api/admin/withdrawal-requests/{WithdrawalRequestFactory(player=player, amount=2_000_000).pk}/approve")
    for count in (1, 6):
        for _ in range(count):
            PendingLoanFactory(value=100_000)
            WithdrawalRequestFactory()
        with django_assert_num_queries(AUTH_QUERIES + 5):
            client.get("/api/admin/waiting")


def test_players_cannot_read_it(player_api):
    assert player_api.get("/api/admin/waiting").status_code == 403
