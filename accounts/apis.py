"""Thin views: parse, call one service or selector, answer."""

from django.db import transaction
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from bank import clock, roles, step_up
from bank.decisions import AwaitingSecondApproval, ChangeAwaitingOut, awaiting_response
from bank.errors import BankError
from bank.idempotency import IDEMPOTENCY_KEY_HEADER, idempotent
from bank.inputs import parse
from bank.paging import PageIn, page_of
from bank.permissions import IsBankAdmin, require_role

from . import factors, officers, passkeys, selectors, services, tokens
from .serializers import (
    BlockedPlayersOut,
    FactorCodeIn,
    FactorConfirmedOut,
    FactorNameIn,
    FactorsOut,
    FactorsResetIn,
    FactorsResetOut,
    LockoutsLiftedOut,
    LoginFactorIn,
    LoginFactorNeededOut,
    LoginIn,
    LoginOut,
    MeOut,
    OfficerCreateIn,
    OfficerOut,
    OfficerPasswordIn,
    OfficersOut,
    OfficerUpdateIn,
    OwnPasswordIn,
    OwnPasswordOut,
    PasskeyOptionsIn,
    PasskeyOptionsOut,
    PasskeyProofIn,
    PasskeyRegisterIn,
    PasswordIn,
    PlayerCreateIn,
    PlayerCreateOut,
    PlayerOut,
    PlayerSearchIn,
    PlayerSearchOut,
    PlayerUpdateIn,
    RecoveryCodesOut,
    RegisterIn,
    RegisterOut,
    SessionOut,
    StepUpIn,
    StepUpOut,
    TotpEnrolmentOut,
    VerifyTokenOut,
    WsTicketOut,
)
from .throttles import LoginRateThrottle, RegisterRateThrottle, client_address


def _session_body(issued: tokens.IssuedToken) -> dict:
    return {
        "access_token": issued.access_token,
        "token_type": "bearer",
        "expires_at": issued.expires_at,
        "expires_in": issued.expires_in,
    }


def _role(user) -> dict:
    """An officer's answers name their role; a player's have none."""
    role = roles.role_of(user)
    return {"role": role} if role else {}


def _login_body(user, issued: tokens.IssuedToken, *, enrolment_required: bool = False) -> dict:
    player = selectors.own_player(user)
    return (
        _session_body(issued)
        | {
            "username": selectors.display_name(user),
            "is_admin": user.is_staff,
            "has_solo_access": bool(player and player.has_solo_access),
            "player_id": player.pk if player else None,
            "enrolment_required": enrolment_required,
        }
        | _role(user)
    )


FACTOR_NEEDED = "Enter the 6-digit code from your authenticator app (or one of your recovery codes)."
PASSKEY_NEEDED = "Use your passkey (or one of your recovery codes)."


class LoginApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [LoginRateThrottle]
    extra_error_statuses = (401, 403, 404)  # wrong password, blocked account, no such player

    @extend_schema(
        request=LoginIn,
        responses={200: LoginOut, 202: LoginFactorNeededOut},
        summary="Sign in by admin username, player name or discord; an account with a second factor answers 202 "
        "and a challenge instead of a token (then POST /api/login/factor)",
    )
    def post(self, request):
        data = parse(LoginIn, request, query=False)
        user = services.auth_login(
            username=data.get("username"), password=data.get("password"), address=client_address(request)
        )
        if factors.has_factor(user):
            challenge, expires_at = factors.challenge_issue(user=user)
            has_passkey = factors.PASSKEY.model.objects.filter(user=user, confirmed=True).exists()
            has_code = factors.TOTP.model.objects.filter(user=user, confirmed=True).exists()
            body = {
                "factor_required": True,
                "challenge": challenge,
                "expires_at": expires_at,
                "detail": FACTOR_NEEDED if has_code else PASSKEY_NEEDED,
                "passkey": has_passkey,
                "code": has_code,
            }
            return Response(LoginFactorNeededOut(body).data, status=status.HTTP_202_ACCEPTED)
        # an officer without a factor while the bank requires one reaches only enrolment
        enrolment_only = factors.factor_required(user)
        issued = tokens.token_issue(user=user, enrolment_only=enrolment_only)
        return Response(LoginOut(_login_body(user, issued, enrolment_required=enrolment_only)).data)


class LoginFactorApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [LoginRateThrottle]
    extra_error_statuses = (401, 403)  # wrong code or expired challenge, locked or blocked account

    @extend_schema(
        request=LoginFactorIn,
        responses={200: LoginOut},
        summary="Second step of a sign-in: the challenge POST /api/login answered and a code (authenticator or "
        "recovery code); issues the token. A wrong code counts toward the password's lockout",
    )
    def post(self, request):
        data = parse(LoginFactorIn, request, query=False)
        user, _device = services.auth_login_factor(
            challenge=data.get("challenge"), code=data.get("otp"), address=client_address(request)
        )
        issued = tokens.token_issue(user=user, factor_verified=True)
        return Response(LoginOut(_login_body(user, issued)).data)


class LoginPasskeyOptionsApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [LoginRateThrottle]
    extra_error_statuses = (401, 409)  # expired challenge; no passkey

    @extend_schema(
        request=PasskeyOptionsIn,
        responses={200: PasskeyOptionsOut},
        summary="Second step of a sign-in with a passkey: the options for navigator.credentials.get, for the "
        "challenge POST /api/login answered",
    )
    def post(self, request):
        data = parse(PasskeyOptionsIn, request, query=False)
        row = factors.challenge_read(data.get("challenge"))
        options = passkeys.authentication_options(user=row.user, row=row, rp=passkeys.relying_party(request))
        return Response(PasskeyOptionsOut({"challenge": data.get("challenge"), "options": options}).data)


class LoginPasskeyApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [LoginRateThrottle]
    extra_error_statuses = (401, 403)

    @extend_schema(
        request=PasskeyProofIn,
        responses={200: LoginOut},
        summary="Second step of a sign-in: the challenge signed by one of the account's passkeys; issues the token. "
        "A passkey that does not check out counts toward the lockout as a wrong code does",
    )
    def post(self, request):
        data = parse(PasskeyProofIn, request, query=False)
        user, _device = services.auth_login_passkey(
            challenge=data.get("challenge"),
            credential=data.get("credential"),
            address=client_address(request),
            rp=passkeys.relying_party(request),
        )
        issued = tokens.token_issue(user=user, factor_verified=True)
        return Response(LoginOut(_login_body(user, issued)).data)


class RegisterApi(APIView):
    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [RegisterRateThrottle]

    @extend_schema(
        request=RegisterIn,
        responses={201: RegisterOut},
        summary="Register a player (or claim an admin-created one); answers its id, name and discord",
    )
    def post(self, request):
        data = parse(RegisterIn, request, query=False)
        player = services.player_register(**{k: data.get(k) for k in ("name", "discord", "password")})
        return Response(RegisterOut(player).data, status=status.HTTP_201_CREATED)


