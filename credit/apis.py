from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.selectors import player_for_call
from bank.idempotency import IDEMPOTENCY_KEY_HEADER, idempotent
from bank.inputs import parse
from bank.paging import page_of
from bank.permissions import IsBankAdmin

from . import rules, selectors, services
from .serializers import (
    AdjustIn,
    BenefitsOut,
    CreditEventOut,
    CreditHistoryOut,
    CreditScoreOut,
    EligibilityOut,
    MigrationExecuteIn,
    MigrationExecuteOut,
    MigrationPreviewIn,
    MigrationPreviewOut,
    OverviewIn,
    OverviewOut,
    PenaltyIn,
)


class CreditScoreApi(APIView):
    @extend_schema(
        responses={200: CreditScoreOut}, summary="A player's score, tier and benefits (own player, or admin)"
    )
    def get(self, request, pk: int):
        player = player_for_call(user=request.user, player_id=pk)
        return Response(CreditScoreOut(selectors.credit_summary(player)).data)


class CreditHistoryApi(APIView):
    @extend_schema(responses={200: CreditHistoryOut}, summary="A player's credit events, newest first")
    def get(self, request, pk: int):
        player = player_for_call(user=request.user, player_id=pk)
        return Response(CreditHistoryOut({"history": selectors.credit_history(player)}).data)


class LoanEligibilityApi(APIView):
    @extend_schema(responses={200: EligibilityOut}, summary="May this player request a loan, and up to how much")
    def get(self, request, pk: int):
        player = player_for_call(user=request.user, player_id=pk)
        return Response(EligibilityOut(selectors.credit_eligibility(player).as_dict()).data)


class CreditBenefitsApi(APIView):
    @extend_schema(responses={200: BenefitsOut}, summary="The credit tiers, their benefits and how to earn points")
    def get(self, request):
        return Response(BenefitsOut(selectors.credit_benefits()).data)


class CreditOverviewApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[OverviewIn],
        responses={200: OverviewOut},
        summary="Admin: players' scores and tiers, highest first, a page at a time, with the counts per tier",
    )
    def get(self, request):
        data = parse(OverviewIn, request, body=False)
        page = page_of(data)
        overview = selectors.credit_overview(
            search=data.get("search", ""), tier=data.get("tier"), offset=page.offset, limit=page.size
        )
        return Response(OverviewOut({"max_score": rules.MAX_SCORE, **overview, **page.answer(overview["count"])}).data)


class CreditPenaltyApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=PenaltyIn,
        parameters=[PenaltyIn, IDEMPOTENCY_KEY_HEADER],
        responses={200: CreditEventOut},
        summary="Admin: missed_payment (-10) or loan_default (score to 0); in the query, as the spec sends it, or JSON",
    )
    @idempotent
    def post(self, request):
        data = parse(PenaltyIn, request)
        event = services.credit_penalty(
            player_id=data["player_id"],
            penalty_type=data["penalty_type"],
            reason=data.get("reason", ""),
            admin=request.user,
        )
        return Response(CreditEventOut(event).data)


class CreditAdjustApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=AdjustIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: CreditEventOut},
        summary="Admin: add or take points, with a reason",
    )
    @idempotent
    def post(self, request):
        data = parse(AdjustIn, request)
        event = services.credit_adjust(
            player_id=data["player_id"],
            points_change=data["points_change"],
            reason=data["reason"],
            kind=data["kind"],
            admin=request.user,
        )
        return Response(CreditEventOut(event).data)


class MigrationPreviewApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[MigrationPreviewIn],
        responses={200: MigrationPreviewOut},
        summary="Admin: players' scores as computed from the records, a page at a time, with the summary of all",
    )
    def get(self, request):
        data = parse(MigrationPreviewIn, request, body=False)
        page = page_of(data)
        preview = selectors.credit_migration_preview(search=data.get("search", ""), offset=page.offset, limit=page.size)
        return Response(MigrationPreviewOut(preview | page.answer(preview["count"])).data)


class MigrationExecuteApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=MigrationExecuteIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: MigrationExecuteOut},
        summary="Admin: set the selected players' scores",
    )
    @idempotent
    def post(self, request):
        data = parse(MigrationExecuteIn, request, query=False)
        events = services.credit_migration_execute(
            player_ids=data["player_ids"], notes=data["execution_notes"], admin=request.user
        )
        body = {"migrated_count": len(events), "detail": f"Migrated {len(events)} players"}
        return Response(MigrationExecuteOut(body).data)
