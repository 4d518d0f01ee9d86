"""How the server writes days in the sentences people read (bank/core/texts.py)."""

from datetime import date

import pytest

from bank.core.texts import day_text


@pytest.mark.parametrize(
    "day,text",
    [(date(2026, 11, 21), "21 Nov 2026"), (date(2027, 1, 1), "1 Jan 2027"), (date(2024, 2, 29), "29 Feb 2024")],
)
def test_a_day_reads_as_the_screens_write_it(day, text):
    assert day_text(day) == text
