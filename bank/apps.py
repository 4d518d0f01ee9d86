from django.apps import AppConfig


class BankConfig(AppConfig):
    """The plumbing: what every app may import (idempotency records, the audit trail, the outbox,
    the ledger, the decisions, the bank's settings)."""

    name = "bank"
    verbose_name = "Guild Bank plumbing"

    def ready(self) -> None:
        from . import (
            controls,  # noqa: F401  (registers the bank settings' change with the decisions)
            vocabulary,
        )
        from .own_vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
