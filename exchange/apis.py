"""Thin views of the pearl exchange: parse the call's input, call one service or selector, answer."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_for_call
from bank.decisions import AwaitingSecondApproval
from bank.idempotency import IDEMPOTENCY_KEY_HEADER, idempotent
from bank.inputs import parse
from bank.paging import page_of
from bank.permissions import IsBankAdmin, IsPlayer

from . import selectors, services
from .serializers import (
    DecisionIn,
    DecisionOut,
    ExchangeAwaitingOut,
    ExchangeRequestIn,
    ExchangeRequestOut,
    HistoryOut,
    ListIn,
    ListOut,
    QuoteIn,
    QuoteOut,
    SettingsAnswerOut,
    SettingsIn,
)


class ExchangeSettingsApi(APIView):
    @extend_schema(
        responses={200: SettingsAnswerOut}, summary="The pearl rates (any signed-in user: the form shows them)"
    )
    def get(self, request):
        return Response(SettingsAnswerOut({"settings": selectors.exchange_settings()}).data)

    @extend_schema(
        request=None,
        parameters=[SettingsIn],
        responses={200: SettingsAnswerOut},
        summary="Admin: set the sell and buy rates (positive whole bread per pearl, sell below buy)",
    )
    def put(self, request):
        if not IsBankAdmin().has_permission(request, self):
            self.permission_denied(request, message=IsBankAdmin.message)
        data = parse(SettingsIn, request)
        services.exchange_settings_set(
            admin=request.user, sell_rate=data.get("sell_rate"), buy_rate=data.get("buy_rate")
        )
        return Response(SettingsAnswerOut({"settings": selectors.exchange_settings()}).data)


class ExchangeQuoteApi(APIView):
    @extend_schema(
        parameters=[QuoteIn],
        responses={200: QuoteOut},
        summary="The Exchange Pearls form's preview: pearls x today's rate, from the server",
    )
    def get(self, request):
        data = parse(QuoteIn, request, body=False)
        quote = selectors.exchange_quote(exchange_type=data["exchange_type"], pearls_amount=data.get("pearls_amount"))
        return Response(QuoteOut(quote).data)


class ExchangeRequestCreateApi(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(
        request=ExchangeRequestIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={201: ExchangeRequestOut},
        summary="Ask to sell pearls (cash out, new or existing savings) or buy them (paid from one of your savings)",
    )
    @idempotent
    def post(self, request):
        data = parse(ExchangeRequestIn, request)
        exchange = services.exchange_request_create(
            user=request.user,
            player_id=data.get("player_id"),
            exchange_type=data["exchange_type"],
            pearls_amount=data["pearls_amount"],
            savings_option=data["savings_option"],
            savings_id=data["savings_id"],
        )
        return Response(ExchangeRequestOut(exchange).data, status=status.HTTP_201_CREATED)


class ExchangeRequestCancelApi(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: ExchangeRequestOut},
        summary="Cancel your own pearl exchange request before it is decided (409 once it is)",
    )
    @idempotent
    def put(self, request, pk: int):
        exchange = services.exchange_request_cancel(request_id=pk, user=request.user)
        return Response(ExchangeRequestOut(exchange).data)


class ExchangeHistoryApi(APIView):
    @extend_schema(
        responses={200: HistoryOut}, summary="A player's pearl exchange requests, newest first (own, or admin)"
    )
    def get(self, request, pk: int):
        player = player_for_call(user=request.user, player_id=pk)
        return Response(
            HistoryOut({"pearl_exchange_history": selectors.exchange_history_for_player(player=player)}).data
        )


class ExchangeListApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[ListIn], responses={200: ListOut}, summary="Admin: pearl exchange requests, pending first"
    )
    def get(self, request):
        data = parse(ListIn, request, body=False)
        page = page_of(data)
        listed = selectors.exchange_requests_admin(status=data.get("status"), offset=page.offset, limit=page.size)
        return Response(ListOut(listed | page.answer(listed["count"])).data)


class ExchangeApproveApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[DecisionIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: DecisionOut, 202: ExchangeAwaitingOut},
        summary="Admin: approve; a sale opens or grows savings (or cashes out), a purchase is paid from savings "
        "(above the four-eyes threshold: 202 until a second officer approves)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(DecisionIn, request)
        exchange = services.exchange_request_approve(
            request_id=pk, notes=data.get("admin_notes", ""), admin=request.user
        )
        if isinstance(exchange, AwaitingSecondApproval):
            body = exchange.answer() | {"detail": exchange.detail, "pearl_exchange_request": exchange.request}
            return Response(ExchangeAwaitingOut(body).data, status=status.HTTP_202_ACCEPTED)
        return Response(
            DecisionOut({"pearl_exchange_request": exchange, "detail": "Pearl exchange request approved."}).data
        )


class ExchangeDenyApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[DecisionIn],
        responses={200: DecisionOut},
        summary="Admin: deny (a reason is required)",
    )
    def put(self, request, pk: int):
        data = parse(DecisionIn, request)
        exchange = services.exchange_request_deny(request_id=pk, reason=data.get("admin_notes", ""), admin=request.user)
        return Response(
            DecisionOut({"pearl_exchange_request": exchange, "detail": "Pearl exchange request denied."}).data
        )
