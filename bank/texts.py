"""How the server writes a day in a sentence a person reads (plumbing: imports no app).

Dates in texts and badges read `21 Nov 2026`, as the screens write them (frontend/src/lib/dates.ts);
ISO `YYYY-MM-DD` stays for data: JSON values, CSV statements, inputs (docs/rules.md, "Screens").
"""

from datetime import date

# English month abbreviations, written out: strftime's %b follows the process locale
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def day_text(day: date) -> str:
    """`date(2026, 11, 21)` -> `21 Nov 2026`."""
    return f"{day.day} {_MONTHS[day.month - 1]} {day.year}"


def counted(count: int, noun: str, plural: str | None = None) -> str:
    """A count with its noun agreeing, as the screens write it (frontend/src/lib/plural.ts):
    `counted(1, "savings account")` -> `1 savings account`, `counted(1200, "week")` -> `1,200 weeks`."""
    return f"{count:,} {noun if count == 1 else plural or noun + 's'}"
