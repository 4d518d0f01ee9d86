"""Thin views: parse the call's input with its serializer, call one service or selector, answer."""

from django.db import transaction
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.response import Response
from rest_framework.views import APIView

from bank import clock
from bank.decisions import AwaitingSecondApproval, ChangeAwaitingOut, awaiting_response
from bank.errors import BankError
from bank.idempotency import IDEMPOTENCY_KEY_HEADER, idempotent
from bank.inputs import parse
from bank.paging import PageIn, page_of
from bank.permissions import IsBankAdmin, IsPlayer, OfficerRole
from lending.callers import quoted_player
from lending.fields import ChangeDateIn, DecisionIn

from . import selectors, services
from .permissions import SoloDividendsAccess
from .serializers import (
    ChangeDaysIn,
    DividendsIn,
    DividendsOut,
    LoanCreateIn,
    LoanEditIn,
    LoanLimitsOut,
    LoanOut,
    LoanQuoteIn,
    LoanQuoteOut,
    LoanRequestAwaitingOut,
    LoanRequestIn,
    LoansCheckIn,
    LoansCheckOut,
    LoanUpdateIn,
    PaymentMarkIn,
    PaymentMarkOut,
    PayOffOut,
    PendingLoanDecisionOut,
    PendingLoanOut,
    PendingLoansOut,
    WriteOffIn,
)


def _awaiting(awaiting: AwaitingSecondApproval) -> Response:
    """202: the first of two approvals is recorded; the request waits for a second officer."""
    body = awaiting.answer() | {
        "detail": awaiting.detail,
        "pending_loan": selectors.pending_loan_detail(request_id=awaiting.request.pk, for_officer=True),
    }
    return Response(LoanRequestAwaitingOut(body).data, status=status.HTTP_202_ACCEPTED)


def _loan_out(loan_id: int) -> dict:
    return LoanOut(selectors.loan_detail(loan_id=loan_id)).data


# --- player --------------------------------------------------------------------------------


class LoanRequestCreateApi(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(
        request=LoanRequestIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={201: PendingLoanOut},
        summary="Ask for a loan (a player, for their own id; the server computes rate and total)",
    )
    @idempotent
    def post(self, request):
        data = parse(LoanRequestIn, request)
        with transaction.atomic():  # the answer read with the write (a restore waits for it)
            pending = services.loan_request_create(
                user=request.user,
                player_id=data.get("player_id"),
                value=data["value"],
                total_days=data["total_days"],
                request_reason=data.get("request_reason", ""),
            )
            row = selectors.pending_loan_detail(request_id=pending.pk)
        return Response(PendingLoanOut(row).data, status=status.HTTP_201_CREATED)


class LoanRequestCancelApi(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: PendingLoanOut},
        summary="Cancel your own loan request before it is decided (409 once it is)",
    )
    @idempotent
    def put(self, request, pk: int):
        services.loan_request_cancel(request_id=pk, user=request.user)
        return Response(PendingLoanOut(selectors.pending_loan_detail(request_id=pk)).data)


class LoanQuoteApi(APIView):
    @extend_schema(
        parameters=[LoanQuoteIn],
        responses={200: LoanQuoteOut},
        summary="A loan's price for a player, as the request would compute it (the forms' preview)",
    )
    def get(self, request):
        data = parse(LoanQuoteIn, request, body=False)
        player = quoted_player(request, data.get("player_id"))
        quote = selectors.loan_quote(player=player, value=data.get("value"), total_days=data.get("total_days"))
        return Response(LoanQuoteOut(quote).data)


class LoanLimitsApi(APIView):
    @extend_schema(responses={200: LoanLimitsOut}, summary="The bounds of loan amounts, days, rates, notes and dates")
    def get(self, request):
        return Response(LoanLimitsOut(selectors.loan_limits(today=clock.today())).data)


