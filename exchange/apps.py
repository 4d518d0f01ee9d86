from django.apps import AppConfig


class ExchangeConfig(AppConfig):
    name = "exchange"
    verbose_name = "Pearl exchange"

    def ready(self) -> None:
        from bank.core import demo

        from .demo import seed_exchanges

        if seed_exchanges not in demo.seeders():
            demo.register(seed_exchanges)
