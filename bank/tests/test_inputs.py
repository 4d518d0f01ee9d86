"""parse(): every call's query string and JSON body through one serializer (bank/inputs.py)."""

import pytest
from rest_framework import serializers
from rest_framework.test import APIRequestFactory
from rest_framework.views import APIView

from bank.errors import BankError
from bank.fields import WholeNumberField
from bank.inputs import NOT_AN_OBJECT, InputSerializer, parse


class PointsIn(InputSerializer):
    points = WholeNumberField(min_value=0, max_value=1_000)
    page = WholeNumberField(required=False)


def request(method: str, path: str, body=None):
    factory = APIRequestFactory()
    raw = getattr(factory, method)(path, body, format="json") if body is not None else getattr(factory, method)(path)
    return APIView().initialize_request(raw)


def test_the_body_wins_over_the_query_string():
    assert parse(PointsIn, request("put", "/x?points=5&page=2", {"points": 7})) == {"points": 7, "page": 2}


def test_a_body_that_is_not_a_json_object_is_a_400():
    with pytest.raises(BankError) as error:
        parse(PointsIn, request("put", "/x", [1, 2]))
    assert (error.value.status, error.value.detail) == (400, NOT_AN_OBJECT)


class IdsIn(InputSerializer):
    ids = serializers.ListField(child=WholeNumberField())


def test_a_bare_list_stands_for_the_field_list_as_names_and_nothing_else():
    assert parse(IdsIn, request("delete", "/x", [3, 4]), list_as="ids") == {"ids": [3, 4]}
    assert parse(IdsIn, request("delete", "/x", {"ids": [5]}), list_as="ids") == {"ids": [5]}
    with pytest.raises(BankError) as error:
        parse(IdsIn, request("delete", "/x", "3,4"), list_as="ids")
    assert error.value.detail == NOT_AN_OBJECT


def test_the_query_string_is_left_out_when_a_call_reads_only_its_body():
    assert parse(PointsIn, request("post", "/x?page=2", {"points": 7}), query=False) == {"points": 7}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/login", "/api/register"])
def test_sign_in_and_registration_refuse_a_body_that_is_not_an_object(api, path):
    response = api.post(path, [1, 2], format="json")
    assert (response.status_code, response.json()["detail"]) == (400, NOT_AN_OBJECT)


@pytest.mark.parametrize("points", ["1,500", 1500.0, "1e3", "١٠", "1_000", True])
def test_a_whole_number_is_ascii_digits_or_a_json_integer(points):
    from rest_framework.exceptions import ValidationError

    with pytest.raises(ValidationError) as error:
        parse(PointsIn, request("put", "/x", {"points": points}))
    assert list(error.value.detail) == ["points"]


def test_a_missing_field_is_named():
    from rest_framework.exceptions import ValidationError

    with pytest.raises(ValidationError) as error:
        parse(PointsIn, request("put", "/x", {}))
    assert error.value.detail["points"] == ["points is required"]


@pytest.mark.parametrize(
    "body,code",
    [
        ({}, "missing_fields"),  # points left out
        ({"points": None}, "missing_fields"),
        ({"points": "lots"}, "invalid"),
        ({"points": 5, "page": "x"}, "invalid"),
    ],
)
def test_the_code_of_a_refusal_says_whether_its_detail_asks_to_fill_something_in(body, code):
    from rest_framework.exceptions import ValidationError

    from bank.errors import exception_handler

    with pytest.raises(ValidationError) as error:
        parse(PointsIn, request("put", "/x", body))
    answer = exception_handler(error.value, {})
    assert (answer.status_code, answer.data["code"]) == (400, code)
