from django.apps import AppConfig


class LendingConfig(AppConfig):
    name = "lending"
    verbose_name = "Loans and savings"

    def ready(self) -> None:
        # figures flow down to the lower apps through their hooks; their imports never come up here
        from bank import controls, decisions, demo, vocabulary
        from credit import migration
        from lending.loans import services as loan_services
        from lending.loans.selectors import (
            loan_counts_for_credit,
            loan_counts_sql,
            loan_requests_asked,
            rule_rates_within_bounds,
        )
        from lending.savings import services as savings_services
        from lending.savings.selectors import savings_counts_for_credit, savings_counts_sql

        from .demo import seed_loans, seed_savings
        from .vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
        migration.register_source(loan_counts_for_credit, grouped=loan_counts_sql)
        migration.register_source(savings_counts_for_credit, grouped=savings_counts_sql)
        loan_services.register_changes()
        savings_services.register_changes()
        decisions.register_asked(loan_requests_asked)
        controls.register_bound_check(rule_rates_within_bounds)
        for seeder in (seed_loans, seed_savings):
            if seeder not in demo.seeders():
                demo.register(seeder)
