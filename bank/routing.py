from django.urls import path

from .consumers import BankConsumer

websocket_urlpatterns = [path("ws/bank/", BankConsumer.as_asgi())]