class SoloDividendsApi(APIView):
    # the default classes (a signed-in caller; an officer with the route's role), then who may read or set them
    permission_classes = [IsAuthenticated, OfficerRole, SoloDividendsAccess]

    @extend_schema(responses={200: DividendsOut}, summary="The solo dividends (admins and solo-access players)")
    def get(self, request):
        return Response(DividendsOut({"dividends": selectors.solo_dividends_amount()}).data)

    @extend_schema(
        request=None,
        parameters=[DividendsIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: DividendsOut, 202: ChangeAwaitingOut},
        summary="Admin: set the solo dividends (a whole number, 0 or more; 202 when it waits for a second officer)",
    )
    @idempotent
    def put(self, request):
        data = parse(DividendsIn, request)
        row = services.solo_dividends_set(dividends=data["dividends"], admin=request.user)
        if isinstance(row, AwaitingSecondApproval):
            return awaiting_response(row)
        return Response(DividendsOut({"dividends": row.dividends}).data)


# --- admin: loans --------------------------------------------------------------------------


class LoanCreateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=LoanCreateIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={201: LoanOut, 202: LoanRequestAwaitingOut},
        summary="Admin Add Product: a loan for a player (above the four-eyes threshold: 202, a pending "
        "proposal that a second officer approves)",
    )
    @idempotent
    def post(self, request):
        data = parse(LoanCreateIn, request)
        loan = services.loan_create(
            player_id=data["player_id"],
            value=data["value"],
            total_days=data.get("total_days"),
            notes=data.get("admin_notes", ""),
            admin=request.user,
        )
        if isinstance(loan, AwaitingSecondApproval):
            return _awaiting(loan)
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
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: PayOffOut, 202: ChangeAwaitingOut},
        summary="Admin: pay a loan off (paid_off: true): the rest is recorded as paid at once in the game, and 35% of "
        "its interest goes to the solo dividends, once (202 when it waits for a second officer)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(LoanUpdateIn, request)
        wants_pay_off = data.get("paid_off") is True or ("paid_off" not in data and data.get("status") == "Paid-Off")
        if not wants_pay_off:
            message = "Only paying a loan off is supported here: send paid_off true"
            raise BankError(message, fields={"paid_off": [message]})
        result = services.loan_pay_off(loan_id=pk, admin=request.user)
        if isinstance(result, AwaitingSecondApproval):
            return awaiting_response(result)
        loan, gain = result
        body = {"loan": selectors.loan_detail(loan_id=loan.pk), "solo_gain": gain, "detail": "Loan paid off"}
        return Response(PayOffOut(body).data)


class LoanPaymentApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[PaymentMarkIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: PaymentMarkOut, 202: ChangeAwaitingOut},
        summary="Admin: mark a loan day Paid or Not Paid (marking the day again replaces it; 202 when it waits for a "
        "second officer)",
    )
    @idempotent
    def post(self, request, pk: int):
        data = parse(PaymentMarkIn, request)
        mark = services.loan_payment_mark(
            loan_id=pk, status=data["payment_status"], on_date=data.get("date"), admin=request.user
        )
        if isinstance(mark, AwaitingSecondApproval):
            return awaiting_response(mark)
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

    @extend_schema(
        request=LoanEditIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: LoanOut, 202: ChangeAwaitingOut},
        summary="Admin: edit value, rate, days or notes (202 when it waits for a second officer)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(LoanEditIn, request)
        loan = services.loan_edit(
            loan_id=pk,
            value=data.get("value"),
            interest_rate=data.get("interest_rate"),
            total_days=data.get("total_days"),
            admin_notes=data.get("admin_notes"),
            admin=request.user,
        )
        if isinstance(loan, AwaitingSecondApproval):
            return awaiting_response(loan)
        return Response(_loan_out(loan.pk))


class LoanChangeDateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[ChangeDateIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: LoanOut, 202: ChangeAwaitingOut},
        summary="Admin: move a loan's start date (1 January this year to 31 December next year; 202 when it waits "
        "for a second officer)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(ChangeDateIn, request)
        loan = services.loan_change_date(loan_id=pk, new_date=data["new_date"], admin=request.user)
        if isinstance(loan, AwaitingSecondApproval):
            return awaiting_response(loan)
        return Response(_loan_out(loan.pk))


class LoanChangeDaysApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[ChangeDaysIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: LoanOut, 202: ChangeAwaitingOut},
        summary="Admin: change a loan's number of days (the daily payment follows; 202 when it waits for a second "
        "officer)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(ChangeDaysIn, request)
        loan = services.loan_change_days(loan_id=pk, new_days=data["new_days"], admin=request.user)
        if isinstance(loan, AwaitingSecondApproval):
            return awaiting_response(loan)
        return Response(_loan_out(loan.pk))


class LoanWriteOffApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=WriteOffIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: LoanOut, 202: ChangeAwaitingOut},
        summary="Admin: write a loan off: the bank forgives what is left to pay (a reason is required; 202 when it "
        "waits for a second officer)",
    )
    @idempotent
    def post(self, request, pk: int):
        data = parse(WriteOffIn, request, query=False)
        loan = services.loan_write_off(loan_id=pk, reason=data.get("reason", ""), admin=request.user)
        if isinstance(loan, AwaitingSecondApproval):
            return awaiting_response(loan)
        return Response(_loan_out(loan.pk))


class LoansCheckApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[LoansCheckIn],
        responses={200: LoansCheckOut},
        summary="Admin Check Loans: the Active loans with today's status, a page at a time, with the counters",
    )
    def get(self, request):
        data = parse(LoansCheckIn, request, body=False)
        page = page_of(data)
        checked = selectors.loans_check(
            listing_status=data.get("listing_status"),
            search=data.get("search", ""),
            offset=page.offset,
            limit=page.size,
        )
        return Response(LoansCheckOut(checked | page.answer(checked["count"])).data)


# --- admin: loan requests ------------------------------------------------------------------


class PendingLoansAdminApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[PageIn],
        responses={200: PendingLoansOut},
        summary="Admin: the loan requests still pending, oldest first, a page at a time (count: all of them)",
    )
    def get(self, request):
        page = page_of(parse(PageIn, request, body=False))
        pending = selectors.pending_loans_open()
        rows = selectors.pending_loan_rows(pending[page.offset : page.offset + page.size], for_officer=True)
        return Response(PendingLoansOut({"pending_loans": rows, **page.answer(pending.count())}).data)


class LoanRequestApproveApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[DecisionIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: PendingLoanDecisionOut, 202: LoanRequestAwaitingOut},
        summary="Admin: approve a loan request; it becomes an Active loan starting today "
        "(above the four-eyes threshold: 202 until a second officer approves)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(DecisionIn, request)
        loan = services.loan_request_approve(request_id=pk, notes=data.get("admin_notes", ""), admin=request.user)
        if isinstance(loan, AwaitingSecondApproval):
            return _awaiting(loan)
        body = {
            "pending_loan": selectors.pending_loan_detail(request_id=pk, for_officer=True),
            "loan": selectors.loan_detail(loan_id=loan.pk),
            "detail": "Pending loan approved and converted to active loan!",
        }
        return Response(PendingLoanDecisionOut(body).data)


class LoanRequestDenyApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[DecisionIn],
        responses={200: PendingLoanDecisionOut},
        summary="Admin: deny a loan request (a reason is required)",
    )
    def put(self, request, pk: int):
        data = parse(DecisionIn, request)
        services.loan_request_deny(request_id=pk, reason=data.get("admin_notes", ""), admin=request.user)
        body = {
            "pending_loan": selectors.pending_loan_detail(request_id=pk, for_officer=True),
            "loan": None,
            "detail": "Pending loan denied.",
        }
        return Response(PendingLoanDecisionOut(body).data)
