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
        self._connect_request_log()

    @staticmethod
    def _connect_request_log() -> None:
        """Each request's line and its id (bank/request_log.py), on django-structlog's signals."""
        from django_structlog import signals

        from . import request_log

        signals.bind_extra_request_metadata.connect(request_log.started, dispatch_uid="bank.request_log.started")
        signals.bind_extra_request_finished_metadata.connect(
            request_log.finished, dispatch_uid="bank.request_log.finished"
        )
        signals.bind_extra_request_failed_metadata.connect(request_log.failed, dispatch_uid="bank.request_log.failed")
        signals.update_failure_response.connect(request_log.failure_answered, dispatch_uid="bank.request_log.failure")
