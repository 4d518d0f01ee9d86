from django.apps import AppConfig


class BankConfig(AppConfig):
    name = "bank"
    verbose_name = "Guild Bank"

    def ready(self):
        from bank import demo

        from .demo_states import seed_admin_states

        if seed_admin_states not in demo.seeders():
            demo.register(seed_admin_states)
