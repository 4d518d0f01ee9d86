from django.apps import AppConfig


class OperationsConfig(AppConfig):
    """The bank-wide features, which read every app: the Overview, backups, reconcile, the daily jobs,
    statements, the audit trail and ledger views, the socket."""

    name = "operations"
    verbose_name = "Guild Bank operations"

    def ready(self):
        from bank import demo, vocabulary

        from .demo_states import seed_admin_states
        from .vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
        if seed_admin_states not in demo.seeders():
            demo.register(seed_admin_states)
