from django.apps import AppConfig


class ExchangeConfig(AppConfig):
    name = "exchange"
    verbose_name = "Pearl exchange"
