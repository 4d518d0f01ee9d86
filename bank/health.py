"""Health and keep-alive: no authentication, JSON answers."""

import asyncio
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection
from django.utils import timezone
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView


async def _channel_layer_round_trip() -> None:
    layer = get_channel_layer()
    channel = await layer.new_channel("health.")
    token = uuid.uuid4().hex
    await layer.send(channel, {"type": "health.ping", "token": token})
    message = await asyncio.wait_for(layer.receive(channel), timeout=2)
    if message.get("token") != token:
        raise RuntimeError("channel layer answered another message")


def check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def check_channel_layer() -> None:
    async_to_sync(_channel_layer_round_trip)()


HealthOut = inline_serializer(
    "HealthOut",
    {"status": serializers.CharField(), "database": serializers.CharField(), "channel_layer": serializers.CharField()},
)
AliveOut = inline_serializer("AliveOut", {"status": serializers.CharField(), "time": serializers.DateTimeField()})


class HealthApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(responses={200: HealthOut, 503: HealthOut}, summary="Database and channel layer both answer")
    def get(self, request):
        body = {"status": "ok", "database": "ok", "channel_layer": "ok"}
        for part, check in (("database", check_database), ("channel_layer", check_channel_layer)):
            try:
                check()
            except Exception as error:  # noqa: BLE001 - a health check reports every failure, whatever its kind
                body[part] = f"error: {type(error).__name__}"
                body["status"] = "unavailable"
        return Response(body, status=200 if body["status"] == "ok" else 503)


class AliveApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    needs_no_database = True

    @extend_schema(responses={200: AliveOut}, summary="Keep-alive: the server is up")
    def get(self, request):
        return Response({"status": "ok", "time": timezone.now().isoformat()})
