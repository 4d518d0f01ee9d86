"""Tells drf-spectacular how our bearer tokens authenticate (imported by AccountsConfig.ready)."""

from drf_spectacular.contrib.rest_framework_simplejwt import SimpleJWTScheme


class BankJWTScheme(SimpleJWTScheme):
    target_class = "accounts.authentication.BankJWTAuthentication"
    name = "bearerAuth"
