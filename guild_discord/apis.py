from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from bank.inputs import parse

from . import linking
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
        responses={200: DiscordLinkOut},
        summary="Finish linking: the code and state Discord sent back; the state must be yours and unused",
    )
    def post(self, request):
        data = parse(DiscordLinkCompleteIn, request, query=False)
        linked = linking.complete(user=request.user, code=data["code"], state=data["state"])
        return Response(DiscordLinkOut(linked).data)
