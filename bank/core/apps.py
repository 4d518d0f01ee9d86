from django.apps import AppConfig


class CoreConfig(AppConfig):
    """The plumbing's models (idempotency records, the audit trail, the outbox, the ledger, the daily
    jobs' runs) keep the app label "bank" that they always had: their tables and migrations stay."""

    name = "bank.core"
    label = "bank"
    verbose_name = "Guild Bank plumbing"

    def ready(self) -> None:
        from . import (
            controls,  # noqa: F401  (registers the bank settings' change with the decisions)
            vocabulary,
        )
        from .own_vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
