from rest_framework import serializers

from bank.fields import TextField
from bank.inputs import InputSerializer


class DiscordLinkOut(serializers.Serializer):
    enabled = serializers.BooleanField(help_text="linking is set up in this bank (DISCORD_CLIENT_ID and secret)")
    linked = serializers.BooleanField()
    discord_id = serializers.CharField(allow_null=True, help_text="the linked Discord account's id")
    discord_username = serializers.CharField(help_text="the linked Discord account's name; blank when not linked")


class DiscordLinkStartOut(serializers.Serializer):
    authorize_url = serializers.CharField(help_text="Discord's page where the person allows the link")


class DiscordLinkCompleteIn(InputSerializer):
    code = TextField(label="code", max_length=200, required=True, allow_blank=False)
    state = TextField(label="state", max_length=500, required=True, allow_blank=False)
