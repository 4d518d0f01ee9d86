from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions
from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import AuthenticationFailed, InvalidToken
from rest_framework_simplejwt.settings import api_settings

from bank.errors import BankError

from .factors import ENROLMENT_ROUTES, MSG_ENROLMENT_ONLY
from .models import User
from .tokens import current_session

OFFICER_DEACTIVATED = "Your session ended: this officer account was deactivated. Ask a treasurer to reactivate it."


class BankJWTAuthentication(JWTAuthentication):
    """simplejwt's bearer check, plus the session: a token works only while it is its session's
    current token and the session has not ended (logout, extension, block, password reset).

    The session, its user and the user's player come in one query (`select_related`), so a request
    pays one query for authentication, and `own_player(request.user)` costs nothing more."""

    def get_user(self, validated_token):
        session = current_session(validated_token)
        if session is None:
            # a session a treasurer's deactivation ended says so (one query more, on this path only):
            # the officer's open page tells them why it closed
            user_id = validated_token.get(api_settings.USER_ID_CLAIM)
            if User.objects.filter(pk=user_id, is_staff=True, is_active=False).exists():
                raise exceptions.AuthenticationFailed(OFFICER_DEACTIVATED, code="officer_deactivated")
            raise InvalidToken(_("Token has been revoked"))
        user = session.user
        if str(user.pk) != str(validated_token.get(api_settings.USER_ID_CLAIM)):
            raise InvalidToken(_("Token has been revoked"))
        if api_settings.CHECK_USER_IS_ACTIVE and not user.is_active:
            raise AuthenticationFailed(_("User is inactive"), code="user_inactive")
        user.bank_session = session  # read by authenticate and GET /api/me
        return user

    def authenticate(self, request):
        """A session limited to enrolment (the bank requires a second factor and the officer has none)
        reaches only the enrolment calls: anything else answers 403 `factor_enrolment_required`."""
        found = super().authenticate(request)
        if found is None:
            return None
        user, _token = found
        session = getattr(user, "bank_session", None)
        if session is not None and session.enrolment_only:
            match = getattr(request, "resolver_match", None)
            if match is None or match.url_name not in ENROLMENT_ROUTES:
                raise BankError(MSG_ENROLMENT_ONLY, code="factor_enrolment_required", status=403)
        return found
