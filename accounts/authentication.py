from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import InvalidToken

from .tokens import token_is_revoked


class BankJWTAuthentication(JWTAuthentication):
    """simplejwt's bearer check, plus tokens ended by logout or extension."""

    def get_validated_token(self, raw_token):
        token = super().get_validated_token(raw_token)
        if token_is_revoked(jti=token["jti"]):
            raise InvalidToken("Token has been revoked")
        return token
