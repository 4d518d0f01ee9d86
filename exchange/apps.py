from django.apps import AppConfig


class ExchangeConfig(AppConfig):
    name = "exchange"
    verbose_name = "Pearl exchange"

    def ready(self) -> None:
        from bank import decisions, demo, vocabulary

        from .demo import seed_exchanges
        from .services import exchanges_asked
        from .vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
        decisions.register_asked(exchanges_asked)

        if seed_exchanges not in demo.seeders():
            demo.register(seed_exchanges)
