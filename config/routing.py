from django.urls import path

from operations.consumers import BankConsumer, RefuseWhileDown

websocket_urlpatterns = [path("ws/bank/", RefuseWhileDown(BankConsumer.as_asgi()))]
