"""Strict input everywhere (docs/rules.md, "Input"): one field class per kind of value, used by every
call that takes one. Rates are ASCII decimal strings or JSON numbers within their bounds, booleans
are JSON true/false, amounts of bread take the shortcuts (100k, 1m) on every call that takes one;
anything else answers 400 naming the field, and changes nothing."""

import importlib
from datetime import timedelta
from decimal import Decimal

import pytest
from django.utils import timezone
from rest_framework import serializers

from accounts.models import Player
from accounts.tests.factories import PlayerFactory
from bank.fields import StrictBooleanField, WholeNumberField
from bank.models import BankSettings
from conftest import bearer_for
from lending.fields import AmountField, RateField
from lending.models import Loan, Savings, SoloDividends, WithdrawalRequest
from lending.tests.factories import LoanFactory, SavingsFactory

pytestmark = pytest.mark.django_db

# --- every input serializer uses the bank's strict fields ------------------------------------

INPUT_MODULES = [
    "accounts.serializers",
    "operations.apis",
    "bank.paging",
    "operations.serializers",
    "credit.serializers",
    "exchange.serializers",
    "lending.fields",
    "lending.loans.serializers",
    "lending.savings.serializers",
]
AMOUNT_NAMES = {"value", "amount", "invested_value", "dividends"}  # amounts of bread
RATE_NAMES = {"interest_rate"}
# DRF's own fields read loosely: "yes" and 1 as true, "1e-2" and "١" as numbers, 1.0 as 1
LOOSE = (serializers.BooleanField, serializers.DecimalField, serializers.FloatField, serializers.IntegerField)


def input_fields() -> list[tuple[str, str, serializers.Field]]:
    """(serializer, field name, field) of every input serializer (a Serializer named ...In)."""
    found = []
    for module_name in INPUT_MODULES:
        module = importlib.import_module(module_name)
        for name, value in vars(module).items():
            if isinstance(value, type) and issubclass(value, serializers.Serializer) and name.endswith("In"):
                if value.__module__ != module_name:
                    continue  # imported from elsewhere: checked there
                for field_name, field in value().fields.items():
                    found.append((name, field_name, field))
    return found


def test_the_input_serializers_are_found():
    names = {serializer for serializer, _, _ in input_fields()}
    assert {"PlayerUpdateIn", "SavingsCreateIn", "WithdrawalRequestIn", "DividendsIn", "LoanEditIn"} <= names


def test_no_input_field_reads_loosely():
    loose = [
        (serializer, name, type(field).__name__)
        for serializer, name, field in input_fields()
        if isinstance(field, LOOSE) and not isinstance(field, WholeNumberField)
    ]
    assert loose == []


def test_every_amount_of_bread_takes_the_shortcuts():
    amounts = [(s, n, f) for s, n, f in input_fields() if n in AMOUNT_NAMES]
    assert amounts and all(isinstance(field, AmountField) for _, _, field in amounts), amounts


def test_every_rate_is_read_by_the_rate_field():
    rates = [(s, n, f) for s, n, f in input_fields() if n in RATE_NAMES]
    assert rates and all(isinstance(field, RateField) for _, _, field in rates), rates


def test_every_boolean_is_read_by_the_strict_boolean_field():
    booleans = [(s, n) for s, n, f in input_fields() if isinstance(f, StrictBooleanField)]
    assert ("PlayerUpdateIn", "bad_payer") in booleans and ("LoanUpdateIn", "paid_off") in booleans


# --- rates ------------------------------------------------------------------------------------

NOT_RATES = [
    "1e-2",  # an exponent
    "٠.٠٧",  # Arabic-Indic digits
    "٠٫٠٧",  # ... with the Arabic decimal separator
    "۰.۰۷",  # Extended Arabic-Indic digits
    "0,07",
    "-0.01",
    "+0.07",
    "0.07%",
    "7%",
    "NaN",
    "Infinity",
    "0x1",
    "0.07.1",
    "0.00001",  # more than 4 decimals
    True,
    [0.07],
    {"rate": 0.07},
]


@pytest.fixture
def savings(db):
    return SavingsFactory(interest_rate=Decimal("0.07"))


@pytest.mark.parametrize("rate", [*NOT_RATES, 1.01, "1.5"], ids=repr)
def test_a_savings_rate_that_is_not_a_plain_decimal_within_0_to_1_is_refused(admin_api, savings, rate):
    response = admin_api.put(f"/api/admin/savings/{savings.pk}/edit", {"interest_rate": rate}, format="json")
    assert response.status_code == 400
    assert response.json()["fields"] == {
        "interest_rate": ["The weekly interest rate must be a fraction from 0 to 1 (0.07 = 7% a week)"]
    }
    savings.refresh_from_db()
    assert savings.interest_rate == Decimal("0.07")


