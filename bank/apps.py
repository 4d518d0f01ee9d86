from django.apps import AppConfig


class BankConfig(AppConfig):
    name = "bank"
    verbose_name = "Guild Bank"
