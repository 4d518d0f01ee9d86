"""Thin views: parse, call one service or selector, answer."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_for_caller, player_of
from bank.errors import BankError
from bank.inputs import request_values
from bank.permissions import IsBankAdmin

from . import selectors, services
from .models import SoloDividends
from .serializers import (
    BankDataOut,
    DividendsOut,
    LoanCreateIn,
    LoanEditIn,
    LoanListOut,
    LoanOut,
    LoanRequestIn,
    LoansCheckOut,
    LoanUpdateIn,
    PaymentMarkOut,
    PayOffOut,
    PendingLoanDecisionOut,
    PendingLoanOut,
    PendingLoansOut,
    PlayerProductsOut,
)


def _loan_out(loan_id: int) -> dict:
    return LoanOut(selectors.loan_detail(loan_id=loan_id)).data


def _notes_param(description: str) -> OpenApiParameter:
    return OpenApiParameter("admin_notes", str, required=False, description=description)


# --- player --------------------------------------------------------------------------------


class LoanRequestCreateApi(APIView):
    @extend_schema(
        request=LoanRequestIn,
        responses={201: PendingLoanOut},
        summary="Ask for a loan (own player only; the server computes rate and total)",
    )
    def post(self, request):
        data = request_values(request)
        pending = services.loan_request_create(
            user=request.user,
            player_id=data.get("player_id"),
            value=data.get("value"),
            total_days=data.get("total_days"),
            request_reason=data.get("request_reason", ""),
        )
        return Response(PendingLoanOut(pending).data, status=status.HTTP_201_CREATED)


class MyBankDataApi(APIView):
    @extend_schema(
        responses={200: BankDataOut}, summary="The caller's own loans, savings, loan requests (and dividends)"
    )
    def get(self, request):
        player = player_of(request.user)
        if player is None:
            raise BankError(services.NO_PROFILE, code="not_found", status=404)
        return Response(BankDataOut(selectors.bank_data_for_player(player=player)).data)


class PlayerProductsApi(APIView):
    @extend_schema(
        responses={200: PlayerProductsOut}, summary="A player's savings, loans and loan requests (admin, or own)"
    )
    def get(self, request, pk: int):
        player = player_for_caller(user=request.user, player_id=pk)
        return Response(PlayerProductsOut(selectors.player_products(player=player)).data)


class SoloDividendsApi(APIView):
    @extend_schema(responses={200: DividendsOut}, summary="The solo dividends (admins and solo-access players)")
    def get(self, request):
        player = player_of(request.user)
        if not request.user.is_staff and not (player and player.has_solo_access):
            raise PermissionDenied("Solo dividends are for admins and solo-access players.")
        return Response({"dividends": selectors.solo_dividends_amount()})

    @extend_schema(
        request=None,
        parameters=[OpenApiParameter("dividends", int, required=False)],
        responses={200: DividendsOut},
        summary="Admin: set the solo dividends (a whole number, 0 or more)",
    )
    def put(self, request):
        if not request.user.is_staff:
            raise PermissionDenied("Only bank admins can do this.")
        value = request.query_params.get(
            "dividends", request.data.get("dividends") if isinstance(request.data, dict) else None
        )
        row: SoloDividends = services.solo_dividends_set(dividends=value, admin=request.user)
        return Response({"dividends": row.dividends})


# --- admin: loans --------------------------------------------------------------------------


class LoanCreateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(request=LoanCreateIn, responses={201: LoanOut}, summary="Admin Add Product: a loan for a player")
    def post(self, request):
        data = request_values(request)
        loan = services.loan_create(
            player_id=data.get("player_id"),
            value=data.get("value"),
            total_days=data.get("total_days"),
            notes=data.get("admin_notes", ""),
            admin=request.user,
        )
        return Response(_loan_out(loan.pk), status=status.HTTP_201_CREATED)


class LoanUpdateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        responses={200: LoanOut}, summary="Admin: one loan with its figures and its whole day-by-day history"
    )
    def get(self, request, pk: int):
        return Response(_loan_out(pk))

    @extend_schema(
        request=LoanUpdateIn,
        responses={200: PayOffOut},
        summary="Admin: pay a loan off (paid_off: true); 35% of its interest goes to the solo dividends, once",
    )
    def put(self, request, pk: int):
        data = request_values(request)
        wants_pay_off = data.get("paid_off") is True or ("paid_off" not in data and data.get("status") == "Paid-Off")
        if not wants_pay_off:
            message = "Only paying a loan off is supported here: send paid_off true"
            raise BankError(message, fields={"paid_off": [message]})
        loan, gain = services.loan_pay_off(loan_id=pk, admin=request.user)
        body = {"loan": selectors.loan_detail(loan_id=loan.pk), "solo_gain": gain, "detail": "Loan paid off"}
        return Response(PayOffOut(body).data)


class LoanPaymentApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[
            OpenApiParameter("payment_status", str, required=True, enum=["Paid", "Not Paid"]),
            OpenApiParameter(
                "date", str, required=False, description="YYYY-MM-DD, from the start date to today; default today"
            ),
        ],
        responses={200: PaymentMarkOut},
        summary="Admin: mark a loan day Paid or Not Paid (marking the day again replaces it)",
    )
    def post(self, request, pk: int):
        data = request_values(request)
        mark = services.loan_payment_mark(
            loan_id=pk, status=data.get("payment_status"), on_date=data.get("date"), admin=request.user
        )
        payment = mark.payment
        body = {
            "loan_id": payment.loan_id,
            "date": payment.date,
            "status": payment.status,
            "value": payment.value,
            "replaced": mark.replaced,
            "credit_points": mark.credit_points,
            "detail": f"Loan payment marked as {payment.status}",
        }
        return Response(PaymentMarkOut(body).data)


class LoanEditApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(request=LoanEditIn, responses={200: LoanOut}, summary="Admin: edit value, rate, days or notes")
    def put(self, request, pk: int):
        data = request_values(request)
        loan = services.loan_edit(
            loan_id=pk,
            value=data.get("value"),
            interest_rate=data.get("interest_rate"),
            total_days=data.get("total_days"),
            admin_notes=data.get("admin_notes"),
            admin=request.user,
        )
        return Response(_loan_out(loan.pk))


class LoanChangeDateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[OpenApiParameter("new_date", str, required=True, description="YYYY-MM-DD")],
        responses={200: LoanOut},
        summary="Admin: move a loan's start date (1 January this year to 31 December next year)",
    )
    def put(self, request, pk: int):
        loan = services.loan_change_date(
            loan_id=pk, new_date=request_values(request).get("new_date"), admin=request.user
        )
        return Response(_loan_out(loan.pk))


class LoanChangeDaysApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[OpenApiParameter("new_days", int, required=True)],
        responses={200: LoanOut},
        summary="Admin: change a loan's number of days (the daily payment follows)",
    )
    def put(self, request, pk: int):
        loan = services.loan_change_days(
            loan_id=pk, new_days=request_values(request).get("new_days"), admin=request.user
        )
        return Response(_loan_out(loan.pk))


class LoansCheckApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(responses={200: LoansCheckOut}, summary="Admin Check Loans: the Active loans with today's status")
    def get(self, request):
        return Response(LoansCheckOut({"loans": selectors.loans_check()}).data)


class LoanListApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(responses={200: LoanListOut}, summary="Admin: every loan, newest first (the Report table)")
    def get(self, request):
        return Response(LoanListOut({"loans": selectors.loan_list_all()}).data)


# --- admin: loan requests ------------------------------------------------------------------


class PendingLoansAdminApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(responses={200: PendingLoansOut}, summary="Admin: every loan request still pending, oldest first")
    def get(self, request):
        rows = list(selectors.pending_loans_open())
        return Response(PendingLoansOut({"pending_loans": rows, "count": len(rows)}).data)


class LoanRequestApproveApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[_notes_param("optional approval note")],
        responses={200: PendingLoanDecisionOut},
        summary="Admin: approve a loan request; it becomes an Active loan starting today",
    )
    def put(self, request, pk: int):
        loan = services.loan_request_approve(
            request_id=pk, notes=request_values(request).get("admin_notes", ""), admin=request.user
        )
        body = {
            "pending_loan": selectors.pending_loan_detail(request_id=pk),
            "loan": selectors.loan_detail(loan_id=loan.pk),
            "detail": "Pending loan approved and converted to active loan!",
        }
        return Response(PendingLoanDecisionOut(body).data)


class LoanRequestDenyApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[_notes_param("the reason, required")],
        responses={200: PendingLoanDecisionOut},
        summary="Admin: deny a loan request (a reason is required)",
    )
    def put(self, request, pk: int):
        services.loan_request_deny(request_id=pk, reason=request_values(request).get("admin_notes"), admin=request.user)
        body = {
            "pending_loan": selectors.pending_loan_detail(request_id=pk),
            "loan": None,
            "detail": "Pending loan denied.",
        }
        return Response(PendingLoanDecisionOut(body).data)