@pytest.mark.parametrize("rate", NOT_RATES, ids=repr)
def test_a_new_savings_rate_that_is_not_a_plain_decimal_is_refused(admin_api, rate):
    player = PlayerFactory()
    body = {"player_id": player.pk, "invested_value": 100_000, "interest_rate": rate}
    response = admin_api.post("/api/savings", body, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["interest_rate"]
    assert not Savings.objects.exists()


@pytest.mark.parametrize("rate", [*NOT_RATES, 5.01], ids=repr)
def test_a_loan_rate_that_is_not_a_plain_decimal_within_0_to_5_is_refused(admin_api, rate):
    loan = LoanFactory(interest_rate=Decimal("0.30"))
    response = admin_api.put(f"/api/admin/loans/{loan.pk}/edit", {"interest_rate": rate}, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["interest_rate"]
    loan.refresh_from_db()
    assert loan.interest_rate == Decimal("0.30")


@pytest.mark.parametrize("rate,stored", [("0.08", "0.08"), (0.08, "0.08"), (" 0.0725 ", "0.0725"), (1, "1"), (0, "0")])
def test_a_savings_rate_as_a_decimal_string_or_a_json_number_is_taken(admin_api, savings, rate, stored):
    # the bank's bounds as wide as the input allows, one officer for any amount: this is about reading
    BankSettings.objects.update_or_create(pk=1, defaults={"four_eyes_above": 1_000_000_000, "savings_rate_max": 1})
    response = admin_api.put(f"/api/admin/savings/{savings.pk}/edit", {"interest_rate": rate}, format="json")
    assert response.status_code == 200, response.json()
    savings.refresh_from_db()
    assert savings.interest_rate == Decimal(stored)


# --- booleans ---------------------------------------------------------------------------------

NOT_BOOLEANS = ["yes", "no", 1, 0, "1", "0", "true", "false", "True", "on", None, [], {}]


@pytest.mark.parametrize("flag", ["bad_payer", "has_solo_access"])
@pytest.mark.parametrize("sent", NOT_BOOLEANS, ids=repr)
def test_a_player_flag_that_is_not_json_true_or_false_is_refused(admin_api, flag, sent):
    player = PlayerFactory()
    response = admin_api.put(f"/api/players/{player.pk}", {flag: sent}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert list(body["fields"]) == [flag]
    assert flag in body["detail"]
    player.refresh_from_db()
    assert (player.bad_payer, player.has_solo_access) == (False, False)


@pytest.mark.parametrize("sent", NOT_BOOLEANS[:-3], ids=repr)
def test_a_pay_off_that_is_not_json_true_is_refused(admin_api, sent):
    loan = LoanFactory()
    response = admin_api.put(f"/api/loans/{loan.pk}", {"paid_off": sent}, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["paid_off"]
    loan.refresh_from_db()
    assert loan.status == Loan.Status.ACTIVE


@pytest.mark.parametrize("sent", ["true", 1, "yes"], ids=repr)
def test_select_all_that_is_not_json_true_is_refused(admin_api, sent):
    PlayerFactory(credit_score=0)
    body = {"select_all": sent, "execution_notes": "all of them"}
    response = admin_api.post("/api/admin/credit-score/execute-migration", body, format="json")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["select_all"]


def test_json_true_and_false_set_a_player_flag(admin_api):
    player = PlayerFactory()
    assert admin_api.put(f"/api/players/{player.pk}", {"bad_payer": True}, format="json").status_code == 200
    assert Player.objects.get(pk=player.pk).bad_payer is True
    assert admin_api.put(f"/api/players/{player.pk}", {"bad_payer": False}, format="json").status_code == 200
    assert Player.objects.get(pk=player.pk).bad_payer is False


# --- amounts ----------------------------------------------------------------------------------


@pytest.fixture
def rich_player(db):
    player = PlayerFactory(credit_score=160, client_type=Player.ClientType.OLD)  # Silver: may owe 5,000,000
    SavingsFactory(player=player, invested_value=3_000_000)
    return player


def _withdraw(client, amount):
    tomorrow = (timezone.localdate() + timedelta(days=1)).isoformat()
    body = {"amount": amount, "withdrawal_date": tomorrow, "withdrawal_time": "18:30", "player_timezone": 1}
    return client.post("/api/withdrawal-requests", body, format="json")


@pytest.mark.parametrize("amount,expected", [("1k", 1_000), ("1.5m", 1_500_000), (" 250K ", 250_000), ("2000", 2_000)])
def test_a_withdrawal_amount_takes_the_shortcuts(rich_player, amount, expected):
    response = _withdraw(bearer_for(rich_player.user), amount)
    assert response.status_code == 201, response.json()
    assert response.json()["amount"] == expected
    assert WithdrawalRequest.objects.get().amount == expected


@pytest.mark.parametrize("amount", ["1e3", "١٠٠٠", "1,000", "1_000", 1000.0, "1.5", "1.0005k", "-1k", "0", True])
def test_a_withdrawal_amount_that_is_not_whole_bread_is_refused_naming_it(rich_player, amount):
    response = _withdraw(bearer_for(rich_player.user), amount)
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["amount"]
    assert not WithdrawalRequest.objects.exists()


@pytest.mark.parametrize("dividends,expected", [("20k", 20_000), ("1m", 1_000_000), ("0", 0), (0, 0)])
def test_the_solo_dividends_take_the_shortcuts(admin_api, dividends, expected):
    response = admin_api.put(f"/api/solo-dividends?dividends={dividends}")
    assert response.status_code == 200, response.json()
    assert response.json()["dividends"] == expected
    assert SoloDividends.objects.get().dividends == expected


@pytest.mark.parametrize("dividends", ["1e3", "١٠", "1,000", "-5", "20.5", "2b"])
def test_solo_dividends_that_are_not_whole_bread_are_refused_naming_them(admin_api, dividends):
    response = admin_api.put(f"/api/solo-dividends?dividends={dividends}")
    assert response.status_code == 400
    assert list(response.json()["fields"]) == ["dividends"]
    assert not SoloDividends.objects.filter(dividends__gt=0).exists()


def _amount_calls(player: Player, savings: Savings, loan: Loan) -> dict[str, tuple[str, str, dict, str]]:
    """Every call that takes an amount of bread: (method, path, body without the amount, its name)."""
    return {
        "loan request": ("post", "/api/pending-loans", {"total_days": 10}, "value"),
        "loan quote": ("get", "/api/loans/quote", {"total_days": "10"}, "value"),
        "admin loan": ("post", "/api/loans", {"player_id": player.pk, "total_days": 10}, "value"),
        "loan edit": ("put", f"/api/admin/loans/{loan.pk}/edit", {}, "value"),
        "new savings": ("post", "/api/savings", {"player_id": player.pk}, "invested_value"),
        "savings quote": ("get", "/api/savings/quote", {}, "invested_value"),
        "savings edit": ("put", f"/api/admin/savings/{savings.pk}/edit", {}, "invested_value"),
        "withdrawal": (
            "post",
            "/api/withdrawal-requests",
            {
                "withdrawal_date": (timezone.localdate() + timedelta(days=1)).isoformat(),
                "withdrawal_time": "18:30",
                "player_timezone": 1,
            },
            "amount",
        ),
        "dividends": ("put", "/api/solo-dividends", {}, "dividends"),
    }


AMOUNT_CALLS = list(_amount_calls(Player(pk=1), Savings(pk=1), Loan(pk=1)))
ADMIN_CALLS = {"admin loan", "loan edit", "new savings", "savings edit", "dividends"}


def _send(client, method: str, path: str, body: dict):
    if method == "get":
        return client.get(path, body)
    if method == "put" and path == "/api/solo-dividends":
        return client.put(f"{path}?dividends={body['dividends']}")
    return getattr(client, method)(path, body, format="json")


@pytest.mark.parametrize("call", AMOUNT_CALLS)
@pytest.mark.usefixtures("high_threshold")
def test_every_call_that_takes_an_amount_takes_the_shortcuts(admin_user, rich_player, call):
    savings = Savings.objects.get(player=rich_player)
    loan = LoanFactory(player=rich_player)
    method, path, body, name = _amount_calls(rich_player, savings, loan)[call]
    client = bearer_for(admin_user if call in ADMIN_CALLS else rich_player.user)
    shortcut = _send(client, method, path, body | {name: "100k"})
    assert shortcut.status_code in {200, 201}, shortcut.json()
    refused = _send(client, method, path, body | {name: "1e5"})
    assert refused.status_code == 400
    assert list(refused.json()["fields"]) == [name]
