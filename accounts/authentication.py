from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import InvalidToken

from .tokens import token_is_current


class BankJWTAuthentication(JWTAuthentication):
    """simplejwt's bearer check, plus the session: a token works only while it is its session's
    current token and the session has not ended (logout, extension, block, password reset)."""

    def get_validated_token(self, raw_token):
        token = super().get_validated_token(raw_token)
        if not token_is_current(token):
            raise InvalidToken("Token has been revoked")
        return token
