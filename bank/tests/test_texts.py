"""How the server writes days in the sentences people read (bank/texts.py)."""

from datetime import date

import pytest

from bank.texts import counted, day_text


@pytest.mark.parametrize(
    "day,text",
    [(date(2026, 11, 21), "21 Nov 2026"), (date(2027, 1, 1), "1 Jan 2027"), (date(2024, 2, 29), "29 Feb 2024")],
)
def test_a_day_reads_as_the_screens_write_it(day, text):
    assert day_text(day) == text


@pytest.mark.parametrize(
    "count,noun,plural,text",
    [
        (1, "savings account", None, "1 savings account"),
        (2, "savings account", None, "2 savings accounts"),
        (0, "overdue week", None, "0 overdue weeks"),
        (1_204, "account", None, "1,204 accounts"),
        (1, "entry", "entries", "1 entry"),
        (3, "entry", "entries", "3 entries"),
    ],
)
def test_a_count_agrees_with_its_noun_as_on_the_screens(count, noun, plural, text):
    assert counted(count, noun, plural) == text
