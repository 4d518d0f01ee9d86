"""A code works once, also when it comes twice at the same moment (issue 34; ASVS 5.0 6.5.1): the sign-in's
code step locks the officer's row and the authenticator's before it checks the code, so of several sign-ins
racing with one code exactly one gets in. Real threads with their own connections: run it on PostgreSQL
(DATABASE_URL=postgres://...) to see the row locks at work; SQLite serialises the writers instead."""

from collections import Counter

import pytest
from rest_framework.test import APIClient

from accounts.tests.factories import PASSWORD, AdminFactory
from accounts.tokens import token_issue
from testkit.factors import authenticator_code, authenticator_for
from testkit.threads import run_at_once

THREADS = 4  # fewer than the five wrong codes that lock: every refusal is the code's, not a lockout's


@pytest.mark.django_db(transaction=True)
def test_the_same_code_sent_at_once_by_several_sign_ins_is_accepted_once():
    officer = AdminFactory(username="lou", role="loan_officer", is_superuser=False)
    phone = authenticator_for(officer)
    challenges = []
    for _ in range(THREADS):
        answer = APIClient().post("/api/login", {"username": "lou", "password": PASSWORD}, format="json")
        assert answer.status_code == 202, answer.json()
        challenges.append(answer.json()["challenge"])
    code = authenticator_code(phone)

    def sign_in(index: int) -> int:
        body = {"challenge": challenges[index], "otp": code}
        return APIClient().post("/api/login/factor", body, format="json").status_code

    assert Counter(run_at_once(sign_in, threads=THREADS)) == {200: 1, 401: THREADS - 1}


@pytest.mark.django_db(transaction=True)
def test_the_same_code_sent_at_once_to_step_up_is_accepted_once():
    officer = AdminFactory(username="mia", role="loan_officer", is_superuser=False)
    phone = authenticator_for(officer)
    tokens = [token_issue(user=officer).access_token for _ in range(THREADS)]
    code = authenticator_code(phone)

    def step_up(index: int) -> int:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens[index]}")
        return client.post("/api/step-up", {"otp": code}, format="json").status_code

    assert Counter(run_at_once(step_up, threads=THREADS)) == {200: 1, 401: THREADS - 1}
