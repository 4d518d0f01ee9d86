from django.apps import AppConfig


class BankConfig(AppConfig):
    """The site layer: settings, urls, the socket, and the features that read every app."""

    name = "bank"
    label = "site"  # "bank" belongs to the plumbing's models (bank.core)
    verbose_name = "Guild Bank"

    def ready(self):
        from bank.core import demo, vocabulary

        from .demo_states import seed_admin_states
        from .vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
        if seed_admin_states not in demo.seeders():
            demo.register(seed_admin_states)
