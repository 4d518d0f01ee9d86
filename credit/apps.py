from django.apps import AppConfig


class CreditConfig(AppConfig):
    name = "credit"
    verbose_name = "Credit score"
