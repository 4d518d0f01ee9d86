"""Views of what reads both domains: the caller's bank data and a player's products."""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_for_call

from . import selectors
from .serializers import BankDataOut, PlayerProductsOut


class MyBankDataApi(APIView):
    @extend_schema(
        responses={200: BankDataOut}, summary="The caller's own loans, savings, loan requests (and dividends)"
    )
    def get(self, request):
        player = player_for_call(user=request.user, player_id=None)
        # the selector answers BankDataOut's shape as it is: no second pass through serializers
        return Response(selectors.bank_data_for_player(player=player))


class PlayerProductsApi(APIView):
    @extend_schema(
        responses={200: PlayerProductsOut}, summary="A player's savings, loans and loan requests (admin, or own)"
    )
    def get(self, request, pk: int):
        player = player_for_call(user=request.user, player_id=pk)
        return Response(selectors.player_products(player=player))  # PlayerProductsOut's shape
