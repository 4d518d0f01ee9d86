import json

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bank import clock
from bank.inputs import parse

from . import interactions, linking, signature
from .serializers import DiscordLinkCompleteIn, DiscordLinkOut, DiscordLinkStartOut

# where Discord sends the browser back after "Link Discord" (README, "Discord application": the
# redirect registered with the application); a screen of the app, which completes the link
REDIRECT_PATH = "/discord/linked"


class DiscordLinkApi(APIView):
    @extend_schema(responses={200: DiscordLinkOut}, summary="Your linked Discord account, if any")
    def get(self, request):
        return Response(DiscordLinkOut(linking.status_of(request.user)).data)

    @extend_schema(
        request=None,
        responses={200: DiscordLinkStartOut},
        summary="Start linking a Discord account: the address of Discord's page to send the browser to",
    )
    def post(self, request):
        url = linking.start(user=request.user, redirect_uri=request.build_absolute_uri(REDIRECT_PATH))
        return Response(DiscordLinkStartOut({"authorize_url": url}).data)

    @extend_schema(request=None, responses={200: DiscordLinkOut}, summary="Unlink your Discord account")
    def delete(self, request):
        return Response(DiscordLinkOut(linking.unlink(user=request.user)).data)


class DiscordLinkCompleteApi(APIView):
    @extend_schema(
        request=DiscordLinkCompleteIn,
        responses={
            200: DiscordLinkOut,
            400: OpenApiResponse(
                description="the state is forged, expired, another account's or used; or Discord refused the code"
            ),
            409: OpenApiResponse(
                description="the Discord account is linked to another bank account; or linking is not set up"
            ),
            503: OpenApiResponse(description="Discord did not answer: nothing was linked, try again"),
        },
        summary="Finish linking: the code and state Discord sent back; the state must be yours and unused",
    )
    def post(self, request):
        data = parse(DiscordLinkCompleteIn, request, query=False)
        linked = linking.complete(user=request.user, code=data["code"], state=data["state"])
        return Response(DiscordLinkOut(linked).data)


def _refused(detail: str, code: str, answer_status: int) -> Response:
    return Response({"detail": detail, "code": code}, status=answer_status)


class InteractionsApi(APIView):
    """Discord's calls (slash commands; PING when the endpoint is saved): signed by Discord, never by a
    bank token. Answers in Discord's interaction-response shape."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        request=inline_serializer("DiscordInteractionIn", {"type": serializers.IntegerField()}),
        responses={
            200: inline_serializer("DiscordInteractionAnswerOut", {"type": serializers.IntegerField()}),
            400: OpenApiResponse(description="the signed body is not an interaction (no type, or no id)"),
            401: OpenApiResponse(
                description="bad signature, a timestamp more than 5 minutes old, or no DISCORD_PUBLIC_KEY set"
            ),
        },
        summary="Discord's interactions endpoint (signed with the application's Ed25519 key)",
    )
    def post(self, request):
        public_key = settings.DISCORD_PUBLIC_KEY
        if not public_key:
            # without the key nothing can be verified: refused as any unverified call is
            return _refused("Discord interactions are not set up in this bank.", "discord_off", 401)
        body = request.body
        why = signature.verify(
            public_key_hex=public_key,
            signature_hex=request.headers.get("X-Signature-Ed25519", ""),
            timestamp=request.headers.get("X-Signature-Timestamp", ""),
            body=body,
            now=clock.now().timestamp(),
        )
        if why is not None:
            return _refused(why, "bad_signature", status.HTTP_401_UNAUTHORIZED)
        try:
            interaction = json.loads(body)
        except ValueError:
            interaction = None
        if not isinstance(interaction, dict) or not isinstance(interaction.get("type"), int):
            return _refused("The interaction is not a JSON object with a type.", "invalid_body", 400)
        if interaction["type"] != 1 and not str(interaction.get("id", "")).isdigit():
            return _refused("The interaction has no id.", "invalid_body", 400)
        return Response(interactions.handle(interaction, site_url=request.build_absolute_uri("/")))
