from rest_framework import serializers

from .models import Player


class LoginIn(serializers.Serializer):
    username = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    password = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)


class SessionOut(serializers.Serializer):
    access_token = serializers.CharField()
    token_type = serializers.CharField(default="bearer")
    expires_at = serializers.DateTimeField()
    expires_in = serializers.IntegerField()


class LoginOut(SessionOut):
    username = serializers.CharField()
    is_admin = serializers.BooleanField()
    has_solo_access = serializers.BooleanField()
    player_id = serializers.IntegerField(allow_null=True)


class RegisterIn(serializers.Serializer):
    name = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    discord = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)
    password = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)


class VerifyTokenOut(serializers.Serializer):
    valid = serializers.BooleanField()
    has_solo_access = serializers.BooleanField()
    is_admin = serializers.BooleanField()
    username = serializers.CharField(allow_null=True)
    expires_at = serializers.DateTimeField(allow_null=True)


class PlayerOut(serializers.ModelSerializer):
    added_by = serializers.CharField(source="added_by.username", default=None, read_only=True, allow_null=True)
    has_password = serializers.BooleanField(read_only=True)

    class Meta:
        model = Player
        fields = [
            "id",
            "name",
            "discord",
            "added_by",
            "bad_payer",
            "client_type",
            "has_solo_access",
            "credit_score",
            "failed_attempts",
            "blocked_at",
            "created_at",
            "has_password",
        ]


class PlayerBriefOut(serializers.ModelSerializer):
    class Meta:
        model = Player
        fields = ["id", "name", "discord", "credit_score", "client_type", "bad_payer", "has_solo_access"]


class MeOut(serializers.Serializer):
    username = serializers.CharField()
    is_admin = serializers.BooleanField()
    has_solo_access = serializers.BooleanField()
    player = PlayerBriefOut(allow_null=True)


class PlayerUpdateIn(serializers.Serializer):
    bad_payer = serializers.BooleanField(required=False)
    has_solo_access = serializers.BooleanField(required=False)
    client_type = serializers.ChoiceField(choices=Player.ClientType.choices, required=False)


class PasswordIn(serializers.Serializer):
    new_password = serializers.CharField(required=False, allow_blank=True, trim_whitespace=False)


class WsTicketOut(serializers.Serializer):
    ticket = serializers.CharField()
    expires_at = serializers.DateTimeField()


class BlockedPlayersOut(serializers.Serializer):
    blocked_players = PlayerOut(many=True)


class PlayerSearchOut(serializers.Serializer):
    players = PlayerOut(many=True)