class VerifyTokenApi(APIView):
    """Is this token still good? The token comes in the Authorization header, never in the address
    (a query string's `token` is refused before this view runs: bank/middleware.py)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "Authorization",
                str,
                OpenApiParameter.HEADER,
                required=False,
                description="`Bearer <token>`: the token to check. Without it the answer is `valid: false`.",
            )
        ],
        responses={200: VerifyTokenOut},
        summary="Is the token in the Authorization header still good, and for whom",
    )
    def get(self, request):
        read = tokens.token_read(tokens.bearer_token(request.headers.get("Authorization", "")))
        if read is None:
            body = {
                "valid": False,
                "has_solo_access": False,
                "is_admin": False,
                "username": None,
                "expires_at": None,
            }
        else:
            token, user = read  # the session's user, as every other call trusts it
            player = selectors.own_player(user)
            body = {
                "valid": True,
                "has_solo_access": bool(player and player.has_solo_access),
                "is_admin": user.is_staff,
                "username": selectors.display_name(user),
                "expires_at": tokens.token_expiry(token),
            } | _role(user)
        return Response(VerifyTokenOut(body).data)


class ExtendSessionApi(APIView):
    @extend_schema(
        request=None, responses={200: SessionOut}, summary="A fresh 5-minute token; the old one stops working"
    )
    def post(self, request):
        issued = tokens.session_extend(user=request.user, token=request.auth)
        return Response(SessionOut(_session_body(issued)).data)


class LogoutApi(APIView):
    @extend_schema(request=None, responses={204: None}, summary="End this session at once and close its sockets")
    def post(self, request):
        tokens.session_end(token=request.auth)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MeApi(APIView):
    @extend_schema(
        responses={200: MeOut},
        summary="The caller's role and player; an officer's own failed sign-ins since their last sign-in",
    )
    def get(self, request):
        player = selectors.own_player(request.user)
        body = {
            "username": selectors.display_name(request.user),
            "is_admin": request.user.is_staff,
            "has_solo_access": bool(player and player.has_solo_access),
            "player": player,
            "may": roles.capabilities(request.user),
            "enrolment_required": bool(getattr(getattr(request.user, "bank_session", None), "enrolment_only", False)),
        } | _role(request.user)
        if request.user.is_staff:  # an officer's own, never anyone else's
            body["display_name"] = request.user.public_name
            body["failed_sign_ins"] = selectors.sign_in_failures_of(user=request.user, sid=request.auth.get("sid", ""))
        return Response(MeOut(body).data)


class WsTicketApi(APIView):
    @extend_schema(request=None, responses={201: WsTicketOut}, summary="A one-time ticket (30 s) to open /ws/bank/")
    def post(self, request):
        ticket = tokens.ws_ticket_issue(user=request.user, token=request.auth)
        return Response(
            WsTicketOut({"ticket": ticket.key, "expires_at": ticket.expires_at}).data, status=status.HTTP_201_CREATED
        )


class PlayerUpdateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=PlayerUpdateIn, responses={200: PlayerOut}, summary="Admin: set bad payer, solo access or client type"
    )
    def put(self, request, pk: int):
        data = parse(PlayerUpdateIn, request, query=False)
        for field, least in roles.FIELDS[("player-update", roles.PUT)].items():
            if data.get(field) is not None:
                require_role(request.user, least, what=f"change {field.replace('_', ' ')}")
        player = services.player_update(player_id=pk, admin=request.user, **data)
        return Response(PlayerOut(player).data)


class PlayerUnblockApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None, responses={200: PlayerOut}, summary="Admin: unblock a player and reset the failure count"
    )
    def put(self, request, pk: int):
        return Response(PlayerOut(services.player_unblock(player_id=pk, admin=request.user)).data)


class PlayerPasswordApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=PasswordIn, responses={200: PlayerOut}, summary="Admin: set a player's password (also unblocks)"
    )
    def put(self, request, pk: int):
        data = parse(PasswordIn, request, query=False)
        player = services.player_password_set(player_id=pk, new_password=data.get("new_password"), admin=request.user)
        return Response(PlayerOut(player).data)


class BlockedPlayersApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[PageIn],
        responses={200: BlockedPlayersOut},
        summary="Admin: players blocked after failed sign-ins, most recent first, a page at a time",
    )
    def get(self, request):
        page = page_of(parse(PageIn, request, body=False))
        players = selectors.player_list_blocked()
        rows = list(players[page.offset : page.offset + page.size])
        return Response(BlockedPlayersOut({"blocked_players": rows, **page.answer(players.count())}).data)


class PlayerSearchApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        parameters=[PlayerSearchIn],
        responses={200: PlayerSearchOut},
        summary="Admin: find players by id, name or discord, an exact id or name first, a page at a time",
    )
    def get(self, request):
        data = parse(PlayerSearchIn, request, body=False)
        term = data.get("term") or ""
        if not term:
            raise BankError("Please enter a search term", code="missing_fields", fields={"term": ["Required."]})
        page = page_of(data)
        found = selectors.player_search(term=term, offset=page.offset, limit=page.size)
        return Response(PlayerSearchOut(found | page.answer(found["count"])).data)


class PlayerCreateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=PlayerCreateIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={201: PlayerCreateOut},
        summary="Admin New Player: name and discord (one namespace with every player's), password optional",
    )
    @idempotent
    def post(self, request):
        values = parse(PlayerCreateIn, request, query=False)
        # the answer is read in the creating transaction: a restore that replaces the bank right after the
        # commit must not turn "created" into 404 (a restore waits for the writes in flight)
        with transaction.atomic():
            player = services.player_create(
                name=values.get("name"),
                discord=values.get("discord"),
                password=values.get("password"),
                admin=request.user,
            )
            player = selectors.player_detail(player_id=player.pk)
        body = {"player": player, "detail": "Player created successfully!"}
        return Response(PlayerCreateOut(body).data, status=status.HTTP_201_CREATED)


# --- officers (treasurers) ---------------------------------------------------------------------


class OfficersApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(responses={200: OfficersOut}, summary="Treasurer: every officer with their role, active or not")
    def get(self, request):
        return Response(OfficersOut({"results": officers.officer_list()}).data)

    @extend_schema(
        request=OfficerCreateIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={202: ChangeAwaitingOut},
        summary="Treasurer: propose an officer (username as a player name, in the players' namespace; the display "
        "name players see; a role): a second treasurer approves it, or it waits a published delay while the bank "
        "has one treasurer",
    )
    @idempotent
    def post(self, request):
        data = parse(OfficerCreateIn, request, query=False)
        awaiting = officers.officer_create(
            username=data.get("username"),
            display_name=data.get("display_name"),
            password=data.get("password"),
            role=data.get("role"),
            by=request.user,
        )
        return awaiting_response(awaiting)


class OfficerUpdateApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=OfficerUpdateIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={200: OfficerOut, 202: ChangeAwaitingOut},
        summary="Treasurer: change an officer's role or display name, or deactivate them (their sessions end at "
        "once); 409 for the last active treasurer. Raising a role or reactivating waits for a second treasurer (202)",
    )
    @idempotent
    def patch(self, request, pk: int):
        data = parse(OfficerUpdateIn, request, query=False)
        officer = officers.officer_update(
            officer_id=pk,
            role=data.get("role"),
            active=data.get("active"),
            display_name=data.get("display_name"),
            by=request.user,
        )
        if isinstance(officer, AwaitingSecondApproval):
            return awaiting_response(officer)
        return Response(OfficerOut(officer).data)


class PasswordChangeRateThrottle(LoginRateThrottle):
    """Tries of one's current password count with the sign-in attempts of the address: a stolen
    session cannot guess the password it would need to keep the account."""


class OwnPasswordApi(APIView):
    throttle_classes = [PasswordChangeRateThrottle]

    @extend_schema(
        request=OwnPasswordIn,
        responses={200: OwnPasswordOut},
        summary="Change your own password (a player or an officer): the current one is asked; your other sessions end",
    )
    def post(self, request):
        data = parse(OwnPasswordIn, request, query=False)
        services.own_password_change(
            user=request.user,
            sid=request.auth.get("sid", ""),
            current_password=data.get("current_password"),
            new_password=data.get("new_password"),
        )
        return Response(OwnPasswordOut({"detail": "Password changed. Your other sessions were signed out."}).data)


class OfficerPasswordApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=OfficerPasswordIn,
        parameters=[IDEMPOTENCY_KEY_HEADER],
        responses={202: ChangeAwaitingOut},
        summary="Treasurer: set a new password for an officer who forgot theirs: a second treasurer approves it "
        "(or the published delay, while the bank has one); then the officer's sessions end and lockouts lift",
    )
    @idempotent
    def put(self, request, pk: int):
        data = parse(OfficerPasswordIn, request, query=False)
        awaiting = officers.officer_password_reset(
            officer_id=pk, new_password=data.get("new_password"), by=request.user
        )
        return awaiting_response(awaiting)


class OfficerLockoutApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=None,
        responses={200: LockoutsLiftedOut},
        summary="Treasurer: lift an officer's sign-in lockouts at every address (what ensure_admin --unlock does)",
    )
    def delete(self, request, pk: int):
        lifted = services.officer_lockouts_lift(officer_id=pk, by=request.user)
        addresses = lifted.addresses if lifted else 0
        detail = "The lockout was lifted." if addresses else "There was no lockout to lift."
        return Response(LockoutsLiftedOut({"addresses": addresses, "detail": detail}).data)


# --- second factor: the caller's own (the Security screen), and a treasurer's reset of an officer's -------


def _factor_out(device) -> dict:
    kind = factors.KIND_OF_MODEL[type(device)]
    return {
        "id": device.pk,
        "kind": kind.kind,
        "label": kind.label,
        "name": device.name,
        "created_at": device.created_at,
        "last_used_at": device.last_used_at,
    }


class MyFactorsApi(APIView):
    @extend_schema(responses={200: FactorsOut}, summary="Your second factors and how many recovery codes are left")
    def get(self, request):
        user = request.user
        body = {
            "factors": factors.factors_of(user),
            "recovery_codes_left": factors.recovery_codes_left(user),
            "required": factors.factor_required(user),
            "enrolment_required": bool(getattr(getattr(user, "bank_session", None), "enrolment_only", False)),
        }
        return Response(FactorsOut(body).data)


class MyTotpEnrolApi(APIView):
    @extend_schema(
        request=FactorNameIn,
        responses={201: TotpEnrolmentOut},
        summary="Start adding an authenticator app: a new secret, as a QR code and as text; confirmed by its first code",
    )
    def post(self, request):
        data = parse(FactorNameIn, request, query=False)
        enrolment = factors.totp_enrol_start(user=request.user, name=data.get("name"))
        body = {
            "id": enrolment.device.pk,
            "name": enrolment.device.name,
            "secret": enrolment.secret,
            "qr_svg": enrolment.qr_svg,
        }
        return Response(TotpEnrolmentOut(body).data, status=status.HTTP_201_CREATED)


class MyTotpConfirmApi(APIView):
    @extend_schema(
        request=FactorCodeIn,
        responses={200: FactorConfirmedOut},
        summary="Confirm an authenticator app with its first code; the first factor also makes ten recovery codes",
    )
    def post(self, request, pk: int):
        data = parse(FactorCodeIn, request, query=False)
        device, codes = factors.totp_enrol_confirm(
            user=request.user, device_id=pk, code=data.get("otp"), sid=request.auth.get("sid", "")
        )
        detail = "Your authenticator app is set up. From now on, signing in asks for its code after your password."
        body = {"factor": _factor_out(device), "recovery_codes": codes, "detail": detail}
        return Response(FactorConfirmedOut(body).data)


class MyFactorApi(APIView):
    @extend_schema(
        request=None,
        responses={204: None},
        summary="Remove one of your authenticator apps (never an officer's last while the bank requires one)",
    )
    def delete(self, request, pk: int):
        factors.factor_remove(user=request.user, kind=factors.TOTP.kind, factor_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MyRecoveryCodesApi(APIView):
    @extend_schema(
        request=None,
        responses={201: RecoveryCodesOut},
        summary="Ten new recovery codes, shown once; the old ones stop working",
    )
    def post(self, request):
        codes = factors.recovery_codes_make(user=request.user)
        detail = "Here are your new recovery codes. The old ones no longer work."
        return Response(
            RecoveryCodesOut({"recovery_codes": codes, "detail": detail}).data, status=status.HTTP_201_CREATED
        )


class StepUpRateThrottle(LoginRateThrottle):
    """Step-up codes count with the sign-in attempts of the address (and toward the lockout)."""


class StepUpApi(APIView):
    throttle_classes = [StepUpRateThrottle]

    @extend_schema(
        request=StepUpIn,
        responses={200: StepUpOut},
        summary="Give your second factor again (a code or a recovery code): the calls that answered 403 "
        "step_up_required pass for the next 5 minutes. A wrong code counts toward the lockout as at sign-in",
    )
    def post(self, request):
        data = parse(StepUpIn, request, query=False)
        services.factor_step_up(
            user=request.user, sid=request.auth.get("sid", ""), code=data.get("otp"), address=client_address(request)
        )
        now = clock.now()
        body = {"factor_verified_at": now, "fresh_until": now + step_up.window(), "detail": STEP_UP_DONE}
        return Response(StepUpOut(body).data)


STEP_UP_DONE = "Thank you: that was you. Carrying on."


class PlayerFactorsResetApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=FactorsResetIn,
        responses={200: FactorsResetOut},
        summary="Treasurer: remove every second factor of a player who lost them all (with the reason: how they "
        "were recognised); their sessions end and the password alone signs them in again",
    )
    def post(self, request, pk: int):
        data = parse(FactorsResetIn, request, query=False)
        removed = factors.player_factors_reset(player_id=pk, by=request.user, reason=data.get("reason"))
        detail = "The player's second factor was reset and their sessions ended. They may add a new one on their Security tab."
        return Response(FactorsResetOut({"factors_removed": removed, "detail": detail}).data)


class StepUpPasskeyOptionsApi(APIView):
    throttle_classes = [StepUpRateThrottle]
    extra_error_statuses = (409,)  # no passkey

    @extend_schema(
        request=None,
        responses={200: PasskeyOptionsOut},
        summary="Step-up with a passkey: a challenge and the options for navigator.credentials.get",
    )
    def post(self, request):
        challenge, _expires = factors.challenge_issue(user=request.user)
        row = factors.challenge_read(challenge)
        options = passkeys.authentication_options(user=request.user, row=row, rp=passkeys.relying_party(request))
        return Response(PasskeyOptionsOut({"challenge": challenge, "options": options}).data)


class StepUpPasskeyApi(APIView):
    throttle_classes = [StepUpRateThrottle]
    extra_error_statuses = (401, 403)

    @extend_schema(
        request=PasskeyProofIn,
        responses={200: StepUpOut},
        summary="Step-up with a passkey: the challenge signed by one of your passkeys; the calls that answered 403 "
        "step_up_required pass for the next 5 minutes",
    )
    def post(self, request):
        data = parse(PasskeyProofIn, request, query=False)
        services.passkey_step_up(
            user=request.user,
            sid=request.auth.get("sid", ""),
            challenge=data.get("challenge"),
            credential=data.get("credential"),
            address=client_address(request),
            rp=passkeys.relying_party(request),
        )
        now = clock.now()
        body = {"factor_verified_at": now, "fresh_until": now + step_up.window(), "detail": STEP_UP_DONE}
        return Response(StepUpOut(body).data)


class MyPasskeyOptionsApi(APIView):
    @extend_schema(
        request=None,
        responses={200: PasskeyOptionsOut},
        summary="Start adding a passkey: a challenge and the options for navigator.credentials.create",
    )
    def post(self, request):
        challenge, options = passkeys.registration_options(user=request.user, rp=passkeys.relying_party(request))
        return Response(PasskeyOptionsOut({"challenge": challenge, "options": options}).data)


class MyPasskeysApi(APIView):
    extra_error_statuses = (401, 409)

    @extend_schema(
        request=PasskeyRegisterIn,
        responses={201: FactorConfirmedOut},
        summary="Add a passkey: the browser's answer to the options, with a name; the first factor also makes ten "
        "recovery codes",
    )
    def post(self, request):
        data = parse(PasskeyRegisterIn, request, query=False)
        passkey, codes = passkeys.register(
            user=request.user,
            challenge=data.get("challenge"),
            credential=data.get("credential"),
            name=data.get("name"),
            rp=passkeys.relying_party(request),
            sid=request.auth.get("sid", ""),
        )
        detail = "Your passkey is added. From now on, signing in may ask for it after your password."
        body = {"factor": _factor_out(passkey), "recovery_codes": codes, "detail": detail}
        return Response(FactorConfirmedOut(body).data, status=status.HTTP_201_CREATED)


class MyPasskeyApi(APIView):
    @extend_schema(
        request=None,
        responses={204: None},
        summary="Remove one of your passkeys (never an officer's last factor while the bank requires one)",
    )
    def delete(self, request, pk: int):
        factors.factor_remove(user=request.user, kind=factors.PASSKEY.kind, factor_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class OfficerFactorsResetApi(APIView):
    permission_classes = [IsBankAdmin]

    @extend_schema(
        request=FactorsResetIn,
        responses={200: FactorsResetOut},
        summary="Treasurer: remove every second factor of another officer who lost theirs (with the reason); their "
        "sessions end",
    )
    def post(self, request, pk: int):
        data = parse(FactorsResetIn, request, query=False)
        removed = factors.factors_reset(officer_id=pk, by=request.user, reason=data.get("reason"))
        detail = "The officer's second factor was reset and their sessions ended. They set up a new one at their next sign-in."
        return Response(FactorsResetOut({"factors_removed": removed, "detail": detail}).data)
