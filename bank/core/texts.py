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
