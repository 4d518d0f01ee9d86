from django.apps import AppConfig


class LendingConfig(AppConfig):
    name = "lending"
    verbose_name = "Loans and savings"

    def ready(self) -> None:
        # figures flow down to the lower apps through their hooks; their imports never come up here
        from bank.core import demo
        from credit import migration
        from lending.loans.selectors import loan_counts_for_credit
        from lending.savings.selectors import savings_counts_for_credit

        from .demo import seed_loans, seed_savings

        migration.register_source(loan_counts_for_credit)
        migration.register_source(savings_counts_for_credit)
        for seeder in (seed_loans, seed_savings):
            if seeder not in demo.seeders():
                demo.register(seeder)
