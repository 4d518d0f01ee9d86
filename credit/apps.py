from django.apps import AppConfig


class CreditConfig(AppConfig):
    name = "credit"
    verbose_name = "Credit score"

    def ready(self) -> None:
        from bank import vocabulary

        from .vocabulary import VOCABULARY

        vocabulary.register(VOCABULARY)
