"""Thin views of savings and withdrawals: parse the call's input, call one service or selector, answer."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_for_call
from accounts.services import player_update, players_mark_old
from bank.decisions import AwaitingSecondApproval, ChangeAwaitingOut, awaiting_response
from bank.idempotency import IDEMPOTENCY_KEY_HEADER, idempotent
from bank.inputs import parse
from bank.paging import page_of
from bank.permissions import IsBankAdmin, IsPlayer
from bank.texts import counted
from lending import rules
from lending.callers import quoted_player
from lending.fields import ChangeDateIn, DecisionIn
from lending.savings import selectors as savings_selectors
from lending.savings import services as savings_services
from lending.savings.serializers import (
    ClientOverviewIn,
    ClientOverviewOut,
    ClientTypeIn,
    ClientTypeOut,
    MarkedOldOut,
    OverdueRunOut,
    SavingsCheckIn,
    SavingsCheckOut,
    SavingsCreateIn,
    SavingsEditIn,
    SavingsMarkOut,
    SavingsOut,
    SavingsPaymentIn,
    SavingsQuoteIn,
    SavingsQuoteOut,
    TimezoneSettingsAnswerOut,
    TotalSavingsOut,
    WithdrawalAwaitingOut,
    WithdrawalDecisionOut,
    WithdrawalHistoryOut,
    WithdrawalListIn,
    WithdrawalListOut,
    WithdrawalOut,
    WithdrawalRequestIn,
)


def _savings_out(savings_id: int) -> dict:
    return SavingsOut(savings_selectors.savings_detail(savings_id=savings_id)).data


# --- admin: savings ------------------------------------------------------------------------


class SavingsCreateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=SavingsCreateIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={201: SavingsOut, 202: ChangeAwaitingOut},
        summary="Admin Add Product: a savings account for a player (7% a week plus the tier's bonus, within the client "
        "limits; 202 when it waits for a second officer)",
    )
    @idempotent
    def post(self, request):
        data = parse(SavingsCreateIn, request)
        savings = savings_services.savings_create(
            player_id=data["player_id"],
            invested_value=data["invested_value"],
            interest_rate=data.get("interest_rate"),
            notes=data.get("admin_notes", ""),
            admin=request.user,
        )
        if isinstance(savings, AwaitingSecondApproval):
            return awaiting_response(savings)
        return Response(_savings_out(savings.pk), status=status.HTTP_201_CREATED)


class SavingsDetailApi(APIView):
    @extend_schema(responses={200: SavingsOut}, summary="One savings account with its weeks (admin, or its own player)")
    def get(self, request, pk: int):
        savings = savings_selectors.savings_detail(savings_id=pk)
        # another player's account answers exactly as one that is not there
        player_for_call(user=request.user, player_id=savings["player_id"], not_found=savings_selectors.NOT_FOUND)
        return Response(SavingsOut(savings).data)


class SavingsPaymentApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[SavingsPaymentIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: SavingsMarkOut, 202: ChangeAwaitingOut},
        summary="Admin: record the due week Paid or Not Paid, or change the latest week (week=); 202 when it waits "
        "for a second officer",
    )
    @idempotent
    def post(self, request, pk: int):
        data = parse(SavingsPaymentIn, request)
        mark = savings_services.savings_payment_mark(
            savings_id=pk, status=data["payment_status"], week=data.get("week"), admin=request.user
        )
        if isinstance(mark, AwaitingSecondApproval):
            return awaiting_response(mark)
        entry = mark.entry
        body = {
            "savings_id": mark.savings.pk,
            "week": entry.week,
            "date": entry.due_date,
            "status": entry.status,
            "interest": entry.interest,
            "interest_compounded": entry.interest_compounded,
            "reverted": mark.reverted,
            "changed": mark.changed,
            "balance_change": mark.balance_change,
            "solo_gain": mark.solo_gain,
            "entry": {
                "week": entry.week,
                "date": entry.due_date,
                "status": entry.status,
                "interest": entry.interest,
                "interest_compounded": entry.interest_compounded,
                "auto_processed": entry.auto_processed,
                "reverted_from": entry.reverted_from or None,
            },
            "savings": savings_selectors.savings_detail(savings_id=mark.savings.pk),
            "detail": f"Savings payment processed as {entry.status}. Solo gained €{mark.solo_gain:,}",
        }
        return Response(SavingsMarkOut(body).data)


class SavingsEditApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=SavingsEditIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: SavingsOut, 202: ChangeAwaitingOut},
        summary="Admin: edit a balance, weekly rate or notes (202 when it waits for a second officer)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(SavingsEditIn, request)
        savings = savings_services.savings_edit(
            savings_id=pk,
            invested_value=data.get("invested_value"),
            interest_rate=data.get("interest_rate"),
            admin_notes=data.get("admin_notes"),
            admin=request.user,
        )
        if isinstance(savings, AwaitingSecondApproval):
            return awaiting_response(savings)
        return Response(_savings_out(savings.pk))


class SavingsChangeDateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[ChangeDateIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: SavingsOut, 202: ChangeAwaitingOut},
        summary="Admin: move a savings account's start (its unrecorded weeks fall due from it); 202 when it waits "
        "for a second officer",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(ChangeDateIn, request)
        savings = savings_services.savings_change_date(savings_id=pk, new_date=data["new_date"], admin=request.user)
        if isinstance(savings, AwaitingSecondApproval):
            return awaiting_response(savings)
        return Response(_savings_out(savings.pk))


class SavingsCheckApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[SavingsCheckIn],
        responses={200: SavingsCheckOut},
        summary="Admin Check Savings: active accounts, most overdue first, a page at a time, with the counters",
    )
    def get(self, request):
        data = parse(SavingsCheckIn, request, body=False)
        page = page_of(data)
        checked = savings_selectors.savings_check(
            listing_status=data.get("listing_status"),
            search=data.get("search", ""),
            offset=page.offset,
            limit=page.size,
        )
        return Response(SavingsCheckOut(checked | page.answer(checked["count"])).data)


class SavingsAutoProcessApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: OverdueRunOut},
        summary="Admin: mark every overdue week Not Paid (compounding), catching up week by week",
    )
    @idempotent
    def post(self, request):
        run = savings_services.savings_auto_process_overdue(admin=request.user)
        detail = f"Processed {counted(run.processed_count, 'overdue week')} in {counted(run.accounts_count, 'savings account')}"
        if run.proposals:
            detail += f"; {counted(len(run.proposals), 'catch-up')} wait for a second officer"
        if run.refused:
            detail += f"; {counted(len(run.refused), 'account')} could not be processed"
        body = {
            "processed_count": run.processed_count,
            "accounts_count": run.accounts_count,
            "total_solo_gain": run.total_solo_gain,
            "refused": [
                {"savings_id": item.savings_id, "player_name": item.player_name, "reason": item.reason}
                for item in run.refused
            ],
            "proposals": run.proposals,
            "detail": detail,
        }
        return Response(OverdueRunOut(body).data)


class ClientOverviewApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[ClientOverviewIn],
        responses={200: ClientOverviewOut},
        summary="Admin Savings Management: players against their client limits, a page at a time, with the summary",
    )
    def get(self, request):
        data = parse(ClientOverviewIn, request, body=False)
        page = page_of(data)
        overview = savings_selectors.client_overview(
            client_type=data.get("client_type"),
            status=data.get("status"),
            search=data.get("search", ""),
            offset=page.offset,
            limit=page.size,
        )
        return Response(ClientOverviewOut(overview | page.answer(overview["count"])).data)


class ClientTypeApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[ClientTypeIn],
        responses={200: ClientTypeOut},
        summary="Admin: make a player a new or an old client (their savings limits follow)",
    )
    def put(self, request, pk: int):
        data = parse(ClientTypeIn, request)
        player = player_update(player_id=pk, admin=request.user, client_type=data["client_type"])
        return Response(
            ClientTypeOut({"player": player, "detail": f"Client type updated to {player.client_type}"}).data
        )


class MarkExistingOldApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None, responses={200: MarkedOldOut}, summary="Admin: make every current player an old client"
    )
    def post(self, request):
        updated = players_mark_old(admin=request.user)
        return Response(
            MarkedOldOut({"updated_count": updated, "detail": f"Marked {updated} players as old clients"}).data
        )


class TimezoneSettingsApi(APIView):
    @extend_schema(responses={200: TimezoneSettingsAnswerOut}, summary="The admins' timezone and time format")
    def get(self, request):
        settings = {
            "admin_timezone": rules.ADMIN_TIMEZONE,
            "display_format": rules.DISPLAY_FORMAT,
            "min_timezone": rules.MIN_TIMEZONE,
            "max_timezone": rules.MAX_TIMEZONE,
        }
        return Response(TimezoneSettingsAnswerOut({"timezone_settings": settings}).data)


# --- player: savings and withdrawals -------------------------------------------------------


class TotalSavingsApi(APIView):
    @extend_schema(
        responses={200: TotalSavingsOut}, summary="What a player may withdraw: their active savings (own, or admin)"
    )
    def get(self, request, pk: int):
        player = player_for_call(user=request.user, player_id=pk)
        return Response(TotalSavingsOut(savings_selectors.savings_total_for_player(player=player)).data)


class SavingsQuoteApi(APIView):
    @extend_schema(
        parameters=[SavingsQuoteIn],
        responses={200: SavingsQuoteOut},
        summary="Savings priced by the server: a player's accounts compounded (My Savings), or a new one (Add Product)",
    )
    def get(self, request):
        data = parse(SavingsQuoteIn, request, body=False)
        player = quoted_player(request, data.get("player_id"))
        quote = savings_selectors.savings_quote(player=player, invested_value=data.get("invested_value"))
        return Response(SavingsQuoteOut(quote).data)


class WithdrawalRequestCreateApi(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(
        request=WithdrawalRequestIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={201: WithdrawalOut},
        summary="Ask to withdraw from your savings (at most their total) at a date and time that suits you",
    )
    @idempotent
    def post(self, request):
        data = parse(WithdrawalRequestIn, request)
        withdrawal = savings_services.withdrawal_request_create(
            user=request.user,
            player_id=data.get("player_id"),
            amount=data["amount"],
            withdrawal_date=data["withdrawal_date"],
            withdrawal_time=data["withdrawal_time"],
            player_timezone=data["player_timezone"],
        )
        return Response(WithdrawalOut(withdrawal).data, status=status.HTTP_201_CREATED)


class WithdrawalRequestCancelApi(APIView):
    permission_classes = [IsPlayer]

    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: WithdrawalOut},
        summary="Cancel your own withdrawal request before it is decided (409 once it is)",
    )
    @idempotent
    def put(self, request, pk: int):
        withdrawal = savings_services.withdrawal_request_cancel(request_id=pk, user=request.user)
        return Response(WithdrawalOut(withdrawal).data)


class WithdrawalHistoryApi(APIView):
    @extend_schema(
        responses={200: WithdrawalHistoryOut}, summary="A player's withdrawal requests, newest first (own, or admin)"
    )
    def get(self, request, pk: int):
        player = player_for_call(user=request.user, player_id=pk)
        history = savings_selectors.withdrawal_history_for_player(player=player)
        return Response(WithdrawalHistoryOut({"withdrawal_history": history}).data)


# --- admin: withdrawals --------------------------------------------------------------------


class WithdrawalListApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[WithdrawalListIn],
        responses={200: WithdrawalListOut},
        summary="Admin: withdrawal requests, pending first, a page at a time",
    )
    def get(self, request):
        data = parse(WithdrawalListIn, request, body=False)
        page = page_of(data)
        listed = savings_selectors.withdrawal_requests_admin(
            status=data.get("status"), offset=page.offset, limit=page.size
        )
        return Response(WithdrawalListOut(listed | page.answer(listed["count"])).data)


class WithdrawalApproveApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[DecisionIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: WithdrawalDecisionOut, 202: WithdrawalAwaitingOut},
        summary="Admin: approve a withdrawal; its amount leaves the player's savings, oldest first "
        "(above the four-eyes threshold: 202 until a second officer approves)",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(DecisionIn, request)
        withdrawal = savings_services.withdrawal_request_approve(
            request_id=pk, notes=data.get("admin_notes", ""), admin=request.user
        )
        if isinstance(withdrawal, AwaitingSecondApproval):
            body = withdrawal.answer() | {"detail": withdrawal.detail, "withdrawal_request": withdrawal.request}
            return Response(WithdrawalAwaitingOut(body).data, status=status.HTTP_202_ACCEPTED)
        body = {"withdrawal_request": withdrawal, "detail": "Withdrawal request approved."}
        return Response(WithdrawalDecisionOut(body).data)


class WithdrawalDenyApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        parameters=[DecisionIn],
        responses={200: WithdrawalDecisionOut},
        summary="Admin: deny a withdrawal (a reason is required)",
    )
    def put(self, request, pk: int):
        data = parse(DecisionIn, request)
        withdrawal = savings_services.withdrawal_request_deny(
            request_id=pk, reason=data.get("admin_notes", ""), admin=request.user
        )
        return Response(
            WithdrawalDecisionOut({"withdrawal_request": withdrawal, "detail": "Withdrawal request denied."}).data
        )
