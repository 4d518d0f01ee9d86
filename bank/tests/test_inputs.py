import pytest

from bank.errors import BankError
from bank.inputs import whole_number


@pytest.mark.parametrize("raw,expected", [(1500, 1500), ("1500", 1500), (" 1,500 ", 1500), (1500.0, 1500), ("-3", -3)])
def test_whole_numbers_are_read(raw, expected):
    assert whole_number(raw, field="points") == expected


@pytest.mark.parametrize("raw", [None, True, "", "1.5", 1.5, "abc", "1e3", float("inf"), [1], {"a": 1}])
def test_anything_else_is_a_400_naming_the_field(raw):
    with pytest.raises(BankError) as error:
        whole_number(raw, field="points")
    assert error.value.status == 400
    assert error.value.detail == "points must be a whole number"
    assert error.value.fields == {"points": ["Must be a whole number."]}


def test_bounds_name_the_allowed_range():
    with pytest.raises(BankError, match="dividends must be between 0 and 1,000"):
        whole_number("1001", field="dividends", minimum=0, maximum=1000)
    with pytest.raises(BankError, match="loan_id must be at least 1"):
        whole_number(0, field="loan_id", minimum=1)
    with pytest.raises(BankError, match="days must be at most 10"):
        whole_number(11, field="days", maximum=10)
    assert whole_number(0, field="dividends", minimum=0, maximum=1000) == 0
