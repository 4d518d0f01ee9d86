"""The books begin: one opening entry per balance that exists when the ledger arrives (issue 20).

Each savings account's balance, each loan's paid days and each pay-off's solo gain, and whatever the
solo dividends hold beyond those gains, become entries, so that `reconcile` finds today's bank
balanced and every later change is an entry of its own.
"""

from django.db import migrations
from django.db.models import Sum


def opening_entries(apps, schema_editor):
    LedgerEntry = apps.get_model("bank", "LedgerEntry")
    Savings = apps.get_model("lending", "Savings")
    Loan = apps.get_model("lending", "Loan")
    LoanPayment = apps.get_model("lending", "LoanPayment")
    SoloDividends = apps.get_model("lending", "SoloDividends")
    opening = "Opening balance when the books began"
    entries = [
        LedgerEntry(
            amount=balance,
            from_account="bank",
            to_account="savings",
            to_id=savings_id,
            reason="opening_balance",
            player_id=player_id,
            cause_type="savings",
            cause_id=savings_id,
            notes=opening,
        )
        for savings_id, player_id, balance in Savings.objects.filter(invested_value__gt=0).values_list(
            "pk", "player_id", "invested_value"
        )
    ]
    paid = LoanPayment.objects.filter(status="Paid").values("loan_id", "loan__player_id").annotate(paid=Sum("value"))
    entries += [
        LedgerEntry(
            amount=row["paid"],
            from_account="player",
            from_id=row["loan__player_id"],
            to_account="loan",
            to_id=row["loan_id"],
            reason="opening_balance",
            player_id=row["loan__player_id"],
            cause_type="loan",
            cause_id=row["loan_id"],
            notes=opening,
        )
        for row in paid
        if row["paid"]
    ]
    gains = 0
    for loan_id, player_id, gain in Loan.objects.filter(solo_gain__gt=0).values_list("pk", "player_id", "solo_gain"):
        gains += gain
        entries.append(
            LedgerEntry(
                amount=gain,
                from_account="bank",
                to_account="solo_dividends",
                reason="solo_gain",
                player_id=player_id,
                cause_type="loan",
                cause_id=loan_id,
                notes=opening,
            )
        )
    dividends = SoloDividends.objects.filter(pk=1).values_list("dividends", flat=True).first() or 0
    rest = dividends - gains  # the admins' edits since: what the dividends hold beyond the gains
    if rest:
        entries.append(
            LedgerEntry(
                amount=abs(rest),
                from_account="bank" if rest > 0 else "solo_dividends",
                to_account="solo_dividends" if rest > 0 else "bank",
                reason="opening_balance",
                notes=opening,
            )
        )
    LedgerEntry.objects.bulk_create(entries, batch_size=1_000)


class Migration(migrations.Migration):
    dependencies = [
        ("lending", "0005_loanpayment_paid_sum_index"),
        ("bank", "0004_ledger"),
    ]

    operations = [migrations.RunPython(opening_entries, migrations.RunPython.noop)]
